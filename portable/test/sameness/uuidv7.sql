-- UUIDv7: the portable edition against the native one
\set ON_ERROR_STOP on

-- :samples random uuids, half of them shaped as UUIDv7s
CREATE TEMP TABLE ids AS
SELECT CASE WHEN random() < 0.5 THEN overlay(u::text placing '7' from 15)::uuid ELSE u END AS id
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, :samples)) AS r;
SELECT sameness.check('uuidv7_extract_timestamp', count(*), array_agg(id::text)
		FILTER (WHERE native.uuidv7_extract_timestamp(id) IS DISTINCT FROM portable.uuidv7_extract_timestamp(id)
			OR native.uuidv7_extract_timestamp(id::text) IS DISTINCT FROM portable.uuidv7_extract_timestamp(id::text)))
FROM ids;

-- :samples random instants from 1950 to 3000: boundaries and windows
CREATE TEMP TABLE instants AS
SELECT timestamptz '1950-01-01Z' + random() * (timestamptz '3000-01-01Z' - timestamptz '1950-01-01Z') AS instant,
	timestamptz '1950-01-01Z' + random() * (timestamptz '3000-01-01Z' - timestamptz '1950-01-01Z') AS other
FROM generate_series(1, :samples);
SELECT sameness.check('uuidv7_boundary', count(*), array_agg(instant::text)
		FILTER (WHERE native.uuidv7_boundary(instant) IS DISTINCT FROM portable.uuidv7_boundary(instant)))
FROM instants;
SELECT sameness.check('uuidv7_window_first/last', count(*), array_agg(w::text)
		FILTER (WHERE native.uuidv7_window_first(w) IS DISTINCT FROM portable.uuidv7_window_first(w)
			OR native.uuidv7_window_last(w) IS DISTINCT FROM portable.uuidv7_window_last(w)))
FROM (SELECT tstzrange(least(instant, other), greatest(instant, other),
		(ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w FROM instants) AS windows;

-- edges: results and SQLSTATEs
SELECT sameness.same_outcomes('uuidv7_boundary edges', '%E.uuidv7_boundary(%1)', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''1970-01-01Z''::timestamptz', '''1969-12-31 23:59:59.999999Z''::timestamptz',
	'''1970-01-01 00:00:00.000001Z''::timestamptz', '''10889-08-02 05:31:50.655Z''::timestamptz', '''10889-08-02 05:31:50.655001Z''::timestamptz']);
SELECT sameness.same_outcomes('uuidv7 windows edges', '%E.uuidv7_window_first(%1)::text || %E.uuidv7_window_last(%1)::text', ARRAY[
	'''empty''::tstzrange', '''(,)''::tstzrange', '''[-infinity,infinity]''::tstzrange', '''[10890-01-01Z,)''::tstzrange',
	'''(,1970-01-01Z)''::tstzrange', '''(,1970-01-01Z]''::tstzrange', '''[2020-01-01Z,2020-01-01Z]''::tstzrange']);
SELECT sameness.same_outcomes('uuidv7_extract_timestamp(text)', '%E.uuidv7_extract_timestamp(%1)', ARRAY['''not a uuid''::text', '''018f0000-0000-7000-8000-000000000000''::text']);

-- generation: strictly increasing within a session, shaped, as core uuid_extract_version and the native one read it
SELECT sameness.check('uuidv7_generate', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE id <= previous OR portable.uuidv7_extract_timestamp(id) IS NULL
			OR substr(id::text, 15, 1) <> '7' OR substr(id::text, 20, 1) NOT IN ('8', '9', 'a', 'b')
			OR abs(extract(epoch FROM portable.uuidv7_extract_timestamp(id) - native.uuidv7_extract_timestamp(native_id))) > 0.5))
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous, native_id
	FROM (SELECT n, portable.uuidv7_generate() AS id, native.uuidv7_generate() AS native_id
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered
WHERE previous IS NOT NULL;
