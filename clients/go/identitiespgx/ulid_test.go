// The ulid type through pgx v5 and identitiespgx: the known answers of test/vectors/ulid.tsv read and written by
// Ulid offline, then sent to a real server and read back, in binary, in text and by the simple protocol.
package identitiespgx_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/stdlib"

	"pgxn.org/dist/identities/clients/go/identitiespgx"
)

func mustUlid(text string) identitiespgx.Ulid {
	u, err := identitiespgx.ParseUlid(text)
	if err != nil {
		panic(err)
	}
	return u
}

// vectorInstant reads an instant of the vectors, whose years may have five digits (time.Parse reads four).
func vectorInstant(t *testing.T, text string) time.Time {
	t.Helper()
	dash := strings.Index(text, "-")
	at, err := time.Parse(time.RFC3339Nano, "2000"+text[dash:]) // a leap year: any day parses
	if err != nil {
		t.Fatal(err)
	}
	year := 0
	for _, digit := range text[:dash] {
		year = year*10 + int(digit-'0')
	}
	return time.Date(year, at.Month(), at.Day(), at.Hour(), at.Minute(), at.Second(), at.Nanosecond(), time.UTC)
}

// Offline: each id's text, its uuid's bytes and its instant; each input read as the server reads it; each invalid
// text refused, "out of range" where the server says 22003; each boundary's instant.
func TestUlidKnownAnswers(t *testing.T) {
	for _, row := range vectors("ulid", "id") {
		u := mustUlid(row["ulid"])
		uuid := mustUUID(row["uuid"])
		if u.String() != row["ulid"] || [16]byte(u) != uuid || identitiespgx.Ulid(uuid) != u {
			t.Errorf("ulid %s: String() %s, bytes %x, not %s", row["ulid"], u, [16]byte(u), row["uuid"])
		}
		if !u.Time().Equal(vectorInstant(t, row["timestamp"])) || u.UnixMilli() != u.Time().UnixMilli() {
			t.Errorf("ulid %s: Time() %v (%d ms), not %s", u, u.Time(), u.UnixMilli(), row["timestamp"])
		}
		text, err := u.MarshalText()
		var back identitiespgx.Ulid
		if err != nil || back.UnmarshalText(text) != nil || back != u {
			t.Errorf("ulid %s: MarshalText %s, read back %v", u, text, back)
		}
	}
	for _, row := range vectors("ulid", "input") {
		u, err := identitiespgx.ParseUlid(row["text"])
		if err != nil || u.String() != row["ulid"] {
			t.Errorf("ulid input %q: %v, %v; not %s", row["text"], u, err, row["ulid"])
		}
	}
	for _, row := range vectors("ulid", "invalid") {
		_, err := identitiespgx.ParseUlid(row["text"])
		outOfRange := err != nil && strings.Contains(err.Error(), "out of range")
		if !errors.Is(err, identitiespgx.ErrInvalidID) || outOfRange != (row["sqlstate"] == "22003") {
			t.Errorf("ulid invalid %q (%s): %v", row["text"], row["sqlstate"], err)
		}
	}
	for _, row := range vectors("ulid", "boundary") { // the smallest ULID at or after the instant (or of all)
		u, at := mustUlid(row["ulid"]), vectorInstant(t, row["timestamp"])
		first := at.Add(time.Millisecond - 1).Truncate(time.Millisecond)
		if first.Before(time.Unix(0, 0)) {
			first = time.Unix(0, 0)
		}
		if !u.Time().Equal(first) || !strings.HasSuffix(u.String(), strings.Repeat("0", 16)) {
			t.Errorf("ulid boundary %s of %s: Time() %v", u, row["timestamp"], u.Time())
		}
	}
	earlier, later := mustUlid("01BX5ZZKBKACTAV9WEVGEMMVRZ"), mustUlid("01BX5ZZKBKACTAV9WEVGEMMVS0")
	if earlier.Compare(later) != -1 || later.Compare(earlier) != 1 || earlier.Compare(earlier) != 0 {
		t.Errorf("Compare: %v %v", earlier, later)
	}
}

// Against the server: each known id goes as a Ulid and comes back as itself, the server's text, uuid and
// timestamp those of the vectors; each input and invalid text is read (or refused, with the vectors' SQLSTATE) by
// the server as by ParseUlid, which refuses a bad one in a binary COPY before anything is sent; each boundary is
// ulid_boundary's.
func TestUlidVectorsRoundTrip(t *testing.T) {
	conn := connect(t)
	for _, row := range vectors("ulid", "id") {
		u := mustUlid(row["ulid"])
		var back, fromText identitiespgx.Ulid
		var text, uuid string
		var at time.Time
		queryRow(t, conn, "SELECT $1::ulid, $1::ulid::text, $1::ulid::uuid::text, ulid_extract_timestamp($1), $2::text::ulid",
			[]any{u, row["ulid"]}, &back, &text, &uuid, &at, &fromText)
		if back != u || text != row["ulid"] || uuid != row["uuid"] || fromText != u {
			t.Errorf("ulid %s: read back %v, the server's text %s, uuid %s, from text %v", u, back, text, uuid, fromText)
		}
		if !at.Equal(u.Time()) {
			t.Errorf("ulid %s: the server's timestamp %v, Time() %v", u, at, u.Time())
		}
	}
	for _, row := range vectors("ulid", "input") {
		var byServer, byClient identitiespgx.Ulid
		queryRow(t, conn, "SELECT $1::text::ulid, $2::ulid", []any{row["text"], row["text"]}, &byServer, &byClient)
		if byServer.String() != row["ulid"] || byClient != byServer {
			t.Errorf("ulid input %q: the server read %v, the client %v; not %s", row["text"], byServer, byClient, row["ulid"])
		}
	}
	exec(t, conn, "CREATE TEMP TABLE refused_ulids (id ulid)")
	for _, row := range vectors("ulid", "invalid") {
		var refused identitiespgx.Ulid
		var serverError *pgconn.PgError
		err := conn.QueryRow(ctx, "SELECT $1::text::ulid", row["text"]).Scan(&refused)
		if !errors.As(err, &serverError) || serverError.Code != row["sqlstate"] {
			t.Errorf("ulid invalid %q: the server says %v, not %s", row["text"], err, row["sqlstate"])
		}
		// pgx sends a string parameter as text, which the server reads; a binary COPY goes through the codec,
		// which refuses it before the row is sent.
		err = conn.QueryRow(ctx, "SELECT $1::ulid", row["text"]).Scan(&refused)
		if !errors.As(err, &serverError) || serverError.Code != row["sqlstate"] {
			t.Errorf("ulid invalid %q: as a string parameter the server says %v, not %s", row["text"], err, row["sqlstate"])
		}
		_, err = conn.CopyFrom(ctx, pgx.Identifier{"refused_ulids"}, []string{"id"}, pgx.CopyFromRows([][]any{{row["text"]}}))
		// the server reports pgx's CopyFail, which carries identitiespgx' error
		refusedHere := err != nil && strings.Contains(err.Error(), "identitiespgx: ") &&
			strings.Contains(err.Error(), "is not a valid ulid") &&
			strings.Contains(err.Error(), "out of range") == (row["sqlstate"] == "22003")
		if !refusedHere {
			t.Errorf("ulid invalid %q: copied: %v", row["text"], err)
		}
	}
	for _, row := range vectors("ulid", "boundary") {
		var boundary identitiespgx.Ulid
		queryRow(t, conn, "SELECT ulid_boundary($1)", []any{vectorInstant(t, row["timestamp"])}, &boundary)
		if boundary.String() != row["ulid"] {
			t.Errorf("ulid_boundary(%s): %v, not %s", row["timestamp"], boundary, row["ulid"])
		}
	}
}

// Generated ulids, the largest and the smallest, in every form pgx moves them: binary, text results, the simple
// protocol; as a uuid both ways; in arrays, NULLs and CopyFrom; through database/sql's text.
func TestUlidRoundTrips(t *testing.T) {
	conn := connect(t)
	var generated identitiespgx.Ulid
	var at time.Time
	queryRow(t, conn, "SELECT u, ulid_extract_timestamp(u) FROM ulid_generate() AS u", nil, &generated, &at)
	if !at.Equal(generated.Time()) || time.Since(at) > time.Hour || time.Since(at) < -time.Hour {
		t.Errorf("ulid_generate(): %v at %v, Time() %v", generated, at, generated.Time())
	}
	values := []identitiespgx.Ulid{generated, mustUlid("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"), {}}
	modes := map[string][]any{
		"binary parameters and results":                     nil,
		"text results":                                      {pgx.QueryResultFormats{pgx.TextFormatCode}},
		"the simple protocol (text parameters and results)": {pgx.QueryExecModeSimpleProtocol},
	}
	for mode, options := range modes {
		for _, u := range values {
			var back, fromUUID identitiespgx.Ulid
			var text string
			var asUUID pgtype.UUID
			var asAny any
			err := conn.QueryRow(ctx, "SELECT $1::ulid, $1::ulid::text, $1::ulid::uuid, $2::uuid::ulid, $1::ulid",
				append(slices.Clone(options), u, pgtype.UUID{Bytes: u, Valid: true})...).
				Scan(&back, &text, &asUUID, &fromUUID, &asAny)
			if err != nil || back != u || text != u.String() || asUUID.Bytes != [16]byte(u) || fromUUID != u || asAny != u {
				t.Errorf("%s: sent %v, read %v %s %v %v %v (%v)", mode, u, back, text, asUUID, fromUUID, asAny, err)
			}
		}
		var list []identitiespgx.Ulid
		var withNull []*identitiespgx.Ulid
		var texts []string
		queryRow(t, conn, "SELECT $1::ulid[], ARRAY[NULL, $2::ulid], $1::ulid[]::text[]",
			append(slices.Clone(options), values, values[1]), &list, &withNull, &texts)
		if !slices.Equal(list, values) || withNull[0] != nil || *withNull[1] != values[1] ||
			texts[1] != "7ZZZZZZZZZZZZZZZZZZZZZZZZZ" {
			t.Errorf("%s: arrays %v %v %v", mode, list, withNull, texts)
		}
		var null *identitiespgx.Ulid
		var notNullable identitiespgx.Ulid
		queryRow(t, conn, "SELECT $1::ulid", append(slices.Clone(options), (*identitiespgx.Ulid)(nil)), &null)
		err := conn.QueryRow(ctx, "SELECT NULL::ulid", options...).Scan(&notNullable)
		if null != nil || err == nil || !strings.Contains(err.Error(), "NULL") {
			t.Errorf("%s: NULL read as %v, into a Ulid: %v", mode, null, err)
		}
	}
	// A ulid column takes a Ulid, a uuid of the same bits and the text; the primary key serves a Ulid parameter.
	exec(t, conn, `CREATE TEMP TABLE bookings (id ulid PRIMARY KEY DEFAULT ulid_generate(), n int);
		INSERT INTO bookings (n) SELECT generate_series(1, 1000); ANALYZE bookings`)
	copied, err := conn.CopyFrom(ctx, pgx.Identifier{"bookings"}, []string{"id", "n"}, pgx.CopyFromRows([][]any{
		{values[1], -1}, {pgtype.UUID{Bytes: mustUUID("015f4bff-cd73-ffff-ffff-ffffffffffff"), Valid: true}, -2},
		{"01arz3ndektsv4rrffq69g5fav", -3}}))
	if err != nil || copied != 3 {
		t.Fatalf("CopyFrom: %d rows, %v", copied, err)
	}
	var found []string
	queryRow(t, conn, "SELECT array_agg(id::text ORDER BY n) FROM bookings WHERE n < 0", nil, &found)
	if !slices.Equal(found, []string{"01ARZ3NDEKTSV4RRFFQ69G5FAV", "01BX5ZZKBKZZZZZZZZZZZZZZZZ", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"}) {
		t.Errorf("CopyFrom wrote %v", found)
	}
	var some identitiespgx.Ulid
	queryRow(t, conn, "SELECT id FROM bookings WHERE n = 500", nil, &some)
	exec(t, conn, "SET enable_seqscan = off")
	defer exec(t, conn, "RESET enable_seqscan")
	if plan := explain(t, conn, "SELECT n FROM bookings WHERE id = $1", some); !strings.Contains(plan, "bookings_pkey") {
		t.Errorf("a Ulid parameter does not use the primary key:\n%s", plan)
	}
	var n int
	queryRow(t, conn, "SELECT n FROM bookings WHERE id = $1", []any{some}, &n)
	if n != 500 {
		t.Errorf("found row %d", n)
	}
	// database/sql, through pgx's stdlib: the 26 characters.
	config, err := pgx.ParseConfig("")
	if err != nil {
		t.Fatal(err)
	}
	db := stdlib.OpenDB(*config, stdlib.OptionAfterConnect(identitiespgx.Register))
	defer db.Close()
	var text string
	if err := db.QueryRowContext(ctx, "SELECT $1::ulid", values[1]).Scan(&text); err != nil || text != values[1].String() {
		t.Errorf("database/sql: %s (%v)", text, err)
	}
}
