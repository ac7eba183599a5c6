using System.Data;
using System.Numerics;
using Dapper;
using Npgsql;
using Xunit;

namespace NpgsqlIdentities.Tests;

// Dapper, as teams use it: plain decimal, Guid and BigInteger parameters (Dapper sends them as numeric and uuid, with
// no DataTypeName) and rows mapped onto a class. The extension's cross-type operators make `WHERE id = @id` and
// `= ANY(@ids)` find the rows through the primary key, with the plugin and without it; the plugin makes `SELECT *`
// map the columns to decimal, Guid and BigInteger.
public sealed class DapperTests : IAsyncLifetime
{
    public sealed class Order
    {
        public decimal Id { get; set; }
        public Guid Trip { get; set; }
        public BigInteger Ref { get; set; }
        public decimal? Parent { get; set; }
    }

    // Dapper knows no BigInteger: told once that it is a numeric, it hands the value to Npgsql, which writes it.
    static DapperTests() => SqlMapper.AddTypeMap(typeof(BigInteger), DbType.VarNumeric);

    static readonly Guid SomeIuid = Guid.Parse("01a20942-04f9-8001-8086-1378e8435031");
    static readonly BigInteger SomeSiq = (BigInteger.One << 100) + 7;
    readonly string _table = "dapper_" + Guid.NewGuid().ToString("N")[..12];
    NpgsqlDataSource _withPlugin = null!;
    NpgsqlDataSource _plain = null!;

    public async Task InitializeAsync()
    {
        _withPlugin = Server.WithPlugin();
        _plain = NpgsqlDataSource.Create(Server.ConnectionString());
        await using var connection = await _plain.OpenConnectionAsync();
        await connection.ExecuteAsync($"CREATE TABLE {_table} (id distributedid PRIMARY KEY, trip iuid NOT NULL, ref siq NOT NULL, parent distributedid)");
    }

    public async Task DisposeAsync()
    {
        await using (var connection = await _plain.OpenConnectionAsync())
            await connection.ExecuteAsync($"DROP TABLE IF EXISTS {_table}");
        await _withPlugin.DisposeAsync();
        await _plain.DisposeAsync();
    }

    async Task<decimal[]> InsertOrders(NpgsqlConnection connection, int count)
    {
        var ids = new decimal[count];
        for (var i = 0; i < count; i++)
        {
            ids[i] = 1065896647567317033105227776m + i;
            await connection.ExecuteAsync($"INSERT INTO {_table} (id, trip, ref, parent) VALUES (@Id, @Trip, @Ref, @Parent)",
                new Order { Id = ids[i], Trip = SomeIuid, Ref = SomeSiq + i, Parent = i == 0 ? null : ids[0] });
        }
        return ids;
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public async Task PlainParametersFindTheirRows(bool plugin)
    {
        await using var connection = await (plugin ? _withPlugin : _plain).OpenConnectionAsync();
        var ids = await InsertOrders(connection, 3);

        Assert.Equal(1, await connection.ExecuteScalarAsync<long>($"SELECT count(*) FROM {_table} WHERE id = @id", new { id = ids[1] }));
        Assert.Equal(2, await connection.ExecuteScalarAsync<long>($"SELECT count(*) FROM {_table} WHERE id = ANY(@ids)",
            new { ids = new[] { ids[0], ids[2], 1.5m, 0m } }));
        Assert.Equal(2, await connection.ExecuteScalarAsync<long>($"SELECT count(*) FROM {_table} WHERE id > @from", new { from = ids[0] }));
        Assert.Equal(3, await connection.ExecuteScalarAsync<long>($"SELECT count(*) FROM {_table} WHERE trip = @trip", new { trip = SomeIuid }));
        Assert.Equal(1, await connection.ExecuteScalarAsync<long>($"SELECT count(*) FROM {_table} WHERE ref = @r", new { r = SomeSiq + 2 }));
        Assert.Equal(2, await connection.ExecuteScalarAsync<long>($"SELECT count(*) FROM {_table} WHERE parent = @p", new { p = ids[0] }));
        // What the types cannot hold finds nothing, instead of failing.
        Assert.Equal(0, await connection.ExecuteScalarAsync<long>($"SELECT count(*) FROM {_table} WHERE trip = @trip", new { trip = Guid.NewGuid() }));
        Assert.Equal(0, await connection.ExecuteScalarAsync<long>($"SELECT count(*) FROM {_table} WHERE id = @id", new { id = ids[1] + 0.5m }));
        Assert.Equal(0, await connection.ExecuteScalarAsync<long>($"SELECT count(*) FROM {_table} WHERE ref = @r", new { r = BigInteger.One << 120 }));
    }

    [Fact]
    public async Task PlainParameterUsesThePrimaryKey()
    {
        await using var connection = await _plain.OpenConnectionAsync();
        var ids = await InsertOrders(connection, 2);
        await connection.ExecuteAsync("SET enable_seqscan = off");
        var plan = string.Join("\n", await connection.QueryAsync<string>($"EXPLAIN (COSTS OFF) SELECT * FROM {_table} WHERE id = @id", new { id = ids[1] }));
        Assert.Contains($"Index Scan using {_table}_pkey", plan);
        Assert.Contains("Index Cond: (id = ", plan);
    }

    [Fact]
    public async Task RowsMapOntoAClassThroughThePlugin()
    {
        await using var connection = await _withPlugin.OpenConnectionAsync();
        var ids = await InsertOrders(connection, 2);
        var orders = (await connection.QueryAsync<Order>($"SELECT * FROM {_table} WHERE id = ANY(@ids) ORDER BY id", new { ids })).ToList();
        Assert.Equal(2, orders.Count);
        Assert.Equal(ids[0], orders[0].Id);
        Assert.Equal(SomeIuid, orders[0].Trip);
        Assert.Equal(SomeSiq, orders[0].Ref);
        Assert.Null(orders[0].Parent);
        Assert.Equal(ids[0], orders[1].Parent);
        Assert.Equal(SomeSiq + 1, orders[1].Ref);
    }

    [Fact]
    public async Task RowsMapOntoAClassWithoutThePluginThroughTheBaseTypes()
    {
        await using var connection = await _plain.OpenConnectionAsync();
        var ids = await InsertOrders(connection, 1);
        // (A siq past decimal's range cannot come back as numeric without the plugin: Npgsql reads numeric as decimal.)
        var order = await connection.QuerySingleAsync<Order>(
            $"SELECT id::numeric AS id, trip::uuid AS trip, parent::numeric AS parent FROM {_table} WHERE id = @id",
            new { id = ids[0] });
        Assert.Equal(ids[0], order.Id);
        Assert.Equal(SomeIuid, order.Trip);
        Assert.Null(order.Parent);
    }
}
