-- HotGuid: the portable edition against the native one
\set ON_ERROR_STOP on

-- :samples random uuids: shard keys and seconds
CREATE TEMP TABLE ids AS SELECT gen_random_uuid() AS id FROM generate_series(1, :samples);
SELECT sameness.check('hotguid_extract_*', count(*), array_agg(id::text)
		FILTER (WHERE native.hotguid_extract_timestamp(id) IS DISTINCT FROM portable.hotguid_extract_timestamp(id)
			OR native.hotguid_extract_timestamp(id::text) IS DISTINCT FROM portable.hotguid_extract_timestamp(id::text)
			OR native.hotguid_extract_shard_key(id) IS DISTINCT FROM portable.hotguid_extract_shard_key(id)))
FROM ids;

-- :samples random instants from 1950 to 2150: boundaries and windows
CREATE TEMP TABLE instants AS
SELECT timestamptz '1950-01-01Z' + random() * interval '200 years' AS instant, timestamptz '1950-01-01Z' + random() * interval '200 years' AS other
FROM generate_series(1, :samples);
SELECT sameness.check('hotguid_boundary', count(*), array_agg(instant::text)
		FILTER (WHERE sameness.outcome(format('SELECT native.hotguid_boundary(%L)', instant))
			IS DISTINCT FROM sameness.outcome(format('SELECT portable.hotguid_boundary(%L)', instant))))
FROM instants WHERE instant > '2106-01-01Z' OR random() < 0.05;
SELECT sameness.check('hotguid_boundary (in range)', count(*), array_agg(instant::text)
		FILTER (WHERE native.hotguid_boundary(instant) IS DISTINCT FROM portable.hotguid_boundary(instant)))
FROM instants WHERE instant < '2106-02-07Z';
SELECT sameness.check('hotguid_window_first/last', count(*), array_agg(w::text)
		FILTER (WHERE native.hotguid_window_first(w) IS DISTINCT FROM portable.hotguid_window_first(w)
			OR native.hotguid_window_last(w) IS DISTINCT FROM portable.hotguid_window_last(w)))
FROM (SELECT tstzrange(least(instant, other), greatest(instant, other),
		(ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w FROM instants) AS windows;
SELECT sameness.same_outcomes('hotguid_boundary edges', '%E.hotguid_boundary(%1)', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''1970-01-01Z''::timestamptz', '''1969-12-31Z''::timestamptz',
	'''2106-02-07 06:28:15Z''::timestamptz', '''2106-02-07 06:28:15.000001Z''::timestamptz', '''2026-11-01 00:00:00.5Z''::timestamptz']);
SELECT sameness.same_outcomes('hotguid windows edges', '%E.hotguid_window_first(%1)::text || %E.hotguid_window_last(%1)::text', ARRAY[
	'''empty''::tstzrange', '''(,)''::tstzrange', '''[-infinity,infinity]''::tstzrange', '''[2107-01-01Z,)''::tstzrange',
	'''(,1970-01-01Z)''::tstzrange', '''(,1970-01-01Z]''::tstzrange', '''[2020-01-01Z,2020-01-01Z]''::tstzrange']);

-- generation: unique within a session, the shard key asked for, the second close to the native one's; the counter
-- increments by one per id, as the reference's
SELECT sameness.check('hotguid_generate', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE id = previous OR portable.hotguid_extract_shard_key(id) <> n
			OR ('x' || substr(replace(id::text, '-', ''), 19, 6))::bit(24)::int <> (('x' || substr(replace(previous::text, '-', ''), 19, 6))::bit(24)::int + 1) & 16777215
			OR abs(extract(epoch FROM portable.hotguid_extract_timestamp(id) - native.hotguid_extract_timestamp(native_id))) > 1))
FROM (SELECT n, id, lag(id) OVER (ORDER BY n) AS previous, native_id
	FROM (SELECT n, portable.hotguid_generate(n) AS id, native.hotguid_generate(n) AS native_id
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered
WHERE previous IS NOT NULL;
SELECT sameness.check('hotguid_generate unique', count(*), CASE WHEN count(DISTINCT id) <> count(*) THEN ARRAY['duplicates'] END)
FROM (SELECT portable.hotguid_generate(7) AS id FROM generate_series(1, :samples)) AS generated;
SELECT sameness.same_outcomes('hotguid_generate arguments', '%E.hotguid_extract_shard_key(%E.hotguid_generate(%1))', ARRAY[
	'0', '4294967295', '4294967296', '-1']);
