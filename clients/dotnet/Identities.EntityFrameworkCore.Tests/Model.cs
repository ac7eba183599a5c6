using System.Data.Common;
using System.Numerics;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Npgsql;

namespace EFCoreIdentities.Tests;

// An application's entities, keyed by each of the extension's types, with the database's DEFAULT as the id.
public class Order
{
    public decimal Id { get; set; }
    public string Customer { get; set; } = "";
    public decimal[] Related { get; set; } = [];
    public decimal LegacyId { get; set; } // an id in numeric(28,0), as Architect's DecimalIdConvention declares them
}

public class Ride
{
    public Guid Id { get; set; }
    public int Fare { get; set; }
    public List<Guid> Legs { get; set; } = [];
}

public class Message
{
    public BigInteger Id { get; set; }
    public string Body { get; set; } = "";
}

public class ShopContext(string database, SqlLog? log = null) : DbContext
{
    public DbSet<Order> Orders => Set<Order>();
    public DbSet<Ride> Rides => Set<Ride>();
    public DbSet<Message> Messages => Set<Message>();

    protected override void OnConfiguring(DbContextOptionsBuilder options)
    {
        options.UseNpgsql(Server.ConnectionString(database), o => o.UseIdentities());
        if (log is not null)
            options.AddInterceptors(log);
    }

    protected override void OnModelCreating(ModelBuilder model)
    {
        ConfigureOrders(model);
        model.Entity<Ride>(ride =>
        {
            ride.Property(r => r.Id).HasColumnType("iuid").HasDefaultValueSql("iuid_generate(42, 7)");
            ride.Property(r => r.Legs).HasColumnType("iuid[]");
        });
        model.Entity<Message>(message =>
            message.Property(m => m.Id).HasColumnType("siq").HasDefaultValueSql("siq_generate('message', 'example.com', 9)"));
    }

    // The extension and the orders, as every context of the tests declares them.
    public static void ConfigureOrders(ModelBuilder model)
    {
        model.HasPostgresExtension("identities");
        model.Entity<Order>(order =>
        {
            order.Property(o => o.Id).HasColumnType("distributedid").HasDefaultValueSql("distributedid_generate()");
            order.Property(o => o.Related).HasColumnType("distributedid[]");
            order.Property(o => o.LegacyId).HasPrecision(28, 0);
        });
    }
}

// The commands EF Core sends, with their parameters, to be EXPLAINed as they were sent.
public class SqlLog : DbCommandInterceptor
{
    public List<(string Sql, NpgsqlParameter[] Parameters)> Commands { get; } = [];

    public override InterceptionResult<DbDataReader> ReaderExecuting(DbCommand command, CommandEventData eventData,
        InterceptionResult<DbDataReader> result)
    {
        Record(command);
        return result;
    }

    public override ValueTask<InterceptionResult<DbDataReader>> ReaderExecutingAsync(DbCommand command, CommandEventData eventData,
        InterceptionResult<DbDataReader> result, CancellationToken cancellationToken = default)
    {
        Record(command);
        return ValueTask.FromResult(result);
    }

    void Record(DbCommand command)
        => Commands.Add((command.CommandText, command.Parameters.Cast<NpgsqlParameter>().Select(p => p.Clone()).ToArray()));

    public (string Sql, NpgsqlParameter[] Parameters) Last => Commands[^1];
}

// The connection string and the plugin's data source are NpgsqlIdentities.Tests' Server (its Server.cs is compiled
// here too); these helpers read one database of the server.
public static class Database
{
    // The plan of a command as EF Core sent it, through the Identities.Npgsql plugin.
    public static async Task<string> Explain(string database, (string Sql, NpgsqlParameter[] Parameters) command)
    {
        await using var dataSource = Server.WithPlugin(database);
        await using var explain = dataSource.CreateCommand("EXPLAIN (COSTS OFF) " + command.Sql);
        foreach (var parameter in command.Parameters)
            explain.Parameters.Add(parameter.Clone());
        var plan = new List<string>();
        await using var reader = await explain.ExecuteReaderAsync();
        while (await reader.ReadAsync())
            plan.Add(reader.GetString(0));
        return string.Join("\n", plan);
    }

    public static async Task<T> Scalar<T>(string database, string sql)
    {
        await using var connection = new NpgsqlConnection(Server.ConnectionString(database));
        await connection.OpenAsync();
        return await Server.Scalar<T>(connection, sql);
    }
}
