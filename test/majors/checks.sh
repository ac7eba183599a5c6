# What must hold after a database moved to another major (test/majors): sourced.

# A line per table (partitioned parents too): its name, row count and a digest of its rows' text. psql input.
EVERYTHING_DIGESTS="SELECT format('SELECT %L || '' '' || count(*) || '' '' || md5(coalesce(string_agg(t::text, E''\n'' ORDER BY t::text), '''')) FROM %I AS t', relname, relname)
	FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') ORDER BY relname
\\gexec"

# everything_problems SQL PSQL DIGESTS VERSION: what differs from the database as it was (empty when nothing):
# the rows (DIGESTS), the extension's version, an index left invalid, a btree index amcheck finds fault with.
# SQL runs one command, PSQL reads its input (as drawn_ids.sh).
everything_problems() {
	local sql=$1 psql=$2 digests=$3 version=$4 problems="" got
	got=$("$psql" <<<"$EVERYTHING_DIGESTS")
	[ "$(wc -l <<<"$digests")" -ge 45 ] || problems+=" too few tables in the digests;"
	[ "$got" = "$digests" ] ||
		problems+=" rows differ in: $(diff <(echo "$got") <(echo "$digests") | grep '^>' | cut -d ' ' -f 2 | tr '\n' ' ');"
	got=$("$sql" "SELECT extversion FROM pg_extension WHERE extname = 'identities'")
	[ "$got" = "$version" ] || problems+=" the extension is at version $got, not $version;"
	got=$("$sql" "SELECT string_agg(indexrelid::regclass::text, ', ') FROM pg_index WHERE NOT (indisvalid AND indisready AND indislive)")
	[ -z "$got" ] || problems+=" invalid indexes: $got;"
	got=$("$sql" "CREATE EXTENSION IF NOT EXISTS amcheck;
		SELECT count(bt_index_check(c.oid, true)) FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid
		JOIN pg_am AS am ON am.oid = c.relam WHERE am.amname = 'btree' AND c.relkind = 'i'
		AND c.relnamespace = 'public'::regnamespace" 2>&1) || problems+=" amcheck: $(grep -m 1 ERROR <<<"$got");"
	[[ ! $got =~ ^[0-9]+$ ]] || [ "$got" -ge 40 ] || problems+=" amcheck checked only $got btree indexes;"
	echo "$problems"
}
