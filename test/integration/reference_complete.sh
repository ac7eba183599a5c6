# The reference (doc/reference.md) names every function a user can call: each function of the installed extension,
# but the type-support functions (I/O, comparison, sort, hash and BRIN support) that the reference describes in one
# sentence, appears in doc/reference.md as `name(...)` or `name`. A function added without documentation fails here.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
port=$PRELOADED_PORT
psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS reference' -c 'CREATE DATABASE reference' >/dev/null
psql_on $port -d reference -c 'CREATE EXTENSION identities' >/dev/null
# the formats' own types (formats.tsv: those whose id_type is their name), and the base types they compare with
types="$(awk -F '\t' '!/^#/ && NF && $1 == $3 { print $1 }' "$IDENTITIES_ROOT/formats.tsv" | paste -sd '|')|numeric|uuid"
support="^($types)_((($types)_)?(country_|shard_)?(lt|le|gt|ge|cmp|eq|ne)|in|out|recv|send|sortsupport|hash|hash_extended|brin_distance|larger|smaller)\$"
functions=$(psql_on $port -d reference -At -c "
	SELECT DISTINCT p.proname FROM pg_depend d JOIN pg_proc p ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
	WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
	  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'identities')
	  AND p.proname !~ '$support' ORDER BY 1")
psql_on $port -d postgres -c 'DROP DATABASE reference' >/dev/null
missing=()
for function in $functions; do
	grep -qE "\`$function(\(|\`)" "$IDENTITIES_ROOT/doc/reference.md" || missing+=("$function")
done
echo "$(wc -w <<<"$functions") functions, ${#missing[@]} not in doc/reference.md${missing:+: ${missing[*]}}"
[ ${#missing[@]} -eq 0 ]
