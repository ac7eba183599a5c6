# A primary with identities preloaded, and servers replaying its WAL without the library (as on Debian, where a
# standby's postgresql.conf lives outside the data directory that pg_basebackup copies):
# 1. a streaming standby stops at the first high-water mark record, before applying it or anything after it,
#    and says why (the resource manager id, and to preload the library); once identities is preloaded it
#    replays on, and after a failover its generators start above every id of the primary (its clock set 10 s
#    behind with libfaketime when installed, so a missed mark would repeat ids);
# 2. a point-in-time restore from the base backup and archived WAL stops there likewise, then completes with
#    the library;
# 3. pg_waldump (which never loads libraries) reads the WAL through the records, showing their resource manager;
#    pg_walinspect on the primary (which has the library) names and describes them;
# 4. a restore with the library from an archive where one mark record was damaged (its CRC recomputed, so only
#    our redo can tell: another record type, or data of another length) stops at that record with a PANIC
#    naming identities and what was wrong, instead of applying a mark read from it.
# Every wait is for the state the next step needs (a replayed LSN, an archived segment, a server gone), bounded,
# and fails with what it was waiting for.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"

primary_port=55513 standby_port=55514 restore_port=55515 damaged_port=55516
STARTED_SERVERS=()
trap stop_servers EXIT
fail() { echo "standby_without_library: $*"; exit 1; }
sql() { local port=$1; shift; psql_on "$port" -d postgres -X -At "$@"; }
# wait_for SECONDS WHAT COMMAND...: runs COMMAND every 0.2 s until it succeeds; fails with WHAT after SECONDS.
wait_for() {
	local seconds=$1 what=$2 deadline=$((SECONDS + $1))
	shift 2
	until "$@"; do
		[ $SECONDS -lt $deadline ] || fail "$what (waited ${seconds} s)"
		sleep 0.2
	done
}
replayed() { [ "$(sql "$1" -c "SELECT pg_last_wal_replay_lsn() >= '$2'" 2>/dev/null)" = t ]; } # replayed PORT LSN
stopped() { ! as_postgres "$PG_BIN/pg_ctl" -D "$1" status >/dev/null 2>&1; }                     # stopped DATA
recovered() { [ "$(sql "$1" -c "SELECT pg_is_in_recovery()" 2>/dev/null)" = f ]; }               # recovered PORT
# archived PORT SEGMENT: the primary's archiver has archived SEGMENT (it archives in order: and every one before).
archived() { [ "$(sql "$1" -c "SELECT last_archived_wal >= '$2' FROM pg_stat_archiver")" = t ]; }

archive=$IDENTITIES_WORK/wal_archive
as_postgres mkdir -p "$archive"
start_server nolib_primary $primary_port yes "archive_mode = on" "archive_command = 'cp %p $archive/%f'"
primary=$IDENTITIES_WORK/nolib_primary
standby=$IDENTITIES_WORK/nolib_standby
restore=$IDENTITIES_WORK/nolib_restore
sql $primary_port -c "CREATE EXTENSION identities" -c "CREATE EXTENSION pg_walinspect" -c "CREATE TABLE plain (n integer)" \
	-c "CREATE TABLE drawn (phase integer, snowflake bigint, siq siq, iuid iuid, uuidv7 uuid)" >/dev/null
rmgr_id=$(sql $primary_port -c "SHOW identities.wal_resource_manager_id")
[ "$rmgr_id" = 211 ] || fail "the default resource manager id is $rmgr_id, not ours (211)"
grep -q "identities writes its high-water mark to the WAL under resource manager id $rmgr_id" \
	"$IDENTITIES_WORK/nolib_primary.log" || fail "the primary did not log its resource manager id"
wal_layout=$(sql $primary_port -c "SELECT string_agg(setting, ' ' ORDER BY name) FROM pg_settings
                                    WHERE name IN ('wal_block_size', 'wal_segment_size')") # bytes: page, segment

# Base backups taken before any mark: one becomes the standby, the others are restored from the archive.
as_postgres "$PG_BIN/pg_basebackup" -h "$IDENTITIES_WORK" -p $primary_port -U postgres -D "$standby" -R -X stream
for copy in "$restore" "$IDENTITIES_WORK/damaged_info" "$IDENTITIES_WORK/damaged_length"; do
	as_postgres cp -a "$standby" "$copy"
done
# without_library DATA PORT: the copied configuration, less shared_preload_libraries and archiving
without_library() {
	as_postgres sed -i -e '/^shared_preload_libraries/d' -e '/^archive_/d' "$1/postgresql.conf"
	echo "port = $2" | as_postgres tee -a "$1/postgresql.conf" >/dev/null
}
# restore_from DATA ARCHIVE: a point-in-time restore (not a standby) from ARCHIVE
restore_from() {
	as_postgres rm -f "$1/standby.signal"
	as_postgres touch "$1/recovery.signal"
	echo "restore_command = 'cp $2/%f %p'" | as_postgres tee -a "$1/postgresql.conf" >/dev/null
}
# start_until_stopped DATA LOG WHAT: starts a server that must stop by itself in recovery, and waits until it has.
# pg_ctl's own verdict is not one: a server in recovery accepts read-only connections once consistent (pg_ctl
# -w then reports it started) and may reach the record after. A server that ends recovery fails at once.
start_until_stopped() {
	local data=$1 log=$2 what=$3
	STARTED_SERVERS+=("$data")
	as_postgres "$PG_BIN/pg_ctl" -D "$data" -w start -l "$log" >/dev/null 2>&1 || true
	wait_for 120 "$what is still running" stopped_or_recovered "$data" "$log"
	grep -q 'ready to accept connections' "$log" && fail "$what completed recovery; its log: $(tail -n 5 "$log")"
	return 0
}
stopped_or_recovered() { stopped "$1" || grep -q 'ready to accept connections' "$2"; }
without_library "$standby" $standby_port
as_postgres "$PG_BIN/pg_ctl" -D "$standby" -w start -l "$IDENTITIES_WORK/nolib_standby.log" >/dev/null
STARTED_SERVERS+=("$standby")

sql $primary_port -c "INSERT INTO plain VALUES (1)" >/dev/null
wait_for 120 "the standby without identities did not replay WAL without marks" \
	replayed $standby_port "$(sql $primary_port -c "SELECT pg_current_wal_flush_lsn()")"

# Ids on the primary: mark records, then more rows, and the segment switched and archived (the restores read it).
before_mark=$(sql $primary_port -c "SELECT pg_current_wal_insert_lsn()")
generate() { # generate PORT PHASE
	sql "$1" -c "INSERT INTO drawn SELECT $2, snowflake_generate(), siq_generate('message'), iuid_generate(42, 7),
	                    uuidv7_generate() FROM generate_series(1, 20000)" >/dev/null
}
generate $primary_port 1
last_segment=$(sql $primary_port -c "INSERT INTO plain VALUES (2)" -c "SELECT pg_walfile_name(pg_switch_wal())")
after_mark=$(sql $primary_port -c "SELECT pg_current_wal_flush_lsn()")
deadline=$((SECONDS + 120))
until archived $primary_port "$last_segment"; do
	[ $SECONDS -lt $deadline ] || fail "the primary did not archive $last_segment, the last segment of the marks, in 120 s: $(
		sql $primary_port -c "SELECT format('last archived %s, %s failures, last failed %s', last_archived_wal,
		                                    failed_count, last_failed_wal) FROM pg_stat_archiver")"
	sleep 0.2
done

# pg_walinspect runs our identify and desc: each mark named, its 8 bytes read as a mark of this run.
marks=$(sql $primary_port -c "
	SELECT count(*) FILTER (WHERE record_type = 'HIGH_WATER_MARK' AND main_data_length = 8
	                          AND description ~ '^ids below [0-9]+ us after 1970$'
	                          AND substring(description FROM '[0-9]+')::numeric
	                              BETWEEN extract(epoch FROM pg_postmaster_start_time()) * 1e6
	                                  AND extract(epoch FROM clock_timestamp()) * 1e6 + 3e6), count(*)
	FROM pg_get_wal_records_info('$before_mark', '$after_mark') WHERE resource_manager = 'identities'")
IFS='|' read -r described_marks all_marks <<<"$marks"
[ "$all_marks" -gt 0 ] && [ "$described_marks" = "$all_marks" ] ||
	fail "pg_walinspect did not describe every mark record as one: $described_marks of $all_marks"
first_mark=$(sql $primary_port -c "SELECT start_lsn FROM pg_get_wal_records_info('$before_mark', '$after_mark')
                                    WHERE resource_manager = 'identities' ORDER BY start_lsn LIMIT 1")
echo "pg_walinspect on the primary: $all_marks high-water mark records, each described as a mark of this run"

# 1. The standby stops, says why, and applied nothing past the record.
wait_for 120 "the standby without identities is still running" stopped "$standby"
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
	-l "$IDENTITIES_WORK/nolib_standby.log" >/dev/null ||
	fail "the standby with identities did not start; its log: $(tail -n 5 "$IDENTITIES_WORK/nolib_standby.log")"
wait_for 120 "the standby with identities did not catch up" replayed $standby_port "$after_mark"
[ "$(sql $standby_port -c "SELECT count(*) FROM plain")" = 2 ] || fail "the standby lost rows"
[ "$(sql $standby_port -c "SELECT count(*) FROM drawn")" = 20000 ] || fail "the standby lost ids"
# A failover: the primary goes, the standby is promoted and generates.
as_postgres "$PG_BIN/pg_ctl" -D "$primary" -m immediate -w stop >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$standby" -w promote >/dev/null
wait_for 120 "the promoted standby is still in recovery" recovered $standby_port
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
restore_from "$restore" "$archive"
start_until_stopped "$restore" "$IDENTITIES_WORK/nolib_restore.log" "the restore without identities"
grep -q "FATAL:  resource manager with ID $rmgr_id not registered" "$IDENTITIES_WORK/nolib_restore.log" ||
	fail "the restore without identities did not stop at the mark; its log: $(tail -n 5 "$IDENTITIES_WORK/nolib_restore.log")"
echo "shared_preload_libraries = 'identities'" | as_postgres tee -a "$restore/postgresql.conf" >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$restore" -w start -l "$IDENTITIES_WORK/nolib_restore.log" >/dev/null ||
	fail "the restore with identities did not start; its log: $(tail -n 5 "$IDENTITIES_WORK/nolib_restore.log")"
wait_for 120 "the restore with identities did not complete recovery" recovered $restore_port
[ "$(sql $restore_port -c "SELECT count(*) FROM plain")" = 2 ] || fail "the restore lost rows"
echo "the restore without identities stopped at the mark; with it, it completed"

# 3. pg_waldump reads through the records (it loads no library: they show as a custom resource manager).
dump=$(as_postgres "$PG_BIN/pg_waldump" -p "$archive" -s "$before_mark" -e "$after_mark" 2>&1 || true)
grep -qE "rmgr: custom0*$rmgr_id" <<<"$dump" || { echo "$dump" | tail -n 20; fail "pg_waldump did not show the marks"; }
grep -q 'rmgr: Heap' <<<"$dump" || fail "pg_waldump did not read past the marks"
echo "pg_waldump: $(grep -cE "rmgr: custom0*$rmgr_id" <<<"$dump") high-water mark records, shown as $(grep -oE "custom0*$rmgr_id" <<<"$dump" | head -n 1)"

# 4. A damaged mark record. damage ARCHIVE LSN MODE: ARCHIVE, symbolic links to the real one's files, gets its own
# copy of the segment(s) holding the record at LSN, changed: "info" makes it another record type (0x10), "length"
# shortens its data to 7 bytes (a total length of 33 keeps the next record where it was, 8-byte aligned). The
# record's CRC is recomputed (CRC-32C, as PostgreSQL: the data, then the header up to the CRC), after the old one
# was checked, so the reader accepts it and only our redo can refuse it.
damage() {
	as_postgres mkdir -p "$1"
	local file
	for file in "$archive"/*; do as_postgres ln -s "$file" "$1/"; done
	as_postgres python3 -c "$damage_python" "$1" "$2" "$3" $wal_layout "$rmgr_id"
}
damage_python=$(cat <<'PYTHON'
import os, shutil, struct, sys
archive, lsn_text, mode, page, segment, rmgr_id = sys.argv[1], sys.argv[2], sys.argv[3], *map(int, sys.argv[4:])
high, low = lsn_text.split('/')
lsn = int(high, 16) << 32 | int(low, 16)
segments = {}
def segment_of(number):  # the bytes of segment `number` of timeline 1, a real file once changed
	if number not in segments:
		per_id = 0x100000000 // segment
		path = os.path.join(archive, '%08X%08X%08X' % (1, number // per_id, number % per_id))
		if os.path.islink(path):
			target = os.path.realpath(path)
			os.unlink(path)
			shutil.copyfile(target, path)
		with open(path, 'rb') as f:
			segments[number] = [path, bytearray(f.read())]
	return segments[number][1]
def positions(start, count):  # the WAL positions of a record's bytes, page headers skipped
	result, position = [], start
	while len(result) < count:
		if position % page == 0:
			position += 40 if position % segment == 0 else 24  # long page header, short one
		result.append(position)
		position += 1
	return result
def read(at):
	return bytes(segment_of(p // segment)[p % segment] for p in at)
def write(at, data):
	for p, byte in zip(at, data):
		segment_of(p // segment)[p % segment] = byte
def crc32c(data, crc=0xFFFFFFFF):
	for byte in data:
		crc ^= byte
		for _ in range(8):
			crc = crc >> 1 ^ (0x82F63B78 if crc & 1 else 0)
	return crc
def record_crc(record):
	return crc32c(record[:20], crc32c(record[24:])) ^ 0xFFFFFFFF
total = struct.unpack('=I', read(positions(lsn, 4)))[0]
at = positions(lsn, total)
record = bytearray(read(at))
# XLogRecord: xl_tot_len, xl_xid, xl_prev, xl_info, xl_rmid, 2 padding bytes, xl_crc; then the main data's
# header (XLR_BLOCK_ID_DATA_SHORT, its length) and the mark.
if (total, record[17], record[16] & 0xF0, record[24], record[25]) != (34, rmgr_id, 0, 255, 8):
	sys.exit('not a high-water mark record at %s: %s' % (lsn_text, record.hex()))
if struct.unpack('=I', record[20:24])[0] != record_crc(record):
	sys.exit('the CRC of the record at %s is not the one computed here' % lsn_text)
if mode == 'info':
	record[16] = record[16] & 0x0F | 0x10
else:
	record[0:4] = struct.pack('=I', 33)
	record[25] = 7
	record = record[:33]
	# A record that goes on past a page header: that header's count of its remaining bytes (xlp_rem_len).
	# (Records start 8-byte aligned, so at least 2 of its 34 bytes go on: it still does with 33.)
	for i in range(1, total):
		if at[i] != at[i - 1] + 1:
			rem_len = list(range(at[i] - at[i] % page + 16, at[i] - at[i] % page + 20))
			if struct.unpack('=I', read(rem_len))[0] != total - i or total - i < 2:
				sys.exit('the page header before position %d does not continue the record' % at[i])
			write(rem_len, struct.pack('=I', total - i - 1))
record[20:24] = struct.pack('=I', record_crc(record))
write(at, record)
for path, data in segments.values():
	with open(path, 'wb') as f:
		f.write(data)
PYTHON
)
# damaged_restore MODE EXPECTED_PANIC EXPECTED_DESCRIPTION
damaged_restore() {
	local data=$IDENTITIES_WORK/damaged_$1 log_dir=$IDENTITIES_WORK/damaged_logs
	# Its log outside the run's *.log: this PANIC is the one expected, not a crash for test/suite to report.
	as_postgres mkdir -p "$log_dir"
	local log=$log_dir/$1.log
	damage "$IDENTITIES_WORK/damaged_archive_$1" "$first_mark" "$1" || fail "could not damage the record at $first_mark"
	without_library "$data" $damaged_port
	echo "shared_preload_libraries = 'identities'" | as_postgres tee -a "$data/postgresql.conf" >/dev/null
	restore_from "$data" "$IDENTITIES_WORK/damaged_archive_$1"
	start_until_stopped "$data" "$log" "the restore with a damaged mark record ($1)"
	grep -q "PANIC:  $2" "$log" || fail "the restore with a damaged mark record ($1) did not stop with \"$2\"; its log: $(tail -n 5 "$log")"
	grep -qE "CONTEXT:  WAL redo at [0-9A-F]+/[0-9A-F]+ for identities/.*: $3\$" "$log" ||
		fail "the redo of the damaged record ($1) was not described as \"$3\"; its log: $(tail -n 5 "$log")"
	echo "a mark record damaged ($1): $(grep -oE "(PANIC|CONTEXT):  .*" "$log" | tr '\n' ' ')"
}
damaged_restore info "identities high-water mark redo: unknown op code 0x10" \
	"invalid record: info 0x10, expected 0x00"
damaged_restore length "identities high-water mark redo: invalid record length 7, expected 8" \
	"invalid record: length 7, expected 8"
