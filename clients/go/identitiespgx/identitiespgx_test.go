// Round trips of distributedid, iuid and siq through pgx v5 and identitiespgx, against a real server: libpq's
// PG* variables name a database with the extension, on a server that preloads it (siq_generate needs that).
package identitiespgx_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

	"pgxn.org/dist/identities/clients/go/identitiespgx"
)

var ctx = context.Background()

func connect(t *testing.T) *pgx.Conn {
	t.Helper()
	return connectTo(t, "")
}

// connectTo opens a registered connection to a database of the server (the PGDATABASE one for "").
func connectTo(t *testing.T, database string) *pgx.Conn {
	t.Helper()
	config, err := pgx.ParseConfig("")
	if err != nil {
		t.Fatal(err)
	}
	if database != "" {
		config.Database = database
	}
	conn, err := pgx.ConnectConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	if err := identitiespgx.Register(ctx, conn); err != nil {
		t.Fatal(err)
	}
	return conn
}

func exec(t *testing.T, conn *pgx.Conn, sql string, args ...any) {
	t.Helper()
	if _, err := conn.Exec(ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

func queryRow(t *testing.T, conn *pgx.Conn, sql string, args []any, targets ...any) {
	t.Helper()
	if err := conn.QueryRow(ctx, sql, args...).Scan(targets...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// explain gives the plan of a query with its parameters bound, as the server runs it.
func explain(t *testing.T, conn *pgx.Conn, sql string, args ...any) string {
	t.Helper()
	rows, err := conn.Query(ctx, "EXPLAIN (COSTS OFF) "+sql, args...)
	if err != nil {
		t.Fatalf("EXPLAIN %s: %v", sql, err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatalf("EXPLAIN %s: %v", sql, err)
	}
	return strings.Join(lines, "\n")
}

func mustBig(text string) *big.Int {
	n, ok := new(big.Int).SetString(text, 0)
	if !ok {
		panic(text)
	}
	return n
}

func mustDistributedID(text string) identitiespgx.DistributedID {
	d, err := identitiespgx.ParseDistributedID(text)
	if err != nil {
		panic(err)
	}
	return d
}

func mustSiq(text string) identitiespgx.Siq {
	s, err := identitiespgx.ParseSiq(text)
	if err != nil {
		panic(err)
	}
	return s
}

func mustIuid(text string) identitiespgx.Iuid {
	i, err := identitiespgx.ParseIuid(text)
	if err != nil {
		panic(err)
	}
	return i
}

const (
	maxDistributedID = "9999999999999999999999999999" // 10^28-1
	maxSiq           = "ffffffffffffffffffffffffffff" // 2^112-1
	anIuid           = "01a20942-04f9-8001-8086-1378e8435031"
	aVersion4UUID    = "9c5b94b1-35ad-49bb-b118-8e8fc24abf80"
)

// vectors gives the rows of test/vectors/NAME.tsv (of that kind, "" for all): column name to field, "" when none.
// The known answers live there (test/vectors/README.md): IDENTITIES_VECTORS, or the repository's directory.
func vectors(name, kind string) []map[string]string {
	directory := os.Getenv("IDENTITIES_VECTORS")
	if directory == "" {
		directory = filepath.Join("..", "..", "..", "test", "vectors") // go test runs in the package's directory
	}
	content, err := os.ReadFile(filepath.Join(directory, name+".tsv"))
	if err != nil {
		panic(err)
	}
	var header []string
	var rows []map[string]string
	for _, line := range strings.Split(strings.TrimRight(string(content), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if header == nil {
			header = fields
			continue
		}
		row := map[string]string{}
		for k, column := range header {
			row[column] = fields[k]
		}
		if kind == "" || row["kind"] == kind {
			rows = append(rows, row)
		}
	}
	return rows
}

// The edge values of distributedid and siq, in decimal: where numeric's base-10000 digits and uint64 change; and
// the known distributedids of test/vectors.
var edgeValues = append([]string{"0", "1", "7", "9999", "10000", "10001", "100000000", "9223372036854775807",
	"18446744073709551616", "1000000000000000000000000", maxDistributedID}, vectorDistributedIDs()...)
var siqOnlyEdgeValues = []string{"10000000000000000000000000000", "79228162514264337593543950335",
	"5192296858534827628530496329220095"} // 10^28, 2^96-1, 2^112-1

func vectorDistributedIDs() []string {
	var ids []string
	for _, row := range vectors("distributedid", "") {
		ids = append(ids, row["distributedid"])
	}
	return ids
}

// The known answers of test/vectors: each distributedid, siq and iuid parsed here gives the instant (and the iuid's
// fields) of its row, goes to the server as the same value and comes back from the server's text as itself.
func TestVectors(t *testing.T) {
	conn := connect(t)
	instant := func(text string) time.Time { // time.Parse reads four-digit years: the year apart
		dash := strings.Index(text, "-")
		year, err := strconv.Atoi(text[:dash])
		if err != nil {
			t.Fatal(err)
		}
		at, err := time.Parse(time.RFC3339Nano, "2000"+text[dash:]) // a leap year: any day parses
		if err != nil {
			t.Fatal(err)
		}
		return time.Date(year, at.Month(), at.Day(), at.Hour(), at.Minute(), at.Second(), at.Nanosecond(), time.UTC)
	}
	roundTrip := func(typeName, text string, value, back any) {
		t.Helper()
		var serverText string
		queryRow(t, conn, "SELECT $1::"+typeName+"::text, $2::"+typeName, []any{value, text}, &serverText, back)
		if serverText != text || fmt.Sprint(back) != fmt.Sprint(value) {
			t.Errorf("%s %s: the server read %s, sent back %v", typeName, text, serverText, back)
		}
	}
	for _, row := range vectors("distributedid", "") {
		d := mustDistributedID(row["distributedid"])
		if !d.Time().Equal(instant(row["timestamp"])) {
			t.Errorf("distributedid %v: Time() %v, not %s", d, d.Time(), row["timestamp"])
		}
		roundTrip("distributedid", row["distributedid"], d, new(identitiespgx.DistributedID))
	}
	for _, row := range vectors("siq", "fields") {
		if s := mustSiq(row["siq"]); !s.Time().Equal(instant(row["timestamp"])) {
			t.Errorf("siq %v: Time() %v, not %s", s, s.Time(), row["timestamp"])
		}
	}
	for _, row := range vectors("siq", "forms") {
		s := mustSiq(row["siq"])
		if s.BigInt().String() != row["numeric"] {
			t.Errorf("siq %v: BigInt() %v, not %s", s, s.BigInt(), row["numeric"])
		}
		roundTrip("siq", row["siq"], s, new(identitiespgx.Siq))
	}
	for _, row := range vectors("iuid", "") {
		i := mustIuid(row["iuid"])
		country, _ := strconv.Atoi(row["country"])
		serviceEntity, _ := strconv.Atoi(row["service_entity"])
		if !i.Time().Equal(instant(row["timestamp"])) || i.Country() != country || i.ServiceEntity() != serviceEntity {
			t.Errorf("iuid %v: %v %d %d, not %s %s %s", i, i.Time(), i.Country(), i.ServiceEntity(), row["timestamp"],
				row["country"], row["service_entity"])
		}
		roundTrip("iuid", row["iuid"], i, new(identitiespgx.Iuid))
	}
}

func TestNumericBinaryFormIsTheServers(t *testing.T) {
	conn := connect(t)
	typeMap := conn.TypeMap()
	for _, name := range []string{"distributedid", "siq"} {
		dataType, ok := typeMap.TypeForName(name)
		if !ok {
			t.Fatalf("%s is not registered", name)
		}
		values := edgeValues
		if name == "siq" {
			values = append(slices.Clone(edgeValues), siqOnlyEdgeValues...)
		}
		for _, decimal := range values {
			var sent []byte
			queryRow(t, conn, fmt.Sprintf("SELECT %s_send($1::numeric::%[1]s)", name), []any{decimal}, &sent)
			var value any
			var err error
			if name == "siq" {
				value, err = identitiespgx.SiqFromBigInt(mustBig(decimal))
			} else {
				value, err = identitiespgx.ParseDistributedID(decimal)
			}
			if err != nil {
				t.Fatal(err)
			}
			encoded, err := typeMap.Encode(dataType.OID, pgtype.BinaryFormatCode, value, nil)
			if err != nil || string(encoded) != string(sent) {
				t.Errorf("%s %s: encoded %x (%v), the server sends %x", name, decimal, encoded, err, sent)
			}
			var back big.Int
			if err := typeMap.Scan(dataType.OID, pgtype.BinaryFormatCode, sent, &back); err != nil ||
				back.String() != decimal {
				t.Errorf("%s %s: decoded %s (%v)", name, decimal, back.String(), err)
			}
		}
		// Any numeric form of an integer is read (trailing zero digits left out, a zero fraction); others are not.
		for numeric, want := range map[string]string{"7.00": "7", "70000": "70000", "100000000": "100000000",
			"1.5": "", "-1": "", "NaN": "", "Infinity": "", "10000000000000000000000000000000000": ""} {
			var form []byte
			queryRow(t, conn, "SELECT numeric_send($1::numeric)", []any{numeric}, &form)
			var back big.Int
			err := typeMap.Scan(dataType.OID, pgtype.BinaryFormatCode, form, &back)
			if want == "" && err == nil {
				t.Errorf("%s read numeric %s as %s", name, numeric, back.String())
			} else if want != "" && (err != nil || back.String() != want) {
				t.Errorf("%s read numeric %s as %s (%v)", name, numeric, back.String(), err)
			}
		}
	}
}

func TestTextFormsComparisonsAndJSON(t *testing.T) {
	if d := mustDistributedID(" 0042 "); d != identitiespgx.DistributedIDFromUint64(42) || d.String() != "42" {
		t.Errorf("distributedid 42: %v", d)
	}
	if d := mustDistributedID(maxDistributedID); d.String() != maxDistributedID || d.BigInt().String() != maxDistributedID {
		t.Errorf("distributedid max: %v", d)
	}
	if s := mustSiq("FF"); s != identitiespgx.SiqFromUint64(255) || s.String() != "00000000000000000000000000ff" {
		t.Errorf("siq ff: %v", s)
	}
	if s := mustSiq(maxSiq); s.BigInt().Cmp(mustBig("0x"+maxSiq)) != 0 {
		t.Errorf("siq max: %v", s)
	}
	if i := mustIuid(strings.ToUpper(anIuid)); i.String() != anIuid || mustIuid(strings.ReplaceAll(anIuid, "-", "")) != i {
		t.Errorf("iuid: %v", i)
	}
	bad := map[string]error{
		"distributedid 10^28":  errorOf(identitiespgx.ParseDistributedID("1" + strings.Repeat("0", 28))),
		"distributedid -1":     errorOf(identitiespgx.ParseDistributedID("-1")),
		"distributedid 1_000":  errorOf(identitiespgx.ParseDistributedID("1_000")),
		"distributedid empty":  errorOf(identitiespgx.ParseDistributedID("")),
		"distributedid big -1": errorOf(identitiespgx.DistributedIDFromBigInt(big.NewInt(-1))),
		"siq 0x1f":             errorOf(identitiespgx.ParseSiq("0x1f")),
		"siq 29 digits":        errorOf(identitiespgx.ParseSiq("0" + maxSiq)),
		"siq 2^112":            errorOf(identitiespgx.SiqFromBigInt(mustBig("0x1" + strings.Repeat("0", 28)))),
		"iuid version 4":       errorOf(identitiespgx.ParseIuid(aVersion4UUID)),
		"iuid variant 11":      errorOf(identitiespgx.ParseIuid("01a20942-04f9-8001-c086-1378e8435031")),
		"iuid not a uuid":      errorOf(identitiespgx.ParseIuid("01a20942")),
	}
	for name, err := range bad {
		if !errors.Is(err, identitiespgx.ErrInvalidID) {
			t.Errorf("%s: accepted, or not an ErrInvalidID: %v", name, err)
		}
	}
	ids := []identitiespgx.DistributedID{mustDistributedID(maxDistributedID), mustDistributedID("18446744073709551616"),
		identitiespgx.DistributedIDFromUint64(1<<64 - 1)}
	slices.SortFunc(ids, identitiespgx.DistributedID.Compare)
	if ids[0].String() != "18446744073709551615" || ids[2].String() != maxDistributedID {
		t.Errorf("sorted: %v", ids)
	}
	type ride struct {
		ID   identitiespgx.DistributedID
		Trip identitiespgx.Iuid
		Ref  *identitiespgx.Siq
	}
	original := ride{mustDistributedID(maxDistributedID), mustIuid(anIuid), nil}
	text, err := json.Marshal(original)
	want := `{"ID":"` + maxDistributedID + `","Trip":"` + anIuid + `","Ref":null}`
	var back ride
	if err != nil || string(text) != want || json.Unmarshal(text, &back) != nil || back != original {
		t.Errorf("JSON: %s (%v), back %+v", text, err, back)
	}
}

func TestDefaultGeneratedIDsReadBackAsGoValues(t *testing.T) {
	conn := connect(t)
	exec(t, conn, `CREATE TEMP TABLE rides (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
		trip iuid NOT NULL DEFAULT iuid_generate(42, 7), ref siq NOT NULL DEFAULT siq_generate('user'))`)
	var id identitiespgx.DistributedID
	var trip identitiespgx.Iuid
	var ref identitiespgx.Siq
	var idText, tripText, refText string
	var idTime, tripTime, refTime time.Time
	var country, entity int
	queryRow(t, conn, `INSERT INTO rides DEFAULT VALUES RETURNING id, trip, ref, id::text, trip::text, ref::text,
		distributedid_extract_timestamp(id), iuid_extract_timestamp(trip), siq_extract_timestamp(ref),
		iuid_extract_country(trip), iuid_extract_service_entity(trip)`, nil,
		&id, &trip, &ref, &idText, &tripText, &refText, &idTime, &tripTime, &refTime, &country, &entity)
	if id.String() != idText || trip.String() != tripText || ref.String() != refText {
		t.Errorf("read %v %v %v, the server shows %s %s %s", id, trip, ref, idText, tripText, refText)
	}
	if !id.Time().Equal(idTime) || !trip.Time().Equal(tripTime) || !ref.Time().Equal(refTime) {
		t.Errorf("times %v %v %v, the server's %v %v %v", id.Time(), trip.Time(), ref.Time(), idTime, tripTime, refTime)
	}
	if since := time.Since(id.Time()); since < 0 || since > time.Minute {
		t.Errorf("distributedid made %v ago", since)
	}
	if trip.Country() != 42 || trip.ServiceEntity() != 7 || country != 42 || entity != 7 {
		t.Errorf("iuid country %d entity %d, the server's %d %d", trip.Country(), trip.ServiceEntity(), country, entity)
	}
	// SELECT * with no target types: rows.Values() gives the Go types, decoded from the binary form.
	rows, err := conn.Query(ctx, "SELECT * FROM rides")
	if err != nil {
		t.Fatal(err)
	}
	values, err := pgx.CollectExactlyOneRow(rows, func(row pgx.CollectableRow) ([]any, error) {
		for _, field := range row.FieldDescriptions() {
			if field.Format != pgtype.BinaryFormatCode {
				return nil, fmt.Errorf("%s arrived in format %d", field.Name, field.Format)
			}
		}
		return row.Values()
	})
	if err != nil || values[0] != id || values[1] != trip || values[2] != ref {
		t.Errorf("rows.Values(): %#v (%v)", values, err)
	}
}

func TestTextAndBinaryFormats(t *testing.T) {
	conn := connect(t)
	query := "SELECT $1::distributedid, $2::siq, $3::iuid, $1::distributedid::text, $2::siq::numeric::text, $3::iuid::text"
	d, s, i := mustDistributedID(maxDistributedID), mustSiq(maxSiq), mustIuid(anIuid)
	generated := func() (identitiespgx.DistributedID, identitiespgx.Siq, identitiespgx.Iuid) {
		var d identitiespgx.DistributedID
		var s identitiespgx.Siq
		var i identitiespgx.Iuid
		queryRow(t, conn, "SELECT distributedid_generate(), siq_generate('event'), iuid_generate(255, 255)", nil, &d, &s, &i)
		return d, s, i
	}
	gd, gs, gi := generated()
	modes := map[string][]any{
		"binary parameters and results":                     nil,
		"text results":                                      {pgx.QueryResultFormats{pgx.TextFormatCode}},
		"the simple protocol (text parameters and results)": {pgx.QueryExecModeSimpleProtocol},
	}
	for mode, options := range modes {
		for _, value := range [][3]any{{d, s, i}, {gd, gs, gi},
			{identitiespgx.DistributedID{}, identitiespgx.Siq{}, mustIuid("00000000-0000-8000-8000-000000000000")}} {
			rows, err := conn.Query(ctx, query, append(slices.Clone(options), value[0], value[1], value[2])...)
			if err != nil {
				t.Fatalf("%s: %v", mode, err)
			}
			var backD identitiespgx.DistributedID
			var backS identitiespgx.Siq
			var backI identitiespgx.Iuid
			var textD, decimalS, textI string
			for rows.Next() {
				format := rows.FieldDescriptions()[0].Format
				if (format == pgtype.BinaryFormatCode) != (options == nil) {
					t.Errorf("%s: results in format %d", mode, format)
				}
				err = rows.Scan(&backD, &backS, &backI, &textD, &decimalS, &textI)
			}
			if err == nil {
				err = rows.Err()
			}
			if err != nil || backD != value[0] || backS != value[1] || backI != value[2] {
				t.Errorf("%s: sent %v %v %v, read %v %v %v (%v)", mode, value[0], value[1], value[2], backD, backS, backI, err)
			}
			sentS := value[1].(identitiespgx.Siq)
			if textD != value[0].(identitiespgx.DistributedID).String() || decimalS != sentS.BigInt().String() ||
				textI != value[2].(identitiespgx.Iuid).String() {
				t.Errorf("%s: the server read %s %s %s", mode, textD, decimalS, textI)
			}
		}
	}
}

func TestOtherGoTypesScanAndEncode(t *testing.T) {
	conn := connect(t)
	for _, options := range [][]any{nil, {pgx.QueryResultFormats{pgx.TextFormatCode}}} {
		var asBig big.Int
		var asString, siqString, iuidString string
		var asNumeric pgtype.Numeric
		var asUint64 uint64
		var asUUID pgtype.UUID
		var asBytes [16]byte
		var asAny []any
		rows, err := conn.Query(ctx, "SELECT d, d, d, s, 7::distributedid, i, i, i, s, d, i FROM "+
			"(SELECT $1::distributedid AS d, $2::siq AS s, $3::iuid AS i) AS t",
			append(slices.Clone(options), mustDistributedID(maxDistributedID), mustSiq("abc"), mustIuid(anIuid))...)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			err = rows.Scan(&asBig, &asString, &asNumeric, &siqString, &asUint64, &asUUID, &asBytes, &iuidString,
				new(any), new(any), new(any))
			if err == nil {
				asAny, err = rows.Values()
			}
		}
		if err != nil {
			t.Fatalf("%v: %v", options, err)
		}
		if asBig.String() != maxDistributedID || asString != maxDistributedID || asNumeric.Int.String() != maxDistributedID ||
			asNumeric.Exp != 0 || siqString != "0000000000000000000000000abc" || asUint64 != 7 {
			t.Errorf("%v: %s %s %v %s %d", options, asBig.String(), asString, asNumeric, siqString, asUint64)
		}
		if asUUID.Bytes != mustIuid(anIuid) || !asUUID.Valid || asBytes != [16]byte(mustIuid(anIuid)) || iuidString != anIuid {
			t.Errorf("%v: %v %x %s", options, asUUID, asBytes, iuidString)
		}
		if asAny[8] != mustSiq("abc") || asAny[9] != mustDistributedID(maxDistributedID) || asAny[10] != mustIuid(anIuid) {
			t.Errorf("%v: rows.Values() %#v", options, asAny[8:])
		}
	}
	var tooBig int64
	if err := conn.QueryRow(ctx, "SELECT $1::distributedid", mustDistributedID(maxDistributedID)).Scan(&tooBig); err == nil {
		t.Errorf("10^28-1 scanned into an int64: %d", tooBig)
	}
	// Go integers, big.Int, pgtype.Numeric, strings (in binary, as COPY sends them) and [16]byte encode too.
	for _, value := range []any{42, int64(42), uint64(42), big.NewInt(42), pgtype.Numeric{Int: big.NewInt(42), Valid: true},
		pgtype.Numeric{Int: big.NewInt(4200), Exp: -2, Valid: true}, pgtype.Numeric{Int: big.NewInt(42), Exp: 0, Valid: true}} {
		var back string
		queryRow(t, conn, "SELECT $1::distributedid::text || ' ' || $2::siq::numeric::text", []any{value, value}, &back)
		if back != "42 42" {
			t.Errorf("%T %v: the server read %s", value, value, back)
		}
	}
	// As bigint parameters, by value (a Siq's String() is hex); too large for an int64: an error.
	var asBigint int64
	queryRow(t, conn, "SELECT $1::bigint + $2::bigint", []any{mustSiq("10"), identitiespgx.DistributedIDFromUint64(42)}, &asBigint)
	if asBigint != 16+42 {
		t.Errorf("as bigints: %d", asBigint)
	}
	if err := conn.QueryRow(ctx, "SELECT $1::bigint", mustSiq(maxSiq)).Scan(&asBigint); err == nil {
		t.Errorf("2^112-1 sent as a bigint: %d", asBigint)
	}
	// a uuid type of another package, as google/uuid's and gofrs': a [16]byte under another name
	type otherUUID [16]byte
	var other otherUUID
	queryRow(t, conn, "SELECT $1::iuid", []any{otherUUID(mustIuid(anIuid))}, &other)
	if other != otherUUID(mustIuid(anIuid)) {
		t.Errorf("another uuid type: %x", other)
	}
	var trip string
	for _, value := range []any{[16]byte(mustIuid(anIuid)), pgtype.UUID{Bytes: mustIuid(anIuid), Valid: true}} {
		queryRow(t, conn, "SELECT $1::iuid::text", []any{value}, &trip)
		if trip != anIuid {
			t.Errorf("%T: the server read %s", value, trip)
		}
	}
}

// Each type in a table of its own, as its primary key, with enough rows that the planner prefers the index.
func fillTables(t *testing.T, conn *pgx.Conn) {
	t.Helper()
	exec(t, conn, `CREATE TEMP TABLE dids (id distributedid PRIMARY KEY DEFAULT distributedid_generate(), n int);
		CREATE TEMP TABLE iuids (id iuid PRIMARY KEY DEFAULT iuid_generate(42, 7), n int);
		CREATE TEMP TABLE siqs (id siq PRIMARY KEY DEFAULT siq_generate('user'), n int);
		INSERT INTO dids (n) SELECT generate_series(1, 10000);
		INSERT INTO iuids (n) SELECT generate_series(1, 10000);
		INSERT INTO siqs (n) SELECT generate_series(1, 10000);
		ANALYZE dids, iuids, siqs`)
}

// someIDs reads the ids of rows 1000, 2000 and 3000 of dids, iuids and siqs.
func someIDs(t *testing.T, conn *pgx.Conn) ([]identitiespgx.DistributedID, []identitiespgx.Iuid, []identitiespgx.Siq) {
	t.Helper()
	var dids []identitiespgx.DistributedID
	var iuids []identitiespgx.Iuid
	var siqs []identitiespgx.Siq
	queryRow(t, conn, `SELECT (SELECT array_agg(id ORDER BY n) FROM dids WHERE n % 1000 = 0 AND n <= 3000),
		(SELECT array_agg(id ORDER BY n) FROM iuids WHERE n % 1000 = 0 AND n <= 3000),
		(SELECT array_agg(id ORDER BY n) FROM siqs WHERE n % 1000 = 0 AND n <= 3000)`, nil, &dids, &iuids, &siqs)
	return dids, iuids, siqs
}

func TestTypedParametersUseThePrimaryKey(t *testing.T) {
	conn := connect(t)
	fillTables(t, conn)
	dids, iuids, siqs := someIDs(t, conn)
	lookups := []struct {
		table, condition string
		value            any
	}{
		{"dids", "id = $1", dids[0]},
		{"iuids", "id = $1", iuids[0]},
		{"siqs", "id = $1", siqs[0]},
		// the Go types as the base types' parameters: the extension's cross-type operators, in the same index
		{"dids", "id = $1::numeric", dids[0]},
		{"siqs", "id = $1::numeric", siqs[0]},
		{"iuids", "id = $1::uuid", iuids[0]},
	}
	for _, lookup := range lookups {
		query := fmt.Sprintf("SELECT n FROM %s WHERE %s", lookup.table, lookup.condition)
		var n int
		queryRow(t, conn, query, []any{lookup.value}, &n)
		if n != 1000 {
			t.Errorf("%s with %v found row %d", query, lookup.value, n)
		}
		plan := explain(t, conn, query, lookup.value)
		if !strings.Contains(plan, "Index Scan using "+lookup.table+"_pkey") || !strings.Contains(plan, "Index Cond: (id = ") {
			t.Errorf("%s does not use the primary key:\n%s", query, plan)
		}
	}
	// The simple protocol sends the parameter as a quoted literal of the type's text form: found all the same.
	var n int
	queryRow(t, conn, "SELECT n FROM siqs WHERE id = $1", []any{pgx.QueryExecModeSimpleProtocol, siqs[1]}, &n)
	if n != 2000 {
		t.Errorf("simple protocol: found row %d", n)
	}
}

func TestArrays(t *testing.T) {
	conn := connect(t)
	fillTables(t, conn)
	dids, iuids, siqs := someIDs(t, conn)
	for _, options := range [][]any{nil, {pgx.QueryResultFormats{pgx.TextFormatCode}}} {
		var withNull []*identitiespgx.DistributedID
		var tags []identitiespgx.Siq
		var rides []identitiespgx.Iuid
		queryRow(t, conn, `SELECT ARRAY[distributedid_generate(), NULL], ARRAY[siq_generate('tag')],
			ARRAY[iuid_generate(3, 4), iuid_generate(3, 4)]`, options, &withNull, &tags, &rides)
		if len(withNull) != 2 || withNull[0] == nil || withNull[1] != nil || len(tags) != 1 || tags[0] == (identitiespgx.Siq{}) ||
			len(rides) != 2 || rides[0].Compare(rides[1]) >= 0 || rides[1].Country() != 3 {
			t.Errorf("%v: %v %v %v", options, withNull, tags, rides)
		}
	}
	var flat pgtype.FlatArray[identitiespgx.Siq]
	var nested pgtype.Array[identitiespgx.Iuid]
	queryRow(t, conn, "SELECT $1::siq[], ARRAY[[$2::iuid], [$3::iuid]]", []any{siqs, iuids[0], iuids[1]}, &flat, &nested)
	twoByOne := []pgtype.ArrayDimension{{Length: 2, LowerBound: 1}, {Length: 1, LowerBound: 1}}
	if !slices.Equal(flat, siqs) || !slices.Equal(nested.Dims, twoByOne) ||
		!slices.Equal(nested.Elements, iuids[:2]) {
		t.Errorf("pgtype arrays: %v %+v", flat, nested)
	}
	for _, lookup := range []struct {
		table  string
		values any
	}{{"dids", dids}, {"iuids", iuids}, {"siqs", siqs}} {
		query := fmt.Sprintf("SELECT array_agg(n ORDER BY n) FROM %s WHERE id = ANY($1)", lookup.table)
		var found []int
		queryRow(t, conn, query, []any{lookup.values}, &found)
		if !slices.Equal(found, []int{1000, 2000, 3000}) {
			t.Errorf("%s found %v", query, found)
		}
		if plan := explain(t, conn, query, lookup.values); !strings.Contains(plan, lookup.table+"_pkey") ||
			!strings.Contains(plan, "Index Cond: (id = ANY (") {
			t.Errorf("%s does not use the primary key:\n%s", query, plan)
		}
	}
	// Array columns, written and read in binary and through the simple protocol's text literals.
	exec(t, conn, "CREATE TEMP TABLE lists (da distributedid[], sa siq[], ia iuid[], dn distributedid[])")
	withNull := []*identitiespgx.DistributedID{&dids[0], nil}
	for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeSimpleProtocol} {
		exec(t, conn, "TRUNCATE lists")
		exec(t, conn, "INSERT INTO lists VALUES ($1, $2, $3, $4)", mode, dids, siqs, iuids, withNull)
		var backD []identitiespgx.DistributedID
		var backS []identitiespgx.Siq
		var backI []identitiespgx.Iuid
		var backN []*identitiespgx.DistributedID
		queryRow(t, conn, "SELECT * FROM lists", []any{mode}, &backD, &backS, &backI, &backN)
		if !slices.Equal(backD, dids) || !slices.Equal(backS, siqs) || !slices.Equal(backI, iuids) ||
			len(backN) != 2 || *backN[0] != dids[0] || backN[1] != nil {
			t.Errorf("mode %v: %v %v %v %v", mode, backD, backS, backI, backN)
		}
	}
}

func TestNulls(t *testing.T) {
	conn := connect(t)
	exec(t, conn, "CREATE TEMP TABLE maybe (d distributedid, s siq, i iuid)")
	exec(t, conn, "INSERT INTO maybe VALUES ($1, $2, $3)", (*identitiespgx.DistributedID)(nil), (*identitiespgx.Siq)(nil),
		(*identitiespgx.Iuid)(nil))
	exec(t, conn, "INSERT INTO maybe VALUES ($1, $2, $3)", nil, pgtype.Numeric{}, pgtype.UUID{})
	for _, options := range [][]any{nil, {pgx.QueryResultFormats{pgx.TextFormatCode}}, {pgx.QueryExecModeSimpleProtocol}} {
		rows, err := conn.Query(ctx, "SELECT d, s, i, d, i, d IS NULL AND s IS NULL AND i IS NULL FROM maybe", options...)
		if err != nil {
			t.Fatal(err)
		}
		count := 0
		for rows.Next() {
			d, s, i := &identitiespgx.DistributedID{}, &identitiespgx.Siq{}, &identitiespgx.Iuid{}
			numeric, uuid := pgtype.Numeric{Valid: true}, pgtype.UUID{Valid: true}
			var allNull bool
			if err := rows.Scan(&d, &s, &i, &numeric, &uuid, &allNull); err != nil {
				t.Fatal(err)
			}
			if d != nil || s != nil || i != nil || numeric.Valid || uuid.Valid || !allNull {
				t.Errorf("%v: %v %v %v %v %v %v", options, d, s, i, numeric, uuid, allNull)
			}
			count++
		}
		if rows.Err() != nil || count != 2 {
			t.Errorf("%v: %d rows, %v", options, count, rows.Err())
		}
		var notNullable identitiespgx.DistributedID
		err = conn.QueryRow(ctx, "SELECT d FROM maybe LIMIT 1", options...).Scan(&notNullable)
		if err == nil || !strings.Contains(err.Error(), "NULL") {
			t.Errorf("%v: NULL scanned into a DistributedID: %v", options, err)
		}
	}
}

func TestBadValuesAreRefusedBeforeAnythingIsSent(t *testing.T) {
	conn := connect(t)
	exec(t, conn, "CREATE TEMP TABLE refused (d distributedid, s siq, i iuid, da distributedid[], ia iuid[])")
	// inSimpleProtocol: refused there too. That protocol has no parameter types: pgx picks the codec by the Go type,
	// so only identitiespgx' own types are checked; other Go values go as literals, which the server checks.
	bad := []struct {
		column           string
		value            any
		says             string
		inSimpleProtocol bool
	}{
		{"d", mustBig("10000000000000000000000000000"), "out of range (0 … 10^28-1)", false},
		{"d", big.NewInt(-1), "out of range", false},
		{"d", -1, "out of range", false},
		{"d", pgtype.Numeric{Int: big.NewInt(125), Exp: -1, Valid: true}, "a fraction", false},
		{"d", pgtype.Numeric{NaN: true, Valid: true}, "not a number", false},
		{"d", pgtype.Numeric{Int: big.NewInt(1), Exp: 28, Valid: true}, "out of range", false},
		{"d", 1.5, "a floating-point number is no id", false},
		{"s", float32(2), "a floating-point number is no id", false},
		{"s", mustBig("0x10000000000000000000000000000"), "out of range (0 … 2^112-1)", false},
		{"s", int64(-5), "out of range", false},
		{"i", identitiespgx.Iuid(mustUUID(aVersion4UUID)), "not a uuid of version 8 and variant 10", true},
		{"i", identitiespgx.Iuid{}, "not a uuid of version 8", true},
		{"i", pgtype.UUID{Bytes: mustUUID(aVersion4UUID), Valid: true}, "version 8", false},
		{"i", mustUUID(aVersion4UUID), "version 8", false},
		{"da", []any{identitiespgx.DistributedIDFromUint64(1), big.NewInt(-1)}, "out of range", false},
		{"ia", []identitiespgx.Iuid{mustIuid(anIuid), {}}, "version 8", true},
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	for _, mode := range []pgx.QueryExecMode{pgx.QueryExecModeCacheStatement, pgx.QueryExecModeSimpleProtocol} {
		for _, c := range bad {
			if mode == pgx.QueryExecModeSimpleProtocol && !c.inSimpleProtocol {
				continue
			}
			_, err := tx.Exec(ctx, fmt.Sprintf("INSERT INTO refused (%s) VALUES ($1)", c.column), mode, c.value)
			var serverError *pgconn.PgError
			if !errors.Is(err, identitiespgx.ErrInvalidID) || errors.As(err, &serverError) || !strings.Contains(err.Error(), c.says) {
				t.Errorf("mode %v, %s = %T %v: %v", mode, c.column, c.value, c.value, err)
			}
		}
	}
	// The README's example of an error
	_, err = tx.Exec(ctx, "INSERT INTO refused (d) VALUES ($1)", mustBig("10000000000000000000000000000"))
	start := "failed to encode args[0]: unable to encode 10000000000000000000000000000 into binary format for " +
		"distributedid (OID "
	end := "): identitiespgx: 10000000000000000000000000000 is not a valid distributedid: out of range (0 … 10^28-1)"
	if err == nil || !strings.HasPrefix(err.Error(), start) || !strings.HasSuffix(err.Error(), end) {
		t.Errorf("the README's error: %v", err)
	}
	// A distributedid is not a siq, nor the other way round: no cast between them in the database either.
	if _, err := tx.Exec(ctx, "INSERT INTO refused (s) VALUES ($1)", identitiespgx.DistributedIDFromUint64(10)); err == nil {
		t.Errorf("a DistributedID went into a siq column")
	}
	if _, err := tx.Exec(ctx, "INSERT INTO refused (d) VALUES ($1)", mustSiq("10")); err == nil {
		t.Errorf("a Siq went into a distributedid column")
	}
	// Had a statement reached the server and failed there, the transaction would be aborted: it is not.
	var count int
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM refused").Scan(&count); err != nil || count != 0 {
		t.Errorf("after the refusals: %d rows (%v)", count, err)
	}
	// The simple protocol sends a plain Go value as a literal: the database refuses it (and aborts the transaction).
	_, err = tx.Exec(ctx, "INSERT INTO refused (d) VALUES ($1)", pgx.QueryExecModeSimpleProtocol, -1)
	var serverError *pgconn.PgError
	if !errors.As(err, &serverError) || serverError.Code != "22P02" { // '-1' is not the text form of a distributedid
		t.Errorf("simple protocol, -1: %v", err)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	// The edges are accepted.
	_, err = conn.Exec(ctx, "INSERT INTO refused (d, s, i) VALUES ($1, $2, $3)", mustDistributedID(maxDistributedID),
		mustSiq(maxSiq), mustIuid("ffffffff-ffff-8fff-bfff-ffffffffffff"))
	if err != nil {
		t.Errorf("the largest values: %v", err)
	}
}

func errorOf[T any](_ T, err error) error { return err }

func mustUUID(text string) [16]byte {
	var u pgtype.UUID
	if err := u.Scan(text); err != nil {
		panic(err)
	}
	return u.Bytes
}

func TestTimeWindowsUseThePrimaryKey(t *testing.T) {
	conn := connect(t)
	// The table of doc/usage.md (without its partitions) and its query of "Time windows that use the primary key"
	exec(t, conn, `CREATE TEMP TABLE orders (id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
		customer bigint NOT NULL, total numeric);
		INSERT INTO orders (customer, total) SELECT g % 10, g FROM generate_series(1, 1000) AS g`)
	var count int
	queryRow(t, conn, "SELECT count(*) FROM orders WHERE id <@ tstzrange(now() - interval '1 day', now())", nil, &count)
	if count != 1000 {
		t.Errorf("the README's query counted %d", count)
	}
	fillTables(t, conn)
	now := time.Now()
	hourStart, hourEnd := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC), time.Date(2026, 11, 23, 11, 0, 0, 0, time.UTC)
	for _, table := range []string{"orders", "dids", "iuids", "siqs"} {
		// the window as Go times; the planner turns it into a range on the primary key
		query := fmt.Sprintf("SELECT count(*) FROM %s WHERE id <@ tstzrange($1, $2)", table)
		queryRow(t, conn, query, []any{now.Add(-24 * time.Hour), now.Add(time.Second)}, &count)
		want := 10000
		if table == "orders" {
			want = 1000
		}
		if count != want {
			t.Errorf("%s counted %d, not %d", query, count, want)
		}
		queryRow(t, conn, query, []any{now.Add(-48 * time.Hour), now.Add(-24 * time.Hour)}, &count)
		if count != 0 {
			t.Errorf("%s counted %d yesterday", query, count)
		}
		plan := explain(t, conn, query, hourStart, hourEnd)
		if !strings.Contains(plan, table+"_pkey") || !strings.Contains(plan, "Index Cond: ((id >= ") {
			t.Errorf("%s does not use the primary key:\n%s", query, plan)
		}
	}
	// The window's bounds read as Go values, in binary and text, and go back as parameters: both are iUIDs.
	for _, options := range [][]any{nil, {pgx.QueryExecModeSimpleProtocol}} {
		var first, last identitiespgx.Iuid
		var lastText string
		var lastTime time.Time
		queryRow(t, conn, "SELECT iuid_window_first(w), iuid_window_last(w), iuid_window_last(w)::text, "+
			"iuid_extract_timestamp(iuid_window_last(w)) FROM tstzrange('2026-11-23 10:00Z', '2026-11-23 11:00Z') AS w",
			options, &first, &last, &lastText, &lastTime)
		if !first.Time().Equal(hourStart) || last.String() != lastText || !last.Time().Equal(lastTime) {
			t.Errorf("%v: bounds %v (%v) and %v (%v)", options, first, first.Time(), last, last.Time())
		}
		var back identitiespgx.Iuid
		if err := conn.QueryRow(ctx, "SELECT $1::iuid", last).Scan(&back); err != nil || back != last {
			t.Errorf("%v: iuid_window_last sent back: %v, %v", options, back, err)
		}
	}
}

func TestPoolWithAfterConnect(t *testing.T) {
	config, err := pgxpool.ParseConfig("")
	if err != nil {
		t.Fatal(err)
	}
	config.AfterConnect = identitiespgx.Register
	config.MaxConns = 3
	pool, err := pgxpool.NewWithConfig(ctx, config)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	// Three connections at once: each registered when the pool opened it.
	var held []*pgxpool.Conn
	for range 3 {
		conn, err := pool.Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, conn)
	}
	pids := map[uint32]bool{}
	for _, conn := range held {
		var s identitiespgx.Siq
		if err := conn.QueryRow(ctx, "SELECT siq_generate('channel')").Scan(&s); err != nil || s == (identitiespgx.Siq{}) {
			t.Errorf("connection %d: %v (%v)", conn.Conn().PgConn().PID(), s, err)
		}
		pids[conn.Conn().PgConn().PID()] = true
		conn.Release()
	}
	if len(pids) != 3 {
		t.Errorf("%d connections", len(pids))
	}
	var ids []identitiespgx.DistributedID
	if err := pool.QueryRow(ctx, "SELECT ARRAY[distributedid_generate(), distributedid_generate()]").Scan(&ids); err != nil ||
		len(ids) != 2 || ids[0].Compare(ids[1]) >= 0 {
		t.Errorf("pool.QueryRow: %v (%v)", ids, err)
	}
	// A database without the extension: the pool's connections fail with Register's error.
	plainConfig, err := pgxpool.ParseConfig("dbname=postgres")
	if err != nil {
		t.Fatal(err)
	}
	plainConfig.AfterConnect = identitiespgx.Register
	elsewhere, err := pgxpool.NewWithConfig(ctx, plainConfig)
	if err != nil {
		t.Fatal(err)
	}
	defer elsewhere.Close()
	err = elsewhere.Ping(ctx)
	if err == nil || !strings.Contains(err.Error(), `extension is not installed in database "postgres"`) {
		t.Errorf("a database without the extension: %v", err)
	}
}

func TestCopyFrom(t *testing.T) {
	conn := connect(t)
	exec(t, conn, `CREATE TEMP TABLE copied (n int, d distributedid, s siq, i iuid, da distributedid[], ia iuid[]);
		CREATE TEMP TABLE refused_copy (LIKE copied)`)
	d, s, i := mustDistributedID(maxDistributedID), mustSiq(maxSiq), mustIuid(anIuid)
	rows := [][]any{
		{1, d, s, i, []identitiespgx.DistributedID{d, {}}, []identitiespgx.Iuid{i}},
		{2, nil, nil, nil, nil, nil},
		{3, (*identitiespgx.DistributedID)(nil), (*identitiespgx.Siq)(nil), (*identitiespgx.Iuid)(nil),
			[]*identitiespgx.DistributedID{nil}, []identitiespgx.Iuid{}},
		// plain Go values: the column types say what they are
		{4, uint64(1 << 63), "ABC", [16]byte(i), []any{7, "8"}, []pgtype.UUID{{Bytes: i, Valid: true}}},
		{5, "1065896647567317033105227776", big.NewInt(255), anIuid, []*big.Int{big.NewInt(9)}, []string{anIuid}},
	}
	copied, err := conn.CopyFrom(ctx, pgx.Identifier{"copied"}, []string{"n", "d", "s", "i", "da", "ia"}, pgx.CopyFromRows(rows))
	if err != nil || copied != int64(len(rows)) {
		t.Fatalf("CopyFrom: %d rows, %v", copied, err)
	}
	read, err := conn.Query(ctx, "SELECT concat_ws(' ', coalesce(d::text, 'NULL'), coalesce(s::text, 'NULL'),"+
		" coalesce(i::text, 'NULL'), coalesce(da::text, 'NULL'), coalesce(ia::text, 'NULL')) FROM copied ORDER BY n")
	if err != nil {
		t.Fatal(err)
	}
	texts, err := pgx.CollectRows(read, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		maxDistributedID + " " + maxSiq + " " + anIuid + " {" + maxDistributedID + ",0} {" + anIuid + "}",
		"NULL NULL NULL NULL NULL",
		"NULL NULL NULL {NULL} {}",
		"9223372036854775808 0000000000000000000000000abc " + anIuid + " {7,8} {" + anIuid + "}",
		"1065896647567317033105227776 00000000000000000000000000ff " + anIuid + " {9} {" + anIuid + "}",
	}
	if !slices.Equal(texts, want) {
		t.Errorf("copied:\n%s\nnot:\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
	// One bad value among good rows: the COPY fails as a whole, nothing is written.
	for _, badRow := range [][]any{
		{6, d, s, mustUUID(aVersion4UUID), nil, nil},
		{6, "12x", nil, nil, nil, nil},
		{6, nil, mustBig("0x10000000000000000000000000000"), nil, nil, nil},
		{6, nil, nil, nil, []any{-1}, nil},
	} {
		_, err := conn.CopyFrom(ctx, pgx.Identifier{"refused_copy"}, []string{"n", "d", "s", "i", "da", "ia"},
			pgx.CopyFromRows(append(slices.Clone(rows), badRow)))
		// the server reports pgx's CopyFail, which carries identitiespgx' error
		if err == nil || !strings.Contains(err.Error(), "identitiespgx: ") || !strings.Contains(err.Error(), "is not a valid") {
			t.Errorf("CopyFrom of %v: %v", badRow, err)
		}
	}
	var count int
	queryRow(t, conn, "SELECT count(*) FROM refused_copy", nil, &count)
	if count != 0 {
		t.Errorf("%d rows written by failed copies", count)
	}
}

func TestRegisterFindsTheTypesWhereverTheyLive(t *testing.T) {
	conn := connect(t)
	for _, database := range []string{"pgx_identities_elsewhere", "pgx_identities_0_1_0"} {
		exec(t, conn, "DROP DATABASE IF EXISTS "+database)
		exec(t, conn, "CREATE DATABASE "+database)
		t.Cleanup(func() { conn.Exec(ctx, "DROP DATABASE IF EXISTS "+database+" WITH (FORCE)") })
	}
	// The extension in a schema off the search path.
	setup, err := pgx.Connect(ctx, "dbname=pgx_identities_elsewhere")
	if err != nil {
		t.Fatal(err)
	}
	_, err = setup.Exec(ctx, "CREATE SCHEMA ids; CREATE EXTENSION identities SCHEMA ids")
	setup.Close(ctx)
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := connectTo(t, "pgx_identities_elsewhere")
	var d identitiespgx.DistributedID
	var at time.Time
	queryRow(t, elsewhere, "SELECT ids.distributedid_generate()", nil, &d)
	queryRow(t, elsewhere, "SELECT ids.distributedid_extract_timestamp($1)", []any{d}, &at)
	if !at.Equal(d.Time()) {
		t.Errorf("in schema ids: %v at %v", d, at)
	}
	// A database whose extension is still 0.1.0: distributedid and siq travel as 12 and 14 big-endian bytes.
	setup, err = pgx.Connect(ctx, "dbname=pgx_identities_0_1_0")
	if err != nil {
		t.Fatal(err)
	}
	_, err = setup.Exec(ctx, "CREATE EXTENSION identities VERSION '0.1.0'")
	setup.Close(ctx)
	if err != nil {
		t.Fatal(err)
	}
	old := connectTo(t, "pgx_identities_0_1_0")
	var backD identitiespgx.DistributedID
	var backS identitiespgx.Siq
	var sentD, sentS []byte
	queryRow(t, old, "SELECT $1::distributedid, $2::siq, distributedid_send($1), siq_send($2)",
		[]any{mustDistributedID(maxDistributedID), mustSiq(maxSiq)}, &backD, &backS, &sentD, &sentS)
	if backD != mustDistributedID(maxDistributedID) || backS != mustSiq(maxSiq) || len(sentD) != 12 || len(sentS) != 14 {
		t.Errorf("0.1.0: %v %v, sends %x %x", backD, backS, sentD, sentS)
	}
	if _, ok := old.TypeMap().TypeForName("ulid"); ok {
		t.Errorf("0.1.0, which has no ulid: a ulid registered")
	}
	// A database without the extension.
	plain, err := pgx.Connect(ctx, "dbname=postgres")
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close(ctx)
	if err := identitiespgx.Register(ctx, plain); err == nil {
		t.Errorf("registered in a database without the extension")
	}
}

func TestNumericAndUUIDColumnsTakeTheGoTypes(t *testing.T) {
	conn := connect(t)
	exec(t, conn, "CREATE TEMP TABLE legacy (d numeric, s numeric, i uuid)")
	d, s, i := mustDistributedID(maxDistributedID), mustSiq(maxSiq), mustIuid(anIuid)
	exec(t, conn, "INSERT INTO legacy VALUES ($1, $2, $3), (1.5, -1, $4)", d, s, i, mustUUID(aVersion4UUID))
	var backD identitiespgx.DistributedID
	var backS identitiespgx.Siq
	var backI identitiespgx.Iuid
	queryRow(t, conn, "SELECT d, s, i FROM legacy WHERE d = $1", []any{d}, &backD, &backS, &backI)
	if backD != d || backS != s || backI != i {
		t.Errorf("read back %v %v %v", backD, backS, backI)
	}
	for column, target := range map[string]any{"d": &backD, "s": &backS, "i": &backI} {
		err := conn.QueryRow(ctx, "SELECT "+column+" FROM legacy WHERE s < 0").Scan(target)
		if !errors.Is(err, identitiespgx.ErrInvalidID) {
			t.Errorf("%s: a value that is no id read as %v (%v)", column, target, err)
		}
	}
}

func TestDatabaseSQLReadsTheTextForms(t *testing.T) {
	config, err := pgx.ParseConfig("")
	if err != nil {
		t.Fatal(err)
	}
	db := stdlib.OpenDB(*config, stdlib.OptionAfterConnect(identitiespgx.Register))
	defer db.Close()
	var d, s, i string
	err = db.QueryRowContext(ctx, "SELECT $1::distributedid, $2::siq, $3::iuid",
		mustDistributedID(maxDistributedID), mustSiq("abc"), mustIuid(anIuid)).Scan(&d, &s, &i)
	if err != nil || d != maxDistributedID || s != "0000000000000000000000000abc" || i != anIuid {
		t.Errorf("database/sql: %s %s %s (%v)", d, s, i, err)
	}
}
