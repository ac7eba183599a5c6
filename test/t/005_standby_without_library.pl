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
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(sleep);
use IdentitiesTest;

# query(NODE, SQL): the output, or '' when the server does not answer (it may have stopped, as expected here).
sub query
{
	my ($node, $sql) = @_;
	my ($out, $err) = ('', '');
	$node->psql('postgres', $sql, stdout => \$out, stderr => \$err);
	return $out // '';
}
# wait_for(SECONDS, STATE, CONDITION): checks CONDITION every 0.2 s until it holds; a test that STATE is reached.
sub wait_for
{
	my ($seconds, $state, $condition) = @_;
	my $deadline = time() + $seconds;
	until ($condition->())
	{
		return fail("$state (not within $seconds s)") if time() > $deadline;
		sleep 0.2;
	}
	return pass($state);
}
sub replayed { my ($node, $lsn) = @_; return query($node, "SELECT pg_last_wal_replay_lsn() >= '$lsn'") eq 't' }
sub stopped { my ($node) = @_; return !$node->run_log([ 'pg_ctl', '-D', $node->data_dir, 'status' ]) }
sub recovered { my ($node) = @_; return query($node, 'SELECT pg_is_in_recovery()') eq 'f' }
# the primary's archiver has archived SEGMENT (it archives in order: and every one before)
sub archived
{
	my ($node, $segment) = @_;
	return $node->safe_psql('postgres', "SELECT last_archived_wal >= '$segment' FROM pg_stat_archiver") eq 't';
}
# forget_if_stopped(NODE): PostgreSQL::Test::Cluster told that a server stopped by itself (or learns it runs).
sub forget_if_stopped { my ($node) = @_; $node->_update_pid(-f $node->data_dir . '/postmaster.pid' ? -1 : 0) }
sub log_of { my ($node) = @_; return -f $node->logfile ? slurp_file($node->logfile) : '' }
sub log_tail { my ($node) = @_; my @lines = split /\n/, log_of($node); return join("\n", @lines[ -5 .. -1 ]) }

my $primary = PostgreSQL::Test::Cluster->new('nolib_primary');
$primary->init(allows_streaming => 1, has_archiving => 1);
$primary->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'");
$primary->start;
my $archive = $primary->archive_dir;
$primary->safe_psql('postgres', "CREATE EXTENSION identities; CREATE EXTENSION pg_walinspect; CREATE TABLE plain (n integer);
	CREATE TABLE drawn (phase integer, snowflake bigint, siq siq, iuid iuid, uuidv7 uuid)");
my $rmgr_id = $primary->safe_psql('postgres', 'SHOW identities.wal_resource_manager_id');
is($rmgr_id, 211, 'the default resource manager id is ours (211)');
ok($primary->log_contains("identities writes its high-water mark to the WAL under resource manager id $rmgr_id"),
	'the primary logged its resource manager id');
my $wal_layout = $primary->safe_psql('postgres', "SELECT string_agg(setting, ' ' ORDER BY name) FROM pg_settings
	WHERE name IN ('wal_block_size', 'wal_segment_size')"); # bytes: page, segment

# A base backup taken before any mark: the standby, the restore and the damaged restores start from it.
$primary->backup('before_marks');
# without_library(NODE): the copied configuration, less shared_preload_libraries and archiving
sub without_library
{
	my ($node) = @_;
	$node->adjust_conf('postgresql.conf', $_, undef) for 'shared_preload_libraries', 'archive_mode', 'archive_command';
}
sub preload { my ($node) = @_; $node->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'") }
# start_until_stopped(NODE, WHAT): starts a server that must stop by itself in recovery, and waits until it has.
# pg_ctl's own verdict is not one: a server in recovery accepts read-only connections once consistent (pg_ctl
# -w then reports it started) and may reach the record after. A server that ends recovery fails at once.
sub start_until_stopped
{
	my ($node, $what) = @_;
	# (not $node->start: it takes pg_ctl's failure for the server's, and the server may be gone already)
	system_log('pg_ctl', '-w', '-D', $node->data_dir, '-l', $node->logfile, 'start');
	wait_for(120, "$what stopped",
		sub { stopped($node) || log_of($node) =~ /ready to accept connections/ });
	forget_if_stopped($node);
	ok(log_of($node) !~ /ready to accept connections/, "$what did not complete recovery") or diag(log_tail($node));
}

my $standby = PostgreSQL::Test::Cluster->new('nolib_standby');
$standby->init_from_backup($primary, 'before_marks', has_streaming => 1);
without_library($standby);
$standby->start;

$primary->safe_psql('postgres', 'INSERT INTO plain VALUES (1)');
my $lsn = $primary->safe_psql('postgres', 'SELECT pg_current_wal_flush_lsn()');
wait_for(120, 'the standby without identities replayed WAL without marks', sub { replayed($standby, $lsn) });

# Ids on the primary: mark records, then more rows, and the segment switched and archived (the restores read it).
my $before_mark = $primary->safe_psql('postgres', 'SELECT pg_current_wal_insert_lsn()');
sub generate
{
	my ($node, $phase) = @_;
	$node->safe_psql('postgres', "INSERT INTO drawn SELECT $phase, snowflake_generate(), siq_generate('message'),
		iuid_generate(42, 7), uuidv7_generate() FROM generate_series(1, 20000)");
}
generate($primary, 1);
my $last_segment = $primary->safe_psql('postgres', 'INSERT INTO plain VALUES (2); SELECT pg_walfile_name(pg_switch_wal())');
my $after_mark = $primary->safe_psql('postgres', 'SELECT pg_current_wal_flush_lsn()');
wait_for(120, "the primary archived $last_segment, the last segment of the marks", sub { archived($primary, $last_segment) })
  or diag($primary->safe_psql('postgres', "SELECT format('last archived %s, %s failures, last failed %s', last_archived_wal,
	failed_count, last_failed_wal) FROM pg_stat_archiver"));

# pg_walinspect runs our identify and desc: each mark named, its 8 bytes read as a mark of this run.
my ($described_marks, $all_marks) = split /\|/, $primary->safe_psql('postgres', "
	SELECT count(*) FILTER (WHERE record_type = 'HIGH_WATER_MARK' AND main_data_length = 8
	                          AND description ~ '^ids below [0-9]+ us after 1970\$'
	                          AND substring(description FROM '[0-9]+')::numeric
	                              BETWEEN extract(epoch FROM pg_postmaster_start_time()) * 1e6
	                                  AND extract(epoch FROM clock_timestamp()) * 1e6 + 3e6), count(*)
	FROM pg_get_wal_records_info('$before_mark', '$after_mark') WHERE resource_manager = 'identities'");
ok($all_marks > 0 && $described_marks == $all_marks,
	"pg_walinspect on the primary describes every mark record as one: $described_marks of $all_marks");
my $first_mark = $primary->safe_psql('postgres', "SELECT start_lsn FROM pg_get_wal_records_info('$before_mark', '$after_mark')
	WHERE resource_manager = 'identities' ORDER BY start_lsn LIMIT 1");

# 1. The standby stops, says why, and applied nothing past the record.
wait_for(120, 'the standby without identities stopped', sub { stopped($standby) });
forget_if_stopped($standby);
my $stopped = join "\n", grep { /resource manager with ID $rmgr_id not registered|shared_preload_libraries/ } split /\n/, log_of($standby);
note "the standby without identities stopped: $stopped";
like($stopped, qr/FATAL:  resource manager with ID $rmgr_id not registered/, 'a FATAL naming the resource manager');
# (17 quotes the setting's name in the hint)
like($stopped, qr/HINT:  Include the extension module that implements this resource manager in "?shared_preload_libraries/,
	'a hint to preload the library');
unlike(slurp_file($standby->data_dir . '/postgresql.conf'), qr/^shared_preload_libraries/m, 'the standby did not have the library');
# Preloaded, it starts, replays the marks and the rows after them.
preload($standby);
my $started = faketime_library()
  ? with_clock_behind(10, sub { $standby->start(fail_ok => 1) }) : $standby->start(fail_ok => 1);
ok($started, 'the standby with identities started') or diag(log_tail($standby));
wait_for(120, 'the standby with identities caught up', sub { replayed($standby, $after_mark) });
is($standby->safe_psql('postgres', 'SELECT count(*) FROM plain'), 2, 'the standby has every row');
is($standby->safe_psql('postgres', 'SELECT count(*) FROM drawn'), 20000, 'the standby has every id');
# A failover: the primary goes, the standby is promoted and generates.
$primary->stop('immediate');
$standby->promote;
wait_for(120, 'the promoted standby left recovery', sub { recovered($standby) });
generate($standby, 2);
is( $standby->safe_psql('postgres', "
	SELECT concat_ws(' ',
	         CASE WHEN min(snowflake) FILTER (WHERE phase = 2) <= max(snowflake) FILTER (WHERE phase = 1) THEN 'snowflake' END,
	         CASE WHEN min(siq) FILTER (WHERE phase = 2) <= max(siq) FILTER (WHERE phase = 1) THEN 'siq' END,
	         CASE WHEN min(iuid) FILTER (WHERE phase = 2) <= max(iuid) FILTER (WHERE phase = 1) THEN 'iuid' END,
	         CASE WHEN min(uuidv7::text) FILTER (WHERE phase = 2) <= max(uuidv7::text) FILTER (WHERE phase = 1) THEN 'uuidv7' END,
	         CASE WHEN count(DISTINCT snowflake) + count(DISTINCT siq) + count(DISTINCT iuid) + count(DISTINCT uuidv7)
	                   <> 4 * count(*) THEN 'repeated' END)
	FROM drawn"),
	'', 'the standby, once preloaded, replayed the marks: its ids after the failover are above the primary\'s'
	  . (faketime_library() ? ' (clock 10 s behind)' : ''));
$standby->stop;

# 2. A point-in-time restore from the archive, without the library, then with it.
my $restore = PostgreSQL::Test::Cluster->new('nolib_restore');
$restore->init_from_backup($primary, 'before_marks', has_restoring => 1, standby => 0);
without_library($restore);
start_until_stopped($restore, 'the restore without identities');
like(log_of($restore), qr/FATAL:  resource manager with ID $rmgr_id not registered/, 'the restore without identities stopped at the mark');
preload($restore);
ok($restore->start(fail_ok => 1), 'the restore with identities started') or diag(log_tail($restore));
wait_for(120, 'the restore with identities completed recovery', sub { recovered($restore) });
is($restore->safe_psql('postgres', 'SELECT count(*) FROM plain'), 2, 'the restore has every row');
$restore->stop;

# 3. pg_waldump reads through the records (it loads no library: they show as a custom resource manager).
my $dump = '';
IPC::Run::run([ 'pg_waldump', '-p', $archive, '-s', $before_mark, '-e', $after_mark ], '>', \$dump, '2>&1');
like($dump, qr/rmgr: custom0*$rmgr_id/, 'pg_waldump shows the marks') or diag(join "\n", (split /\n/, $dump)[-20 .. -1]);
like($dump, qr/rmgr: Heap/, 'pg_waldump reads past the marks');
my @custom = $dump =~ /rmgr: (custom0*$rmgr_id)/g;
note 'pg_waldump: ' . scalar(@custom) . ' high-water mark records, shown as ' . ($custom[0] // 'nothing');

# 4. A damaged mark record. damage(ARCHIVE, LSN, MODE): ARCHIVE, symbolic links to the real one's files, gets its
# own copy of the segment(s) holding the record at LSN, changed: "info" makes it another record type (0x10),
# "length" shortens its data to 7 bytes (a total length of 33 keeps the next record where it was, 8-byte aligned).
# The record's CRC is recomputed (CRC-32C, as PostgreSQL: the data, then the header up to the CRC), after the old
# one was checked, so the reader accepts it and only our redo can refuse it.
my $damage_python = <<'PYTHON';
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
sub damage
{
	my ($damaged_archive, $lsn, $mode) = @_;
	mkdir $damaged_archive;
	symlink $_, "$damaged_archive/" . (split m{/}, $_)[-1] for glob("$archive/*");
	my $err = '';
	my $ok = IPC::Run::run([ 'python3', '-c', $damage_python, $damaged_archive, $lsn, $mode, split(' ', $wal_layout), $rmgr_id ],
		'>', \$err, '2>&1');
	return ok($ok, "the record at $lsn damaged ($mode)") || diag($err);
}
# damaged_restore(MODE, EXPECTED_PANIC, EXPECTED_DESCRIPTION)
my @damaged;
sub damaged_restore
{
	my ($mode, $panic, $description) = @_;
	my $node = PostgreSQL::Test::Cluster->new("damaged_$mode");
	my $damaged_archive = "$PostgreSQL::Test::Utils::tmp_check/damaged_archive_$mode";
	damage($damaged_archive, $first_mark, $mode);
	$node->init_from_backup($primary, 'before_marks');
	without_library($node);
	preload($node);
	$node->append_conf('postgresql.conf', "restore_command = 'cp $damaged_archive/%f %p'");
	unlink $node->data_dir . '/standby.signal';
	$node->set_recovery_mode;
	start_until_stopped($node, "the restore with a damaged mark record ($mode)");
	like(log_of($node), qr/PANIC:  \Q$panic\E/, "the restore with a damaged mark record ($mode) stopped with \"$panic\"")
	  or diag(log_tail($node));
	like(log_of($node), qr/CONTEXT:  WAL redo at [0-9A-F]+\/[0-9A-F]+ for identities\/.*: \Q$description\E$/m,
		"the redo of the damaged record ($mode) was described as \"$description\"");
	note "a mark record damaged ($mode): " . join(' ', log_of($node) =~ /((?:PANIC|CONTEXT):  .*)/g);
	push @damaged, $node;
}
damaged_restore('info', 'identities high-water mark redo: unknown op code 0x10', 'invalid record: info 0x10, expected 0x00');
damaged_restore('length', 'identities high-water mark redo: invalid record length 7, expected 8',
	'invalid record: length 7, expected 8');

# No crash but the PANICs caused on purpose (and the startup process they ended).
no_crash_but($_) for $primary, $standby, $restore;
no_crash_but($_, qr/PANIC:  identities high-water mark redo/, qr/startup process \(PID \d+\) was terminated by signal 6/)
  for @damaged;

done_testing();
