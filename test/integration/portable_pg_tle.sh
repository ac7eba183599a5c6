# The portable edition as a managed service's user installs it, and its key kept secret. On a server with pg_tle
# preloaded (as RDS, Aurora and Supabase run it), a role that is no superuser, granted pgtle_admin and owning its
# database (as RDS's master user), installs pgcrypto and the pg_tle package (portable/build's
# identities_portable_pg_tle.sql), creates the extension, makes the key in the database as doc/portable.md says,
# and an application role uses every id type in column defaults. Under log_statement = 'all', no log line shows the
# key, nor does anything a plain role can reach: the key table, the key functions, pg_stats, the settings, the
# functions' sources, a dump. The REVOKE recipe keeps a role from public ids. With psql 16 or later, importing an
# existing key through a bind parameter shows it in no log line either (at the default log_statement), even when
# the import fails. Without pg_tle (no PG_TLE_SOURCE) the test is skipped.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
source "$IDENTITIES_ROOT/scripts/pg_tle.sh"

require_pg_tle

port=55521
servers_stopped_on_exit "$IDENTITIES_WORK/portable_tle"
log_start=$(($(stat -c %s "$IDENTITIES_WORK/portable_tle.log" 2>/dev/null || echo 0) + 1))
# pgaudit, where Debian packages it for this major, preloaded too: it logs the statements functions run, and their
# parameters (the key's recipe below must keep the key out of them).
preload=pg_tle
if install_dependencies "postgresql-$PG_MAJOR-pgaudit" >/dev/null 2>&1 && [ -f "$("$PG_CONFIG" --pkglibdir)/pgaudit.so" ]; then
	preload=pg_tle,pgaudit
fi
start_server portable_tle $port no "shared_preload_libraries = '$preload'" "log_statement = 'all'" "log_min_error_statement = error"
new_log() { tail -c +"$log_start" "$IDENTITIES_WORK/portable_tle.log"; }
fail_prefix="FAILED: "

# the files portable/build writes as doc/portable.md runs it (the plain script in the schema public)
build=$(portable_edition)

# The service's side: pg_tle in the database, a master user that is no superuser.
psql_on $port -d postgres >/dev/null <<'SQL'
CREATE ROLE service_admin LOGIN NOSUPERUSER CREATEROLE;
CREATE DATABASE shop OWNER service_admin;
\c shop
CREATE EXTENSION pg_tle;
GRANT pgtle_admin TO service_admin;
SQL
as_admin() { psql_on $port -d shop -U service_admin "$@"; }
[ "$(as_admin -At -c "SELECT rolsuper FROM pg_roles WHERE rolname = current_user")" = f ] || fail "service_admin is a superuser"

# The user's side, as doc/portable.md says.
as_admin -c 'CREATE EXTENSION pgcrypto' >/dev/null
as_admin -f "$build/identities_portable_pg_tle.sql" >/dev/null
as_admin -c 'CREATE EXTENSION identities_portable' >/dev/null
fingerprint=$(as_admin -At -c 'SELECT identities_public_key_generate()')
[[ $fingerprint =~ ^[0-9a-f]{16}$ ]] || fail "no fingerprint from identities_public_key_generate: $fingerprint"
key=$(as_admin -At -c 'SELECT identities_public_key_export()')
[[ $key =~ ^[A-Za-z0-9+/]{43}=$ ]] || fail "the exported key is not the base64 of 32 bytes"
key_hex=$(base64 -d <<<"$key" | od -An -tx1 | tr -d ' \n')

as_admin >/dev/null <<'SQL'
CREATE ROLE app LOGIN;
GRANT USAGE ON SCHEMA public TO app;
CREATE SEQUENCE person_key;
CREATE TABLE orders (
	id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
	id128 uuid DEFAULT distributedid128_generate(),
	ride iuid DEFAULT iuid_generate(42, 7),
	message siq DEFAULT siq_generate('message'),
	hot uuid DEFAULT hotguid_generate(17),
	person uuid DEFAULT luuid_generate('person', nextval('person_key')),
	v7 uuid DEFAULT uuidv7_generate(),
	total numeric
);
GRANT SELECT, INSERT ON orders TO app;
GRANT USAGE ON SEQUENCE person_key TO app;
CREATE VIEW api_orders AS SELECT to_alphanumeric(public_id(id)) AS id, total FROM orders;
GRANT SELECT ON api_orders TO app;
SQL
as_app() { psql_on $port -d shop -U app "$@"; }
as_app -c "INSERT INTO orders (total) SELECT n FROM generate_series(1, 100) AS n" >/dev/null
checks=$(as_app -At <<'SQL'
SELECT count(*) = 100 AND count(DISTINCT o.id) = 100 AND bool_and(iuid_extract_country(ride) = 42)
	AND bool_and(siq_extract_qualifier(message) = 'message') AND bool_and(hotguid_extract_shard_key(hot) = 17)
	AND bool_and(uuidv7_extract_timestamp(v7) IS NOT NULL)
	AND bool_and(luuid_extract_group(person) = luuid_group('person'))
	AND bool_and(public_id_to_distributedid(alphanumeric_to_uuid(a.id)) = o.id)
FROM orders AS o JOIN api_orders AS a USING (total);
SQL
)
[ "$checks" = t ] || fail "the application's ids: $checks"

# What a plain role can reach of the key: nothing.
as_admin -c 'ANALYZE identities_public_key, orders' >/dev/null
for statement in 'SELECT * FROM identities_public_key' 'SELECT identities_public_key_export()' \
	'SELECT identities_public_key_generate()' 'SELECT identities_public_key_rotate()' \
	"SELECT identities_public_key_set('AAAAAAAAAAAAAAAAAAAAAA==')" 'SELECT identities_public_key_set_previous(NULL)' \
	'COPY identities_public_key TO STDOUT'; do
	outcome=$(as_app -At -v VERBOSITY=verbose -c "$statement" 2>&1 || true)
	[[ $outcome == *42501* ]] || fail "a plain role ran: $statement ($outcome)"
done
reachable=$(as_app -At <<SQL
SELECT (SELECT count(*) FROM pg_stats WHERE tablename = 'identities_public_key')
	+ (SELECT count(*) FROM pg_settings WHERE setting LIKE '%$key%' OR setting LIKE '%$key_hex%')
	+ (SELECT count(*) FROM pg_proc WHERE prosrc LIKE '%$key%' OR prosrc LIKE '%$key_hex%');
SQL
)
[ "$reachable" = 0 ] || fail "a plain role sees the key in pg_stats, pg_settings or pg_proc"
if as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U app shop >/dev/null 2>&1; then
	fail "a plain role dumped the database, key table included"
fi
# The owner's dump holds the key (its table's data): restored, the public ids are the same.
as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U service_admin -Fc -f "$IDENTITIES_WORK/shop.dump" shop
psql_on $port -d postgres -c 'CREATE DATABASE shop_restored OWNER service_admin' >/dev/null
psql_on $port -d shop_restored -c 'CREATE EXTENSION pg_tle' >/dev/null
# (pg_tle itself is the service's, created beforehand: its CREATE and COMMENT fail for the master user, as on RDS.)
as_postgres "$PG_BIN/pg_restore" -h "$IDENTITIES_WORK" -p $port -U service_admin -d shop_restored --no-owner \
	"$IDENTITIES_WORK/shop.dump" >"$IDENTITIES_WORK/portable_restore.log" 2>&1 || true
[ "$(psql_on $port -d shop_restored -At -c 'SELECT identities_public_key_fingerprint()')" = "$fingerprint" ] ||
	fail "the restored database has another key"
[ "$(psql_on $port -d shop -At -c 'SELECT string_agg(id, $$,$$ ORDER BY total) FROM api_orders')" = \
	"$(psql_on $port -d shop_restored -At -c 'SELECT string_agg(id, $$,$$ ORDER BY total) FROM api_orders')" ] ||
	fail "the restored database makes other public ids"

# The REVOKE recipe of doc/portable.md.
as_admin >/dev/null <<'SQL'
REVOKE EXECUTE ON FUNCTION identities_public_id_encrypt(bytea), identities_public_id_decrypt(bytea, text) FROM PUBLIC;
SQL
for statement in 'SELECT public_id(1)' "SELECT public_id_to_bigint('78c095dc-40a2-8989-ad48-a21492842087')" \
	'SELECT * FROM api_orders LIMIT 1'; do
	outcome=$(as_app -At -v VERBOSITY=verbose -c "$statement" 2>&1 || true)
	[[ $outcome == *42501* ]] || fail "after the REVOKE recipe, a plain role ran: $statement ($outcome)"
done

# Importing an existing key through a bind parameter (psql 16 and later have \bind), once with a malformed key.
if as_postgres "$PG_BIN/psql" --version | grep -qE ' (1[6-9]|[2-9][0-9])[^0-9]'; then
	psql_on $port -d postgres -c "ALTER SYSTEM SET log_statement = 'ddl'" -c 'SELECT pg_reload_conf()' >/dev/null
	# Until a new session has it (the postmaster rereads the file when it gets to the signal): no fixed wait.
	for ((tries = 0; tries < 600; tries++)); do
		[ "$(as_admin -At -c 'SHOW log_statement')" = ddl ] && break
		sleep 0.1
	done
	[ "$(as_admin -At -c 'SHOW log_statement')" = ddl ] || fail "log_statement is not ddl a minute after the reload"
	existing=$(head -c 32 /dev/urandom | base64)
	# (:key, not :'key': \bind takes the variable's value as it is, where :'key' would add quotes)
	printf 'SELECT identities_public_key_set($1) \\bind :key \\g\n' >"$IDENTITIES_WORK/import.sql"
	chmod a+r "$IDENTITIES_WORK/import.sql"
	as_admin -v key="$existing" -f "$IDENTITIES_WORK/import.sql" >/dev/null
	[ "$(as_admin -At -c 'SELECT identities_public_key_export()')" = "$existing" ] || fail "the imported key is not the current one"
	malformed=${existing:0:40}
	as_admin -v key="$malformed" -f "$IDENTITIES_WORK/import.sql" >/dev/null 2>&1 && fail "a malformed key was taken"
	new_log | grep -qF -- "${malformed:0:24}" && fail "a log line shows the imported key"
	echo "an imported key is in no log line"
fi

# A known key that no log line shows, whatever logs statements and their parameters (doc/portable.md): copied in
# from the client into a temporary table, so that it is neither a statement's text nor a parameter, and stored by
# identities_public_key_set without a statement whose parameter it is. Under log_statement = 'all',
# log_min_duration_statement = 0, auto_explain (analyze, verbose, nested statements) and pgaudit (log = all,
# log_parameter) the recipe leaves it out of the log; a bind parameter is in it there (checked as well with psql 16
# and later: why the recipe).
# (auto_explain loaded first in that session: ALTER SYSTEM takes only the settings it knows)
psql_on $port -d postgres -c "LOAD 'auto_explain'" -c "ALTER SYSTEM SET log_statement = 'all'" -c 'ALTER SYSTEM SET log_min_duration_statement = 0' \
	-c "ALTER SYSTEM SET session_preload_libraries = 'auto_explain'" -c 'ALTER SYSTEM SET auto_explain.log_min_duration = 0' \
	-c 'ALTER SYSTEM SET auto_explain.log_analyze = on' -c 'ALTER SYSTEM SET auto_explain.log_verbose = on' \
	-c 'ALTER SYSTEM SET auto_explain.log_nested_statements = on' -c 'SELECT pg_reload_conf()' >/dev/null
if [ $preload = pg_tle,pgaudit ]; then
	psql_on $port -d postgres -c "ALTER SYSTEM SET pgaudit.log = 'all'" -c 'ALTER SYSTEM SET pgaudit.log_parameter = on' \
		-c 'SELECT pg_reload_conf()' >/dev/null
else
	echo "no pgaudit for PostgreSQL $PG_MAJOR here: the key's recipe is checked without it"
fi
for ((tries = 0; tries < 600; tries++)); do
	[ "$(as_admin -At -c 'SHOW log_min_duration_statement')" = 0 ] && break
	sleep 0.1
done
[ "$(as_admin -At -c 'SHOW log_min_duration_statement')" = 0 ] || fail "log_min_duration_statement is not 0 a minute after the reload"
known=$(head -c 32 /dev/urandom | base64)
as_postgres tee "$IDENTITIES_WORK/known_key.txt" <<<"$known" >/dev/null
as_admin >/dev/null <<SQL
BEGIN;
CREATE TEMPORARY TABLE key_import (key text) ON COMMIT DROP;
\copy key_import FROM '$IDENTITIES_WORK/known_key.txt'
SELECT identities_public_key_set(key) FROM key_import;
COMMIT;
SQL
as_postgres rm "$IDENTITIES_WORK/known_key.txt"
[ "$(as_admin -At -c 'SELECT identities_public_key_export()')" = "$known" ] || fail "the key copied in is not the current one"
# (grep reading to the end: under pipefail, grep -q's early exit would fail new_log)
new_log | grep 'statement: .*FROM key_import' >/dev/null || fail "log_statement logged nothing of the recipe"
# (the statements a function runs are logged by auto_explain and pgaudit alone, over several lines each)
new_log | grep 'INSERT INTO .*identities_public_key AS stored' >/dev/null ||
	fail "nothing logged the statements the key function runs"
if [ $preload = pg_tle,pgaudit ]; then
	new_log | grep 'AUDIT: SESSION' >/dev/null || fail "pgaudit logged nothing"
fi
new_log | grep -qF -- "${known:0:24}" && fail "a log line shows the key copied in"
if as_postgres "$PG_BIN/psql" --version | grep -qE ' (1[6-9]|[2-9][0-9])[^0-9]'; then
	bound=$(head -c 32 /dev/urandom | base64)
	as_admin -v key="$bound" -f "$IDENTITIES_WORK/import.sql" >/dev/null
	new_log | grep -F -- "${bound:0:24}" >/dev/null || fail "log_min_duration_statement = 0 did not log a bind parameter: this check would see no key"
	as_admin -At -c 'SELECT identities_public_key_generate()' >/dev/null
	echo "a bind parameter is in the log there"
fi
echo "a key copied in from the client is in no log line (log_statement, log_min_duration_statement, auto_explain${preload#pg_tle})"

new_log | grep -qF -- "$key" && fail "a log line shows the key"
new_log | grep -qiF -- "$key_hex" && fail "a log line shows the key in hex"
echo "the key is in no log line and out of a plain role's reach"
