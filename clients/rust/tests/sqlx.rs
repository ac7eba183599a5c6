//! The crate with sqlx, against a database that has the extension, on a server that preloads it (siq_generate
//! needs that); connects with libpq's variables PGHOST, PGPORT, PGUSER and PGDATABASE (PgConnectOptions::new()).

use identities_postgres::{DistributedId, Iuid, Siq, Ulid, Uuid};
use sqlx::encode::Encode;
use sqlx::postgres::{PgArgumentBuffer, PgArguments, PgConnectOptions, PgConnection, PgValueFormat, Postgres};
use sqlx::query::QueryScalar;
use sqlx::{AssertSqlSafe, Connection, Row};

async fn connect() -> PgConnection {
    PgConnection::connect_with(&PgConnectOptions::new())
        .await
        .expect("connecting with PGHOST, PGPORT, PGUSER, PGDATABASE")
}

/// A connection with three tables whose primary keys are the three types, filled by their DEFAULTs.
async fn connect_with_tables(rows: usize) -> PgConnection {
    let mut conn = connect().await;
    sqlx::raw_sql(
        "CREATE TEMP TABLE rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
                                  trip iuid DEFAULT iuid_generate(country => 42, service_entity => 7),
                                  ref siq DEFAULT siq_generate('user'));
         CREATE TEMP TABLE trips (id iuid PRIMARY KEY DEFAULT iuid_generate(country => 42, service_entity => 7));
         CREATE TEMP TABLE refs (id siq PRIMARY KEY DEFAULT siq_generate('user'));",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    for table in ["rides", "trips", "refs"] {
        let insert = format!("INSERT INTO {table} SELECT FROM generate_series(1, {rows})");
        sqlx::query(AssertSqlSafe(insert)).execute(&mut conn).await.unwrap();
    }
    conn
}

/// The plan an EXPLAIN (COSTS OFF) query shows with sequential scans disabled (so an index that serves shows).
async fn plan(conn: &mut PgConnection, explain: QueryScalar<'_, Postgres, String, PgArguments>) -> String {
    sqlx::raw_sql("SET enable_seqscan = off").execute(&mut *conn).await.unwrap();
    let lines = explain.fetch_all(&mut *conn).await.unwrap();
    sqlx::raw_sql("RESET enable_seqscan").execute(&mut *conn).await.unwrap();
    lines.join("\n")
}

/// Whether the plan searches this index with a condition (with sequential scans off, a plan may read a whole
/// index without one).
fn searches(plan: &str, index: &str) -> bool {
    plan.contains(index) && plan.contains("Index Cond: ")
}

#[tokio::test]
async fn generated_ids_arrive_as_native_values() {
    let mut conn = connect_with_tables(3).await;
    let rows: Vec<(DistributedId, Iuid, Siq, String, String, String)> =
        sqlx::query_as("SELECT id, trip, ref, id::text, trip::text, ref::text FROM rides ORDER BY 1")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    assert_eq!(rows.len(), 3);
    for (id, trip, reference, id_text, trip_text, ref_text) in rows {
        // The binary forms decoded, shown as PostgreSQL shows the values.
        assert_eq!((id.to_string(), trip.to_string(), reference.to_string()), (id_text, trip_text, ref_text));
        assert_eq!(id.to_string().len(), 28, "a distributedid made today has 28 digits: {id}");
    }
    // sqlx::query and Row::get by name read the same.
    let row = sqlx::query("SELECT id, trip, ref FROM rides ORDER BY id LIMIT 1").fetch_one(&mut conn).await.unwrap();
    let first: (DistributedId, Iuid, Siq) = (row.get("id"), row.get("trip"), row.get("ref"));
    let again: (DistributedId, Iuid, Siq) = sqlx::query_as("SELECT id, trip, ref FROM rides WHERE id = $1")
        .bind(first.0)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(first, again);
}

#[tokio::test]
async fn typed_parameters_find_rows_through_the_primary_key() {
    let mut conn = connect_with_tables(50).await;
    let (id, trip, reference): (DistributedId, Iuid, Siq) = sqlx::query_as(
        "SELECT (SELECT id FROM rides OFFSET 17 LIMIT 1), (SELECT id FROM trips OFFSET 17 LIMIT 1),
                (SELECT id FROM refs OFFSET 17 LIMIT 1)",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    // Each parameter is sent as the column's own type, so WHERE id = $1 is the primary key's operator.
    let types: (String, String, String) =
        sqlx::query_as("SELECT pg_typeof($1)::text, pg_typeof($2)::text, pg_typeof($3)::text")
            .bind(id)
            .bind(trip)
            .bind(reference)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert_eq!(types, ("distributedid".into(), "iuid".into(), "siq".into()));

    let found: DistributedId =
        sqlx::query_scalar("SELECT id FROM rides WHERE id = $1").bind(id).fetch_one(&mut conn).await.unwrap();
    assert_eq!(found, id);
    let found: Iuid =
        sqlx::query_scalar("SELECT id FROM trips WHERE id = $1").bind(trip).fetch_one(&mut conn).await.unwrap();
    assert_eq!(found, trip);
    let found: Siq =
        sqlx::query_scalar("SELECT id FROM refs WHERE id = $1").bind(reference).fetch_one(&mut conn).await.unwrap();
    assert_eq!(found, reference);
    for (index, plan) in [
        (
            "rides_pkey",
            plan(&mut conn, sqlx::query_scalar("EXPLAIN (COSTS OFF) SELECT * FROM rides WHERE id = $1").bind(id)).await,
        ),
        (
            "trips_pkey",
            plan(&mut conn, sqlx::query_scalar("EXPLAIN (COSTS OFF) SELECT * FROM trips WHERE id = $1").bind(trip))
                .await,
        ),
        (
            "refs_pkey",
            plan(&mut conn, sqlx::query_scalar("EXPLAIN (COSTS OFF) SELECT * FROM refs WHERE id = $1").bind(reference))
                .await,
        ),
    ] {
        assert!(searches(&plan, index), "{plan}");
    }
}

#[tokio::test]
async fn arrays_of_each_type() {
    let mut conn = connect_with_tables(5).await;
    let (ids, trips, refs): (Vec<DistributedId>, Vec<Iuid>, Vec<Siq>) = sqlx::query_as(
        "SELECT (SELECT array_agg(id ORDER BY id) FROM rides), (SELECT array_agg(id ORDER BY id) FROM trips),
                (SELECT array_agg(id ORDER BY id) FROM refs)",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!((ids.len(), trips.len(), refs.len()), (5, 5, 5));
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]), "in the database's order: {ids:?}");

    // Array parameters, = ANY($1) through the primary key, and arrays with NULLs both ways.
    let found: i64 = sqlx::query_scalar("SELECT count(*) FROM rides WHERE id = ANY($1)")
        .bind(&ids[1..4])
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(found, 3);
    let found: i64 = sqlx::query_scalar("SELECT count(*) FROM trips WHERE id = ANY($1)")
        .bind(&trips[..2])
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(found, 2);
    let plan =
        plan(&mut conn, sqlx::query_scalar("EXPLAIN (COSTS OFF) SELECT * FROM refs WHERE id = ANY($1)").bind(&refs))
            .await;
    assert!(searches(&plan, "refs_pkey"), "{plan}");
    let with_null = vec![Some(ids[0]), None, Some(DistributedId::MAX)];
    // (one SQL text per parameter type: sqlx prepares a text once, with the types first bound to it)
    let back: Vec<Option<DistributedId>> =
        sqlx::query_scalar("SELECT $1::distributedid[]").bind(&with_null).fetch_one(&mut conn).await.unwrap();
    assert_eq!(back, with_null);
    let with_null = vec![None, Some(trips[4])];
    let back: Vec<Option<Iuid>> =
        sqlx::query_scalar("SELECT $1::iuid[]").bind(&with_null).fetch_one(&mut conn).await.unwrap();
    assert_eq!(back, with_null);
    let with_null = vec![Some(Siq::MAX), None, Some(refs[0])];
    let back: Vec<Option<Siq>> =
        sqlx::query_scalar("SELECT $1::siq[]").bind(&with_null).fetch_one(&mut conn).await.unwrap();
    assert_eq!(back, with_null);
    let text: String =
        sqlx::query_scalar("SELECT $1::siq[]::text").bind(vec![Siq::from(255)]).fetch_one(&mut conn).await.unwrap();
    assert_eq!(text, "{00000000000000000000000000ff}");
}

#[tokio::test]
async fn nulls_are_options() {
    let mut conn = connect_with_tables(0).await;
    let (id, trip, reference): (Option<DistributedId>, Option<Iuid>, Option<Siq>) =
        sqlx::query_as("INSERT INTO rides (trip, ref) VALUES ($1, $2) RETURNING id, trip, ref")
            .bind(None::<Iuid>)
            .bind(None::<Siq>)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert!(id.is_some());
    assert_eq!((trip, reference), (None, None));
    let not_null = sqlx::query_scalar::<_, Iuid>("SELECT trip FROM rides").fetch_one(&mut conn).await;
    assert!(not_null.is_err(), "a NULL is no Iuid");
    let some = Some(Siq::from(42));
    let read: Option<Siq> = sqlx::query_scalar("SELECT $1").bind(some).fetch_one(&mut conn).await.unwrap();
    assert_eq!(read, some);
}

#[tokio::test]
async fn binary_parameters_are_what_numeric_send_writes() {
    let mut conn = connect().await;
    for value in [0, 1, 9999, 10_000, 123_456_789, 10u128.pow(20), 10u128.pow(27), 10u128.pow(28) - 1] {
        let id = DistributedId::new(value).unwrap();
        let mut sent = PgArgumentBuffer::default();
        let _ = id.encode_by_ref(&mut sent).unwrap();
        let (numeric_send, received): (Vec<u8>, String) =
            sqlx::query_as("SELECT numeric_send($2::numeric), $1::numeric::text")
                .bind(id)
                .bind(value.to_string())
                .fetch_one(&mut conn)
                .await
                .unwrap();
        assert_eq!(&sent[..], &numeric_send[..], "{value}");
        assert_eq!(received, value.to_string(), "the server read our bytes as the same number");
    }
    for value in [0, 0xffff, 10u128.pow(28), (1 << 112) - 1] {
        let siq = Siq::new(value).unwrap();
        let mut sent = PgArgumentBuffer::default();
        let _ = siq.encode_by_ref(&mut sent).unwrap();
        let (siq_send, received): (Vec<u8>, String) =
            sqlx::query_as("SELECT siq_send($1), $1::text").bind(siq).fetch_one(&mut conn).await.unwrap();
        assert_eq!(&sent[..], &siq_send[..], "{value}");
        assert_eq!(received, format!("{value:028x}"));
    }
}

#[tokio::test]
async fn text_and_binary_results_agree() {
    let mut conn = connect_with_tables(2).await;
    // sqlx::query prepares the statement and asks for binary results; raw_sql is the simple protocol: text.
    let binary = sqlx::query("SELECT id, trip, ref FROM rides ORDER BY id").fetch_all(&mut conn).await.unwrap();
    let text = sqlx::raw_sql("SELECT id, trip, ref FROM rides ORDER BY id").fetch_all(&mut conn).await.unwrap();
    assert_eq!(binary[0].try_get_raw(0).unwrap().format(), PgValueFormat::Binary);
    assert_eq!(text[0].try_get_raw(0).unwrap().format(), PgValueFormat::Text);
    for (binary, text) in binary.iter().zip(&text) {
        assert_eq!(binary.get::<DistributedId, _>(0), text.get::<DistributedId, _>(0));
        assert_eq!(binary.get::<Iuid, _>(1), text.get::<Iuid, _>(1));
        assert_eq!(binary.get::<Siq, _>(2), text.get::<Siq, _>(2));
    }
    assert_eq!(text.len(), 2);
}

#[tokio::test]
async fn bad_values_are_refused_before_anything_is_written() {
    let mut conn = connect_with_tables(0).await;
    // Each constructor refuses what its type cannot hold: such a value never exists, so it is never bound.
    assert!(DistributedId::new(10u128.pow(28)).unwrap_err().to_string().contains("out of range for a distributedid"));
    assert!(Siq::new(1 << 112).unwrap_err().to_string().contains("out of range for a siq"));
    assert!("1.5".parse::<DistributedId>().is_err() && "-1".parse::<DistributedId>().is_err());
    let version_4 = Uuid::parse_str("01a20942-04f9-4001-8086-1378e8435031").unwrap();
    assert!(Iuid::try_from(version_4).unwrap_err().to_string().contains("is not an iuid"));

    // A column of one type is not decoded as another: an error, not a value.
    let mismatch =
        sqlx::query_scalar::<_, Siq>("SELECT distributedid_generate()").fetch_one(&mut conn).await.unwrap_err();
    assert!(matches!(mismatch, sqlx::Error::ColumnDecode { .. }), "{mismatch}");
    // A value of one type bound where the column has another: the server has no such cast and writes nothing.
    let refused =
        sqlx::query("INSERT INTO refs (id) VALUES ($1)").bind(DistributedId::from(42u64)).execute(&mut conn).await;
    assert!(refused.is_err());
    let written: i64 = sqlx::query_scalar(
        "SELECT (SELECT count(*) FROM rides) + (SELECT count(*) FROM trips) + (SELECT count(*) FROM refs)",
    )
    .fetch_one(&mut conn)
    .await
    .unwrap();
    assert_eq!(written, 0);
}

#[tokio::test]
async fn numeric_binary_forms_are_decoded_or_refused() {
    let mut conn = connect().await;
    // Numeric columns decoded as our types (try_get_unchecked skips the type check): numeric's own binary forms.
    for (text, value) in [("7.00", 7), ("0.000", 0), ("10000.0000", 10_000), ("100000000000000000000", 10u128.pow(20))]
    {
        let row = sqlx::query(AssertSqlSafe(format!("SELECT '{text}'::numeric"))).fetch_one(&mut conn).await.unwrap();
        assert_eq!(row.try_get_unchecked::<DistributedId, _>(0).unwrap().get(), value, "{text}");
        assert_eq!(row.try_get_unchecked::<Siq, _>(0).unwrap().get(), value, "{text}");
    }
    for text in ["7.5", "-7", "NaN", "Infinity", "10000000000000000000000000000"] {
        let row = sqlx::query(AssertSqlSafe(format!("SELECT '{text}'::numeric"))).fetch_one(&mut conn).await.unwrap();
        let refused = row.try_get_unchecked::<DistributedId, _>(0).unwrap_err().to_string();
        assert!(refused.contains("invalid binary value for a distributedid"), "{text}: {refused}");
    }
    // The extension's casts from numeric, read back.
    let (id, siq): (DistributedId, Siq) =
        sqlx::query_as("SELECT 7.00::numeric::distributedid, '7.00'::numeric::siq").fetch_one(&mut conn).await.unwrap();
    assert_eq!((id.get(), siq.get()), (7, 7));
}

#[tokio::test]
async fn time_window_query_uses_the_primary_key() {
    let mut conn = connect_with_tables(20).await;
    // The README's query ("Time windows that use the primary key"), on each type.
    for table in ["rides", "trips", "refs"] {
        let query = format!("SELECT count(*) FROM {table} WHERE id <@ tstzrange(now() - interval '1 day', now())");
        let recent: i64 = sqlx::query_scalar(AssertSqlSafe(query.clone())).fetch_one(&mut conn).await.unwrap();
        assert_eq!(recent, 20, "{table}");
        let plan = plan(&mut conn, sqlx::query_scalar(AssertSqlSafe(format!("EXPLAIN (COSTS OFF) {query}")))).await;
        assert!(searches(&plan, &format!("{table}_pkey")), "{plan}");
    }
    let ids: Vec<DistributedId> = sqlx::query_scalar(
        "SELECT id FROM rides WHERE distributedid_within(id, tstzrange(now() - interval '1 day', NULL))",
    )
    .fetch_all(&mut conn)
    .await
    .unwrap();
    assert_eq!(ids.len(), 20);
}

#[tokio::test]
async fn other_formats_are_plain_uuid_and_bigint() {
    let mut conn = connect().await;
    let id: DistributedId = sqlx::query_scalar("SELECT distributedid_generate()").fetch_one(&mut conn).await.unwrap();
    let public_id: Uuid = sqlx::query_scalar("SELECT public_id($1)").bind(id).fetch_one(&mut conn).await.unwrap();
    let back: DistributedId =
        sqlx::query_scalar("SELECT public_id_to_distributedid($1)").bind(public_id).fetch_one(&mut conn).await.unwrap();
    assert_eq!(back, id);
    let (distributedid128, snowflake): (Uuid, i64) =
        sqlx::query_as("SELECT distributedid128_generate(), snowflake_generate()").fetch_one(&mut conn).await.unwrap();
    assert_eq!(distributedid128.get_version_num(), 7);
    assert!(snowflake > 0);
}

#[tokio::test]
async fn ulid_in_binary_and_text() {
    let mut conn = connect().await;
    let largest = Ulid::MAX;
    let known: Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    let (back, text, generated): (Ulid, String, Ulid) =
        sqlx::query_as("SELECT $1::ulid, $2::ulid::text, ulid_generate()")
            .bind(largest)
            .bind(known)
            .fetch_one(&mut conn)
            .await
            .unwrap();
    assert_eq!((back, text.as_str()), (largest, "01ARZ3NDEKTSV4RRFFQ69G5FAV"));
    // sqlx::query asks for binary results; raw_sql is the simple protocol: text. Both decode to the same id.
    let query = format!("SELECT '{generated}'::ulid, ARRAY['{known}'::ulid, NULL]");
    let binary = sqlx::query(AssertSqlSafe(query.clone())).fetch_one(&mut conn).await.unwrap();
    let text = sqlx::raw_sql(AssertSqlSafe(query)).fetch_one(&mut conn).await.unwrap();
    assert_eq!(binary.try_get_raw(0).unwrap().format(), PgValueFormat::Binary);
    assert_eq!(text.try_get_raw(0).unwrap().format(), PgValueFormat::Text);
    assert_eq!((binary.get::<Ulid, _>(0), text.get::<Ulid, _>(0)), (generated, generated));
    assert_eq!(binary.get::<Vec<Option<Ulid>>, _>(1), vec![Some(known), None]);
    let uuid: Uuid = sqlx::query_scalar("SELECT $1::ulid::uuid").bind(known).fetch_one(&mut conn).await.unwrap();
    assert_eq!(Ulid::from(uuid), known);
    let none: Option<Ulid> =
        sqlx::query_scalar("SELECT $1::ulid").bind(None::<Ulid>).fetch_one(&mut conn).await.unwrap();
    assert_eq!(none, None);
}
