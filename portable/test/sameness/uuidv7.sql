-- UUIDv7: the portable edition against the native one
\set ON_ERROR_STOP on

-- the known answers of test/vectors/uuidv7.tsv (RFC 9562 A.6 first): the instant of each UUIDv7
SELECT sameness.check('uuidv7 vectors', count(*), array_agg(format('%s: native %s, portable %s, expected %s',
		sameness.at('uuidv7', line), native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM sameness.vectors_of('uuidv7'), LATERAL (VALUES ((v->>'timestamp')::timestamptz::text,
	native.uuidv7_extract_timestamp((v->>'uuid')::uuid)::text, portable.uuidv7_extract_timestamp((v->>'uuid')::uuid)::text))
	AS c(expected, native, portable);

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

-- generation: unique within a session and ordered by their time (ids of one instant are in random order), shaped, as
-- core uuid_extract_version and the native one read it, the timestamp close to the native one's (apart by no more
-- than the time the two calls took, however long, and 0.5 s)
SELECT sameness.check('uuidv7_generate', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE portable.uuidv7_extract_timestamp(id) < portable.uuidv7_extract_timestamp(previous)
			OR portable.uuidv7_extract_timestamp(id) IS NULL
			OR substr(id::text, 15, 1) <> '7' OR substr(id::text, 20, 1) NOT IN ('8', '9', 'a', 'b')
			OR abs(extract(epoch FROM portable.uuidv7_extract_timestamp(id) - native.uuidv7_extract_timestamp(native_id)))
				> extract(epoch FROM after - before) + 0.5)
		|| CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id repeated'] END)
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous, native_id, before, after
	FROM (SELECT n, clock_timestamp() AS before, portable.uuidv7_generate() AS id, native.uuidv7_generate() AS native_id,
			clock_timestamp() AS after
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered;

-- ids for a given instant (uuidv7_generate_at): :samples random instants over the whole range (1970-01-01 to
-- 10889-08-02 05:31:50.655999), each given an id by both editions: the same millisecond, version and 12-bit fraction
-- of the millisecond (the top 64 bits) and the same variant (bits 64-65), the same extracted timestamp (the native
-- edition's reading of the portable id too); its 62 random bits with the top one set about half the time, no id twice
CREATE TEMP TABLE at_ids AS
SELECT at, ('x' || replace(native_id::text, '-', ''))::bit(128) AS native_bits, ('x' || replace(portable_id::text, '-', ''))::bit(128) AS portable_bits,
	native_id, portable_id
FROM (SELECT at, native.uuidv7_generate_at(at) AS native_id, portable.uuidv7_generate_at(at) AS portable_id
	FROM (SELECT timestamptz '1970-01-01Z' + random() * (timestamptz '10889-08-02 05:31:50.655999Z' - timestamptz '1970-01-01Z') AS at
		FROM generate_series(1, :samples)) AS instants) AS ids;
SELECT sameness.check('uuidv7_generate_at', count(*), array_agg(format('%s: native %s, portable %s', at, native_id, portable_id))
		FILTER (WHERE substring(native_bits FROM 1 FOR 66) <> substring(portable_bits FROM 1 FOR 66)
			OR native.uuidv7_extract_timestamp(native_id) IS DISTINCT FROM native.uuidv7_extract_timestamp(portable_id)
			OR native.uuidv7_extract_timestamp(native_id) IS DISTINCT FROM portable.uuidv7_extract_timestamp(portable_id)
			OR native.uuidv7_extract_timestamp(portable_id) IS NULL)
	|| CASE WHEN count(DISTINCT portable_id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END
	|| CASE WHEN abs(count(*) FILTER (WHERE substring(portable_bits FROM 67 FOR 1) = B'1') - count(*) / 2.0) <= 3 * sqrt(count(*))
		THEN '{}'::text[] ELSE ARRAY['the top random bit is not set about half the time'] END)
FROM at_ids;
-- instants a microsecond apart: the fraction as the native edition's, bit for bit
SELECT sameness.check('uuidv7_generate_at a microsecond apart', count(*), array_agg(at::text)
		FILTER (WHERE substring(uuid_send(native.uuidv7_generate_at(at)), 1, 8) <> substring(uuid_send(portable.uuidv7_generate_at(at)), 1, 8)))
FROM (SELECT timestamptz '2021-03-04 05:06:07Z' + n * interval '1 microsecond' AS at FROM generate_series(0, 1999) AS n) AS instants;
SELECT sameness.check('uuidv7_generate_at of one instant', count(*),
	CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END)
FROM (SELECT portable.uuidv7_generate_at('2021-03-04 05:06:07.891234Z') AS id FROM generate_series(1, least(:samples, 10000))) AS ids;
-- edges: the first and last instants, one microsecond outside each, the infinities and PostgreSQL's own ends (the
-- id's top 64 bits, or the SQLSTATE), and the errors in full
SELECT sameness.same_outcomes('uuidv7_generate_at edges', 'substring(uuid_send(%E.uuidv7_generate_at(%1)), 1, 8)', ARRAY[
	'''1970-01-01 00:00:00Z''::timestamptz', '''1969-12-31 23:59:59.999999Z''::timestamptz', '''10889-08-02 05:31:50.655999Z''::timestamptz',
	'''10889-08-02 05:31:50.656Z''::timestamptz', '''-infinity''::timestamptz', '''infinity''::timestamptz',
	'''4714-11-24 00:00:00+00 BC''::timestamptz', '''294276-12-31 23:59:59.999999+00''::timestamptz', '''2021-03-04 05:06:07.999999Z''::timestamptz',
	'NULL::timestamptz']);
SELECT sameness.same_errors('uuidv7_generate_at errors', '%E.uuidv7_generate_at(%1)', ARRAY[
	'''1970-01-01 00:00:00Z''::timestamptz', '''1969-12-31 23:59:59.999999Z''::timestamptz', '''10889-08-02 05:31:50.655999Z''::timestamptz',
	'''10889-08-02 05:31:50.656Z''::timestamptz', '''-infinity''::timestamptz', '''infinity''::timestamptz', 'NULL::timestamptz']);
-- the native edition's argument names, volatility, strictness and parallel safety
SELECT sameness.same_labels('uuidv7_generate_at', 'u');
