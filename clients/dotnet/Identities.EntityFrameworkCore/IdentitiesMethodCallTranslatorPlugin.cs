using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;
using Identities.EntityFrameworkCore.Storage;
using NpgsqlTypes;

namespace Identities.EntityFrameworkCore.Internal;

// Keeps EF.Functions calls whose argument is no column (a captured id) in the query rather than run in .NET.
sealed class IdentitiesEvaluatableExpressionFilterPlugin : IEvaluatableExpressionFilterPlugin
{
    public bool IsEvaluatableExpression(Expression expression)
        => expression is not MethodCallExpression call || call.Method.DeclaringType != typeof(NpgsqlIdentitiesDbFunctionsExtensions);
}

sealed class IdentitiesMethodCallTranslatorPlugin(IRelationalTypeMappingSource typeMappingSource, ISqlExpressionFactory sqlExpressionFactory)
    : IMethodCallTranslatorPlugin
{
    public IEnumerable<IMethodCallTranslator> Translators { get; } = [new Translator(typeMappingSource, sqlExpressionFactory)];

    sealed class Translator : IMethodCallTranslator
    {
        readonly ISqlExpressionFactory _sql;
        readonly IRelationalTypeMappingSource _typeMappingSource;
        readonly RelationalTypeMapping _uuid, _bigint, _numeric, _timestamptz, _tstzrange;
        readonly Dictionary<string, (string Function, RelationalTypeMapping? Argument)> _functions;

        public Translator(IRelationalTypeMappingSource typeMappingSource, ISqlExpressionFactory sql)
        {
            _sql = sql;
            _typeMappingSource = typeMappingSource;
            _uuid = typeMappingSource.FindMapping(typeof(Guid))!;
            _bigint = typeMappingSource.FindMapping(typeof(long))!;
            _numeric = typeMappingSource.FindMapping(typeof(decimal), "numeric")!;
            _timestamptz = typeMappingSource.FindMapping(typeof(DateTime), "timestamp with time zone")!;
            _tstzrange = typeMappingSource.FindMapping(typeof(NpgsqlRange<DateTime>), "tstzrange")!;
            // Each EF.Functions method: the SQL function, and the mapping its id argument takes (null: no id argument).
            _functions = new()
            {
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.DistributedIdTimestamp)] = ("distributedid_extract_timestamp", DistributedIdTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.IuidTimestamp)] = ("iuid_extract_timestamp", IuidTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.IuidCountry)] = ("iuid_extract_country", IuidTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.IuidServiceEntity)] = ("iuid_extract_service_entity", IuidTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.IuidFormatVersion)] = ("iuid_extract_format_version", IuidTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.SiqTimestamp)] = ("siq_extract_timestamp", SiqTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.SiqShard)] = ("siq_extract_shard", SiqTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.SiqDomainHash)] = ("siq_extract_domain_hash", SiqTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.SiqQualifier)] = ("siq_extract_qualifier", SiqTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.SiqSerial)] = ("siq_extract_serial", SiqTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.DistributedIdWithin)] = ("distributedid_within", DistributedIdTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.IuidWithin)] = ("iuid_within", IuidTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.SiqWithin)] = ("siq_within", SiqTypeMapping.Default),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.DistributedId128Within)] = ("distributedid128_within", _uuid),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.UuidV7Within)] = ("uuidv7_within", _uuid),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.HotGuidWithin)] = ("hotguid_within", _uuid),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.SnowflakeWithin)] = ("snowflake_within", _bigint),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.DistributedIdBoundary)] = ("distributedid_boundary", null),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.IuidBoundary)] = ("iuid_boundary", null),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.SiqBoundary)] = ("siq_boundary", null),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.DistributedId128Boundary)] = ("distributedid128_boundary", null),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.UuidV7Boundary)] = ("uuidv7_boundary", null),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.HotGuidBoundary)] = ("hotguid_boundary", null),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.SnowflakeBoundary)] = ("snowflake_boundary", null),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.PublicIdToDistributedId)] = ("public_id_to_distributedid", _uuid),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.PublicIdToNumeric)] = ("public_id_to_numeric", _uuid),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.PublicIdToBigint)] = ("public_id_to_bigint", _uuid),
                [nameof(NpgsqlIdentitiesDbFunctionsExtensions.PublicIdToUuid)] = ("public_id_to_uuid", _uuid),
            };
        }

        // What each function returns, as the column types it compares with.
        RelationalTypeMapping ReturnMapping(string function, Type returnType) => function switch
        {
            "distributedid_boundary" or "public_id_to_distributedid" => DistributedIdTypeMapping.Default,
            "iuid_boundary" => IuidTypeMapping.Default,
            "siq_boundary" => SiqTypeMapping.Default,
            "public_id_to_numeric" => _numeric,
            _ when returnType == typeof(DateTime) => _timestamptz,
            _ when returnType == typeof(Guid) || returnType == typeof(Guid?) => _uuid,
            _ when returnType == typeof(long) || returnType == typeof(long?) => _bigint,
            _ => _typeMappingSource.FindMapping(returnType)!, // bool, int, string

        };

        public SqlExpression? Translate(SqlExpression? instance, MethodInfo method, IReadOnlyList<SqlExpression> arguments,
            IDiagnosticsLogger<DbLoggerCategory.Query> logger)
        {
            if (method.DeclaringType != typeof(NpgsqlIdentitiesDbFunctionsExtensions))
                return null;
            string function;
            RelationalTypeMapping? argument;
            if (method.Name == nameof(NpgsqlIdentitiesDbFunctionsExtensions.PublicId))
            {
                // public_id(distributedid) for a parameter or a distributedid column, public_id(numeric) for a numeric
                // column (the same id, the same public id); bigint and uuid as they are (an iuid column cast to uuid).
                var type = method.GetParameters()[1].ParameterType;
                function = "public_id";
                argument = type == typeof(decimal)
                    ? arguments[1].TypeMapping is { StoreType: var store } && !store.EndsWith("distributedid", StringComparison.Ordinal)
                        ? _numeric : DistributedIdTypeMapping.Default
                    : type == typeof(long) ? _bigint : _uuid;
            }
            else if (_functions.TryGetValue(method.Name, out var entry))
                (function, argument) = entry;
            else
                return null;

            var sqlArguments = new List<SqlExpression>();
            if (argument is null)
                sqlArguments.Add(Instant(arguments[1]));
            else
            {
                sqlArguments.Add(Coerce(arguments[1], argument));
                if (arguments.Count == 4) // a window: tstzrange(from, to), half-open as the constructor makes it
                    sqlArguments.Add(_sql.Function("tstzrange", [Instant(arguments[2]), Instant(arguments[3])], nullable: true,
                        argumentsPropagateNullability: [true, true], typeof(NpgsqlRange<DateTime>), _tstzrange));
                else if (arguments.Count == 3) // a window given as a range
                    sqlArguments.Add(Coerce(arguments[2], _tstzrange));
            }
            return _sql.Function(function, sqlArguments, nullable: true,
                argumentsPropagateNullability: sqlArguments.Select(_ => true).ToArray(), method.ReturnType,
                ReturnMapping(function, method.ReturnType));
        }

        // A column of the type goes as it is; a parameter or constant takes the type; anything else is cast to it.
        SqlExpression Coerce(SqlExpression value, RelationalTypeMapping mapping) => value.TypeMapping switch
        {
            { } current when current.StoreType == mapping.StoreType => value,
            IdentityTypeMapping current when mapping is IdentityTypeMapping && current.TypeName == ((IdentityTypeMapping)mapping).TypeName => value,
            null => _sql.ApplyTypeMapping(value, mapping),
            _ => _sql.Convert(value, mapping.ClrType, mapping),
        };

        SqlExpression Instant(SqlExpression value) => Coerce(value, _timestamptz);
    }
}
