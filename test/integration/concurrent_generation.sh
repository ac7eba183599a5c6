# 4 backends generate 25 000 ids each of every generator with per-server state, starting at the same
# instant, on each server: no duplicate, and each backend's time-ordered ids increase. Preloaded, all four
# share the generators in shared memory; plain, each is a replica (HotGuid's process id keeps their ids
# apart), and SIQ and Snowflake, which need shared memory, run on the preloaded server only.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"

# check_concurrently PORT COLUMNS SELECT_LIST INCREASING: 4 backends insert the select list into a table of the
# columns at once; then every column must be distinct, and the INCREASING columns must increase per backend.
check_concurrently() {
	local port=$1 columns=$2 select_list=$3 increasing=$4
	psql_on "$port" -d postgres -c 'DROP DATABASE IF EXISTS concurrency' -c 'CREATE DATABASE concurrency'
	psql_on "$port" -d concurrency -c 'CREATE EXTENSION identities' \
		-c "CREATE TABLE drawn (backend integer, n integer, $columns)"
	local start
	start=$(date -u -d '+1 second' '+%Y-%m-%d %H:%M:%S.%N+00')
	local backend pids=()
	for backend in 1 2 3 4; do
		psql_on "$port" -d concurrency \
			-c "SELECT pg_sleep(greatest(0, extract(epoch FROM '$start'::timestamptz - clock_timestamp())))" \
			-c "INSERT INTO drawn SELECT $backend, n, $select_list FROM generate_series(1, 25000) AS n" >/dev/null &
		pids+=($!)
	done
	for backend in "${pids[@]}"; do wait "$backend"; done
	local distinct="" descends="" column
	for column in $(sed -E 's/ [a-z]+(,|$)/\1/g; s/,/ /g' <<<"$columns"); do
		distinct+=" AND count(DISTINCT $column) = 100000"
	done
	for column in $increasing; do
		descends+="${descends:+ OR }$column <= lag($column) OVER w"
	done
	local verdict
	verdict=$(psql_on "$port" -d concurrency -At -c "
		SELECT count(*) = 100000 $distinct
		   AND (SELECT count(*) FROM (SELECT $descends AS descends FROM drawn
		                              WINDOW w AS (PARTITION BY backend ORDER BY n)) AS pairs WHERE descends) = 0
		FROM drawn")
	psql_on "$port" -d postgres -c 'DROP DATABASE concurrency'
	[ "$verdict" = t ] || { echo "port $port: duplicate or descending ids among $columns"; return 1; }
}

for port in "$PRELOADED_PORT" "$PLAIN_PORT"; do
	check_concurrently "$port" "id distributedid, id128 uuid, iuid iuid, hotguid uuid, v7 uuid" \
		"distributedid_generate(), distributedid128_generate(), iuid_generate(42, 7), hotguid_generate(17), uuidv7_generate()" \
		"id id128 iuid v7"
done
check_concurrently "$PRELOADED_PORT" "siq siq, snowflake bigint" "siq_generate('message'), snowflake_generate()" \
	"siq snowflake"
