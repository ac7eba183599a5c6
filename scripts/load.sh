# Concurrent load, shared by scripts/soak and test/integration/concurrent_generation.sh (source scripts/common.sh
# first): BACKENDS sessions released at one instant each insert their share of one generator's ids into an
# unlogged table (backend, n, id), then the checks: every row there, every id distinct, and each backend's ids
# in the order the generator documents. One line per generator: ids, duplicates, descending pairs, seconds, ids/s.

# name|call|column type|order per backend, from formats.tsv (the formats with a generator and an order): strict (each
# id greater than the backend's previous one), or second (HotGuid: its second never goes back; the counter after it
# is seeded at random and may wrap within a second, so only the second is ordered).
mapfile -t LOAD_GENERATORS < <(awk -F '\t' '!/^#/ && NF && $5 != "-" { print $1 "|" $4 "|" $3 "|" $5 }' \
	"$IDENTITIES_ROOT/formats.tsv")
# These refuse to run without shared_preload_libraries (their serials need shared memory).
mapfile -t LOAD_PRELOADED_ONLY < <(awk -F '\t' '!/^#/ && NF && $6 == "yes" { print $1 }' "$IDENTITIES_ROOT/formats.tsv")
# The advisory lock the backends queue on until all of them are connected: the gate.
LOAD_GATE=7215
# A backend's statements fail after this many seconds: a generator that hangs fails the run instead of stalling it.
LOAD_STATEMENT_TIMEOUT=${LOAD_STATEMENT_TIMEOUT:-900}

# load_prepare PORT DATABASE: a fresh database with the extension and the table of the backends' start and end.
load_prepare() {
	local port=$1 database=$2
	psql_on "$port" -d postgres -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database"
	psql_on "$port" -d "$database" -c 'CREATE EXTENSION identities' \
		-c 'CREATE TABLE load_runs (backend integer PRIMARY KEY, started timestamptz, finished timestamptz)'
}

load_header() {
	printf '%-17s %8s %9s %10s %10s %8s %9s  %s\n' generator backends ids duplicates descending seconds 'ids/s' verdict
}

# load_generator PORT DATABASE BACKENDS IDS NAME: BACKENDS backends draw IDS ids of generator NAME together (IDS is
# rounded down to a multiple of BACKENDS), then prints the generator's line; returns 1 when a check failed.
load_generator() {
	local port=$1 database=$2 backends=$3 ids=$4 name=$5
	local entry call="" type order
	for entry in "${LOAD_GENERATORS[@]}"; do
		[ "${entry%%|*}" = "$name" ] && IFS='|' read -r _ call type order <<<"$entry"
	done
	[ -n "$call" ] || { echo "load_generator: no generator $name" >&2; return 1; }
	local per=$((ids / backends)) table=drawn_$name
	# One untimed call first: a preloaded HotGuid's first id after the server starts waits for the next second.
	psql_on "$port" -d "$database" -c "DROP TABLE IF EXISTS $table" -c "TRUNCATE load_runs" \
		-c "CREATE UNLOGGED TABLE $table (backend integer, n integer, id $type)" -c "SELECT $call" >/dev/null

	# The gate: one session holds the lock until every backend is connected and queued behind it, then ends, and
	# the lock manager grants all of them at once. (Connecting 16 psql on 2 busy cores takes a while: a start
	# time picked in advance could pass before the last one is there.)
	psql_on "$port" -d "$database" -c "DO \$\$
		DECLARE
			queued integer := 0;
		BEGIN
			PERFORM pg_advisory_xact_lock($LOAD_GATE);
			FOR attempt IN 1 .. 12000 LOOP
				SELECT count(*) INTO queued FROM pg_locks
				WHERE locktype = 'advisory' AND objid = $LOAD_GATE AND NOT granted
				  AND database = (SELECT oid FROM pg_database WHERE datname = current_database());
				EXIT WHEN queued >= $backends;
				PERFORM pg_sleep(0.01);
			END LOOP;
			IF queued < $backends THEN
				RAISE EXCEPTION 'only % of % backends reached the gate within 2 minutes', queued, $backends;
			END IF;
		END \$\$" &
	local gate=$! held=0
	while [ "$held" != 1 ]; do
		kill -0 "$gate" 2>/dev/null || { echo "$name: the gate session ended before holding its lock" >&2; return 1; }
		sleep 0.05
		held=$(psql_on "$port" -d "$database" -At -c "SELECT count(*) FROM pg_locks
			WHERE locktype = 'advisory' AND objid = $LOAD_GATE AND granted AND mode = 'ExclusiveLock'")
	done
	local backend pid pids=() failed=0
	for backend in $(seq 1 "$backends"); do
		psql_on "$port" -d "$database" -c "SET statement_timeout = '${LOAD_STATEMENT_TIMEOUT}s'" \
			-c "INSERT INTO load_runs (backend, started) SELECT $backend, clock_timestamp() FROM pg_advisory_xact_lock_shared($LOAD_GATE)" \
			-c "INSERT INTO $table SELECT $backend, n, $call FROM generate_series(1, $per) AS n" \
			-c "UPDATE load_runs SET finished = clock_timestamp() WHERE backend = $backend" >/dev/null &
		pids+=($!)
	done
	wait "$gate" || failed=1
	for pid in "${pids[@]}"; do wait "$pid" || failed=1; done

	local descends=false
	case $order in
	strict) descends="id <= lag(id) OVER w" ;;
	second) descends="hotguid_extract_timestamp(id) < lag(hotguid_extract_timestamp(id)) OVER w" ;;
	esac
	local rows duplicates descending complete seconds rate
	read -r rows duplicates descending complete seconds rate < <(psql_on "$port" -d "$database" -At -F ' ' \
		-c "SET work_mem = '256MB'" -c "
		WITH counts AS (SELECT count(*) AS rows, count(*) - count(DISTINCT id) AS duplicates FROM $table),
		pairs AS (SELECT $descends AS descends FROM $table WINDOW w AS (PARTITION BY backend ORDER BY n)),
		backends AS (SELECT backend FROM $table GROUP BY backend HAVING count(*) = $per AND count(DISTINCT n) = $per),
		wall AS (SELECT extract(epoch FROM max(finished) - min(started)) AS seconds FROM load_runs)
		SELECT rows, duplicates, (SELECT count(*) FROM pairs WHERE descends), (SELECT count(*) FROM backends),
		       coalesce(round(seconds, 2)::text, '-'), coalesce(round(rows / nullif(seconds, 0))::text, '-')
		FROM counts, wall")
	psql_on "$port" -d "$database" -c "DROP TABLE $table"
	local verdict=ok
	if [ "$failed" != 0 ] || [ "$rows" != $((per * backends)) ] || [ "$complete" != "$backends" ] ||
		[ "$duplicates" != 0 ] || [ "$descending" != 0 ]; then
		verdict=FAILED
		[ "$failed" != 0 ] && verdict+=" (a session failed)"
		[ "$complete" != "$backends" ] && verdict+=" ($((backends - complete)) of $backends backends without their $per rows)"
	fi
	printf '%-17s %8s %9s %10s %10s %8s %9s  %s\n' "$name" "$backends" "$rows" "$duplicates" "$descending" \
		"$seconds" "$rate" "$verdict"
	[ "$verdict" = ok ]
}
