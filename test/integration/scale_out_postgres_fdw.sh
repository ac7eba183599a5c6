# Scale-out on PostgreSQL's own machinery: a router and two shards (three servers on loopback) joined by
# postgres_fdw, with doc/scaling-out.md's recipes: LIST by iuid_extract_country(id), HASH by id, RANGE under
# iuid_country_ops. Routed INSERTs (DEFAULT ids included) land on the right server, `WHERE id = $1` reads one
# shard, aggregates cross shards, a key-changing UPDATE is refused by the shard's CHECK, a shard that is down
# gives a clear error and nothing is written elsewhere; the clash check finds servers configured alike; the three
# servers generate at once with every generator and repeat no id; a public id made on one decodes on another.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

router=55451 shard_a=55452 shard_b=55453
key_file=$IDENTITIES_WORK/scale_out.key
head -c 32 /dev/urandom | base64 | as_postgres tee "$key_file" >/dev/null
as_postgres chmod 600 "$key_file"
servers_stopped_on_exit
# Snowflake and SIQ number their servers: each server gets its own worker and shard, except shard B at first
# (left at the router's defaults, so that the clash check has something to find).
start_server router $router yes "identities.public_key_file = '$key_file'"
start_server shard_a $shard_a yes "identities.public_key_file = '$key_file'" \
	"identities.snowflake_worker = 1" "identities.siq_shard = 1"
start_server shard_b $shard_b yes "identities.public_key_file = '$key_file'"

# expect_error PORT PATTERN SQL: the statement must fail with a message matching PATTERN.
expect_error() {
	local output
	if output=$(psql_on "$1" -d postgres -X -At -v ON_ERROR_STOP=1 -c "$3" 2>&1); then
		fail "no error from: $3"
	fi
	grep -qE "$2" <<<"$output" || fail "unexpected error from: $3: $output"
}

# --- the shards: each table holds its part, and a CHECK that says which (ids never change shard) ---
for port in $shard_a $shard_b; do
	if [ $port = $shard_a ]; then country=7 remainder=0 range='< 100'; else country=9 remainder=1 range='>= 100'; fi
	sql $port -c "CREATE EXTENSION identities" -c "
		CREATE TABLE rides_by_country (id iuid PRIMARY KEY, payload text,
		                               CHECK (iuid_extract_country(id) = $country));
		CREATE TABLE payments (id distributedid PRIMARY KEY, amount numeric,
		                       CHECK (distributedid_hash_partition(id, 2) = $remainder));
		CREATE TABLE rides (id iuid PRIMARY KEY, payload text, CHECK (iuid_extract_country(id) $range));" >/dev/null
done

# --- the router ---
sql $router -c "CREATE EXTENSION identities" -c "CREATE EXTENSION postgres_fdw" >/dev/null
for shard in a b; do
	port=$shard_a
	[ $shard = b ] && port=$shard_b
	sql $router -c "
		CREATE SERVER shard_$shard FOREIGN DATA WRAPPER postgres_fdw
			OPTIONS (host '$IDENTITIES_WORK', port '$port', dbname 'postgres', extensions 'identities',
			         async_capable 'true', batch_size '100', fetch_size '10000');
		CREATE USER MAPPING FOR postgres SERVER shard_$shard OPTIONS (user 'postgres');" >/dev/null
done
sql $router -c "
	CREATE TABLE rides_by_country (id iuid NOT NULL DEFAULT iuid_generate(7, 1), payload text)
		PARTITION BY LIST (iuid_extract_country(id));
	CREATE FOREIGN TABLE rides_by_country_7 PARTITION OF rides_by_country FOR VALUES IN (7)
		SERVER shard_a OPTIONS (table_name 'rides_by_country');
	CREATE FOREIGN TABLE rides_by_country_9 PARTITION OF rides_by_country FOR VALUES IN (9)
		SERVER shard_b OPTIONS (table_name 'rides_by_country');
	CREATE TABLE payments (id distributedid NOT NULL DEFAULT distributedid_generate(), amount numeric)
		PARTITION BY HASH (id);
	CREATE FOREIGN TABLE payments_0 PARTITION OF payments FOR VALUES WITH (MODULUS 2, REMAINDER 0)
		SERVER shard_a OPTIONS (table_name 'payments');
	CREATE FOREIGN TABLE payments_1 PARTITION OF payments FOR VALUES WITH (MODULUS 2, REMAINDER 1)
		SERVER shard_b OPTIONS (table_name 'payments');
	CREATE TABLE rides (id iuid NOT NULL DEFAULT iuid_generate(7, 1), payload text)
		PARTITION BY RANGE (id iuid_country_ops);
	CREATE FOREIGN TABLE rides_0_99 PARTITION OF rides FOR VALUES FROM (MINVALUE) TO (iuid_country_boundary(100))
		SERVER shard_a OPTIONS (table_name 'rides');
	CREATE FOREIGN TABLE rides_100_255 PARTITION OF rides FOR VALUES FROM (iuid_country_boundary(100)) TO (MAXVALUE)
		SERVER shard_b OPTIONS (table_name 'rides');" >/dev/null

# --- routed INSERTs: DEFAULT ids (evaluated on the router) and supplied ones ---
sql $router -c "
	INSERT INTO rides_by_country (payload) SELECT 'default' FROM generate_series(1, 500);
	INSERT INTO rides_by_country (id, payload) SELECT iuid_generate(9, 1), 'supplied' FROM generate_series(1, 300);
	INSERT INTO payments (amount) SELECT n FROM generate_series(1, 1000) AS n;
	INSERT INTO rides (payload) SELECT 'default' FROM generate_series(1, 500);
	INSERT INTO rides (id, payload) SELECT iuid_generate(100 + n % 156, 1), 'supplied' FROM generate_series(1, 400) AS n;" >/dev/null
[ "$(sql $shard_a -c "SELECT count(*) FROM rides_by_country")" = 500 ] || fail "LIST: shard A does not hold the 500 country-7 rides"
[ "$(sql $shard_b -c "SELECT count(*) FROM rides_by_country")" = 300 ] || fail "LIST: shard B does not hold the 300 country-9 rides"
[ "$(sql $shard_a -c "SELECT count(*) FROM rides")" = 500 ] || fail "RANGE: shard A does not hold the 500 country-7 rides"
[ "$(sql $shard_b -c "SELECT count(*) FROM rides")" = 400 ] || fail "RANGE: shard B does not hold the 400 rides of countries 100-255"
payments_a=$(sql $shard_a -c "SELECT count(*) FROM payments")
payments_b=$(sql $shard_b -c "SELECT count(*) FROM payments")
[ $((payments_a + payments_b)) = 1000 ] && [ "$payments_a" -gt 400 ] && [ "$payments_b" -gt 400 ] ||
	fail "HASH: payments split $payments_a / $payments_b"
expect_error $router 'no partition of relation "rides_by_country" found for row' \
	"INSERT INTO rides_by_country VALUES (iuid_generate(8, 1))"

# --- WHERE id = $1 reads one shard, with the id's own conditions sent to it ---
ride_b=$(sql $shard_b -c "SELECT id FROM rides ORDER BY id LIMIT 1")
payment=$(sql $shard_b -c "SELECT id FROM payments ORDER BY id LIMIT 1")
ride_7=$(sql $shard_a -c "SELECT id FROM rides_by_country ORDER BY id LIMIT 1")
# one_foreign_scan LABEL PARTITION PLAN: exactly one foreign scan, of that partition, whose remote SQL has id = (our
# = is sent qualified, as OPERATOR(public.=))
one_foreign_scan() {
	local scans
	scans=$(grep -c 'Foreign Scan on' <<<"$3" || true)
	[ "$scans" = 1 ] && grep -q "Foreign Scan on public.$2 " <<<"$3" && grep -qE 'Remote SQL: .*WHERE .*\(id (=|OPERATOR\([a-z]+\.=\)) ' <<<"$3" ||
		fail "$1: not one foreign scan of $2 with the id sent to the shard: $3"
}
one_foreign_scan "RANGE" rides_100_255 "$(sql $router -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM rides WHERE id = '$ride_b'")"
one_foreign_scan "HASH" payments_1 "$(sql $router -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM payments WHERE id = '$payment'")"
plan=$(sql $router -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM rides_by_country
	WHERE id = '$ride_7' AND iuid_extract_country(id) = iuid_extract_country('$ride_7')")
one_foreign_scan "LIST with its predicate" rides_by_country_7 "$plan"
grep -q 'Remote SQL: .*iuid_extract_country(id)' <<<"$plan" || fail "LIST: the extractor was not sent to the shard: $plan"
# generic plans (what a prepared statement of an application gets) prune at executor startup
plan=$(sql $router -c "SET plan_cache_mode = force_generic_plan" -c "PREPARE ride(iuid) AS SELECT * FROM rides WHERE id = \$1" \
	-c "EXPLAIN (VERBOSE, COSTS OFF) EXECUTE ride('$ride_b')")
grep -q 'Subplans Removed: 1' <<<"$plan" || fail "RANGE, generic plan: no pruning: $plan"
[ "$(sql $router -c "SELECT payload FROM rides WHERE id = '$ride_b'")" = supplied ] || fail "RANGE: the routed lookup missed"
# without the extensions option, postgres_fdw keeps our functions and operators on the router: the whole table is read
sql $router -c "ALTER SERVER shard_a OPTIONS (DROP extensions)" >/dev/null
plan=$(sql $router -c "EXPLAIN (VERBOSE, COSTS OFF) SELECT * FROM rides_by_country
	WHERE id = '$ride_7' AND iuid_extract_country(id) = iuid_extract_country('$ride_7')")
grep -q 'Remote SQL: .*WHERE' <<<"$plan" && fail "without extensions 'identities' a condition was still sent: $plan"
sql $router -c "ALTER SERVER shard_a OPTIONS (ADD extensions 'identities')" >/dev/null

# --- across shards: a count, and a per-country aggregate pushed to each shard ---
[ "$(sql $router -c "SELECT count(*) FROM rides")" = 900 ] || fail "cross-shard count(*) of rides is wrong"
plan=$(sql $router -c "SET enable_partitionwise_aggregate = on" -c "EXPLAIN (VERBOSE, COSTS OFF)
	SELECT iuid_extract_country(id), count(*) FROM rides_by_country GROUP BY 1")
[ "$(grep -c 'Relations: Aggregate on' <<<"$plan")" = 2 ] || fail "the per-country aggregate was not pushed down: $plan"
[ "$(sql $router -c "SET enable_partitionwise_aggregate = on" -c "SELECT string_agg(c || ':' || n, ' ' ORDER BY c)
	FROM (SELECT iuid_extract_country(id) AS c, count(*) AS n FROM rides_by_country GROUP BY 1) AS s")" = "7:500 9:300" ] ||
	fail "the per-country aggregate is wrong"

# --- ids never change shard: a key-changing UPDATE is refused by the shard's CHECK ---
expect_error $router 'violates check constraint' \
	"UPDATE rides SET id = iuid_generate(150, 1) WHERE id = (SELECT min(id) FROM rides_0_99)"
[ "$(sql $shard_a -c "SELECT count(*) FROM rides WHERE iuid_extract_country(id) >= 100")" = 0 ] ||
	fail "a row with a country of shard B is stored on shard A"

# --- a shard that is down: a clear error, nothing written on the other; lookups pruned to the live shard work ---
as_postgres "$PG_BIN/pg_ctl" -D "$IDENTITIES_WORK/shard_b" -m fast -w stop >/dev/null
expect_error $router 'could not connect to server "shard_b"' \
	"INSERT INTO rides VALUES (iuid_generate(7, 1), 'both shards'), (iuid_generate(200, 1), 'both shards')"
[ "$(sql $shard_a -c "SELECT count(*) FROM rides WHERE payload = 'both shards'")" = 0 ] ||
	fail "a failed INSERT left a row on shard A"
[ "$(sql $router -c "SELECT count(*) FROM rides WHERE id = '$(sql $shard_a -c "SELECT min(id) FROM rides")'")" = 1 ] ||
	fail "with shard B down, a lookup routed to shard A failed"
as_postgres "$PG_BIN/pg_ctl" -D "$IDENTITIES_WORK/shard_b" -l "$IDENTITIES_WORK/shard_b.log" -w start >/dev/null

# --- node identities: the clash check sees shard B configured like the router, then nothing once it has its own ---
clashes=$(sql $router -c "SELECT node || ': ' || array_to_string(clashes_with, ', ')
	FROM identities_check_foreign_servers() WHERE clashes_with IS NOT NULL")
[ "$clashes" = "local: shard_b (snowflake, siq)
shard_b: local (snowflake, siq)" ] || fail "the clash check did not report the router and shard B: $clashes"
sql $shard_b -c "ALTER SYSTEM SET identities.snowflake_worker = 2" -c "ALTER SYSTEM SET identities.siq_shard = 2" \
	-c "SELECT pg_reload_conf()" >/dev/null
sleep 1
[ "$(sql $router -c "SELECT count(*) FROM identities_check_foreign_servers() WHERE clashes_with IS NOT NULL OR error IS NOT NULL")" = 0 ] ||
	fail "clashes or errors remain: $(sql $router -c "SELECT * FROM identities_check_foreign_servers()")"

# --- three servers generate at once with every generator: no id repeats across them ---
columns="distributedid distributedid, distributedid128 uuid, iuid iuid, hotguid uuid, uuidv7 uuid, siq siq, snowflake bigint,
	ulid ulid"
generators="distributedid_generate(), distributedid128_generate(), iuid_generate(42, 7), hotguid_generate(17),
	uuidv7_generate(), siq_generate('message'), snowflake_generate(), ulid_generate()"
for port in $router $shard_a $shard_b; do
	sql $port -c "CREATE TABLE drawn ($columns)" >/dev/null
done
start=$(date -u -d '+1 second' '+%Y-%m-%d %H:%M:%S.%N+00')
pids=()
for port in $router $shard_a $shard_b; do
	sql $port -c "SELECT pg_sleep(greatest(0, extract(epoch FROM '$start'::timestamptz - clock_timestamp())))" \
		-c "INSERT INTO drawn SELECT $generators FROM generate_series(1, 20000)" >/dev/null &
	pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
sql $router -c "
	CREATE FOREIGN TABLE drawn_a ($columns) SERVER shard_a OPTIONS (table_name 'drawn');
	CREATE FOREIGN TABLE drawn_b ($columns) SERVER shard_b OPTIONS (table_name 'drawn');" >/dev/null
duplicates=$(sql $router -c "
	WITH everything AS (SELECT * FROM drawn UNION ALL SELECT * FROM drawn_a UNION ALL SELECT * FROM drawn_b)
	SELECT format('rows %s, repeated: distributedid %s, distributedid128 %s, iuid %s, hotguid %s, uuidv7 %s, siq %s, snowflake %s, ulid %s',
	              count(*), count(*) - count(DISTINCT distributedid), count(*) - count(DISTINCT distributedid128),
	              count(*) - count(DISTINCT iuid), count(*) - count(DISTINCT hotguid), count(*) - count(DISTINCT uuidv7),
	              count(*) - count(DISTINCT siq), count(*) - count(DISTINCT snowflake), count(*) - count(DISTINCT ulid))
	FROM everything")
[ "$duplicates" = "rows 60000, repeated: distributedid 0, distributedid128 0, iuid 0, hotguid 0, uuidv7 0, siq 0, snowflake 0, ulid 0" ] ||
	fail "three servers generating at once: $duplicates"

# --- public ids: the same key file on every server, so a public id made on one decodes on another ---
public=$(sql $shard_a -c "SELECT public_id('1127127523679087863971182442'::distributedid)")
[ "$(sql $shard_b -c "SELECT public_id_to_distributedid('$public')")" = 1127127523679087863971182442 ] ||
	fail "a public id made on shard A does not decode on shard B"
[ "$(sql $router -c "SELECT public_id_to_distributedid('$public')")" = 1127127523679087863971182442 ] ||
	fail "a public id made on shard A does not decode on the router"

# --- doc/scaling-out.md's recipe (its ```sql fdw blocks) as a reader adapts it: a database of its own on each server,
# shard B's CHECKs taking its part, the router's options naming these servers, shard_b made like shard_a, and
# the lookup by $1 as a prepared statement ---
readme_block() {
	awk -v want="$1" '$0 == "```sql fdw" { block++; if (block == want) { on = 1; next } } on && $0 == "```" { exit } on' \
		"$IDENTITIES_ROOT/doc/scaling-out.md"
}
readme() { local port=$1; shift; psql_on "$port" -d readme -X -At -v ON_ERROR_STOP=1 "$@"; }
for port in $router $shard_a $shard_b; do sql $port -c "CREATE DATABASE readme" >/dev/null; done
shard_sql=$(readme_block 1)
[ -n "$shard_sql" ] && [ -n "$(readme_block 2)" ] || fail "doc/scaling-out.md has no two sql fdw blocks"
output=$(readme $shard_a <<<"$shard_sql" 2>&1) || fail "doc/scaling-out.md's shard block fails on shard A: $output"
output=$(sed -e 's/< 100)/>= 100)/' -e 's/= 0)/= 1)/' -e 's/IN (7, 11, 12)/NOT IN (7, 11, 12)/' <<<"$shard_sql" |
	readme $shard_b 2>&1) || fail "doc/scaling-out.md's shard block, with shard B's parts, fails on shard B: $output"
router_sql=$(readme_block 2 | sed -e "s|host 'shard-a'|host '$IDENTITIES_WORK', port '$shard_a'|" -e "s|dbname 'app'|dbname 'readme'|" \
	-e "s|FOR app SERVER|FOR postgres SERVER|" -e "s|OPTIONS (user 'app', password '…')|OPTIONS (user 'postgres')|" \
	-e 's|^SELECT \(.*\$1.*\);$|PREPARE readme_lookup(iuid) AS SELECT \1;|')
shard_b_sql=$(awk '/^CREATE SERVER shard_a/ { on = 1 } on { print } on && /^CREATE USER MAPPING/ { exit }' <<<"$router_sql" |
	sed -e 's/shard_a/shard_b/g' -e "s|port '$shard_a'|port '$shard_b'|")
router_sql=$(awk -v b="$shard_b_sql" '$0 == "-- (shard_b likewise)" { print b; next } { print }' <<<"$router_sql")
output=$(readme $router <<<"$router_sql" 2>&1) || fail "doc/scaling-out.md's router block fails on the router: $output
$router_sql"
ride=$(readme $router -c "INSERT INTO rides (payload) VALUES ('readme') RETURNING id")
readme $router -c "INSERT INTO payments (amount) SELECT g FROM generate_series(1, 100) AS g" >/dev/null
by_country=$(readme $router -c "INSERT INTO rides_by_country (payload) VALUES ('by country') RETURNING id")
[ "$(readme $shard_a -c "SELECT payload FROM rides WHERE id = '$ride'")" = readme ] ||
	fail "doc/scaling-out.md's RANGE layout: a DEFAULT id of country 7 did not land on shard A"
[ "$(readme $router -c "SELECT (SELECT count(*) FROM payments_0) > 0 AND (SELECT count(*) FROM payments_1) > 0 AND
	(SELECT count(*) FROM payments) = 100")" = t ] || fail "doc/scaling-out.md's HASH layout: 100 payments not spread over both shards"
lookup=$(grep '^PREPARE readme_lookup' <<<"$router_sql") || fail "doc/scaling-out.md's router block has no lookup by \$1"
[ "$(readme $router -c "$lookup" -c "EXECUTE readme_lookup('$by_country')" | cut -d'|' -f2)" = "by country" ] ||
	fail "doc/scaling-out.md's LIST lookup by \$1 did not find the row"
plan=$(readme $router -c "EXPLAIN (COSTS OFF) SELECT * FROM rides WHERE id = '$ride'")
[ "$(grep -c 'Foreign Scan' <<<"$plan")" = 1 ] && grep -q rides_0_99 <<<"$plan" ||
	fail "doc/scaling-out.md's RANGE layout: WHERE id = <literal> does not read one shard:
$plan"
echo "doc/scaling-out.md's postgres_fdw recipe ran on the router and both shards"
