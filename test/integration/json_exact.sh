# Ids in JSON, read back exactly by the languages that consume it: every type of ours, generated and at its edges
# (NULLs too), through each of PostgreSQL's JSON builders (to_json, to_jsonb, row_to_json, json_build_object,
# jsonb_build_object, json_agg, jsonb_agg), parsed by Node's JSON.parse and Python's json.loads and compared with
# the value's text form, in both editions. A Snowflake (a bigint) and the portable edition's distributedid (a domain
# over numeric, which PostgreSQL's JSON functions look through) are JSON numbers, as documented: JSON.parse misreads
# them past 2^53, and their exact forms (sf::text; distributedid_to_json, the cast PostgREST applies) are strings.
# The two editions give the same JSON for the same values. PostgREST's own catalog query finds the portable cast, and
# a response built as PostgREST builds it reads back exactly.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
# The parsers read what the server wrote; the server's side runs on every major in pg_regress (test/sql/json.sql).
host_major_only
port=$PRELOADED_PORT
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
not_ok_prefix="FAILED: "
command -v node >/dev/null || install_dependencies nodejs

native=json_exact_native portable=json_exact_portable
psql_on $port -d postgres >/dev/null <<SQL
DROP DATABASE IF EXISTS $native;
DROP DATABASE IF EXISTS $portable;
DROP ROLE IF EXISTS json_exact_anon;
CREATE DATABASE $native;
CREATE DATABASE $portable;
CREATE ROLE json_exact_anon NOLOGIN;
SQL
trap 'psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $native" -c "DROP DATABASE IF EXISTS $portable" -c "DROP ROLE IF EXISTS json_exact_anon" >/dev/null 2>&1' EXIT
psql_on $port -d $native -c 'CREATE EXTENSION identities' >/dev/null
psql_on $port -d $portable -f "$(portable_edition --schema ids)/identities_portable.sql" >/dev/null

# The same rows in both databases: edges (2^53 + 1 is the first integer JSON.parse cannot hold), NULLs, and 200
# generated rows of each generator.
cases="
CREATE TABLE json_cases (n int, d distributedid, i iuid, s siq, sf bigint, d128 uuid, hg uuid, lu uuid, u7 uuid, ul ulid);
INSERT INTO json_cases VALUES
	(1, '0', '00000000-0000-8000-8000-000000000000', lpad('0', 28, '0'), 0, '00000000-0000-0000-0000-000000000000',
	    NULL, NULL, NULL, '00000000000000000000000000'),
	(2, '9007199254740993', '01a20942-04f9-8001-8086-1378e8435031', lpad('20000000000001', 28, '0'), 9007199254740993,
	    '0190163d-8694-739b-aea5-966c26f8ad91', '0190163d-8694-739b-aea5-966c26f8ad91', '0190163d-8694-739b-aea5-966c26f8ad91',
	    '0190163d-8694-739b-aea5-966c26f8ad91', '01J0B3V1MMEEDTX9CPDGKFHBCH'),
	(3, '9999999999999999999999999999', 'ffffffff-ffff-8fff-bfff-ffffffffffff', repeat('f', 28), 9223372036854775807,
	    'ffffffff-ffff-ffff-ffff-ffffffffffff', NULL, NULL, NULL, '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'),
	(4, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO json_cases SELECT 100 + g, distributedid_generate(), iuid_generate(42, 7), siq_generate('message'),
	snowflake_generate(), distributedid128_generate(), hotguid_generate(17), luuid_generate('person', 1234567),
	uuidv7_generate(), ulid_generate()
FROM generate_series(1, 200) AS g;
CREATE VIEW json_texts AS SELECT n, json_build_object('d', d::text, 'i', i::text, 's', s::text, 'sf', sf::text,
	'd128', d128::text, 'hg', hg::text, 'lu', lu::text, 'u7', u7::text, 'ul', ul::text) AS t FROM json_cases;"
psql_on $port -d $native -c "$cases" >/dev/null
psql_on $port -d $portable -c "SET search_path = public, ids" -c "$cases" >/dev/null

# LABEL<tab>DOCUMENT<tab>TEXTS, one line per row and builder, and one per aggregate
documents="
SELECT 'row_to_json ' || n, row_to_json(c)::text, t::text FROM json_cases c JOIN json_texts USING (n)
UNION ALL SELECT 'to_json ' || n, to_json(c)::text, t::text FROM json_cases c JOIN json_texts USING (n)
UNION ALL SELECT 'to_jsonb ' || n, to_jsonb(c)::text, t::text FROM json_cases c JOIN json_texts USING (n)
UNION ALL SELECT 'json_build_object ' || n, json_build_object('d', d, 'i', i, 's', s, 'sf', sf, 'd128', d128, 'hg', hg,
	'lu', lu, 'u7', u7, 'ul', ul)::text, t::text FROM json_cases JOIN json_texts USING (n)
UNION ALL SELECT 'jsonb_build_object ' || n, jsonb_build_object('d', d, 'i', i, 's', s, 'sf', sf, 'd128', d128, 'hg', hg,
	'lu', lu, 'u7', u7, 'ul', ul)::text, t::text FROM json_cases JOIN json_texts USING (n)
UNION ALL SELECT 'to_json of each value ' || n, format('{\"d\":%s,\"i\":%s,\"s\":%s,\"sf\":%s,\"d128\":%s,\"hg\":%s,\"lu\":%s,\"u7\":%s,\"ul\":%s}',
	coalesce(to_json(d)::text, 'null'), coalesce(to_json(i)::text, 'null'), coalesce(to_json(s)::text, 'null'),
	coalesce(to_json(sf)::text, 'null'), coalesce(to_json(d128)::text, 'null'), coalesce(to_json(hg)::text, 'null'),
	coalesce(to_json(lu)::text, 'null'), coalesce(to_json(u7)::text, 'null'), coalesce(to_json(ul)::text, 'null')), t::text FROM json_cases JOIN json_texts USING (n)
UNION ALL SELECT 'to_jsonb of each value ' || n, format('{\"d\":%s,\"i\":%s,\"s\":%s,\"sf\":%s,\"d128\":%s,\"hg\":%s,\"lu\":%s,\"u7\":%s,\"ul\":%s}',
	coalesce(to_jsonb(d)::text, 'null'), coalesce(to_jsonb(i)::text, 'null'), coalesce(to_jsonb(s)::text, 'null'),
	coalesce(to_jsonb(sf)::text, 'null'), coalesce(to_jsonb(d128)::text, 'null'), coalesce(to_jsonb(hg)::text, 'null'),
	coalesce(to_jsonb(lu)::text, 'null'), coalesce(to_jsonb(u7)::text, 'null'), coalesce(to_jsonb(ul)::text, 'null')), t::text FROM json_cases JOIN json_texts USING (n)
UNION ALL SELECT 'json_agg', replace(json_agg(c ORDER BY n)::text, E'\n', ' '), replace(json_agg(t ORDER BY n)::text, E'\n', ' ')
	FROM json_cases c JOIN json_texts USING (n)
UNION ALL SELECT 'jsonb_agg', (SELECT jsonb_agg(c ORDER BY n)::text FROM json_cases c),
	replace(json_agg(t ORDER BY n)::text, E'\n', ' ') FROM json_texts"
# read_back EDITION DATABASE NUMBERS: every document through Node and Python
read_back() {
	local edition=$1 database=$2 numbers=$3 out language
	out=$(mktemp)
	psql_on $port -d "$database" -At -F $'\t' -c "SET search_path = public, ids" -c "$documents" >"$out"
	for language in node python3; do
		local script=$here/include/json_read_back.js verdict
		[ $language = python3 ] && script=$here/include/json_read_back.py
		verdict=$(NUMBERS=$numbers $language "$script" <"$out" 2>&1) || true
		local documents_ok wrong misread
		documents_ok=$(grep -c '^ok - ' <<<"$verdict" || true)
		wrong=$(grep -v "^ok - \|^number - " <<<"$verdict" | head -n 5 || true)
		misread=$(grep -c '^number - ' <<<"$verdict" || true)
		if [ -z "$wrong" ] && [ "$documents_ok" = "$(wc -l <"$out")" ] && [ "$documents_ok" -ge 1400 ]; then
			ok "$edition, $language: $documents_ok documents, every value of ours a string equal to its text (${numbers} numbers)"
		else
			not_ok "$edition, $language: $documents_ok of $(wc -l <"$out") documents exact: $wrong"
		fi
		# JSON.parse misreads the numbers a double cannot hold (2^53 + 1, nearly every generated Snowflake); json.loads does not
		if [ $language = node ]; then
			local key misread_keys=yes
			for key in ${numbers//,/ }; do
				grep "^number - .*: $key 9007199254740993 reads as 9007199254740992" <<<"$verdict" >/dev/null || misread_keys=no
			done
			if [ "$misread" -ge 200 ] && [ $misread_keys = yes ]; then
				ok "$edition, node: $numbers are JSON numbers, misread by JSON.parse past 2^53 ($misread values; their ::text is exact)"
			else
				not_ok "$edition, node: expected JSON.parse to misread $numbers past 2^53, saw $misread values"
			fi
		fi
	done
	rm -f "$out"
}
read_back native $native sf
read_back portable $portable sf,d

# The two editions write the same JSON for the same values: every type but the portable distributedid, which is a
# number there unless distributedid_to_json (PostgREST's cast) makes it the native edition's string.
same_json="SELECT string_agg(jsonb_build_object('d', %s, 'i', i, 's', s, 'sf', sf::text, 'd128', d128, 'ul', ul)::text, ' ' ORDER BY n)
	FROM json_cases WHERE n < 100"
native_json=$(psql_on $port -d $native -At -c "$(printf "$same_json" d)")
portable_json=$(psql_on $port -d $portable -At -c "SET search_path = public, ids" -c "$(printf "$same_json" 'distributedid_to_json(d)')")
portable_plain=$(psql_on $port -d $portable -At -c "SET search_path = public, ids" -c "$(printf "$same_json" d)")
if [ "$native_json" = "$portable_json" ] && [ "$native_json" != "$portable_plain" ] &&
	[ "$(sed 's/"d": "\([0-9]*\)"/"d": \1/g' <<<"$native_json")" = "$portable_plain" ]; then
	ok "the editions' JSON is the same, the portable distributedid through distributedid_to_json (without it: the same digits as a number)"
else
	not_ok "the editions' JSON differs: native $native_json / portable $portable_json / portable plain $portable_plain"
fi

# PostgREST (11.2 on) finds domain representations with this catalog query (its schema cache, run with an empty
# search path), and applies the cast's function to the column in the response it builds.
representations=$(psql_on $port -d $portable -At -F ' ' -c "SET search_path = ''" -c "
SELECT c.castsource::regtype::text, c.casttarget::regtype::text, c.castfunc::regproc::text
FROM pg_catalog.pg_cast c
JOIN pg_catalog.pg_type src_t ON c.castsource::oid = src_t.oid
JOIN pg_catalog.pg_type dst_t ON c.casttarget::oid = dst_t.oid
WHERE c.castcontext = 'i' AND c.castmethod = 'f' AND has_function_privilege('json_exact_anon', c.castfunc, 'execute')
	AND ((src_t.typtype = 'd' AND c.casttarget IN ('json'::regtype::oid, 'text'::regtype::oid))
	  OR (dst_t.typtype = 'd' AND c.castsource IN ('json'::regtype::oid, 'text'::regtype::oid)))")
if [ "$representations" = "ids.distributedid json ids.distributedid_to_json" ]; then
	ok "PostgREST's catalog query finds the domain representation: $representations (executable by its anonymous role)"
else
	not_ok "PostgREST's catalog query found: ${representations:-nothing}"
fi
response=$(psql_on $port -d $portable -At -F $'\t' -c "
SELECT 'PostgREST response', replace(coalesce(json_agg(_postgrest_t), '[]')::character varying, E'\n', ' '),
	(SELECT replace(json_agg(t ORDER BY n)::text, E'\n', ' ') FROM public.json_texts)
FROM (SELECT ids.distributedid_to_json(c.d) AS d, c.i, c.s, c.sf::text AS sf, c.d128, c.hg, c.lu, c.u7, c.ul
	FROM public.json_cases c ORDER BY n) _postgrest_t")
for language in node python3; do
	script=$here/include/json_read_back.js
	[ $language = python3 ] && script=$here/include/json_read_back.py
	if verdict=$($language "$script" <<<"$response" 2>&1); then
		ok "a response built as PostgREST builds it (the cast applied, select=sf::text) reads back exactly in $language"
	else
		not_ok "PostgREST-style response in $language: $verdict"
	fi
done

echo
echo "json_exact: $passed checks passed, $failed failed"
[ "$failed" -eq 0 ]
