# Updates of the portable edition, as doc/portable.md ("Updating") tells, in each of its install forms: pg_tle
# (identities_portable_pg_tle_update.sql, then ALTER EXTENSION identities_portable UPDATE), a plain install
# (identities_portable_update_from_VERSION.sql with psql -f), each run by a role that is no superuser (as a managed
# service's master user), and a control file (the update script beside it; a superuser's, as self-hosted), on a
# database with every id type in column defaults, rows, a view of public ids and a key. After the update: the new
# version everywhere, the rows, public ids and key as they were, the key still out of a plain role's reach, the
# defaults still generating, and the schema exactly as a fresh install of the new version makes it (pg_dump, the
# extension's members included).
#
# A version updates from each released one (portable/released/identities_portable--VERSION.sql, its extension
# script as it shipped, whose other forms portable/build --from-script makes; doc/releasing.md) to the current
# one, and the current one to a successor this test makes of its sources (version CURRENT-next): a function added,
# one replaced, a column added to the key table, each in the sources and in its update part (sql/updates/), as a
# real next version would. Until a version is released, the successor is the only update there is. The plain update
# must refuse what it cannot update (55000: a schema without the edition, the extension form, another version)
# and do nothing when run again. Without pg_tle (no PG_TLE_SOURCE) the test is skipped.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
source "$IDENTITIES_ROOT/scripts/pg_tle.sh"

require_pg_tle

port=55523
work=$IDENTITIES_WORK/portable_update_files
extension_dir=$("$PG_CONFIG" --sharedir)/extension
STARTED_SERVERS=()
finish() {
	stop_servers
	rm -f "$extension_dir"/identities_portable{.control,--*.sql}
	rm -rf "$work"
}
trap finish EXIT
fail_prefix="FAILED: "
current=$(sed -n "s/^default_version = '\(.*\)'$/\1/p" "$IDENTITIES_ROOT/portable/identities_portable.control")
[ "$current" = "$(sed -n "s/^default_version = '\(.*\)'$/\1/p" "$IDENTITIES_ROOT/identities.control")" ] ||
	fail "portable/identities_portable.control is at $current, identities.control at another version (doc/releasing.md)"
# The extension script of each release as it shipped (portable/released/): updates are tested from these bytes.
declare -A released_sha256=()
schema='Portable ids' # every form installed in a schema whose name needs quoting (pg_tle refuses quotes in it)
quoted_schema='"Portable ids"'

# --- the versions: the current one built, and what it updates from ---
mkdir -p "$work"
current_build=$(portable_edition --schema "$schema")
# successor: the current sources made into version CURRENT-next (copied, with the native edition's parts the build
# reads), built into $work/next.
successor() {
	local tree=$work/next_sources
	mkdir -p "$tree"
	cp -r "$IDENTITIES_ROOT/portable" "$IDENTITIES_ROOT/sql" "$IDENTITIES_ROOT/formats.tsv" "$tree/"
	mkdir -p "$tree/src/core" # the catalog of errors, which the build writes into the PL/pgSQL
	cp "$IDENTITIES_ROOT/src/core/messages.def" "$IDENTITIES_ROOT/src/core/error.hpp" "$tree/src/core/"
	sed -i "s/^default_version = .*/default_version = '$current-next'/" "$tree/portable/identities_portable.control"
	local base=$tree/portable/sql/identities_portable.sql public_id=$tree/portable/sql/formats/public_id.sql
	local update=$tree/portable/sql/updates/identities_portable--$current--$current-next.sql
	mkdir -p "$(dirname "$update")"
	# a function added
	local probe="CREATE FUNCTION @extschema@.identities_update_probe() RETURNS text LANGUAGE sql IMMUTABLE RETURN 'added in $current-next';"
	echo "$probe" >>"$base"
	echo "$probe" >>"$update"
	# a function replaced: identities_citus_group, its body changed
	local replaced='/^CREATE FUNCTION @extschema@.identities_citus_group\(\)/,/^\$\$;$/'
	sed -n "$replaced p" "$base" | grep -q '^	citus_group integer;$' || fail "identities_citus_group's declaration moved: change this test"
	sed -i "$replaced s/^	citus_group integer;\$/	citus_group integer; -- replaced in the successor/" "$base"
	awk '/^CREATE FUNCTION @extschema@.identities_citus_group\(\)/ { on = 1; sub(/^CREATE FUNCTION/, "CREATE OR REPLACE FUNCTION") }
		on { print } on && /^\$\$;$/ { exit }' "$base" >>"$update"
	# a column added to the key table
	grep -q '^	key bytea NOT NULL$' "$public_id" || fail "identities_public_key's columns moved: change this test"
	sed -i 's/^	key bytea NOT NULL$/	key bytea NOT NULL,\n	made_at timestamptz NOT NULL DEFAULT now()/' "$public_id"
	echo "ALTER TABLE @extschema@.identities_public_key ADD COLUMN made_at timestamptz NOT NULL DEFAULT now();" >>"$update"
	bash "$tree/portable/build" --out "$work/next" --schema "$schema" >/dev/null
	[ -f "$work/next/identities_portable_update_from_$current.sql" ] || fail "portable/build wrote no plain update from $current"
	[ -f "$work/next/identities_portable_pg_tle_update.sql" ] || fail "portable/build wrote no pg_tle update"
	[ -f "$work/next/identities_portable--$current--$current-next.sql" ] || fail "portable/build wrote no extension update script"
}
successor
chmod -R a+rX "$work"

start_server portable_update $port no "shared_preload_libraries = 'pg_tle'"
installer=service_admin # the role that installs the edition and owns its key
as_admin() { local db=$1; shift; psql_on $port -d "$db" -U "$installer" -At "$@"; }
as_app() { local db=$1; shift; psql_on $port -d "$db" -U app -At "$@"; }
psql_on $port -d postgres >/dev/null <<'SQL'
CREATE ROLE service_admin LOGIN NOSUPERUSER CREATEROLE;
CREATE ROLE app LOGIN;
SQL

# new_database NAME [tle]: a database the service's master user owns, pg_tle in it when asked.
new_database() {
	sql postgres -c "CREATE DATABASE $1 OWNER service_admin" >/dev/null
	sql "$1" -c 'CREATE SCHEMA app AUTHORIZATION service_admin' >/dev/null
	if [ "${2:-}" = tle ]; then sql "$1" -c 'CREATE EXTENSION pg_tle' -c 'GRANT pgtle_admin TO service_admin' >/dev/null; fi
}

# fill DB SCHEMA: a key, and the application's table (include/portable_orders.sql) in the schema app. Prints
# the state an update must keep.
fill() {
	local db=$1 ids=$2
	{
		echo "SET search_path = app, $ids;"
		echo 'SELECT identities_public_key_generate();'
		cat "$IDENTITIES_ROOT/test/integration/include/portable_orders.sql"
		echo "GRANT USAGE ON SCHEMA app, $ids TO app;"
	} | as_admin "$db" >/dev/null
	state "$db" "$ids"
}
# state DB SCHEMA: the rows, the public ids and the key's fingerprint.
state() {
	as_admin "$1" -v ids="$2" <<'SQL'
SET search_path = app, :ids;
SELECT md5(string_agg(o::text || p.public_id, ',' ORDER BY o.n)) || ' ' || identities_public_key_fingerprint()
FROM app.orders AS o JOIN app.public_orders AS p USING (n);
SQL
}
# after_update DB SCHEMA VERSION STATE: what an update must leave.
after_update() {
	local db=$1 ids=$2 version=$3 expected=$4 got outcome
	got=$(as_admin "$db" -c "SELECT $ids.identities_portable_version()")
	[ "$got" = "$version" ] || fail "$db: identities_portable_version() says $got, not $version"
	[ "$(state "$db" "$ids")" = "$expected" ] || fail "$db: the rows, public ids or key changed in the update"
	if [ "$version" = "$current-next" ]; then
		[ "$(as_admin "$db" -c "SELECT $ids.identities_update_probe()")" = "added in $current-next" ] ||
			fail "$db: the added function is not there"
		[ "$(as_admin "$db" -c "SELECT count(*) FROM $ids.identities_public_key WHERE made_at IS NOT NULL")" = 1 ] ||
			fail "$db: the key's row did not get the added column"
	fi
	outcome=$(as_app "$db" -v VERBOSITY=verbose -c "SELECT * FROM $ids.identities_public_key" 2>&1 || true)
	[[ $outcome == *42501* ]] || fail "$db: after the update a plain role reads the key table ($outcome)"
	got=$(as_app "$db" -c "SET search_path = app, $ids" \
		-c 'INSERT INTO app.orders (n) SELECT g FROM generate_series(1001, 1100) AS g' \
		-c "SELECT count(*) = 1100 AND count(DISTINCT message) = 1100 AND count(DISTINCT flake) = 1100
			AND bool_and(public_id_to_distributedid(alphanumeric_to_uuid(p.public_id)) = o.id)
			FROM app.orders AS o JOIN app.public_orders AS p USING (n)")
	[ "$got" = t ] || fail "$db: the application's defaults or public ids after the update: $got"
	as_admin "$db" -c 'DELETE FROM app.orders WHERE n > 1000' >/dev/null
}
# objects DB: the database's objects as pg_dump recreates them (an extension's members one by one), but the
# application's schema and grants, the scripts pg_tle keeps (schema pgtle: an updated database has the old ones
# too), and what differs between any two databases: oids, xids, a sequence's state, the value a column added with a
# default gives the rows it found.
objects() {
	as_postgres "$PG_BIN/pg_dump" --binary-upgrade --schema-only -h "$IDENTITIES_WORK" -p $port -U postgres -N app -N pgtle "$1" |
		grep -vE 'binary_upgrade_set_next_|^\\(un)?restrict |^--( |$)|^$' |
		grep -vE "relfrozenxid = |^WHERE oid = '[0-9]+';$|^SELECT pg_catalog.setval\\(|binary_upgrade_set_missing_value| TO app;$" |
		sed -E -e "s/(binary_upgrade_create_empty_extension\\(.*)'\\{[0-9,]*\\}'/\\1'{oids}'/" \
			-e "s/ARRAY\\['pg_tle','pgcrypto'\\]/ARRAY['pgcrypto','pg_tle']/" # (pg_tle lists them in either order)
}
same_objects() { # same_objects UPDATED FRESH
	local updated fresh difference
	updated=$(objects "$1" | sed "s/$1/DB/g")
	fresh=$(objects "$2" | sed "s/$2/DB/g")
	difference=$(diff <(echo "$updated") <(echo "$fresh") || true)
	[ -z "$difference" ] || fail "$1 differs from a fresh install of the same version:
$(head -n 40 <<<"$difference")"
	[ "$(grep -c "^CREATE FUNCTION \"Portable ids\"\." <<<"$updated")" -gt 150 ] || fail "pg_dump shows too few functions of the edition in $1"
}

# update_through_pg_tle FROM_BUILD FROM_VERSION TO_BUILD TO_VERSION
update_through_pg_tle() {
	local from=$1 from_version=$2 to=$3 to_version=$4 expected got
	new_database tle_updated tle
	as_admin tle_updated -c 'CREATE EXTENSION pgcrypto' -c "CREATE SCHEMA $quoted_schema" >/dev/null
	as_admin tle_updated -f "$from/identities_portable_pg_tle.sql" >/dev/null
	as_admin tle_updated -c "CREATE EXTENSION identities_portable SCHEMA $quoted_schema" >/dev/null
	expected=$(fill tle_updated "$quoted_schema")
	as_admin tle_updated -f "$to/identities_portable_pg_tle_update.sql" >/dev/null
	as_admin tle_updated -c 'ALTER EXTENSION identities_portable UPDATE' >/dev/null
	got=$(as_admin tle_updated -c "SELECT extversion FROM pg_extension WHERE extname = 'identities_portable'")
	[ "$got" = "$to_version" ] || fail "pg_tle: ALTER EXTENSION identities_portable UPDATE from $from_version reached $got"
	after_update tle_updated "$quoted_schema" "$to_version" "$expected"
	# run again: nothing changes
	as_admin tle_updated -f "$to/identities_portable_pg_tle_update.sql" >/dev/null || fail "pg_tle: the update did not run a second time"
	as_admin tle_updated -c 'ALTER EXTENSION identities_portable UPDATE' >/dev/null
	# a fresh install of the new version through pg_tle, in another database
	new_database tle_fresh tle
	as_admin tle_fresh -c 'CREATE EXTENSION pgcrypto' -c "CREATE SCHEMA $quoted_schema" >/dev/null
	as_admin tle_fresh -f "$to/identities_portable_pg_tle.sql" >/dev/null
	as_admin tle_fresh -c "CREATE EXTENSION identities_portable SCHEMA $quoted_schema" >/dev/null
	same_objects tle_updated tle_fresh
	# and in the updated database, the extension dropped and created again: pg_tle has the new version's script
	as_admin tle_updated -c 'DROP SCHEMA app CASCADE' -c 'DROP EXTENSION identities_portable' \
		-c "CREATE EXTENSION identities_portable SCHEMA $quoted_schema" -c 'CREATE SCHEMA app' >/dev/null
	same_objects tle_updated tle_fresh
	echo "pg_tle: $from_version updated to $to_version as a fresh install makes it, rows, public ids and key kept"
}

# update_plain FROM_BUILD FROM_VERSION TO_BUILD TO_VERSION
update_plain() {
	local from=$1 from_version=$2 to=$3 to_version=$4 expected outcome script
	script=$to/identities_portable_update_from_$from_version.sql
	new_database plain_updated
	as_admin plain_updated -c "CREATE SCHEMA $quoted_schema" >/dev/null
	# nothing in the schema yet: refused
	outcome=$(as_admin plain_updated -v VERBOSITY=verbose -f "$script" 2>&1 || true)
	[[ $outcome == *55000*"holds no portable edition"* ]] || fail "plain: an update of an empty schema: $outcome"
	as_admin plain_updated -f "$from/identities_portable.sql" >/dev/null
	expected=$(fill plain_updated "$quoted_schema")
	as_admin plain_updated -f "$script" >/dev/null
	after_update plain_updated "$quoted_schema" "$to_version" "$expected"
	# run again: nothing to do, nothing changed
	outcome=$(as_admin plain_updated -f "$script" 2>&1) || fail "plain: the update run a second time failed: $outcome"
	[[ $outcome == *"nothing to update"* ]] || fail "plain: the update run a second time said: $outcome"
	[ "$(state plain_updated "$quoted_schema")" = "$expected" ] || fail "plain: a second run changed the rows, public ids or key"
	new_database plain_fresh
	as_admin plain_fresh -f "$to/identities_portable.sql" >/dev/null
	same_objects plain_updated plain_fresh
	# another version in the schema: refused, naming it
	as_admin plain_fresh -c "CREATE OR REPLACE FUNCTION $quoted_schema.identities_portable_version() RETURNS text
		LANGUAGE sql IMMUTABLE RETURN '0.0.1'" >/dev/null
	outcome=$(as_admin plain_fresh -v VERBOSITY=verbose -f "$script" 2>&1 || true)
	[[ $outcome == *55000*"holds version 0.0.1 of the portable edition, not $from_version"* ]] ||
		fail "plain: an update of another version: $outcome"
	# the extension form is not updated by it
	outcome=$(as_admin tle_updated -v VERBOSITY=verbose -f "$script" 2>&1 || true)
	[[ $outcome == *55000*"is the extension identities_portable"* ]] || fail "plain: an update of the extension form: $outcome"
	echo "plain: $from_version updated to $to_version as a fresh install makes it, rows, public ids and key kept; refused where it cannot update"
}

# update_by_control_file FROM_BUILD FROM_VERSION TO_BUILD TO_VERSION: a self-hosted server, the control file and
# scripts in its extension directory (without pg_tle, whose install refuses a name with a control file), installed
# by a superuser (a trusted extension's objects belong to the bootstrap superuser, whoever creates it).
update_by_control_file() {
	local installer=postgres from=$1 from_version=$2 to=$3 to_version=$4 expected got tree=$work/next_sources/portable
	[ "$to_version" = "$current" ] && tree=$IDENTITIES_ROOT/portable
	install -m 644 "$tree/identities_portable.control" "$from/identities_portable--$from_version.sql" \
		"$to"/identities_portable--*.sql "$extension_dir/"
	new_database control_updated
	sql control_updated -c 'CREATE EXTENSION pgcrypto' >/dev/null
	as_admin control_updated -c "CREATE SCHEMA $quoted_schema" \
		-c "CREATE EXTENSION identities_portable SCHEMA $quoted_schema VERSION '$from_version'" >/dev/null
	expected=$(fill control_updated "$quoted_schema")
	as_admin control_updated -c 'ALTER EXTENSION identities_portable UPDATE' >/dev/null
	got=$(as_admin control_updated -c "SELECT extversion FROM pg_extension WHERE extname = 'identities_portable'")
	[ "$got" = "$to_version" ] || fail "control file: ALTER EXTENSION identities_portable UPDATE from $from_version reached $got"
	after_update control_updated "$quoted_schema" "$to_version" "$expected"
	new_database control_fresh
	sql control_fresh -c 'CREATE EXTENSION pgcrypto' >/dev/null
	as_admin control_fresh -c "CREATE SCHEMA $quoted_schema" -c "CREATE EXTENSION identities_portable SCHEMA $quoted_schema" >/dev/null
	same_objects control_updated control_fresh
	rm -f "$extension_dir"/identities_portable{.control,--*.sql}
	echo "control file: $from_version updated to $to_version as a fresh install makes it, rows, public ids and key kept"
}

# each_update FROM_BUILD FROM_VERSION TO_BUILD TO_VERSION
each_update() {
	local database
	update_through_pg_tle "$@"
	update_plain "$@"
	update_by_control_file "$@"
	for database in tle_updated tle_fresh plain_updated plain_fresh control_updated control_fresh; do
		sql postgres -c "DROP DATABASE $database" >/dev/null
	done
}

each_update "$current_build" "$current" "$work/next" "$current-next"
released=0
for release in "$IDENTITIES_ROOT"/portable/released/identities_portable--*.sql; do
	[ -f "$release" ] || continue
	version=$(basename "$release" .sql)
	version=${version#identities_portable--}
	[ "$(sha256sum <"$release" | cut -d' ' -f1)" = "${released_sha256[$version]:-}" ] ||
		fail "$release changed after its release, or its SHA-256 is not recorded here: add an update instead"
	bash "$IDENTITIES_ROOT/portable/build" --from-script "$release" --out "$work/released_$version" --schema "$schema" >/dev/null
	chmod -R a+rX "$work/released_$version"
	each_update "$work/released_$version" "$version" "$current_build" "$current"
	released=$((released + 1))
done
echo "updates from $released released versions to $current, and from $current to a successor"
