using Identities.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Design;
using Microsoft.EntityFrameworkCore.Scaffolding;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.Extensions.DependencyInjection;
using Npgsql.EntityFrameworkCore.PostgreSQL.Infrastructure;

namespace Identities.EntityFrameworkCore.Design;

/// <summary>
/// The design-time services of the package, for <c>dotnet ef</c> (found through the assembly attribute the package's
/// build/Identities.EntityFrameworkCore.targets adds to a project that installs it, as EFCore.PG's NodaTime plugin
/// does): <c>dbcontext scaffold</c> maps <c>distributedid</c>, <c>iuid</c> and <c>siq</c> columns (and their arrays)
/// to <c>decimal</c>, <c>Guid</c> and <c>BigInteger</c> and writes <c>o.UseIdentities()</c> into the context.
/// </summary>
public class NpgsqlIdentitiesDesignTimeServices : IDesignTimeServices
{
    /// <inheritdoc />
    public virtual void ConfigureDesignTimeServices(IServiceCollection serviceCollection)
        => serviceCollection
            .AddSingleton<IRelationalTypeMappingSourcePlugin, IdentitiesTypeMappingSourcePlugin>()
            .AddSingleton<IProviderCodeGeneratorPlugin, IdentitiesCodeGeneratorPlugin>();
}

// Writes `o => o.UseIdentities()` into the UseNpgsql call of a scaffolded context.
sealed class IdentitiesCodeGeneratorPlugin : ProviderCodeGeneratorPlugin
{
    static readonly System.Reflection.MethodInfo UseIdentities =
        typeof(NpgsqlIdentitiesDbContextOptionsBuilderExtensions).GetMethod(
            nameof(NpgsqlIdentitiesDbContextOptionsBuilderExtensions.UseIdentities), [typeof(NpgsqlDbContextOptionsBuilder)])!;

    public override MethodCallCodeFragment GenerateProviderOptions() => new(UseIdentities);
}
