// Round trips of the identities extension's ids between PostgreSQL and .NET through Npgsql, with plain SQL:
// no type plugin, only the casts the extension defines (see ../README.md).
//
//   distributedid  <-> decimal     (read id::numeric; write a decimal parameter, assignment cast)
//   siq            <-> BigInteger  (read id::numeric; write a BigInteger or long parameter)
//   iuid           <-> Guid        (read id::uuid; write a Guid parameter, checked assignment cast)
//   uuid formats (DistributedId128, HotGuid, LUUID, UUIDv7, public ids) <-> Guid; Snowflake (bigint) <-> long
//
// Connects with libpq's PGHOST (a Unix socket directory or a host name), PGPORT, PGUSER and PGDATABASE.
// Prints one line per check, "ok - NAME" or "not ok - NAME: DETAIL", and exits 1 if any failed.

using System.Buffers.Binary;
using System.Globalization;
using System.Numerics;
using System.Security.Cryptography;
using System.Text;
using Npgsql;
using NpgsqlTypes;
using static Ids;

var connectionString = new NpgsqlConnectionStringBuilder
{
    Host = Environment.GetEnvironmentVariable("PGHOST") ?? "/var/run/postgresql",
    Port = int.Parse(Environment.GetEnvironmentVariable("PGPORT") ?? "5432", CultureInfo.InvariantCulture),
    Username = Environment.GetEnvironmentVariable("PGUSER") ?? "postgres",
    Database = Environment.GetEnvironmentVariable("PGDATABASE") ?? "identities_clients",
}.ConnectionString;

int passed = 0, failed = 0;
void Check(string name, Action body)
{
    try
    {
        body();
        Console.WriteLine($"ok - {name}");
        passed++;
    }
    catch (Exception ex)
    {
        var detail = ex switch
        {
            CheckFailed => ex.Message,
            PostgresException pg => $"PostgresException {pg.SqlState}: {pg.MessageText}",
            _ => $"{ex.GetType().Name}: {ex.Message}",
        };
        Console.WriteLine($"not ok - {name}: {detail.ReplaceLineEndings(" ")}");
        failed++;
    }
}

using var dataSource = NpgsqlDataSource.Create(connectionString);
NpgsqlConnection conn;
try
{
    conn = dataSource.OpenConnection();
}
catch (Exception ex)
{
    Console.WriteLine($"not ok - connect: {ex.Message}");
    return 1;
}

// Runs a statement with named parameters (@name), a decimal, Guid, BigInteger, long... each.
NpgsqlCommand Command(NpgsqlConnection c, string sql, params (string Name, object Value)[] parameters)
{
    var cmd = new NpgsqlCommand(sql, c);
    foreach (var (name, value) in parameters)
        cmd.Parameters.Add(new NpgsqlParameter(name, value));
    return cmd;
}
void Exec(string sql, params (string, object)[] parameters)
{
    using var cmd = Command(conn, sql, parameters);
    cmd.ExecuteNonQuery();
}
// The first row of a query, handed to a reader callback.
void Row(string sql, Action<NpgsqlDataReader> read, params (string, object)[] parameters)
{
    using var cmd = Command(conn, sql, parameters);
    using var reader = cmd.ExecuteReader();
    if (!reader.Read())
        throw new CheckFailed($"no row from {sql}");
    read(reader);
}
T Scalar<T>(string sql, params (string, object)[] parameters)
{
    T value = default!;
    Row(sql, r => value = r.GetFieldValue<T>(0), parameters);
    return value;
}
// A statement that must fail with one SQLSTATE; pass another connection when the error breaks the session.
void ExpectSqlState(string sqlState, Action body)
{
    try
    {
        body();
    }
    catch (PostgresException ex) when (ex.SqlState == sqlState)
    {
        return;
    }
    throw new CheckFailed($"expected SQLSTATE {sqlState}, the statement succeeded");
}

Exec("""
    CREATE TEMP TABLE dids (id distributedid);
    CREATE TEMP TABLE iuids (id iuid);
    CREATE TEMP TABLE siqs (id siq);
    CREATE TEMP TABLE uuids (id uuid);
    CREATE TEMP TABLE arrays (d distributedid[], i iuid[], s siq[]);
    CREATE TEMP TABLE rows3 (d distributedid, i iuid, s siq)
    """);

// ---------------------------------------------------------------------------------------------------------
// Npgsql and the custom types themselves

Check("Npgsql refuses to read a distributedid, iuid or siq column as such (InvalidCastException)", () =>
{
    foreach (var (expr, typeName) in new[] { ("'1'::distributedid", "distributedid"), ("iuid_generate(1, 2)", "iuid"), ("'1'::siq", "siq") })
    {
        try
        {
            Row($"SELECT {expr}", r => r.GetValue(0));
            throw new CheckFailed($"{typeName} was read by GetValue");
        }
        catch (InvalidCastException ex) when (ex.Message.Contains($"DataTypeName 'public.{typeName}'"))
        {
        }
    }
});

Check("text format results (UnknownResultTypeList): distributedid, iuid, siq read as their text forms", () =>
{
    using var cmd = Command(conn, """
        SELECT d, d::numeric, i, i::uuid, s, s::numeric
        FROM (SELECT distributedid_generate() d, iuid_generate(1, 2) i, siq_generate('user') s) g
        """);
    cmd.UnknownResultTypeList = [true, false, true, false, true, false]; // columns 0, 2, 4 in text format
    using var r = cmd.ExecuteReader();
    r.Read();
    Same(r.GetFieldValue<decimal>(1).ToString(CultureInfo.InvariantCulture), r.GetString(0), "distributedid");
    Same(r.GetFieldValue<Guid>(3).ToString(), r.GetString(2), "iuid");
    Same(SiqText(r.GetFieldValue<BigInteger>(5)), r.GetString(4), "siq");
});

Check("raw binary (GetBytes): distributedid's and siq's binary form is numeric's (numeric_send's bytes), iuid's uuid's 16 bytes", () =>
    Row("SELECT d, s, i, numeric_send(d::numeric), numeric_send(s::numeric), i::uuid FROM (SELECT distributedid_generate() d, siq_generate('user') s, iuid_generate(1, 2) i) g", r =>
    {
        Same(Convert.ToHexString(r.GetFieldValue<byte[]>(3)), Convert.ToHexString(RawBytes(r, 0)), "distributedid");
        Same(Convert.ToHexString(r.GetFieldValue<byte[]>(4)), Convert.ToHexString(RawBytes(r, 1)), "siq");
        Same(r.GetFieldValue<Guid>(5), new Guid(RawBytes(r, 2), bigEndian: true), "iuid");
    }));

Check("a string parameter of NpgsqlDbType.Unknown takes the column's type (text input)", () =>
{
    using var cmd = new NpgsqlCommand("INSERT INTO siqs (id) VALUES (@s) RETURNING id::text", conn);
    cmd.Parameters.Add(new NpgsqlParameter("s", NpgsqlDbType.Unknown) { Value = "ABC" });
    Same(SiqText(0xabc), (string?)cmd.ExecuteScalar(), "siq from hex text");
    using var where = new NpgsqlCommand("SELECT count(*) FROM siqs WHERE id = @s", conn);
    where.Parameters.Add(new NpgsqlParameter("s", NpgsqlDbType.Unknown) { Value = "abc" });
    Same(1L, (long?)where.ExecuteScalar(), "WHERE id = @s finds it");
});

// ---------------------------------------------------------------------------------------------------------
// Generated in the database, read in .NET, compared with the database's own text form

Check("distributedid_generate() -> decimal (scale 0, as Architect's DistributedId)", () =>
    Row("SELECT id::numeric, id::text, distributedid_extract_timestamp(id) FROM (SELECT distributedid_generate() id) g", r =>
    {
        var id = r.GetFieldValue<decimal>(0);
        Same(r.GetString(1), id.ToString(CultureInfo.InvariantCulture), "text");
        Same(0, (int)id.Scale, "scale");
        Same(28, id.ToString(CultureInfo.InvariantCulture).Length, "digits");
        var ts = (ulong)((UInt128)id >> 48);
        Same(r.GetFieldValue<DateTime>(2), DistributedIdEpoch.AddMilliseconds(ts), "timestamp decoded in .NET");
    }));

Check("distributedid128_generate() -> Guid (Guid.ToString() is the uuid's text)", () =>
    Row("SELECT id, id::text, distributedid128_extract_timestamp(id), distributedid128_to_numeric(id) FROM (SELECT distributedid128_generate() id) g", r =>
    {
        var id = r.GetFieldValue<Guid>(0);
        Same(r.GetString(1), id.ToString(), "text");
        Same(7, id.Version, "version nibble");
        var value = ToUInt128(id);
        Same(r.GetFieldValue<BigInteger>(3), (BigInteger)value, "distributedid128_to_numeric = Guid as UInt128");
        Same(r.GetFieldValue<DateTime>(2), DistributedId128Epoch.AddMilliseconds((ulong)(value >> 80)), "timestamp decoded in .NET");
    }));

Check("iuid_generate(1, 2) -> Guid (id::uuid)", () =>
    Row("SELECT id::uuid, id::text, iuid_extract_timestamp(id) FROM (SELECT iuid_generate(1, 2) id) g", r =>
    {
        var id = r.GetFieldValue<Guid>(0);
        Same(r.GetString(1), id.ToString(), "text");
        var b = id.ToByteArray(bigEndian: true);
        Same(8, id.Version, "version");
        Same(1, (int)b[7], "country decoded in .NET");
        Same(2, ((b[8] & 0x3F) << 2) | (b[9] >> 6), "service entity decoded in .NET");
        Same(r.GetFieldValue<DateTime>(2), DateTime.UnixEpoch.AddMilliseconds((double)BigEndianUInt48(b)), "timestamp decoded in .NET");
    }));

Check("siq_generate('user') -> BigInteger (id::numeric)", () =>
    Row("SELECT id::numeric, id::text, siq_extract_shard(id), siq_extract_serial(id) FROM (SELECT siq_generate('user') id) g", r =>
    {
        var id = r.GetFieldValue<BigInteger>(0);
        Same(r.GetString(1), SiqText(id), "text");
        Same(r.GetInt32(2), (int)((id >> 48) & 0xFF), "shard decoded in .NET");
        Same(0, (int)(id & 0x1F), "qualifier bits of user (00000)");
        Same(r.GetInt32(3), (int)((id & 0xFFFF) >> 5), "serial decoded in .NET");
    }));

Check("snowflake_generate() -> long (worker 3, process 5 from the server's settings)", () =>
    Row("SELECT id, id::text, snowflake_extract_timestamp(id) FROM (SELECT snowflake_generate() id) g", r =>
    {
        var id = r.GetInt64(0);
        Same(r.GetString(1), id.ToString(CultureInfo.InvariantCulture), "text");
        Same(3L, (id >> 17) & 31, "worker");
        Same(5L, (id >> 12) & 31, "process");
        Same(r.GetFieldValue<DateTime>(2), DiscordEpoch.AddMilliseconds(id >> 22), "timestamp decoded in .NET");
    }));

Check("hotguid_generate(42) -> Guid, read by HotGuid's own .NET extraction (ToByteArray, little-endian)", () =>
    Row("SELECT id, id::text, hotguid_extract_timestamp(id) FROM (SELECT hotguid_generate(42) id) g", r =>
    {
        var id = r.GetFieldValue<Guid>(0);
        Same(r.GetString(1), id.ToString(), "text");
        Same(42u, BitConverter.ToUInt32(id.ToByteArray(), 12), "HotGuidExtensions.ExtractShardKey");
        Same(r.GetFieldValue<DateTime>(2), DateTime.UnixEpoch.AddSeconds(BitConverter.ToUInt32(id.ToByteArray(), 0)), "ExtractUnixTimestamp");
    }));

Check("luuid_generate('g', 7) -> Guid", () =>
    Row("SELECT id, id::text, luuid_group('g') FROM (SELECT luuid_generate('g', 7) id) g", r =>
    {
        var id = r.GetFieldValue<Guid>(0);
        Same(r.GetString(1), id.ToString(), "text");
        var b = id.ToByteArray(bigEndian: true);
        Same(7UL, BigEndianUInt48(b), "key");
        Same(6, id.Version, "version");
        Same(r.GetInt32(2), ((b[6] & 0xF) << 8) | b[7], "group");
        Same(0xA, b[8] >> 4, "nibble a");
    }));

Check("uuidv7_generate() -> Guid", () =>
    Row("SELECT id, id::text, uuidv7_extract_timestamp(id) FROM (SELECT uuidv7_generate() id) g", r =>
    {
        var id = r.GetFieldValue<Guid>(0);
        Same(r.GetString(1), id.ToString(), "text");
        Same(7, id.Version, "version");
        Same(r.GetFieldValue<DateTime>(2), DateTime.UnixEpoch.AddMilliseconds(BigEndianUInt48(id.ToByteArray(bigEndian: true))), "timestamp");
    }));

Check("public_id(distributedid_generate()) -> Guid, and the Guid back to the decimal", () =>
{
    decimal id = 0;
    Guid publicId = default;
    Row("SELECT id::numeric, public_id(id), public_id(id)::text FROM (SELECT distributedid_generate() id) g", r =>
    {
        id = r.GetFieldValue<decimal>(0);
        publicId = r.GetFieldValue<Guid>(1);
        Same(r.GetString(2), publicId.ToString(), "text");
    });
    Same(id, Scalar<decimal>("SELECT public_id_to_numeric(@p)", ("p", publicId)), "public_id_to_numeric");
    Same(id, Scalar<decimal>("SELECT public_id_to_distributedid(@p)::numeric", ("p", publicId)), "public_id_to_distributedid");
});

// ---------------------------------------------------------------------------------------------------------
// Composed in C#, written by C#, read by the database's extraction functions

Check("DistributedId composed in C# (Architect's CreateCore) -> distributedid column, no cast", () =>
{
    // The known answers of test/vectors/distributedid.tsv (ms since 1900, random part -> id, instant), and a fresh id.
    var nowTs = (ulong)(DateTime.UtcNow - DistributedIdEpoch).Ticks / TimeSpan.TicksPerMillisecond - 1000; // Architect's leeway
    var cases = Vectors("distributedid").Select(v => (Ts: ulong.Parse(v["ms_since_1900"]!, CultureInfo.InvariantCulture),
            Id: DistributedId(ulong.Parse(v["ms_since_1900"]!, CultureInfo.InvariantCulture), UInt128.Parse(v["random_sequence"]!, CultureInfo.InvariantCulture)),
            Expected: (decimal?)decimal.Parse(v["distributedid"]!, CultureInfo.InvariantCulture), Instant: Instant(v["timestamp"]!)))
        .Append((nowTs, DistributedId(nowTs, Random(48)), null, DistributedIdEpoch.AddMilliseconds(nowTs))); // fresh: no known id
    foreach (var (ts, id, expected, expectedTs) in cases)
    {
        if (expected is decimal known)
            Same(known, id, "test vector");
        Same(expectedTs, DistributedIdEpoch.AddMilliseconds(ts), "the vector's instant");
        Row("INSERT INTO dids (id) VALUES (@id) RETURNING id::numeric, id::text, distributedid_extract_timestamp(id)", r =>
        {
            Same(id, r.GetFieldValue<decimal>(0), "read back");
            Same(id.ToString(CultureInfo.InvariantCulture), r.GetString(1), "text");
            Same(expectedTs, r.GetFieldValue<DateTime>(2), "distributedid_extract_timestamp");
        }, ("id", id));
        Same(1L, Scalar<long>("SELECT count(*) FROM dids WHERE id = @id::distributedid", ("id", id)), "WHERE id = @id::distributedid");
    }
});

Check("a decimal, a decimal[] and a Guid compared with the column without a cast (cross-type operators)", () =>
{
    var id = decimal.Parse(Vectors("distributedid")[0]["distributedid"]!, CultureInfo.InvariantCulture); // inserted above
    Same(1L, Scalar<long>("SELECT count(*) FROM dids WHERE id = @id", ("id", id)), "WHERE id = @decimal");
    Same(1L, Scalar<long>("SELECT count(*) FROM dids WHERE id = ANY(@ids)", ("ids", new[] { id, 1.5m, -1m })),
        "WHERE id = ANY(@decimals)");
    Same(0L, Scalar<long>("SELECT count(*) FROM dids WHERE id = @id", ("id", id + 0.5m)), "a fraction finds nothing");
    Same(0L, Scalar<long>("SELECT count(*) FROM iuids WHERE id = @id", ("id", Guid.NewGuid())),
        "a version 4 Guid finds no iuid");
});

Check("DistributedId128 composed in C# as Architect does (string-order bytes) -> uuid", () =>
{
    // The known answers of test/vectors/distributedid128.tsv: (ts since 1700, rand75) -> uuid text, UInt128; and a fresh id.
    var vectors = Vectors("distributedid128", "compose")
        .Select(v => (Ts: ulong.Parse(v["ms_since_1700"]!, CultureInfo.InvariantCulture),
            Rand: UInt128.Parse(v["random_sequence"]!, CultureInfo.InvariantCulture), Text: v["id"]!, Number: v["numeric"]!))
        .Append(((ulong)(DateTime.UtcNow - DistributedId128Epoch).Ticks / TimeSpan.TicksPerMillisecond, Random(75), "", ""));
    foreach (var (ts, rand, text, number) in vectors)
    {
        var id = DistributedId128(ts, rand);
        if (text != "")
        {
            Same(text, id.ToString(), "Guid.ToString()");
            Same(BigInteger.Parse(number, CultureInfo.InvariantCulture), (BigInteger)ToUInt128(id), "as UInt128");
        }
        Row("INSERT INTO uuids (id) VALUES (@id) RETURNING id::text, distributedid128_extract_timestamp(id), distributedid128_to_numeric(id), uuid_send(id)", r =>
        {
            Same(id.ToString(), r.GetString(0), "uuid text");
            Same(DistributedId128Epoch.AddMilliseconds(ts), r.GetFieldValue<DateTime>(1), "distributedid128_extract_timestamp");
            Same((BigInteger)ToUInt128(id), r.GetFieldValue<BigInteger>(2), "distributedid128_to_numeric");
            Same(Convert.ToHexString(id.ToByteArray(bigEndian: true)), Convert.ToHexString(r.GetFieldValue<byte[]>(3)), "stored bytes = ToByteArray(bigEndian: true)");
        }, ("id", id));
    }
});

Check("iUID composed in C# -> iuid column (uuid -> iuid on assignment)", () =>
{
    var ms = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
    var id = Iuid((ulong)ms, formatVersion: 0, country: 200, serviceEntity: 0xA5, Random(54));
    Row("""
        INSERT INTO iuids (id) VALUES (@id)
        RETURNING id::uuid, id::text, iuid_extract_country(id), iuid_extract_service_entity(id), iuid_extract_format_version(id), iuid_extract_timestamp(id)
        """, r =>
    {
        Same(id, r.GetFieldValue<Guid>(0), "read back");
        Same(id.ToString(), r.GetString(1), "text");
        Same(200, r.GetInt32(2), "iuid_extract_country");
        Same(0xA5, r.GetInt32(3), "iuid_extract_service_entity");
        Same(0, r.GetInt32(4), "iuid_extract_format_version");
        Same(DateTime.UnixEpoch.AddMilliseconds(ms), r.GetFieldValue<DateTime>(5), "iuid_extract_timestamp");
    }, ("id", id));
    Same(1L, Scalar<long>("SELECT count(*) FROM iuids WHERE id = @id::iuid", ("id", id)), "WHERE id = @id::iuid");
});

Check("SIQ composed in C# -> siq column (BigInteger sent as numeric)", () =>
{
    foreach (var v in Vectors("siq", "domain_hash")) // SUOU's domain hashes of test/vectors ("0": no domain)
        Same(uint.Parse(v["domain_hash"]!, CultureInfo.InvariantCulture), v["domain"] == "0" ? 0u : DomainHash(v["domain"]!), $"SUOU's domain hash of {v["domain"]}");
    var hash = DomainHash("example.com");
    var ms = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds();
    var ts56 = ((ulong)ms / 1000 << 16) | ((ulong)ms % 1000 << 16) / 1000; // seconds . 1/65536 s
    var id = Siq(ts56, shard: 7, hash, tail: 1234 << 4 | 0b1110); // qualifier "message": 4 bits 1110, 12-bit serial
    var expectedTime = DateTime.UnixEpoch.AddSeconds(ts56 >> 16).AddTicks((long)(((ts56 & 0xFFFF) * 1_000_000) >> 16) * 10);
    Row("""
        INSERT INTO siqs (id) VALUES (@id)
        RETURNING id::numeric, id::text, siq_extract_shard(id), siq_extract_domain_hash(id), siq_extract_qualifier(id), siq_extract_serial(id), siq_extract_timestamp(id)
        """, r =>
    {
        Same(id, r.GetFieldValue<BigInteger>(0), "read back");
        Same(SiqText(id), r.GetString(1), "text");
        Same(7, r.GetInt32(2), "siq_extract_shard");
        Same((long)hash, r.GetInt64(3), "siq_extract_domain_hash");
        Same("message", r.GetString(4), "siq_extract_qualifier");
        Same(1234, r.GetInt32(5), "siq_extract_serial");
        Same(expectedTime, r.GetFieldValue<DateTime>(6), "siq_extract_timestamp");
    }, ("id", id));
    Same(1L, Scalar<long>("SELECT count(*) FROM siqs WHERE id = @id::siq", ("id", id)), "WHERE id = @id::siq");
});

Check("Snowflake composed in C# (Discord epoch) -> the extraction functions (bigint)", () =>
{
    var ms = DateTimeOffset.UtcNow.ToUnixTimeMilliseconds() - 1420070400000;
    var id = Snowflake(ms, worker: 9, process: 17, increment: 1234);
    Row("SELECT snowflake_extract_timestamp(@id), snowflake_extract_worker(@id), snowflake_extract_process(@id), snowflake_extract_increment(@id), @id::text", r =>
    {
        Same(DiscordEpoch.AddMilliseconds(ms), r.GetFieldValue<DateTime>(0), "snowflake_extract_timestamp");
        Same(9, r.GetInt32(1), "worker");
        Same(17, r.GetInt32(2), "process");
        Same(1234, r.GetInt32(3), "increment");
        Same(id.ToString(CultureInfo.InvariantCulture), r.GetString(4), "text");
    }, ("id", id));
});

Check("UUIDv7 from .NET's Guid.CreateVersion7() -> uuidv7_extract_timestamp", () =>
{
    var now = DateTimeOffset.UtcNow;
    var id = Guid.CreateVersion7(now);
    Same(DateTime.UnixEpoch.AddMilliseconds(now.ToUnixTimeMilliseconds()), Scalar<DateTime>("SELECT uuidv7_extract_timestamp(@id)", ("id", id)), "timestamp");
});

Check("public id composed in C# as Architect does (AES-ECB, new Guid(ciphertext)) = public_id()", () =>
{
    // A session key of our own (set_config with a bind parameter, which the server never logs), on a connection of its own.
    var key = RandomNumberGenerator.GetBytes(32);
    using var c = dataSource.OpenConnection();
    using (var set = Command(c, "SELECT set_config('identities.public_key', @k, false)", ("k", Convert.ToBase64String(key))))
        set.ExecuteNonQuery();
    var ids = new[] { 1m, DistributedId(3786825600000, 0x010000000000UL), 9999999999999999999999999999m };
    foreach (var id in ids)
    {
        using var cmd = Command(c, "SELECT public_id(@id), public_id(@id::distributedid)", ("id", id));
        using var r = cmd.ExecuteReader();
        r.Read();
        var expected = PublicId(key, id);
        Same(expected, r.GetFieldValue<Guid>(0), $"public_id({id}::numeric)");
        Same(expected, r.GetFieldValue<Guid>(1), $"public_id({id}::distributedid)");
    }
});

// ---------------------------------------------------------------------------------------------------------
// Edge values, integer parameters, errors

Check("distributedid edges 0 and 10^28-1 as decimal; 10^28 is 22003", () =>
{
    foreach (var id in new[] { 0m, 9999999999999999999999999999m })
        Row("INSERT INTO dids (id) VALUES (@id) RETURNING id::numeric, id::text", r =>
        {
            Same(id, r.GetFieldValue<decimal>(0), "read back");
            Same(id.ToString(CultureInfo.InvariantCulture), r.GetString(1), "text");
        }, ("id", id));
    ExpectSqlState("22003", () => Exec("INSERT INTO dids (id) VALUES (@id)", ("id", 10000000000000000000000000000m)));
});

Check("siq edges 0 and 2^112-1 as BigInteger; 2^112 is 22003", () =>
{
    foreach (var id in new[] { BigInteger.Zero, (BigInteger.One << 112) - 1 })
        Row("INSERT INTO siqs (id) VALUES (@id) RETURNING id::numeric, id::text", r =>
        {
            Same(id, r.GetFieldValue<BigInteger>(0), "read back");
            Same(SiqText(id), r.GetString(1), "text");
        }, ("id", id));
    ExpectSqlState("22003", () => Exec("INSERT INTO siqs (id) VALUES (@id)", ("id", BigInteger.One << 112)));
});

Check("long parameters (bigint) into distributedid and siq", () =>
{
    Same("9223372036854775807", Scalar<string>("INSERT INTO dids (id) VALUES (@id) RETURNING id::text", ("id", long.MaxValue)), "distributedid");
    Same(SiqText(long.MaxValue), Scalar<string>("INSERT INTO siqs (id) VALUES (@id) RETURNING id::text", ("id", long.MaxValue)), "siq");
});

Check("errors: non-v8 Guid into iuid 22P02, decimal with a fraction 22003, negative long into siq 22003", () =>
{
    ExpectSqlState("22P02", () => Exec("INSERT INTO iuids (id) VALUES (@id)", ("id", Guid.NewGuid())));
    ExpectSqlState("22003", () => Exec("INSERT INTO dids (id) VALUES (@id)", ("id", 1.5m)));
    ExpectSqlState("22003", () => Exec("INSERT INTO siqs (id) VALUES (@id)", ("id", -1L)));
    Same("123", Scalar<string>("INSERT INTO dids (id) VALUES (@id) RETURNING id::text", ("id", 123.000m)), "123.000m is integral");
});

// ---------------------------------------------------------------------------------------------------------
// Arrays

Check("arrays: decimal[] -> distributedid[], Guid[] -> iuid[], BigInteger[] -> siq[], and back", () =>
{
    var d = new[] { 0m, DistributedId(3786825600000, 0x010000000000UL), 9999999999999999999999999999m };
    var i = new[] { Iuid(1, 0, 1, 2, 3u), Iuid((ulong)DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(), 0, 255, 255, Random(54)) };
    var s = new[] { BigInteger.Zero, (BigInteger.One << 112) - 1 };
    Exec("INSERT INTO arrays (d, i, s) VALUES (@d, @i, @s)", ("d", d), ("i", i), ("s", s));
    Row("SELECT d::numeric[], i::uuid[], s::numeric[], d::text FROM arrays", r =>
    {
        Same(string.Join(",", d), string.Join(",", r.GetFieldValue<decimal[]>(0)), "decimal[]");
        Same(string.Join(",", i), string.Join(",", r.GetFieldValue<Guid[]>(1)), "Guid[]");
        Same(string.Join(",", s), string.Join(",", r.GetFieldValue<BigInteger[]>(2)), "BigInteger[]");
        Same("{" + string.Join(",", d) + "}", r.GetString(3), "distributedid[] text");
    });
    Same(2L, Scalar<long>("SELECT count(DISTINCT id) FROM dids WHERE id = ANY(@ids::distributedid[])", ("ids", new[] { 0m, 9999999999999999999999999999m, 5m })), "= ANY(@ids::distributedid[])");
    Same(1L, Scalar<long>("SELECT count(*) FROM arrays WHERE i[2] = ANY(@ids::iuid[])", ("ids", new[] { i[1] })), "= ANY(@ids::iuid[])");
    Same(1L, Scalar<long>("SELECT count(*) FROM arrays WHERE s[2] = ANY(@ids::siq[])", ("ids", new[] { s[1] })), "= ANY(@ids::siq[])");
    ExpectSqlState("22P02", () => Exec("INSERT INTO arrays (i) VALUES (@i)", ("i", new[] { i[0], Guid.NewGuid() })));
});

// ---------------------------------------------------------------------------------------------------------
// COPY

var copyRows = new[]
{
    (D: 0m, I: Iuid(1, 0, 1, 2, 3u), S: BigInteger.Zero),
    (D: 9999999999999999999999999999m, I: Iuid((ulong)DateTimeOffset.UtcNow.ToUnixTimeMilliseconds(), 0, 7, 8, Random(54)), S: (BigInteger.One << 112) - 1),
};

Check("binary COPY in: the types' own binary forms, numeric's for distributedid and siq (a decimal and a BigInteger as NpgsqlDbType.Numeric), uuid's for iuid", () =>
{
    Exec("TRUNCATE rows3");
    using (var import = conn.BeginBinaryImport("COPY rows3 (d, i, s) FROM STDIN (FORMAT BINARY)"))
    {
        foreach (var (d, i, s) in copyRows)
        {
            import.StartRow();
            import.Write(d, NpgsqlDbType.Numeric); // distributedid's binary form is numeric's
            import.Write(i, NpgsqlDbType.Uuid);    // iuid's binary form is uuid's
            import.Write(s, NpgsqlDbType.Numeric);
        }
        Same(2UL, import.Complete(), "rows copied");
    }
    Same("0 " + copyRows[0].I + " " + SiqText(0), Scalar<string>("SELECT d || ' ' || i::text || ' ' || s::text FROM rows3 ORDER BY d LIMIT 1"), "first row");
});

// Issue 39: a generic reader that declares the columns as numeric, the type distributedid and siq are numbers of,
// reads the true values (0.1.0's raw bytes read as numeric gave wrong numbers, and no error), and what it writes as
// numeric is taken. The edge values, asynchronously, as an application's COPY would go.
var edgeValues = new[] { 0m, 1m, 7m, 9999m, 10000m, 10001m, 100000000m, 9223372036854775807m, 18446744073709551616m,
    1_000_000_000_000_000_000_000_000m, 9999999999999999999999999999m }
    .Concat(Vectors("distributedid").Select(v => decimal.Parse(v["distributedid"]!, CultureInfo.InvariantCulture))).ToArray();
var siqEdgeValues = edgeValues.Select(v => new BigInteger(v))
    .Concat([BigInteger.Pow(10, 28), (BigInteger.One << 96) - 1, (BigInteger.One << 112) - 1]).ToArray();

Check("generic binary COPY out, read as numeric (BeginBinaryExport + ReadAsync<decimal>, ReadAsync<BigInteger>): the true values", () =>
{
    Exec("CREATE TEMP TABLE generic_out (n int, d distributedid, s siq)");
    for (var n = 0; n < siqEdgeValues.Length; n++)
        Exec($"INSERT INTO generic_out VALUES ({n}, {(n < edgeValues.Length ? edgeValues[n].ToString(CultureInfo.InvariantCulture) : "NULL")}, {siqEdgeValues[n]}::numeric)");
    var got = new List<string>();
    Task.Run(async () =>
    {
        await using var export = await conn.BeginBinaryExportAsync("COPY (SELECT d, s FROM generic_out ORDER BY n) TO STDOUT (FORMAT BINARY)");
        while (await export.StartRowAsync() != -1)
        {
            var d = export.IsNull ? "null" : (await export.ReadAsync<decimal>()).ToString(CultureInfo.InvariantCulture);
            if (d == "null")
                await export.SkipAsync();
            got.Add($"{d} {await export.ReadAsync<BigInteger>()}");
        }
    }).GetAwaiter().GetResult();
    var expected = siqEdgeValues.Select((s, n) => $"{(n < edgeValues.Length ? edgeValues[n].ToString(CultureInfo.InvariantCulture) : "null")} {s}");
    Same(string.Join("; ", expected), string.Join("; ", got), "rows");
});

Check("generic binary COPY in, written as numeric (BeginBinaryImport + WriteAsync(value, NpgsqlDbType.Numeric)): the true values", () =>
{
    Exec("CREATE TEMP TABLE generic_in (n int, d distributedid, s siq)");
    Task.Run(async () =>
    {
        await using var import = await conn.BeginBinaryImportAsync("COPY generic_in (n, d, s) FROM STDIN (FORMAT BINARY)");
        for (var n = 0; n < siqEdgeValues.Length; n++)
        {
            await import.StartRowAsync();
            await import.WriteAsync(n, NpgsqlDbType.Integer);
            if (n < edgeValues.Length)
                await import.WriteAsync(edgeValues[n], NpgsqlDbType.Numeric);
            else
                await import.WriteNullAsync();
            await import.WriteAsync(siqEdgeValues[n], NpgsqlDbType.Numeric);
        }
        await import.WriteRowAsync(default, siqEdgeValues.Length, 7.00m, new BigInteger(7)); // 7.00: any numeric form of an integer
        await import.CompleteAsync();
    }).GetAwaiter().GetResult();
    var stored = new List<string>();
    using (var cmd = new NpgsqlCommand("SELECT coalesce(d::text, 'null') || ' ' || s::numeric FROM generic_in ORDER BY n", conn))
    using (var r = cmd.ExecuteReader())
        while (r.Read())
            stored.Add(r.GetString(0));
    var expected = siqEdgeValues.Select((s, n) => $"{(n < edgeValues.Length ? edgeValues[n].ToString(CultureInfo.InvariantCulture) : "null")} {s}").Append("7 7");
    Same(string.Join("; ", expected), string.Join("; ", stored), "rows");
});

Check("generic binary COPY in of a numeric that is no id (-1, 1.5, 10^28; 2^112 for siq) is refused (22003), never stored as another value", () =>
{
    using var c = dataSource.OpenConnection();
    using (var setup = new NpgsqlCommand("CREATE TEMP TABLE one (d distributedid, s siq)", c))
        setup.ExecuteNonQuery();
    foreach (var (column, value) in new (string, object)[] { ("d", -1m), ("d", 1.5m), ("d", 10_000_000_000_000_000_000_000_000_000m), ("s", -1m), ("s", BigInteger.One << 112) })
        ExpectSqlState("22003", () =>
        {
            using var import = c.BeginBinaryImport($"COPY one ({column}) FROM STDIN (FORMAT BINARY)");
            import.StartRow();
            import.Write(value, NpgsqlDbType.Numeric);
            import.Complete();
        });
    using var count = new NpgsqlCommand("SELECT count(*) FROM one", c);
    Same(0L, (long?)count.ExecuteScalar(), "rows stored");
});

Check("binary COPY in through a staging table of numeric and uuid columns, then INSERT ... SELECT", () =>
{
    Exec("TRUNCATE rows3; CREATE TEMP TABLE staging (d numeric, i uuid, s numeric)");
    using (var import = conn.BeginBinaryImport("COPY staging (d, i, s) FROM STDIN (FORMAT BINARY)"))
    {
        foreach (var (d, i, s) in copyRows)
        {
            import.StartRow();
            import.Write(d);
            import.Write(i);
            import.Write(s);
        }
        import.Complete();
    }
    Exec("INSERT INTO rows3 (d, i, s) SELECT d, i, s FROM staging"); // assignment casts
    Same(2L, Scalar<long>("SELECT count(*) FROM rows3 JOIN staging ON rows3.d = staging.d::distributedid AND rows3.i = staging.i::iuid AND rows3.s = staging.s::siq"), "rows");
});

Check("binary COPY out: numeric, uuid and numeric columns of a query (BeginBinaryExport)", () =>
{
    var got = new List<string>();
    using (var export = conn.BeginBinaryExport("COPY (SELECT d::numeric, i::uuid, s::numeric FROM rows3 ORDER BY d) TO STDOUT (FORMAT BINARY)"))
        while (export.StartRow() != -1)
            got.Add($"{export.Read<decimal>()} {export.Read<Guid>()} {export.Read<BigInteger>()}");
    Same(string.Join("; ", copyRows.Select(r => $"{r.D} {r.I} {r.S}")), string.Join("; ", got), "rows");
});

Check("binary COPY out of the columns themselves, read as numeric, uuid and numeric", () =>
{
    var got = new List<string>();
    using (var export = conn.BeginBinaryExport("COPY (SELECT d, i, s FROM rows3 ORDER BY d) TO STDOUT (FORMAT BINARY)"))
        while (export.StartRow() != -1)
            got.Add($"{export.Read<decimal>(NpgsqlDbType.Numeric)} {export.Read<Guid>(NpgsqlDbType.Uuid)} {export.Read<BigInteger>(NpgsqlDbType.Numeric)}");
    Same(string.Join("; ", copyRows.Select(r => $"{r.D} {r.I} {r.S}")), string.Join("; ", got), "rows");
});

Check("text COPY in and out (BeginTextImport, BeginTextExport): decimal, uuid and hex text", () =>
{
    Exec("TRUNCATE rows3");
    using (var writer = conn.BeginTextImport("COPY rows3 (d, i, s) FROM STDIN"))
        foreach (var (d, i, s) in copyRows)
            writer.Write($"{d.ToString(CultureInfo.InvariantCulture)}\t{i}\t{SiqText(s)}\n");
    string text;
    using (var reader = conn.BeginTextExport("COPY (SELECT d, i, s FROM rows3 ORDER BY d) TO STDOUT"))
        text = reader.ReadToEnd();
    Same(string.Concat(copyRows.Select(r => $"{r.D}\t{r.I}\t{SiqText(r.S)}\n")), text, "rows");
});

conn.Dispose();
Console.WriteLine($"# {passed} passed, {failed} failed");
return failed == 0 ? 0 : 1;

// Compares two values; the detail names what differed.
static void Same<T>(T expected, T actual, string what)
{
    if (!EqualityComparer<T>.Default.Equals(expected, actual))
        throw new CheckFailed($"{what}: expected {expected}, got {actual}");
}

// The raw binary value of a column of a type Npgsql does not know.
static byte[] RawBytes(NpgsqlDataReader r, int ordinal)
{
    var buffer = new byte[64];
    var n = r.GetBytes(ordinal, 0, buffer, 0, buffer.Length);
    return buffer[..(int)n];
}

sealed class CheckFailed(string message) : Exception(message);

// The few bits of each format the checks compose or take apart (the layouts of doc/reference.md).
static class Ids
{
    public static readonly DateTime DistributedIdEpoch = new(1900, 1, 1, 0, 0, 0, DateTimeKind.Utc);
    public static readonly DateTime DistributedId128Epoch = new(1700, 1, 1, 0, 0, 0, DateTimeKind.Utc);
    public static readonly DateTime DiscordEpoch = DateTime.UnixEpoch.AddMilliseconds(1420070400000);

    // The rows of test/vectors/NAME.tsv (of that kind): Identities.Npgsql.Tests/Vectors.cs, linked into this program.
    public static List<Dictionary<string, string?>> Vectors(string name, string? kind = null) =>
        NpgsqlIdentities.Tests.Vectors.Rows(name, kind);

    // An instant of the vectors (ISO 8601 UTC).
    public static DateTime Instant(string text) =>
        DateTime.Parse(text, CultureInfo.InvariantCulture, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal);

    public static UInt128 Random(int bits) =>
        BinaryPrimitives.ReadUInt128BigEndian(RandomNumberGenerator.GetBytes(16)) >> (128 - bits);

    // Architect's DistributedIdGenerator.CreateCore: (ts << 48) | rand48 as a decimal of scale 0 (hi, mid, lo words).
    public static decimal DistributedId(ulong ts, UInt128 rand48)
    {
        var value = (UInt128)ts << 48 | rand48;
        return new decimal((int)(uint)value, (int)(uint)(value >> 32), (int)(uint)(value >> 64), false, 0);
    }

    // Architect's DistributedId128Generator: BE(hi64) || BE(lo64) are the Guid's string-order bytes (UInt128.ToGuid()).
    public static Guid DistributedId128(ulong ts, UInt128 rand75)
    {
        var hi = ts << 16 | 0x7000 | (ulong)(rand75 >> 63);
        var lo = (ulong)rand75 & 0x7FFF_FFFF_FFFF_FFFF;
        return FromUInt128((UInt128)hi << 64 | lo);
    }

    // inDrive's iUID: [48-bit unix ms][version 8][format version][country][variant 10][service entity][54 random bits].
    public static Guid Iuid(ulong unixMs, int formatVersion, int country, int serviceEntity, UInt128 rand54) =>
        FromUInt128((UInt128)unixMs << 80 | (UInt128)8 << 76 | (UInt128)(uint)formatVersion << 72 | (UInt128)(uint)country << 64
            | (UInt128)2 << 62 | (UInt128)(uint)serviceEntity << 54 | rand54);

    // SUOU's SIQ: [56-bit timestamp, 1/65536 s][8-bit shard][32-bit domain hash][16-bit serial and qualifier].
    public static BigInteger Siq(ulong ts56, int shard, uint domainHash, int tail) =>
        (BigInteger)ts56 << 56 | (BigInteger)shard << 48 | (BigInteger)domainHash << 16 | tail;

    // SUOU's make_domain_hash: the last 4 bytes of SHA-256 of the ASCII domain, big-endian.
    public static uint DomainHash(string domain) =>
        BinaryPrimitives.ReadUInt32BigEndian(SHA256.HashData(Encoding.ASCII.GetBytes(domain)).AsSpan(28));

    // Discord's Snowflake: ms since the epoch << 22 | worker << 17 | process << 12 | increment.
    public static long Snowflake(long ms, int worker, int process, int increment) =>
        ms << 22 | (long)worker << 17 | (long)process << 12 | (long)increment;

    // Architect's AesPublicIdentityConverter for a decimal: AES-ECB of [0 x4][LE32 hi][LE64 mid:lo], new Guid(ciphertext).
    public static Guid PublicId(byte[] key, decimal id)
    {
        var bits = decimal.GetBits(id); // lo, mid, hi, flags
        var plain = new byte[16];
        BinaryPrimitives.WriteInt32LittleEndian(plain.AsSpan(4), bits[2]);
        BinaryPrimitives.WriteInt32LittleEndian(plain.AsSpan(8), bits[0]);
        BinaryPrimitives.WriteInt32LittleEndian(plain.AsSpan(12), bits[1]);
        using var aes = Aes.Create();
        aes.Key = key;
        return new Guid(aes.EncryptEcb(plain, PaddingMode.None));
    }

    public static UInt128 ToUInt128(Guid g) => BinaryPrimitives.ReadUInt128BigEndian(g.ToByteArray(bigEndian: true));

    public static Guid FromUInt128(UInt128 value)
    {
        Span<byte> bytes = stackalloc byte[16];
        BinaryPrimitives.WriteUInt128BigEndian(bytes, value);
        return new Guid(bytes, bigEndian: true);
    }

    public static ulong BigEndianUInt48(byte[] b) => (ulong)BinaryPrimitives.ReadUInt16BigEndian(b) << 32 | BinaryPrimitives.ReadUInt32BigEndian(b.AsSpan(2));

    // siq's text form: 28 lowercase hex digits.
    public static string SiqText(BigInteger id) => Convert.ToHexStringLower(id.ToByteArray(isUnsigned: true, isBigEndian: true)).TrimStart('0').PadLeft(28, '0');
}
