# The high-water mark carried to the server that follows, as doc/upgrading.md says (one major here; test/majors
# runs the same steps between majors): a database dumped and restored into a server whose clock is 5 minutes behind
# issues ids below the old server's until the floor is raised, then above every one of them, and still after an
# immediate restart with the clock behind:
#   1. identities_raise_floor(the old server's identities_high_water_mark()), when the old server can be asked;
#   2. identities_raise_floor_above_ids(), from the restored rows alone.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IdentitiesTest;

plan skip_all => 'libfaketime is not installed' unless faketime_library();

# behind(NODE): an immediate restart with the server's clock 5 minutes behind this machine's.
sub behind
{
	my ($node) = @_;
	$node->stop('immediate');
	with_clock_behind(300, sub { $node->start });
}

my $old = PostgreSQL::Test::Cluster->new('mark_old');
$old->init;
$old->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'");
$old->start;
$old->safe_psql('postgres', 'CREATE DATABASE carried');
$old->safe_psql('carried', "CREATE EXTENSION identities; $drawn_ids_table");
draw_ids($old, 'carried', 1, 5000);
my $old_mark = $old->safe_psql('carried', 'SELECT identities_high_water_mark()');
my $dump = "$PostgreSQL::Test::Utils::tmp_check/carried.dump";
$old->run_log([ 'pg_dump', '-Fc', '-f', $dump, 'carried' ]) or die 'pg_dump failed';
$old->stop;
no_crash_but($old);

for my $path ('old_mark', 'rows')
{
	my $new = PostgreSQL::Test::Cluster->new("mark_new_$path");
	$new->init;
	$new->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'");
	$new->start;
	behind($new);
	is($new->safe_psql('postgres', "SELECT now() < '$old_mark'::timestamptz - interval '2 minutes'"), 't',
		"$path: the new server's clock is behind the old server's mark");
	$new->safe_psql('postgres', 'CREATE DATABASE carried');
	$new->run_log([ 'pg_restore', '-d', 'carried', $dump ]) or die 'pg_restore failed';
	# Without the floor, its ids go below the old server's.
	draw_ids($new, 'carried', 2, 100);
	is(ids_behind($new, 'carried', 2), 'snowflake iuid',
		"$path: a clock 5 minutes behind issues ids below the old server's");
	$new->safe_psql('carried', 'DELETE FROM drawn WHERE phase = 2');
	my $floor = $new->safe_psql('carried', $path eq 'old_mark'
		? "SELECT identities_raise_floor('$old_mark')" : 'SELECT identities_raise_floor_above_ids()');
	is( $new->safe_psql('carried', "SELECT '$floor'::timestamptz > (SELECT max(snowflake_extract_timestamp(snowflake)) FROM drawn)"),
		't', "$path: the floor ($floor) is above the restored ids");
	draw_ids($new, 'carried', 2);
	is(ids_not_above($new, 'carried', 2), '', "$path: after the floor was raised, nothing went back or repeated");
	# The raised floor is durable: an immediate restart, the clock still behind.
	behind($new);
	draw_ids($new, 'carried', 3);
	is(ids_not_above($new, 'carried', 3), '', "$path: after an immediate restart, nothing went back or repeated");
	$new->stop;
	no_crash_but($new);
}

done_testing();
