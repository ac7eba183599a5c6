using System;
using System.Numerics;
using Microsoft.EntityFrameworkCore;

namespace Identities.EntityFrameworkCore;

/// <summary>
/// The extension's extraction functions for LINQ queries (<c>EF.Functions.IuidCountry(e.Id)</c>), translated to SQL
/// by <c>UseIdentities()</c>. An argument that is not a column of the type (a <c>numeric(28,0)</c> column, a
/// parameter) is cast to it. They run in the database only.
/// </summary>
public static class IdentitiesDbFunctionsExtensions
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

    static InvalidOperationException InDatabaseOnly()
        => new("This method is translated to SQL by Identities.EntityFrameworkCore's UseIdentities() and runs only in a LINQ query.");
}
