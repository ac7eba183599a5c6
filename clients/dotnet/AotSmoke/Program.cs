// The three types read and written through the plugin by a Native AOT executable, on Npgsql's slim builder (no
// reflection-based mappings). Prints one "ok - ..." line, or "not ok - ..." and exits 1.
using System.Numerics;
using Npgsql;

var builder = new NpgsqlSlimDataSourceBuilder(new NpgsqlConnectionStringBuilder
{
    Host = Environment.GetEnvironmentVariable("PGHOST"), Port = int.Parse(Environment.GetEnvironmentVariable("PGPORT") ?? "5432"),
    Username = Environment.GetEnvironmentVariable("PGUSER"), Database = Environment.GetEnvironmentVariable("PGDATABASE"),
}.ConnectionString);
builder.EnableArrays();
builder.UseIdentities();
await using var dataSource = builder.Build();

var id = 1065896647567317033105227776m;
var trip = Guid.Parse("01a20942-04f9-8001-8086-1378e8435031");
var reference = (BigInteger.One << 100) + 7;
await using var command = dataSource.CreateCommand("SELECT @id, @trip, @ref, ARRAY[@id, @id]");
command.Parameters.Add(new NpgsqlParameter { ParameterName = "id", Value = id, DataTypeName = "distributedid" });
command.Parameters.Add(new NpgsqlParameter { ParameterName = "trip", Value = trip, DataTypeName = "iuid" });
command.Parameters.Add(new NpgsqlParameter { ParameterName = "ref", Value = reference, DataTypeName = "siq" });
await using var reader = await command.ExecuteReaderAsync();
await reader.ReadAsync();
var read = (reader.GetFieldValue<decimal>(0), reader.GetFieldValue<Guid>(1), reader.GetFieldValue<BigInteger>(2), reader.GetFieldValue<decimal[]>(3));
if (read.Item1 == id && read.Item2 == trip && read.Item3 == reference && read.Item4.SequenceEqual([id, id]))
{
    Console.WriteLine($"ok - Native AOT: distributedid {read.Item1}, iuid {read.Item2}, siq {read.Item3} and an array read back");
    return 0;
}
Console.WriteLine($"not ok - Native AOT: read back {read}");
return 1;
