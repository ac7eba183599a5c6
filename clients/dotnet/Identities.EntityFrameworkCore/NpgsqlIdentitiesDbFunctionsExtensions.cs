using System;
using System.Numerics;
using Microsoft.EntityFrameworkCore;
using NpgsqlTypes;

namespace Microsoft.EntityFrameworkCore;

/// <summary>
/// The extension's extraction functions for LINQ queries (<c>EF.Functions.IuidCountry(e.Id)</c>), translated to SQL
/// by <c>UseIdentities()</c>. An argument that is not a column of the type (a <c>numeric(28,0)</c> column, a
/// parameter) is cast to it. They run in the database only.
/// </summary>
public static class NpgsqlIdentitiesDbFunctionsExtensions
{
    /// <summary><c>distributedid_extract_timestamp</c>: the id's millisecond timestamp (about 1 s before it was made).</summary>
    public static DateTime DistributedIdTimestamp(this DbFunctions _, decimal id) => throw InDatabaseOnly();

    /// <summary><c>iuid_extract_timestamp</c>: the iUID's millisecond timestamp.</summary>
    public static DateTime IuidTimestamp(this DbFunctions _, Guid id) => throw InDatabaseOnly();

    /// <summary><c>iuid_extract_country</c>: the iUID's country (0 to 255).</summary>
    public static int IuidCountry(this DbFunctions _, Guid id) => throw InDatabaseOnly();

    /// <summary><c>iuid_extract_service_entity</c>: the iUID's service entity (0 to 255).</summary>
    public static int IuidServiceEntity(this DbFunctions _, Guid id) => throw InDatabaseOnly();

    /// <summary><c>iuid_extract_format_version</c>: inDrive's format version of the iUID (0 to 15).</summary>
    public static int IuidFormatVersion(this DbFunctions _, Guid id) => throw InDatabaseOnly();

    /// <summary><c>siq_extract_timestamp</c>: the SIQ's timestamp (1/65536 s, rounded down to the microsecond).</summary>
    public static DateTime SiqTimestamp(this DbFunctions _, BigInteger id) => throw InDatabaseOnly();

    /// <summary><c>siq_extract_shard</c>: the SIQ's shard (0 to 255).</summary>
    public static int SiqShard(this DbFunctions _, BigInteger id) => throw InDatabaseOnly();

    /// <summary><c>siq_extract_domain_hash</c>: the SIQ's 32-bit domain hash.</summary>
    public static long SiqDomainHash(this DbFunctions _, BigInteger id) => throw InDatabaseOnly();

    /// <summary><c>siq_extract_qualifier</c>: the SIQ's qualifier name (<c>user</c>, <c>message</c>, …), or null.</summary>
    public static string? SiqQualifier(this DbFunctions _, BigInteger id) => throw InDatabaseOnly();

    /// <summary><c>siq_extract_serial</c>: the SIQ's serial within its tick.</summary>
    public static int SiqSerial(this DbFunctions _, BigInteger id) => throw InDatabaseOnly();

    // Time windows: whether the id's timestamp is in [from, to). Translated to <format>_within(id, tstzrange(from, to)),
    // which the planner inlines into a range on the id: the primary key serves it and partitions by id are pruned.

    /// <summary><c>distributedid_within(id, tstzrange(from, to))</c>: whether the id's timestamp is in [from, to) (UTC
    /// <see cref="DateTime"/>s; <paramref name="to"/> before <paramref name="from"/> is refused as <c>tstzrange</c>
    /// refuses it, 22000). A range on the id: the primary key serves it, partitions by id are pruned.</summary>
    public static bool DistributedIdWithin(this DbFunctions _, decimal id, DateTime from, DateTime to) => throw InDatabaseOnly();

    /// <summary><c>iuid_within(id, tstzrange(from, to))</c>: whether the iUID's timestamp is in [from, to), through the
    /// primary key.</summary>
    public static bool IuidWithin(this DbFunctions _, Guid id, DateTime from, DateTime to) => throw InDatabaseOnly();

    /// <summary><c>siq_within(id, tstzrange(from, to))</c>: whether the SIQ's timestamp is in [from, to), through the
    /// primary key.</summary>
    public static bool SiqWithin(this DbFunctions _, BigInteger id, DateTime from, DateTime to) => throw InDatabaseOnly();

    /// <summary><c>distributedid128_within(id, tstzrange(from, to))</c>, for a <c>uuid</c> column of
    /// DistributedId128s.</summary>
    public static bool DistributedId128Within(this DbFunctions _, Guid id, DateTime from, DateTime to) => throw InDatabaseOnly();

    /// <summary><c>uuidv7_within(id, tstzrange(from, to))</c>, for a <c>uuid</c> column of UUIDv7s.</summary>
    public static bool UuidV7Within(this DbFunctions _, Guid id, DateTime from, DateTime to) => throw InDatabaseOnly();

    /// <summary><c>hotguid_within(id, tstzrange(from, to))</c>, for a <c>uuid</c> column of HotGuids.</summary>
    public static bool HotGuidWithin(this DbFunctions _, Guid id, DateTime from, DateTime to) => throw InDatabaseOnly();

    /// <summary><c>snowflake_within(id, tstzrange(from, to))</c>, for a <c>bigint</c> column of Snowflakes (the server's
    /// <c>identities.snowflake_epoch</c>).</summary>
    public static bool SnowflakeWithin(this DbFunctions _, long id, DateTime from, DateTime to) => throw InDatabaseOnly();

    // The same windows as any tstzrange: inclusive or exclusive bounds, an open end (NpgsqlRange<DateTime>.Empty, an
    // infinite bound). Translated to <format>_within(id, @window), which is `id <@ @window`.

    /// <summary><c>distributedid_within(id, window)</c>: whether the id's timestamp is in the <c>tstzrange</c>
    /// <paramref name="window"/>, through the primary key.</summary>
    public static bool DistributedIdWithin(this DbFunctions _, decimal id, NpgsqlRange<DateTime> window) => throw InDatabaseOnly();

    /// <summary><c>iuid_within(id, window)</c>.</summary>
    public static bool IuidWithin(this DbFunctions _, Guid id, NpgsqlRange<DateTime> window) => throw InDatabaseOnly();

    /// <summary><c>siq_within(id, window)</c>.</summary>
    public static bool SiqWithin(this DbFunctions _, BigInteger id, NpgsqlRange<DateTime> window) => throw InDatabaseOnly();

    /// <summary><c>distributedid128_within(id, window)</c>, for a <c>uuid</c> column.</summary>
    public static bool DistributedId128Within(this DbFunctions _, Guid id, NpgsqlRange<DateTime> window) => throw InDatabaseOnly();

    /// <summary><c>uuidv7_within(id, window)</c>, for a <c>uuid</c> column.</summary>
    public static bool UuidV7Within(this DbFunctions _, Guid id, NpgsqlRange<DateTime> window) => throw InDatabaseOnly();

    /// <summary><c>hotguid_within(id, window)</c>, for a <c>uuid</c> column.</summary>
    public static bool HotGuidWithin(this DbFunctions _, Guid id, NpgsqlRange<DateTime> window) => throw InDatabaseOnly();

    /// <summary><c>snowflake_within(id, window)</c>, for a <c>bigint</c> column.</summary>
    public static bool SnowflakeWithin(this DbFunctions _, long id, NpgsqlRange<DateTime> window) => throw InDatabaseOnly();

    // Boundaries: the smallest id whose timestamp is at or after the instant, to compare ids with (o.Id >= ...).

    /// <summary><c>distributedid_boundary(at)</c>: the smallest id whose timestamp is at or after <paramref name="at"/>.</summary>
    public static decimal DistributedIdBoundary(this DbFunctions _, DateTime at) => throw InDatabaseOnly();

    /// <summary><c>iuid_boundary(at)</c>: the smallest iUID whose timestamp is at or after <paramref name="at"/>.</summary>
    public static Guid IuidBoundary(this DbFunctions _, DateTime at) => throw InDatabaseOnly();

    /// <summary><c>siq_boundary(at)</c>: the smallest SIQ whose timestamp is at or after <paramref name="at"/>.</summary>
    public static BigInteger SiqBoundary(this DbFunctions _, DateTime at) => throw InDatabaseOnly();

    /// <summary><c>distributedid128_boundary(at)</c>, a <c>uuid</c>.</summary>
    public static Guid DistributedId128Boundary(this DbFunctions _, DateTime at) => throw InDatabaseOnly();

    /// <summary><c>uuidv7_boundary(at)</c>, a <c>uuid</c>.</summary>
    public static Guid UuidV7Boundary(this DbFunctions _, DateTime at) => throw InDatabaseOnly();

    /// <summary><c>hotguid_boundary(at)</c>, a <c>uuid</c>.</summary>
    public static Guid HotGuidBoundary(this DbFunctions _, DateTime at) => throw InDatabaseOnly();

    /// <summary><c>snowflake_boundary(at)</c>, a <c>bigint</c> (the server's <c>identities.snowflake_epoch</c>).</summary>
    public static long SnowflakeBoundary(this DbFunctions _, DateTime at) => throw InDatabaseOnly();

    // Public ids, under the server's identities.public_key.

    /// <summary><c>public_id(id)</c>: the public id of a <c>distributedid</c> (or of a <c>numeric(28,0)</c> column),
    /// as Architect's AesPublicIdentityConverter makes it.</summary>
    public static Guid PublicId(this DbFunctions _, decimal id) => throw InDatabaseOnly();

    /// <summary><c>public_id(bigint)</c>: the public id of a <c>bigint</c> (an <c>int</c> makes the same).</summary>
    public static Guid PublicId(this DbFunctions _, long id) => throw InDatabaseOnly();

    /// <summary><c>public_id(uuid)</c>: the public id of a <c>uuid</c> (an <c>iuid</c> column is cast to it).</summary>
    public static Guid PublicId(this DbFunctions _, Guid id) => throw InDatabaseOnly();

    /// <summary><c>public_id_to_distributedid(public id)</c>: the <c>distributedid</c> a public id stands for, under
    /// the current or the previous key; null when it is none. <c>o.Id == EF.Functions.PublicIdToDistributedId(p)</c>
    /// finds the row through the primary key.</summary>
    public static decimal? PublicIdToDistributedId(this DbFunctions _, Guid publicId) => throw InDatabaseOnly();

    /// <summary><c>public_id_to_numeric(public id)</c>: the <c>numeric</c> a public id stands for; null when it is none.</summary>
    public static decimal? PublicIdToNumeric(this DbFunctions _, Guid publicId) => throw InDatabaseOnly();

    /// <summary><c>public_id_to_bigint(public id)</c>: the <c>bigint</c> a public id stands for; null when it is none.</summary>
    public static long? PublicIdToBigint(this DbFunctions _, Guid publicId) => throw InDatabaseOnly();

    /// <summary><c>public_id_to_uuid(public id)</c>: the <c>uuid</c> a public id stands for under the current key; null
    /// for the public id of a number.</summary>
    public static Guid? PublicIdToUuid(this DbFunctions _, Guid publicId) => throw InDatabaseOnly();

    static InvalidOperationException InDatabaseOnly()
        => new("This method is translated to SQL by Identities.EntityFrameworkCore's UseIdentities() and runs only in a LINQ query.");
}
