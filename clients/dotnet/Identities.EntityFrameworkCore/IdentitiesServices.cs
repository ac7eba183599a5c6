using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Identities.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Microsoft.EntityFrameworkCore.Metadata.Conventions;
using Microsoft.EntityFrameworkCore.Metadata.Conventions.Infrastructure;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.Extensions.DependencyInjection;
using Npgsql;
using Npgsql.EntityFrameworkCore.PostgreSQL.Infrastructure;

namespace Identities.EntityFrameworkCore.Internal;

// Registers the ADO.NET plugin on the data source the provider builds, so its readers and parameters know the types.
sealed class IdentitiesDataSourceConfigurationPlugin : INpgsqlDataSourceConfigurationPlugin
{
    public void Configure(NpgsqlDataSourceBuilder npgsqlDataSourceBuilder) => npgsqlDataSourceBuilder.UseIdentities();
}

sealed class IdentitiesOptionsExtension : IDbContextOptionsExtension
{
    DbContextOptionsExtensionInfo? _info;

    public DbContextOptionsExtensionInfo Info => _info ??= new ExtensionInfo(this);

    public void ApplyServices(IServiceCollection services) => services.AddEntityFrameworkIdentities();

    public void Validate(IDbContextOptions options)
    {
        var internalServiceProvider = options.FindExtension<CoreOptionsExtension>()?.InternalServiceProvider;
        if (internalServiceProvider is null)
            return;
        using var scope = internalServiceProvider.CreateScope();
        var plugins = scope.ServiceProvider.GetService<IEnumerable<IRelationalTypeMappingSourcePlugin>>();
        foreach (var plugin in plugins ?? [])
            if (plugin is IdentitiesTypeMappingSourcePlugin)
                return;
        throw new InvalidOperationException(
            "UseIdentities() needs AddEntityFrameworkIdentities() on the internal service provider given to UseInternalServiceProvider().");
    }

    sealed class ExtensionInfo(IDbContextOptionsExtension extension) : DbContextOptionsExtensionInfo(extension)
    {
        public override bool IsDatabaseProvider => false;
        public override string LogFragment => "using identities ";
        public override int GetServiceProviderHashCode() => 0;
        public override bool ShouldUseSameServiceProvider(DbContextOptionsExtensionInfo other) => other is ExtensionInfo;
        public override void PopulateDebugInfo(IDictionary<string, string> debugInfo) => debugInfo["Identities:UseIdentities"] = "1";
    }
}

sealed class IdentitiesConventionSetPlugin : IConventionSetPlugin
{
    public ConventionSet ModifyConventions(ConventionSet conventionSet)
    {
        conventionSet.ModelFinalizingConventions.Add(new IdentitiesColumnTypeConvention());
        return conventionSet;
    }
}

// A property declared with one of the extension's column types whose CLR type no mapping of ours serves fails when
// the model is built, naming the property, rather than at its first query.
sealed class IdentitiesColumnTypeConvention : IModelFinalizingConvention
{
    public void ProcessModelFinalizing(IConventionModelBuilder modelBuilder, IConventionContext<IConventionModelBuilder> context)
    {
        foreach (var entityType in modelBuilder.Metadata.GetEntityTypes())
            foreach (var property in entityType.GetDeclaredProperties())
            {
                if (property.GetColumnType() is not { } columnType)
                    continue;
                var clrType = property.GetValueConverter()?.ProviderClrType ?? property.ClrType;
                if (IdentitiesTypeMappingSourcePlugin.Mismatch(clrType, columnType) is { } why)
                    throw new InvalidOperationException(
                        $"{entityType.DisplayName()}.{property.Name} is declared '{columnType}' but is a {property.ClrType.Name}: {why}.");
            }
    }
}

// Refuses, before anything is sent, a value written to a column of the extension's types that the type cannot hold,
// with the property's name: such a value would go as its base type (IdentityTypeMapping.ConfigureParameter) and fail
// in the server's assignment cast. Values the database generates (the DEFAULT) are not written, so not checked.
sealed class IdentitiesSaveChangesInterceptor : SaveChangesInterceptor
{
    public override InterceptionResult<int> SavingChanges(DbContextEventData eventData, InterceptionResult<int> result)
    {
        Check(eventData.Context);
        return result;
    }

    public override ValueTask<InterceptionResult<int>> SavingChangesAsync(DbContextEventData eventData, InterceptionResult<int> result,
        CancellationToken cancellationToken = default)
    {
        Check(eventData.Context);
        return ValueTask.FromResult(result);
    }

    static void Check(DbContext? context)
    {
        if (context is null)
            return;
        foreach (var entry in context.ChangeTracker.Entries())
        {
            if (entry.State is not (EntityState.Added or EntityState.Modified))
                continue;
            foreach (var property in entry.Properties)
            {
                var typeMapping = property.Metadata.FindRelationalTypeMapping();
                var mapping = typeMapping as IdentityTypeMapping ?? typeMapping?.ElementTypeMapping as IdentityTypeMapping;
                if (mapping is null || property.CurrentValue is not { } value)
                    continue;
                var written = entry.State == EntityState.Added
                    ? !property.IsTemporary && !(property.Metadata.ValueGenerated != ValueGenerated.Never && Equals(value, property.Metadata.Sentinel))
                    : property.IsModified;
                if (!written)
                    continue;
                var name = $"{entry.Metadata.DisplayName()}.{property.Metadata.Name}";
                if (typeMapping is IdentityTypeMapping)
                    mapping.ValidateProperty(value, name);
                else if (value is System.Collections.IEnumerable elements)
                    foreach (var element in elements)
                        if (element is not null)
                            mapping.ValidateProperty(element, name);
            }
        }
    }
}
