# What the TAP tests of test/t share, beside PostgreSQL::Test::Cluster and PostgreSQL::Test::Utils: the clock set
# back with libfaketime around a server's start; the check that a node's log shows no crash but those a test
# caused on purpose (test/suite checks the logs of its own servers only; a TAP node's log is the test's to check);
# ids drawn in phases and the check that a later phase lies above every earlier one (the high-water mark's tests:
# test/integration/include/drawn_ids.sh is the same for the shell scripts of test/majors).
package IdentitiesTest;

use strict;
use warnings;
use Exporter 'import';
use PostgreSQL::Test::Utils;
use Test::More;

our @EXPORT = qw(faketime_library with_clock_behind clock_lag crash_lines no_crash_but
	$drawn_ids_table draw_ids ids_not_above ids_behind);

# The libfaketime preload library, or undef when it is not installed.
sub faketime_library
{
	my ($library) = glob('/usr/lib/*/faketime/libfaketime.so.1');
	return $library;
}

# with_clock_behind(SECONDS, CODE): runs CODE (a $node->start, say) with libfaketime preloaded and the clock
# SECONDS behind, as the server and every process it forks will see it.
sub with_clock_behind
{
	my ($seconds, $code) = @_;
	my $library = faketime_library() or die "libfaketime is not installed";
	local $ENV{LD_PRELOAD} = $library;
	local $ENV{FAKETIME} = "-${seconds}s";
	return $code->();
}

# clock_lag(NODE): how many whole seconds the server's clock is behind this machine's.
sub clock_lag
{
	my ($node) = @_;
	return time() - $node->safe_psql('postgres', 'SELECT floor(extract(epoch FROM clock_timestamp()))');
}

# crash_lines(NODE): the lines of the node's log that show a crash (scripts/common.sh's crash_lines reads the same).
sub crash_lines
{
	my ($node) = @_;
	return () unless -f $node->logfile;
	return grep { /terminated by signal|PANIC|TRAP/ } split /\n/, slurp_file($node->logfile);
}

# no_crash_but(NODE, PATTERN...): a test that the node's log shows no crash but one line per PATTERN (the crashes
# the test caused), each matched once.
sub no_crash_but
{
	my ($node, @expected) = @_;
	my @unexpected = crash_lines($node);
	my @missing;
	for my $pattern (@expected)
	{
		my ($index) = grep { $unexpected[$_] =~ $pattern } 0 .. $#unexpected;
		if (defined $index) { splice @unexpected, $index, 1 }
		else { push @missing, $pattern }
	}
	ok(!@unexpected && !@missing, $node->name . ': no crash in the log but ' . (@expected ? scalar @expected : 'none'))
	  or diag('unexpected: ' . join("\n", @unexpected) . "\nmissing: " . join(' ', @missing));
}

# The table, with a DEFAULT of every generator that keeps the mark (Snowflake and SIQ need a preloaded server).
our $drawn_ids_table = "CREATE TABLE drawn (phase integer, n integer, snowflake bigint DEFAULT snowflake_generate(),
	siq siq DEFAULT siq_generate('message'), iuid iuid DEFAULT iuid_generate(42, 7),
	uuidv7 uuid DEFAULT uuidv7_generate(), hotguid uuid DEFAULT hotguid_generate(17))";

# draw_ids(NODE, DB, PHASE[, COUNT]): COUNT (20000) rows of new ids in PHASE.
sub draw_ids
{
	my ($node, $db, $phase, $count) = @_;
	$count //= 20000;
	$node->safe_psql($db, "INSERT INTO drawn (phase, n) SELECT $phase, n FROM generate_series(1, $count) AS n");
}

# ids_not_above(NODE, DB, PHASE): the formats whose ids of PHASE do not all lie above those of every earlier phase
# (HotGuid: not earlier, its seconds), and "repeated" when an id appears twice; empty when all is well.
sub ids_not_above
{
	my ($node, $db, $phase) = @_;
	return $node->safe_psql($db, "
		WITH earlier AS (SELECT max(snowflake) AS snowflake, max(siq) AS siq, max(iuid) AS iuid, max(uuidv7::text) AS uuidv7,
		                        max(hotguid_extract_timestamp(hotguid)) AS hotguid FROM drawn WHERE phase < $phase),
		     later AS (SELECT min(snowflake) AS snowflake, min(siq) AS siq, min(iuid) AS iuid, min(uuidv7::text) AS uuidv7,
		                      min(hotguid_extract_timestamp(hotguid)) AS hotguid, count(*) AS drawn FROM drawn WHERE phase = $phase)
		SELECT concat_ws(' ',
		         CASE WHEN later.snowflake <= earlier.snowflake THEN 'snowflake' END,
		         CASE WHEN later.siq <= earlier.siq THEN 'siq' END,
		         CASE WHEN later.iuid <= earlier.iuid THEN 'iuid' END,
		         CASE WHEN later.uuidv7 <= earlier.uuidv7 THEN 'uuidv7' END,
		         CASE WHEN later.hotguid < earlier.hotguid THEN 'hotguid' END,
		         CASE WHEN (SELECT count(*) - count(DISTINCT snowflake) + count(*) - count(DISTINCT siq)
		                           + count(*) - count(DISTINCT iuid) + count(*) - count(DISTINCT uuidv7)
		                           + count(*) - count(DISTINCT hotguid) FROM drawn) > 0 THEN 'repeated' END,
		         CASE WHEN later.drawn = 0 THEN 'none drawn' END)
		FROM earlier, later");
}

# ids_behind(NODE, DB, PHASE): the formats whose ids of PHASE all lie below the newest of earlier phases: a server
# whose clock is behind shows the mark is needed (a check of ids_not_above that could not fail proves nothing).
sub ids_behind
{
	my ($node, $db, $phase) = @_;
	return $node->safe_psql($db, "
		SELECT concat_ws(' ',
		         CASE WHEN (SELECT max(snowflake) FROM drawn WHERE phase = $phase) < (SELECT max(snowflake) FROM drawn WHERE phase < $phase) THEN 'snowflake' END,
		         CASE WHEN (SELECT max(iuid) FROM drawn WHERE phase = $phase) < (SELECT max(iuid) FROM drawn WHERE phase < $phase) THEN 'iuid' END)");
}

1;
