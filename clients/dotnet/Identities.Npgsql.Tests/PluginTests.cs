using System.Numerics;
using Npgsql;
using Npgsql.Identities;
using NpgsqlTypes;
using Xunit;

namespace NpgsqlIdentities.Tests;

// Every type of the extension through the plugin against a real server: reading by every API, typed parameters,
// arrays, NULLs, edges, generated ids checked by the server's own functions, binary COPY both ways, and bad values
// refused in .NET before anything is sent.
public sealed class PluginTests : IAsyncLifetime
{
    static readonly decimal DistributedIdMax = 9_999_999_999_999_999_999_999_999_999m;
    static readonly BigInteger SiqMax = (BigInteger.One << 112) - 1;
    static readonly Guid SomeIuid = Guid.Parse("01a20942-04f9-8001-8086-1378e8435031");
    readonly string _table = "plugin_" + Guid.NewGuid().ToString("N")[..12];
    NpgsqlDataSource _dataSource = null!;
    NpgsqlConnection _connection = null!;

    public async Task InitializeAsync()
    {
        _dataSource = Server.WithPlugin();
        _connection = await _dataSource.OpenConnectionAsync();
        await Execute($"CREATE TABLE {_table} (n int, d distributedid, i iuid, s siq)");
    }

    public async Task DisposeAsync()
    {
        await Execute($"DROP TABLE IF EXISTS {_table}");
        await _connection.DisposeAsync();
        await _dataSource.DisposeAsync();
    }

    async Task Execute(string sql)
    {
        await using var command = new NpgsqlCommand(sql, _connection);
        await command.ExecuteNonQueryAsync();
    }

    async Task<long> Count() => await Server.Scalar<long>(_connection, $"SELECT count(*) FROM {_table}");

    [Fact]
    public async Task SelectStarReadsNativeValues()
    {
        await Execute($"INSERT INTO {_table} VALUES (1, '1065896647567317033105227776', '{SomeIuid}', 'ffffffffffffffffffffffffffff')");
        await using var command = new NpgsqlCommand($"SELECT * FROM {_table}", _connection);
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal(typeof(decimal), reader.GetFieldType(1));
        Assert.Equal(typeof(Guid), reader.GetFieldType(2));
        Assert.Equal(typeof(BigInteger), reader.GetFieldType(3));
        Assert.Equal(1065896647567317033105227776m, reader.GetValue(1));
        Assert.Equal(SomeIuid, reader.GetValue(2));
        Assert.Equal(SiqMax, reader.GetValue(3));
        Assert.Equal(1065896647567317033105227776m, reader.GetFieldValue<decimal>(1));
        Assert.Equal(SomeIuid, reader.GetFieldValue<Guid>(2));
        Assert.Equal(SiqMax, reader.GetFieldValue<BigInteger>(3));
        Assert.Equal("distributedid", reader.GetDataTypeName(1).Split('.').Last());
    }

    [Theory]
    [InlineData("0")]
    [InlineData("1")]
    [InlineData("9223372036854775807")]
    [InlineData("18446744073709551615")]
    [InlineData("18446744073709551616")]
    [InlineData("18446744073709551617")]
    [InlineData("9999999999999999999999999999")]
    public async Task DistributedIdEdgesRoundTripAndCompare(string text)
    {
        var value = decimal.Parse(text);
        await using (var insert = new NpgsqlCommand($"INSERT INTO {_table} (d) VALUES (@d)", _connection))
        {
            insert.Parameters.Add(new NpgsqlParameter<decimal>("d", value) { DataTypeName = "distributedid" });
            await insert.ExecuteNonQueryAsync();
        }
        // The server's own text of what arrived, and a comparison with the column's operator, no cast.
        await using var select = new NpgsqlCommand($"SELECT d, d::text FROM {_table} WHERE d = @d", _connection);
        select.Parameters.Add(new NpgsqlParameter<decimal>("d", value) { DataTypeName = "distributedid" });
        await using var reader = await select.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal(value, reader.GetFieldValue<decimal>(0));
        Assert.Equal(text, reader.GetString(1));
    }

    [Fact]
    public async Task SiqEdgesRoundTripAndCompare()
    {
        foreach (var value in new[] { BigInteger.Zero, BigInteger.One, (BigInteger.One << 64) - 1, BigInteger.One << 64, SiqMax })
        {
            await using (var insert = new NpgsqlCommand($"INSERT INTO {_table} (s) VALUES (@s)", _connection))
            {
                insert.Parameters.Add(new NpgsqlParameter { ParameterName = "s", Value = value, DataTypeName = "siq" });
                await insert.ExecuteNonQueryAsync();
            }
            await using var select = new NpgsqlCommand($"SELECT s, siq_to_numeric(s)::text FROM {_table} WHERE s = @s", _connection);
            select.Parameters.Add(new NpgsqlParameter { ParameterName = "s", Value = value, DataTypeName = "siq" });
            await using var reader = await select.ExecuteReaderAsync();
            Assert.True(await reader.ReadAsync());
            Assert.Equal(value, reader.GetFieldValue<BigInteger>(0));
            Assert.Equal(value.ToString(), reader.GetString(1));
        }
    }

    // Each distributedid, siq, iuid and ulid of test/vectors (its text, and its number: a siq's is its numeric form): the
    // plugin writes the number as the server's text says and reads the server's value of the text as that number.
    public static IEnumerable<object[]> VectorValues() =>
        Vectors.Rows("distributedid").Select(v => new object[] { "distributedid", v["distributedid"]!, v["distributedid"]! })
            .Concat(Vectors.Rows("siq", "forms").Select(v => new object[] { "siq", v["siq"]!, v["numeric"]! }))
            .Concat(Vectors.Rows("iuid").Select(v => new object[] { "iuid", v["iuid"]!, v["iuid"]! }))
            .Concat(Vectors.Rows("ulid", "id").Select(v => new object[] { "ulid", v["ulid"]!, v["ulid"]! }));

    [Theory]
    [MemberData(nameof(VectorValues))]
    public async Task VectorValuesRoundTrip(string type, string text, string number)
    {
        object value = type switch
        {
            "distributedid" => decimal.Parse(number),
            "siq" => BigInteger.Parse(number),
            "ulid" => Ulid.Parse(number),
            _ => Guid.Parse(number),
        };
        await using var command = new NpgsqlCommand($"SELECT @v, @v::text, @t::{type}, @t::{type} = @v", _connection);
        command.Parameters.Add(new NpgsqlParameter { ParameterName = "v", Value = value, DataTypeName = type });
        command.Parameters.Add(new NpgsqlParameter<string>("t", text));
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal(value, reader.GetValue(0));
        Assert.Equal(text, reader.GetString(1));
        Assert.Equal(value, reader.GetValue(2));
        Assert.True(reader.GetBoolean(3));
    }

    // Each ulid of test/vectors: the server's uuid and timestamp of the Ulid sent are the file's, and the server reads
    // each text the codec reads (either case, I L O) as the same Ulid and refuses the others with the file's SQLSTATE.
    [Fact]
    public async Task UlidVectorsAgreeWithTheServer()
    {
        foreach (var row in Vectors.Rows("ulid", "id"))
        {
            await using var command = new NpgsqlCommand(
                "SELECT @u::uuid, (extract(epoch FROM ulid_extract_timestamp(@u)) * 1000)::bigint", _connection);
            command.Parameters.AddWithValue("u", Ulid.Parse(row["ulid"]!)); // a Ulid needs no data type name
            await using var reader = await command.ExecuteReaderAsync();
            Assert.True(await reader.ReadAsync());
            Assert.Equal(Guid.Parse(row["uuid"]!), reader.GetGuid(0));
            Assert.Equal(ConverterTests.UnixMillisecondsOf(row["timestamp"]!), reader.GetInt64(1));
        }
        foreach (var row in Vectors.Rows("ulid", "input"))
        {
            await using var command = new NpgsqlCommand("SELECT @t::ulid", _connection);
            command.Parameters.AddWithValue("t", row["text"]!);
            Assert.Equal(Ulid.Parse(row["text"]!), await command.ExecuteScalarAsync());
        }
        foreach (var row in Vectors.Rows("ulid", "invalid"))
        {
            await using var command = new NpgsqlCommand("SELECT @t::ulid", _connection);
            command.Parameters.AddWithValue("t", row["text"]!);
            var e = await Assert.ThrowsAsync<PostgresException>(() => command.ExecuteScalarAsync());
            Assert.Equal(row["sqlstate"], e.SqlState);
        }
    }

    [Fact]
    public async Task UlidReadsWritesArraysAndBinaryCopy()
    {
        await Execute("CREATE TEMP TABLE ulids (n serial, u ulid, ua ulid[])");
        // generated: a Ulid by default, or the Guid of its bits; the server's text, uuid and timestamp agree
        await using (var command = new NpgsqlCommand("SELECT u, u, u::text, u::uuid, " +
            "(extract(epoch FROM ulid_extract_timestamp(u)) * 1000)::bigint FROM ulid_generate() AS u", _connection))
        await using (var reader = await command.ExecuteReaderAsync())
        {
            Assert.True(await reader.ReadAsync());
            Assert.Equal(typeof(Ulid), reader.GetFieldType(0));
            var u = Assert.IsType<Ulid>(reader.GetValue(0));
            Assert.Equal(u.ToGuid(), reader.GetFieldValue<Guid>(1));
            Assert.Equal(reader.GetString(2), u.ToString());
            Assert.Equal(reader.GetGuid(3), u.ToGuid());
            Assert.Equal(reader.GetInt64(4), u.UnixMilliseconds);
        }
        // parameters: Ulid and Ulid[] as they are, a Guid and Guid[] naming ulid
        var some = Ulid.Parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
        await using (var insert = new NpgsqlCommand("INSERT INTO ulids (u, ua) VALUES (@u, @ua), (@g, @ga)", _connection))
        {
            insert.Parameters.AddWithValue("u", some);
            insert.Parameters.AddWithValue("ua", new[] { some, Ulid.MaxValue });
            insert.Parameters.Add(new NpgsqlParameter<Guid>("g", some.ToGuid()) { DataTypeName = "ulid" });
            insert.Parameters.Add(new NpgsqlParameter { ParameterName = "ga", Value = new[] { some.ToGuid(), Ulid.MaxValue.ToGuid() }, DataTypeName = "ulid[]" });
            Assert.Equal(2, await insert.ExecuteNonQueryAsync());
        }
        await using (var select = new NpgsqlCommand("SELECT u, ua FROM ulids WHERE u = @u AND @max = ANY (ua)", _connection))
        {
            select.Parameters.AddWithValue("u", some);
            select.Parameters.AddWithValue("max", Ulid.MaxValue);
            await using var reader = await select.ExecuteReaderAsync();
            for (var row = 0; row < 2; row++)
            {
                Assert.True(await reader.ReadAsync());
                Assert.Equal(some, reader.GetFieldValue<Ulid>(0));
                Assert.Equal(new[] { some, Ulid.MaxValue }, reader.GetFieldValue<Ulid[]>(1));
            }
            Assert.False(await reader.ReadAsync());
        }
        await Execute("INSERT INTO ulids (u, ua) SELECT ulid_generate(), ARRAY[ulid_generate(), NULL] FROM generate_series(1, 10)");
        // binary COPY out and back in
        var rows = new List<(Ulid u, Ulid?[] ua)>();
        await using (var exporter = await _connection.BeginBinaryExportAsync("COPY (SELECT u, ua FROM ulids ORDER BY n) TO STDOUT (FORMAT BINARY)"))
            while (await exporter.StartRowAsync() != -1)
                rows.Add((await exporter.ReadAsync<Ulid>(), await exporter.ReadAsync<Ulid?[]>()));
        Assert.Equal(12, rows.Count);
        Assert.Equal(new Ulid?[] { some, Ulid.MaxValue }, rows[0].ua);
        Assert.Null(rows[^1].ua[1]);
        await Execute("CREATE TEMP TABLE ulids_copied (n serial, u ulid, ua ulid[])");
        await using (var importer = await _connection.BeginBinaryImportAsync("COPY ulids_copied (u, ua) FROM STDIN (FORMAT BINARY)"))
        {
            foreach (var (u, ua) in rows)
            {
                await importer.StartRowAsync();
                await importer.WriteAsync(u);
                await importer.WriteAsync(ua);
            }
            await importer.CompleteAsync();
        }
        Assert.Equal(0L, await Server.Scalar<long>(_connection,
            "SELECT count(*) FROM ((SELECT n, u, ua FROM ulids EXCEPT SELECT n, u, ua FROM ulids_copied) " +
            "UNION ALL (SELECT n, u, ua FROM ulids_copied EXCEPT SELECT n, u, ua FROM ulids)) AS d"));
    }

    [Fact]
    public async Task GeneratedIdsReadAsTheServerExtractsThem()
    {
        await Execute("SET identities.siq_domain = 'example.com'");
        await using var command = new NpgsqlCommand(
            "SELECT d, distributedid_to_numeric(d)::text, i, iuid_extract_country(i), iuid_extract_service_entity(i), i::text, " +
            "       s, siq_extract_shard(s), siq_to_numeric(s)::text " +
            "FROM (SELECT distributedid_generate() AS d, iuid_generate(42, 7) AS i, siq_generate('message', 'example.com', 3) AS s) g",
            _connection);
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal(reader.GetString(1), reader.GetFieldValue<decimal>(0).ToString());
        var iuid = reader.GetFieldValue<Guid>(2);
        Assert.Equal(reader.GetString(5), iuid.ToString());
        var bytes = iuid.ToByteArray(bigEndian: true);
        Assert.Equal(reader.GetInt32(3), Country(bytes));
        Assert.Equal(reader.GetInt32(4), ServiceEntity(bytes));
        Assert.Equal((42, 7), (Country(bytes), ServiceEntity(bytes)));
        Assert.Equal(3, reader.GetInt32(7));
        Assert.Equal(reader.GetString(8), reader.GetFieldValue<BigInteger>(6).ToString());
    }

    // iUID's layout: [48-bit ms][version 8][4-bit format][8-bit country][variant 10][8-bit service entity][random]
    static int Country(byte[] uuid) => uuid[7];
    static int ServiceEntity(byte[] uuid) => ((uuid[8] & 0x3F) << 2) | (uuid[9] >> 6);

    [Fact]
    public async Task ArraysAndNullsRoundTrip()
    {
        var decimals = new[] { 0m, 1m, DistributedIdMax };
        var guids = new[] { SomeIuid, Guid.Parse("01a20942-04f9-8fff-bfff-ffffffffffff") };
        var siqs = new[] { BigInteger.Zero, SiqMax };
        await using var command = new NpgsqlCommand(
            "SELECT @d, @i, @s, @dn, array_length(@d, 1), (@d)[3]::text, (@s)[2]::text", _connection);
        command.Parameters.Add(new NpgsqlParameter { ParameterName = "d", Value = decimals, DataTypeName = "distributedid[]" });
        command.Parameters.Add(new NpgsqlParameter { ParameterName = "i", Value = guids, DataTypeName = "iuid[]" });
        command.Parameters.Add(new NpgsqlParameter { ParameterName = "s", Value = siqs, DataTypeName = "siq[]" });
        command.Parameters.Add(new NpgsqlParameter { ParameterName = "dn", Value = DBNull.Value, DataTypeName = "distributedid" });
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal(decimals, reader.GetFieldValue<decimal[]>(0));
        Assert.Equal(guids, reader.GetFieldValue<Guid[]>(1));
        Assert.Equal(siqs, reader.GetFieldValue<BigInteger[]>(2));
        Assert.Equal(siqs, reader.GetFieldValue<List<BigInteger>>(2));
        Assert.True(reader.IsDBNull(3));
        Assert.Equal(3, reader.GetInt32(4));
        Assert.Equal("9999999999999999999999999999", reader.GetString(5));
        Assert.Equal("ffffffffffffffffffffffffffff", reader.GetString(6));
    }

    [Fact]
    public async Task UntypedParametersKeepNpgsqlsOwnMappings()
    {
        // Without a DataTypeName a decimal is numeric, a Guid uuid: the extension's assignment casts fill the columns.
        await using var insert = new NpgsqlCommand($"INSERT INTO {_table} (d, i) VALUES (@d, @i) RETURNING pg_typeof(@d)::text, pg_typeof(@i)::text", _connection);
        insert.Parameters.AddWithValue("d", 42m);
        insert.Parameters.AddWithValue("i", SomeIuid);
        await using var reader = await insert.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal("numeric", reader.GetString(0));
        Assert.Equal("uuid", reader.GetString(1));
    }

    [Fact]
    public async Task BinaryCopyInAndOut()
    {
        var rows = Enumerable.Range(0, 1000).Select(n => (n, d: (decimal)n * 1_000_000_000_000_000_000m,
            i: Guid.Parse($"01a20942-04f9-8001-8086-{n:x12}"), s: (BigInteger.One << 100) + n)).ToList();
        await using (var writer = await _connection.BeginBinaryImportAsync($"COPY {_table} (n, d, i, s) FROM STDIN (FORMAT binary)"))
        {
            foreach (var row in rows)
            {
                await writer.StartRowAsync();
                await writer.WriteAsync(row.n, NpgsqlDbType.Integer);
                await writer.WriteAsync(row.d, "distributedid");
                await writer.WriteAsync(row.i, "iuid");
                await writer.WriteAsync(row.s, "siq");
            }
            await writer.CompleteAsync();
        }
        Assert.Equal(1000L, await Server.Scalar<long>(_connection,
            $"SELECT count(*) FROM {_table} WHERE d = (n::numeric * 1000000000000000000)::distributedid AND s = (2::numeric ^ 100 + n)::siq"));
        var read = new List<(int, decimal, Guid, BigInteger)>();
        await using (var reader = await _connection.BeginBinaryExportAsync($"COPY (SELECT n, d, i, s FROM {_table} ORDER BY n) TO STDOUT (FORMAT binary)"))
        {
            while (await reader.StartRowAsync() != -1)
                read.Add((await reader.ReadAsync<int>(), await reader.ReadDistributedIdAsync(), await reader.ReadIuidAsync(),
                    await reader.ReadSiqAsync()));
        }
        Assert.Equal(rows.Select(r => (r.n, r.d, r.i, r.s)), read);
    }

    // Issue 39: the edge values, through the plugin (parameters, binary COPY both ways) and through Npgsql's own
    // numeric converter, which reads and writes the same binary form.
    static readonly decimal[] EdgeValues = [0m, 1m, 7m, 9999m, 10000m, 10001m, 100000000m, 9223372036854775807m,
        18446744073709551616m, 1_000_000_000_000_000_000_000_000m, DistributedIdMax, .. Vectors.Rows("distributedid")
            .Select(v => decimal.Parse(v["distributedid"]!))];

    [Fact]
    public async Task EdgeValuesRoundTripAndReadAsNumeric()
    {
        var rows = EdgeValues.Select((d, n) => (n, d, s: n == 0 ? SiqMax : (BigInteger)d)).ToList();
        await using (var writer = await _connection.BeginBinaryImportAsync($"COPY {_table} (n, d, s) FROM STDIN (FORMAT binary)"))
        {
            foreach (var row in rows)
            {
                await writer.StartRowAsync();
                await writer.WriteAsync(row.n, NpgsqlDbType.Integer);
                await writer.WriteAsync(row.d, "distributedid");
                await writer.WriteAsync(row.s, "siq");
            }
            await writer.CompleteAsync();
        }
        Assert.Equal(EdgeValues.Length, (int)await Count());
        Assert.Equal(EdgeValues.Select(d => d.ToString()), await Texts($"SELECT d::text FROM {_table} ORDER BY n"));
        // the plugin's readers, and Npgsql's numeric converter (no data type name), read the same values
        var viaPlugin = new List<(int, decimal, BigInteger)>();
        var asNumeric = new List<(int, decimal, BigInteger)>();
        await using (var reader = await _connection.BeginBinaryExportAsync($"COPY (SELECT n, d, s FROM {_table} ORDER BY n) TO STDOUT (FORMAT binary)"))
            while (await reader.StartRowAsync() != -1)
                viaPlugin.Add((await reader.ReadAsync<int>(), await reader.ReadDistributedIdAsync(), await reader.ReadSiqAsync()));
        await using (var reader = await _connection.BeginBinaryExportAsync($"COPY (SELECT n, d, s FROM {_table} ORDER BY n) TO STDOUT (FORMAT binary)"))
            while (await reader.StartRowAsync() != -1)
                asNumeric.Add((await reader.ReadAsync<int>(), await reader.ReadAsync<decimal>(), await reader.ReadAsync<BigInteger>()));
        Assert.Equal(rows.Select(r => (r.n, r.d, r.s)), viaPlugin);
        Assert.Equal(rows.Select(r => (r.n, r.d, r.s)), asNumeric);
        // typed parameters and results
        foreach (var (n, d, s) in rows)
        {
            await using var command = new NpgsqlCommand("SELECT @d, @s, @d::text, @s::numeric::text", _connection);
            command.Parameters.Add(new NpgsqlParameter<decimal>("d", d) { DataTypeName = "distributedid" });
            command.Parameters.Add(new NpgsqlParameter<BigInteger>("s", s) { DataTypeName = "siq" });
            await using var reader = await command.ExecuteReaderAsync();
            Assert.True(await reader.ReadAsync());
            Assert.Equal(d, reader.GetFieldValue<decimal>(0));
            Assert.Equal(s, reader.GetFieldValue<BigInteger>(1));
            Assert.Equal(d.ToString(), reader.GetString(2));
            Assert.Equal(s.ToString(), reader.GetString(3));
        }
    }

    async Task<List<string>> Texts(string sql)
    {
        var texts = new List<string>();
        await using var command = new NpgsqlCommand(sql, _connection);
        await using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync())
            texts.Add(reader.GetString(0));
        return texts;
    }

    public static TheoryData<string, object> BadValues => new()
    {
        { "distributedid", -1m },
        { "distributedid", 1.5m },
        { "distributedid", 10_000_000_000_000_000_000_000_000_000m },
        { "iuid", Guid.Parse("01a20942-04f9-7001-8086-1378e8435031") },   // version 7
        { "iuid", Guid.Parse("01a20942-04f9-8001-c086-1378e8435031") },   // variant 110
        { "siq", BigInteger.One << 112 },
        { "siq", BigInteger.MinusOne },
    };

    [Theory]
    [MemberData(nameof(BadValues))]
    public async Task BadValuesFailInDotNetAndWriteNothing(string type, object value)
    {
        var column = type switch { "distributedid" => "d", "iuid" => "i", _ => "s" };
        await using var insert = new NpgsqlCommand($"INSERT INTO {_table} ({column}) VALUES (@v)", _connection);
        insert.Parameters.Add(new NpgsqlParameter { ParameterName = "v", Value = value, DataTypeName = type });
        var error = await Assert.ThrowsAnyAsync<ArgumentException>(() => insert.ExecuteNonQueryAsync());
        Assert.Contains(type, error.Message);
        // The connection is as good as before, and nothing was written.
        Assert.Equal(0L, await Count());
        // Binary COPY refuses the value too, before the row is sent.
        await using var writer = await _connection.BeginBinaryImportAsync($"COPY {_table} ({column}) FROM STDIN (FORMAT binary)");
        await writer.StartRowAsync();
        await Assert.ThrowsAnyAsync<ArgumentException>(() => writer.WriteAsync(value, type));
    }

    // One bad element refuses the whole array before anything is sent.
    [Theory]
    [InlineData("distributedid[]")]
    [InlineData("iuid[]")]
    [InlineData("siq[]")]
    public async Task ABadElementInsideAnArrayFailsInDotNet(string type)
    {
        object value = type switch
        {
            "distributedid[]" => new[] { 1m, 2.5m },
            "iuid[]" => new[] { SomeIuid, Guid.NewGuid() },
            _ => new[] { BigInteger.One, BigInteger.One << 112 },
        };
        await using var command = new NpgsqlCommand("SELECT cardinality(@v)", _connection);
        command.Parameters.Add(new NpgsqlParameter { ParameterName = "v", Value = value, DataTypeName = type });
        await Assert.ThrowsAnyAsync<ArgumentException>(() => command.ExecuteScalarAsync());
        Assert.Equal(1, await Server.Scalar<int>(_connection, "SELECT 1")); // the connection is as good as before
    }

    [Fact]
    public async Task SiqReadsAndWritesAsUInt128()
    {
        var max = (UInt128.One << 112) - 1;
        await using var command = new NpgsqlCommand("SELECT @s, @s::text, @a, 'ffffffffffffffffffffffffffff'::siq", _connection);
        command.Parameters.Add(new NpgsqlParameter { ParameterName = "s", Value = max, DataTypeName = "siq" });
        command.Parameters.Add(new NpgsqlParameter { ParameterName = "a", Value = new[] { UInt128.Zero, (UInt128)7 }, DataTypeName = "siq[]" });
        await using (var reader = await command.ExecuteReaderAsync())
        {
            Assert.True(await reader.ReadAsync());
            Assert.Equal(max, reader.GetFieldValue<UInt128>(0));
            Assert.Equal("ffffffffffffffffffffffffffff", reader.GetString(1));
            Assert.Equal(new[] { UInt128.Zero, (UInt128)7 }, reader.GetFieldValue<UInt128[]>(2));
            Assert.Equal(max, reader.GetFieldValue<UInt128?>(3));
            Assert.Equal(SiqMax, reader.GetValue(3)); // BigInteger stays what GetValue returns
        }
        await using var tooLarge = new NpgsqlCommand("SELECT @s", _connection);
        tooLarge.Parameters.Add(new NpgsqlParameter { ParameterName = "s", Value = UInt128.One << 112, DataTypeName = "siq" });
        Assert.Contains("2^112", (await Assert.ThrowsAnyAsync<ArgumentException>(() => tooLarge.ExecuteScalarAsync())).Message);
    }

    [Fact]
    public async Task BinaryCopyOutReadsNullsThroughTheNullableHelpers()
    {
        await Execute($"INSERT INTO {_table} (n) VALUES (1)");
        await Execute($"INSERT INTO {_table} VALUES (2, '5', '{SomeIuid}', '0000000000000000000000000007')");
        await using var exporter = await _connection.BeginBinaryExportAsync($"COPY (SELECT d, i, s FROM {_table} ORDER BY n) TO STDOUT (FORMAT binary)");
        Assert.Equal(3, await exporter.StartRowAsync());
        Assert.Null(await exporter.ReadNullableDistributedIdAsync());
        Assert.Null(exporter.ReadNullableIuid());
        Assert.Null(await exporter.ReadNullableSiqAsync());
        Assert.Equal(3, await exporter.StartRowAsync());
        Assert.Equal(5m, exporter.ReadNullableDistributedId());
        Assert.Equal(SomeIuid, await exporter.ReadNullableIuidAsync());
        Assert.Equal(new BigInteger(7), exporter.ReadNullableSiq());
        Assert.Equal(-1, await exporter.StartRowAsync());
    }

    [Fact]
    public async Task NullsReadAsNullableValues()
    {
        await Execute($"INSERT INTO {_table} (n) VALUES (1)");
        await Execute($"INSERT INTO {_table} VALUES (2, '5', '{SomeIuid}', '0000000000000000000000000007')");
        await using var command = new NpgsqlCommand($"SELECT d, i, s FROM {_table} ORDER BY n", _connection);
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Null(reader.GetFieldValue<decimal?>(0));
        Assert.Null(reader.GetFieldValue<Guid?>(1));
        Assert.True(reader.IsDBNull(2));
        Assert.Equal(DBNull.Value, reader.GetValue(2));
        Assert.True(await reader.ReadAsync());
        Assert.Equal(5m, reader.GetFieldValue<decimal?>(0));
        Assert.Equal(SomeIuid, reader.GetFieldValue<Guid?>(1));
        Assert.Equal(new BigInteger(7), reader.GetFieldValue<BigInteger?>(2));
    }

    [Fact]
    public async Task IntegralDecimalOfAnotherScaleIsTheInteger()
    {
        await using var command = new NpgsqlCommand("SELECT @d::text", _connection);
        command.Parameters.Add(new NpgsqlParameter<decimal>("d", 1.000m) { DataTypeName = "distributedid" });
        Assert.Equal("1", await command.ExecuteScalarAsync());
    }

    [Fact]
    public async Task TheServersErrorsStillArriveWithTheirSqlState()
    {
        await using var command = new NpgsqlCommand("SELECT 'not an id'::distributedid", _connection);
        var error = await Assert.ThrowsAsync<PostgresException>(() => command.ExecuteScalarAsync());
        Assert.Equal("22P02", error.SqlState);
    }
}
