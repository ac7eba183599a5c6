# 4 backends generate 100 000 ids of each generator with per-server state at the same moment, on each server:
# no duplicate, and each backend's time-ordered ids increase. Preloaded, all four share the generators in
# shared memory; plain, each is a replica (HotGuid's process id keeps their ids apart).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"

check_server() {
	local port=$1
	psql_on "$port" -d postgres -c 'DROP DATABASE IF EXISTS concurrency' -c 'CREATE DATABASE concurrency'
	psql_on "$port" -d concurrency -c 'CREATE EXTENSION identities' \
		-c 'CREATE TABLE drawn (backend integer, n integer, id distributedid, id128 uuid, iuid iuid, hotguid uuid)'
	local start
	start=$(date -u -d '+1 second' '+%Y-%m-%d %H:%M:%S.%N+00')
	local backend pids=()
	for backend in 1 2 3 4; do
		psql_on "$port" -d concurrency \
			-c "SELECT pg_sleep(greatest(0, extract(epoch FROM '$start'::timestamptz - clock_timestamp())))" \
			-c "INSERT INTO drawn SELECT $backend, n, distributedid_generate(), distributedid128_generate(),
			           iuid_generate(42, 7), hotguid_generate(17) FROM generate_series(1, 25000) AS n" \
			>/dev/null &
		pids+=($!)
	done
	for backend in "${pids[@]}"; do wait "$backend"; done
	local verdict
	verdict=$(psql_on "$port" -d concurrency -At -c "
		SELECT count(*) = 100000 AND count(DISTINCT id) = 100000 AND count(DISTINCT id128) = 100000
		   AND count(DISTINCT iuid) = 100000 AND count(DISTINCT hotguid) = 100000
		   AND (SELECT count(*)
		        FROM (SELECT id <= lag(id) OVER w OR id128 <= lag(id128) OVER w OR iuid <= lag(iuid) OVER w AS descends
		              FROM drawn WINDOW w AS (PARTITION BY backend ORDER BY n)) AS pairs
		        WHERE descends) = 0
		FROM drawn")
	psql_on "$port" -d postgres -c 'DROP DATABASE concurrency'
	[ "$verdict" = t ] || { echo "port $port: duplicates or descending ids"; return 1; }
}

check_server "$PRELOADED_PORT"
check_server "$PLAIN_PORT"
