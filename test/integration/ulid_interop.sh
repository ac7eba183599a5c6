# The ulid type against an independent ULID library: ulid/javascript (npm `ulid`, the ULID spec's reference
# implementation; include/ulid_interop/interop.mjs is its side):
#   - ours read by it, across the whole range: ulid_generate_at at the millisecond counts 0, 1, 2^k - 1, 2^k, 2^k + 1
#     (k < 48), 2^48 - 1 (1970 to 10889) and 3000 drawn between them, at each millisecond and at its last
#     microsecond; ulid_boundary at each and one microsecond after; ulid_generate: decodeTime is the millisecond
#     asked for and our ulid_extract_timestamp, ulidToUUID gives our ::uuid (the same 128 bits) and back;
#   - theirs read by us: ulid(seedTime) at the same kind of millisecond counts, as written, in lower case and with
#     I, L, O for 1, 0: our text is theirs, ulid_extract_timestamp (of the ulid and of the text) their seed, ::uuid
#     their ulidToUUID;
#   - order: their monotonicFactory's ids (in one millisecond, the next, a clock set back, the clock's pace) and
#     ulid_generate's, each sequence's generation order = ORDER BY the ulid type = their text order (by the server's
#     "C" collation and by JavaScript's sort), + 1 within a millisecond as both read it, and the two together sorted
#     by the ulid type = their text sorted;
#   - test/vectors/ulid.tsv (the spec's examples, inputs, refusals, boundaries): read and written the same by both,
#     and as the file says.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
# The library reads the text; the server's side of it runs on every major in pg_regress (ulid, vectors).
host_major_only
port=$PRELOADED_PORT
database=ulid_interop
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
not_ok_prefix="FAILED: "
command -v npm >/dev/null || install_dependencies nodejs npm

# The library installed once per package-lock.json in $IDENTITIES_CACHE/node-ulid_interop-HASH, as
# clients/node/test.sh installs its applications (npm ci --prefer-offline: from npm's cache when it holds the
# package); the script is copied there fresh each run (an ES module finds node_modules beside it, not by NODE_PATH).
sources=$here/include/ulid_interop
key=$(cat "$sources/package.json" "$sources/package-lock.json" | sha256sum | cut -c1-16)
app=$IDENTITIES_CACHE/node-ulid_interop-$key
if [ ! -f "$app/.installed" ]; then
	rm -rf "$IDENTITIES_CACHE/node-ulid_interop-"*
	mkdir -p "$app" && cp "$sources/package.json" "$sources/package-lock.json" "$app/" &&
		(cd "$app" && npm ci --no-audit --no-fund --loglevel=error --prefer-offline >/dev/null) && touch "$app/.installed" ||
		{ echo "FAILED: npm ci of the ulid library ($sources/package-lock.json) into $app"; exit 1; }
fi
cp "$sources/interop.mjs" "$app/"
echo "ulid/javascript $(node -p "require('$app/node_modules/ulid/package.json').version") (npm ulid), node $(node --version)"

scratch=$(mktemp -d)
sql postgres -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database" >/dev/null
trap 'psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1; rm -rf "$scratch"' EXIT
sql $database -c 'CREATE EXTENSION identities' >/dev/null

# interop COMMAND [FILE...]: interop.mjs's verdicts counted (a crash of its own is a failure too).
interop() {
	local out status=0 line
	out=$(cd "$app" && node interop.mjs "$@" 2>&1) || status=$?
	while IFS= read -r line; do
		case $line in
		"ok - "*) ok "${line#ok - }" ;;
		"not ok - "*) not_ok "${line#not ok - }" ;;
		*) echo "$line" ;;
		esac
	done <<<"$out"
	[ "$status" = 0 ] || grep '^not ok - ' <<<"$out" >/dev/null || not_ok "interop.mjs $1 ended with status $status"
}
# ms EXPRESSION: a timestamptz's Unix millisecond, by PostgreSQL's own arithmetic (extract's numeric is exact)
ms() { echo "floor(extract(epoch FROM $1) * 1000)::bigint"; }

# reading(text): how the server reads a text as a ulid, "TEXT UUID MS" or "refused SQLSTATE"; text_millis(text): the
# millisecond ulid_extract_timestamp(text) reads, NULL where it refuses (so one refusal fails its check, not the query)
sql $database -c "
CREATE FUNCTION reading(text text) RETURNS text LANGUAGE plpgsql AS \$\$
DECLARE
	id ulid;
BEGIN
	id := text::ulid;
	RETURN format('%s %s %s', id, id::uuid, $(ms 'ulid_extract_timestamp(id)'));
EXCEPTION WHEN OTHERS THEN
	RETURN 'refused ' || SQLSTATE;
END
\$\$;
CREATE FUNCTION text_millis(text text) RETURNS bigint LANGUAGE plpgsql AS \$\$
BEGIN
	RETURN $(ms 'ulid_extract_timestamp(text)');
EXCEPTION WHEN OTHERS THEN
	RETURN NULL;
END
\$\$" >/dev/null

# Ours, read by the library: KIND M TEXT UUID OUR_MS EXPECTED_MS
sql $database -F $'\t' -c "SET TimeZone = 'UTC'" -c "
CREATE TABLE picked AS
SELECT m, timestamptz '1970-01-01Z' + (m / 86400000) * interval '1 day' + (m % 86400000) * interval '1 millisecond' AS t
FROM (SELECT 0::bigint AS m UNION SELECT 1 UNION SELECT 281474976710655
      UNION SELECT (1::bigint << k) + d FROM generate_series(1, 47) AS k, generate_series(-1, 1) AS d
      UNION ALL SELECT floor(random() * 281474976710656)::bigint FROM generate_series(1, 3000)) AS m;
SELECT count(*) FROM picked WHERE $(ms t) <> m;" | grep -x 0 >/dev/null ||
	not_ok "the instants of the millisecond counts are not those counts"
sql $database -F $'\t' -c "SET TimeZone = 'UTC'" -c "
SELECT kind, m, id::text, id::uuid, $(ms 'ulid_extract_timestamp(id)'), expected
FROM (SELECT 'ulid_generate_at at the millisecond' AS kind, m, ulid_generate_at(t) AS id, m AS expected FROM picked
      UNION ALL SELECT 'ulid_generate_at at its last microsecond', m, ulid_generate_at(t + interval '999 microseconds'), m FROM picked
      UNION ALL SELECT 'ulid_boundary at the millisecond', m, ulid_boundary(t), m FROM picked
      UNION ALL SELECT 'ulid_boundary one microsecond after it', m, ulid_boundary(t + interval '1 microsecond'), m + 1
                FROM picked WHERE m < 281474976710655
      UNION ALL SELECT 'ulid_generate', 0, id, $(ms 'ulid_extract_timestamp(id)')
                FROM (SELECT ulid_generate() AS id FROM generate_series(1, 1000)) AS g) AS ours" >"$scratch/ours.tsv"
interop ours "$scratch/ours.tsv"

# Theirs, read by us: LABEL N TEXT CANONICAL MS UUID
interop theirs >"$scratch/theirs.tsv"
sql $database -c "CREATE TABLE theirs (label text, n int, text text, canonical text, ms bigint, uuid uuid)" \
	-c "\\copy theirs FROM pstdin" <"$scratch/theirs.tsv"
verdicts=$(sql $database -F $'\t' -c "
SELECT label, count(*), count(*) FILTER (WHERE NOT same),
       string_agg(format('%s: ours %s (of the text %s), theirs %s %s %s', text, ours, of_text, canonical, uuid, ms), '; ')
           FILTER (WHERE NOT same)
FROM (SELECT *, ours = format('%s %s %s', canonical, uuid, ms) AND of_text IS NOT DISTINCT FROM ms AS same
      FROM (SELECT t.*, reading(text) AS ours, text_millis(text) AS of_text FROM theirs AS t) AS read) AS checked
GROUP BY label ORDER BY label") || not_ok "reading their ids failed"
while IFS=$'\t' read -r label total wrong examples; do
	if [ "$wrong" = 0 ] && [ "$total" -ge 1 ]; then
		ok "$label ($total): read as the ulid type, its text, ulid_extract_timestamp (of it and of the text) and uuid are theirs"
	else
		not_ok "$label: $wrong of $total read otherwise: $examples"
	fi
done <<<"$verdicts"
[ "$(wc -l <<<"$verdicts")" = 4 ] || not_ok "expected 4 kinds of their ids, found: $(cut -f1 <<<"$verdicts" | xargs)"
[ "$(wc -l <"$scratch/theirs.tsv")" -ge 8000 ] || not_ok "the library made $(wc -l <"$scratch/theirs.tsv") ids, not 8000 or more"

# Order: each sequence (SEQUENCE N TEXT in generation order) as the server sorts it, then as the library does
interop monotonic >"$scratch/monotonic.tsv"
sql $database -c "CREATE TABLE sequences (sequence text, n int, text text)" -c "\\copy sequences FROM pstdin" \
	-c "INSERT INTO sequences SELECT 'ours', n, ulid_generate()::text FROM generate_series(1, 20000) AS n" <"$scratch/monotonic.tsv"
verdicts=$(sql $database -F $'\t' -c "
SELECT sequence, count(*), count(*) FILTER (WHERE by_ulid <> n OR by_text <> n),
       string_agg(format('#%s %s (by ulid #%s, by text #%s)', n, text, by_ulid, by_text), '; ') FILTER (WHERE by_ulid <> n OR by_text <> n)
FROM (SELECT *, row_number() OVER (PARTITION BY sequence ORDER BY text::ulid) AS by_ulid,
             row_number() OVER (PARTITION BY sequence ORDER BY text COLLATE \"C\") AS by_text FROM sequences) AS ranked
GROUP BY sequence ORDER BY sequence") || not_ok "sorting the sequences failed"
while IFS=$'\t' read -r sequence total wrong examples; do
	if [ "$wrong" = 0 ] && [ "$total" -ge 9500 ]; then
		ok "$sequence ($total ids): generation order = ORDER BY the ulid type = ORDER BY the text (COLLATE \"C\")"
	else
		not_ok "$sequence: $wrong of $total out of generation order: $examples"
	fi
done <<<"$verdicts"
[ "$(wc -l <<<"$verdicts")" = 2 ] || not_ok "expected 2 sequences, found: $(cut -f1 <<<"$verdicts" | xargs)"
sql $database -F $'\t' -c "SELECT sequence, n, text FROM sequences" >"$scratch/sequences.tsv"
interop order "$scratch/sequences.tsv"
sql $database -c "SELECT text FROM sequences ORDER BY text::ulid" >"$scratch/sorted.tsv"
interop sorted "$scratch/sorted.tsv"

# test/vectors/ulid.tsv, row by row as both read it: ROW KIND RESULT
vectors=$IDENTITIES_ROOT/test/vectors/ulid.tsv
sql $database -c "CREATE TABLE vectors (row int, kind text, text text, id text, uuid text, timestamp text, sqlstate text)" \
	-c "\\copy vectors FROM pstdin" < <(awk -F'\t' '!/^#/ && $1 != "kind" { print ++row "\t" $0 }' "$vectors")
sql $database -F $'\t' -c "SET TimeZone = 'UTC'" -c "
SELECT row, what, result FROM (
	SELECT row, 'read' AS what, reading(id) AS result FROM vectors WHERE kind = 'id'
	UNION ALL SELECT row, 'written', uuid::uuid::ulid::text FROM vectors WHERE kind = 'id'
	UNION ALL SELECT row, 'read', reading(text) FROM vectors WHERE kind IN ('input', 'invalid')
	UNION ALL SELECT row, 'boundary', ulid_boundary(timestamp::timestamptz)::text FROM vectors WHERE kind = 'boundary') AS lines
ORDER BY row, what" >"$scratch/vectors.tsv"
interop same-vectors "$vectors" "$scratch/vectors.tsv"

echo
echo "ulid_interop: $passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
