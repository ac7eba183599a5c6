// Package identitiespgx maps the identities extension's types to Go values in pgx v5: distributedid to
// DistributedID, siq to Siq, iuid to Iuid, ulid to Ulid (extension 0.2.0 on), and their arrays to slices, in text
// and binary, in parameters, results and CopyFrom.
//
//	conn, err := pgx.Connect(ctx, "")
//	err = identitiespgx.Register(ctx, conn)
//
//	config, err := pgxpool.ParseConfig("")
//	config.AfterConnect = identitiespgx.Register
package identitiespgx

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// The types where the extension lives, on the search path or not; and its version, for the binary form.
const lookupQuery = `SELECT e.extversion, t.typname, t.oid, t.typarray
	FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_type t ON t.typnamespace = e.extnamespace
	WHERE e.extname = 'identities' AND t.typname IN ('distributedid', 'iuid', 'siq', 'ulid')`

// Register looks the extension's types up in conn's database (their oids differ from one database to the next)
// and registers their codecs, and their arrays', in conn's type map: one query. Its signature is that of
// pgxpool.Config.AfterConnect. It fails if the extension is not installed in that database. An extension still at
// 0.1.0 has no ulid, which is then left out.
func Register(ctx context.Context, conn *pgx.Conn) error {
	rows, err := conn.Query(ctx, lookupQuery)
	if err != nil {
		return fmt.Errorf("identitiespgx: looking the types up: %w", err)
	}
	type found struct {
		version, name string
		oid, arrayOID uint32
	}
	var types []found
	var t found
	_, err = pgx.ForEachRow(rows, []any{&t.version, &t.name, &t.oid, &t.arrayOID}, func() error {
		types = append(types, t)
		return nil
	})
	if err != nil {
		return fmt.Errorf("identitiespgx: looking the types up: %w", err)
	}
	required := 0
	for _, t := range types {
		if t.name != "ulid" {
			required++
		}
	}
	if required != 3 {
		return fmt.Errorf("identitiespgx: the identities extension is not installed in database %q",
			conn.Config().Database)
	}
	typeMap := conn.TypeMap()
	for _, t := range types {
		// extension 0.1.0 sent distributedid and siq as raw big-endian bytes, numeric's binary form since 0.2.0
		rawBinary := t.version == "0.1.0"
		var codec pgtype.Codec
		var goTypes, sliceTypes []any // a value of each
		switch t.name {
		case "distributedid":
			codec = integerCodec{kind: distributedIDKind, rawBinary: rawBinary}
			goTypes, sliceTypes = []any{DistributedID{}}, []any{[]DistributedID{}, []*DistributedID{}}
		case "siq":
			codec = integerCodec{kind: siqKind, rawBinary: rawBinary}
			goTypes, sliceTypes = []any{Siq{}}, []any{[]Siq{}, []*Siq{}}
		case "iuid":
			codec = iuidCodec{}
			goTypes, sliceTypes = []any{Iuid{}}, []any{[]Iuid{}, []*Iuid{}}
		case "ulid":
			codec = ulidCodec{}
			goTypes, sliceTypes = []any{Ulid{}}, []any{[]Ulid{}, []*Ulid{}}
		}
		element := &pgtype.Type{Name: t.name, OID: t.oid, Codec: codec}
		typeMap.RegisterType(element)
		typeMap.RegisterType(&pgtype.Type{Name: "_" + t.name, OID: t.arrayOID, Codec: &pgtype.ArrayCodec{ElementType: element}})
		// the Go types' own database types, where the server names none (the simple protocol)
		for _, value := range goTypes {
			typeMap.RegisterDefaultPgType(value, t.name)
		}
		for _, value := range sliceTypes {
			typeMap.RegisterDefaultPgType(value, "_"+t.name)
		}
	}
	return nil
}
