# Moving between the portable and the native edition, both ways, as doc/portable.md ("Moving to the native edition,
# and back") tells: a database on the portable edition (installed as an extension) with the id types in columns,
# arrays, a foreign key, defaults calling the generators, RANGE partitions by time and by id, indexes and a view of
# public ids.
#   by dump:   its pg_dump restored, without the portable extension, into a database on the native edition, and
#              that one's dump into a database on the portable edition; every table's rows (their text), the
#              view's public ids and the partition bounds equal; the columns of the native types, or domains;
#              the generators go on above the ids that came
#   in place:  the native edition installed beside the portable one, the doc's identities_move function, the
#              portable edition dropped and the native one moved into its schema; the same rows and public ids;
#              a table partitioned by id is refused (0A000); then back to the portable edition the same way; the
#              defaults that only hold the schema's name (in a string literal, a quoted name, a longer name, a
#              function of that schema outside the edition) are left exactly as they were, the generator calls beside
#              them moved
# MOVE_ROWS rows (default 20000) per table; the in-place move prints its time (bench/RESULTS.md §8 has it for a
# million rows).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
port=$PRELOADED_PORT
rows=${MOVE_ROWS:-20000}
key=$(head -c 32 /dev/urandom | base64)
databases=(move_portable move_native move_back)
extension_dir=$("$PG_CONFIG" --sharedir)/extension
dump=$IDENTITIES_WORK/portable_move.dump

fail_prefix="portable_move: " fail_counts=yes
cleanup() {
	local db
	for db in "${databases[@]}"; do psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $db" >/dev/null || true; done
	rm -f "$extension_dir"/identities_portable{.control,--*.sql} "$dump"
}
trap cleanup EXIT
cleanup

# The portable edition as an extension, as pg_tle or a control file gives it.
build=$(portable_edition)
install -m 644 "$IDENTITIES_ROOT/portable/identities_portable.control" "$build"/identities_portable--*.sql "$extension_dir/"
for db in "${databases[@]}"; do psql_on $port -d postgres -c "CREATE DATABASE $db" >/dev/null; done

# doc/portable.md's blocks of that info string ("sql identities-move", ...)
doc_block() { awk -v tag="$1" '$0 == "```sql " tag { on = 1; next } /^```/ { on = 0 } on' "$IDENTITIES_ROOT/doc/portable.md"; }
[ -n "$(doc_block identities-move)" ] && [ -n "$(doc_block identities-move-steps)" ] ||
	fail "doc/portable.md has no sql identities-move or identities-move-steps block"

sql move_portable -q -v key="$key" -v rows="$rows" <<'SQL'
CREATE EXTENSION identities_portable CASCADE;
SELECT identities_public_key_set(:'key') \gset
CREATE TABLE orders (
    id      distributedid PRIMARY KEY DEFAULT distributedid_generate(),
    ride    iuid NOT NULL DEFAULT iuid_generate(42, 7),
    message siq UNIQUE DEFAULT siq_generate('message'),
    trace   uuid DEFAULT uuidv7_generate(),
    big     uuid DEFAULT distributedid128_generate(),
    related distributedid[],
    note    text,
    booking ulid DEFAULT ulid_generate()
);
CREATE INDEX orders_ride ON orders (ride);
CREATE TABLE items (order_id distributedid REFERENCES orders, n integer, PRIMARY KEY (order_id, n));
CREATE TABLE events (id distributedid NOT NULL DEFAULT distributedid_generate(), at timestamptz NOT NULL, ride iuid)
    PARTITION BY RANGE (at);
CREATE TABLE events_old PARTITION OF events FOR VALUES FROM ('2000-01-01') TO ('2026-01-01');
CREATE TABLE events_new PARTITION OF events FOR VALUES FROM ('2026-01-01') TO ('2100-01-01');
CREATE TABLE events_by_id (id distributedid PRIMARY KEY DEFAULT distributedid_generate(), note text) PARTITION BY RANGE (id);
CREATE TABLE events_by_id_old PARTITION OF events_by_id FOR VALUES FROM ('0') TO (distributedid_boundary('2026-01-01Z'));
CREATE TABLE events_by_id_new PARTITION OF events_by_id
    FOR VALUES FROM (distributedid_boundary('2026-01-01Z')) TO (distributedid_boundary('2100-01-01Z'));
CREATE VIEW orders_public AS SELECT public_id(id) AS public_id, note FROM orders;

INSERT INTO orders (note, related) SELECT g, ARRAY[g::text::distributedid, bigint_to_distributedid(g)] FROM generate_series(1, :rows) AS g;
-- edge values beside the generated ones
INSERT INTO orders (id, ride, message, note) VALUES
    ('0', '00000000-0000-8000-8000-000000000000', '0000000000000000000000000000', 'zero'),
    ('9999999999999999999999999999', 'ffffffff-ffff-8fff-bfff-ffffffffffff', 'ffffffffffffffffffffffffffff', 'max');
INSERT INTO items SELECT id, 1 FROM orders;
INSERT INTO events (at, ride) SELECT timestamptz '2025-12-31 23:00Z' + g * interval '1 minute', ride
    FROM generate_series(1, 120) AS g, LATERAL (SELECT ride FROM orders LIMIT 1) AS r;
INSERT INTO events_by_id (id, note) VALUES (distributedid_boundary('2025-06-01Z'), 'old');
INSERT INTO events_by_id (note) SELECT g FROM generate_series(1, :rows) AS g;
SQL

# digest DB: every table's rows in text, the view's public ids, the partition bounds, one line each
digest() {
	local by_id="SELECT 'events_by_id ' || md5(string_agg(t::text, ';' ORDER BY t::text)) FROM events_by_id t"
	[ "$(sql "$1" -c "SELECT to_regclass('events_by_id') IS NOT NULL")" = t ] || by_id="SELECT 'events_by_id dropped'"
	sql "$1" -c "SET identities.public_key = '$key'" -c "
		SELECT 'orders ' || md5(string_agg(t::text, ';' ORDER BY t::text)) FROM orders t
		UNION ALL SELECT 'items ' || md5(string_agg(t::text, ';' ORDER BY t::text)) FROM items t
		UNION ALL SELECT 'events ' || md5(string_agg(t::text, ';' ORDER BY t::text)) FROM events t
		UNION ALL $by_id
		UNION ALL SELECT 'public ids ' || md5(string_agg(t::text, ';' ORDER BY t::text)) FROM orders_public t
		UNION ALL SELECT 'bounds ' || string_agg(c.relname || ' ' || pg_get_expr(c.relpartbound, c.oid), '; ' ORDER BY c.relname)
			FROM pg_class c WHERE c.relispartition"
}
# kinds DB: the kind of each column of an id type: "orders.id b" (a base type: native) or "d" (a domain: portable)
kinds() {
	sql "$1" -c "SELECT string_agg(c.relname || '.' || a.attname || ' ' || t.typtype::text, ', ' ORDER BY c.relname, a.attnum)
		FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type t ON t.oid = a.atttypid
		WHERE c.relkind IN ('r', 'p') AND c.relname IN ('orders', 'items', 'events', 'events_by_id') AND a.attnum > 0
		AND t.typname IN ('distributedid', 'iuid', 'siq', 'ulid')"
}
# generated_above DB: new rows' ids are above every id there
generated_above() {
	sql "$1" -c "
		WITH before AS (SELECT max(id) AS id FROM orders WHERE note <> 'max'),
		     added AS (INSERT INTO orders (note) VALUES ('after') RETURNING id)
		SELECT (SELECT id FROM added) > (SELECT id FROM before)" -c "DELETE FROM orders WHERE note = 'after'" | head -n 1
}

log "the portable database: $(sql move_portable -c 'SELECT count(*) FROM orders') orders, $(sql move_portable -c 'SELECT count(*) FROM events_by_id') events by id"
expected=$(digest move_portable)
[ "$(kinds move_portable)" = "events.id d, events.ride d, events_by_id.id d, items.order_id d, orders.id d, orders.ride d, orders.message d, orders.booking d" ] ||
	fail "the portable columns are not domains: $(kinds move_portable)"

# ---- by dump: portable -> native -> portable ----
restore_without() { # restore_without EXCLUDED_PATTERN SOURCE_DB TARGET_DB: the doc's pg_dump and pg_restore -L
	local list=$IDENTITIES_WORK/portable_move.list
	as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U postgres -Fc -f "$dump" "$2"
	as_postgres "$PG_BIN/pg_restore" -l "$dump" | grep -vE "$1" | as_postgres tee "$list" >/dev/null
	as_postgres "$PG_BIN/pg_restore" -h "$IDENTITIES_WORK" -p $port -U postgres --exit-on-error -L "$list" -d "$3" "$dump"
}
sql move_native -c 'CREATE EXTENSION identities' >/dev/null
restore_without ' EXTENSION (- )?(identities_portable|pg_tle) |identities_public_key' move_portable move_native
[ "$(digest move_native)" = "$expected" ] || fail "portable -> native by dump: rows differ:
$(diff <(echo "$expected") <(digest move_native))"
[ "$(kinds move_native)" = "events.id b, events.ride b, events_by_id.id b, items.order_id b, orders.id b, orders.ride b, orders.message b, orders.booking b" ] ||
	fail "portable -> native by dump: the columns are not the native types: $(kinds move_native)"
[ "$(generated_above move_native)" = t ] || fail "portable -> native by dump: a new id is not above the others"
echo "portable -> native by dump: every row, public id and bound equal; native columns; new ids above"

sql move_back -c 'CREATE EXTENSION identities_portable CASCADE' >/dev/null
echo "SELECT identities_public_key_set(:'key')" | sql move_back -v key="$key" >/dev/null
restore_without ' EXTENSION (- )?identities ' move_native move_back
[ "$(digest move_back)" = "$expected" ] || fail "native -> portable by dump: rows differ:
$(diff <(echo "$expected") <(digest move_back))"
[ "$(kinds move_back)" = "$(kinds move_portable)" ] || fail "native -> portable by dump: the columns are not domains: $(kinds move_back)"
[ "$(generated_above move_back)" = t ] || fail "native -> portable by dump: a new id is not above the others"
echo "native -> portable by dump: every row, public id and bound equal; portable columns; new ids above"

# ---- in place: portable -> native -> portable, in move_portable ----
move() { # move FROM TO: the doc's identities_move in one session, its statements counted
	{ doc_block identities-move; echo "SELECT * FROM pg_temp.identities_move('$1', '$2');"; } | sql move_portable
}
sql move_portable -c 'CREATE SCHEMA identities_native' -c 'CREATE EXTENSION identities SCHEMA identities_native' >/dev/null
refused=$(move identities_portable identities 2>&1 || true)
grep -q 'the partition key of public.events_by_id cannot change its type in place' <<<"$refused" ||
	fail "in place: a table partitioned by id was not refused: $refused"
[ "$(kinds move_portable)" = "events.id d, events.ride d, events_by_id.id d, items.order_id d, orders.id d, orders.ride d, orders.message d, orders.booking d" ] ||
	fail "in place: the refused move changed columns: $(kinds move_portable)"
# That table moves by dump (above); here it goes, and the doc's steps run from the start.
sql move_portable -c 'DROP TABLE events_by_id' -c 'DROP EXTENSION identities' -c 'DROP SCHEMA identities_native' >/dev/null
# Defaults the move must leave as they are (issue 47): the schema's name inside a string literal and inside a quoted
# name, longer schema names that end with it (mypublic; xpublic, even before a generator's name), a function of that
# schema that is no part of the edition; beside generator calls, which move, one of them next to such a literal.
sql move_portable -q <<'SQL'
CREATE SCHEMA mypublic;
CREATE SCHEMA xpublic;
CREATE FUNCTION mypublic.f() RETURNS text LANGUAGE sql AS $$SELECT 'f'$$;
CREATE FUNCTION mypublic."public.g"() RETURNS text LANGUAGE sql AS $$SELECT 'g'$$;
CREATE FUNCTION xpublic.distributedid_generate() RETURNS text LANGUAGE sql AS $$SELECT 'x'$$;
CREATE FUNCTION public.remark() RETURNS text LANGUAGE sql AS $$SELECT 'remark'$$;
CREATE TABLE remarks (
    literal   text DEFAULT 'see public.docs',
    longer    text DEFAULT mypublic.f(),
    quoted    text DEFAULT mypublic."public.g"(),
    lookalike text DEFAULT xpublic.distributedid_generate(),
    own       text DEFAULT public.remark(),
    mixed     text DEFAULT distributedid_generate()::text || ' public.distributedid_generate()',
    id        distributedid DEFAULT distributedid_generate()
);
SQL
# defaults: remarks' defaults, one line each, as pg_get_expr writes them with every name qualified
defaults() {
	sql move_portable -c 'SET search_path = pg_catalog' -c "SELECT a.attname || ' ' || pg_get_expr(d.adbin, d.adrelid)
		FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum
		WHERE d.adrelid = 'public.remarks'::regclass ORDER BY a.attnum"
}
# remarks_defaults SCHEMA: what they must be with the generators in SCHEMA
remarks_defaults() {
	cat <<EOF
literal 'see public.docs'::text
longer mypublic.f()
quoted mypublic."public.g"()
lookalike xpublic.distributedid_generate()
own public.remark()
mixed (($1.distributedid_generate())::text || ' public.distributedid_generate()'::text)
id $1.distributedid_generate()
EOF
}
[ "$(defaults)" = "$(remarks_defaults public)" ] || fail "remarks' defaults are not as written:
$(diff <(remarks_defaults public) <(defaults))"
expected=$(digest move_portable)
started=$(date +%s%N)
output=$({ doc_block identities-move; doc_block identities-move-steps; } | sql move_portable 2>&1) || fail "in place: the doc's steps failed: $output"
elapsed_ms=$((($(date +%s%N) - started) / 1000000))
sql move_portable -c 'CREATE VIEW orders_public AS SELECT public_id(id) AS public_id, note FROM orders' >/dev/null
[ "$(digest move_portable)" = "$expected" ] || fail "portable -> native in place: rows differ:
$(diff <(echo "$expected") <(digest move_portable))"
remarks_moved="ALTER TABLE public.remarks ALTER COLUMN mixed DROP DEFAULT, ALTER COLUMN mixed SET DEFAULT ((identities_native.distributedid_generate())::text || ' public.distributedid_generate()'::text), ALTER COLUMN id DROP DEFAULT, ALTER COLUMN id TYPE identities_native.distributedid USING id::text::identities_native.distributedid, ALTER COLUMN id SET DEFAULT identities_native.distributedid_generate()"
[ "$(grep '^ALTER TABLE public.remarks ' <<<"$output")" = "$remarks_moved" ] ||
	fail "portable -> native in place: remarks moved otherwise than its generator columns only: $(grep '^ALTER TABLE public.remarks ' <<<"$output")"
[ "$(defaults)" = "$(remarks_defaults public)" ] || fail "portable -> native in place: remarks' defaults:
$(diff <(remarks_defaults public) <(defaults))"
[ "$(kinds move_portable)" = "events.id b, events.ride b, items.order_id b, orders.id b, orders.ride b, orders.message b, orders.booking b" ] ||
	fail "portable -> native in place: the columns are not the native types: $(kinds move_portable)"
[ "$(sql move_portable -c "SELECT string_agg(extname || ' ' || extnamespace::regnamespace, ', ' ORDER BY extname) FROM pg_extension WHERE extname LIKE 'identities%'")" = "identities public" ] ||
	fail "portable -> native in place: extensions left: $(sql move_portable -c "SELECT string_agg(extname, ', ') FROM pg_extension")"
[ "$(generated_above move_portable)" = t ] || fail "portable -> native in place: a new id is not above the others"
echo "portable -> native in place ($rows rows a table, $(grep -c '^ALTER TABLE' <<<"$output") statements, ${elapsed_ms} ms): every row and public id equal; native columns; new ids above"

sql move_portable -c 'CREATE SCHEMA identities_portable' -c 'CREATE EXTENSION identities_portable SCHEMA identities_portable' \
	-c 'DROP VIEW orders_public' >/dev/null
echo "SELECT identities_portable.identities_public_key_set(:'key')" | sql move_portable -v key="$key" >/dev/null
output=$(move identities identities_portable 2>&1) || fail "native -> portable in place failed: $output"
[ "$(defaults)" = "$(remarks_defaults identities_portable)" ] || fail "native -> portable in place: remarks' defaults:
$(diff <(remarks_defaults identities_portable) <(defaults))"
sql move_portable -c 'DROP EXTENSION identities' \
	-c 'CREATE VIEW orders_public AS SELECT identities_portable.public_id(id) AS public_id, note FROM orders' >/dev/null
[ "$(digest move_portable)" = "$expected" ] || fail "native -> portable in place: rows differ:
$(diff <(echo "$expected") <(digest move_portable))"
[ "$(kinds move_portable)" = "events.id d, events.ride d, items.order_id d, orders.id d, orders.ride d, orders.message d, orders.booking d" ] ||
	fail "native -> portable in place: the columns are not domains: $(kinds move_portable)"
echo "native -> portable in place: every row and public id equal; portable columns"

echo "portable_move: $failures failure(s)"
[ "$failures" = 0 ]
