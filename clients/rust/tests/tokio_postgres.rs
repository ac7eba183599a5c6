//! The crate with tokio-postgres, against a database that has the extension, on a server that preloads it
//! (siq_generate needs that); connects with libpq's variables PGHOST, PGPORT, PGUSER and PGDATABASE.

use std::collections::HashMap;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use bytes::BytesMut;
use futures_util::{pin_mut, TryStreamExt};
use identities_postgres::{DistributedId, Error, Iuid, Siq, Ulid, Uuid};
use tokio_postgres::binary_copy::{BinaryCopyInWriter, BinaryCopyOutStream};
use tokio_postgres::types::{FromSql, ToSql, Type, WrongType};
use tokio_postgres::{Client, NoTls, SimpleQueryMessage};

async fn connect() -> Client {
    let env = |name: &str| std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set"));
    let port = std::env::var("PGPORT").map_or(5432, |port| port.parse().expect("PGPORT"));
    let (client, connection) = tokio_postgres::Config::new()
        .host(env("PGHOST"))
        .port(port)
        .user(env("PGUSER"))
        .dbname(env("PGDATABASE"))
        .connect(NoTls)
        .await
        .expect("connecting with PGHOST, PGPORT, PGUSER, PGDATABASE");
    tokio::spawn(connection);
    client
}

/// A connection with three tables whose primary keys are the three types, filled by their DEFAULTs.
async fn connect_with_tables(rows: usize) -> Client {
    let client = connect().await;
    client
        .batch_execute(
            "CREATE TEMP TABLE rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
                                      trip iuid DEFAULT iuid_generate(country => 42, service_entity => 7),
                                      ref siq DEFAULT siq_generate('user'));
             CREATE TEMP TABLE trips (id iuid PRIMARY KEY DEFAULT iuid_generate(country => 42, service_entity => 7));
             CREATE TEMP TABLE refs (id siq PRIMARY KEY DEFAULT siq_generate('user'));",
        )
        .await
        .unwrap();
    for table in ["rides", "trips", "refs"] {
        let insert = format!("INSERT INTO {table} SELECT FROM generate_series(1, {rows})");
        client.execute(insert.as_str(), &[]).await.unwrap();
    }
    client
}

async fn plan(client: &Client, query: &str, parameters: &[&(dyn ToSql + Sync)]) -> String {
    client.batch_execute("SET enable_seqscan = off").await.unwrap();
    let explain = format!("EXPLAIN (COSTS OFF) {query}");
    let rows = client.query(explain.as_str(), parameters).await.unwrap();
    client.batch_execute("RESET enable_seqscan").await.unwrap();
    rows.iter().map(|row| row.get::<_, String>(0)).collect::<Vec<_>>().join("\n")
}

/// Whether the plan searches this index with a condition (with sequential scans off, a plan may read a whole
/// index without one).
fn searches(plan: &str, index: &str) -> bool {
    plan.contains(index) && plan.contains("Index Cond: ")
}

#[tokio::test]
async fn generated_ids_arrive_as_native_values() {
    let client = connect_with_tables(3).await;
    let rows =
        client.query("SELECT id, trip, ref, id::text, trip::text, ref::text FROM rides ORDER BY 1", &[]).await.unwrap();
    assert_eq!(rows.len(), 3);
    for row in &rows {
        let (id, trip, reference): (DistributedId, Iuid, Siq) = (row.get(0), row.get(1), row.get(2));
        // The binary forms decoded, shown as PostgreSQL shows the values.
        assert_eq!((id.to_string(), trip.to_string(), reference.to_string()), (row.get(3), row.get(4), row.get(5)));
        assert_eq!(id.to_string().len(), 28, "a distributedid made today has 28 digits: {id}");
        assert_eq!(trip.as_uuid().get_version_num(), 8);
    }
}

#[tokio::test]
async fn typed_parameters_find_rows_through_the_primary_key() {
    let client = connect_with_tables(50).await;
    let (id, trip, reference): (DistributedId, Iuid, Siq) = {
        let row = client
            .query_one(
                "SELECT (SELECT id FROM rides OFFSET 17 LIMIT 1),
                                           (SELECT id FROM trips OFFSET 17 LIMIT 1),
                                           (SELECT id FROM refs OFFSET 17 LIMIT 1)",
                &[],
            )
            .await
            .unwrap();
        (row.get(0), row.get(1), row.get(2))
    };
    let cases: [(&str, &str, &(dyn ToSql + Sync), String); 3] = [
        ("rides", "distributedid", &id, id.to_string()),
        ("trips", "iuid", &trip, trip.to_string()),
        ("refs", "siq", &reference, reference.to_string()),
    ];
    for (table, type_name, parameter, text) in cases {
        let query = format!("SELECT id::text FROM {table} WHERE id = $1");
        let statement = client.prepare(&query).await.unwrap();
        assert_eq!(statement.params()[0].name(), type_name, "the parameter is sent as the column's own type");
        let found: String = client.query_one(&statement, &[parameter]).await.unwrap().get(0);
        assert_eq!(found, text, "{table}");
        let plan = plan(&client, &format!("SELECT * FROM {table} WHERE id = $1"), &[parameter]).await;
        assert!(searches(&plan, &format!("{table}_pkey")), "{plan}");
    }
}

#[tokio::test]
async fn arrays_of_each_type() {
    let client = connect_with_tables(5).await;
    let row = client
        .query_one(
            "SELECT (SELECT array_agg(id ORDER BY id) FROM rides), (SELECT array_agg(id ORDER BY id) FROM trips),
                           (SELECT array_agg(id ORDER BY id) FROM refs)",
            &[],
        )
        .await
        .unwrap();
    let (ids, trips, refs): (Vec<DistributedId>, Vec<Iuid>, Vec<Siq>) = (row.get(0), row.get(1), row.get(2));
    assert_eq!((ids.len(), trips.len(), refs.len()), (5, 5, 5));
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "in the database's order: {ids:?}");

    // Array parameters, = ANY($1) through the primary key, and arrays with NULLs both ways.
    let some_ids = &ids[1..4];
    let found: i64 =
        client.query_one("SELECT count(*) FROM rides WHERE id = ANY($1)", &[&some_ids]).await.unwrap().get(0);
    assert_eq!(found, 3);
    let plan = plan(&client, "SELECT * FROM refs WHERE id = ANY($1)", &[&refs]).await;
    assert!(searches(&plan, "refs_pkey"), "{plan}");
    let with_null = vec![Some(ids[0]), None, Some(DistributedId::MAX)];
    let back: Vec<Option<DistributedId>> =
        client.query_one("SELECT $1::distributedid[]", &[&with_null]).await.unwrap().get(0);
    assert_eq!(back, with_null);
    let with_null = vec![None, Some(trips[4])];
    let back: Vec<Option<Iuid>> = client.query_one("SELECT $1::iuid[]", &[&with_null]).await.unwrap().get(0);
    assert_eq!(back, with_null);
    let with_null = vec![Some(Siq::MAX), None, Some(refs[0])];
    let back: Vec<Option<Siq>> = client.query_one("SELECT $1::siq[]", &[&with_null]).await.unwrap().get(0);
    assert_eq!(back, with_null);
    let text: String = client.query_one("SELECT $1::siq[]::text", &[&vec![Siq::from(255)]]).await.unwrap().get(0);
    assert_eq!(text, "{00000000000000000000000000ff}");
}

#[tokio::test]
async fn nulls_are_options() {
    let client = connect_with_tables(0).await;
    let none: (Option<Iuid>, Option<Siq>) = (None, None);
    let row = client
        .query_one("INSERT INTO rides (trip, ref) VALUES ($1, $2) RETURNING id, trip, ref", &[&none.0, &none.1])
        .await
        .unwrap();
    let read: (Option<DistributedId>, Option<Iuid>, Option<Siq>) = (row.get(0), row.get(1), row.get(2));
    assert!(read.0.is_some());
    assert_eq!((read.1, read.2), none);
    assert!(row.try_get::<_, Iuid>(1).is_err(), "a NULL is no Iuid");
    let some = Some(Siq::from(42));
    let read: Option<Siq> = client.query_one("SELECT $1::siq", &[&some]).await.unwrap().get(0);
    assert_eq!(read, some);
}

const DISTRIBUTEDID_EDGES: [u128; 9] = [
    0,
    1,
    9999,
    10_000,
    123_456_789,
    100_000_000_000_000_000_000,
    1_000_000_000_000_000_000_000_000_000,
    1_127_143_125_519_759_625_420_800_000,
    10u128.pow(28) - 1,
];

#[tokio::test]
async fn binary_parameters_are_what_numeric_send_writes() {
    let client = connect().await;
    let values: Vec<(Box<dyn ToSql + Sync>, &str, String)> = DISTRIBUTEDID_EDGES
        .iter()
        .map(|&value| {
            (Box::new(DistributedId::new(value).unwrap()) as Box<dyn ToSql + Sync>, "distributedid", value.to_string())
        })
        .chain(
            [0, 255, 10u128.pow(28), 1 << 100, (1 << 112) - 1]
                .into_iter()
                .map(|value| (Box::new(Siq::new(value).unwrap()) as Box<dyn ToSql + Sync>, "siq", value.to_string())),
        )
        .collect();
    for (value, type_name, decimal) in &values {
        let ty = client.prepare(&format!("SELECT NULL::{type_name}")).await.unwrap().columns()[0].type_().clone();
        let mut sent = BytesMut::new();
        value.to_sql_checked(&ty, &mut sent).unwrap();
        // Our bytes, those numeric_send writes for the number, and those the extension sends back for it.
        let query = format!("SELECT numeric_send($2::text::numeric), {type_name}_send($1), $1::numeric::text");
        let row = client.query_one(query.as_str(), &[value.as_ref(), decimal]).await.unwrap();
        let (numeric_send, type_send, received): (Vec<u8>, Vec<u8>, String) = (row.get(0), row.get(1), row.get(2));
        assert_eq!(&sent[..], &numeric_send[..], "{type_name} {decimal}");
        assert_eq!(&sent[..], &type_send[..], "{type_name} {decimal}");
        assert_eq!(&received, decimal, "the server read our bytes as the same number");
    }
}

#[tokio::test]
async fn binary_results_round_trip_edge_values() {
    let client = connect().await;
    for value in DISTRIBUTEDID_EDGES {
        let id = DistributedId::new(value).unwrap();
        let row = client.query_one("SELECT $1::distributedid, $1::distributedid::text", &[&id]).await.unwrap();
        assert_eq!((row.get::<_, DistributedId>(0), row.get::<_, String>(1)), (id, value.to_string()));
    }
    for value in [0, 1, 0xffff, 10u128.pow(28), (1 << 112) - 1] {
        let siq = Siq::new(value).unwrap();
        let row = client.query_one("SELECT $1::siq, $1::siq::text", &[&siq]).await.unwrap();
        assert_eq!((row.get::<_, Siq>(0), row.get::<_, String>(1)), (siq, format!("{value:028x}")));
    }
}

/// The rows of test/vectors/NAME.tsv (of that kind, "" for all): column name to field, "" when none. The known
/// answers live there (test/vectors/README.md): IDENTITIES_VECTORS, or the repository's directory above the crate.
fn vectors(name: &str, kind: &str) -> Vec<HashMap<String, String>> {
    let directory = std::env::var("IDENTITIES_VECTORS")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../test/vectors").to_string());
    let content = std::fs::read_to_string(format!("{directory}/{name}.tsv")).expect("test/vectors: IDENTITIES_VECTORS");
    let mut lines = content.lines().filter(|line| !line.is_empty() && !line.starts_with('#'));
    let header: Vec<String> = lines.next().expect("a header").split('\t').map(str::to_string).collect();
    lines
        .map(|line| header.iter().cloned().zip(line.split('\t').map(str::to_string)).collect::<HashMap<_, _>>())
        .filter(|row| kind.is_empty() || row["kind"] == kind)
        .collect()
}

#[tokio::test]
async fn known_answers_of_the_vectors_round_trip() {
    let client = connect().await;
    for row in vectors("distributedid", "") {
        let text = &row["distributedid"];
        let id: DistributedId = text.parse().unwrap();
        assert_eq!((id.to_string(), u128::from(id)), (text.clone(), text.parse::<u128>().unwrap()));
        let query = "SELECT $1::distributedid, $1::distributedid::text, $2::text::distributedid";
        let back = client.query_one(query, &[&id, text]).await.unwrap();
        let read: (DistributedId, String, DistributedId) = (back.get(0), back.get(1), back.get(2));
        assert_eq!(read, (id, text.clone(), id));
    }
    for row in vectors("siq", "forms") {
        let text = &row["siq"];
        let siq: Siq = text.parse().unwrap();
        assert_eq!((siq.to_string(), u128::from(siq)), (text.clone(), row["numeric"].parse::<u128>().unwrap()));
        let back = client.query_one("SELECT $1::siq, $1::siq::text, $2::text::siq", &[&siq, text]).await.unwrap();
        let read: (Siq, String, Siq) = (back.get(0), back.get(1), back.get(2));
        assert_eq!(read, (siq, text.clone(), siq));
    }
    for row in vectors("iuid", "") {
        let text = &row["iuid"];
        let iuid: Iuid = text.parse().unwrap();
        assert_eq!(iuid.to_string(), *text);
        let back = client.query_one("SELECT $1::iuid, $1::iuid::text, $2::text::iuid", &[&iuid, text]).await.unwrap();
        let read: (Iuid, String, Iuid) = (back.get(0), back.get(1), back.get(2));
        assert_eq!(read, (iuid, text.clone(), iuid));
    }
}

#[tokio::test]
async fn simple_query_gives_text_forms_that_parse() {
    let client = connect_with_tables(1).await;
    let binary = client.query_one("SELECT id, trip, ref FROM rides", &[]).await.unwrap();
    let messages = client.simple_query("SELECT id, trip, ref FROM rides").await.unwrap();
    let text = messages.iter().find_map(|message| match message {
        SimpleQueryMessage::Row(row) => Some(row),
        _ => None,
    });
    let text = text.expect("a row");
    assert_eq!(text.get(0).unwrap().parse::<DistributedId>().unwrap(), binary.get::<_, DistributedId>(0));
    assert_eq!(text.get(1).unwrap().parse::<Iuid>().unwrap(), binary.get::<_, Iuid>(1));
    assert_eq!(text.get(2).unwrap().parse::<Siq>().unwrap(), binary.get::<_, Siq>(2));
}

#[tokio::test]
async fn bad_values_are_refused_before_anything_is_written() {
    let client = connect_with_tables(0).await;
    // Each constructor refuses what its type cannot hold: such a value never exists, so it is never sent.
    assert_eq!(
        DistributedId::new(10u128.pow(28)),
        Err(Error::OutOfRange { type_name: "distributedid", value: 10u128.pow(28) })
    );
    assert!(matches!(Siq::new(1 << 112), Err(Error::OutOfRange { type_name: "siq", .. })));
    for text in ["-1", "1.5", "", "1e3", "10000000000000000000000000000"] {
        let refused = text.parse::<DistributedId>().unwrap_err();
        assert_eq!(refused.to_string(), format!("{text:?} is not a distributedid: 1 to 28 decimal digits expected"));
    }
    assert!("12345678901234567890123456789".parse::<Siq>().is_err(), "29 hex digits");
    let version_4 = Uuid::parse_str("01a20942-04f9-4001-8086-1378e8435031").unwrap();
    assert!(Iuid::new(version_4).unwrap_err().to_string().contains("is not an iuid"));

    // A value of one type where the statement has another: refused by the driver, before sending.
    let id = DistributedId::from(42u64);
    let error = client.execute("INSERT INTO refs (id) VALUES ($1)", &[&id]).await.unwrap_err();
    assert!(error.into_source().is_some_and(|source| source.is::<WrongType>()));
    let error = client.execute("INSERT INTO trips (id) VALUES ($1)", &[&version_4]).await.unwrap_err();
    assert!(error.into_source().is_some_and(|source| source.is::<WrongType>()), "a plain uuid is no iuid parameter");
    // And a column of one type is not read as another.
    let row = client.query_one("SELECT distributedid_generate()", &[]).await.unwrap();
    assert!(row.try_get::<_, Siq>(0).is_err() && row.try_get::<_, Iuid>(0).is_err());

    let written: i64 = client
        .query_one(
            "SELECT (SELECT count(*) FROM rides) + (SELECT count(*) FROM trips) + (SELECT count(*) FROM refs)",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(written, 0);
}

#[tokio::test]
async fn numeric_binary_forms_from_the_server_are_decoded_or_refused() {
    let client = connect().await;
    let numeric_send = |text: &'static str| {
        let client = &client;
        async move {
            let query = format!("SELECT numeric_send('{text}'::numeric)");
            client.query_one(query.as_str(), &[]).await.unwrap().get::<_, Vec<u8>>(0)
        }
    };
    // Every numeric form of an integer in range: dscale above 0, trailing zero digits left out.
    for (text, value) in [
        ("7.00", 7),
        ("0.000", 0),
        ("10000.0000", 10_000),
        ("100000000000000000000", 10u128.pow(20)),
        ("9999999999999999999999999999.0", 10u128.pow(28) - 1),
    ] {
        let bytes = numeric_send(text).await;
        assert_eq!(DistributedId::from_sql(&Type::NUMERIC, &bytes).unwrap().get(), value, "{text}");
        assert_eq!(Siq::from_sql(&Type::NUMERIC, &bytes).unwrap().get(), value, "{text}");
    }
    // Anything else is an error, never another number.
    for (text, reason) in [
        ("7.5", "fraction"),
        ("0.0001", "fraction"),
        ("-7", "negative"),
        ("NaN", "NaN"),
        ("Infinity", "infinity"),
        ("-Infinity", "infinity"),
        ("10000000000000000000000000000", "above"),
    ] {
        let bytes = numeric_send(text).await;
        let refused = DistributedId::from_sql(&Type::NUMERIC, &bytes).unwrap_err().to_string();
        assert!(
            refused.starts_with("invalid binary value for a distributedid: ") && refused.contains(reason),
            "{text}: {refused}"
        );
    }
    let above_siq = numeric_send("5192296858534827628530496329220096").await;
    assert!(Siq::from_sql(&Type::NUMERIC, &above_siq).unwrap_err().to_string().contains("above the range of a siq"));
    // The extension's casts from numeric, read back.
    let row = client.query_one("SELECT 7.00::numeric::distributedid, '7.00'::numeric::siq", &[]).await.unwrap();
    assert_eq!((row.get::<_, DistributedId>(0).get(), row.get::<_, Siq>(1).get()), (7, 7));
}

#[tokio::test]
async fn time_window_query_uses_the_primary_key() {
    let client = connect_with_tables(20).await;
    // The README's query ("Time windows that use the primary key"), on each type.
    for table in ["rides", "trips", "refs"] {
        let query = format!("SELECT count(*) FROM {table} WHERE id <@ tstzrange(now() - interval '1 day', now())");
        let recent: i64 = client.query_one(query.as_str(), &[]).await.unwrap().get(0);
        assert_eq!(recent, 20, "{table}");
        let plan = plan(&client, &query, &[]).await;
        assert!(searches(&plan, &format!("{table}_pkey")), "{plan}");
    }
    // The window's ends as parameters (std::time::SystemTime is a timestamptz), with distributedid_within.
    let day = Duration::from_secs(86_400);
    let query = "SELECT count(*) FROM rides WHERE distributedid_within(id, tstzrange($1, $2))";
    let now = SystemTime::now();
    let recent: i64 = client.query_one(query, &[&(now - day), &(now + day)]).await.unwrap().get(0);
    let older: i64 = client.query_one(query, &[&(now - 2 * day), &(now - day)]).await.unwrap().get(0);
    assert_eq!((recent, older), (20, 0));
    let plan = plan(&client, query, &[&(now - day), &(now + day)]).await;
    assert!(searches(&plan, "rides_pkey"), "{plan}");
}

#[tokio::test]
async fn binary_copy_in_and_out() {
    let client = connect_with_tables(0).await;
    let types: Vec<Type> = client
        .prepare("SELECT NULL::distributedid, NULL::iuid, NULL::siq")
        .await
        .unwrap()
        .columns()
        .iter()
        .map(|column| column.type_().clone())
        .collect();
    let rows = [
        (DistributedId::MAX, Some("01a20942-04f9-8001-8086-1378e8435031".parse::<Iuid>().unwrap()), Some(Siq::MAX)),
        (DistributedId::from(0u64), None, Some(Siq::from(255))),
    ];
    let sink = client.copy_in("COPY rides (id, trip, ref) FROM STDIN (FORMAT binary)").await.unwrap();
    let writer = BinaryCopyInWriter::new(sink, &types);
    pin_mut!(writer);
    for (id, trip, reference) in &rows {
        writer.as_mut().write(&[id, trip, reference]).await.unwrap();
    }
    assert_eq!(writer.finish().await.unwrap(), 2);
    let text: Vec<String> = client
        .query("SELECT concat_ws(' ', id, trip, ref) FROM rides ORDER BY id DESC", &[])
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(
        text,
        [
            "9999999999999999999999999999 01a20942-04f9-8001-8086-1378e8435031 ffffffffffffffffffffffffffff",
            "0 00000000000000000000000000ff"
        ]
    );

    let stream = client
        .copy_out("COPY (SELECT id, trip, ref FROM rides ORDER BY id DESC) TO STDOUT (FORMAT binary)")
        .await
        .unwrap();
    let copied: Vec<_> = BinaryCopyOutStream::new(stream, &types).try_collect().await.unwrap();
    let copied: Vec<(DistributedId, Option<Iuid>, Option<Siq>)> =
        copied.iter().map(|row| (row.get(0), row.get(1), row.get(2))).collect();
    assert_eq!(copied, rows);
}

#[tokio::test]
async fn other_formats_are_plain_uuid_and_bigint() {
    let client = connect().await;
    let id: DistributedId = client.query_one("SELECT distributedid_generate()", &[]).await.unwrap().get(0);
    let public_id: Uuid = client.query_one("SELECT public_id($1::distributedid)", &[&id]).await.unwrap().get(0);
    let back: DistributedId =
        client.query_one("SELECT public_id_to_distributedid($1)", &[&public_id]).await.unwrap().get(0);
    assert_eq!(back, id);
    let row = client.query_one("SELECT distributedid128_generate(), snowflake_generate()", &[]).await.unwrap();
    let (distributedid128, snowflake): (Uuid, i64) = (row.get(0), row.get(1));
    assert_eq!(distributedid128.get_version_num(), 7);
    assert!(snowflake > 0);
}

/// An instant of the vectors (ISO 8601 UTC, "2016-07-30T23:54:10.259Z", a year of 4 or 5 digits), in Unix
/// microseconds.
fn vector_micros(text: &str) -> i64 {
    let (date, time) = text.trim_end_matches('Z').split_once('T').expect("a date and a time");
    let mut date = date.split('-').map(|field| field.parse::<i64>().unwrap());
    let (year, month, day) = (date.next().unwrap(), date.next().unwrap(), date.next().unwrap());
    let (time, fraction) = time.split_once('.').unwrap_or((time, "0"));
    let seconds_of_day = time.split(':').fold(0, |seconds, field| seconds * 60 + field.parse::<i64>().unwrap());
    let micros = format!("{fraction:0<6}").parse::<i64>().unwrap();
    // days from 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil)
    let (y, m) = if month <= 2 { (year - 1, month + 9) } else { (year, month - 3) };
    let era = y.div_euclid(400);
    let day_of_era = (y - era * 400) * 365 + (y - era * 400) / 4 - (y - era * 400) / 100 + (153 * m + 2) / 5 + day - 1;
    let days = era * 146_097 + day_of_era - 719_468;
    (days * 86_400 + seconds_of_day) * 1_000_000 + micros
}

fn system_time(micros: i64) -> SystemTime {
    if micros >= 0 {
        UNIX_EPOCH + Duration::from_micros(micros as u64)
    } else {
        UNIX_EPOCH - Duration::from_micros(micros.unsigned_abs())
    }
}

/// The known answers of test/vectors/ulid.tsv, offline (text, uuid, timestamp; inputs read as the server reads
/// them; invalid texts refused, out of range where the server says 22003) and through the server: each id sent in
/// binary comes back as itself with the vectors' text, uuid and timestamp, the server reads each text as `FromStr`
/// does (or refuses it with the vectors' SQLSTATE), and ulid_boundary gives each boundary.
#[tokio::test]
async fn ulid_known_answers_of_the_vectors_round_trip() {
    let client = connect().await;
    for row in vectors("ulid", "id") {
        let text = &row["ulid"];
        let ulid: Ulid = text.parse().unwrap();
        let uuid = Uuid::parse_str(&row["uuid"]).unwrap();
        assert_eq!((ulid.to_string(), ulid.to_uuid(), Ulid::from(uuid)), (text.clone(), uuid, ulid));
        assert_eq!(ulid.timestamp(), system_time(vector_micros(&row["timestamp"])), "{text}");
        assert_eq!(i64::try_from(ulid.unix_millis()).unwrap() * 1000, vector_micros(&row["timestamp"]));
        let query = "SELECT $1::ulid, $1::ulid::text, $1::ulid::uuid, ulid_extract_timestamp($1), $2::text::ulid";
        let back = client.query_one(query, &[&ulid, text]).await.unwrap();
        let read: (Ulid, String, Uuid, SystemTime, Ulid) =
            (back.get(0), back.get(1), back.get(2), back.get(3), back.get(4));
        assert_eq!(read, (ulid, text.clone(), uuid, ulid.timestamp(), ulid));
    }
    for row in vectors("ulid", "input") {
        let ulid: Ulid = row["text"].parse().unwrap();
        assert_eq!(ulid.to_string(), row["ulid"], "{}", row["text"]);
        let by_server: Ulid = client.query_one("SELECT $1::text::ulid", &[&row["text"]]).await.unwrap().get(0);
        assert_eq!(by_server, ulid, "{}", row["text"]);
    }
    for row in vectors("ulid", "invalid") {
        let text = &row["text"];
        let refused = text.parse::<Ulid>().unwrap_err();
        match row["sqlstate"].as_str() {
            "22003" => assert!(matches!(refused, Error::TextOutOfRange { .. }), "{text}: {refused}"),
            _ => assert!(matches!(refused, Error::InvalidText { .. }), "{text}: {refused}"),
        }
        let error = client.query_one("SELECT $1::text::ulid", &[text]).await.unwrap_err();
        assert_eq!(error.code().map(|code| code.code()), Some(row["sqlstate"].as_str()), "{text}: {error}");
    }
    for row in vectors("ulid", "boundary") {
        let ulid: Ulid = row["ulid"].parse().unwrap();
        let at = vector_micros(&row["timestamp"]);
        // the smallest ULID at or after the instant: its millisecond rounded up (1970 at least), nothing random
        assert_eq!((ulid.unix_millis(), ulid.get() & ((1 << 80) - 1)), ((at.max(0) + 999) as u64 / 1000, 0));
        let boundary: Ulid = client.query_one("SELECT ulid_boundary($1)", &[&system_time(at)]).await.unwrap().get(0);
        assert_eq!(boundary, ulid, "{}", row["timestamp"]);
    }
}

#[tokio::test]
async fn ulid_columns_arrays_nulls_and_uuids() {
    let client = connect().await;
    client
        .batch_execute(
            "CREATE TEMP TABLE bookings (id ulid PRIMARY KEY DEFAULT ulid_generate(), n int);
             INSERT INTO bookings (n) SELECT generate_series(1, 50)",
        )
        .await
        .unwrap();
    let ids: Vec<Ulid> = client.query_one("SELECT array_agg(id ORDER BY id) FROM bookings", &[]).await.unwrap().get(0);
    assert_eq!(ids.len(), 50);
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "Ord is the database's order");
    let now = SystemTime::now();
    assert!(ids[0].timestamp() <= now && ids[0].timestamp() + Duration::from_secs(3600) > now, "{:?}", ids[0]);
    let at: SystemTime = client.query_one("SELECT ulid_extract_timestamp($1::ulid)", &[&ids[7]]).await.unwrap().get(0);
    assert_eq!(at, ids[7].timestamp());

    // A typed parameter uses the primary key; the text form, as PostgreSQL shows it.
    let statement = client.prepare("SELECT id::text FROM bookings WHERE id = $1").await.unwrap();
    assert_eq!(statement.params()[0].name(), "ulid");
    let found: String = client.query_one(&statement, &[&ids[17]]).await.unwrap().get(0);
    assert_eq!(found, ids[17].to_string());
    let plan = plan(&client, "SELECT * FROM bookings WHERE id = $1", &[&ids[17]]).await;
    assert!(searches(&plan, "bookings_pkey"), "{plan}");

    // Arrays with NULLs, NULL itself, the largest and smallest, and a plain uuid of the same bits both ways.
    let with_null = vec![Some(Ulid::MAX), None, Some(Ulid::default()), Some(ids[3])];
    let back: Vec<Option<Ulid>> = client.query_one("SELECT $1::ulid[]", &[&with_null]).await.unwrap().get(0);
    assert_eq!(back, with_null);
    let none: Option<Ulid> = client.query_one("SELECT $1::ulid", &[&None::<Ulid>]).await.unwrap().get(0);
    assert_eq!(none, None);
    let row = client.query_one("SELECT $1::ulid::uuid, $2::uuid::ulid", &[&ids[5], &ids[6].to_uuid()]).await.unwrap();
    assert_eq!((row.get::<_, Uuid>(0), row.get::<_, Ulid>(1)), (ids[5].to_uuid(), ids[6]));
    // The simple query protocol's text parses back to the same id; a ulid is not read as an iuid.
    let messages = client.simple_query("SELECT id FROM bookings ORDER BY id LIMIT 1").await.unwrap();
    let text = messages.iter().find_map(|message| match message {
        SimpleQueryMessage::Row(row) => row.get(0).map(str::to_owned),
        _ => None,
    });
    assert_eq!(text.unwrap().parse::<Ulid>().unwrap(), ids[0]);
    let row = client.query_one("SELECT ulid_generate()", &[]).await.unwrap();
    assert!(row.try_get::<_, Iuid>(0).is_err() && row.try_get::<_, Ulid>(0).is_ok());
}
