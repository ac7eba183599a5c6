using Npgsql;

namespace NpgsqlIdentities.Tests;

// The server of the tests: libpq's variables (PGHOST, PGPORT, PGUSER, PGDATABASE), as the test command sets them;
// its database has the extension in public, and the server preloads identities.
public static class Server
{
    public static string ConnectionString(string? database = null) => new NpgsqlConnectionStringBuilder
    {
        Host = Environment.GetEnvironmentVariable("PGHOST") ?? "localhost",
        Port = int.Parse(Environment.GetEnvironmentVariable("PGPORT") ?? "5432"),
        Username = Environment.GetEnvironmentVariable("PGUSER") ?? "postgres",
        Database = database ?? Environment.GetEnvironmentVariable("PGDATABASE") ?? "postgres",
        Pooling = false,
    }.ConnectionString;

    public static NpgsqlDataSource WithPlugin(string? database = null)
    {
        var builder = new NpgsqlDataSourceBuilder(ConnectionString(database));
        builder.UseIdentities();
        return builder.Build();
    }

    public static async Task<T> Scalar<T>(NpgsqlConnection connection, string sql)
    {
        await using var command = new NpgsqlCommand(sql, connection);
        return (T)(await command.ExecuteScalarAsync())!;
    }
}
