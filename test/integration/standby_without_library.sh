# A primary with identities preloaded, and servers replaying its WAL without the library (as on Debian, where a
# standby's postgresql.conf lives outside the data directory that pg_basebackup copies):
# 1. a streaming standby stops at the first high-water mark record, before applying it or anything after it,
#    and says why (the resource manager id, and to preload the library); once identities is preloaded it
#    replays on, and after a failover its generators start above every id of the primary (its clock set 10 s
#    behind with libfaketime when installed, so a missed mark would repeat ids);
# 2. a point-in-time restore from the base backup and archived WAL stops there likewise, then completes with
#    the library;
# 3. pg_waldump (which never loads libraries) reads the WAL through the records, showing their resource manager.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"

primary_port=55513 standby_port=55514 restore_port=55515
STARTED_SERVERS=()
trap stop_servers EXIT
fail() { echo "standby_without_library: $*"; exit 1; }
sql() { local port=$1; shift; psql_on "$port" -d postgres -X -At "$@"; }

archive=$IDENTITIES_WORK/wal_archive
as_postgres mkdir -p "$archive"
start_server nolib_primary $primary_port yes "archive_mode = on" "archive_command = 'cp %p $archive/%f'"
primary=$IDENTITIES_WORK/nolib_primary
standby=$IDENTITIES_WORK/nolib_standby
restore=$IDENTITIES_WORK/nolib_restore
sql $primary_port -c "CREATE EXTENSION identities" -c "CREATE TABLE plain (n integer)" \
	-c "CREATE TABLE drawn (phase integer, snowflake bigint, siq siq, iuid iuid, uuidv7 uuid)" >/dev/null
rmgr_id=$(sql $primary_port -c "SHOW identities.wal_resource_manager_id")
[ "$rmgr_id" = 211 ] || fail "the default resource manager id is $rmgr_id, not ours (211)"
grep -q "identities writes its high-water mark to the WAL under resource manager id $rmgr_id" \
	"$IDENTITIES_WORK/nolib_primary.log" || fail "the primary did not log its resource manager id"

# Base backups taken before any mark: one becomes the standby, the other is restored from the archive.
as_postgres "$PG_BIN/pg_basebackup" -h "$IDENTITIES_WORK" -p $primary_port -U postgres -D "$standby" -R -X stream
as_postgres cp -a "$standby" "$restore"
# without_library DATA PORT: the copied configuration, less shared_preload_libraries and archiving
without_library() {
	as_postgres sed -i -e '/^shared_preload_libraries/d' -e '/^archive_/d' "$1/postgresql.conf"
	echo "port = $2" | as_postgres tee -a "$1/postgresql.conf" >/dev/null
}
without_library "$standby" $standby_port
as_postgres "$PG_BIN/pg_ctl" -D "$standby" -w start -l "$IDENTITIES_WORK/nolib_standby.log" >/dev/null
STARTED_SERVERS+=("$standby")

wait_replayed() { # wait_replayed PORT LSN: true once the server has replayed up to LSN
	for attempt in $(seq 1 60); do
		[ "$(sql "$1" -c "SELECT pg_last_wal_replay_lsn() >= '$2'" 2>/dev/null)" = t ] && return 0
		sleep 0.5
	done
	return 1
}
sql $primary_port -c "INSERT INTO plain VALUES (1)" >/dev/null
wait_replayed $standby_port "$(sql $primary_port -c "SELECT pg_current_wal_flush_lsn()")" ||
	fail "the standby without identities did not replay WAL without marks"

# Ids on the primary: a mark record, then more rows.
before_mark=$(sql $primary_port -c "SELECT pg_current_wal_insert_lsn()")
generate() { # generate PORT PHASE
	sql "$1" -c "INSERT INTO drawn SELECT $2, snowflake_generate(), siq_generate('message'), iuid_generate(42, 7),
	                    uuidv7_generate() FROM generate_series(1, 20000)" >/dev/null
}
generate $primary_port 1
sql $primary_port -c "INSERT INTO plain VALUES (2)" -c "SELECT pg_switch_wal()" >/dev/null
after_mark=$(sql $primary_port -c "SELECT pg_current_wal_flush_lsn()")

# 1. The standby stops, says why, and applied nothing past the record.
for attempt in $(seq 1 60); do
	as_postgres "$PG_BIN/pg_ctl" -D "$standby" status >/dev/null || break
	sleep 0.5
done
as_postgres "$PG_BIN/pg_ctl" -D "$standby" status >/dev/null && fail "the standby without identities is still running"
stopped=$(grep -E "resource manager with ID $rmgr_id not registered|shared_preload_libraries" "$IDENTITIES_WORK/nolib_standby.log" || true)
echo "the standby without identities stopped: $stopped"
grep -q "FATAL:  resource manager with ID $rmgr_id not registered" <<<"$stopped" || fail "no FATAL naming the resource manager"
# (17 quotes the setting's name in the hint)
grep -qE 'HINT:  Include the extension module that implements this resource manager in "?shared_preload_libraries' <<<"$stopped" ||
	fail "no hint to preload the library"
grep -q '^shared_preload_libraries' "$standby/postgresql.conf" && fail "the standby had the library"
# Preloaded, it starts, replays the marks and the rows after them.
echo "shared_preload_libraries = 'identities'" | as_postgres tee -a "$standby/postgresql.conf" >/dev/null
faketime=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)
as_postgres env ${faketime:+LD_PRELOAD=$faketime FAKETIME=-10s} "$PG_BIN/pg_ctl" -D "$standby" -w start \
	-l "$IDENTITIES_WORK/nolib_standby.log" >/dev/null
wait_replayed $standby_port "$after_mark" || fail "the standby with identities did not catch up"
[ "$(sql $standby_port -c "SELECT count(*) FROM plain")" = 2 ] || fail "the standby lost rows"
[ "$(sql $standby_port -c "SELECT count(*) FROM drawn")" = 20000 ] || fail "the standby lost ids"
# A failover: the primary goes, the standby is promoted and generates.
as_postgres "$PG_BIN/pg_ctl" -D "$primary" -m immediate -w stop >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$standby" -w promote >/dev/null
generate $standby_port 2
report=$(sql $standby_port -c "
	SELECT concat_ws(' ',
	         CASE WHEN min(snowflake) FILTER (WHERE phase = 2) <= max(snowflake) FILTER (WHERE phase = 1) THEN 'snowflake' END,
	         CASE WHEN min(siq) FILTER (WHERE phase = 2) <= max(siq) FILTER (WHERE phase = 1) THEN 'siq' END,
	         CASE WHEN min(iuid) FILTER (WHERE phase = 2) <= max(iuid) FILTER (WHERE phase = 1) THEN 'iuid' END,
	         CASE WHEN min(uuidv7::text) FILTER (WHERE phase = 2) <= max(uuidv7::text) FILTER (WHERE phase = 1) THEN 'uuidv7' END,
	         CASE WHEN count(DISTINCT snowflake) + count(DISTINCT siq) + count(DISTINCT iuid) + count(DISTINCT uuidv7)
	                   <> 4 * count(*) THEN 'repeated' END)
	FROM drawn")
[ -z "$report" ] || fail "after the failover, ids went back or repeated: $report"
echo "the standby, once preloaded, replayed the marks: its ids after the failover are above the primary's${faketime:+ (clock 10 s behind)}"

# 2. A point-in-time restore from the archive, without the library, then with it.
without_library "$restore" $restore_port
as_postgres rm -f "$restore/standby.signal"
as_postgres touch "$restore/recovery.signal"
echo "restore_command = 'cp $archive/%f %p'" | as_postgres tee -a "$restore/postgresql.conf" >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$restore" -w start -l "$IDENTITIES_WORK/nolib_restore.log" >/dev/null 2>&1 &&
	fail "the restore without identities started"
grep -q "FATAL:  resource manager with ID $rmgr_id not registered" "$IDENTITIES_WORK/nolib_restore.log" ||
	fail "the restore without identities did not stop at the mark"
echo "shared_preload_libraries = 'identities'" | as_postgres tee -a "$restore/postgresql.conf" >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$restore" -w start -l "$IDENTITIES_WORK/nolib_restore.log" >/dev/null
STARTED_SERVERS+=("$restore")
for attempt in $(seq 1 60); do
	[ "$(sql $restore_port -c "SELECT pg_is_in_recovery()")" = f ] && break
	sleep 0.5
done
[ "$(sql $restore_port -c "SELECT count(*) FROM plain")" = 2 ] || fail "the restore lost rows"
echo "the restore without identities stopped at the mark; with it, it completed"

# 3. pg_waldump reads through the records (it loads no library: they show as a custom resource manager).
dump=$(as_postgres "$PG_BIN/pg_waldump" -p "$archive" -s "$before_mark" -e "$after_mark" 2>&1 || true)
grep -qE "rmgr: custom0*$rmgr_id" <<<"$dump" || { echo "$dump" | tail -n 20; fail "pg_waldump did not show the marks"; }
grep -q 'rmgr: Heap' <<<"$dump" || fail "pg_waldump did not read past the marks"
echo "pg_waldump: $(grep -cE "rmgr: custom0*$rmgr_id" <<<"$dump") high-water mark records, shown as $(grep -oE "custom0*$rmgr_id" <<<"$dump" | head -n 1)"
