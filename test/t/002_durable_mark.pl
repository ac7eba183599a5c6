# The high-water mark's durable path, run for real: a server with fsync = on and synchronous_commit = on, traced
# with strace while it generates. The backend that moves the mark writes identities_high_water_mark.tmp, fsyncs
# it, renames it over identities_high_water_mark and fsyncs the data directory, in that order. Then the server
# crashes (the postmaster and its children killed with SIGKILL, as a power cut would leave them: no shutdown
# checkpoint) and restarts with its clock 30 s behind and no WAL records of the mark
# (identities.wal_resource_manager_id = 0), so only the file can keep its generators above the ids issued before
# the crash: they are.
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

plan skip_all => 'strace is not installed' unless grep { -x "$_/strace" } split /:/, $ENV{PATH} . ':/usr/bin';
plan skip_all => 'libfaketime is not installed' unless faketime_library();

my $node = PostgreSQL::Test::Cluster->new('durable');
$node->init;
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'
fsync = on
synchronous_commit = on
identities.wal_resource_manager_id = 0");
$node->start;
my $data = $node->data_dir;
is($node->safe_psql('postgres', "SELECT current_setting('fsync') || '/' || current_setting('synchronous_commit')"),
	'on/on', 'fsync and synchronous_commit are on');
$node->safe_psql('postgres', "CREATE EXTENSION identities;
	CREATE TABLE drawn (phase integer, snowflake bigint, siq siq, iuid iuid)");
sub generate
{
	my ($phase) = @_;
	$node->safe_psql('postgres', "INSERT INTO drawn SELECT $phase, snowflake_generate(), siq_generate('message'),
		iuid_generate(42, 7) FROM generate_series(1, 20000)");
}

# Every process the postmaster forks is traced (-f), the backend of the next connection among them.
my $trace = "$PostgreSQL::Test::Utils::tmp_check/durable.strace";
my $postmaster = $node->{_pid};
my $tracer = IPC::Run::start([ 'strace', '-f', '-qq', '-e', 'trace=openat,fsync,fdatasync,rename,renameat,renameat2,close',
	'-o', $trace, '-p', $postmaster ]);
sleep 1; # strace attaches
generate(1);
sleep 1.5; # past the mark: it moves at least once more while ids come
generate(1);
$tracer->signal('TERM');
$tracer->finish;

# The order of the system calls of one move, as the trace shows them, per process: the temporary file opened for
# writing, fsynced, renamed over the mark, then "." opened and fsynced.
my (%state, %temporary, %directory);
my $moves = 0;
for my $line (split /\n/, slurp_file($trace))
{
	my ($pid, $call, $args, $result) = $line =~ /^(\d+) +(\w+)\((.*)\) += (-?\d+)/ or next;
	my $state = $state{$pid} // '';
	if ($call eq 'openat' && $args =~ /"identities_high_water_mark\.tmp"/ && $args =~ /O_WRONLY/)
	{
		($temporary{$pid}, $state{$pid}) = ($result, 'written');
	}
	elsif ($call eq 'fsync' && $args eq ($temporary{$pid} // '') && $state eq 'written') { $state{$pid} = 'synced' }
	elsif ($call =~ /^rename/ && $args =~ /"identities_high_water_mark\.tmp"/ && $result eq '0' && $state eq 'synced')
	{
		$state{$pid} = 'renamed';
	}
	elsif ($call eq 'openat' && $args =~ /^AT_FDCWD, "\.",/ && $state eq 'renamed') { $directory{$pid} = $result }
	elsif ($call eq 'fsync' && $args eq ($directory{$pid} // '') && $state eq 'renamed')
	{
		$moves++;
		$state{$pid} = '';
	}
}
note "moves of the mark written, fsynced, renamed and the directory fsynced: $moves";
ok($moves > 0, 'a durable move of the mark traced')
  or diag(join "\n", (grep { /identities_high_water_mark|fsync|"\."/ } split /\n/, slurp_file($trace))[0 .. 39]);

chomp(my $mark = slurp_file("$data/identities_high_water_mark"));
my $before = $node->safe_psql('postgres', 'SELECT max(snowflake) FROM drawn');
# A crash: the postmaster and its children killed, no checkpoint; the clock 30 s behind at the restart.
my @children = grep { ((split ' ', eval { slurp_file("/proc/$_/stat") } // '')[3] // 0) == $postmaster }
  map { m{/proc/(\d+)$} } glob('/proc/[0-9]*');
$node->kill9;
kill 'KILL', @children;
for (1 .. 80)
{
	last unless grep { kill 0, $_ } $postmaster, @children;
	sleep 0.25;
}
unlink "$data/postmaster.pid";
with_clock_behind(30, sub { $node->start });
my $lag = clock_lag($node);
ok($lag >= 29, "the restarted server's clock is behind (by $lag s)");
ok(slurp_file("$data/identities_high_water_mark") >= $mark, 'the file did not go back');
generate(2);
is( $node->safe_psql('postgres', "
	SELECT concat_ws(' ',
	         CASE WHEN min(snowflake) FILTER (WHERE phase = 2) <= $before THEN 'snowflake' END,
	         CASE WHEN min(siq) FILTER (WHERE phase = 2) <= max(siq) FILTER (WHERE phase = 1) THEN 'siq' END,
	         CASE WHEN min(iuid) FILTER (WHERE phase = 2) <= max(iuid) FILTER (WHERE phase = 1) THEN 'iuid' END,
	         CASE WHEN min(snowflake_extract_timestamp(snowflake)) FILTER (WHERE phase = 2)
	                   < to_timestamp($mark / 1e6) THEN 'below the mark' END)
	FROM drawn"),
	'', 'after a crash with the clock 30 s behind and no WAL records, the generators started at the file\'s mark');
$node->stop;
no_crash_but($node);

done_testing();
