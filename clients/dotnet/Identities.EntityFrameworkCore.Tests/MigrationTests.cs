using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations.Operations;
using Xunit;

namespace EFCoreIdentities.Tests;

// A context whose database is made by migrations, as `dotnet ef migrations add` scaffolds them from its model.
public class LedgerContext : DbContext
{
    public const string DatabaseName = "identities_efcore_migrations";

    public DbSet<Order> Orders => Set<Order>();

    protected override void OnConfiguring(DbContextOptionsBuilder options)
        => options.UseNpgsql(Server.ConnectionString(DatabaseName), o => o.UseIdentities())
            // The migration below stands without the model snapshot the tooling would write beside it.
            .ConfigureWarnings(w => w.Ignore(RelationalEventId.PendingModelChangesWarning));

    protected override void OnModelCreating(ModelBuilder model) => ShopContext.ConfigureOrders(model);
}

[DbContext(typeof(LedgerContext))]
[Migration("20261124000000_CreateOrders")]
public class CreateOrders : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.AlterDatabase().Annotation("Npgsql:PostgresExtension:identities", ",,");
        migrationBuilder.CreateTable(
            name: "Orders",
            columns: table => new
            {
                Id = table.Column<decimal>(type: "distributedid", nullable: false, defaultValueSql: "distributedid_generate()"),
                Customer = table.Column<string>(type: "text", nullable: false),
                Related = table.Column<decimal[]>(type: "distributedid[]", nullable: false),
                LegacyId = table.Column<decimal>(type: "numeric(28,0)", precision: 28, scale: 0, nullable: false),
            },
            constraints: table => table.PrimaryKey("PK_Orders", x => x.Id));
    }

    protected override void Down(MigrationBuilder migrationBuilder) => migrationBuilder.DropTable(name: "Orders");
}

public class MigrationTests
{
    [Fact]
    public async Task The_model_differ_scaffolds_the_columns_as_the_migration_declares_them()
    {
        await using var context = new LedgerContext();
        var model = context.GetService<IDesignTimeModel>().Model;
        var operations = context.GetService<IMigrationsModelDiffer>().GetDifferences(null, model.GetRelationalModel());
        var table = Assert.Single(operations.OfType<CreateTableOperation>());
        Assert.Equal(["Customer text", "Id distributedid distributedid_generate()", "LegacyId numeric(28,0)", "Related distributedid[]"],
            table.Columns.Select(c => $"{c.Name} {c.ColumnType}{(c.DefaultValueSql is null ? "" : " " + c.DefaultValueSql)}").Order());
    }

    [Fact]
    public async Task Migrate_creates_the_table_and_inserts_take_the_database_default()
    {
        await using (var context = new LedgerContext())
        {
            await context.Database.EnsureDeletedAsync();
            await context.Database.MigrateAsync();
            Assert.Equal(["20261124000000_CreateOrders"], await context.Database.GetAppliedMigrationsAsync());
            context.Orders.AddRange(new Order { Customer = "grace" }, new Order { Customer = "alan", Related = [42m] });
            await context.SaveChangesAsync();
        }
        await using (var context = new LedgerContext())
        {
            var orders = await context.Orders.OrderBy(o => o.Id).ToListAsync();
            Assert.Equal(["grace", "alan"], orders.Select(o => o.Customer));
            Assert.True(orders[0].Id < orders[1].Id);
            Assert.Equal([42m], orders[1].Related);
            Assert.Equal("distributedid", await Database.Scalar<string>(LedgerContext.DatabaseName,
                "SELECT udt_name::text FROM information_schema.columns WHERE table_name = 'Orders' AND column_name = 'Id'"));
            await context.Database.EnsureDeletedAsync();
        }
    }
}
