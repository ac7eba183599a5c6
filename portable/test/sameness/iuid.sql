-- iUID: the portable edition against the native one
\set ON_ERROR_STOP on

-- the known answers of test/vectors/iuid.tsv: every field of each iUID
SELECT sameness.check('iuid vectors', count(*), array_agg(format('%s %s: native %s, portable %s, expected %s',
		sameness.at('iuid', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM sameness.vectors_of('iuid'), LATERAL (SELECT (v->>'iuid')::uuid AS id) AS i, LATERAL (VALUES
	('iuid_extract_timestamp', (v->>'timestamp')::timestamptz::text, native.iuid_extract_timestamp(i.id::native.iuid)::text,
	 portable.iuid_extract_timestamp(i.id)::text),
	('iuid_extract_format_version', v->>'format_version', native.iuid_extract_format_version(i.id::native.iuid)::text,
	 portable.iuid_extract_format_version(i.id)::text),
	('iuid_extract_country', v->>'country', native.iuid_extract_country(i.id::native.iuid)::text, portable.iuid_extract_country(i.id)::text),
	('iuid_extract_service_entity', v->>'service_entity', native.iuid_extract_service_entity(i.id::native.iuid)::text,
	 portable.iuid_extract_service_entity(i.id)::text)
	) AS c(call, expected, native, portable);

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

-- generation: unique within a session for one country and entity and ordered by their ms (ids of one ms are in
-- random order), the fields asked for, the timestamp close to the native one's (apart by no more than the time the
-- two calls took, however long, and 0.5 s)
SELECT sameness.check('iuid_generate', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE portable.iuid_extract_timestamp(id) < portable.iuid_extract_timestamp(previous)
			OR portable.iuid_extract_country(id) <> 42 OR portable.iuid_extract_service_entity(id) <> 7
			OR portable.iuid_extract_format_version(id) <> 0
			OR abs(extract(epoch FROM portable.iuid_extract_timestamp(id) - native.iuid_extract_timestamp(native_id)))
				> extract(epoch FROM after - before) + 0.5)
		|| CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id repeated'] END)
FROM (SELECT n, id, lag(id) OVER (ORDER BY n) AS previous, native_id, before, after
	FROM (SELECT n, clock_timestamp() AS before, portable.iuid_generate(42, 7) AS id, native.iuid_generate(42, 7) AS native_id,
			clock_timestamp() AS after
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered;
SELECT sameness.check('iuid_generate fields', count(*), array_agg(id::text)
		FILTER (WHERE portable.iuid_extract_country(id) <> n % 256 OR portable.iuid_extract_service_entity(id) <> n / 256 % 256))
FROM (SELECT n, portable.iuid_generate(n % 256, n / 256 % 256) AS id FROM generate_series(1, :samples) AS n) AS generated;

-- ids for a given instant (iuid_generate_at): :samples random instants over the whole range (1970-01-01 to
-- 10889-08-02 05:31:50.655999), countries and service entities, each given an id by both editions: the same
-- millisecond, version, format version, country, variant and service entity (the top 74 bits), every field the
-- extract functions read the same (the native edition's reading of the portable id too), the portable's text a value
-- of the native type; its 54 random bits with the top one set about half the time, no id twice
CREATE TEMP TABLE at_ids AS
SELECT at, country, service_entity, ('x' || replace(native_id::text, '-', ''))::bit(128) AS native_bits,
	('x' || replace(portable_id::text, '-', ''))::bit(128) AS portable_bits, native_id, portable_id
FROM (SELECT at, country, service_entity, native.iuid_generate_at(at, country, service_entity) AS native_id,
		portable.iuid_generate_at(at, country, service_entity) AS portable_id
	FROM (SELECT timestamptz '1970-01-01Z' + random() * (timestamptz '10889-08-02 05:31:50.655999Z' - timestamptz '1970-01-01Z') AS at,
			floor(random() * 256)::integer AS country, floor(random() * 256)::integer AS service_entity
		FROM generate_series(1, :samples)) AS instants) AS ids;
SELECT sameness.check('iuid_generate_at', count(*), array_agg(format('%s %s %s: native %s, portable %s', at, country, service_entity, native_id, portable_id))
		FILTER (WHERE substring(native_bits FROM 1 FOR 74) <> substring(portable_bits FROM 1 FOR 74)
			OR native.iuid_extract_timestamp(native_id) IS DISTINCT FROM native.iuid_extract_timestamp(portable_id::text::native.iuid)
			OR native.iuid_extract_timestamp(native_id) IS DISTINCT FROM portable.iuid_extract_timestamp(portable_id)
			OR native.iuid_extract_country(portable_id::text::native.iuid) IS DISTINCT FROM country
			OR portable.iuid_extract_country(portable_id) IS DISTINCT FROM country
			OR native.iuid_extract_service_entity(portable_id::text::native.iuid) IS DISTINCT FROM service_entity
			OR portable.iuid_extract_service_entity(portable_id) IS DISTINCT FROM service_entity
			OR native.iuid_extract_format_version(portable_id::text::native.iuid) IS DISTINCT FROM native.iuid_extract_format_version(native_id)
			OR portable.iuid_extract_format_version(portable_id) IS DISTINCT FROM native.iuid_extract_format_version(native_id))
	|| CASE WHEN count(DISTINCT portable_id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END
	|| CASE WHEN abs(count(*) FILTER (WHERE substring(portable_bits FROM 75 FOR 1) = B'1') - count(*) / 2.0) <= 3 * sqrt(count(*))
		THEN '{}'::text[] ELSE ARRAY['the top random bit is not set about half the time'] END)
FROM at_ids;
SELECT sameness.check('iuid_generate_at of one instant', count(*),
	CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END)
FROM (SELECT portable.iuid_generate_at('2021-03-04 05:06:07.891234Z', 42, 7) AS id FROM generate_series(1, least(:samples, 10000))) AS ids;
-- edges: the first and last instants, one microsecond outside each, the infinities and PostgreSQL's own ends, bad
-- countries and service entities, alone and with a bad instant (the id's top 74 bits, or the SQLSTATE), and the
-- errors in full
SELECT sameness.same_outcomes('iuid_generate_at edges', 'substring((''x'' || replace(%E.iuid_generate_at(%1)::text, ''-'', ''''))::bit(128) FROM 1 FOR 74)', ARRAY[
	'''1970-01-01 00:00:00Z'', 0, 0', '''1969-12-31 23:59:59.999999Z'', 0, 0', '''10889-08-02 05:31:50.655999Z'', 255, 255',
	'''10889-08-02 05:31:50.656Z'', 255, 255', '''-infinity'', 1, 2', '''infinity'', 1, 2', '''4714-11-24 00:00:00+00 BC'', 1, 2',
	'''294276-12-31 23:59:59.999999+00'', 1, 2', '''2021-03-04Z'', 256, 0', '''2021-03-04Z'', -1, 0', '''2021-03-04Z'', 0, 256',
	'''2021-03-04Z'', 0, -1', '''infinity'', 256, 0', '''infinity'', 0, 256', '''2021-03-04Z'', 256, 256', 'NULL, 1, 2', '''2021-03-04Z'', NULL, 2',
	'''2021-03-04Z'', 1, NULL']);
SELECT sameness.same_errors('iuid_generate_at errors', '%E.iuid_generate_at(%1)', ARRAY[
	'''1970-01-01 00:00:00Z'', 0, 0', '''1969-12-31 23:59:59.999999Z'', 0, 0', '''10889-08-02 05:31:50.655999Z'', 255, 255',
	'''10889-08-02 05:31:50.656Z'', 255, 255', '''-infinity'', 1, 2', '''infinity'', 1, 2', '''2021-03-04Z'', 256, 0', '''2021-03-04Z'', -1, 0',
	'''2021-03-04Z'', 0, 256', '''2021-03-04Z'', 0, -1', '''infinity'', 256, 0', '''infinity'', 0, 256', '''2021-03-04Z'', -2147483648, 2147483647']);
-- the native edition's argument names, volatility, strictness and parallel safety
SELECT sameness.same_labels('iuid_generate_at', 'u');
