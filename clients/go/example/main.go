// A pgx pool whose connections know the identities types: ids made by the table's DEFAULTs come back as Go
// values, find their row through the primary key, and count the rides of the last hour.
package main

import (
	"context"
	"fmt"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"pgxn.org/dist/identities/clients/go/identitiespgx"
)

func main() {
	ctx := context.Background()
	config, err := pgxpool.ParseConfig("") // libpq's PG* environment variables, or a connection string
	if err != nil {
		log.Fatal(err)
	}
	config.AfterConnect = identitiespgx.Register // each new connection looks the types up once
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	if err := bookARide(ctx, pool); err != nil {
		log.Fatal(err)
	}
}

func bookARide(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx) // one connection for the temporary table
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	_, err = tx.Exec(ctx, `CREATE TEMP TABLE rides (
		id   distributedid PRIMARY KEY DEFAULT distributedid_generate(),
		trip iuid NOT NULL DEFAULT iuid_generate(country => 42, service_entity => 7),
		ref  siq NOT NULL DEFAULT siq_generate('user'))`)
	if err != nil {
		return err
	}

	var id identitiespgx.DistributedID
	var trip identitiespgx.Iuid
	var ref identitiespgx.Siq
	err = tx.QueryRow(ctx, "INSERT INTO rides DEFAULT VALUES RETURNING id, trip, ref").Scan(&id, &trip, &ref)
	if err != nil {
		return err
	}
	// id is sent as a distributedid (numeric's binary form): the primary key finds the row
	var found identitiespgx.Iuid
	if err := tx.QueryRow(ctx, "SELECT trip FROM rides WHERE id = $1", id).Scan(&found); err != nil {
		return err
	}
	// the last hour's rides: a range on the primary key (doc/usage.md, "Time windows that use the primary key")
	var recent int
	now := time.Now()
	err = tx.QueryRow(ctx, "SELECT count(*) FROM rides WHERE id <@ tstzrange($1, $2)",
		now.Add(-time.Hour), now.Add(time.Second)).Scan(&recent)
	if err != nil {
		return err
	}
	if found != trip || recent != 1 {
		return fmt.Errorf("found trip %v, %d recent rides", found, recent)
	}
	fmt.Printf("ride %v made at %s: trip %v (country %d), ref %v\n",
		id, id.Time().Format(time.RFC3339), trip, trip.Country(), ref)
	return nil
}
