using System;
using System.Numerics;
using Npgsql.Internal;
using Npgsql.Internal.Postgres;

namespace Npgsql.Identities.Internal;

// The plugin's resolvers, in Npgsql's plugin shape. The types are named unqualified, so they match in whatever
// schema the extension lives. Every mapping requires the data type name: a decimal, Guid or BigInteger parameter
// without one keeps Npgsql's own mapping (numeric, uuid, numeric); a Ulid, the plugin's own type, needs none. A siq
// reads as a BigInteger, or as a UInt128 when asked for one; a ulid as a Ulid, or as the Guid of its bits.
sealed class IdentitiesTypeInfoResolverFactory : PgTypeInfoResolverFactory
{
    internal const string DistributedId = "distributedid";
    internal const string Iuid = "iuid";
    internal const string Siq = "siq";
    internal const string Ulid = "ulid";

    public override IPgTypeInfoResolver CreateResolver() => new Resolver();
    public override IPgTypeInfoResolver? CreateArrayResolver() => new ArrayResolver();

    class Resolver : IPgTypeInfoResolver
    {
        TypeInfoMappingCollection? _mappings;
        protected TypeInfoMappingCollection Mappings => _mappings ??= AddMappings(new());

        public PgTypeInfo? GetTypeInfo(Type? type, DataTypeName? dataTypeName, PgSerializerOptions options)
            => Mappings.Find(type, dataTypeName, options);

        static TypeInfoMappingCollection AddMappings(TypeInfoMappingCollection mappings)
        {
            mappings.AddStructType<decimal>(DistributedId,
                static (options, mapping, _) => mapping.CreateInfo(options, new DistributedIdConverter()),
                MatchRequirement.DataTypeName);
            mappings.AddStructType<Guid>(Iuid,
                static (options, mapping, _) => mapping.CreateInfo(options, new IuidConverter()),
                MatchRequirement.DataTypeName);
            mappings.AddStructType<BigInteger>(Siq,
                static (options, mapping, _) => mapping.CreateInfo(options, new SiqConverter()),
                MatchRequirement.DataTypeName);
            // A second CLR type for siq; BigInteger, added first, stays what GetValue returns.
            mappings.AddStructType<UInt128>(Siq,
                static (options, mapping, _) => mapping.CreateInfo(options, new SiqUInt128Converter()),
                MatchRequirement.DataTypeName);
            // Ulid is sent as a ulid with no data type name; Guid only when it names ulid (else it stays a uuid).
            mappings.AddStructType<Npgsql.Identities.Ulid>(Ulid,
                static (options, mapping, _) => mapping.CreateInfo(options, new UlidConverter()),
                MatchRequirement.Single);
            mappings.AddStructType<Guid>(Ulid,
                static (options, mapping, _) => mapping.CreateInfo(options, new UlidGuidConverter()),
                MatchRequirement.DataTypeName);
            return mappings;
        }
    }

    sealed class ArrayResolver : Resolver, IPgTypeInfoResolver
    {
        TypeInfoMappingCollection? _mappings;
        new TypeInfoMappingCollection Mappings => _mappings ??= AddMappings(new(base.Mappings));

        public new PgTypeInfo? GetTypeInfo(Type? type, DataTypeName? dataTypeName, PgSerializerOptions options)
            => Mappings.Find(type, dataTypeName, options);

        static TypeInfoMappingCollection AddMappings(TypeInfoMappingCollection mappings)
        {
            mappings.AddStructArrayType<decimal>(DistributedId);
            mappings.AddStructArrayType<Guid>(Iuid);
            mappings.AddStructArrayType<BigInteger>(Siq);
            mappings.AddStructArrayType<UInt128>(Siq);
            mappings.AddStructArrayType<Npgsql.Identities.Ulid>(Ulid);
            mappings.AddStructArrayType<Guid>(Ulid);
            return mappings;
        }
    }
}
