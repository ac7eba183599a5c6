# The portable edition in a cluster moved to another major, as a managed service moves its users' clusters
# (pg_upgrade.sh) or as they move them themselves (a dump, test/majors/run): sourced after common.sh. Databases made
# by the service's master user (no superuser): portable_tle with the edition through pg_tle (where pg_tle is
# installed for both majors: PORTABLE_WITH_PG_TLE=yes), portable_plain with its plain script; in each, a key and
# the application's table a plain role uses (test/integration/include/portable_orders.sql).

PORTABLE_DATABASES=(portable_plain)
PORTABLE_WITH_PG_TLE=no
# portable_pg_tle_installed MAJOR...: whether pg_tle is installed for every one of them.
portable_pg_tle_installed() {
	local major
	for major in "$@"; do [ -f "$(/usr/lib/postgresql/"$major"/bin/pg_config --pkglibdir)/pg_tle.so" ] || return 1; done
}
# portable_sql DB ROLE [psql args]: psql as ROLE on DB of the server in question, unaligned and tuples only (here the
# one at $port in the work directory; test/majors/run defines it again for its servers over TCP).
portable_sql() { local db=$1 role=$2; shift 2; psql_on "$port" -d "$db" -U "$role" -At "$@"; }
# portable_roles: the master user and the plain role (on a new server too, before a restore).
portable_roles() {
	portable_sql postgres postgres -c 'CREATE ROLE service_admin LOGIN NOSUPERUSER CREATEROLE' -c 'CREATE ROLE app LOGIN' >/dev/null
}

# portable_make: the databases, on the old server (started with pg_tle preloaded when PORTABLE_WITH_PG_TLE=yes).
portable_make() {
	local build db
	build=$(mktemp -d)
	bash "$IDENTITIES_ROOT/portable/build" --out "$build" >/dev/null
	portable_roles
	if [ "$PORTABLE_WITH_PG_TLE" = yes ]; then
		PORTABLE_DATABASES=(portable_plain portable_tle)
		portable_sql postgres postgres -c 'CREATE DATABASE portable_tle OWNER service_admin' >/dev/null
		portable_sql portable_tle postgres -c 'CREATE EXTENSION pg_tle' -c 'GRANT pgtle_admin TO service_admin' >/dev/null
		portable_sql portable_tle service_admin -c 'CREATE EXTENSION pgcrypto' >/dev/null
		portable_sql portable_tle service_admin <"$build/identities_portable_pg_tle.sql" >/dev/null
		portable_sql portable_tle service_admin -c 'CREATE EXTENSION identities_portable' >/dev/null
	fi
	portable_sql postgres postgres -c 'CREATE DATABASE portable_plain OWNER service_admin' >/dev/null
	local output
	# (its CREATE SCHEMA IF NOT EXISTS says NOTICE for public: shown only when the script fails)
	output=$(portable_sql portable_plain service_admin <"$build/identities_portable.sql" 2>&1) || echo "$output" >&2
	rm -rf "$build"
	for db in "${PORTABLE_DATABASES[@]}"; do
		{
			echo 'SELECT identities_public_key_generate();'
			cat "$IDENTITIES_ROOT/test/integration/include/portable_orders.sql"
		} | portable_sql "$db" service_admin >/dev/null
	done
}

# portable_state: a line per database: its rows and public ids (a digest), key fingerprint and version.
portable_state() {
	local db
	for db in "${PORTABLE_DATABASES[@]}"; do
		portable_sql "$db" service_admin -c "
			SELECT '$db ' || md5(string_agg(o::text || p.public_id, ',' ORDER BY o.n)) || ' '
				|| identities_public_key_fingerprint() || ' ' || identities_portable_version() || ' '
				|| coalesce((SELECT extversion FROM pg_extension WHERE extname = 'identities_portable'), 'plain')
			FROM orders AS o JOIN public_orders AS p USING (n)"
	done
}

# portable_problems STATE: what differs on the new server from the old one's STATE (empty when nothing): the
# state, the key in a plain role's reach, the defaults, the indexes (amcheck), pg_tle without the edition's script.
portable_problems() {
	local expected=$1 problems="" got db outcome statement
	got=$(portable_state 2>&1)
	[ "$got" = "$expected" ] || problems+=" the portable databases differ: $(diff <(echo "$expected") <(echo "$got") | grep '^>' | tr '\n' ' ');"
	for db in "${PORTABLE_DATABASES[@]}"; do
		for statement in 'SELECT * FROM identities_public_key' 'SELECT identities_public_key_export()'; do
			outcome=$(portable_sql "$db" app -v VERBOSITY=verbose -c "$statement" 2>&1 || true)
			[[ $outcome == *42501* ]] || problems+=" $db: a plain role ran $statement;"
		done
		got=$(portable_sql "$db" app -c 'INSERT INTO orders (n) SELECT g FROM generate_series(1001, 1100) AS g' \
			-c "SELECT count(*) = 1100 AND count(DISTINCT message) = 1100 AND count(DISTINCT flake) = 1100
				AND bool_and(public_id_to_distributedid(alphanumeric_to_uuid(p.public_id)) = o.id)
				FROM orders AS o JOIN public_orders AS p USING (n)" 2>&1)
		[ "$got" = t ] || problems+=" $db: the defaults or public ids: $got;"
		got=$(portable_sql "$db" postgres -c 'CREATE EXTENSION IF NOT EXISTS amcheck' -c "
			SELECT count(bt_index_check(c.oid, true)) FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid
			WHERE i.indrelid = 'public.orders'::regclass" 2>&1)
		[ "$got" = 4 ] || problems+=" $db: amcheck of the table's indexes: $got;"
	done
	if [ "$PORTABLE_WITH_PG_TLE" = yes ]; then
		got=$(portable_sql portable_tle service_admin -c "SELECT count(*) FROM pgtle.available_extension_versions() WHERE name = 'identities_portable'" 2>&1)
		[ "$got" = 1 ] || problems+=" portable_tle: pg_tle lost the edition's script: $got;"
	fi
	echo "$problems"
}
