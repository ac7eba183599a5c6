# The high-water mark carried to the server that follows, as doc/upgrading.md says (one major here; test/majors
# runs the same steps between majors): a database dumped and restored into a server whose clock is 5 minutes behind
# issues ids below the old server's until the floor is raised, then above every one of them, and still after an
# immediate restart with the clock behind:
#   1. identities_raise_floor(the old server's identities_high_water_mark()), when the old server can be asked;
#   2. identities_raise_floor_above_ids(), from the restored rows alone.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
source "$(dirname "${BASH_SOURCE[0]}")/include/drawn_ids.sh"

old_port=55521 new_port=55522
faketime=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)
[ -n "$faketime" ] || { echo "skipped: libfaketime is not installed"; exit 77; }
STARTED_SERVERS=()
trap stop_servers EXIT
fail() { echo "$*"; exit 1; }
on_old() { psql_on $old_port -d carried -X -At -c "$1"; }
on_new() { psql_on $new_port -d carried -X -At -c "$1"; }
# behind DATA: an immediate restart with the server's clock 5 minutes behind this machine's.
behind() {
	as_postgres env LD_PRELOAD="$faketime" FAKETIME="-300s" "$PG_BIN/pg_ctl" -D "$1" -m immediate -w restart \
		-l "$1.log" >/dev/null
}

start_server mark_old $old_port yes
psql_on $old_port -d postgres -c 'CREATE DATABASE carried'
on_old 'CREATE EXTENSION identities'
on_old "$DRAWN_IDS_TABLE"
draw_ids on_old 1 5000
old_mark=$(on_old 'SELECT identities_high_water_mark()')
as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $old_port -U postgres -Fc -f "$IDENTITIES_WORK/carried.dump" carried
as_postgres "$PG_BIN/pg_ctl" -D "$IDENTITIES_WORK/mark_old" -m fast -w stop >/dev/null

for path in old_mark rows; do
	start_server "mark_new_$path" $new_port yes
	new=$IDENTITIES_WORK/mark_new_$path
	behind "$new"
	[ "$(psql_on $new_port -d postgres -At -c "SELECT now() < '$old_mark'::timestamptz - interval '2 minutes'")" = t ] ||
		fail "$path: the new server's clock is not behind the old server's mark"
	psql_on $new_port -d postgres -c 'CREATE DATABASE carried'
	as_postgres "$PG_BIN/pg_restore" -h "$IDENTITIES_WORK" -p $new_port -U postgres -d carried "$IDENTITIES_WORK/carried.dump"
	# Without the floor, its ids go below the old server's.
	draw_ids on_new 2 100
	[ "$(ids_behind on_new 2)" = "snowflake iuid" ] || fail "$path: a clock 5 minutes behind did not issue ids below the old server's"
	on_new 'DELETE FROM drawn WHERE phase = 2'
	case $path in
	old_mark) floor=$(on_new "SELECT identities_raise_floor('$old_mark')") ;;
	rows) floor=$(on_new 'SELECT identities_raise_floor_above_ids()') ;;
	esac
	[ "$(on_new "SELECT '$floor'::timestamptz > (SELECT max(snowflake_extract_timestamp(snowflake)) FROM drawn)")" = t ] ||
		fail "$path: the floor ($floor) is not above the restored ids"
	draw_ids on_new 2
	report=$(ids_not_above on_new 2)
	[ -z "$report" ] || fail "$path: after the floor was raised, went back or repeated: $report"
	# The raised floor is durable: an immediate restart, the clock still behind.
	behind "$new"
	draw_ids on_new 3
	report=$(ids_not_above on_new 3)
	[ -z "$report" ] || fail "$path: after an immediate restart, went back or repeated: $report"
	stop_servers
	echo "$path: the floor raised to $floor, ids above the restored ones, also after a restart"
done
