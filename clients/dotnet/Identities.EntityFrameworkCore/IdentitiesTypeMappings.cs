using System;
using System.Collections.Generic;
using System.Data.Common;
using System.Globalization;
using System.Linq;
using System.Numerics;
using System.Threading;
using Microsoft.EntityFrameworkCore.ChangeTracking;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.ValueGeneration;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore.Storage.Json;
using Npgsql.Identities.Internal;
using Npgsql;
using Npgsql.EntityFrameworkCore.PostgreSQL.Storage.Internal.Mapping;

namespace Identities.EntityFrameworkCore.Storage;

/// <summary>
/// A column of one of the extension's types. Its parameters carry the type's name (unqualified, so the
/// Identities.Npgsql plugin finds it in whatever schema the extension lives), so they are sent in the type's binary
/// form and compare with the column's own operators, with no cast.
/// </summary>
public abstract class IdentityTypeMapping : RelationalTypeMapping
{
    private protected IdentityTypeMapping(string storeType, Type clrType, JsonValueReaderWriter jsonValueReaderWriter,
        Func<IProperty, ITypeBase, ValueGenerator>? valueGeneratorFactory = null)
        : base(new RelationalTypeMappingParameters(
            new CoreTypeMappingParameters(clrType, jsonValueReaderWriter: jsonValueReaderWriter, valueGeneratorFactory: valueGeneratorFactory),
            storeType, StoreTypePostfix.None))
    {
    }

    private protected IdentityTypeMapping(RelationalTypeMappingParameters parameters) : base(parameters)
    {
    }

    /// <summary>The type's name, without schema or quotes: <c>distributedid</c>, <c>iuid</c> or <c>siq</c>.</summary>
    public abstract string TypeName { get; }

    // The type's name stands as it was written (HasColumnType("ids.distributedid") stays qualified); a precision or
    // scale (Architect's DecimalIdConvention sets 28 and 0) is no part of it.
    /// <inheritdoc />
    protected override string ProcessStoreType(RelationalTypeMappingParameters parameters, string storeType, string storeTypeNameBase)
        => storeType;

    // A value of the type goes as the type (its binary form, its own operators). One the type cannot hold (1.5m, a
    // version 4 Guid, 2^112) goes as the base type, numeric or uuid: the extension's cross-type operators compare it,
    // so `e.Id == value` finds no row instead of failing. Writes never send such a value: IdentitiesSaveChangesInterceptor
    // refuses it first, naming the property.
    /// <inheritdoc />
    protected override void ConfigureParameter(DbParameter parameter)
    {
        if (parameter is not NpgsqlParameter npgsqlParameter)
            throw new InvalidOperationException($"The {TypeName} type mapping needs an Npgsql parameter, not {parameter.GetType().Name}.");
        if (parameter.Value is null or DBNull || IsValid(parameter.Value))
            npgsqlParameter.DataTypeName = TypeName;
    }

    /// <summary>Throws the <see cref="ArgumentException"/> of Identities.Npgsql when the value is not one of the type's.</summary>
    private protected abstract void Validate(object value);

    internal bool IsValid(object value)
    {
        try
        {
            Validate(value);
            return true;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    // The property's value, checked as a parameter of the type would be: the message names the property.
    internal void ValidateProperty(object value, string property)
    {
        try
        {
            Validate(value);
        }
        catch (ArgumentException e)
        {
            throw new ArgumentException($"{property}: {e.Message}", property, e);
        }
    }

    /// <inheritdoc />
    protected override string GenerateNonNullSqlLiteral(object value) => $"'{Text(value)}'::{StoreType}";

    /// <summary>
    /// The value in the type's text form, after the checks its parameters have (an ArgumentException says why a value
    /// is not one of the type's, before anything is sent).
    /// </summary>
    private protected abstract string Text(object value);
}

/// <summary><c>distributedid</c> as <see cref="decimal"/> (Architect.Identities' DistributedId).</summary>
public sealed class DistributedIdTypeMapping : IdentityTypeMapping
{
    /// <summary>The mapping of a column declared <c>distributedid</c>.</summary>
    public static DistributedIdTypeMapping Default { get; } = new("distributedid");

    /// <summary>A mapping for a column whose type is written <paramref name="storeType"/> (qualified or not).</summary>
    public DistributedIdTypeMapping(string storeType) : base(storeType, typeof(decimal), JsonDecimalReaderWriter.Instance)
    {
    }

    DistributedIdTypeMapping(RelationalTypeMappingParameters parameters) : base(parameters)
    {
    }

    /// <inheritdoc />
    public override string TypeName => "distributedid";

    /// <inheritdoc />
    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new DistributedIdTypeMapping(parameters);

    private protected override void Validate(object value) => DistributedIdConverter.Validate((decimal)value);

    // An integral value of another scale (1.0m) is written as the integer it is.
    private protected override string Text(object value)
    {
        Validate(value);
        return decimal.Truncate((decimal)value).ToString(CultureInfo.InvariantCulture);
    }
}

/// <summary><c>iuid</c> as <see cref="Guid"/> (inDrive's iUID).</summary>
public sealed class IuidTypeMapping : IdentityTypeMapping
{
    /// <summary>The mapping of a column declared <c>iuid</c>.</summary>
    public static IuidTypeMapping Default { get; } = new("iuid");

    /// <summary>A mapping for a column whose type is written <paramref name="storeType"/> (qualified or not).</summary>
    public IuidTypeMapping(string storeType) : base(storeType, typeof(Guid), JsonGuidReaderWriter.Instance)
    {
    }

    IuidTypeMapping(RelationalTypeMappingParameters parameters) : base(parameters)
    {
    }

    /// <inheritdoc />
    public override string TypeName => "iuid";

    /// <inheritdoc />
    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new IuidTypeMapping(parameters);

    private protected override void Validate(object value) => IuidConverter.Validate((Guid)value);

    private protected override string Text(object value)
    {
        Validate(value);
        return ((Guid)value).ToString("D");
    }
}

/// <summary><c>siq</c> as <see cref="BigInteger"/> (SUOU's SIQ: 112 bits, too large for a decimal).</summary>
public sealed class SiqTypeMapping : IdentityTypeMapping
{
    /// <summary>The mapping of a column declared <c>siq</c>.</summary>
    public static SiqTypeMapping Default { get; } = new("siq");

    /// <summary>A mapping for a column whose type is written <paramref name="storeType"/> (qualified or not).</summary>
    public SiqTypeMapping(string storeType)
        : base(storeType, typeof(BigInteger), NpgsqlBigIntegerTypeMapping.JsonBigIntegerReaderWriter.Instance,
            static (_, _) => new TemporarySiqValueGenerator())
    {
    }

    SiqTypeMapping(RelationalTypeMappingParameters parameters) : base(parameters)
    {
    }

    /// <inheritdoc />
    public override string TypeName => "siq";

    /// <inheritdoc />
    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SiqTypeMapping(parameters);

    private protected override void Validate(object value) => SiqConverter.Validate((BigInteger)value);

    // A siq's text is its 28 hexadecimal digits (a decimal literal would be misread as hex).
    private protected override string Text(object value)
    {
        Validate(value);
        Span<byte> bytes = stackalloc byte[SiqConverter.Length];
        SiqConverter.Encode((BigInteger)value, bytes);
        return Convert.ToHexStringLower(bytes);
    }
}

// A placeholder while the database generates the id (its DEFAULT): EF Core has no temporary values of its own for a
// BigInteger key. Negative, so never a siq.
sealed class TemporarySiqValueGenerator : ValueGenerator<BigInteger>
{
    long _current;

    public override bool GeneratesTemporaryValues => true;

    public override BigInteger Next(EntityEntry entry) => Interlocked.Decrement(ref _current);
}

// An array of one of the extension's types (distributedid[], iuid[], siq[]), as a column or as the parameter of
// ids.Contains(e.Id). Internal: it derives from the provider's own array mapping (whose translators recognise it),
// an internal API of EFCore.PG that no public type of ours builds on. Its parameters go as the array type when every
// element is one of the type's, else as the base type's array (numeric[], uuid[]), which the extension compares
// too: = ANY(@ids) then finds the valid ones' rows instead of failing. Writes are checked by
// IdentitiesSaveChangesInterceptor, element by element.
sealed class IdentityArrayTypeMapping<TCollection, TConcreteCollection, TElement>
    : NpgsqlArrayTypeMapping<TCollection, TConcreteCollection, TElement>
{
    public IdentityArrayTypeMapping(string storeType, IdentityTypeMapping elementTypeMapping) : base(storeType, elementTypeMapping)
    {
    }

    IdentityArrayTypeMapping(RelationalTypeMappingParameters parameters) : base(parameters)
    {
    }

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters)
        => new IdentityArrayTypeMapping<TCollection, TConcreteCollection, TElement>(parameters);

    protected override void ConfigureParameter(DbParameter parameter)
    {
        base.ConfigureParameter(parameter);
        var element = (IdentityTypeMapping)ElementTypeMapping;
        if (parameter.Value is not System.Collections.IEnumerable values || values.Cast<object?>().All(v => v is null || element.IsValid(v)))
            ((NpgsqlParameter)parameter).DataTypeName = element.TypeName + "[]";
    }
}

/// <summary>
/// Finds the mappings above for a column type that names one of the extension's types, and for collections of their
/// values. A CLR type alone never maps to them: a <see cref="decimal"/> stays <c>numeric</c> and a <see cref="Guid"/>
/// <c>uuid</c> unless the column says otherwise.
/// </summary>
public sealed class IdentitiesTypeMappingSourcePlugin : IRelationalTypeMappingSourcePlugin
{
    /// <inheritdoc />
    public RelationalTypeMapping? FindMapping(in RelationalTypeMappingInfo mappingInfo)
    {
        var clrType = mappingInfo.ClrType;
        var storeType = mappingInfo.StoreTypeName;

        if (storeType is not null && storeType.EndsWith("[]", StringComparison.Ordinal))
            return Element(storeType[..^2]) is { } element ? Array(clrType ?? typeof(List<>).MakeGenericType(element.ClrType), storeType, element) : null;
        if (storeType is not null)
        {
            if (Element(storeType) is not { } mapping || clrType is not null && clrType != mapping.ClrType)
                return null;
            return (RelationalTypeMapping)mapping.Clone(mappingInfo);
        }
        // The parameter of a collection compared with one of our columns (ids.Contains(e.Id)).
        if (clrType is not null && mappingInfo.ElementTypeMapping is IdentityTypeMapping elementMapping)
            return Array(clrType, elementMapping.StoreType + "[]", elementMapping);
        return null;
    }

    // Why a property of this CLR type cannot be stored in a column declared storeType, when storeType names one of the
    // extension's types and no mapping of ours serves the CLR type (null otherwise): EF Core would fall back to the
    // CLR type's own mapping (a long's bigint) while the DDL says distributedid, and fail in the first WHERE.
    internal static string? Mismatch(Type clrType, string storeType)
    {
        var type = Nullable.GetUnderlyingType(clrType) ?? clrType;
        if (storeType.EndsWith("[]", StringComparison.Ordinal))
            return Element(storeType[..^2]) is { } element && Array(type, storeType, element) is null
                ? $"an array of {element.TypeName} maps to {element.ClrType.Name}[] or List<{element.ClrType.Name}> (or their nullable elements), not {type.Name}"
                : null;
        return Element(storeType) is { } mapping && type != mapping.ClrType
            ? $"{mapping.TypeName} maps to {mapping.ClrType.Name}, not {type.Name}"
            : null;
    }

    // The mapping of a type written as in a column definition: distributedid, ids.distributedid, "ids"."distributedid".
    static IdentityTypeMapping? Element(string storeType)
    {
        var name = storeType[(storeType.LastIndexOf('.') + 1)..].Trim('"');
        return name.ToLowerInvariant() switch
        {
            "distributedid" => name == storeType ? DistributedIdTypeMapping.Default : new DistributedIdTypeMapping(storeType),
            "iuid" => name == storeType ? IuidTypeMapping.Default : new IuidTypeMapping(storeType),
            "siq" => name == storeType ? SiqTypeMapping.Default : new SiqTypeMapping(storeType),
            _ => null,
        };
    }

    // T[], List<T> and the interfaces a List<T> implements, over our element type (or its Nullable).
    static RelationalTypeMapping? Array(Type clrType, string storeType, IdentityTypeMapping element)
    {
        Type? elementType = clrType.IsArray && clrType.GetArrayRank() == 1 ? clrType.GetElementType()
            : clrType.IsGenericType && clrType.GetGenericArguments().Length == 1 ? clrType.GetGenericArguments()[0]
            : null;
        if (elementType is null || (Nullable.GetUnderlyingType(elementType) ?? elementType) != element.ClrType)
            return null;
        var listType = typeof(List<>).MakeGenericType(elementType);
        Type concreteType;
        if (clrType.IsArray || clrType == listType)
            concreteType = clrType;
        else if (clrType.IsInterface && clrType.IsAssignableFrom(listType))
            concreteType = listType;
        else
            return null;
        return (RelationalTypeMapping)Activator.CreateInstance(
            typeof(IdentityArrayTypeMapping<,,>).MakeGenericType(clrType, concreteType, elementType), storeType, element)!;
    }
}
