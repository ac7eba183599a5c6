# ALTER EXTENSION identities UPDATE from every released version yields exactly the objects of a fresh install of
# the current one (compared through pg_dump --binary-upgrade, which dumps each member of an extension), and
# leaves the data and indexes made with the old version working. Released install scripts never change.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
port=$PRELOADED_PORT
fail() { echo "$*"; exit 1; }

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
