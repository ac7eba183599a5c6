# The high-water mark's durable path, run for real: a server with fsync = on and synchronous_commit = on, traced
# with strace while it generates. The backend that moves the mark writes identities_high_water_mark.tmp, fsyncs
# it, renames it over identities_high_water_mark and fsyncs the data directory, in that order. Then the server
# crashes (the postmaster killed with SIGKILL, as a power cut would leave it: no shutdown checkpoint) and
# restarts with its clock 30 s behind and no WAL records of the mark (identities.wal_resource_manager_id = 0),
# so only the file can keep its generators above the ids issued before the crash: they are.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"

port=55517
command -v strace >/dev/null || { echo "skipped: strace is not installed"; exit 77; }
faketime=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)
[ -n "$faketime" ] || { echo "skipped: libfaketime is not installed"; exit 77; }
STARTED_SERVERS=()
trap stop_servers EXIT
fail() { echo "durable_mark: $*"; exit 1; }
sql() { psql_on $port -d postgres -X -At "$@"; }

start_server durable $port yes "fsync = on" "synchronous_commit = on" "identities.wal_resource_manager_id = 0"
data=$IDENTITIES_WORK/durable
[ "$(sql -c "SHOW fsync")/$(sql -c "SHOW synchronous_commit")" = on/on ] || fail "fsync and synchronous_commit are not on"
sql -c "CREATE EXTENSION identities" -c "CREATE TABLE drawn (phase integer, snowflake bigint, siq siq, iuid iuid)" >/dev/null

# Every process the postmaster forks is traced (-f), the backend of the next connection among them.
trace=$IDENTITIES_WORK/durable.strace
postmaster=$(head -n 1 "$data/postmaster.pid")
strace -f -qq -e trace=openat,fsync,fdatasync,rename,renameat,renameat2,close -o "$trace" -p "$postmaster" &
tracer=$!
sleep 1 # strace attaches
sql -c "INSERT INTO drawn SELECT 1, snowflake_generate(), siq_generate('message'), iuid_generate(42, 7)
        FROM generate_series(1, 20000)" >/dev/null
sleep 1.5 # past the mark: it moves at least once more while ids come
sql -c "INSERT INTO drawn SELECT 1, snowflake_generate(), siq_generate('message'), iuid_generate(42, 7)
        FROM generate_series(1, 20000)" >/dev/null
kill "$tracer"
wait "$tracer" 2>/dev/null || true

# The order of the system calls of one move, as the trace shows them (per process).
order=$(python3 - "$trace" <<'PYTHON'
import re, sys
# Per process: the temporary file opened for writing, fsynced, renamed over the mark, then "." opened and fsynced.
state, temporary, directory = {}, {}, {}
for line in open(sys.argv[1]):
    m = re.match(r"(\d+) +(\w+)\((.*)\) += (-?\d+)", line)
    if not m:
        continue
    pid, call, args, result = m.group(1), m.group(2), m.group(3), m.group(4)
    if call == "openat" and '"identities_high_water_mark.tmp"' in args and "O_WRONLY" in args:
        temporary[pid], state[pid] = result, "written"
    elif call == "fsync" and args == temporary.get(pid) and state.get(pid) == "written":
        state[pid] = "synced"
    elif call.startswith("rename") and '"identities_high_water_mark.tmp"' in args and result == "0" and state.get(pid) == "synced":
        state[pid] = "renamed"
    elif call == "openat" and args.startswith('AT_FDCWD, ".",') and state.get(pid) == "renamed":
        directory[pid] = result
    elif call == "fsync" and args == directory.get(pid) and state.get(pid) == "renamed":
        print("durable")
        state[pid] = None
PYTHON
)
order=$(grep -c durable <<<"$order" || true)
echo "moves of the mark written, fsynced, renamed and the directory fsynced: $order"
[ "$order" -gt 0 ] || { grep -E 'identities_high_water_mark|fsync|"\."' "$trace" | head -n 40; fail "no durable move traced"; }

mark=$(as_postgres cat "$data/identities_high_water_mark")
before=$(sql -c "SELECT max(snowflake) FROM drawn")
# A crash: the postmaster and its children killed, no checkpoint; the clock 30 s behind at the restart.
kill -KILL "$postmaster"
for attempt in $(seq 1 20); do kill -0 "$postmaster" 2>/dev/null || break; sleep 0.25; done
pkill -KILL -f -- "-D $data" 2>/dev/null || true
sleep 1
as_postgres rm -f "$data/postmaster.pid"
as_postgres env LD_PRELOAD="$faketime" FAKETIME="-30s" "$PG_BIN/pg_ctl" -D "$data" -w start \
	-l "$IDENTITIES_WORK/durable.log" >/dev/null
lag=$(($(date +%s) - $(sql -c "SELECT floor(extract(epoch FROM clock_timestamp()))")))
[ "$lag" -ge 29 ] || fail "the restarted server's clock is not behind (by $lag s)"
[ "$(as_postgres cat "$data/identities_high_water_mark")" -ge "$mark" ] || fail "the file went back"
sql -c "INSERT INTO drawn SELECT 2, snowflake_generate(), siq_generate('message'), iuid_generate(42, 7)
        FROM generate_series(1, 20000)" >/dev/null
report=$(sql -c "
	SELECT concat_ws(' ',
	         CASE WHEN min(snowflake) FILTER (WHERE phase = 2) <= $before THEN 'snowflake' END,
	         CASE WHEN min(siq) FILTER (WHERE phase = 2) <= max(siq) FILTER (WHERE phase = 1) THEN 'siq' END,
	         CASE WHEN min(iuid) FILTER (WHERE phase = 2) <= max(iuid) FILTER (WHERE phase = 1) THEN 'iuid' END,
	         CASE WHEN min(snowflake_extract_timestamp(snowflake)) FILTER (WHERE phase = 2)
	                   < to_timestamp($mark / 1e6) THEN 'below the mark' END)
	FROM drawn")
[ -z "$report" ] || fail "after the crash, ids went back: $report"
echo "after a crash with the clock 30 s behind and no WAL records, the generators started at the file's mark"
