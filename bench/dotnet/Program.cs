// The Npgsql plugin against Npgsql's built-in handlers, in one run on one server: reading N rows of each type
// through the plugin (distributedid as decimal, iuid as Guid, siq as BigInteger) against reading the same values
// from numeric and uuid columns, binary COPY import of N rows likewise, Dapper mapping N rows onto a class, and
// primary-key lookups with Dapper's plain decimal parameter (the cross-type operator) against a typed one. Rounds are interleaved (each round runs
// every case once, in an order that alternates), and each case reports its median and best time and the ratio of
// the plugin's best to the built-in's best.
using System.Diagnostics;
using System.Numerics;
using Dapper;
using Npgsql;
using NpgsqlTypes;

var rows = args.Length > 0 ? int.Parse(args[0]) : 1_000_000;
var rounds = args.Length > 1 ? int.Parse(args[1]) : 5;
var builder = new NpgsqlDataSourceBuilder(new NpgsqlConnectionStringBuilder
{
    Host = Environment.GetEnvironmentVariable("PGHOST"), Port = int.Parse(Environment.GetEnvironmentVariable("PGPORT") ?? "5432"),
    Username = Environment.GetEnvironmentVariable("PGUSER"), Database = Environment.GetEnvironmentVariable("PGDATABASE"),
}.ConnectionString);
builder.UseIdentities();
await using var dataSource = builder.Build();
await using var connection = await dataSource.OpenConnectionAsync();

async Task Execute(string sql) { await using var c = new NpgsqlCommand(sql, connection); c.CommandTimeout = 0; await c.ExecuteNonQueryAsync(); }

// The same values in our types and in the built-in ones.
await Execute("DROP TABLE IF EXISTS bench_values");
await Execute($"""
    CREATE TABLE bench_values AS
    SELECT d, d::numeric AS d_numeric, i, i::uuid AS i_uuid, s, siq_to_numeric(s) AS s_numeric
    FROM (SELECT distributedid_generate() AS d, iuid_generate(42, 7) AS i, siq_generate('message') AS s
          FROM generate_series(1, {rows})) AS g
    """);
await Execute("VACUUM ANALYZE bench_values");
var decimals = new List<decimal>(rows);
var guids = new List<Guid>(rows);
var bigIntegers = new List<BigInteger>(rows);
await using (var command = new NpgsqlCommand("SELECT d, i, s FROM bench_values", connection))
await using (var reader = await command.ExecuteReaderAsync())
    while (await reader.ReadAsync())
    {
        decimals.Add(reader.GetFieldValue<decimal>(0));
        guids.Add(reader.GetFieldValue<Guid>(1));
        bigIntegers.Add(reader.GetFieldValue<BigInteger>(2));
    }
foreach (var (table, type) in new[] { ("d", "distributedid"), ("d_numeric", "numeric"), ("i", "iuid"), ("i_uuid", "uuid"), ("s", "siq"), ("s_numeric", "numeric") })
    await Execute($"DROP TABLE IF EXISTS bench_copy_{table}; CREATE UNLOGGED TABLE bench_copy_{table} (v {type})");

async Task Read<T>(string column)
{
    await using var command = new NpgsqlCommand($"SELECT {column} FROM bench_values", connection);
    await using var reader = await command.ExecuteReaderAsync();
    var count = 0;
    while (await reader.ReadAsync()) { reader.GetFieldValue<T>(0); count++; }
    if (count != rows) throw new Exception("rows lost");
}

async Task Copy<T>(string table, List<T> values, Func<NpgsqlBinaryImporter, T, Task> write)
{
    await Execute($"TRUNCATE bench_copy_{table}");
    await using var importer = await connection.BeginBinaryImportAsync($"COPY bench_copy_{table} (v) FROM STDIN (FORMAT binary)");
    foreach (var value in values)
    {
        await importer.StartRowAsync();
        await write(importer, value);
    }
    if (await importer.CompleteAsync() != (ulong)rows) throw new Exception("rows lost");
}

async Task DapperRows(string sql)
{
    if ((await connection.QueryAsync<Row>(sql)).Count() != rows) throw new Exception("rows lost");
}

// Lookups by primary key: as many as a tenth of the rows, each a round trip.
var lookups = decimals.Where((_, i) => i % 10 == 0).ToList();
await Execute("ALTER TABLE bench_values ADD PRIMARY KEY (d); CREATE UNIQUE INDEX ON bench_values (d_numeric); ANALYZE bench_values");
async Task Lookups(string sql, Func<decimal, object> parameter)
{
    foreach (var id in lookups)
        if (await connection.ExecuteScalarAsync<int>(sql, parameter(id)) != 1) throw new Exception("row not found");
}

var cases = new (string Name, string Pair, Func<Task> Run)[]
{
    ("read distributedid as decimal (plugin)", "read decimal", () => Read<decimal>("d")),
    ("read numeric as decimal (built-in)", "read decimal", () => Read<decimal>("d_numeric")),
    ("read iuid as Guid (plugin)", "read Guid", () => Read<Guid>("i")),
    ("read uuid as Guid (built-in)", "read Guid", () => Read<Guid>("i_uuid")),
    ("read siq as BigInteger (plugin)", "read BigInteger", () => Read<BigInteger>("s")),
    ("read numeric as BigInteger (built-in)", "read BigInteger", () => Read<BigInteger>("s_numeric")),
    ("COPY in decimal as distributedid (plugin)", "COPY decimal", () => Copy("d", decimals, (w, v) => w.WriteAsync(v, "distributedid"))),
    ("COPY in decimal as numeric (built-in)", "COPY decimal", () => Copy("d_numeric", decimals, (w, v) => w.WriteAsync(v, NpgsqlDbType.Numeric))),
    ("COPY in Guid as iuid (plugin)", "COPY Guid", () => Copy("i", guids, (w, v) => w.WriteAsync(v, "iuid"))),
    ("COPY in Guid as uuid (built-in)", "COPY Guid", () => Copy("i_uuid", guids, (w, v) => w.WriteAsync(v, NpgsqlDbType.Uuid))),
    ("COPY in Guid as uuid, named \"uuid\" (built-in)", "COPY Guid", () => Copy("i_uuid", guids, (w, v) => w.WriteAsync(v, "uuid"))),
    ("COPY in BigInteger as siq (plugin)", "COPY BigInteger", () => Copy("s", bigIntegers, (w, v) => w.WriteAsync(v, "siq"))),
    ("COPY in BigInteger as numeric (built-in)", "COPY BigInteger", () => Copy("s_numeric", bigIntegers, (w, v) => w.WriteAsync(v, NpgsqlDbType.Numeric))),
    ("Dapper rows of distributedid, iuid onto a class (plugin)", "Dapper rows", () => DapperRows("SELECT d AS D, i AS I FROM bench_values")),
    ("Dapper rows of numeric, uuid onto a class (built-in)", "Dapper rows", () => DapperRows("SELECT d_numeric AS D, i_uuid AS I FROM bench_values")),
    ("Dapper lookups, distributedid = plain decimal (cross-type)", "Dapper lookups", () => Lookups("SELECT 1 FROM bench_values WHERE d = @id", id => new { id })),
    ("Dapper lookups, distributedid = typed distributedid (plugin)", "Dapper lookups", () => Lookups("SELECT 1 FROM bench_values WHERE d = @id", id => new { id = new TypedDistributedId(id) })),
    ("Dapper lookups, numeric = decimal (built-in)", "Dapper lookups", () => Lookups("SELECT 1 FROM bench_values WHERE d_numeric = @id", id => new { id })),
};
var times = cases.ToDictionary(c => c.Name, _ => new List<double>());
foreach (var c in cases) await c.Run(); // warm-up: JIT, caches
for (var round = 0; round < rounds; round++)
    foreach (var c in round % 2 == 0 ? cases : cases.Reverse())
    {
        var watch = Stopwatch.StartNew();
        await c.Run();
        times[c.Name].Add(watch.Elapsed.TotalMilliseconds);
    }

Console.WriteLine($"{rows} rows, {rounds} rounds interleaved; Npgsql {typeof(NpgsqlConnection).Assembly.GetName().Version}, .NET {Environment.Version}");
Console.WriteLine();
Console.WriteLine("| case | median ms | best ms | best ns/row | plugin ÷ this (best) |");
Console.WriteLine("|---|---|---|---|---|");
foreach (var group in cases.GroupBy(c => c.Pair))
{
    var pair = group.ToArray();
    var pluginBest = times[pair[0].Name].Min();
    foreach (var c in pair)
    {
        var sorted = times[c.Name].OrderBy(t => t).ToArray();
        // The plugin against each built-in way of the same thing.
        var ratio = c == pair[0] ? "" : $"{pluginBest / sorted[0]:F2}";
        Console.WriteLine($"| {c.Name} | {sorted[sorted.Length / 2]:F0} | {sorted[0]:F0} | {sorted[0] * 1e6 / rows:F0} | {ratio} |");
    }
}
await Execute("DROP TABLE bench_values");
foreach (var table in new[] { "d", "d_numeric", "i", "i_uuid", "s", "s_numeric" })
    await Execute($"DROP TABLE bench_copy_{table}");

sealed class Row
{
    public decimal D { get; set; }
    public Guid I { get; set; }
}

// A Dapper parameter sent as a distributedid (DataTypeName), through the plugin.
sealed class TypedDistributedId(decimal value) : SqlMapper.ICustomQueryParameter
{
    public void AddParameter(System.Data.IDbCommand command, string name)
        => command.Parameters.Add(new NpgsqlParameter { ParameterName = name, Value = value, DataTypeName = "distributedid" });
}
