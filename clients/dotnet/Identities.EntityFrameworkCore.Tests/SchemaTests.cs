using Microsoft.EntityFrameworkCore;
using Xunit;

namespace EFCoreIdentities.Tests;

// The extension in a schema of its own (CREATE EXTENSION identities SCHEMA ids), named in the model's column types
// and DEFAULT. PostgreSQL finds operators on the search path only, so that schema is on the connection's path
// (`=` of ids.distributedid is 42883 otherwise, in any SQL).
public class LedgerInSchemaContext : DbContext
{
    public const string DatabaseName = "identities_efcore_schema";

    public DbSet<Order> Orders => Set<Order>();

    protected override void OnConfiguring(DbContextOptionsBuilder options)
        => options.UseNpgsql(Server.ConnectionString(DatabaseName) + ";Search Path=public,ids", o => o.UseIdentities());

    protected override void OnModelCreating(ModelBuilder model)
    {
        model.HasPostgresExtension("ids", "identities");
        model.Entity<Order>(order =>
        {
            order.Property(o => o.Id).HasColumnType("ids.distributedid").HasDefaultValueSql("ids.distributedid_generate()");
            order.Property(o => o.Related).HasColumnType("ids.distributedid[]");
        });
    }
}

public class SchemaTests
{
    [Fact]
    public async Task A_model_naming_the_extensions_schema_works()
    {
        await using var context = new LedgerInSchemaContext();
        await context.Database.EnsureDeletedAsync();
        await context.Database.EnsureCreatedAsync();
        Assert.Equal("ids distributedid", await Database.Scalar<string>(LedgerInSchemaContext.DatabaseName, """
            SELECT udt_schema || ' ' || udt_name FROM information_schema.columns WHERE table_name = 'Orders' AND column_name = 'Id'
            """));
        var orders = new[] { new Order { Customer = "ada" }, new Order { Customer = "grace", Related = [7m] } };
        context.Orders.AddRange(orders);
        await context.SaveChangesAsync();

        var ids = orders.Select(o => o.Id).ToList();
        Assert.Equal("grace", (await context.Orders.SingleAsync(o => o.Id == ids[1])).Customer);
        Assert.Equal(ids, await context.Orders.Where(o => ids.Contains(o.Id)).OrderBy(o => o.Id).Select(o => o.Id).ToListAsync());
        Assert.Equal(1, await context.Orders.CountAsync(o => o.Related.Contains(7m)));
        var made = await context.Orders.Select(o => EF.Functions.DistributedIdTimestamp(o.Id)).ToListAsync();
        Assert.All(made, at => Assert.InRange(at, DateTime.UtcNow.AddMinutes(-5), DateTime.UtcNow.AddMinutes(1)));
        await context.Database.EnsureDeletedAsync();
    }
}
