# pg_partman keeps daily partitions of our time-ordered ids going, with the names users know: DistributedId128,
# UUIDv7 and HotGuid in uuid through its time encoder/decoder pair (p_time_encoder => 'public.<format>_boundary',
# p_time_decoder => 'public.<format>_extract_timestamp': schema-qualified, since partman runs them under its own
# search_path), ULID in text (partman refuses a column of type ulid, checked below: its ids as their text, the
# encoder ulid_boundary_text, the decoder ulid_extract_timestamp(text)), and Snowflake in bigint through its
# integer mode with a day of ids as the interval.
# run_maintenance() creates the partitions ahead and drops those past the retention; rows land in their day's
# partition, never the default. Needs pg_partman 5 (its encoders): Debian packages it for PostgreSQL 17 and 18;
# elsewhere the test says it is skipped and why (identities_maintain_partitions covers those majors).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

package=postgresql-$PG_MAJOR-partman
candidate=$(apt-cache policy "$package" 2>/dev/null | sed -n 's/^ *Candidate: //p')
if [ -z "$candidate" ] || [ "$candidate" = "(none)" ]; then
	echo "skipped: no $package package in this machine's archive"
	exit 77
fi
if dpkg --compare-versions "$candidate" lt 5; then
	echo "skipped: $package is $candidate, before pg_partman 5 and its time encoders"
	exit 77
fi
install_dependencies "$package" >/dev/null

port=55481
servers_stopped_on_exit
start_server partman $port yes "TimeZone = 'UTC'"
sql -c "CREATE SCHEMA partman" -c "CREATE EXTENSION pg_partman SCHEMA partman" -c "CREATE EXTENSION identities" >/dev/null

# check_set TABLE: today's row in today's partition, partitions 4 days ahead, none older than the retention.
check_set() {
	local table=$1 landed ahead old in_default
	landed=$(sql -c "SELECT tableoid::regclass FROM $table WHERE body = 'now'")
	[ "$landed" = "${table}_p$(date -u +%Y%m%d)" ] || fail "$table: today's row is in $landed"
	ahead=$(sql -c "SELECT count(*) FROM partman.show_partitions('public.$table')
		WHERE partition_tablename > '${table}_p$(date -u +%Y%m%d)'")
	[ "$ahead" -ge 4 ] || fail "$table: $ahead partitions ahead of today"
	old=$(sql -c "SELECT count(*) FROM partman.show_partitions('public.$table')
		WHERE partition_tablename < '${table}_p$(date -u -d '2 days ago' +%Y%m%d)'")
	[ "$old" = 0 ] || fail "$table: $old partitions older than the retention remain"
	in_default=$(sql -c "SELECT count(*) FROM ${table}_default")
	[ "$in_default" = 0 ] || fail "$table: $in_default rows in the default partition"
}

# ULID's own type is refused as a control column (partman takes integers, numeric, dates and times, and text or uuid
# with an encoder); its ids are kept in text COLLATE "C" (their canonical text sorts as their bits in "C" only),
# decoded by ulid_extract_timestamp(text) and encoded by ulid_boundary_text (partman wants an encoder returning the
# column's type, and ulid_boundary returns ulid).
output=$(sql -c "CREATE TABLE t_ulid_own_type (id ulid NOT NULL DEFAULT ulid_generate(), body text) PARTITION BY RANGE (id)" \
	-c "SELECT partman.create_parent(p_parent_table => 'public.t_ulid_own_type', p_control => 'id', p_interval => '1 day',
		p_time_encoder => 'public.ulid_boundary', p_time_decoder => 'public.ulid_extract_timestamp')" 2>&1) &&
	fail "pg_partman now takes a ulid control column: test it as the uuid formats, not through text"
grep 'only supports partitioning of data types .*Supplied column is of type ulid' <<<"$output" >/dev/null ||
	fail "a ulid control column: not the refusal expected: $output"

for format in 'distributedid128|uuid|distributedid128_generate()|distributedid128_boundary' 'uuidv7|uuid|uuidv7_generate()|uuidv7_boundary' \
	'hotguid|uuid|hotguid_generate(7)|hotguid_boundary' 'ulid|text COLLATE "C"|ulid_generate()::text|ulid_boundary_text'; do
	IFS='|' read -r name type generator encoder <<<"$format"
	table=t_$name
	sql -c "CREATE TABLE $table (id $type NOT NULL DEFAULT $generator, body text) PARTITION BY RANGE (id)" \
		-c "SELECT partman.create_parent(p_parent_table => 'public.$table', p_control => 'id', p_interval => '1 day',
			p_time_encoder => 'public.$encoder', p_time_decoder => 'public.${name}_extract_timestamp',
			p_start_partition => (now() - interval '5 days')::text)" \
		-c "INSERT INTO $table (body) VALUES ('now')" \
		-c "UPDATE partman.part_config SET retention = '2 days', retention_keep_table = false
			WHERE parent_table = 'public.$table'" \
		-c "SELECT partman.run_maintenance('public.$table')" >/dev/null || fail "$table: pg_partman failed"
	check_set $table
done

# Snowflake in bigint: a day is 86 400 000 ms << 22 ids, and Discord's epoch is a UTC midnight, so partman's
# integer partitions (multiples of the interval) are UTC days. In integer mode partman premakes from the start
# value (not from now), so the set starts 5 days back with 8 made ahead. Its integer names are the ids, so the
# check compares bounds instead.
day=$(sql -c "SELECT (86400000::bigint << 22)")
sql -c "CREATE TABLE t_snowflake (id bigint NOT NULL DEFAULT snowflake_generate(), body text) PARTITION BY RANGE (id)" \
	-c "SELECT partman.create_parent(p_parent_table => 'public.t_snowflake', p_control => 'id', p_interval => '$day',
		p_start_partition => snowflake_boundary(date_trunc('day', now()) - interval '5 days')::text, p_premake => 8)" \
	-c "INSERT INTO t_snowflake (body) VALUES ('now')" \
	-c "UPDATE partman.part_config SET retention = '$((2 * day))', retention_keep_table = false
		WHERE parent_table = 'public.t_snowflake'" \
	-c "SELECT partman.run_maintenance('public.t_snowflake')" >/dev/null || fail "t_snowflake: pg_partman failed"
bounds=$(sql -c "SELECT pg_get_expr(c.relpartbound, c.oid) FROM t_snowflake t JOIN pg_class c ON c.oid = t.tableoid
	WHERE body = 'now'")
[ "$bounds" = "$(sql -c "SELECT format('FOR VALUES FROM (''%s'') TO (''%s'')',
	snowflake_boundary(date_trunc('day', now())), snowflake_boundary(date_trunc('day', now()) + interval '1 day'))")" ] ||
	fail "t_snowflake: today's row is not in a partition of today's UTC day: $bounds"
[ "$(sql -c "SELECT count(*) FROM t_snowflake_default")" = 0 ] || fail "t_snowflake: rows in the default partition"
[ "$(sql -c "SELECT count(*) FROM partman.show_partitions('public.t_snowflake') AS p
	JOIN pg_class c ON c.relname = p.partition_tablename
	WHERE (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \(''(\d+)''\)'))[1]::bigint
	      <= snowflake_boundary(date_trunc('day', now()) - interval '2 days')")" = 0 ] ||
	fail "t_snowflake: partitions past the retention remain"
echo "pg_partman $candidate: DistributedId128, UUIDv7, HotGuid, ULID (in text) and Snowflake partition sets maintained"
