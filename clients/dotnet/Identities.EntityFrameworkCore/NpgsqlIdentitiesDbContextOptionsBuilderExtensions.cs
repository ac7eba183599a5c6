using System;
using Identities.EntityFrameworkCore.Internal;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Npgsql.EntityFrameworkCore.PostgreSQL.Infrastructure;

namespace Microsoft.EntityFrameworkCore;

/// <summary>
/// Adds the identities extension to Npgsql's EF Core provider:
/// <c>options.UseNpgsql(connectionString, o =&gt; o.UseIdentities())</c>.
/// </summary>
public static class NpgsqlIdentitiesDbContextOptionsBuilderExtensions
{
    /// <summary>
    /// Maps the extension's types (<c>distributedid</c> to <see cref="decimal"/>, <c>iuid</c> to <see cref="Guid"/>,
    /// <c>siq</c> to <see cref="System.Numerics.BigInteger"/>, and their arrays) for properties whose column type names
    /// them, translates the <c>EF.Functions</c> of <see cref="NpgsqlIdentitiesDbFunctionsExtensions"/>, and registers the
    /// Identities.Npgsql plugin on the data source the provider builds from a connection string (a data source handed
    /// to <c>UseNpgsql</c> needs its own <c>UseIdentities()</c>).
    /// </summary>
    /// <param name="optionsBuilder">The Npgsql provider's options.</param>
    public static NpgsqlDbContextOptionsBuilder UseIdentities(this NpgsqlDbContextOptionsBuilder optionsBuilder)
    {
        ArgumentNullException.ThrowIfNull(optionsBuilder);
        var coreOptionsBuilder = ((IRelationalDbContextOptionsBuilderInfrastructure)optionsBuilder).OptionsBuilder;
        var extension = coreOptionsBuilder.Options.FindExtension<IdentitiesOptionsExtension>() ?? new IdentitiesOptionsExtension();
        ((IDbContextOptionsBuilderInfrastructure)coreOptionsBuilder).AddOrUpdateExtension(extension);
        return optionsBuilder;
    }
}
