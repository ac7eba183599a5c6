using System;
using System.Linq;
using Identities.EntityFrameworkCore.Internal;
using Identities.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata.Conventions.Infrastructure;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Storage;
using Npgsql.EntityFrameworkCore.PostgreSQL.Infrastructure;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>The services of <c>UseIdentities()</c>, for an internal service provider built by hand.</summary>
public static class NpgsqlIdentitiesServiceCollectionExtensions
{
    /// <summary>
    /// Adds the services of <see cref="NpgsqlIdentitiesDbContextOptionsBuilderExtensions.UseIdentities"/> to an internal service provider built by hand
    /// (<c>UseInternalServiceProvider</c>); an application that lets EF Core build it does not need this.
    /// </summary>
    /// <param name="services">The internal service provider's services, after <c>AddEntityFrameworkNpgsql()</c>.</param>
    public static IServiceCollection AddEntityFrameworkIdentities(this IServiceCollection services)
    {
        ArgumentNullException.ThrowIfNull(services);
        new EntityFrameworkNpgsqlServicesBuilder(services)
            .TryAdd<INpgsqlDataSourceConfigurationPlugin, IdentitiesDataSourceConfigurationPlugin>()
            .TryAdd<IRelationalTypeMappingSourcePlugin, IdentitiesTypeMappingSourcePlugin>()
            .TryAdd<IMethodCallTranslatorPlugin, IdentitiesMethodCallTranslatorPlugin>()
            .TryAdd<IEvaluatableExpressionFilterPlugin, IdentitiesEvaluatableExpressionFilterPlugin>();
        new EntityFrameworkServicesBuilder(services).TryAdd<IConventionSetPlugin, IdentitiesConventionSetPlugin>();
        if (!services.Any(s => s.ImplementationType == typeof(IdentitiesSaveChangesInterceptor)))
            services.AddSingleton<IInterceptor, IdentitiesSaveChangesInterceptor>();
        return services;
    }
}
