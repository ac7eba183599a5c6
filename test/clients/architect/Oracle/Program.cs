// The oracle: Architect.Identities itself, built from its source, against a real server, both ways. Each group of
// checks prints "ok - ..." or "not ok - ..." (test/clients/run counts them); a difference the project chose prints
// "# note: ..." with its count. The server's connection comes from libpq's variables; the public-id key from the
// file the server reads (IDENTITIES_PUBLIC_KEY_FILE). With ORACLE_EDITION=portable the database holds the portable
// edition (portable/), whose key is set through its functions, and every check's name starts with "[portable]".
using System.Numerics;
using Architect.Identities;
using Microsoft.Extensions.DependencyInjection;
using Npgsql;

var seed = int.Parse(Environment.GetEnvironmentVariable("ORACLE_SEED") ?? Random.Shared.Next().ToString());
var random = new Random(seed);
const int Count = 2000;
Console.WriteLine($"# seed {seed}, {Count} random values per group, plus edges");
await using var connection = new NpgsqlConnection(new NpgsqlConnectionStringBuilder
{
    Host = Environment.GetEnvironmentVariable("PGHOST"), Port = int.Parse(Environment.GetEnvironmentVariable("PGPORT") ?? "5432"),
    Username = Environment.GetEnvironmentVariable("PGUSER"), Database = Environment.GetEnvironmentVariable("PGDATABASE"),
}.ConnectionString);
await connection.OpenAsync();
var failures = 0;
var portable = Environment.GetEnvironmentVariable("ORACLE_EDITION") == "portable";
var edition = portable ? "[portable] " : "";
// The portable edition keeps its key in a table, set through its functions (as the installing role).
async Task PortableKey(string function, string? key)
{
    await using var command = new NpgsqlCommand($"SELECT {function}(@key)", connection);
    command.Parameters.AddWithValue("key", NpgsqlTypes.NpgsqlDbType.Text, (object?)key ?? DBNull.Value);
    await command.ExecuteScalarAsync();
}
if (portable)
    await PortableKey("identities_public_key_set", File.ReadAllText(Environment.GetEnvironmentVariable("IDENTITIES_PUBLIC_KEY_FILE")!).Trim());

// One SQL function over an array of values, in order: SELECT array_agg(f(x) ORDER BY o) FROM unnest(@xs) WITH ORDINALITY.
async Task<TOut[]> Map<TIn, TOut>(string expression, string inType, IReadOnlyList<TIn> values)
{
    await using var command = new NpgsqlCommand(
        $"SELECT array_agg({expression} ORDER BY o) FROM unnest(@xs::{inType}[]) WITH ORDINALITY AS t(x, o)", connection);
    command.Parameters.AddWithValue("xs", values.ToArray());
    await using var reader = await command.ExecuteReaderAsync();
    await reader.ReadAsync();
    return reader.GetFieldValue<TOut[]>(0);
}

void Report<T>(string what, IReadOnlyList<T> inputs, Func<int, bool> agrees, Func<int, string> describe)
{
    var differing = Enumerable.Range(0, inputs.Count).Where(i => !agrees(i)).ToList();
    if (differing.Count == 0)
        Console.WriteLine($"ok - {edition}{what} ({inputs.Count} values)");
    else
    {
        failures++;
        Console.WriteLine($"not ok - {edition}{what}: {differing.Count} of {inputs.Count} differ, e.g. {string.Join("; ", differing.Take(3).Select(describe))}");
    }
}

decimal RandomDecimal28()
{
    var value = new decimal(random.Next(), random.Next(), random.Next(0, 542101086), false, 0); // < 10^28
    return value;
}
ulong RandomUlong() => (ulong)random.NextInt64() << 1 ^ (ulong)random.Next(2);
Guid RandomGuid() { var bytes = new byte[16]; random.NextBytes(bytes); return new Guid(bytes); }

// ---- DistributedId: .NET's ids in SQL, SQL's ids in .NET -----------------------------------------------------
{
    var before = DateTime.UtcNow;
    var ids = Enumerable.Range(0, Count).Select(_ => DistributedId.CreateId()).ToList();
    var after = DateTime.UtcNow;
    var texts = await Map<decimal, string>("x::distributedid::text", "numeric", ids);
    Report("DistributedId made in .NET, read by SQL (value)", ids, i => texts[i] == ids[i].ToString(), i => $"{ids[i]} -> {texts[i]}");
    var times = await Map<decimal, DateTime>("distributedid_extract_timestamp(x::distributedid)", "numeric", ids);
    // The embedded timestamp is the creation time less one second (Architect's margin for clocks set back), which
    // a burst of ids may run ahead of, never past the creation time.
    Report("DistributedId made in .NET: SQL's extracted timestamp lies between the creation time less 1 s and it", ids,
        i => times[i] >= before.AddSeconds(-1).AddMilliseconds(-2) && times[i] <= after.AddMilliseconds(2),
        i => $"{ids[i]}: {times[i]:O} outside [{before.AddSeconds(-1):O}, {after:O}]");
    var shuffled = ids.OrderBy(_ => random.Next()).ToList();
    var sqlOrder = await Map<decimal, decimal>("x", "numeric", shuffled); // identity, then sort both ways
    await using var sort = new NpgsqlCommand("SELECT array_agg(x ORDER BY x::distributedid) FROM unnest(@xs::numeric[]) AS t(x)", connection);
    sort.Parameters.AddWithValue("xs", shuffled.ToArray());
    var sortedBySql = (decimal[])(await sort.ExecuteScalarAsync())!;
    var sortedByNet = shuffled.OrderBy(x => x).ToArray();
    Report("DistributedId order: SQL's distributedid order is .NET's decimal order", sortedByNet, i => sortedBySql[i] == sortedByNet[i], i => $"{sortedBySql[i]} vs {sortedByNet[i]}");
    await using var generate = new NpgsqlCommand($"SELECT array_agg(distributedid_generate()::numeric) FROM generate_series(1, {Count})", connection);
    var sqlIds = (decimal[])(await generate.ExecuteScalarAsync())!;
    Report("DistributedId made in SQL, read by .NET (28 digits, encodable by Architect)", sqlIds,
        i => sqlIds[i].ToString().Length == 28 && AlphanumericIdEncoder.DecodeDecimalOrDefault(AlphanumericIdEncoder.Encode(sqlIds[i])) == sqlIds[i],
        i => $"{sqlIds[i]}");
}

// ---- DistributedId128: values, timestamps, Join -------------------------------------------------------------
{
    var before = DateTime.UtcNow;
    var guids = Enumerable.Range(0, Count).Select(_ => DistributedId128.CreateGuid()).ToList();
    var after = DateTime.UtcNow;
    var numerics = await Map<Guid, string>("distributedid128_to_numeric(x)::text", "uuid", guids);
    Report("DistributedId128 made in .NET: distributedid128_to_numeric is Architect's UInt128", guids,
        i => numerics[i] == guids[i].ToUInt128().ToString(), i => $"{guids[i]}: {numerics[i]} vs {guids[i].ToUInt128()}");
    var back = await Map<string, Guid>("numeric_to_distributedid128(x::numeric)", "text", numerics);
    Report("DistributedId128: numeric_to_distributedid128 gives Architect's Guid back", guids, i => back[i] == guids[i], i => $"{guids[i]} -> {back[i]}");
    var times = await Map<Guid, DateTime>("distributedid128_extract_timestamp(x)", "uuid", guids);
    Report("DistributedId128 made in .NET: SQL's extracted timestamp is the creation time", guids,
        i => times[i] >= before.AddMilliseconds(-2) && times[i] <= after.AddMilliseconds(2), i => $"{guids[i]}: {times[i]:O}");
    // Split takes what the generator makes (the top bit of each half unset): generated ids and the edges of that.
    var topHalfMax = new UInt128(long.MaxValue, long.MaxValue);
    var values = Enumerable.Range(0, Count).Select(_ => DistributedId128.CreateId()).Concat(new[] { UInt128.Zero, UInt128.One, topHalfMax }).ToList();
    var parts = values.Select(v => DistributedId128.Split(v)).ToList();
    await using var join = new NpgsqlCommand("SELECT array_agg(distributedid128_join(u, l) ORDER BY o) FROM unnest(@u::bigint[], @l::bigint[]) WITH ORDINALITY AS t(u, l, o)", connection);
    join.Parameters.AddWithValue("u", parts.Select(p => p.Item1).ToArray());
    join.Parameters.AddWithValue("l", parts.Select(p => p.Item2).ToArray());
    var joined = (Guid[])(await join.ExecuteScalarAsync())!;
    Report("DistributedId128.Split in .NET, distributedid128_join in SQL", values, i => joined[i] == values[i].ToGuid(), i => $"{values[i]}: {joined[i]}");
}

// ---- Encoders: both ways, edges, hostile text ------------------------------------------------------------------
var longs = Enumerable.Range(0, Count).Select(_ => random.NextInt64()).Concat(new[] { 0L, 1L, long.MaxValue }).ToList();
var decimals = Enumerable.Range(0, Count).Select(_ => RandomDecimal28())
    .Concat(new[] { 0m, 1m, (decimal)long.MaxValue, (decimal)ulong.MaxValue, (decimal)ulong.MaxValue + 1, (decimal)ulong.MaxValue - 1, 9_999_999_999_999_999_999_999_999_999m })
    .Concat(Enumerable.Range(0, Count / 4).Select(_ => (decimal)RandomUlong())).ToList();
var guidValues = Enumerable.Range(0, Count).Select(_ => RandomGuid()).Concat(new[] { Guid.Empty, Guid.AllBitsSet }).ToList();
foreach (var (name, encode, sql) in new (string, Func<object, string>, string)[] {
    ("alphanumeric", v => v switch { long l => AlphanumericIdEncoder.Encode(l), decimal d => AlphanumericIdEncoder.Encode(d), Guid g => AlphanumericIdEncoder.Encode(g), _ => "" }, "to_alphanumeric"),
    ("hexadecimal", v => v switch { long l => HexadecimalIdEncoder.Encode(l), decimal d => HexadecimalIdEncoder.Encode(d), Guid g => HexadecimalIdEncoder.Encode(g), _ => "" }, "to_hexadecimal") })
{
    var decode = name == "alphanumeric" ? "alphanumeric" : "hexadecimal";
    var fromSqlLongs = await Map<long, string>($"{sql}(x)", "bigint", longs);
    Report($"{name} encoding of long: SQL is .NET", longs, i => fromSqlLongs[i] == encode(longs[i]), i => $"{longs[i]}: {fromSqlLongs[i]} vs {encode(longs[i])}");
    var backLongs = await Map<string, long?>($"{decode}_to_bigint(x)", "text", fromSqlLongs);
    Report($"{name} decoding of long: SQL gives the value back", longs, i => backLongs[i] == longs[i], i => $"{fromSqlLongs[i]} -> {backLongs[i]}");
    var fromSqlDecimals = await Map<decimal, string>($"{sql}(x)", "numeric", decimals);
    Report($"{name} encoding of decimal: SQL is .NET", decimals, i => fromSqlDecimals[i] == encode(decimals[i]), i => $"{decimals[i]}: {fromSqlDecimals[i]} vs {encode(decimals[i])}");
    var backDecimals = await Map<string, decimal?>($"{decode}_to_numeric(x)", "text", fromSqlDecimals);
    Report($"{name} decoding of decimal: SQL gives the value back", decimals, i => backDecimals[i] == decimals[i], i => $"{fromSqlDecimals[i]} -> {backDecimals[i]}");
    var fromSqlGuids = await Map<Guid, string>($"{sql}(x)", "uuid", guidValues);
    Report($"{name} encoding of Guid: SQL is .NET", guidValues, i => fromSqlGuids[i] == encode(guidValues[i]), i => $"{guidValues[i]}: {fromSqlGuids[i]} vs {encode(guidValues[i])}");
    var backGuids = await Map<string, Guid?>($"{decode}_to_uuid(x)", "text", fromSqlGuids);
    Report($"{name} decoding of Guid: SQL gives the value back", guidValues, i => backGuids[i] == guidValues[i], i => $"{fromSqlGuids[i]} -> {backGuids[i]}");
}

// Hostile text for the alphanumeric decoders: a character changed, added, removed, its case changed, one out of
// the alphabet; SQL accepts exactly where .NET does, with the same value, but for the differences we chose.
{
    const string alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    string Mutate(string text)
    {
        var at = random.Next(text.Length);
        return random.Next(5) switch
        {
            0 => text[..at] + alphabet[random.Next(alphabet.Length)] + text[(at + 1)..],
            1 => text[..at] + alphabet[random.Next(alphabet.Length)] + text[at..],
            2 => text[..at] + text[(at + 1)..],
            3 => text[..at] + (char.IsUpper(text[at]) ? char.ToLowerInvariant(text[at]) : char.ToUpperInvariant(text[at])) + text[(at + 1)..],
            _ => text[..at] + "-_ !İé"[random.Next(6)] + text[(at + 1)..],
        };
    }
    var hostileLongs = longs.Select(v => Mutate(AlphanumericIdEncoder.Encode(v))).ToList();
    var hostileDecimals = decimals.Select(v => Mutate(AlphanumericIdEncoder.Encode(v))).ToList();
    // Blocks of 11 characters worth 2^64 or more, which .NET wraps: "zzzzzzzzzzz" and its neighbours.
    hostileLongs.AddRange(new[] { "zzzzzzzzzzz", "LygHa16AHYG", "LygHa16AHYF", "0000000000İ" });
    hostileDecimals.AddRange(new[] { "zzzzzzzzzzzzzzzz", "0000000000000000", "00000000000İ0000" });
    var sqlLongs = await Map<string, long?>("alphanumeric_to_bigint(x)", "text", hostileLongs);
    var sqlDecimals = await Map<string, decimal?>("alphanumeric_to_numeric(x)", "text", hostileDecimals);
    int wraps = 0, lowByte = 0;
    bool Explained(string text, object? net, object? sqlValue)
    {
        if (text.Any(c => c > 127) && sqlValue is null) { lowByte++; return true; } // .NET reads a character by its low byte
        if (sqlValue is null && net is not null)
        {
            // A block of 11 characters over 2^64: .NET wraps it, SQL refuses (one id, one spelling).
            var block = text.Length >= 11 ? text[^11..] : text;
            var value = block.Aggregate(BigInteger.Zero, (v, c) => v * 62 + alphabet.IndexOf(c));
            if (block.Length == 11 && block.All(c => alphabet.Contains(c)) && value >= BigInteger.One << 64) { wraps++; return true; }
        }
        return false;
    }
    Report("hostile alphanumeric text, long: SQL accepts exactly where .NET does, the same value", hostileLongs,
        i => Equals(sqlLongs[i], AlphanumericIdEncoder.DecodeLongOrDefault(hostileLongs[i])) || Explained(hostileLongs[i], AlphanumericIdEncoder.DecodeLongOrDefault(hostileLongs[i]), sqlLongs[i]),
        i => $"\"{hostileLongs[i]}\": SQL {sqlLongs[i]?.ToString() ?? "NULL"}, .NET {AlphanumericIdEncoder.DecodeLongOrDefault(hostileLongs[i])?.ToString() ?? "null"}");
    Report("hostile alphanumeric text, decimal: SQL accepts exactly where .NET does, the same value", hostileDecimals,
        i => Equals(sqlDecimals[i], AlphanumericIdEncoder.DecodeDecimalOrDefault(hostileDecimals[i])) || Explained(hostileDecimals[i], AlphanumericIdEncoder.DecodeDecimalOrDefault(hostileDecimals[i]), sqlDecimals[i]),
        i => $"\"{hostileDecimals[i]}\": SQL {sqlDecimals[i]?.ToString() ?? "NULL"}, .NET {AlphanumericIdEncoder.DecodeDecimalOrDefault(hostileDecimals[i])?.ToString() ?? "null"}");
    Console.WriteLine($"# note: .NET wraps an 11-character block worth 2^64 or more, SQL refuses it (one id, one spelling): {wraps} cases");
    Console.WriteLine($"# note: .NET reads a non-ASCII character by its low byte ('İ' as '0'), SQL refuses it: {lowByte} cases");
    // A decimal with a scale: .NET refuses 1.0m, SQL takes numeric 1.0 as the integer 1 (numeric equality).
    var scaled = new[] { 1.0m, 42.00m, 1000000000000000000000000000.0m };
    var sqlScaled = await Map<decimal, string>("to_alphanumeric(x)", "numeric", scaled);
    var netRefuses = scaled.Count(d => { try { AlphanumericIdEncoder.Encode(d); return false; } catch (ArgumentException) { return true; } });
    Report("a decimal with a scale: SQL encodes it as its integer", scaled, i => sqlScaled[i] == AlphanumericIdEncoder.Encode(decimal.Truncate(scaled[i])), i => $"{scaled[i]}: {sqlScaled[i]}");
    Console.WriteLine($"# note: .NET refuses a decimal with a scale (1.0m), SQL takes numeric 1.0 as the integer 1: {netRefuses} cases");
}

// ---- Public ids: the same key both sides, one converter per kind (the workaround of Architect's shared block) ---
{
    var key = File.ReadAllText(Environment.GetEnvironmentVariable("IDENTITIES_PUBLIC_KEY_FILE")!).Trim();
    IPublicIdentityConverter NewConverter()
    {
        var services = new ServiceCollection();
        services.AddPublicIdentities(options => options.Key(key));
        return services.BuildServiceProvider().GetRequiredService<IPublicIdentityConverter>();
    }
    var ulongConverter = NewConverter();
    var decimalConverter = NewConverter();
    var guidConverter = NewConverter();
    var positiveLongs = longs.Select(l => l & long.MaxValue).ToList();
    var sqlOfLongs = await Map<long, Guid>("public_id(x)", "bigint", positiveLongs);
    Report("public ids of long: SQL's public_id is Architect's", positiveLongs, i => sqlOfLongs[i] == ulongConverter.GetPublicRepresentation((ulong)positiveLongs[i]), i => $"{positiveLongs[i]}");
    var netOfLongs = positiveLongs.Select(l => ulongConverter.GetPublicRepresentation((ulong)l)).ToList();
    var sqlLongsBack = await Map<Guid, long?>("public_id_to_bigint(x)", "uuid", netOfLongs);
    Report("public ids of long made in .NET: SQL reads them", positiveLongs, i => sqlLongsBack[i] == positiveLongs[i], i => $"{positiveLongs[i]} -> {sqlLongsBack[i]}");
    var sqlOfDecimals = await Map<decimal, Guid>("public_id(x)", "numeric", decimals);
    Report("public ids of decimal: SQL's public_id is Architect's", decimals, i => sqlOfDecimals[i] == decimalConverter.GetPublicRepresentation(decimals[i]), i => $"{decimals[i]}");
    Report("public ids of decimal made in SQL: .NET reads them", decimals, i => decimalConverter.GetDecimalOrDefault(sqlOfDecimals[i]) == decimals[i], i => $"{decimals[i]}");
    // The nil Guid is laid out as the number 0's public id plaintext: SQL gives it none (see the note below).
    var guidsWithPublicIds = guidValues.Where(g => g != Guid.Empty).ToList();
    var sqlOfGuids = await Map<Guid, Guid>("public_id(x)", "uuid", guidsWithPublicIds);
    Report("public ids of Guid: SQL's public_id is Architect's, and .NET reads them", guidsWithPublicIds,
        i => sqlOfGuids[i] == guidConverter.GetPublicRepresentation(guidsWithPublicIds[i]) && guidConverter.GetGuidOrDefault(sqlOfGuids[i]) == guidsWithPublicIds[i], i => $"{guidsWithPublicIds[i]}");
    var nilRefused = "";
    try { await Map<Guid, Guid>("public_id(x)", "uuid", new[] { Guid.Empty }); }
    catch (PostgresException e) { nilRefused = e.SqlState; }
    Report("the nil Guid: SQL refuses its public id (22023)", new[] { Guid.Empty }, _ => nilRefused == "22023", _ => $"SQLSTATE '{nilRefused}'");
    var numberOfNil = ulongConverter.GetLongOrDefault(guidConverter.GetPublicRepresentation(Guid.Empty));
    Console.WriteLine($"# note: Architect's public id of the nil Guid reads as the ulong {numberOfNil?.ToString() ?? "NULL"} (a uuid's public id can stand for a number there), SQL refuses a uuid laid out as a number: 1 case");
    // Forged public ids: refused by both.
    var forged = Enumerable.Range(0, Count).Select(_ => RandomGuid()).ToList();
    var sqlForged = await Map<Guid, long?>("public_id_to_bigint(x)", "uuid", forged);
    Report("forged public ids: both refuse them as long", forged, i => sqlForged[i] is null && ulongConverter.GetLongOrDefault(forged[i]) is null, i => $"{forged[i]}");

    // Architect's converter keeps one input block: after a Guid, its ulong path leaves the Guid's first 8 bytes.
    var shared = NewConverter();
    var before = shared.GetPublicRepresentation(1UL);
    shared.GetPublicRepresentation(Guid.AllBitsSet);
    var after = shared.GetPublicRepresentation(1UL);
    var sqlReadsAfter = (await Map<Guid, long?>("public_id_to_bigint(x)", "uuid", new[] { after }))[0];
    Console.WriteLine($"# note: upstream, one converter used for a Guid then a ulong: GetPublicRepresentation(1UL) {(before == after ? "unchanged" : "changed")}, and the database reads it as {(sqlReadsAfter?.ToString() ?? "NULL")}");
    // The workarounds: one converter per kind (above), or the decimal overload for long ids.
    var viaDecimal = positiveLongs.Select(l => shared.GetPublicRepresentation((decimal)l)).ToList();
    var sqlViaDecimal = await Map<Guid, long?>("public_id_to_bigint(x)", "uuid", viaDecimal);
    Report("the workaround: long ids through the decimal overload of a shared converter read as bigint by SQL", positiveLongs, i => sqlViaDecimal[i] == positiveLongs[i], i => $"{positiveLongs[i]} -> {sqlViaDecimal[i]}");
}

// ---- A key rotation, as doc/operations.md's runbook does it, with a .NET service keeping two converters ----
{
    var oldKey = File.ReadAllText(Environment.GetEnvironmentVariable("IDENTITIES_PUBLIC_KEY_FILE")!).Trim();
    var newKey = Convert.ToBase64String(RandomNumberGeneratorBytes(32));
    IPublicIdentityConverter ConverterOf(string key)
    {
        var services = new ServiceCollection();
        services.AddPublicIdentities(options => options.Key(key));
        return services.BuildServiceProvider().GetRequiredService<IPublicIdentityConverter>();
    }
    var oldConverter = ConverterOf(oldKey);
    var newConverter = ConverterOf(newKey);
    // The service reads under the new key, then the old one, as the database does.
    long? ServiceReads(Guid publicId) => newConverter.GetLongOrDefault(publicId) ?? oldConverter.GetLongOrDefault(publicId);
    var ids = Enumerable.Range(0, Count).Select(_ => random.NextInt64() & long.MaxValue).ToList();
    var issuedBefore = ids.Select(id => oldConverter.GetPublicRepresentation((ulong)id)).ToList();
    // The database moves to the new key and keeps the old one for reading (in this session, as step 2 does by file).
    if (portable)
        await PortableKey("identities_public_key_rotate", newKey);
    else
        await using (var set = new NpgsqlCommand($"SET identities.public_key = '{newKey}'; SET identities.public_key_previous = '{oldKey}'", connection))
            await set.ExecuteNonQueryAsync();
    var sqlReadsOld = await Map<Guid, long?>("public_id_to_bigint(x)", "uuid", issuedBefore);
    var keysOfOld = await Map<Guid, string>("public_id_key(x)", "uuid", issuedBefore);
    Report("rotation: public ids the .NET service made under the old key read by the database, as 'previous'", ids,
        i => sqlReadsOld[i] == ids[i] && keysOfOld[i] == "previous", i => $"{ids[i]}: {sqlReadsOld[i]} {keysOfOld[i]}");
    var sqlMadeNew = await Map<long, Guid>("public_id(x)", "bigint", ids);
    Report("rotation: public ids the database makes under the new key read by the .NET service (new, then old converter)", ids,
        i => ServiceReads(sqlMadeNew[i]) == ids[i] && sqlMadeNew[i] == newConverter.GetPublicRepresentation((ulong)ids[i]), i => $"{ids[i]}");
    var renewed = await Map<Guid, Guid>("public_id_renew(x)", "uuid", issuedBefore);
    Report("rotation: public_id_renew gives the .NET service's new-key public id", ids,
        i => renewed[i] == newConverter.GetPublicRepresentation((ulong)ids[i]), i => $"{ids[i]}");
    // The last step: the old key dropped; the old public ids no longer decode, the renewed ones do.
    if (portable)
        await PortableKey("identities_public_key_set_previous", null);
    else
        await using (var reset = new NpgsqlCommand("RESET identities.public_key_previous", connection))
            await reset.ExecuteNonQueryAsync();
    var afterDrop = await Map<Guid, long?>("public_id_to_bigint(x)", "uuid", issuedBefore);
    var renewedAfterDrop = await Map<Guid, long?>("public_id_to_bigint(x)", "uuid", renewed);
    Report("rotation: once the old key is dropped, old public ids decode to NULL and renewed ones to their id", ids,
        i => afterDrop[i] is null && renewedAfterDrop[i] == ids[i], i => $"{ids[i]}: {afterDrop[i]} {renewedAfterDrop[i]}");
    if (portable)
        await PortableKey("identities_public_key_set", oldKey);
    else
        await using (var reset = new NpgsqlCommand("RESET identities.public_key", connection))
            await reset.ExecuteNonQueryAsync();
}

return failures == 0 ? 0 : 1;

static byte[] RandomNumberGeneratorBytes(int count) => System.Security.Cryptography.RandomNumberGenerator.GetBytes(count);
