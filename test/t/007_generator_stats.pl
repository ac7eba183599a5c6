# The generators' statistics and warnings, made to happen on a running server:
# 1. the clock set back 300 s under it (libfaketime, through a file it rereads): identities_stats shows the step back
#    with its size and the Snowflakes made ahead of the clock, and the log has one warning of each (rate-limited),
#    none when its threshold is -1;
# 2. an epoch with fewer years left than identities.warn_epoch_years: a warning with the years and the end;
# 3. the reset clears the counters and the rate limit;
# 4. two servers given one Snowflake worker: each one's identities_stats shows the same identity, and the check
#    across postgres_fdw flags the clash; the other server's statistics read through postgres_fdw.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use Time::HiRes qw(sleep time);
use IdentitiesTest;

plan skip_all => 'libfaketime is not installed' unless faketime_library();

my $clock_file = PostgreSQL::Test::Utils::tempdir() . '/clock_offset';
sub set_clock_offset
{
	my ($offset) = @_;
	open(my $file, '>', $clock_file) or die "cannot write $clock_file: $!";
	print $file "$offset\n";
	close($file);
}

# The server's processes read the offset from the file, again at most a second after it changes.
set_clock_offset('+0');
my $node = PostgreSQL::Test::Cluster->new('stats');
$node->init;
$node->append_conf('postgresql.conf',
	"shared_preload_libraries = 'identities'\nidentities.snowflake_worker = 3\nlog_min_messages = warning");
{
	local $ENV{LD_PRELOAD} = faketime_library();
	local $ENV{FAKETIME_TIMESTAMP_FILE} = $clock_file;
	local $ENV{FAKETIME_CACHE_DURATION} = '1';
	$node->start;
}
$node->safe_psql('postgres', 'CREATE EXTENSION identities');

# The statistics of Snowflake's generator, after running GENERATE (SQL) if given.
sub snowflake_stats
{
	my ($generate) = @_;
	$node->safe_psql('postgres', $generate) if defined $generate;
	return $node->safe_psql('postgres',
		"SELECT ids_generated, clock_steps_back, round(max_clock_step_back_ms), ids_ahead_of_clock,
		        round(max_ahead_of_clock_ms), newest_ahead_of_clock_ms > 0
		 FROM identities_stats WHERE format = 'snowflake'");
}
# Waits until the server's clock is behind this machine's by at least MIN and at most MAX whole seconds.
sub wait_for_clock_lag
{
	my ($min, $max) = @_;
	for (1 .. 600)
	{
		my $lag = clock_lag($node);
		return if $lag >= $min && $lag <= $max;
		sleep 0.1;
	}
	die "the server's clock did not come to lag $min to $max s behind";
}
sub log_lines
{
	my ($pattern) = @_;
	return scalar(grep { /$pattern/ } split /\n/, slurp_file($node->logfile));
}

# 1. The clock set back.
# Set back 300 s: the generator sees the step less the time between its readings on either side, which this test
# measures from before the last reading ahead of the step (however slow the machine), and its ids stay ahead for
# minutes, longer than the checks below take.
my $before_step = time();
is(snowflake_stats('SELECT count(snowflake_generate()) FROM generate_series(1, 100); '), '100|0|0|0|0|f',
	'before: 100 ids, no step back, none ahead');
set_clock_offset('-300s');
wait_for_clock_lag(299, 301);
my ($ids, $steps, $step_ms, $ahead, $ahead_ms, $still_ahead) =
  split /\|/, snowflake_stats('SELECT count(snowflake_generate()) FROM generate_series(1, 100); ');
my $between_ms = (time() - $before_step) * 1000;
is("$ids|$steps|$ahead|$still_ahead", '200|1|100|t', 'after the clock went back: one step back seen, 100 ids ahead');
ok($step_ms >= 300000 - $between_ms - 1000 && $step_ms <= 301000,
	"the step back's size is the clock's less the $between_ms ms between the readings ($step_ms ms)");
ok($ahead_ms >= 300000 - $between_ms - 1000 && $ahead_ms <= 301000,
	"the furthest id ahead is the step's size ahead ($ahead_ms ms)");
is(log_lines(qr/WARNING:  the clock went back \d+ ms under the snowflake generator/), 1,
	'the log says the clock went back, once');
is(log_lines(qr/WARNING:  the snowflake generator made an id \d+ ms ahead of the clock/), 1,
	'the log says ids are ahead of the clock, once for 100 ids');
like(slurp_file($node->logfile), qr/HINT:  Check what sets this server's clock/, 'and says what to check');

# A threshold of -1: no warning, whatever the rate limit.
$node->safe_psql('postgres', "SELECT identities_stats_reset('snowflake')");
$node->safe_psql('postgres',
	'SET identities.warn_ahead_of_clock = -1; SELECT count(snowflake_generate()) FROM generate_series(1, 10)');
is(log_lines(qr/the snowflake generator made an id \d+ ms ahead/), 1, 'warn_ahead_of_clock = -1: no warning');
# 3. The reset cleared the counters and the rate limit: the next id ahead warns again.
my @after_reset = split /\|/, snowflake_stats();
is("@after_reset[0 .. 3, 5]", '10 0 0 10 t', 'after the reset: the counters start again, the ids still ahead');
$node->safe_psql('postgres', 'SELECT snowflake_generate()');
is(log_lines(qr/the snowflake generator made an id \d+ ms ahead/), 2, 'after the reset the warning is due again');
is($node->safe_psql('postgres', "SELECT stats_reset IS NOT NULL FROM identities_stats WHERE format = 'snowflake'"),
	't', 'stats_reset shows when');

# DistributedId sees the clock go back too (by 100 s less the time between its two ids).
set_clock_offset('+0');
wait_for_clock_lag(0, 1);
$before_step = time();
$node->safe_psql('postgres', 'SELECT distributedid_generate()');
set_clock_offset('-100s');
wait_for_clock_lag(99, 101);
my ($distributedid_steps, $distributedid_step_ms) = split /\|/, $node->safe_psql('postgres',
	"SELECT distributedid_generate() IS NOT NULL; SELECT clock_steps_back, round(max_clock_step_back_ms) FROM identities_stats WHERE format = 'distributedid'"
) =~ s/^t\n//r;
$between_ms = (time() - $before_step) * 1000;
ok($distributedid_steps == 1 && $distributedid_step_ms >= 100000 - $between_ms - 1000 && $distributedid_step_ms <= 101000,
	"DistributedId: the step back seen ($distributedid_steps, $distributedid_step_ms ms, $between_ms ms between)");
set_clock_offset('+0');

# 2. The epoch running out.
# (the epoch is compared with the clock once a second: a second after the last ids)
$node->safe_psql('postgres', 'SET identities.warn_epoch_years = 100; SELECT pg_sleep(1.1); SELECT snowflake_generate()');
like(slurp_file($node->logfile),
	qr/WARNING:  snowflake ids have \d+\.\d years left before their epoch ends\n.*DETAIL:  The generator refuses to make ids after 2084-09-06/,
	'an epoch with fewer years left than warn_epoch_years: a warning with the years and the end');

# 4. Two servers given one Snowflake worker.
my $twin = PostgreSQL::Test::Cluster->new('stats_twin');
$twin->init;
$twin->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'\nidentities.snowflake_worker = 3");
$twin->start;
$twin->safe_psql('postgres', 'CREATE EXTENSION identities; SELECT count(snowflake_generate()) FROM generate_series(1, 42)');
is( $node->safe_psql('postgres', "SELECT node_identity FROM identities_stats WHERE format = 'snowflake'"),
	$twin->safe_psql('postgres', "SELECT node_identity FROM identities_stats WHERE format = 'snowflake'"),
	'both servers show one Snowflake identity');
my ($host, $port) = ($twin->host, $twin->port);
$node->safe_psql('postgres', qq{
	CREATE EXTENSION postgres_fdw;
	CREATE SERVER twin FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '$host', port '$port', dbname 'postgres');
	CREATE USER MAPPING FOR CURRENT_USER SERVER twin;
	CREATE SCHEMA twin;
	IMPORT FOREIGN SCHEMA public LIMIT TO (identities_stats) FROM SERVER twin INTO twin;});
is( $node->safe_psql('postgres',
		"SELECT node || ':' || array_to_string(clashes_with, ',') FROM identities_check_foreign_servers() ORDER BY node"),
	"local:twin (snowflake, siq)\ntwin:local (snowflake, siq)",
	'the check across postgres_fdw flags the clash');
is($node->safe_psql('postgres', "SELECT ids_generated, node_identity FROM twin.identities_stats WHERE format = 'snowflake'"),
	'42|worker 3, process 0', "the other server's statistics, read through postgres_fdw");

$twin->stop;
$node->stop;
no_crash_but($_) for $node, $twin;

done_testing();
