# TimescaleDB hypertables keyed by our ids (doc/timescaledb.md), on PostgreSQL 18 with Debian's
# postgresql-18-timescaledb (2.22 or later: UUIDv7 partitioning; the Apache-licensed edition). One server, timescaledb
# and identities preloaded (and pg_cron, when its package installs). One hypertable per format, daily chunks by the
# id's time: UUIDv7 through TimescaleDB's own uuid partitioning, Snowflake as an integer dimension of a day of ids
# (86 400 000 << 22), distributedid, iuid, siq, ulid and DistributedId128 through partition_func => the format's
# <format>_extract_timestamp (ulid's and DistributedId128's named with their argument type, as regprocedure: each has
# an overload, ulid's of text for pg_partman). Rows hourly over 10 days (<format>_generate_at) and one by the column DEFAULT; then:
#   - ids of another kind are refused (a v4 uuid, a DistributedId128 as UUIDv7 and the reverse);
#   - the windows of the last day that exclude chunks read fewer than the 11 chunks (2) and count the right rows:
#     id >= <format>_boundary(now() - interval '1 day') and <format>_within(...) for UUIDv7 and Snowflake,
#     <format>_extract_timestamp(id) >= now() - interval '1 day' (alone and with the id range) for the others; the
#     forms doc/timescaledb.md says read every chunk do; a lookup by a literal id reads one chunk, a generic plan's
#     lookup too (with the id's time added, for the partition_func formats); a constant window reads one chunk
#     (DistributedId128's open-ended one errors, a limit the page states);
#   - drop_chunks(older_than => ...) drops the chunks wholly older than the cutoff: the rows left are exactly those
#     of the cutoff's day and after; add_retention_policy is refused by the Apache edition, and a pg_cron job
#     calling drop_chunks does the same for the seven tables;
#   - doc/timescaledb.md's sql timescaledb blocks run as written, their EXPLAINs excluding the chunks their comments
#     say, and its pg_cron block schedules its job.
# Skipped (exit 77) on other majors, and where the package is missing, older or cannot be installed.
# Prints "ok - ..." / "not ok - ..." lines (and "note - ..." where a part cannot run here), then
# "timescaledb <version>: N passed, N failed, N s"; exits 1 on a failure.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
started=$SECONDS

skip() {
	echo "skipped: $*"
	exit 77
}
[ "$PG_MAJOR" = 18 ] || skip "TimescaleDB is tested on PostgreSQL 18 only (Debian forky's postgresql-18-timescaledb), not $PG_MAJOR"
package=postgresql-$PG_MAJOR-timescaledb
candidate=$(apt-cache policy "$package" 2>/dev/null | sed -n 's/^ *Candidate: //p')
[ -n "$candidate" ] && [ "$candidate" != "(none)" ] || skip "no $package package in this machine's archive"
dpkg --compare-versions "$candidate" ge 2.22 || skip "$package is $candidate, before TimescaleDB 2.22 (UUIDv7 partitioning)"
install_dependencies "$package" >/dev/null 2>&1 || skip "$package could not be installed"
cron=no
install_dependencies "postgresql-$PG_MAJOR-cron" >/dev/null 2>&1 && cron=yes

port=55561
work_dir_for_postgres
STARTED_SERVERS=()
cleanup() {
	stop_servers
	rm -rf "${IDENTITIES_WORK:?}/timescaledb" # the log stays for test/suite's crash check
	[ "$own_work" = no ] || rm -rf "$IDENTITIES_WORK"
}
trap cleanup EXIT
preload="timescaledb, identities"
settings=("timescaledb.telemetry_level = off" "TimeZone = 'UTC'" "max_worker_processes = 16")
[ $cron = yes ] && preload+=", pg_cron" && settings+=("cron.use_background_workers = on")
start_server timescaledb $port no "shared_preload_libraries = '$preload'" "${settings[@]}"

check() { # check EXPRESSION... DESCRIPTION: ok when test(1) holds for EXPRESSION
	local description=${*: -1}
	if test "${@:1:$#-1}"; then ok "$description"; else not_ok "$description"; fi
}
sql() { sql_on $port postgres -F '|' "$@"; }

sql -c "CREATE EXTENSION timescaledb" -c "CREATE EXTENSION identities" >/dev/null
[ $cron = yes ] && sql -c "CREATE EXTENSION pg_cron" >/dev/null
# chunks_scanned(query): how many chunks EXPLAIN ANALYZE shows the query reading (excluded chunks are not shown;
# a chunk left out at run time says "never executed"). value_of(query): the query's one value.
sql >/dev/null <<'SQL'
CREATE FUNCTION chunks_scanned(query text) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
	line text;
	chunks text[] := '{}';
BEGIN
	FOR line IN EXECUTE 'EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF) ' || query LOOP
		IF line !~ 'never executed' AND line ~ ' on _hyper_\d+_\d+_chunk' THEN
			chunks := chunks || substring(line FROM ' on (_hyper_\d+_\d+_chunk)');
		END IF;
	END LOOP;
	RETURN (SELECT count(DISTINCT chunk) FROM unnest(chunks) AS chunk);
END $$;
CREATE FUNCTION value_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE result text;
BEGIN
	EXECUTE query INTO result;
	RETURN result;
END $$;
SQL

# name|column type|DEFAULT|create_hypertable's dimension|generate_at of the instant @|partitioned by (native or
# partition_func)
FORMATS=(
	"distributedid|distributedid|distributedid_generate()|by_range('id', INTERVAL '1 day', partition_func => 'public.distributedid_extract_timestamp')|distributedid_generate_at(@)|partition_func"
	"iuid|iuid|iuid_generate(42, 7)|by_range('id', INTERVAL '1 day', partition_func => 'public.iuid_extract_timestamp')|iuid_generate_at(@, 42, 7)|partition_func"
	"siq|siq|siq_generate('message')|by_range('id', INTERVAL '1 day', partition_func => 'public.siq_extract_timestamp')|siq_generate_at(@, 0, 'message')|partition_func"
	"snowflake|bigint|snowflake_generate()|by_range('id', 86400000::bigint << 22)|snowflake_generate_at(@, 0)|native"
	"uuidv7|uuid|uuidv7_generate()|by_range('id', INTERVAL '1 day')|uuidv7_generate_at(@)|native"
	"distributedid128|uuid|distributedid128_generate()|by_range('id', INTERVAL '1 day', partition_func => 'public.distributedid128_extract_timestamp(uuid)'::regprocedure)|distributedid128_generate_at(@)|partition_func"
	"ulid|ulid|ulid_generate()|by_range('id', INTERVAL '1 day', partition_func => 'public.ulid_extract_timestamp(ulid)'::regprocedure)|ulid_generate_at(@)|partition_func"
)

# ---- the hypertables: 240 rows an hour apart (10 days back, 11 daily chunks), one by the DEFAULT ----
hourly="now() - g * interval '1 hour'"
for entry in "${FORMATS[@]}"; do
	IFS='|' read -r name type default dimension generate_at _ <<<"$entry"
	output=$(sql -c "CREATE TABLE t_$name (id $type PRIMARY KEY DEFAULT $default, body text)" \
		-c "SELECT create_hypertable('t_$name', $dimension)" \
		-c "INSERT INTO t_$name (id, body) SELECT ${generate_at//@/$hourly}, 'hour ' || g
			FROM generate_series(1, 240) AS g" \
		-c "INSERT INTO t_$name (body) VALUES ('now')" \
		-c "SELECT count(*), (SELECT count(*) FROM show_chunks('t_$name')) FROM t_$name" 2>&1) ||
		{ not_ok "$name: hypertable: $output"; continue; }
	check "$(tail -n 1 <<<"$output")" = "241|11" "$name: create_hypertable($dimension): 241 rows in 11 daily chunks"
done

# Ids of another kind are refused: TimescaleDB's uuid partitioning takes version 7 only, and a partitioning function
# that reads NULL (DistributedId128's decoder, of a v4 uuid) stops the insert.
for refused in "t_uuidv7|gen_random_uuid()|is not a version 7 UUID" "t_uuidv7|distributedid128_generate()|is not a version 7 UUID" \
	"t_distributedid128|gen_random_uuid()|partitioning function \"public.distributedid128_extract_timestamp\" returned NULL" \
	"t_distributedid128|uuidv7_generate()|partitioning function \"public.distributedid128_extract_timestamp\" returned NULL"; do
	IFS='|' read -r table value message <<<"$refused"
	output=$(sql -c "INSERT INTO $table (id, body) VALUES ($value, 'refused')" 2>&1)
	check "$(grep -cF -- "$message" <<<"$output")" = 1 "$table refuses $value: $(head -n 1 <<<"$output")"
done

# ---- time windows: the form that excludes chunks, for each format ----
day="now() - interval '1 day'"
for entry in "${FORMATS[@]}"; do
	IFS='|' read -r name type _ _ _ by <<<"$entry"
	table=t_$name
	expected=$(sql -c "SELECT count(*) FILTER (WHERE ${name}_extract_timestamp(id) >= $day) FROM $table")
	if [ "$by" = native ]; then
		excluding=("id >= ${name}_boundary($day)" "${name}_within(id, tstzrange($day, NULL))")
		reading_all=("${name}_extract_timestamp(id) >= $day")
	else
		excluding=("${name}_extract_timestamp(id) >= $day"
			"${name}_extract_timestamp(id) >= $day AND id >= ${name}_boundary($day)")
		reading_all=("id >= ${name}_boundary($day)" "${name}_within(id, tstzrange($day, NULL))")
	fi
	for where in "${excluding[@]}"; do
		query="SELECT count(*) FROM $table WHERE $where"
		result=$(sql -c "SELECT chunks_scanned(\$q\$$query\$q\$), value_of(\$q\$$query\$q\$),
			(SELECT count(*) FROM show_chunks('$table'))" 2>&1) || { not_ok "$name: $where: $result"; continue; }
		IFS='|' read -r scanned rows total <<<"$result"
		check "$scanned" -lt "$total" -a "$rows" = "$expected" \
			"$name: WHERE $where reads $scanned of $total chunks, $rows rows (expected fewer than $total chunks, $expected rows)"
	done
	for where in "${reading_all[@]}"; do
		query="SELECT count(*) FROM $table WHERE $where"
		result=$(sql -c "SELECT chunks_scanned(\$q\$$query\$q\$), (SELECT count(*) FROM show_chunks('$table'))" 2>&1)
		IFS='|' read -r scanned total <<<"$result"
		check "$scanned" = "$total" "$name: WHERE $where reads every chunk, as doc/timescaledb.md says ($result)"
	done
	# Lookups by id: a literal is mapped through the partitioning function (or the uuid or integer range) when
	# planned; a generic plan's parameter only by UUIDv7's and Snowflake's chunk bounds, or with the id's time added.
	id=$(sql -c "SELECT id FROM $table WHERE body = 'now'")
	query="SELECT count(*) FROM $table WHERE id = '$id'"
	result=$(sql -c "SELECT chunks_scanned(\$q\$$query\$q\$), value_of(\$q\$$query\$q\$)" 2>&1)
	check "$result" = "1|1" "$name: WHERE id = <literal> reads one chunk and finds the row ($result)"
	lookups=("id = \$1")
	[ "$by" = native ] || lookups+=("id = \$1 AND ${name}_extract_timestamp(id) = ${name}_extract_timestamp(\$1)")
	for where in "${lookups[@]}"; do
		result=$(sql -c "PREPARE lookup($type) AS SELECT count(*) FROM $table WHERE $where" \
			-c "SET plan_cache_mode = force_generic_plan" -c "SELECT chunks_scanned(\$q\$EXECUTE lookup('$id')\$q\$)" 2>&1)
		want=1
		[ "$by" = native ] || [ "$where" != "id = \$1" ] || want=$total
		check "$result" = "$want" "$name: a generic plan of WHERE $where reads $result chunks (expected $want)"
	done
	if [ "$by" = partition_func ]; then
		# A constant window: its id bounds mapped through the partitioning function when planned. An open end is the
		# type's largest value, which DistributedId128's decoder maps to NULL: TimescaleDB then errors.
		today=$(sql -c "SELECT date_trunc('day', now())")
		for where in "id >= ${name}_boundary('$today')" "${name}_within(id, tstzrange('$today', NULL))"; do
			query="SELECT count(*) FROM $table WHERE $where"
			result=$(sql -c "SELECT chunks_scanned(\$q\$$query\$q\$)" 2>&1)
			if [ "$name" = distributedid128 ] && [[ $where == *_within* ]]; then
				check "$(grep -c 'partitioning function "public.distributedid128_extract_timestamp" returned NULL' <<<"$result")" = 1 \
					"$name: a constant open-ended window, WHERE $where, errors as doc/timescaledb.md says: $(head -n 1 <<<"$result")"
			else
				check "$result" = 1 "$name: a constant window, WHERE $where, reads today's chunk only ($result)"
			fi
		done
	fi
done

# ---- retention: drop_chunks by time, then a scheduled job ----
# keep_expected TAG CUTOFF: remembers the ids of each table that a drop at CUTOFF must keep (every row of the
# cutoff's UTC day and after: whole daily chunks are dropped); check_kept TAG: the tables hold exactly those.
keep_expected() {
	local entry name
	for entry in "${FORMATS[@]}"; do
		name=${entry%%|*}
		sql -c "DROP TABLE IF EXISTS keep_$name" -c "CREATE TABLE keep_$name AS SELECT id FROM t_$name
			WHERE ${name}_extract_timestamp(id) >= date_trunc('day', '$2'::timestamptz)" >/dev/null
	done
}
check_kept() {
	local entry name result
	for entry in "${FORMATS[@]}"; do
		name=${entry%%|*}
		result=$(sql -c "SELECT (SELECT count(*) FROM t_$name), (SELECT count(*) FROM keep_$name),
			(SELECT count(*) FROM (SELECT id FROM t_$name EXCEPT SELECT id FROM keep_$name) AS extra),
			(SELECT count(*) FROM (SELECT id FROM keep_$name EXCEPT SELECT id FROM t_$name) AS lost),
			(SELECT count(*) FROM show_chunks('t_$name'))" 2>&1)
		IFS='|' read -r rows want extra lost chunks <<<"$result"
		check "$extra|$lost" = "0|0" -a "$rows" = "$want" -a "$want" -gt 0 "$name: $1: $rows rows left in $chunks chunks, exactly those of the cutoff's day and after ($want; $extra extra, $lost lost)"
	done
}
# older_than for a table: a timestamptz, or for Snowflake's integer dimension the id of that instant.
older_than() { if [ "$1" = snowflake ]; then echo "snowflake_boundary('$2')"; else echo "'$2'::timestamptz"; fi; }

cutoff=$(sql -c "SELECT now() - interval '5 days'")
keep_expected drop_chunks "$cutoff"
for entry in "${FORMATS[@]}"; do
	name=${entry%%|*}
	# The days wholly before the cutoff's that hold rows: one chunk each (5, but for a run across a UTC midnight).
	days=$(sql -c "SELECT extract(day FROM date_trunc('day', '$cutoff'::timestamptz)
		- date_trunc('day', min(${name}_extract_timestamp(id))))::integer FROM t_$name")
	dropped=$(sql -c "SELECT count(*) FROM drop_chunks('t_$name', older_than => $(older_than "$name" "$cutoff"))" 2>&1)
	check "$dropped" = "$days" "$name: drop_chunks(older_than => now() - 5 days) dropped $dropped chunks (expected $days)"
done
check_kept "drop_chunks"

# Timescale's retention policies and jobs are not in the Apache edition Debian packages.
output=$(sql -c "SELECT add_retention_policy('t_uuidv7', drop_after => interval '3 days')" 2>&1) && status=0 || status=$?
if [ $status != 0 ] && grep -q 'not supported under the current "apache" license' <<<"$output"; then
	ok "add_retention_policy is refused by the Apache edition: $(head -n 1 <<<"$output")"
elif [ $status = 0 ]; then
	echo "note - add_retention_policy is available here (timescaledb.license = $(sql -c 'SHOW timescaledb.license')): not exercised"
	sql -c "SELECT remove_retention_policy('t_uuidv7')" >/dev/null
else
	not_ok "add_retention_policy: $output"
fi

# The retention job of doc/timescaledb.md: drop_chunks on each table, run by pg_cron (here every second, until it
# has run once, and with a fixed cutoff rather than now() - interval '3 days', so that the rows it must keep are known).
cutoff=$(sql -c "SELECT now() - interval '3 days'")
keep_expected "retention job" "$cutoff"
body=""
for entry in "${FORMATS[@]}"; do
	name=${entry%%|*}
	body+="SELECT public.drop_chunks('public.t_$name', older_than => $(older_than "$name" "$cutoff"));"
done
sql -c "CREATE PROCEDURE retention() LANGUAGE sql BEGIN ATOMIC $body END" >/dev/null
if [ $cron = yes ]; then
	sql -c "SELECT cron.schedule('retention', '1 seconds', 'CALL public.retention()')" >/dev/null
	status=""
	for _ in $(seq 1 600); do # up to 2 minutes: a loaded machine may start its worker late
		status=$(sql -c "SELECT status || ': ' || coalesce(return_message, '') FROM cron.job_run_details
			WHERE status IN ('succeeded', 'failed') ORDER BY runid LIMIT 1")
		[ -n "$status" ] && break
		sleep 0.2
	done
	sql -c "SELECT cron.unschedule('retention')" >/dev/null
	check "${status%%:*}" = succeeded "retention job run by pg_cron: ${status:-did not run in 2 minutes}"
else
	echo "note - postgresql-$PG_MAJOR-cron could not be installed: the retention job is called directly"
	sql -c "CALL retention()" >/dev/null
fi
check_kept "retention job (now() - 3 days)"

# ---- doc/timescaledb.md as written: its sql timescaledb blocks in a schema of their own (the extensions are
# there), each "Chunks excluded during startup: N" its comments promise printed by its EXPLAINs in turn; then its
# sql timescaledb-cron block (the job scheduled, then removed) and the procedure that job calls ----
blocks() { awk -v tag="$1" '$0 == "```sql " tag { on = 1; next } /^```/ { on = 0 } on' "$IDENTITIES_ROOT/doc/timescaledb.md"; }
recipe=$(blocks timescaledb | grep -v '^CREATE EXTENSION')
if [ -z "$recipe" ]; then
	not_ok "doc/timescaledb.md has no sql timescaledb block"
elif ! output=$(printf 'CREATE SCHEMA recipe;\nSET search_path = recipe, public;\n%s\n' "$recipe" | sql 2>&1); then
	not_ok "doc/timescaledb.md's recipe fails: $output"
else
	promised=$(grep -o 'Chunks excluded during startup: [0-9]*' <<<"$recipe" | sed 's/.*: //' | xargs)
	printed=$(grep -o 'Chunks excluded during startup: [0-9]*' <<<"$output" | sed 's/.*: //' | xargs)
	check -n "$promised" -a "$printed" = "$promised" \
		"doc/timescaledb.md's recipe runs; its EXPLAINs exclude $printed chunks, as its comments say ($promised)"
fi
if [ $cron = yes ]; then
	recipe=$(blocks timescaledb-cron | grep -v '^CREATE EXTENSION')
	output=$(printf 'SET search_path = recipe, public;\n%s\nCALL events_retention();\n' "$recipe" | sql 2>&1) &&
		[ "$(sql -c "SELECT count(*) FROM cron.job WHERE command = 'CALL events_retention()'")" = 1 ] &&
		ok "doc/timescaledb.md's pg_cron job is scheduled, and the procedure it calls runs" ||
		not_ok "doc/timescaledb.md's pg_cron job: $output"
	sql -c "SELECT cron.unschedule('events-retention')" >/dev/null
fi

echo "timescaledb $candidate: $passed passed, $failed failed, $((SECONDS - started)) s"
[ "$failed" = 0 ]
