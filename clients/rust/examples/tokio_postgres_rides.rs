use identities_postgres::{DistributedId, Iuid, Siq};
use tokio_postgres::{Config, NoTls};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let env = |name| std::env::var(name); // libpq's variables, as psql reads them
    let (client, connection) = Config::new()
        .host(env("PGHOST")?)
        .port(env("PGPORT")?.parse()?)
        .user(env("PGUSER")?)
        .dbname(env("PGDATABASE")?)
        .connect(NoTls)
        .await?;
    tokio::spawn(connection);
    client
        .batch_execute(
            "CREATE TEMP TABLE rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(), \
             trip iuid, ref siq)",
        )
        .await?;
    let trip: Iuid = "01a20942-04f9-8001-8086-1378e8435031".parse()?; // an iUID from another service
    let reference = Siq::new(1 << 100)?; // a value the type cannot hold fails here, before anything is sent
    let row =
        client.query_one("INSERT INTO rides (trip, ref) VALUES ($1, $2) RETURNING id", &[&trip, &reference]).await?;
    let id: DistributedId = row.get("id");
    // id is sent as a distributedid (numeric's binary form): WHERE id = $1 is a primary key lookup
    let row = client.query_one("SELECT trip, ref, public_id(id) FROM rides WHERE id = $1", &[&id]).await?;
    let (found_trip, found_ref, public_id): (Iuid, Siq, uuid::Uuid) = (row.get(0), row.get(1), row.get(2));
    assert_eq!((found_trip, found_ref), (trip, reference));
    // the README's time window: a range on the primary key
    let recent: i64 = client
        .query_one("SELECT count(*) FROM rides WHERE id <@ tstzrange(now() - interval '1 day', now())", &[])
        .await?
        .get(0);
    assert_eq!(recent, 1);
    println!("ride {id}: trip {found_trip}, ref {found_ref}, public id {public_id}");
    Ok(())
}
