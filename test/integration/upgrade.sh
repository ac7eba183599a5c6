# ALTER EXTENSION identities UPDATE from every released version yields exactly the objects of a fresh install of
# the current one (compared through pg_dump --binary-upgrade, which dumps each member of an extension), and
# leaves the data and indexes made with the old version working. Released install scripts never change.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
port=$PRELOADED_PORT

# The install script of each release as it shipped: upgrades are tested from these bytes.
declare -A released=(
	[0.1.0]=fe8d3d8d1014b541d998a7a41cb0d8f0ad4589b5d3de056639fcf9183ac336b5
)
current=$(sed -nE "s/^default_version = '(.*)'$/\1/p" "$IDENTITIES_ROOT/identities.control")

# Every member of the extension as pg_dump would recreate it, without the oids and the dump's random token.
members() {
	as_postgres "$PG_BIN/pg_dump" --binary-upgrade --schema-only -h "$IDENTITIES_WORK" -p $port -U postgres "$1" |
		grep -vE 'binary_upgrade_set_next_|^\\(un)?restrict '
}

psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS fresh' -c 'CREATE DATABASE fresh'
psql_on $port -d fresh -c 'CREATE EXTENSION identities'
fresh=$(members fresh)
psql_on $port -d postgres -c 'DROP DATABASE fresh'
[ "$(grep -c 'ALTER EXTENSION identities ADD' <<<"$fresh")" -gt 200 ] || fail "pg_dump shows no members of the extension"

for version in "${!released[@]}"; do
	script=$IDENTITIES_ROOT/sql/identities--$version.sql
	[ "$(sha256sum <"$script" | cut -d' ' -f1)" = "${released[$version]}" ] ||
		fail "$script changed after its release: add an upgrade script instead"
	psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS upgraded' -c 'CREATE DATABASE upgraded'
	psql_on $port -d upgraded <<-SQL
		CREATE EXTENSION identities VERSION '$version';
		CREATE TABLE kept (id distributedid PRIMARY KEY DEFAULT distributedid_generate(), i iuid UNIQUE, s siq);
		CREATE INDEX kept_s ON kept USING hash (s);
		INSERT INTO kept (i, s) SELECT iuid_generate(7, 1), siq_generate('user') FROM generate_series(1, 1000);
		CREATE TABLE kept_digest AS SELECT md5(string_agg(id::text || i::text || s::text, ',' ORDER BY id)) AS digest FROM kept;
		ALTER EXTENSION identities UPDATE;
	SQL
	[ "$(psql_on $port -d upgraded -At -c "SELECT extversion FROM pg_extension WHERE extname = 'identities'")" = "$current" ] ||
		fail "ALTER EXTENSION identities UPDATE from $version did not reach $current"
	check=$(psql_on $port -d upgraded -At -c "
		SET enable_seqscan = off;
		SELECT (SELECT digest FROM kept_digest) = md5(string_agg(id::text || i::text || s::text, ',' ORDER BY id))
		   AND (SELECT count(*) FROM kept k WHERE (SELECT count(*) FROM kept WHERE s = k.s) = 1) = 1000
		FROM kept")
	[ "$check" = t ] || fail "the data made with $version changed or its indexes fail after the update"
	psql_on $port -d upgraded -c 'DROP TABLE kept, kept_digest'
	upgraded=$(members upgraded)
	psql_on $port -d postgres -c 'DROP DATABASE upgraded'
	difference=$(diff <(echo "$fresh") <(echo "$upgraded") || true)
	[ -z "$difference" ] || fail "$version updated to $current differs from a fresh install:
$(head -n 40 <<<"$difference")"
done

# An update never lets a role do more: after 0.1.0's REVOKE recipe (the README's then), the functions 0.2.0 adds
# that read public ids take the privileges of public_id_to_uuid(uuid), so a role without grants is refused them
# (42501) and the role granted public_id_to_uuid(uuid) is not; a dump of the updated database restores them so.
stranger=regress_upgrade_stranger
reader=regress_upgrade_reader
psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS restricted' -c 'DROP DATABASE IF EXISTS restored' \
	-c "DROP ROLE IF EXISTS $stranger" -c "DROP ROLE IF EXISTS $reader" -c "CREATE ROLE $stranger" -c "CREATE ROLE $reader" \
	-c 'CREATE DATABASE restricted' -c 'CREATE DATABASE restored'
psql_on $port -d restricted <<-SQL
	CREATE EXTENSION identities VERSION '0.1.0';
	REVOKE EXECUTE ON FUNCTION public_id(bigint), public_id(integer), public_id(distributedid), public_id(numeric),
	    public_id(uuid), public_id_to_bigint(uuid), public_id_to_distributedid(uuid), public_id_to_numeric(uuid),
	    public_id_to_uuid(uuid) FROM PUBLIC;
	GRANT EXECUTE ON FUNCTION public_id_to_uuid(uuid) TO $reader;
	ALTER EXTENSION identities UPDATE;
SQL
as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U postgres restricted | psql_on $port -d restored >/dev/null
# sqlstates DATABASE ROLE: what each reader of public ids gives the role, in order ("ok" or the SQLSTATE).
sqlstates() {
	psql_on $port -d "$1" -At <<-SQL
		SET identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
		CREATE FUNCTION pg_temp.sqlstate_of(statement text) RETURNS text LANGUAGE plpgsql AS \$\$
		BEGIN
			EXECUTE statement;
			RETURN 'ok';
		EXCEPTION WHEN OTHERS THEN
			RETURN SQLSTATE;
		END \$\$;
		SET ROLE $2;
		SELECT string_agg(pg_temp.sqlstate_of(format('SELECT %s(%L::uuid%s)', name, gen_random_uuid(), argument)), ' '
		                  ORDER BY n)
		FROM (VALUES (1, 'public_id_to_uuid', ', ''current'''), (2, 'public_id_key', ''), (3, 'public_id_renew', ''),
		             (4, 'public_id_to_uuid', '')) AS calls(n, name, argument);
	SQL
}
for database in restricted restored; do
	[ "$(sqlstates $database $stranger)" = "42501 42501 42501 42501" ] ||
		fail "after 0.1.0's REVOKE recipe and an update ($database), a role without grants may read public ids: $(sqlstates $database $stranger)"
	[ "$(sqlstates $database $reader)" = "ok ok ok ok" ] ||
		fail "after an update ($database), the role granted public_id_to_uuid(uuid) may not use the new readers: $(sqlstates $database $reader)"
done
psql_on $port -d postgres -c 'DROP DATABASE restricted' -c 'DROP DATABASE restored' -c "DROP ROLE $stranger" \
	-c "DROP ROLE $reader"
