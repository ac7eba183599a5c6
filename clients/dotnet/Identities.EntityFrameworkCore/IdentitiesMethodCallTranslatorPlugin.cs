using System;
using System.Collections.Generic;
using System.Linq.Expressions;
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;

namespace Identities.EntityFrameworkCore;

// Keeps EF.Functions calls whose argument is no column (a captured id) in the query rather than run in .NET.
sealed class IdentitiesEvaluatableExpressionFilterPlugin : IEvaluatableExpressionFilterPlugin
{
    public bool IsEvaluatableExpression(Expression expression)
        => expression is not MethodCallExpression call || call.Method.DeclaringType != typeof(IdentitiesDbFunctionsExtensions);
}

sealed class IdentitiesMethodCallTranslatorPlugin(IRelationalTypeMappingSource typeMappingSource, ISqlExpressionFactory sqlExpressionFactory)
    : IMethodCallTranslatorPlugin
{
    public IEnumerable<IMethodCallTranslator> Translators { get; } = [new Translator(typeMappingSource, sqlExpressionFactory)];

    sealed class Translator(IRelationalTypeMappingSource typeMappingSource, ISqlExpressionFactory sql) : IMethodCallTranslator
    {
        // Each EF.Functions method: the SQL function, and the mapping of its argument's type.
        static readonly Dictionary<string, (string Function, IdentityTypeMapping Argument)> Functions = new()
        {
            [nameof(IdentitiesDbFunctionsExtensions.DistributedIdTimestamp)] = ("distributedid_extract_timestamp", DistributedIdTypeMapping.Default),
            [nameof(IdentitiesDbFunctionsExtensions.IuidTimestamp)] = ("iuid_extract_timestamp", IuidTypeMapping.Default),
            [nameof(IdentitiesDbFunctionsExtensions.IuidCountry)] = ("iuid_extract_country", IuidTypeMapping.Default),
            [nameof(IdentitiesDbFunctionsExtensions.IuidServiceEntity)] = ("iuid_extract_service_entity", IuidTypeMapping.Default),
            [nameof(IdentitiesDbFunctionsExtensions.IuidFormatVersion)] = ("iuid_extract_format_version", IuidTypeMapping.Default),
            [nameof(IdentitiesDbFunctionsExtensions.SiqTimestamp)] = ("siq_extract_timestamp", SiqTypeMapping.Default),
            [nameof(IdentitiesDbFunctionsExtensions.SiqShard)] = ("siq_extract_shard", SiqTypeMapping.Default),
            [nameof(IdentitiesDbFunctionsExtensions.SiqDomainHash)] = ("siq_extract_domain_hash", SiqTypeMapping.Default),
            [nameof(IdentitiesDbFunctionsExtensions.SiqQualifier)] = ("siq_extract_qualifier", SiqTypeMapping.Default),
            [nameof(IdentitiesDbFunctionsExtensions.SiqSerial)] = ("siq_extract_serial", SiqTypeMapping.Default),
        };

        public SqlExpression? Translate(SqlExpression? instance, MethodInfo method, IReadOnlyList<SqlExpression> arguments,
            IDiagnosticsLogger<DbLoggerCategory.Query> logger)
        {
            if (method.DeclaringType != typeof(IdentitiesDbFunctionsExtensions) || !Functions.TryGetValue(method.Name, out var function))
                return null;
            var id = arguments[1];
            // A column of the type goes as it is; a parameter or constant takes the type; anything else is cast to it.
            id = id.TypeMapping switch
            {
                IdentityTypeMapping mapping when mapping.TypeName == function.Argument.TypeName => id,
                null => sql.ApplyTypeMapping(id, function.Argument),
                _ => sql.Convert(id, id.Type, function.Argument),
            };
            var returnMapping = method.ReturnType == typeof(DateTime)
                ? typeMappingSource.FindMapping(typeof(DateTime), "timestamp with time zone")
                : typeMappingSource.FindMapping(method.ReturnType);
            return sql.Function(function.Function, [id], nullable: true, argumentsPropagateNullability: [true], method.ReturnType, returnMapping);
        }
    }
}
