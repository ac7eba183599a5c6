# Inside the sid chroot (test/majors/run): pg_upgrade from 18 to 19 of a database with every type, operator class,
# time partition and generator, as doc/upgrading.md says, in copy and in --link mode, with databases of the portable
# edition beside it (test/majors/portable.sh: through pg_tle where it is installed for both majors, and by its
# plain script). Prints "ok - ..." or "not ok - ..." per mode.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
source "$IDENTITIES_ROOT/test/integration/include/drawn_ids.sh"
source "$IDENTITIES_ROOT/test/majors/checks.sh"
source "$IDENTITIES_ROOT/test/majors/portable.sh"
old_major=18 new_major=19 port=55611
old_bin=/usr/lib/postgresql/$old_major/bin new_bin=/usr/lib/postgresql/$new_major/bin
faketime=$(ls /usr/lib/*/faketime/libfaketime.so.1 2>/dev/null | head -n 1)
make_work_dir
trap cleanup_servers EXIT
on_server() { as_postgres "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$IDENTITIES_WORK" -p $port -U postgres -d everything "$@"; }
sql() { on_server -c "$1"; }

# The old cluster: everything, ids drawn, its digests and mark; stopped cleanly, and a copy for the second mode.
use_major $old_major
preload=identities
portable_pg_tle_installed $old_major $new_major && PORTABLE_WITH_PG_TLE=yes preload=identities,pg_tle
start_server old $port yes "shared_preload_libraries = '$preload'"
psql_on $port -d postgres -c 'CREATE DATABASE everything'
on_server <"$IDENTITIES_ROOT/test/integration/include/everything.sql" >/dev/null || { echo "not ok - the database on $old_major"; exit 1; }
sql "$DRAWN_IDS_TABLE"
draw_ids sql 1 5000
digests=$(on_server <<<"$EVERYTHING_DIGESTS")
old_version=$(sql "SELECT extversion FROM pg_extension WHERE extname = 'identities'")
old_mark=$(sql 'SELECT identities_high_water_mark()')
portable_make
portable_old=$(portable_state)
stop_servers
as_postgres cp -a "$IDENTITIES_WORK/old" "$IDENTITIES_WORK/old_for_link"

for mode in copy link; do
	old=$IDENTITIES_WORK/old new=$IDENTITIES_WORK/new_$mode options=()
	[ $mode = link ] && old=$IDENTITIES_WORK/old_for_link options=(--link)
	use_major $new_major
	as_postgres "$new_bin/initdb" -D "$new" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
	printf '%s\n' "port = $port" "listen_addresses = ''" "unix_socket_directories = '$IDENTITIES_WORK'" "fsync = off" \
		"shared_preload_libraries = '$preload'" | as_postgres tee -a "$new/postgresql.conf" >/dev/null
	# pg_upgrade writes its logs where it runs: in the work directory the postgres user owns.
	upgrade() { (cd "$IDENTITIES_WORK" && as_postgres "$new_bin/pg_upgrade" -b "$old_bin" -B "$new_bin" -d "$old" -D "$new" \
		-U postgres -p 55612 -P 55613 "${options[@]}" "$@"); }
	output=$(upgrade --check 2>&1) || { echo "not ok - pg_upgrade --check ($mode): $(tail -n 5 <<<"$output" | tr '\n' ' ')"; continue; }
	output=$(upgrade 2>&1) || { echo "not ok - pg_upgrade ($mode): $(tail -n 5 <<<"$output" | tr '\n' ' ')"; continue; }
	# The mark: the file copied before the new server starts (copy mode); the old server's mark raised as the
	# floor after it started (link mode), the clock first shown behind it.
	[ $mode = copy ] && as_postgres cp "$old/identities_high_water_mark" "$new/"
	as_postgres env LD_PRELOAD="$faketime" FAKETIME="-300s" "$new_bin/pg_ctl" -D "$new" -l "$new.log" -w start >/dev/null
	STARTED_SERVERS+=("$new")
	problems=$(everything_problems sql on_server "$digests" "$old_version")
	problems+=$(portable_problems "$portable_old")
	if [ $mode = link ]; then
		draw_ids sql 2 100
		[ "$(ids_behind sql 2)" = "snowflake iuid" ] || problems+=" the clock is not behind the old server's ids;"
		sql 'DELETE FROM drawn WHERE phase = 2'
		sql "SELECT identities_raise_floor('$old_mark')" >/dev/null
	fi
	draw_ids sql 2
	above=$(ids_not_above sql 2)
	[ -z "$above" ] || problems+=" after the upgrade, ids went back or repeated: $above;"
	stop_servers
	if [ -z "$problems" ]; then
		echo "ok - pg_upgrade $old_major -> $new_major ($mode): rows, indexes and version kept, ids above the old ones with the clock 5 minutes behind; the portable edition's databases ($(echo "${PORTABLE_DATABASES[@]}")) kept, key and defaults working"
	else
		echo "not ok - pg_upgrade $old_major -> $new_major ($mode):$problems"
	fi
done
