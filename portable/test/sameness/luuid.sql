-- LUUID: the portable edition against the native one
\set ON_ERROR_STOP on

-- :samples random names (ASCII and not) and group ids
SELECT sameness.check('luuid_group', count(*), array_agg(name)
		FILTER (WHERE native.luuid_group(name) IS DISTINCT FROM portable.luuid_group(name)))
FROM (SELECT string_agg(chr(CASE WHEN random() < 0.9 THEN 32 + (random() * 94)::int ELSE 160 + (random() * 2000)::int END), '') AS name
	FROM generate_series(1, :samples) AS n, LATERAL generate_series(0, n % 24) AS c GROUP BY n) AS names;
-- the known answers of test/vectors/luuid.tsv: the key, group and short form of each LUUID, the group of each name
SELECT sameness.check('luuid vectors', count(*), array_agg(format('%s %s: native %s, portable %s, expected %s',
		sameness.at('luuid', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM (
	SELECT line, c.* FROM sameness.vectors_of('luuid', 'compose'), LATERAL (SELECT (v->>'luuid')::uuid AS id) AS l, LATERAL (VALUES
		('luuid_extract_key', v->>'key', native.luuid_extract_key(l.id)::text, portable.luuid_extract_key(l.id)::text),
		('luuid_extract_group', v->>'grp', native.luuid_extract_group(l.id)::text, portable.luuid_extract_group(l.id)::text),
		('luuid_short', v->>'short', native.luuid_short(l.id), portable.luuid_short(l.id))
		) AS c(call, expected, native, portable)
	UNION ALL
	SELECT line, 'luuid_group', v->>'grp', native.luuid_group(v->>'name')::text, portable.luuid_group(v->>'name')::text
	FROM sameness.vectors_of('luuid', 'group')
	) AS checked;
-- :samples random uuids, half of them shaped as LUUIDs
CREATE TEMP TABLE ids AS
SELECT CASE WHEN random() < 0.5 THEN overlay(overlay(u::text placing '6' from 15) placing 'a' from 20)::uuid ELSE u END AS id
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, :samples)) AS r;
SELECT sameness.check('luuid_extract_*, luuid_short', count(*), array_agg(id::text)
		FILTER (WHERE native.luuid_extract_group(id) IS DISTINCT FROM portable.luuid_extract_group(id)
			OR native.luuid_extract_key(id) IS DISTINCT FROM portable.luuid_extract_key(id)
			OR native.luuid_short(id) IS DISTINCT FROM portable.luuid_short(id)))
FROM ids;

-- generation: the key and group asked for, the shape, for random keys and groups
SELECT sameness.check('luuid_generate', count(*), array_agg(key::text)
		FILTER (WHERE native.luuid_extract_key(portable.luuid_generate(grp, key)) IS DISTINCT FROM key
			OR native.luuid_extract_group(portable.luuid_generate(grp, key)) IS DISTINCT FROM grp
			OR native.luuid_extract_group(portable.luuid_generate('person', key)) IS DISTINCT FROM native.luuid_group('person')
			OR left(portable.luuid_generate(grp, key)::text, 18) <> left(native.luuid_generate(grp, key)::text, 18)))
FROM (SELECT (random() * 281474976710655)::bigint AS key, (random() * 4095)::int AS grp FROM generate_series(1, :samples)) AS r;
SELECT sameness.same_outcomes('luuid_generate arguments', '%E.luuid_extract_key(%E.luuid_generate(%1))', ARRAY[
	'0, 0::bigint', '4095, 281474976710655::bigint', '4096, 0::bigint', '-1, 0::bigint', '0, -1::bigint', '0, 281474976710656::bigint',
	'''person'', 42::bigint', '''person'', -1::bigint']);
