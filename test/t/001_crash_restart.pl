# A crash or an immediate restart in the middle of generation: a backend killed with SIGKILL (the postmaster
# reinitialises shared memory, so every generator restarts from the clock), then an immediate restart (pg_ctl stop
# -m immediate and start: no shutdown checkpoint, like a power cut for the server's processes). Afterwards no
# generator repeats an id committed before, and the generators that never run ahead of the clock (iUID, SIQ,
# Snowflake, ULID, UUIDv7 below 4 096 ids a millisecond) keep increasing across both. (DistributedId and DistributedId128
# may restart below ids a burst had generated ahead of the clock: doc/operations.md, "Restarts".)
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use IPC::Run;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IdentitiesTest;

my $node = PostgreSQL::Test::Cluster->new('crash');
$node->init;
# PostgreSQL::Test::Cluster turns restart_after_crash off: the crash below is meant to be restarted from.
$node->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'\nrestart_after_crash = on\nmax_connections = 60");
$node->start;

my $generators = "distributedid_generate(), distributedid128_generate(), iuid_generate(42, 7), hotguid_generate(17),
	uuidv7_generate(), siq_generate('message'), snowflake_generate(), ulid_generate()";
$node->safe_psql('postgres', "CREATE EXTENSION identities;
	CREATE TABLE drawn (phase integer, n integer, distributedid distributedid, distributedid128 uuid, iuid iuid,
	                    hotguid uuid, uuidv7 uuid, siq siq, snowflake bigint, ulid ulid)");
sub generate
{
	my ($phase) = @_;
	$node->safe_psql('postgres', "INSERT INTO drawn SELECT $phase, n, $generators FROM generate_series(1, 20000) AS n");
}

# phase 1, then a backend killed while others generate: the postmaster ends every session and reinitialises
generate(1);
my @sessions;
for (1 .. 3)
{
	my ($out, $err) = ('', '');
	push @sessions, IPC::Run::start(
		[ 'psql', '-X', '-d', $node->connstr('postgres'), '-c',
		  "INSERT INTO drawn SELECT 2, n, $generators FROM generate_series(1, 2000000) AS n" ],
		'>', \$out, '2>', \$err);
}
sleep 1;
my $victim = $node->safe_psql('postgres', "SELECT pid FROM pg_stat_activity WHERE query LIKE 'INSERT INTO drawn%' LIMIT 1");
ok($victim =~ /^\d+$/, 'a generating backend to kill') or BAIL_OUT('no generating backend to kill');
kill 'KILL', $victim;
$_->finish for @sessions; # the sessions end with the crash: their outcome is not checked
ok($node->poll_query_until('postgres', 'SELECT true'), 'the server accepts connections after the crash');
ok($node->log_contains('terminated by signal 9: Killed'), 'the backend was killed');
ok($node->log_contains('all server processes terminated; reinitializing'), 'the postmaster reinitialised');
generate(3);
# an immediate restart (no shutdown checkpoint, like a power cut for the server's processes)
$node->stop('immediate');
$node->start;
generate(4);

is( $node->safe_psql('postgres', "
	SELECT format('rows %s, phases %s, repeated: distributedid %s, distributedid128 %s, iuid %s, hotguid %s, uuidv7 %s, siq %s, snowflake %s, ulid %s',
	              count(*), count(DISTINCT phase), count(*) - count(DISTINCT distributedid),
	              count(*) - count(DISTINCT distributedid128), count(*) - count(DISTINCT iuid),
	              count(*) - count(DISTINCT hotguid), count(*) - count(DISTINCT uuidv7), count(*) - count(DISTINCT siq),
	              count(*) - count(DISTINCT snowflake), count(*) - count(DISTINCT ulid))
	FROM drawn"),
	'rows 60000, phases 3, repeated: distributedid 0, distributedid128 0, iuid 0, hotguid 0, uuidv7 0, siq 0, snowflake 0, ulid 0',
	'after a crash and an immediate restart, nothing repeated (phase 2 died with the crash)');
# every id of a later phase is above every id of the earlier ones
is( $node->safe_psql('postgres', "
	SELECT string_agg(g, ' ') FROM (VALUES ('iuid'), ('uuidv7'), ('siq'), ('snowflake'), ('ulid')) AS v(g)
	WHERE EXISTS (SELECT FROM (SELECT phase, min(x) AS low, max(x) AS high FROM
	              (SELECT phase, CASE g WHEN 'iuid' THEN iuid::text WHEN 'uuidv7' THEN uuidv7::text
	                                    WHEN 'siq' THEN siq::text WHEN 'ulid' THEN ulid::uuid::text
	                                    ELSE lpad(snowflake::text, 20, '0') END AS x FROM drawn) AS d
	              GROUP BY phase) AS a
	              JOIN (SELECT phase, min(x) AS low FROM
	              (SELECT phase, CASE g WHEN 'iuid' THEN iuid::text WHEN 'uuidv7' THEN uuidv7::text
	                                    WHEN 'siq' THEN siq::text WHEN 'ulid' THEN ulid::uuid::text
	                                    ELSE lpad(snowflake::text, 20, '0') END AS x FROM drawn) AS d
	              GROUP BY phase) AS b ON b.phase > a.phase AND b.low <= a.high)"),
	'', 'no ids went back across the crash or the restart');
$node->stop;
# Nothing crashed but the backend this test killed.
no_crash_but($node, qr/terminated by signal 9: Killed/);

done_testing();
