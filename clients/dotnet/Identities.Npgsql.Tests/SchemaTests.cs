using System.Numerics;
using Npgsql;
using Xunit;

namespace NpgsqlIdentities.Tests;

// The extension in a schema of its own (CREATE EXTENSION identities SCHEMA ids): the plugin finds its types there.
public sealed class SchemaTests : IAsyncLifetime
{
    readonly string _database = "plugin_schema_" + Guid.NewGuid().ToString("N")[..12];

    public async Task InitializeAsync()
    {
        await using var admin = new NpgsqlConnection(Server.ConnectionString());
        await admin.OpenAsync();
        await new NpgsqlCommand($"CREATE DATABASE {_database}", admin).ExecuteNonQueryAsync();
        await using var connection = new NpgsqlConnection(Server.ConnectionString(_database));
        await connection.OpenAsync();
        await new NpgsqlCommand("CREATE SCHEMA ids; CREATE EXTENSION identities SCHEMA ids", connection).ExecuteNonQueryAsync();
    }

    public async Task DisposeAsync()
    {
        NpgsqlConnection.ClearAllPools();
        await using var admin = new NpgsqlConnection(Server.ConnectionString());
        await admin.OpenAsync();
        await new NpgsqlCommand($"DROP DATABASE IF EXISTS {_database} WITH (FORCE)", admin).ExecuteNonQueryAsync();
    }

    [Fact]
    public async Task TypesInAnotherSchemaReadAndWrite()
    {
        await using var dataSource = Server.WithPlugin(_database);
        await using var connection = await dataSource.OpenConnectionAsync();
        await new NpgsqlCommand("CREATE TABLE t (d ids.distributedid, i ids.iuid, s ids.siq)", connection).ExecuteNonQueryAsync();
        await using (var insert = new NpgsqlCommand("INSERT INTO t VALUES (@d, @i, @s)", connection))
        {
            insert.Parameters.Add(new NpgsqlParameter { ParameterName = "d", Value = 7m, DataTypeName = "ids.distributedid" });
            insert.Parameters.Add(new NpgsqlParameter { ParameterName = "i", Value = Guid.Parse("01a20942-04f9-8001-8086-1378e8435031"), DataTypeName = "iuid" });
            insert.Parameters.Add(new NpgsqlParameter { ParameterName = "s", Value = new BigInteger(9), DataTypeName = "siq" });
            await insert.ExecuteNonQueryAsync();
        }
        await using var select = new NpgsqlCommand("SELECT * FROM t", connection);
        await using var reader = await select.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal(7m, reader.GetValue(0));
        Assert.Equal(Guid.Parse("01a20942-04f9-8001-8086-1378e8435031"), reader.GetValue(1));
        Assert.Equal(new BigInteger(9), reader.GetValue(2));
        Assert.Equal("ids.distributedid", reader.GetDataTypeName(0));
    }
}
