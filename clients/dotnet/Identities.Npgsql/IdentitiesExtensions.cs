using Npgsql.Identities.Internal;
using Npgsql.TypeMapping;

namespace Npgsql;

/// <summary>
/// Adds the identities extension's types to an Npgsql type mapper: <c>distributedid</c> as <see cref="decimal"/>,
/// <c>iuid</c> as <see cref="System.Guid"/>, <c>siq</c> as <see cref="System.Numerics.BigInteger"/>, <c>ulid</c> as
/// <see cref="Npgsql.Identities.Ulid"/> (or the <see cref="System.Guid"/> of its bits), and their arrays.
/// </summary>
public static class NpgsqlIdentitiesExtensions
{
    /// <summary>
    /// Maps the identities extension's types (in whatever schema the extension lives). Values are read and written
    /// in the types' binary form; a parameter is sent as one of them when its <c>DataTypeName</c> names it.
    /// </summary>
    /// <param name="mapper">A data source builder, or any other type mapper.</param>
    public static TMapper UseIdentities<TMapper>(this TMapper mapper) where TMapper : INpgsqlTypeMapper
    {
        mapper.AddTypeInfoResolverFactory(new IdentitiesTypeInfoResolverFactory());
        return mapper;
    }

    /// <summary>The same, for a mapper known only by its interface.</summary>
    /// <param name="mapper">The type mapper.</param>
    public static INpgsqlTypeMapper UseIdentities(this INpgsqlTypeMapper mapper)
    {
        mapper.AddTypeInfoResolverFactory(new IdentitiesTypeInfoResolverFactory());
        return mapper;
    }
}
