# The high-water mark keeps every generator above the ids a server issued, whatever its clock says afterwards:
# 1. an immediate restart (no shutdown checkpoint) whose clock is 30 s behind: Snowflake, SIQ, iUID and UUIDv7
#    ids keep increasing, HotGuid's seconds do not go back, nothing repeats;
# 2. a failover: a streaming standby (a base backup, its clock 10 s behind the primary's), promoted after the
#    primary stopped immediately, continues above every id the primary issued, with the same Snowflake worker
#    and SIQ shard (copied with the configuration), so a repeat would be a real duplicate.
# The clocks are set back with libfaketime; the test checks they are, so it cannot pass for want of a clock behind.
use strict;
use warnings;
use FindBin;
use lib $FindBin::RealBin;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;
use IdentitiesTest;

plan skip_all => 'libfaketime is not installed' unless faketime_library();

my $primary = PostgreSQL::Test::Cluster->new('hwm_primary');
$primary->init(allows_streaming => 1);
$primary->append_conf('postgresql.conf', "shared_preload_libraries = 'identities'");
$primary->start;
$primary->safe_psql('postgres', "CREATE EXTENSION identities; $drawn_ids_table");

# 1. An immediate restart with the clock set back.
draw_ids($primary, 'postgres', 1);
$primary->stop('immediate');
with_clock_behind(30, sub { $primary->start });
my $lag = clock_lag($primary);
ok($lag >= 29, "the restarted server's clock is behind (by $lag s)");
draw_ids($primary, 'postgres', 2);
is(ids_not_above($primary, 'postgres', 2), '', 'phase 2, after an immediate restart 30 s behind: nothing went back or repeated');

# 2. A failover to a standby whose clock is behind.
$primary->restart;
$primary->backup('standby');
my $standby = PostgreSQL::Test::Cluster->new('hwm_standby');
$standby->init_from_backup($primary, 'standby', has_streaming => 1);
with_clock_behind(10, sub { $standby->start });
draw_ids($primary, 'postgres', 3);
# Everything the primary wrote, marks included, has reached the standby before the primary goes.
my $lsn = $primary->safe_psql('postgres', 'SELECT pg_current_wal_flush_lsn()');
$standby->poll_query_until('postgres', "SELECT pg_last_wal_replay_lsn() >= '$lsn'");
is($standby->safe_psql('postgres', 'SELECT count(*) FROM drawn WHERE phase = 3'), 20000, 'the standby caught up');
$primary->stop('immediate');
$standby->promote;
$lag = clock_lag($standby);
ok($lag >= 9, "the standby's clock is behind (by $lag s)");
draw_ids($standby, 'postgres', 4);
is(ids_not_above($standby, 'postgres', 4), '', 'phase 4, after a failover to a standby 10 s behind: nothing went back or repeated');

$standby->stop;
no_crash_but($_) for $primary, $standby;

done_testing();
