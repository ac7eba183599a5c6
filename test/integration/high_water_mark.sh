# The high-water mark keeps every generator above the ids a server issued, whatever its clock says afterwards:
# 1. an immediate restart (no shutdown checkpoint) whose clock is 30 s behind: Snowflake, SIQ, iUID and UUIDv7
#    ids keep increasing, HotGuid's seconds do not go back, nothing repeats;
# 2. a failover: a streaming standby (pg_basebackup, its clock 10 s behind the primary's), promoted after the
#    primary stopped immediately, continues above every id the primary issued, with the same Snowflake worker
#    and SIQ shard (copied with the configuration), so a repeat would be a real duplicate.
# The clocks are set back with libfaketime; the test checks they are, so it cannot pass for want of a clock behind.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/include/drawn_ids.sh"

primary_port=55511 standby_port=55512
faketime=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)
[ -n "$faketime" ] || { echo "skipped: libfaketime is not installed"; exit 77; }
STARTED_SERVERS=()
trap stop_servers EXIT
fail() { echo "$*"; exit 1; }
sql() { local port=$1; shift; psql_on "$port" -d postgres -X -At "$@"; }

start_server hwm_primary $primary_port yes
primary=$IDENTITIES_WORK/hwm_primary
standby=$IDENTITIES_WORK/hwm_standby
# restart_behind DATA SECONDS: an immediate restart with the server's clock that many seconds behind.
restart_behind() {
	as_postgres env LD_PRELOAD="$faketime" FAKETIME="-$2s" "$PG_BIN/pg_ctl" -D "$1" -m immediate -w restart \
		-l "$IDENTITIES_WORK/$(basename "$1").log" >/dev/null
}
# clock_lag PORT: how many whole seconds the server's clock is behind this machine's.
clock_lag() { echo $(($(date +%s) - $(sql "$1" -c "SELECT floor(extract(epoch FROM clock_timestamp()))"))); }

on_primary() { sql $primary_port -c "$1"; }
on_standby() { sql $standby_port -c "$1"; }
on_primary "CREATE EXTENSION identities"
on_primary "$DRAWN_IDS_TABLE" >/dev/null
# check SQL PHASE: the ids of PHASE lie above those of every earlier phase; nothing repeats.
check() {
	local report
	report=$(ids_not_above "$1" "$2")
	[ -z "$report" ] || fail "phase $2: went back or repeated: $report"
}

# 1. An immediate restart with the clock set back.
draw_ids on_primary 1
restart_behind "$primary" 30
lag=$(clock_lag $primary_port)
[ "$lag" -ge 29 ] || fail "the restarted server's clock is not behind (by $lag s)"
draw_ids on_primary 2
check on_primary 2

# 2. A failover to a standby whose clock is behind.
as_postgres "$PG_BIN/pg_ctl" -D "$primary" -m fast -w restart -l "$IDENTITIES_WORK/hwm_primary.log" >/dev/null
as_postgres "$PG_BIN/pg_basebackup" -h "$IDENTITIES_WORK" -p $primary_port -U postgres -D "$standby" -R -X stream
echo "port = $standby_port" | as_postgres tee -a "$standby/postgresql.conf" >/dev/null
as_postgres env LD_PRELOAD="$faketime" FAKETIME="-10s" "$PG_BIN/pg_ctl" -D "$standby" -w start \
	-l "$IDENTITIES_WORK/hwm_standby.log" >/dev/null
STARTED_SERVERS+=("$standby")
draw_ids on_primary 3
# Everything the primary wrote, marks included, has reached the standby before the primary goes.
lsn=$(sql $primary_port -c "SELECT pg_current_wal_flush_lsn()")
for attempt in $(seq 1 60); do
	[ "$(sql $standby_port -c "SELECT pg_last_wal_replay_lsn() >= '$lsn'")" = t ] && break
	sleep 0.5
done
[ "$(sql $standby_port -c "SELECT count(*) FROM drawn WHERE phase = 3")" = 20000 ] || fail "the standby did not catch up"
as_postgres "$PG_BIN/pg_ctl" -D "$primary" -m immediate -w stop >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$standby" -w promote >/dev/null
lag=$(clock_lag $standby_port)
[ "$lag" -ge 9 ] || fail "the standby's clock is not behind (by $lag s)"
draw_ids on_standby 4
check on_standby 4
