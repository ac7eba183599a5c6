# The portable edition's generator statistics (identities_stats, identities_stats_reset): what it observes, what it
# leaves NULL, its resets and refusals, against the native edition's. On a server of its own (identities not
# preloaded, as on a managed service), both editions in one database (native in the schema native,
# portable in portable, installed by its plain script as a role that is no superuser, after that role's default
# privileges granted everything it creates to a plain role, as a managed service's do), and a hot standby of it:
#   1. the same view: its columns' names, types and order, and its formats in the same order; scope 'database';
#   2. the same node identity and epoch end for every format (and years left, to a thousandth), with the settings
#      unset, set in the session, derived from a Citus group (a stand-in pg_dist_local_group) and explicit on a
#      Citus node, under the default Snowflake epoch and under one set for the server (ALTER SYSTEM, reloaded);
#   3. counters: after a reset, 0 for Snowflake, SIQ and HotGuid and NULL for the formats whose generators draw from
#      no sequence (and for every column the edition cannot observe: waits, ids ahead, clock steps, the mark); ids
#      made by the plain role, rolled back too, move them by the tickets drawn from the sequences (exactly, and at
#      least the ids made), their newest id's time is that of the ids just made and behind the clock, and a reset
#      (of one format, of every one; a reset rolled back is none) takes them back to 0 and dates stats_reset;
#   4. refusals: the reset to the plain role (42501, whatever its default privileges granted) and an unknown format
#      (22023), with the native edition's SQLSTATEs and messages; the plain role reads the view but not the
#      baseline nor the sequences' positions, and reading or resetting holds no lock a generator waits for;
#   5. the hot standby: the view reads (counts and newest ids NULL: the registers are unlogged), node identity and
#      epoch as on the primary, the primary's reset time; a reset refused (25006), an unknown format 22023 there too.
# Prints "ok - ..." per check and ends with "N passed, N failed".
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
host_major_only # the portable edition's script is the same on every major

port=55691
standby_port=55692
database=portable_stats
owner=portable_stats_owner
reader=portable_stats_reader
configured_epoch='2020-01-01 00:00:00+00'
servers_stopped_on_exit "$IDENTITIES_WORK/portable_stats" "$IDENTITIES_WORK/portable_stats_standby" "$IDENTITIES_WORK/portable_stats_build"
check() { # check DESCRIPTION ACTUAL EXPECTED
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got [$2], expected [$3]"; fi
}
as() { # as ROLE [PORT] QUERY: the query's rows as ROLE
	local role=$1 on_port=$port
	[ $# -eq 3 ] && { on_port=$2; shift; }
	sql_on "$on_port" $database -U "$role" -c "$2"
}
error_of() { # error_of ROLE [PORT] STATEMENT: "SQLSTATE: message" of the error it fails with, or "no error"
	local role=$1 on_port=$port output
	[ $# -eq 3 ] && { on_port=$2; shift; }
	if output=$(sql_on "$on_port" $database -U "$role" -v VERBOSITY=verbose -c "$2" 2>&1 >/dev/null); then
		echo "no error"
	else
		sed -n '1s/^ERROR:  //p' <<<"$output"
	fi
}

# --- the server, the roles, both editions ---------------------------------------------------------------------
# Not preloaded: a session that does not use the native edition has no identities.* setting but those set, as on a
# managed service (the library's defaults, 0, would read as set to the portable edition).
start_server portable_stats $port no
sql_on $port postgres >/dev/null <<SQL
CREATE ROLE $owner LOGIN NOSUPERUSER;
CREATE ROLE $reader LOGIN NOSUPERUSER;
CREATE DATABASE $database;
GRANT CREATE ON DATABASE $database TO $owner;
SQL
build=$IDENTITIES_WORK/portable_stats_build
as_postgres mkdir -p "$build"
as_postgres tee "$build/identities_portable.sql" <"$(portable_edition --schema portable)/identities_portable.sql" >/dev/null
sql_on $port $database -c 'CREATE SCHEMA native' -c 'CREATE EXTENSION identities SCHEMA native' >/dev/null
# as a managed service's default privileges do: everything the owner creates granted to the plain role
as $owner "ALTER DEFAULT PRIVILEGES GRANT ALL ON TABLES TO $reader; ALTER DEFAULT PRIVILEGES GRANT ALL ON FUNCTIONS TO $reader;
	ALTER DEFAULT PRIVILEGES GRANT ALL ON SEQUENCES TO $reader" >/dev/null
sql_on $port $database -U $owner -f "$build/identities_portable.sql" >/dev/null
as $owner "GRANT USAGE ON SCHEMA portable TO $reader" >/dev/null
sql_on $port $database -c "GRANT USAGE ON SCHEMA native TO $reader" >/dev/null

# --- 1. the same view -------------------------------------------------------------------------------------------
columns() { # columns SCHEMA: the view's columns, in order, with their types
	value $database "SELECT string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod), ', ' ORDER BY a.attnum)
		FROM pg_attribute AS a WHERE a.attrelid = '$1.identities_stats'::regclass AND a.attnum > 0 AND NOT a.attisdropped"
}
check "the view's columns, their types and order are the native edition's" "$(columns portable)" "$(columns native)"
check "the same formats, in the same order" "$(value $database 'SELECT string_agg(format, $$,$$) FROM portable.identities_stats')" \
	"$(value $database 'SELECT string_agg(format, $$,$$) FROM native.identities_stats')"
check "scope: the database's (its sequences and registers)" \
	"$(value $database "SELECT string_agg(DISTINCT scope, ',') FROM portable.identities_stats")" database

# --- 2. node identity and epoch end, as the native edition computes them ---------------------------------------
# The columns both editions compute, one "format|node_identity|epoch_end|years_left_agree" per format (the epoch's
# end as Unix microseconds: the same instant whatever the session's time zone; whether the years left agree with it
# to a thousandth), compared between the editions.
computed() { # computed SCHEMA [SETTINGS]: after the SQL SETTINGS in the same session
	value $database "${2:-SELECT 1}; SELECT string_agg(format || '|' || coalesce(node_identity, '(null)') || '|'
		|| (extract(epoch FROM epoch_end) * 1000000)::numeric(30, 0) || '|'
		|| (abs(epoch_years_left::numeric - extract(epoch FROM epoch_end - clock_timestamp()) / (365.2425 * 86400)) < 0.001),
		' ' ORDER BY format) FROM $1.identities_stats" | tail -n 1
}
same_computed() { # same_computed DESCRIPTION [SETTINGS]
	local native portable
	native=$(computed native "${2:-}")
	portable=$(computed portable "${2:-}")
	check "$1: node identity, epoch end and years left as the native edition's" "$portable" "$native"
	[[ $portable != *'|f'* && $portable == *'|t'* ]] || not_ok "$1: years left do not match the epoch's end: $portable"
}
same_computed "settings unset, the default Snowflake epoch (Discord's)"
same_computed "settings set in the session" \
	"SET identities.snowflake_worker = 3; SET identities.snowflake_process = 17; SET identities.siq_shard = 200"
check "the node identity set in the session" \
	"$(value $database "SET identities.snowflake_worker = 3; SET identities.snowflake_process = 17; SET identities.siq_shard = 200;
		SELECT string_agg(node_identity, ' / ' ORDER BY format) FROM portable.identities_stats" | tail -n 1)" "shard 200 / worker 3, process 17"
sql_on $port $database >/dev/null <<'SQL'
SET allow_system_table_mods = on;
CREATE TABLE pg_catalog.pg_dist_local_group (groupid integer NOT NULL);
INSERT INTO pg_catalog.pg_dist_local_group VALUES (1061);
SQL
same_computed "a Citus node of group 1061, settings unset"
check "derived from the Citus group 1061" \
	"$(value $database "SELECT string_agg(node_identity, ' / ' ORDER BY format) FROM portable.identities_stats")" \
	"shard 37 (Citus group 1061) / worker 1, process 5 (Citus group 1061)"
same_computed "a Citus node of group 1061, settings set" "SET identities.snowflake_process = 9; SET identities.siq_shard = 0"
sql_on $port $database -c 'SET allow_system_table_mods = on' -c 'DROP TABLE pg_catalog.pg_dist_local_group' >/dev/null
# the server's Snowflake epoch (the native edition's is a SIGHUP setting, known once its library is loaded), read
# by new sessions once reloaded
sql_on $port postgres -c "LOAD 'identities'" -c "ALTER SYSTEM SET identities.snowflake_epoch = '$configured_epoch'" -c 'SELECT pg_reload_conf()' >/dev/null
for _ in $(seq 600); do
	[ "$(value $database "SELECT current_setting('identities.snowflake_epoch', true)")" = "$configured_epoch" ] && break
	sleep 0.1
done
same_computed "the Snowflake epoch $configured_epoch"
check "the configured epoch's end: 2^41 - 1 ms after it" \
	"$(value $database "SELECT epoch_end = timestamptz '$configured_epoch' + interval '2199023255551 milliseconds' FROM portable.identities_stats WHERE format = 'snowflake'")" t

# --- 3. counters ------------------------------------------------------------------------------------------------
counted=(hotguid siq snowflake)
declare -A sequence=([hotguid]=identities_hotguid_counters [siq]=identities_siq_tickets [snowflake]=identities_snowflake_tickets)
declare -A generator=([hotguid]='hotguid_generate(7)' [siq]="siq_generate('user')" [snowflake]='snowflake_generate()')
drawn() { # drawn FORMAT: where its sequence stands (the next value it hands out)
	value $database "SELECT last_value + is_called::integer FROM portable.${sequence[$1]}"
}
check "a reset of every format, by the owner: 8" "$(as $owner 'SELECT portable.identities_stats_reset()')" 8
check "after it: 0 for the formats counted by a sequence, NULL for the others, stats_reset set" \
	"$(as $reader "SELECT string_agg(format || ' ' || coalesce(ids_generated::text, 'NULL') || ' ' || (stats_reset IS NOT NULL), ', ' ORDER BY format) FROM portable.identities_stats")" \
	"distributedid NULL true, distributedid128 NULL true, hotguid 0 true, iuid NULL true, siq 0 true, snowflake 0 true, ulid NULL true, uuidv7 NULL true"
check "NULL for what the edition cannot observe: waits, ids ahead, clock steps, the high-water mark" \
	"$(as $reader "SELECT count(*) FROM portable.identities_stats WHERE num_nonnulls(ids_waited, wait_time_ms, ids_ahead_of_clock,
		max_ahead_of_clock_ms, clock_steps_back, max_clock_step_back_ms, high_water_mark, high_water_mark_ahead_ms) > 0")" 0
declare -A before
for format in "${counted[@]}"; do before[$format]=$(drawn $format); done
started=$(value $database "SELECT date_trunc('second', clock_timestamp())")
as $reader "SELECT count(portable.${generator[hotguid]}), count(portable.${generator[siq]}), count(portable.${generator[snowflake]}),
	count(portable.distributedid_generate()), count(portable.uuidv7_generate()), count(portable.ulid_generate())
	FROM generate_series(1, 1000)" >/dev/null
# ids made and rolled back were made: the native edition counts them too
sql_on $port $database -U $reader >/dev/null <<SQL
BEGIN;
SELECT portable.${generator[hotguid]}, portable.${generator[siq]}, portable.${generator[snowflake]} FROM generate_series(1, 10);
ROLLBACK;
SQL
for format in "${counted[@]}"; do
	counted_now=$(as $reader "SELECT ids_generated FROM portable.identities_stats WHERE format = '$format'")
	check "$format: the ids counted are the tickets drawn since the reset" "$counted_now" $(($(drawn $format) - before[$format]))
	[ "$counted_now" -ge 1010 ] && ok "$format: at least the 1010 ids made ($counted_now)" ||
		not_ok "$format: $counted_now counted, fewer than the 1010 ids made"
	newest=$(as $reader "SELECT newest_id_time >= '$started' AND newest_id_time <= clock_timestamp()
		AND newest_ahead_of_clock_ms <= 0 AND newest_ahead_of_clock_ms >= -1000 * extract(epoch FROM clock_timestamp() - '$started')
		FROM portable.identities_stats WHERE format = '$format'")
	check "$format: the newest id is of the ids just made, and behind the clock by the time since" "$newest" t
done
check "the formats that draw from no sequence count nothing" \
	"$(as $reader "SELECT count(*) FROM portable.identities_stats WHERE format NOT IN ('hotguid', 'siq', 'snowflake') AND num_nonnulls(ids_generated, newest_id_time, newest_ahead_of_clock_ms) > 0")" 0
reset_at() { value $database "SELECT stats_reset FROM portable.identities_stats WHERE format = '$1'"; }
earlier=$(reset_at siq)
check "a reset rolled back is none" "$(sql_on $port $database -U $owner -c 'BEGIN' -c 'SELECT portable.identities_stats_reset()' -c 'ROLLBACK' >/dev/null
	value $database "SELECT ids_generated >= 1010 FROM portable.identities_stats WHERE format = 'snowflake'")" t
check "a reset of one format: 1" "$(as $owner "SELECT portable.identities_stats_reset('snowflake')")" 1
check "only Snowflake's count back to 0, its reset dated after the others'" \
	"$(value $database "SELECT string_agg(format || ' ' || (ids_generated = 0) || ' ' || (stats_reset > '$earlier'), ', ' ORDER BY format)
		FROM portable.identities_stats WHERE ids_generated IS NOT NULL")" "hotguid false false, siq false false, snowflake true true"
check "the reset of every format: 8" "$(as $owner "SELECT portable.identities_stats_reset(NULL)")" 8
check "every count back to 0, every reset at one instant" \
	"$(value $database "SELECT sum(ids_generated) || ' ' || count(DISTINCT stats_reset) FROM portable.identities_stats")" "0 1"

# --- 4. refusals and privileges ---------------------------------------------------------------------------------
for statement in "SELECT %s.identities_stats_reset()" "SELECT %s.identities_stats_reset('snowflake')"; do
	# shellcheck disable=SC2059 # the statement is the format
	native=$(error_of $reader "$(printf "$statement" native)")
	# shellcheck disable=SC2059
	portable=$(error_of $reader "$(printf "$statement" portable)")
	check "$(printf "$statement" portable) refused to a plain role as in the native edition (42501)" "$portable" "$native"
	[[ $portable == 42501:* ]] || not_ok "not 42501: $portable"
done
for unknown in luuid nonsense Snowflake ''; do
	check "identities_stats_reset('$unknown'): 22023 as in the native edition" "$(error_of $owner "SELECT portable.identities_stats_reset('$unknown')")" \
		"$(error_of postgres "SELECT native.identities_stats_reset('$unknown')")"
done
[[ $(error_of $owner "SELECT portable.identities_stats_reset('luuid')") == '22023: "luuid" is not a format with a generator' ]] &&
	ok "the unknown format's refusal is 22023" || not_ok "the unknown format's refusal is not 22023"
for statement in "SELECT * FROM portable.identities_stats_baseline" "UPDATE portable.identities_stats_baseline SET next_value = 0" \
	"SELECT * FROM portable.identities_stats_positions()" "SELECT last_value FROM portable.identities_snowflake_tickets"; do
	check "the plain role, granted everything by default privileges: $statement refused" "$(error_of $reader "$statement" | cut -c 1-5)" 42501
done
check "the plain role holds no right on the baseline nor on the reset" \
	"$(value $database "SELECT has_table_privilege('$reader', 'portable.identities_stats_baseline', 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE')
		OR has_function_privilege('$reader', 'portable.identities_stats_reset(text)', 'EXECUTE')")" f
# reading and resetting take no lock that nextval or setval (RowExclusiveLock) waits for, but on the baseline
check "reading the view and resetting lock the generators' sequences only as readers" \
	"$(sql_on $port $database -U $owner -c 'BEGIN' -c 'SELECT count(*) FROM portable.identities_stats' -c 'SELECT portable.identities_stats_reset()' \
		-c "SELECT string_agg(DISTINCT l.mode, ',') FROM pg_locks AS l JOIN pg_class AS c ON c.oid = l.relation
			WHERE l.pid = pg_backend_pid() AND c.relnamespace = 'portable'::regnamespace AND c.relkind = 'S'" -c 'ROLLBACK' | tail -n 1)" AccessShareLock

# --- 5. the hot standby -----------------------------------------------------------------------------------------
as $reader "SELECT portable.snowflake_generate(), portable.siq_generate('user'), portable.hotguid_generate(1)" >/dev/null
as $owner "SELECT portable.identities_stats_reset('siq')" >/dev/null
standby=$IDENTITIES_WORK/portable_stats_standby
as_postgres "$PG_BIN/pg_basebackup" -D "$standby" -R -X stream -c fast -h "$IDENTITIES_WORK" -p $port -U postgres
echo "port = $standby_port" | as_postgres tee -a "$standby/postgresql.conf" >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$standby" -l "$IDENTITIES_WORK/portable_stats_standby.log" -w start >/dev/null
STARTED_SERVERS+=("$standby")
check "the standby is in recovery" "$(as $reader $standby_port 'SELECT pg_is_in_recovery()')" t
primary_view=$(as $reader "SELECT string_agg(format || ' ' || coalesce(node_identity, '-') || ' ' || epoch_end || ' ' || coalesce(stats_reset::text, '-'), ', ' ORDER BY format) FROM portable.identities_stats")
check "on the standby: node identity, epoch end and reset times as on the primary" \
	"$(as $reader $standby_port "SELECT string_agg(format || ' ' || coalesce(node_identity, '-') || ' ' || epoch_end || ' ' || coalesce(stats_reset::text, '-'), ', ' ORDER BY format) FROM portable.identities_stats")" \
	"$primary_view"
check "on the standby: no count and no newest id (the registers are unlogged, the sequences the primary's)" \
	"$(as $reader $standby_port "SELECT count(*) FROM portable.identities_stats WHERE num_nonnulls(ids_generated, newest_id_time, newest_ahead_of_clock_ms) > 0")" 0
check "on the standby: a reset refused as read-only (25006)" "$(error_of $owner $standby_port 'SELECT portable.identities_stats_reset()' | cut -c 1-5)" 25006
check "on the standby: an unknown format still 22023" "$(error_of $owner $standby_port "SELECT portable.identities_stats_reset('luuid')" | cut -c 1-5)" 22023

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
