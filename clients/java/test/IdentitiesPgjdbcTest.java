import org.pgxn.identities.pgjdbc.DistributedId;
import org.pgxn.identities.pgjdbc.Identities;
import org.pgxn.identities.pgjdbc.Identities.Results;
import org.pgxn.identities.pgjdbc.Iuid;
import org.pgxn.identities.pgjdbc.Siq;
import org.pgxn.identities.pgjdbc.Ulid;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.postgresql.PGResultSetMetaData;
import org.postgresql.core.BaseConnection;
import org.postgresql.util.PGobject;

/**
 * Round trips of distributedid, siq, iuid and ulid through pgjdbc and identities-pgjdbc, against a real server.
 *
 * <p>Connects with libpq's environment (PGHOST, a socket directory or a host name; PGPORT, PGUSER, PGDATABASE)
 * to a database with the extension, on a server that preloads it. Prints "ok - NAME" or "not ok - NAME" and
 * why, per check, and exits 1 if any failed.
 */
public final class IdentitiesPgjdbcTest {
    private static final BigInteger TWO_112 = BigInteger.ONE.shiftLeft(112);
    private static final BigInteger TEN_28 = BigInteger.TEN.pow(28);
    private static final Instant INSTANT = Instant.parse("2026-11-23T12:34:56.789Z");
    private static final List<String> ASSERTIONS = List.of("expect", "expectThrows", "message", "sqlState");
    private static int failures;

    /**
     * How pgjdbc moves the three types. Identities.register makes pgjdbc send them as binary parameters, and
     * receive them in text, or in binary (with Results.BINARY) once a statement is prepared on the server and
     * described: from its 6th execution (prepareThreshold=5), or at once with prepareThreshold=-1, as here.
     * binaryTransferDisable, which takes type oids (pgjdbc knows no extension's type by name), keeps them in text
     * both ways.
     */
    enum Mode {
        TEXT_RESULTS("register(connection): binary parameters, text results", Results.TEXT, true, false),
        BINARY_RESULTS("register(connection, BINARY): binary both ways", Results.BINARY, true, true),
        TEXT("register(connection, BINARY), the oids in binaryTransferDisable: text both ways", Results.BINARY, false,
                false);

        final String description;
        final Results results;
        final boolean binaryParameters;
        final boolean binaryResults;

        Mode(String description, Results results, boolean binaryParameters, boolean binaryResults) {
            this.description = description;
            this.results = results;
            this.binaryParameters = binaryParameters;
            this.binaryResults = binaryResults;
        }

        Properties properties(Oids oids) {
            Properties properties = new Properties();
            properties.setProperty("prepareThreshold", "-1");
            if (this == TEXT) {
                properties.setProperty("binaryTransferDisable", oids.types);
            }
            return properties;
        }
    }

    /** The oids of the types in this database, as pgjdbc's properties list them. */
    static final class Oids {
        final String types;
        final int distributedid;

        Oids(String types, int distributedid) {
            this.types = types;
            this.distributedid = distributedid;
        }
    }

    interface Body {
        void run() throws Exception;
    }

    public static void main(String[] arguments) throws Exception {
        check("value classes refuse bad values when made", IdentitiesPgjdbcTest::valueClassesRefuseBadValues);
        check("value classes read the known answers of test/vectors", IdentitiesPgjdbcTest::knownAnswers);
        check("Ulid reads and writes the known answers of test/vectors/ulid.tsv", IdentitiesPgjdbcTest::ulidKnownAnswers);
        Oids oids;
        try (Connection connection = connect(database(), new Properties())) {
            oids = oids(connection);
            check("the binary forms are the server's send functions'", () -> binaryFormsAreTheServers(connection));
            check("ulid: the server reads, refuses and sends the known answers of test/vectors/ulid.tsv as Ulid does",
                    () -> ulidVectorsThroughTheServer(connection));
        }
        for (Mode mode : Mode.values()) {
            try (Connection connection = connect(database(), mode.properties(oids))) {
                Identities.register(connection, mode.results);
                String suffix = " (" + mode.description + ")";
                check("the mode is what it says" + suffix, () -> modeIsWhatItSays(connection, mode, oids));
                check("DEFAULT-generated ids read back as value classes" + suffix,
                        () -> generatedIdsReadBack(connection, mode));
                check("typed parameters find the row through its index" + suffix,
                        () -> typedParametersUseTheIndex(connection));
                check("BigDecimal, BigInteger and UUID parameters find the row through its index" + suffix,
                        () -> plainParametersUseTheIndex(connection));
                check("arrays of each type" + suffix, () -> arrays(connection, mode));
                check("ulid round trips: parameters, results, arrays, NULLs, uuids" + suffix,
                        () -> ulidRoundTrips(connection, mode));
                check("NULLs" + suffix, () -> nulls(connection));
                check("bad values are refused before anything is written" + suffix,
                        () -> badValuesWriteNothing(connection));
                check("the README's time-window query uses the primary key" + suffix,
                        () -> timeWindows(connection));
                check("batch insert" + suffix, () -> batchInsert(connection));
            }
        }
        check("past prepareThreshold: text results stay text; binary ones are binary, where pgjdbc's getBigDecimal"
                + " is null", IdentitiesPgjdbcTest::pastThePrepareThreshold);
        try (Connection connection = connect(database(), new Properties())) {
            Identities.register(connection);
            check("siq's decimal text is misread; Siq and BigInteger are not", () -> siqTextTrap(connection));
            check("text COPY in and out", () -> textCopy(connection));
            check("batch insert rewritten into multi-row VALUES", () -> {
                Properties rewritten = new Properties();
                rewritten.setProperty("reWriteBatchedInserts", "true");
                try (Connection rewriting = connect(database(), rewritten)) {
                    Identities.register(rewriting);
                    batchInsert(rewriting);
                }
            });
            check("preferQueryMode=simple", IdentitiesPgjdbcTest::simpleQueryMode);
            check("an unregistered connection writes the value classes, and the helpers read it",
                    IdentitiesPgjdbcTest::unregistered);
            check("registered in a schema off the search path", () -> offTheSearchPath(connection));
            check("register refuses a database without the extension, or with 0.1.0",
                    () -> registerRefuses(connection));
        }
        // pgjdbc as it comes, as a JDBC sink (Kafka Connect's, say) uses it: default settings, no register, strings.
        try (Connection plain = connect(database(), new Properties())) {
            check("pgjdbc's defaults: setString binds varchar, which INSERT assigns to each type",
                    () -> stringsInsert(plain));
            check("pgjdbc's defaults: UPDATE and INSERT ... ON CONFLICT DO UPDATE with setString",
                    () -> stringsUpdateAndUpsert(plain));
            check("pgjdbc's defaults: a sink's batches of setString rows", () -> stringsBatch(plain, false));
            check("pgjdbc's defaults with reWriteBatchedInserts=true: a sink's batches of setString rows", () -> {
                Properties rewritten = new Properties();
                rewritten.setProperty("reWriteBatchedInserts", "true");
                try (Connection rewriting = connect(database(), rewritten)) {
                    stringsBatch(rewriting, true);
                }
            });
            check("pgjdbc's defaults: bad text is refused, 22P02, and a number out of range, 22003",
                    () -> stringsRefused(plain));
            check("pgjdbc's defaults: generated ids' getString is their ::text, and setString finds them again",
                    () -> generatedIdsAsStrings(plain));
        }
        System.exit(failures == 0 ? 0 : 1);
    }

    static void check(String name, Body body) {
        try {
            body.run();
            System.out.println("ok - " + name);
        } catch (Throwable error) {
            failures++;
            System.out.println("not ok - " + name);
            StackTraceElement where = Arrays.stream(error.getStackTrace())
                    .filter(frame -> frame.getClassName().startsWith("IdentitiesPgjdbcTest")
                            && !ASSERTIONS.contains(frame.getMethodName()))
                    .findFirst().orElse(null);
            System.out.println("  " + error + (where == null ? "" : " (line " + where.getLineNumber() + ")"));
        }
    }

    static String database() {
        return env("PGDATABASE", "postgres");
    }

    static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isEmpty() ? fallback : value;
    }

    /** A pgjdbc URL from libpq's variables; a socket directory in PGHOST goes through junixsocket. */
    static Connection connect(String database, Properties properties) throws SQLException {
        String host = env("PGHOST", "localhost");
        String port = env("PGPORT", "5432");
        properties.setProperty("user", env("PGUSER", System.getProperty("user.name")));
        if (host.startsWith("/")) {
            properties.setProperty("socketFactory", "org.newsclub.net.unix.AFUNIXSocketFactory$FactoryArg");
            properties.setProperty("socketFactoryArg", host + "/.s.PGSQL." + port);
            host = "localhost";
        }
        return DriverManager.getConnection("jdbc:postgresql://" + host + ":" + port + "/" + database, properties);
    }

    static Oids oids(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT string_agg(oid::text, ','),"
                        + " 'distributedid'::regtype::oid FROM pg_type"
                        + " WHERE oid IN ('distributedid'::regtype, 'siq'::regtype, 'iuid'::regtype, 'ulid'::regtype)")) {
            row.next();
            return new Oids(row.getString(1), row.getInt(2));
        }
    }

    // --- Ids composed in Java, field by field, as another service would make them (layouts in doc/reference.md).

    static DistributedId distributedId(Instant instant, long randomBits) {
        long since1900 = instant.toEpochMilli() + 2_208_988_800_000L;
        return new DistributedId(BigInteger.valueOf(since1900).shiftLeft(48).or(BigInteger.valueOf(randomBits)));
    }

    static Siq siq(Instant instant, int shard, long domainHash, int serialAndQualifier) {
        long ticks = instant.getEpochSecond() << 16 | instant.getNano() / 1000 * 65536L / 1_000_000;
        return new Siq(BigInteger.valueOf(ticks).shiftLeft(56).or(BigInteger.valueOf(shard).shiftLeft(48))
                .or(BigInteger.valueOf(domainHash).shiftLeft(16)).or(BigInteger.valueOf(serialAndQualifier)));
    }

    static Iuid iuid(Instant instant, int country, int serviceEntity, long randomBits) {
        long high = instant.toEpochMilli() << 16 | 8L << 12 | country;
        long low = 0b10L << 62 | (long) serviceEntity << 54 | randomBits;
        return new Iuid(new UUID(high, low));
    }

    // --- The checks.

    static void valueClassesRefuseBadValues() throws Exception {
        BigInteger distributedIdMax = TEN_28.subtract(BigInteger.ONE);
        BigInteger siqMax = TWO_112.subtract(BigInteger.ONE);
        expect(new DistributedId(distributedIdMax).toBigInteger().equals(distributedIdMax), "10^28 - 1");
        expect(new DistributedId(new BigDecimal("12.000")).equals(DistributedId.parse(" 12 ")), "12.000 is 12");
        expect(new Siq(siqMax).toString().equals("f".repeat(28)), "Siq's text is 28 hex digits");
        expect(Siq.parse("FF").equals(new Siq(255)) && new Siq(255).toString().equals("00000000000000000000000000ff"),
                "Siq's hex text");
        Iuid iuid = Iuid.parse("01A20942-04F9-8001-8086-1378E8435031");
        expect(iuid.toString().equals("01a20942-04f9-8001-8086-1378e8435031"), "Iuid's text is lowercase");
        expect(new Iuid(iuid.toUuid()).equals(iuid) && new Iuid(iuid.toUuid()).hashCode() == iuid.hashCode(), "equals");
        // The server's order is the bytes' unsigned order; java.util.UUID compares them signed.
        Iuid high = new Iuid(UUID.fromString("ffffffff-ffff-8fff-bfff-ffffffffffff"));
        expect(iuid.compareTo(high) < 0 && high.toUuid().compareTo(iuid.toUuid()) < 0, "Iuid orders unsigned");
        expect(new DistributedId(5).compareTo(new DistributedId(7)) < 0 && new Siq(9).compareTo(new Siq(9)) == 0,
                "order");

        List<Body> refused = List.of(
                () -> new DistributedId(TEN_28), () -> new DistributedId(-1),
                () -> new DistributedId(new BigDecimal("1.5")),
                () -> new DistributedId(new BigDecimal("-0.0000001")), () -> DistributedId.parse("1_000"),
                () -> DistributedId.parse("12a"), () -> DistributedId.parse(""), () -> DistributedId.parse("-1"),
                () -> DistributedId.parse("1" + "0".repeat(28)),
                () -> new Siq(TWO_112), () -> new Siq(-1), () -> new Siq(new BigDecimal("2.7")),
                () -> Siq.parse("0x1f"),
                () -> Siq.parse("f".repeat(29)), () -> Siq.parse("0".repeat(29)), () -> Siq.parse("g"),
                () -> new Iuid(UUID.randomUUID()),
                () -> new Iuid(UUID.fromString("01a20942-04f9-8001-c086-1378e8435031")),
                () -> Iuid.parse("01a2094204f980018086-1378e8435031"), () -> Iuid.parse("1-1-1-1-1"),
                () -> Iuid.parse("01a20942-04f9-7001-8086-1378e8435031"));
        for (int i = 0; i < refused.size(); i++) {
            expectThrows(IllegalArgumentException.class, refused.get(i), "bad value #" + i);
        }
        expect(message(() -> new DistributedId(TEN_28)).contains("out of range for a distributedid"), "the message");
        expect(message(() -> new Iuid(UUID.randomUUID())).contains("not an iuid"), "the message");

        // pgjdbc's way in: the text and binary forms, checked alike; a value never changes once set.
        DistributedId filled = new DistributedId();
        expect(filled.isNull() && filled.getValue() == null && filled.lengthInBytes() == 0, "empty is SQL NULL");
        filled.setValue("42");
        expect(sqlState(() -> filled.setValue("43")).equals("22P02") && filled.equals(new DistributedId(42)), "fixed");
        expect(sqlState(() -> new DistributedId().setValue("x")).equals("22P02"), "22P02");
        expect(sqlState(() -> new Siq().setValue("1" + "0".repeat(28))).equals("22P02"), "29 hex digits: 22P02");
        expect(sqlState(() -> new Iuid().setValue(UUID.randomUUID().toString())).equals("22P02"), "a v4 uuid");
        expect(sqlState(() -> new DistributedId().setValue("1" + "0".repeat(28))).equals("22003"), "22003");
        expect(sqlState(() -> new DistributedId().setByteValue(numericSend("-1"), 0)).equals("22003"), "negative");
        expect(sqlState(() -> new DistributedId().setByteValue(numericSend("1.5"), 0)).equals("22003"), "fraction");
        expect(sqlState(() -> new Siq().setByteValue(numericSend("NaN"), 0)).equals("22003"), "NaN");
        expect(sqlState(() -> new DistributedId().setByteValue(numericSend("1" + "0".repeat(28)), 0)).equals("22003"),
                "10^28");
        expect(sqlState(() -> new DistributedId().setByteValue(new byte[] {0, 1, 0, 0, 0, 0, 0, 0}, 0)).equals("22P03"),
                "a length that does not match its digits");
        expect(sqlState(() -> new Iuid().setByteValue(new byte[15], 0)).equals("22P03"), "15 bytes");
        byte[] version4 = new byte[16];
        new Iuid(UUID.fromString("01a20942-04f9-8001-8086-1378e8435031")).toBytes(version4, 0);
        version4[6] = 0x40; // the version nibble: 4
        expect(sqlState(() -> new Iuid().setByteValue(version4, 0)).equals("22P03"), "a version 4 uuid's bytes");
        DistributedId sevenFromBytes = new DistributedId();
        sevenFromBytes.setByteValue(numericSend("7.00"), 0); // any numeric binary form of an integer, as recv takes
        expect(sevenFromBytes.equals(new DistributedId(7)), "7.00 is 7");
        // PGobject.setType is final: a DistributedId relabelled siq would be sent as one; it is refused instead.
        DistributedId relabelled = new DistributedId(255);
        relabelled.setType("siq");
        expectThrows(IllegalStateException.class, relabelled::getValue, "sent as text");
        expectThrows(IllegalStateException.class, relabelled::lengthInBytes, "sent in binary");
    }

    /** numeric_send's bytes for a few numerics, as the server would send them (computed here from known forms). */
    static byte[] numericSend(String number) {
        switch (number) {
            case "-1": return bytes(1, 0, 0x4000, 0, 1);
            case "1.5": return bytes(2, 0, 0, 1, 1, 5000);
            case "NaN": return bytes(0, 0, 0xC000, 0);
            case "7.00": return bytes(1, 0, 0, 2, 7);
            default: // 10^28: 1 followed by 28 zeros, weight 7
                return bytes(1, 7, 0, 0, 1);
        }
    }

    static byte[] bytes(int... shorts) {
        byte[] bytes = new byte[2 * shorts.length];
        for (int i = 0; i < shorts.length; i++) {
            bytes[2 * i] = (byte) (shorts[i] >>> 8);
            bytes[2 * i + 1] = (byte) shorts[i];
        }
        return bytes;
    }

    /**
     * The rows of test/vectors/NAME.tsv (of that kind, or all for null): column name to field, null when empty.
     * The known answers live there (test/vectors/README.md): IDENTITIES_VECTORS, or test/vectors above the
     * working directory.
     */
    static List<Map<String, String>> vectors(String name, String kind) throws Exception {
        String directory = env("IDENTITIES_VECTORS", null);
        for (Path up = Path.of("").toAbsolutePath(); directory == null && up != null; up = up.getParent()) {
            if (Files.exists(up.resolve("test/vectors/README.md"))) {
                directory = up.resolve("test/vectors").toString();
            }
        }
        List<String> lines = Files.readAllLines(Path.of(directory == null ? "test/vectors" : directory, name + ".tsv"));
        lines.removeIf(line -> line.isEmpty() || line.startsWith("#"));
        String[] header = lines.get(0).split("\t", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split("\t", -1);
            Map<String, String> row = new HashMap<>();
            for (int column = 0; column < header.length; column++) {
                row.put(header[column], fields[column].isEmpty() ? null : fields[column]);
            }
            if (kind == null || kind.equals(row.get("kind"))) {
                rows.add(row);
            }
        }
        return rows;
    }

    /** An instant of the vectors: ISO 8601 UTC, whose years past 9999 Instant.parse reads with a sign. */
    static Instant instant(String text) {
        return Instant.parse(text.indexOf('-') > 4 ? "+" + text : text);
    }

    static void knownAnswers() throws Exception {
        for (Map<String, String> row : vectors("distributedid", null)) {
            DistributedId id = DistributedId.parse(row.get("distributedid"));
            expect(id.timestamp().equals(instant(row.get("timestamp")))
                    && id.toString().equals(row.get("distributedid")), "distributedid " + row);
        }
        for (Map<String, String> row : vectors("siq", "fields")) {
            Siq siq = Siq.parse(row.get("siq"));
            expect(siq.timestamp().equals(instant(row.get("timestamp"))), "siq's timestamp " + row);
        }
        for (Map<String, String> row : vectors("siq", "forms")) {
            Siq siq = Siq.parse(row.get("siq"));
            expect(siq.toBigInteger().toString().equals(row.get("numeric")) && siq.toString().equals(row.get("siq")),
                    "siq " + row);
        }
        for (Map<String, String> row : vectors("iuid", null)) {
            Iuid iuid = Iuid.parse(row.get("iuid"));
            expect(iuid.timestamp().equals(instant(row.get("timestamp"))) && iuid.toString().equals(row.get("iuid")),
                    "iuid " + row);
        }
    }

    /**
     * Offline, each row of ulid.tsv: an id's text, uuid (the same 128 bits, its bytes the binary form) and
     * timestamp; an input read as the server reads it; an invalid text refused, with the vectors' SQLSTATE through
     * setValue; a boundary the smallest ULID of its instant's millisecond (rounded up; 1970 at least).
     */
    static void ulidKnownAnswers() throws Exception {
        for (Map<String, String> row : vectors("ulid", "id")) {
            Ulid ulid = Ulid.parse(row.get("ulid"));
            UUID uuid = UUID.fromString(row.get("uuid"));
            byte[] bytes = new byte[ulid.lengthInBytes()];
            ulid.toBytes(bytes, 0);
            Ulid fromBytes = new Ulid();
            fromBytes.setByteValue(bytes, 0);
            expect(ulid.toString().equals(row.get("ulid")) && ulid.toUuid().equals(uuid) && new Ulid(uuid).equals(ulid)
                    && fromBytes.equals(ulid) && ulid.getValue().equals(row.get("ulid")), "ulid " + row);
            expect(ulid.timestamp().equals(instant(row.get("timestamp")))
                    && ulid.unixMillis() == ulid.timestamp().toEpochMilli(), "ulid's timestamp " + row);
        }
        for (Map<String, String> row : vectors("ulid", "input")) {
            Ulid filled = new Ulid();
            filled.setValue(row.get("text"));
            expect(Ulid.parse(row.get("text")).toString().equals(row.get("ulid")) && filled.equals(Ulid.parse(row.get("ulid"))),
                    "ulid input " + row);
        }
        for (Map<String, String> row : vectors("ulid", "invalid")) {
            expectThrows(IllegalArgumentException.class, () -> Ulid.parse(row.get("text")), "ulid invalid " + row);
            expect(sqlState(() -> new Ulid().setValue(row.get("text"))).equals(row.get("sqlstate")), "ulid invalid " + row);
        }
        for (Map<String, String> row : vectors("ulid", "boundary")) {
            Ulid ulid = Ulid.parse(row.get("ulid"));
            Instant at = instant(row.get("timestamp"));
            long millis = Math.max(0, Math.floorDiv(at.toEpochMilli() * 1000 + at.getNano() / 1000 % 1000 + 999, 1000));
            expect(ulid.unixMillis() == millis && ulid.toString().endsWith("0".repeat(16)), "ulid boundary " + row);
        }
        expect(Ulid.parse("01BX5ZZKBKACTAV9WEVGEMMVRZ").compareTo(Ulid.parse("01BX5ZZKBKACTAV9WEVGEMMVS0")) < 0
                && Ulid.parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ").compareTo(Ulid.parse("01BX5ZZKBKACTAV9WEVGEMMVS0")) > 0,
                "Ulid orders unsigned");
        expect(message(() -> Ulid.parse("8ZZZZZZZZZZZZZZZZZZZZZZZZZ")).contains("out of range for a ulid")
                && message(() -> Ulid.parse("01ARZ3NDEKTSV4RRFFQ69G5FAU")).contains("is not a ulid")
                && message(() -> Ulid.parse("\u0131".repeat(26))).contains("is not a ulid"), "the messages");
        expect(sqlState(() -> new Ulid().setByteValue(new byte[15], 0)).equals("22P03"), "15 bytes");
    }

    /** ulid.tsv through the server: ulid_send is Ulid's bytes, the server's text and timestamp are Ulid's. */
    static void ulidVectorsThroughTheServer(Connection connection) throws Exception {
        try (PreparedStatement send = connection.prepareStatement("SELECT ulid_send(?::uuid::ulid),"
                + " ?::text::ulid::text, ulid_extract_timestamp(?::uuid::ulid)")) {
            for (Map<String, String> row : vectors("ulid", "id")) {
                Ulid ulid = Ulid.parse(row.get("ulid"));
                send.setObject(1, ulid.toUuid());
                send.setString(2, row.get("ulid"));
                send.setObject(3, ulid.toUuid());
                try (ResultSet result = send.executeQuery()) {
                    result.next();
                    byte[] ours = new byte[ulid.lengthInBytes()];
                    ulid.toBytes(ours, 0);
                    expect(Arrays.equals(ours, result.getBytes(1)) && result.getString(2).equals(row.get("ulid")),
                            "ulid " + row);
                    // pgjdbc's OffsetDateTime stops at the year 9999 (its text form): the epoch seconds instead
                    if (ulid.timestamp().isBefore(Instant.parse("9999-12-31T00:00:00Z"))) {
                        expect(result.getObject(3, OffsetDateTime.class).toInstant().equals(ulid.timestamp()),
                                "ulid's timestamp " + row);
                    }
                }
            }
        }
        try (PreparedStatement read = connection.prepareStatement("SELECT ?::text::ulid::text")) {
            for (Map<String, String> row : vectors("ulid", "input")) {
                read.setString(1, row.get("text"));
                try (ResultSet result = read.executeQuery()) {
                    result.next();
                    expect(result.getString(1).equals(Ulid.parse(row.get("text")).toString()), "ulid input " + row);
                }
            }
            for (Map<String, String> row : vectors("ulid", "invalid")) {
                read.setString(1, row.get("text"));
                expect(sqlState(() -> read.executeQuery().close()).equals(row.get("sqlstate")), "ulid invalid " + row);
            }
        }
        try (PreparedStatement boundary = connection.prepareStatement("SELECT ulid_boundary(?::timestamptz)::text")) {
            for (Map<String, String> row : vectors("ulid", "boundary")) {
                boundary.setString(1, row.get("timestamp"));
                try (ResultSet result = boundary.executeQuery()) {
                    result.next();
                    expect(result.getString(1).equals(row.get("ulid")), "ulid boundary " + row);
                }
            }
        }
    }

    /** A Ulid as a parameter and a result in the mode's forms, with its arrays, NULL and a uuid of the same bits. */
    static void ulidRoundTrips(Connection connection, Mode mode) throws Exception {
        Ulid largest = Ulid.parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
        Ulid known = Ulid.parse("01ARZ3NDEKTSV4RRFFQ69G5FAV");
        try (PreparedStatement query = connection.prepareStatement("SELECT ?::ulid, ?::ulid::text, ?::ulid[],"
                + " ?::uuid::ulid, ?::ulid::uuid, ?::ulid, u, ulid_extract_timestamp(u) FROM ulid_generate() AS u")) {
            query.setObject(1, largest);
            query.setObject(2, known);
            query.setArray(3, connection.createArrayOf(Ulid.TYPE, new Ulid[] {known, null, largest}));
            query.setObject(4, known.toUuid());
            query.setObject(5, known);
            query.setObject(6, new Ulid()); // the empty object is SQL NULL
            try (ResultSet row = query.executeQuery()) {
                row.next();
                expect(resultFormat(row, 1) == (mode.binaryResults ? 1 : 0), "result format");
                expect(row.getObject(1).equals(largest) && row.getString(1).equals(largest.toString()), "getObject");
                expect(row.getString(2).equals("01ARZ3NDEKTSV4RRFFQ69G5FAV"), "the server's text");
                expect(Arrays.equals(Identities.getUlids(row, 3), new Ulid[] {known, null, largest}), "ulid[]");
                expect(Identities.getUlid(row, 4).equals(known) && Identities.getUlid(row, 5).equals(known)
                        && row.getObject(5, UUID.class).equals(known.toUuid()), "a uuid of the same bits");
                expect(row.getObject(6) == null && Identities.getUlid(row, 6) == null, "NULL");
                Ulid generated = (Ulid) row.getObject(7);
                expect(generated.timestamp().equals(row.getObject(8, OffsetDateTime.class).toInstant()), "timestamp");
            }
        }
        try (Statement statement = connection.createStatement()) {
            // two statements: with prepareThreshold=-1 pgjdbc describes both before running the first
            statement.execute("CREATE TEMP TABLE bookings (id ulid PRIMARY KEY DEFAULT ulid_generate(), n int)");
            statement.execute("INSERT INTO bookings (n) SELECT generate_series(1, 100)");
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO bookings VALUES (?, -1), (?, -2)")) {
            insert.setObject(1, known);
            insert.setString(2, "01bx5zzkbkzzzzzzzzzzzzzzzz"); // text, read by the server (either case)
            insert.executeUpdate();
            Ulid found;
            try (Statement statement = connection.createStatement();
                    ResultSet row = statement.executeQuery("SELECT id FROM bookings WHERE n = -2")) {
                row.next();
                found = Identities.getUlid(row, "id");
            }
            expect(found.equals(Ulid.parse("01BX5ZZKBKZZZZZZZZZZZZZZZZ")), "setString");
            try (PreparedStatement query = connection.prepareStatement("SELECT n FROM bookings WHERE id = ?")) {
                query.setObject(1, known);
                try (ResultSet rows = query.executeQuery()) {
                    expect(rows.next() && rows.getInt(1) == -1 && !rows.next(), "a Ulid parameter finds its row");
                }
            }
            String plan = explain(connection, "SELECT n FROM bookings WHERE id = ?", known);
            expect(plan.contains("bookings_pkey") && plan.contains("Index Cond: (id = "), "no index in:\n" + plan);
        } finally {
            try (Statement statement = connection.createStatement()) {
                statement.execute("DROP TABLE bookings");
            }
        }
    }

    static void binaryFormsAreTheServers(Connection connection) throws Exception {
        // Each value's binary form against distributedid_send, siq_send and iuid_send (and numeric_send, which the
        // first two equal); then read back from the server's bytes.
        List<BigInteger> numbers = new ArrayList<>();
        for (String number : new String[] {"0", "1", "7", "9999", "10000", "10001", "100000000", "9223372036854775807",
                "18446744073709551616", "1000000000000000000000000"}) {
            numbers.add(new BigInteger(number));
        }
        numbers.add(TEN_28.subtract(BigInteger.ONE));
        for (Map<String, String> row : vectors("distributedid", null)) { // and the known distributedids
            numbers.add(new BigInteger(row.get("distributedid")));
        }
        try (PreparedStatement send = connection.prepareStatement(
                "SELECT distributedid_send(?::numeric::distributedid), numeric_send(?::numeric)")) {
            for (BigInteger number : numbers) {
                send.setBigDecimal(1, new BigDecimal(number));
                send.setBigDecimal(2, new BigDecimal(number));
                try (ResultSet row = send.executeQuery()) {
                    row.next();
                    byte[] server = row.getBytes(1);
                    DistributedId id = new DistributedId(number);
                    byte[] ours = new byte[id.lengthInBytes()];
                    id.toBytes(ours, 0);
                    expect(Arrays.equals(ours, server) && Arrays.equals(server, row.getBytes(2)),
                            "distributedid " + number);
                    DistributedId back = new DistributedId();
                    back.setByteValue(server, 0);
                    expect(back.equals(id), "distributedid read back " + number);
                }
            }
        }
        numbers.add(TWO_112.subtract(BigInteger.ONE));
        for (Map<String, String> row : vectors("siq", "forms")) { // and the known siqs
            numbers.add(new BigInteger(row.get("numeric")));
        }
        try (PreparedStatement send = connection.prepareStatement("SELECT siq_send(?::numeric::siq)")) {
            for (BigInteger number : numbers) {
                send.setBigDecimal(1, new BigDecimal(number));
                try (ResultSet row = send.executeQuery()) {
                    row.next();
                    Siq siq = new Siq(number);
                    byte[] ours = new byte[siq.lengthInBytes()];
                    siq.toBytes(ours, 0);
                    expect(Arrays.equals(ours, row.getBytes(1)), "siq " + number);
                    Siq back = new Siq();
                    back.setByteValue(row.getBytes(1), 0);
                    expect(back.equals(siq), "siq read back " + number);
                }
            }
        }
        List<Iuid> iuids = new ArrayList<>(List.of(iuid(INSTANT, 42, 7, (1L << 54) - 1)));
        for (Map<String, String> row : vectors("iuid", null)) { // and the known iuids
            iuids.add(Iuid.parse(row.get("iuid")));
        }
        try (PreparedStatement send = connection.prepareStatement("SELECT iuid_send(?::uuid::iuid)")) {
            for (Iuid iuid : iuids) {
                send.setObject(1, iuid.toUuid());
                try (ResultSet row = send.executeQuery()) {
                    row.next();
                    byte[] ours = new byte[iuid.lengthInBytes()];
                    iuid.toBytes(ours, 0);
                    expect(Arrays.equals(ours, row.getBytes(1)), "iuid " + iuid);
                }
            }
        }
    }

    static void modeIsWhatItSays(Connection connection, Mode mode, Oids oids) throws Exception {
        BaseConnection base = connection.unwrap(BaseConnection.class);
        expect(base.binaryTransferSend(oids.distributedid) == mode.binaryParameters, "binary parameters");
        try (PreparedStatement query = connection.prepareStatement("SELECT ?::distributedid")) {
            query.setObject(1, new DistributedId(1));
            try (ResultSet row = query.executeQuery()) {
                row.next();
                expect(resultFormat(row, 1) == (mode.binaryResults ? 1 : 0), "result format");
                expect(row.getObject(1).equals(new DistributedId(1)), "the value");
            }
        }
    }

    static void pastThePrepareThreshold() throws Exception {
        DistributedId largest = new DistributedId(TEN_28.subtract(BigInteger.ONE));
        for (Results results : Results.values()) {
            try (Connection connection = connect(database(), new Properties())) {
                Identities.register(connection, results);
                Identities.register(connection, results); // again: harmless
                List<Integer> formats = new ArrayList<>();
                try (PreparedStatement query = connection.prepareStatement("SELECT ?::distributedid, ?::siq")) {
                    for (int execution = 1; execution <= 6; execution++) {
                        query.setObject(1, largest);
                        query.setObject(2, new Siq(255));
                        try (ResultSet row = query.executeQuery()) {
                            row.next();
                            int format = resultFormat(row, 1);
                            formats.add(format);
                            expect(row.getObject(1).equals(largest) && Identities.getSiq(row, 2).equals(new Siq(255)),
                                    "getObject");
                            expect(row.getString(1).equals(largest.toString())
                                    && row.getString(2).equals("00000000000000000000000000ff"), "getString");
                            BigDecimal asBigDecimal = row.getBigDecimal(1);
                            expect(format == 0 ? largest.toBigDecimal().equals(asBigDecimal) : asBigDecimal == null,
                                    "getBigDecimal in format " + format + ": " + asBigDecimal);
                        }
                    }
                }
                List<Integer> expected = results == Results.TEXT ? List.of(0, 0, 0, 0, 0, 0)
                        : List.of(0, 0, 0, 0, 0, 1);
                expect(formats.equals(expected), results + "'s formats: " + formats);
            }
        }
    }

    static int resultFormat(ResultSet row, int column) throws SQLException {
        return row.getMetaData().unwrap(PGResultSetMetaData.class).getFormat(column);
    }

    static void createRides(Connection connection) throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS rides");
            statement.execute("CREATE TEMP TABLE rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),"
                    + " trip iuid UNIQUE DEFAULT iuid_generate(7, 3), ref siq UNIQUE DEFAULT siq_generate('user'),"
                    + " fare integer)");
            statement.execute("INSERT INTO rides (fare) SELECT n FROM generate_series(1, 2000) AS n");
            statement.execute("ANALYZE rides");
        }
    }

    static void generatedIdsReadBack(Connection connection, Mode mode) throws Exception {
        createRides(connection);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO rides (fare) VALUES (1)"
                + " RETURNING id, trip, ref, id::text, trip::text, ref::numeric::text,"
                + " distributedid_extract_timestamp(id), iuid_extract_timestamp(trip), siq_extract_timestamp(ref)");
                ResultSet row = insert.executeQuery()) {
            row.next();
            Object id = row.getObject(1);
            Object trip = row.getObject("trip");
            Object ref = row.getObject(3);
            expect(id instanceof DistributedId && trip instanceof Iuid && ref instanceof Siq,
                    "classes: " + id.getClass() + ", " + trip.getClass() + ", " + ref.getClass());
            for (int column = 1; column <= 3; column++) {
                expect(resultFormat(row, column) == (mode.binaryResults ? 1 : 0), "format of column " + column);
            }
            expect(id.toString().equals(row.getString(4)) && trip.toString().equals(row.getString(5)), "text forms");
            expect(((Siq) ref).toBigInteger().toString().equals(row.getString(6)), "siq's value");
            expect(((DistributedId) id).timestamp().equals(row.getObject(7, OffsetDateTime.class).toInstant()),
                    "DistributedId's timestamp");
            expect(((Iuid) trip).timestamp().equals(row.getObject(8, OffsetDateTime.class).toInstant()),
                    "Iuid's timestamp");
            expect(((Siq) ref).timestamp().equals(row.getObject(9, OffsetDateTime.class).toInstant()),
                    "Siq's timestamp");
            // The same values through the helpers, and through getObject(column, Class).
            expect(Identities.getDistributedId(row, "id").equals(id) && Identities.getIuid(row, 2).equals(trip)
                    && Identities.getSiq(row, "ref").equals(ref), "helpers");
            expect(row.getObject(1, DistributedId.class).equals(id) && row.getObject(3, Siq.class).equals(ref),
                    "getObject(column, Class)");
        }
        // Composed in Java, read by the server's functions.
        try (PreparedStatement query = connection.prepareStatement("SELECT distributedid_extract_timestamp(?),"
                + " iuid_extract_timestamp(?), iuid_extract_country(?), iuid_extract_service_entity(?),"
                + " siq_extract_timestamp(?), siq_extract_shard(?), siq_extract_domain_hash(?)")) {
            Iuid trip = iuid(INSTANT, 42, 7, 12345);
            Siq ref = siq(INSTANT, 9, 2261653831L, 0);
            query.setObject(1, distributedId(INSTANT, (1L << 48) - 1));
            for (int parameter = 2; parameter <= 4; parameter++) {
                query.setObject(parameter, trip);
            }
            for (int parameter = 5; parameter <= 7; parameter++) {
                query.setObject(parameter, ref);
            }
            try (ResultSet row = query.executeQuery()) {
                row.next();
                expect(row.getObject(1, OffsetDateTime.class).toInstant().equals(INSTANT), "distributedid's timestamp");
                expect(row.getObject(2, OffsetDateTime.class).toInstant().equals(INSTANT) && row.getInt(3) == 42
                        && row.getInt(4) == 7, "iuid's fields");
                expect(row.getObject(5, OffsetDateTime.class).toInstant().equals(ref.timestamp()) && row.getInt(6) == 9
                        && row.getLong(7) == 2261653831L, "siq's fields");
            }
        }
    }

    /** The row found by the value, and EXPLAIN's plan naming the index in an index condition. */
    static void findsThroughIndex(Connection connection, String column, String index, Object value) throws Exception {
        try (PreparedStatement query = connection.prepareStatement("SELECT fare FROM rides WHERE " + column + " = ?")) {
            query.setObject(1, value);
            try (ResultSet rows = query.executeQuery()) {
                expect(rows.next() && !rows.next(), column + " = " + value + " finds one row");
            }
        }
        String plan = explain(connection, "SELECT fare FROM rides WHERE " + column + " = ?", value);
        expect(plan.contains(index) && plan.contains("Index Cond: (" + column + " = "), "no index in:\n" + plan);
    }

    static String explain(Connection connection, String query, Object... parameters) throws SQLException {
        try (PreparedStatement explain = connection.prepareStatement("EXPLAIN (COSTS OFF) " + query)) {
            for (int i = 0; i < parameters.length; i++) {
                explain.setObject(i + 1, parameters[i]);
            }
            StringBuilder plan = new StringBuilder();
            try (ResultSet lines = explain.executeQuery()) {
                while (lines.next()) {
                    plan.append(lines.getString(1)).append('\n');
                }
            }
            return plan.toString();
        }
    }

    static Object[] someRide(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT id, ref, trip FROM rides WHERE fare = 1000")) {
            row.next();
            return new Object[] {row.getObject(1), row.getObject(2), row.getObject(3)};
        }
    }

    static void typedParametersUseTheIndex(Connection connection) throws Exception {
        Object[] ride = someRide(connection);
        // As read from the server, and as made in Java from their text (say, out of a JSON document).
        Object[] rebuilt = {DistributedId.parse(ride[0].toString()), Siq.parse(ride[1].toString()),
                Iuid.parse(ride[2].toString())};
        for (Object[] values : List.of(ride, rebuilt)) {
            findsThroughIndex(connection, "id", "rides_pkey", values[0]);
            findsThroughIndex(connection, "ref", "rides_ref_key", values[1]);
            findsThroughIndex(connection, "trip", "rides_trip_key", values[2]);
            String plan = explain(connection, "SELECT fare FROM rides WHERE id = ? AND ref = ? AND trip = ?", values);
            expect(plan.contains("(id = '") && plan.contains("::distributedid)") && plan.contains("::siq)")
                    && plan.contains("::iuid)"), "compared as the types themselves:\n" + plan);
        }
    }

    static void plainParametersUseTheIndex(Connection connection) throws Exception {
        Object[] ride = someRide(connection);
        findsThroughIndex(connection, "id", "rides_pkey", ((DistributedId) ride[0]).toBigDecimal());
        findsThroughIndex(connection, "ref", "rides_ref_key", ((Siq) ride[1]).toBigInteger());
        findsThroughIndex(connection, "trip", "rides_trip_key", ((Iuid) ride[2]).toUuid());
        String plan = explain(connection, "SELECT fare FROM rides WHERE id = ?",
                ((DistributedId) ride[0]).toBigDecimal());
        expect(plan.contains("::numeric)"), "compared as a numeric:\n" + plan);
        // Plain values fill the columns on INSERT and UPDATE (the assignment casts), and find the row.
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO rides (id, ref, trip, fare) VALUES (?, ?, ?, -1)")) {
            insert.setLong(1, 5);
            insert.setLong(2, 7);
            insert.setObject(3, iuid(INSTANT, 1, 1, 1).toUuid());
            insert.executeUpdate();
        }
        try (PreparedStatement update = connection.prepareStatement("UPDATE rides SET ref = ? WHERE id = ?")) {
            update.setBigDecimal(1, new BigDecimal(TWO_112.subtract(BigInteger.ONE)));
            update.setLong(2, 5);
            expect(update.executeUpdate() == 1, "updated by a long");
        }
        try (PreparedStatement query = connection.prepareStatement("SELECT id, ref, trip FROM rides WHERE fare = -1")) {
            try (ResultSet row = query.executeQuery()) {
                expect(row.next() && row.getObject(1).equals(new DistributedId(5))
                        && row.getObject(2).equals(new Siq(TWO_112.subtract(BigInteger.ONE)))
                        && row.getObject(3).equals(iuid(INSTANT, 1, 1, 1)), "filled by plain values");
            }
        }
        // A value the type cannot hold finds no row rather than failing.
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT count(*) FROM rides WHERE id = ? OR ref = ?")) {
            query.setBigDecimal(1, new BigDecimal("42.5"));
            query.setBigDecimal(2, new BigDecimal(-1));
            try (ResultSet row = query.executeQuery()) {
                expect(row.next() && row.getLong(1) == 0, "42.5 and -1 find nothing");
            }
        }
    }

    static void arrays(Connection connection, Mode mode) throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS lists");
            statement.execute("CREATE TEMP TABLE lists (n integer, ids distributedid[], refs siq[], trips iuid[])");
        }
        DistributedId[] ids = {distributedId(INSTANT, 1), null, new DistributedId(TEN_28.subtract(BigInteger.ONE))};
        Siq[] refs = {new Siq(255), siq(INSTANT, 1, 2, 3), null}; // 255 would be 0x255 if it went as decimal digits
        Iuid[] trips = {iuid(INSTANT, 1, 1, 1), iuid(INSTANT, 2, 2, 2)};
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO lists VALUES (1, ?, ?, ?)")) {
            insert.setArray(1, connection.createArrayOf(DistributedId.TYPE, ids));
            insert.setArray(2, connection.createArrayOf(Siq.TYPE, refs));
            insert.setArray(3, connection.createArrayOf(Iuid.TYPE, trips));
            insert.executeUpdate();
        }
        try (PreparedStatement query = connection.prepareStatement("SELECT ids, refs, trips, refs::numeric[]::text,"
                + " trips::uuid[] FROM lists WHERE n = ?")) {
            query.setInt(1, 1);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                for (int column = 1; column <= 3; column++) {
                    expect(resultFormat(row, column) == (mode.binaryResults ? 1 : 0), "format of array " + column);
                }
                Object[] elements = (Object[]) row.getArray(1).getArray();
                expect(elements[0] instanceof DistributedId && elements[1] == null, "getArray's elements");
                expect(Arrays.equals(Identities.getDistributedIds(row, 1), ids), "distributedid[]");
                expect(Arrays.equals(Identities.getSiqs(row, "refs"), refs), "siq[]");
                expect(Arrays.equals(Identities.getIuids(row, 3), trips), "iuid[]");
                expect(row.getString(4).equals("{255," + refs[1].toBigInteger() + ",NULL}"), "siq[] values");
                expect(Arrays.equals(Identities.getIuids(row, 5), trips), "a uuid[] read as Iuids");
            }
        }
        // = ANY(?) with an array parameter: the primary key serves it.
        createRides(connection);
        Object[] ride = someRide(connection);
        Array wanted = connection.createArrayOf(DistributedId.TYPE,
                new DistributedId[] {(DistributedId) ride[0], ids[0]});
        try (PreparedStatement query = connection.prepareStatement("SELECT count(*) FROM rides WHERE id = ANY(?)")) {
            query.setArray(1, wanted);
            try (ResultSet row = query.executeQuery()) {
                expect(row.next() && row.getLong(1) == 1, "= ANY finds the row");
            }
        }
        String plan = explain(connection, "SELECT fare FROM rides WHERE id = ANY(?)", wanted);
        expect(plan.contains("rides_pkey") && plan.contains("Index Cond: (id = ANY ("), "no index in:\n" + plan);
    }

    static void nulls(Connection connection) throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS nullable");
            statement.execute("CREATE TEMP TABLE nullable (n integer, id distributedid, ref siq, trip iuid,"
                    + " ids distributedid[])");
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO nullable VALUES (?, ?, ?, ?, ?)")) {
            insert.setInt(1, 1);
            insert.setNull(2, Types.OTHER);
            insert.setObject(3, null);
            insert.setObject(4, new Iuid()); // the empty object is SQL NULL
            insert.setNull(5, Types.ARRAY);
            insert.executeUpdate();
            insert.setInt(1, 2);
            insert.setObject(2, new DistributedId());
            insert.setNull(3, Types.OTHER, Siq.TYPE);
            insert.setObject(4, null, Types.OTHER);
            insert.setArray(5, connection.createArrayOf(DistributedId.TYPE, new Object[] {null}));
            insert.executeUpdate();
        }
        try (PreparedStatement count = connection.prepareStatement("SELECT count(*) FROM nullable WHERE id IS NULL"
                + " AND ref IS NULL AND trip IS NULL AND (ids IS NULL OR ids = '{NULL}')");
                ResultSet row = count.executeQuery()) {
            expect(row.next() && row.getLong(1) == 2, "both rows hold NULLs");
        }
        try (PreparedStatement query = connection.prepareStatement(
                "SELECT id, ref, trip, ids FROM nullable ORDER BY n");
                ResultSet rows = query.executeQuery()) {
            rows.next();
            expect(rows.getObject(1) == null && rows.wasNull() && rows.getObject(2) == null
                    && rows.getObject(3) == null, "getObject gives null");
            expect(Identities.getDistributedId(rows, 1) == null && Identities.getSiq(rows, 2) == null
                    && Identities.getIuid(rows, 3) == null && Identities.getDistributedIds(rows, 4) == null, "helpers");
            // pgjdbc's getObject(column, Class) of a PGobject type gives an empty object for NULL, not null.
            expect(rows.getObject(1, DistributedId.class).isNull(), "getObject(column, Class) of NULL");
            rows.next();
            expect(Arrays.equals(Identities.getDistributedIds(rows, 4), new DistributedId[] {null}), "{NULL}");
        }
    }

    static void badValuesWriteNothing(Connection connection) throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS guarded");
            statement.execute("CREATE TEMP TABLE guarded (id distributedid, ref siq, trip iuid)");
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO guarded VALUES (?, ?, ?)")) {
            // The value classes refuse in Java: nothing reaches the statement.
            for (Body bad : List.<Body>of(() -> insert.setObject(1, new DistributedId(TEN_28)),
                    () -> insert.setObject(1, new DistributedId(new BigDecimal("1.5"))),
                    () -> insert.setObject(2, new Siq(TWO_112)), () -> insert.setObject(2, new Siq(-1)),
                    () -> insert.setObject(3, new Iuid(UUID.randomUUID())))) {
                expectThrows(IllegalArgumentException.class, bad, "a bad value");
            }
            // Plain values go to the server, which refuses them with its SQLSTATEs.
            Object[][] plain = {{1, new BigDecimal(-1), "22003"}, {1, new BigDecimal("1.5"), "22003"},
                    {1, new BigDecimal(TEN_28), "22003"}, {2, new BigDecimal(TWO_112), "22003"},
                    {2, BigInteger.valueOf(-1), "22003"}, {3, UUID.randomUUID(), "22P02"}};
            for (Object[] value : plain) {
                insert.clearParameters();
                for (int parameter = 1; parameter <= 3; parameter++) {
                    insert.setNull(parameter, Types.OTHER);
                }
                insert.setObject((Integer) value[0], value[1]);
                String state = sqlState(insert::executeUpdate);
                expect(state.equals(value[2]), value[1] + " gave " + state + ", not " + value[2]);
            }
        }
        try (Statement statement = connection.createStatement(); ResultSet row = statement.executeQuery(
                "SELECT count(*) FROM guarded")) {
            expect(row.next() && row.getLong(1) == 0, "the table stays empty");
        }
    }

    static void timeWindows(Connection connection) throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS orders");
            statement.execute("CREATE TEMP TABLE orders (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),"
                    + " ref siq DEFAULT siq_generate('event'), trip iuid DEFAULT iuid_generate(1, 2))");
            statement.execute("INSERT INTO orders SELECT FROM generate_series(1, 1000)");
            statement.execute("ANALYZE orders");
            // The README's query, as it is written there.
            try (ResultSet row = statement.executeQuery(
                    "SELECT count(*) FROM orders WHERE id <@ tstzrange(now() - interval '1 day', now());")) {
                expect(row.next() && row.getLong(1) == 1000, "the last day's orders: " + row.getLong(1));
            }
        }
        String plan = explain(connection, "SELECT * FROM orders WHERE id <@ '[2026-11-23 10:00Z,2026-11-23 11:00Z)'");
        expect(plan.contains("orders_pkey") && plan.contains("Index Cond: ((id >= '"), "no index in:\n" + plan);
        // The window from Java: the timestamps of the first and last ids, as parameters.
        DistributedId first;
        DistributedId last;
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT min(id), max(id) FROM orders")) {
            row.next();
            first = (DistributedId) row.getObject(1);
            last = (DistributedId) row.getObject(2);
        }
        OffsetDateTime from = first.timestamp().atOffset(ZoneOffset.UTC);
        OffsetDateTime to = last.timestamp().plusMillis(1).atOffset(ZoneOffset.UTC);
        String window = "SELECT count(*) FROM orders WHERE id <@ tstzrange(?, ?)";
        try (PreparedStatement query = connection.prepareStatement(window)) {
            query.setObject(1, from);
            query.setObject(2, to);
            try (ResultSet row = query.executeQuery()) {
                expect(row.next() && row.getLong(1) == 1000, "the window of its ids: " + row.getLong(1));
            }
            query.setObject(1, to);
            query.setObject(2, null, Types.TIMESTAMP_WITH_TIMEZONE);
            try (ResultSet row = query.executeQuery()) {
                expect(row.next() && row.getLong(1) == 0, "after the last id: " + row.getLong(1));
            }
        }
        String within = "SELECT count(*) FROM orders WHERE distributedid_within(id, tstzrange(?, ?))";
        for (String query : List.of(window, within)) {
            plan = explain(connection, query, from, from.plusNanos(1000));
            expect(plan.contains("orders_pkey") && plan.contains("Index Cond: ((id >= "), "no index in:\n" + plan);
        }
        try (PreparedStatement query = connection.prepareStatement("SELECT count(*) FROM orders"
                + " WHERE siq_within(ref, tstzrange(now() - interval '1 day', NULL)) AND ref <@ tstzrange(?, NULL)"
                + " AND iuid_within(trip, tstzrange(?, NULL)) AND trip <@ tstzrange(?, NULL)")) {
            for (int parameter = 1; parameter <= 3; parameter++) {
                query.setObject(parameter, from.minusSeconds(1));
            }
            try (ResultSet row = query.executeQuery()) {
                expect(row.next() && row.getLong(1) == 1000, "siq's and iuid's windows: " + row.getLong(1));
            }
        }
    }

    static void batchInsert(Connection connection) throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS batched");
            statement.execute("CREATE TEMP TABLE batched (id distributedid PRIMARY KEY, ref siq, trip iuid)");
        }
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            Instant at = INSTANT.plusMillis(i);
            Siq ref = i % 7 == 0 ? null : siq(at, i % 256, i, i);
            rows.add(new Object[] {distributedId(at, i), ref, iuid(at, 1, 2, i)});
        }
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO batched VALUES (?, ?, ?)")) {
            for (Object[] row : rows) {
                for (int column = 0; column < 3; column++) {
                    insert.setObject(column + 1, row[column], Types.OTHER);
                }
                insert.addBatch();
            }
            int inserted = Arrays.stream(insert.executeBatch())
                    .map(count -> count == Statement.SUCCESS_NO_INFO ? 1 : count).sum();
            expect(inserted == 500, "inserted " + inserted);
        }
        try (Statement statement = connection.createStatement();
                ResultSet stored = statement.executeQuery("SELECT id, ref, trip FROM batched ORDER BY id")) {
            for (Object[] row : rows) {
                expect(stored.next(), "a row is missing");
                for (int column = 0; column < 3; column++) {
                    expect(java.util.Objects.equals(stored.getObject(column + 1), row[column]), "row " + row[0]);
                }
            }
            expect(!stored.next(), "a row too many");
        }
    }

    static void siqTextTrap(Connection connection) throws Exception {
        // siq's text form is hex: the decimal digits of 255, sent as text, are 0x255.
        try (PreparedStatement query = connection.prepareStatement("SELECT ?::siq, ?::siq, ?::siq, ?::siq")) {
            query.setString(1, "255");
            query.setObject(2, new Siq(255));
            query.setObject(3, BigInteger.valueOf(255)); // sent as a numeric: the cast goes by value
            query.setObject(4, "ff");
            try (ResultSet row = query.executeQuery()) {
                row.next();
                expect(row.getObject(1).equals(new Siq(0x255)), "the decimal string is read as hex");
                expect(row.getObject(2).equals(new Siq(255)) && row.getObject(3).equals(new Siq(255))
                        && row.getObject(4).equals(new Siq(255)), "Siq, BigInteger and the hex text are 255");
            }
        }
    }

    static void textCopy(Connection connection) throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("CREATE TEMP TABLE copied (id distributedid, ref siq, trip iuid)");
        }
        // The value classes' toString() is the types' text form, as COPY's text format takes it.
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            Instant at = INSTANT.plusSeconds(i);
            lines.add(distributedId(at, i) + "\t" + siq(at, 1, 2, i) + "\t" + iuid(at, 3, 4, i));
        }
        lines.add("\\N\t\\N\t\\N");
        String text = String.join("\n", lines) + "\n";
        PGConnection pgConnection = connection.unwrap(PGConnection.class);
        long copiedIn = pgConnection.getCopyAPI().copyIn("COPY copied FROM STDIN", new StringReader(text));
        StringWriter out = new StringWriter();
        pgConnection.getCopyAPI().copyOut("COPY copied TO STDOUT", out);
        expect(copiedIn == 101 && out.toString().equals(text), "the text comes back as it went");
        String[] fields = lines.get(3).split("\t");
        expect(DistributedId.parse(fields[0]).equals(distributedId(INSTANT.plusSeconds(3), 3))
                && Siq.parse(fields[1]).equals(siq(INSTANT.plusSeconds(3), 1, 2, 3))
                && Iuid.parse(fields[2]).equals(iuid(INSTANT.plusSeconds(3), 3, 4, 3)), "parsed");
    }

    static void simpleQueryMode() throws Exception {
        Properties simple = new Properties();
        simple.setProperty("preferQueryMode", "simple");
        try (Connection connection = connect(database(), simple)) {
            Identities.register(connection);
            createRides(connection);
            Object[] ride = someRide(connection);
            typedParametersUseTheIndex(connection);
            try (PreparedStatement query = connection.prepareStatement("SELECT id, ref, trip FROM rides WHERE id = ?"
                    + " AND ref = ANY(?)")) {
                query.setObject(1, ride[0]);
                query.setArray(2, connection.createArrayOf(Siq.TYPE, new Siq[] {(Siq) ride[1], new Siq(255)}));
                try (ResultSet row = query.executeQuery()) {
                    expect(row.next() && resultFormat(row, 1) == 0
                            && Arrays.equals(new Object[] {row.getObject(1), row.getObject(2), row.getObject(3)}, ride),
                            "the ride, in text");
                }
            }
        }
    }

    static void unregistered() throws Exception {
        try (Connection plain = connect(database(), new Properties());
                PreparedStatement query = plain.prepareStatement("SELECT ?::distributedid, ?::siq, ?::iuid,"
                        + " ARRAY[?::siq], ?::numeric, ?::uuid, 'ff'::text, ?::integer")) {
            Siq ref = new Siq(TWO_112.subtract(BigInteger.ONE));
            Iuid trip = iuid(INSTANT, 1, 2, 3);
            query.setObject(1, new DistributedId(42));
            query.setObject(2, ref);
            query.setObject(3, trip);
            query.setObject(4, new Siq(255));
            query.setBigDecimal(5, new BigDecimal(42));
            query.setObject(6, trip.toUuid());
            query.setInt(7, 42);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                expect(row.getObject(1).getClass() == PGobject.class, "pgjdbc's own PGobject without register");
                expect(Identities.getDistributedId(row, 1).equals(new DistributedId(42))
                        && Identities.getSiq(row, 2).equals(ref) && Identities.getIuid(row, 3).equals(trip), "helpers");
                expect(Arrays.equals(Identities.getSiqs(row, 4), new Siq[] {new Siq(255)}), "an unregistered array");
                expect(Identities.getDistributedId(row, 5).equals(new DistributedId(42))
                        && Identities.getIuid(row, 6).equals(trip), "a numeric and a uuid");
                expect(Identities.getSiq(row, 7).equals(new Siq(255)) && Identities.getDistributedId(row, 8)
                        .equals(new DistributedId(42)), "text in the type's text form, an integer");
                expect(sqlState(() -> Identities.getSiq(row, 1)).equals("42804"), "a distributedid is not a siq");
                expect(sqlState(() -> Identities.getIuid(row, 5)).equals("42804"), "a numeric is not an iuid");
            }
        }
        try (Connection plain = connect(database(), new Properties());
                Statement statement = plain.createStatement();
                ResultSet row = statement.executeQuery(
                        "SELECT -1::numeric, 4.5::numeric, gen_random_uuid(), 'x'::text")) {
            row.next();
            expect(sqlState(() -> Identities.getDistributedId(row, 1)).equals("22003")
                    && sqlState(() -> Identities.getSiq(row, 2)).equals("22003")
                    && sqlState(() -> Identities.getIuid(row, 3)).equals("22P02")
                    && sqlState(() -> Identities.getDistributedId(row, 4)).equals("22P02"), "values that are no ids");
        }
        // Listed in binaryTransferEnable but not registered: pgjdbc's PGobject has no text; a clear error.
        Properties binary = new Properties();
        binary.setProperty("prepareThreshold", "-1");
        try (Connection plain = connect(database(), new Properties())) {
            binary.setProperty("binaryTransferEnable", oids(plain).types);
        }
        try (Connection plain = connect(database(), binary);
                PreparedStatement query = plain.prepareStatement("SELECT distributedid_generate()");
                ResultSet row = query.executeQuery()) {
            row.next();
            expect(sqlState(() -> Identities.getDistributedId(row, 1)).equals("0A000"), "binary, unregistered");
        }
    }

    static void offTheSearchPath(Connection connection) throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS identities_java_elsewhere");
            statement.execute("CREATE DATABASE identities_java_elsewhere");
        }
        try {
            try (Connection elsewhere = connect("identities_java_elsewhere", new Properties())) {
                try (Statement statement = elsewhere.createStatement()) {
                    statement.execute("CREATE SCHEMA ids");
                    statement.execute("CREATE EXTENSION identities SCHEMA ids");
                    statement.execute("CREATE TABLE rides (id ids.distributedid PRIMARY KEY"
                            + " DEFAULT ids.distributedid_generate(), refs ids.siq[])");
                    statement.execute("INSERT INTO rides DEFAULT VALUES");
                    // pgjdbc names a type by how it first met it: here "ids"."distributedid", before register.
                    try (ResultSet row = statement.executeQuery("SELECT id FROM rides")) {
                        expect(row.next() && row.getObject(1).getClass() == PGobject.class, "unregistered");
                    }
                }
                Identities.register(elsewhere);
                try (PreparedStatement insert = elsewhere.prepareStatement("INSERT INTO rides (refs) VALUES (?)"
                        + " RETURNING id, refs")) {
                    // pgjdbc finds an array type off the search path only by its qualified name.
                    insert.setArray(1, elsewhere.createArrayOf("ids.siq", new Siq[] {new Siq(255)}));
                    try (ResultSet row = insert.executeQuery()) {
                        row.next();
                        expect(row.getObject(1) instanceof DistributedId, "getObject: " + row.getObject(1).getClass());
                        expect(Arrays.equals(Identities.getSiqs(row, 2), new Siq[] {new Siq(255)}), "siq[]");
                        DistributedId id = (DistributedId) row.getObject(1);
                        try (PreparedStatement query = elsewhere.prepareStatement(
                                "SELECT count(*) FROM rides WHERE id OPERATOR(ids.=) ?")) {
                            query.setObject(1, id);
                            try (ResultSet found = query.executeQuery()) {
                                expect(found.next() && found.getLong(1) == 1, "found by its id");
                            }
                        }
                    }
                }
            }
        } finally {
            try (Statement statement = connection.createStatement()) {
                statement.execute("DROP DATABASE identities_java_elsewhere");
            }
        }
    }

    static void registerRefuses(Connection connection) throws Exception {
        try (Connection postgres = connect("postgres", new Properties())) {
            expect(sqlState(() -> Identities.register(postgres)).equals("42704"), "no extension");
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS identities_java_0_1_0");
            statement.execute("CREATE DATABASE identities_java_0_1_0");
        }
        try {
            try (Connection old = connect("identities_java_0_1_0", new Properties())) {
                try (Statement statement = old.createStatement()) {
                    statement.execute("CREATE EXTENSION identities VERSION '0.1.0'");
                }
                expect(sqlState(() -> Identities.register(old)).equals("0A000"), "0.1.0");
                try (Statement statement = old.createStatement()) {
                    statement.execute("ALTER EXTENSION identities UPDATE");
                }
                Identities.register(old);
            }
        } finally {
            try (Statement statement = connection.createStatement()) {
                statement.execute("DROP DATABASE identities_java_0_1_0");
            }
        }
    }

    // --- pgjdbc's defaults: setString binds varchar (text of no type only with stringtype=unspecified), which the
    // extension's assignment casts from text and varchar take into a column of each type, through its input.

    static final String[] SENT = {"1127127523679087863971182442", "01a20942-04f9-8001-8086-1378e8435031",
            "005e0bd2f0000000000000000007"};

    static void createSink(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS sink");
            statement.execute("CREATE TEMP TABLE sink (d distributedid PRIMARY KEY, i iuid, s siq)");
        }
    }

    /** sink's rows as getString reads them, in d's order. */
    static List<List<String>> sinkRows(Connection connection) throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement statement = connection.createStatement();
                ResultSet row = statement.executeQuery("SELECT d, i, s FROM sink ORDER BY d")) {
            while (row.next()) {
                rows.add(Arrays.asList(row.getString(1), row.getString(2), row.getString(3)));
            }
        }
        return rows;
    }

    static void setStrings(PreparedStatement statement, String... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            statement.setString(i + 1, values[i]);
        }
    }

    static void stringsInsert(Connection connection) throws Exception {
        try (PreparedStatement query = connection.prepareStatement("SELECT pg_typeof(?)::text")) {
            query.setString(1, SENT[0]);
            try (ResultSet row = query.executeQuery()) {
                row.next();
                expect(row.getString(1).equals("character varying"), "setString binds " + row.getString(1));
            }
        }
        createSink(connection);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO sink (d, i, s) VALUES (?, ?, ?)")) {
            setStrings(insert, SENT);
            expect(insert.executeUpdate() == 1, "inserted");
            // Through each type's input: the forms it takes come back in the type's own.
            setStrings(insert, "0042", "01A20942-04F9-8001-8086-1378E8435031", "FF");
            insert.executeUpdate();
            // The siq trap holds on assignment too: decimal digits are hex digits. setString(i, null) is a NULL.
            setStrings(insert, "255", null, "255");
            insert.executeUpdate();
        }
        List<List<String>> expected = List.of(
                Arrays.asList("42", "01a20942-04f9-8001-8086-1378e8435031", "00000000000000000000000000ff"),
                Arrays.asList("255", null, "0000000000000000000000000255"), Arrays.asList(SENT));
        expect(sinkRows(connection).equals(expected), "read back: " + sinkRows(connection));
    }

    static void stringsUpdateAndUpsert(Connection connection) throws Exception {
        createSink(connection);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO sink (d) VALUES (?)")) {
            insert.setString(1, SENT[0]);
            insert.executeUpdate();
        }
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE sink SET i = ?, s = ? WHERE d = ?::distributedid")) {
            setStrings(update, SENT[1], SENT[2], SENT[0]);
            expect(update.executeUpdate() == 1, "updated");
        }
        expect(sinkRows(connection).equals(List.of(Arrays.asList(SENT))), "updated: " + sinkRows(connection));
        // The casts are for assignment: a comparison with a varchar finds no operator, hence ?::distributedid.
        try (PreparedStatement update = connection.prepareStatement("UPDATE sink SET s = NULL WHERE d = ?")) {
            update.setString(1, SENT[0]);
            expect(sqlState(update::executeUpdate).equals("42883"), "WHERE d = ? with a varchar");
        }
        // As a sink's upsert mode writes: the row there is updated, a new one inserted.
        String otherIuid = "01a20942-04f9-8001-8086-000000000001";
        try (PreparedStatement upsert = connection.prepareStatement("INSERT INTO sink (d, i, s) VALUES (?, ?, ?)"
                + " ON CONFLICT (d) DO UPDATE SET i = EXCLUDED.i, s = EXCLUDED.s")) {
            setStrings(upsert, SENT[0], otherIuid, "ff");
            expect(upsert.executeUpdate() == 1, "upserted over the row");
            setStrings(upsert, "7", SENT[1], SENT[2]);
            expect(upsert.executeUpdate() == 1, "upserted a new row");
        }
        try (PreparedStatement upsert = connection.prepareStatement(
                "INSERT INTO sink (d) VALUES (?) ON CONFLICT (d) DO UPDATE SET s = ?")) {
            setStrings(upsert, "7", "abc");
            expect(upsert.executeUpdate() == 1, "upserted with a parameter in SET");
        }
        List<List<String>> expected = List.of(Arrays.asList("7", SENT[1], "0000000000000000000000000abc"),
                Arrays.asList(SENT[0], otherIuid, "00000000000000000000000000ff"));
        expect(sinkRows(connection).equals(expected), "upserted: " + sinkRows(connection));
    }

    /** Each row's strings by setString, added to the batch; the batch executed, its update counts returned. */
    static int[] executeStringBatch(Connection connection, String sql, List<String[]> rows) throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(sql)) {
            for (String[] row : rows) {
                setStrings(statement, row);
                statement.addBatch();
            }
            return statement.executeBatch();
        }
    }

    static void stringsBatch(Connection connection, boolean rewritten) throws Exception {
        createSink(connection);
        List<String[]> rows = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            Instant at = INSTANT.plusMillis(i);
            rows.add(new String[] {distributedId(at, i).toString(), iuid(at, 1, 2, i).toString(),
                    i % 7 == 0 ? null : siq(at, i % 256, i, i).toString()});
        }
        int[] counts = executeStringBatch(connection, "INSERT INTO sink (d, i, s) VALUES (?, ?, ?)", rows);
        // pgjdbc counts 1 a row; a batch it rewrote into multi-row VALUES, SUCCESS_NO_INFO (-2) a row.
        int each = rewritten ? Statement.SUCCESS_NO_INFO : 1;
        expect(counts.length == rows.size() && Arrays.stream(counts).allMatch(count -> count == each),
                "the inserts' counts: " + Arrays.toString(counts));
        List<List<String>> expected = new ArrayList<>();
        rows.forEach(row -> expected.add(Arrays.asList(row)));
        expect(sinkRows(connection).equals(expected), "the rows read back differ");
        // Then an upsert batch, as a sink in upsert mode sends it: every third row again with another siq, new rows.
        List<String[]> upserts = new ArrayList<>();
        for (int i = 0; i < 700; i++) {
            Instant at = INSTANT.plusMillis(i);
            if (i % 3 == 0 || i >= 600) {
                String[] row = {distributedId(at, i).toString(), iuid(at, 3, 4, i).toString(),
                        siq(at, 255, 7, i).toString()};
                upserts.add(row);
                if (i < 600) {
                    expected.set(i, Arrays.asList(row));
                } else {
                    expected.add(Arrays.asList(row));
                }
            }
        }
        counts = executeStringBatch(connection, "INSERT INTO sink (d, i, s) VALUES (?, ?, ?)"
                + " ON CONFLICT (d) DO UPDATE SET i = EXCLUDED.i, s = EXCLUDED.s", upserts);
        expect(counts.length == upserts.size() && Arrays.stream(counts).allMatch(count -> count == each),
                "the upserts' counts: " + Arrays.toString(counts));
        expect(sinkRows(connection).equals(expected), "the rows upserted differ");
        // The batches went as server-prepared statements whose parameters are all varchar.
        try (Statement statement = connection.createStatement(); ResultSet prepared = statement.executeQuery(
                "SELECT count(*), count(*) FILTER (WHERE parameter_types <@ '{varchar}'::regtype[])"
                        + " FROM pg_prepared_statements WHERE statement LIKE 'INSERT INTO sink %'")) {
            prepared.next();
            expect(prepared.getLong(1) > 0 && prepared.getLong(2) == prepared.getLong(1),
                    "prepared: " + prepared.getLong(1) + ", with varchar parameters only: " + prepared.getLong(2));
        }
    }

    static void stringsRefused(Connection connection) throws Exception {
        createSink(connection);
        Object[][] bad = {{1, "12a", "22P02"}, {1, "-1", "22P02"}, {1, "42.0", "22P02"}, {1, "", "22P02"},
                {1, "10000000000000000000000000000", "22003"}, {2, UUID.randomUUID().toString(), "22P02"},
                {2, "not a uuid", "22P02"}, {3, "g", "22P02"}, {3, "0x1f", "22P02"},
                {3, "1" + "0".repeat(28), "22003"}};
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO sink (d, i, s) VALUES (?, ?, ?)")) {
            for (Object[] value : bad) {
                setStrings(insert, "1", null, null);
                insert.setString((Integer) value[0], (String) value[1]);
                String state = sqlState(insert::executeUpdate);
                expect(state.equals(value[2]), "'" + value[1] + "' gave " + state + ", not " + value[2]);
            }
        }
        try (PreparedStatement update = connection.prepareStatement(
                "UPDATE sink SET s = ? WHERE d = ?::distributedid")) {
            setStrings(update, "1", "12a");
            expect(sqlState(update::executeUpdate).equals("22P02"), "in WHERE's cast");
        }
        expect(sinkRows(connection).isEmpty(), "the table stays empty");
        // In a sink's batch, in its transaction: BatchUpdateException with the SQLSTATE, and the batch rolled back.
        // (In autocommit, pgjdbc syncs every few hundred statements of a batch that is not rewritten: the rows before
        // the sync stay written.)
        Properties rewritten = new Properties();
        rewritten.setProperty("reWriteBatchedInserts", "true");
        try (Connection rewriting = connect(database(), rewritten)) {
            for (Connection sink : List.of(connection, rewriting)) {
                String wrong = sink == connection ? "12a" : "1" + "0".repeat(28);
                String state = sink == connection ? "22P02" : "22003";
                List<String[]> rows = new ArrayList<>();
                for (int i = 0; i < 500; i++) {
                    rows.add(new String[] {i == 400 ? wrong : String.valueOf(i + 1), SENT[1], SENT[2]});
                }
                createSink(sink);
                sink.setAutoCommit(false);
                try {
                    executeStringBatch(sink, "INSERT INTO sink (d, i, s) VALUES (?, ?, ?)", rows);
                    throw new AssertionError("the batch with '" + wrong + "' was taken");
                } catch (BatchUpdateException error) {
                    expect(error.getSQLState().equals(state), "the batch with '" + wrong + "' gave "
                            + error.getSQLState());
                    sink.rollback();
                } finally {
                    sink.setAutoCommit(true);
                }
                expect(sinkRows(sink).isEmpty(), "the batch with '" + wrong + "' wrote rows");
            }
        }
    }

    static void generatedIdsAsStrings(Connection connection) throws Exception {
        try (Statement statement = connection.createStatement()) {
            statement.execute("DROP TABLE IF EXISTS generated");
            statement.execute("CREATE TEMP TABLE generated"
                    + " (d distributedid PRIMARY KEY DEFAULT distributedid_generate(),"
                    + " i iuid DEFAULT iuid_generate(7, 3), s siq DEFAULT siq_generate('user'), n integer)");
        }
        List<String[]> generated = new ArrayList<>();
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO generated (n)"
                + " SELECT generate_series(1, ?) RETURNING d, i, s, d::text, i::text, s::text, n")) {
            insert.setInt(1, 100);
            try (ResultSet row = insert.executeQuery()) {
                while (row.next()) {
                    String[] strings = {row.getString(1), row.getString(2), row.getString(3)};
                    expect(strings[0].equals(row.getString(4)) && strings[1].equals(row.getString(5))
                            && strings[2].equals(row.getString(6)), "getString is not ::text: " + row.getString(7));
                    generated.add(strings);
                }
            }
        }
        expect(generated.size() == 100, generated.size() + " rows");
        // The strings sent back find their rows: more executions than prepareThreshold, so server-prepared too.
        try (PreparedStatement query = connection.prepareStatement("SELECT d, i, s FROM generated"
                + " WHERE d = ?::distributedid AND i = ?::iuid AND s = ?::siq")) {
            for (String[] strings : generated) {
                setStrings(query, strings);
                try (ResultSet row = query.executeQuery()) {
                    expect(row.next() && Arrays.equals(strings,
                            new String[] {row.getString(1), row.getString(2), row.getString(3)}) && !row.next(),
                            "found by its strings: " + strings[0]);
                }
            }
        }
    }

    // --- Assertions.

    static void expect(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }

    static void expectThrows(Class<? extends Throwable> expected, Body body, String what) throws Exception {
        try {
            body.run();
        } catch (Exception error) {
            if (expected.isInstance(error)) {
                return;
            }
            throw error;
        }
        throw new AssertionError(what + ": no " + expected.getSimpleName());
    }

    static String message(Body body) throws Exception {
        try {
            body.run();
        } catch (IllegalArgumentException error) {
            return error.getMessage();
        }
        throw new AssertionError("accepted");
    }

    /** The SQLSTATE of the SQLException the body throws. */
    static String sqlState(Body body) throws Exception {
        try {
            body.run();
        } catch (SQLException error) {
            return error.getSQLState();
        }
        throw new AssertionError("no SQLException");
    }
}
