// One round of bench/binary_reads for Npgsql: reading ROWS values of one column through the binary protocol, from a
// database at extension 0.1.0 ("raw": distributedid sent as its 12 stored bytes, read by the Identities.Npgsql of
// that version's converter, copied below) and one at the current version ("numeric_form": numeric's binary form,
// read by Identities.Npgsql), with numeric(28,0) read as decimal and bigint as long in each. Every case runs once
// on the first 100 000 rows first (JIT, caches; and the distributedid read must equal the numeric one, value for
// value), then three times on every row, in an order that alternates (forward, reversed, forward on even rounds).
// Prints one line per timed case: "npgsql DATABASE COLUMN MILLISECONDS REPETITION".
//
//   dotnet BinaryReads.dll ROWS ROUND     (PGHOST, PGPORT, PGUSER: the server; databases raw and numeric_form)
using System.Diagnostics;
using Npgsql;
using Npgsql.Internal;
using Npgsql.Internal.Postgres;

var rows = int.Parse(args[0]);
var round = int.Parse(args[1]);
const int WarmUpRows = 100_000;
const int Repetitions = 3;

NpgsqlDataSource Source(string database, Action<NpgsqlDataSourceBuilder> map)
{
    var builder = new NpgsqlDataSourceBuilder(new NpgsqlConnectionStringBuilder
    {
        Host = Environment.GetEnvironmentVariable("PGHOST"), Port = int.Parse(Environment.GetEnvironmentVariable("PGPORT") ?? "5432"),
        Username = Environment.GetEnvironmentVariable("PGUSER"), Database = database,
    }.ConnectionString);
    map(builder);
    return builder.Build();
}
await using var raw = Source("raw", b => b.AddTypeInfoResolverFactory(new RawDistributedIdResolverFactory()));
await using var numericForm = Source("numeric_form", b => b.UseIdentities());
await using var rawConnection = await raw.OpenConnectionAsync();
await using var numericFormConnection = await numericForm.OpenConnectionAsync();

// Reads the column of every row (or the first `limit`), each value with GetFieldValue<T>; returns the values when asked.
async Task<List<T>?> Read<T>(NpgsqlConnection connection, string table, int limit, bool keep)
{
    await using var command = new NpgsqlCommand($"SELECT id FROM {table}" + (limit < rows ? $" LIMIT {limit}" : ""), connection);
    command.CommandTimeout = 0;
    await using var reader = await command.ExecuteReaderAsync();
    var values = keep ? new List<T>(limit) : null;
    var count = 0;
    while (await reader.ReadAsync())
    {
        var value = reader.GetFieldValue<T>(0);
        values?.Add(value);
        count++;
    }
    if (count != limit) throw new Exception($"{table}: {count} rows, expected {limit}");
    return values;
}

var cases = new (string Database, string Column, Func<int, bool, Task<System.Collections.IList?>> Run)[]
{
    ("raw", "distributedid", async (n, keep) => await Read<decimal>(rawConnection, "source_distributedid", n, keep)),
    ("raw", "numeric", async (n, keep) => await Read<decimal>(rawConnection, "source_numeric", n, keep)),
    ("raw", "bigint", async (n, keep) => await Read<long>(rawConnection, "source_bigint", n, keep)),
    ("numeric_form", "distributedid", async (n, keep) => await Read<decimal>(numericFormConnection, "source_distributedid", n, keep)),
    ("numeric_form", "numeric", async (n, keep) => await Read<decimal>(numericFormConnection, "source_numeric", n, keep)),
    ("numeric_form", "bigint", async (n, keep) => await Read<long>(numericFormConnection, "source_bigint", n, keep)),
};

// Warm-up, and the values checked: in each database the distributedid column holds the numeric column's values.
var warm = new Dictionary<(string, string), System.Collections.IList?>();
foreach (var c in cases)
    warm[(c.Database, c.Column)] = await c.Run(Math.Min(WarmUpRows, rows), true);
foreach (var database in new[] { "raw", "numeric_form" })
{
    var ids = (List<decimal>)warm[(database, "distributedid")]!;
    var numerics = (List<decimal>)warm[(database, "numeric")]!;
    if (!ids.SequenceEqual(numerics))
        throw new Exception($"{database}: the distributedid values read are not the numeric ones");
}

// Three times per round (the reads are short), the order alternating.
for (var repetition = 0; repetition < Repetitions; repetition++)
    foreach (var c in (round + repetition) % 2 == 0 ? cases : cases.Reverse())
    {
        var watch = Stopwatch.StartNew();
        await c.Run(rows, false);
        Console.WriteLine($"npgsql {c.Database} {c.Column} {watch.Elapsed.TotalMilliseconds:F1} {repetition}");
    }

// Extension 0.1.0's binary form of distributedid, as Identities.Npgsql 0.1.0 read it (its DistributedIdConverter,
// reading side): 12 big-endian bytes, the decimal's 96-bit integer.
sealed class RawDistributedIdConverter : PgBufferedConverter<decimal>
{
    const int Length = 12;

    public override bool CanConvert(DataFormat format, out BufferRequirements bufferRequirements)
    {
        bufferRequirements = BufferRequirements.CreateFixedSize(Length);
        return format is DataFormat.Binary;
    }

    public override Size GetSize(SizeContext context, decimal value, ref object? writeState) => Length;

    protected override decimal ReadCore(PgReader reader)
    {
        var hi = reader.ReadUInt32();
        var mid = reader.ReadUInt32();
        var lo = reader.ReadUInt32();
        return new decimal(unchecked((int)lo), unchecked((int)mid), unchecked((int)hi), false, 0);
    }

    protected override void WriteCore(PgWriter writer, decimal value) => throw new NotSupportedException("reads only");
}

sealed class RawDistributedIdResolverFactory : PgTypeInfoResolverFactory
{
    public override IPgTypeInfoResolver CreateResolver() => new Resolver();
    public override IPgTypeInfoResolver? CreateArrayResolver() => null;

    sealed class Resolver : IPgTypeInfoResolver
    {
        readonly TypeInfoMappingCollection _mappings = new();

        public Resolver() => _mappings.AddStructType<decimal>("distributedid",
            static (options, mapping, _) => mapping.CreateInfo(options, new RawDistributedIdConverter()),
            MatchRequirement.DataTypeName);

        public PgTypeInfo? GetTypeInfo(Type? type, DataTypeName? dataTypeName, PgSerializerOptions options)
            => _mappings.Find(type, dataTypeName, options);
    }
}
