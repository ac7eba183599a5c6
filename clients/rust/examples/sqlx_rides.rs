use identities_postgres::{DistributedId, Iuid, Siq};
use sqlx::postgres::{PgConnectOptions, PgConnection};
use sqlx::Connection;

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // PgConnectOptions::new() reads libpq's variables (PGHOST, PGPORT, PGUSER, PGDATABASE...)
    let mut conn = PgConnection::connect_with(&PgConnectOptions::new()).await?;
    sqlx::query(
        "CREATE TEMP TABLE rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(), \
         trip iuid, ref siq)",
    )
    .execute(&mut conn)
    .await?;
    let trip: Iuid = "01a20942-04f9-8001-8086-1378e8435031".parse()?; // an iUID from another service
    let reference = Siq::new(1 << 100)?; // a value the type cannot hold fails here, before anything is sent
    let id: DistributedId = sqlx::query_scalar("INSERT INTO rides (trip, ref) VALUES ($1, $2) RETURNING id")
        .bind(trip)
        .bind(reference)
        .fetch_one(&mut conn)
        .await?;
    // id is sent as a distributedid (numeric's binary form): WHERE id = $1 is a primary key lookup
    let (found_trip, found_ref, public_id): (Iuid, Siq, uuid::Uuid) =
        sqlx::query_as("SELECT trip, ref, public_id(id) FROM rides WHERE id = $1")
            .bind(id)
            .fetch_one(&mut conn)
            .await?;
    assert_eq!((found_trip, found_ref), (trip, reference));
    // the README's time window: a range on the primary key
    let recent: i64 =
        sqlx::query_scalar("SELECT count(*) FROM rides WHERE id <@ tstzrange(now() - interval '1 day', now())")
            .fetch_one(&mut conn)
            .await?;
    assert_eq!(recent, 1);
    println!("ride {id}: trip {found_trip}, ref {found_ref}, public id {public_id}");
    Ok(())
}
