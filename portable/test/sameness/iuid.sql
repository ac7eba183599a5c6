-- iUID: the portable edition against the native one
\set ON_ERROR_STOP on

-- :samples random uuids shaped as iUIDs (version 8, variant 10): fields, text, boundaries of their instants
CREATE TEMP TABLE ids AS
SELECT overlay(overlay(u::text placing '8' from 15) placing (ARRAY['8', '9', 'a', 'b'])[1 + (random() * 3)::int] from 20)::uuid AS id
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, :samples)) AS r;
SELECT sameness.check('iuid_extract_*', count(*), array_agg(id::text)
		FILTER (WHERE native.iuid_extract_timestamp(id::native.iuid) IS DISTINCT FROM portable.iuid_extract_timestamp(id)
			OR native.iuid_extract_country(id::native.iuid) IS DISTINCT FROM portable.iuid_extract_country(id)
			OR native.iuid_extract_service_entity(id::native.iuid) IS DISTINCT FROM portable.iuid_extract_service_entity(id)
			OR native.iuid_extract_format_version(id::native.iuid) IS DISTINCT FROM portable.iuid_extract_format_version(id)
			OR native.uuid_to_iuid(id)::text IS DISTINCT FROM portable.uuid_to_iuid(id)::text))
FROM ids;
SELECT sameness.check('iuid_boundary', count(*), array_agg(instant::text)
		FILTER (WHERE native.iuid_boundary(instant)::text IS DISTINCT FROM portable.iuid_boundary(instant)::text))
FROM (SELECT timestamptz '1950-01-01Z' + random() * (timestamptz '3000-01-01Z' - timestamptz '1950-01-01Z') AS instant
	FROM generate_series(1, :samples)) AS instants;
SELECT sameness.check('iuid_window_first/last', count(*), array_agg(w::text)
		FILTER (WHERE native.iuid_window_first(w)::text IS DISTINCT FROM portable.iuid_window_first(w)::text
			OR native.iuid_window_last(w)::text IS DISTINCT FROM portable.iuid_window_last(w)::text))
FROM (SELECT tstzrange(least(a, b), greatest(a, b), (ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w
	FROM (SELECT timestamptz '1960-01-01Z' + random() * interval '1000 years' AS a,
		timestamptz '1960-01-01Z' + random() * interval '1000 years' AS b FROM generate_series(1, :samples)) AS instants) AS windows;

-- edges: results and SQLSTATEs
SELECT sameness.same_outcomes('iuid_generate arguments', '%E.iuid_extract_country(%E.iuid_generate(%1))', ARRAY[
	'0, 0', '255, 255', '256, 0', '0, 256', '-1, 0', '0, -1', '42, 7']);
SELECT sameness.same_outcomes('uuid_to_iuid', '%E.uuid_to_iuid(%1)::text', ARRAY[
	'''00000000-0000-8000-8000-000000000000''::uuid', '''00000000-0000-7000-8000-000000000000''::uuid',
	'''00000000-0000-8000-c000-000000000000''::uuid', '''ffffffff-ffff-8fff-bfff-ffffffffffff''::uuid']);
SELECT sameness.same_outcomes('iuid input', '(%1::%E.iuid)::text', ARRAY[
	'''00000000-0000-8000-8000-000000000000''', '''018f3c4e-1a2b-802a-87ff-ffffffffffff''']);
SELECT sameness.same_outcomes('iuid_boundary edges', '%E.iuid_boundary(%1)::text', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''1970-01-01Z''::timestamptz', '''1969-12-31Z''::timestamptz',
	'''10889-08-02 05:31:50.655Z''::timestamptz', '''10889-08-02 05:31:50.655001Z''::timestamptz', '''2026-11-01 00:00:00.0001Z''::timestamptz']);
SELECT sameness.same_outcomes('iuid windows edges', '%E.iuid_window_first(%1)::text || %E.iuid_window_last(%1)::text', ARRAY[
	'''empty''::tstzrange', '''(,)''::tstzrange', '''[-infinity,infinity]''::tstzrange', '''[10890-01-01Z,)''::tstzrange',
	'''(,1970-01-01Z)''::tstzrange', '''(,1970-01-01Z]''::tstzrange', '''[2020-01-01Z,2020-01-01Z]''::tstzrange']);

-- generation: strictly increasing within a session for one country and entity (the fields come before the random
-- part), the fields asked for, its timestamp close to the native one's
SELECT sameness.check('iuid_generate', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE id <= previous OR portable.iuid_extract_country(id) <> 42 OR portable.iuid_extract_service_entity(id) <> 7
			OR portable.iuid_extract_format_version(id) <> 0
			OR abs(extract(epoch FROM portable.iuid_extract_timestamp(id) - native.iuid_extract_timestamp(native_id))) > 0.5))
FROM (SELECT n, id, lag(id) OVER (ORDER BY n) AS previous, native_id
	FROM (SELECT n, portable.iuid_generate(42, 7) AS id, native.iuid_generate(42, 7) AS native_id
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered
WHERE previous IS NOT NULL;
SELECT sameness.check('iuid_generate fields', count(*), array_agg(id::text)
		FILTER (WHERE portable.iuid_extract_country(id) <> n % 256 OR portable.iuid_extract_service_entity(id) <> n / 256 % 256))
FROM (SELECT n, portable.iuid_generate(n % 256, n / 256 % 256) AS id FROM generate_series(1, :samples) AS n) AS generated;
