-- DistributedId128: the portable edition against the native one
\set ON_ERROR_STOP on

-- the known answers of test/vectors/distributedid128.tsv: CreateCore(ts, rand75), the numeric and alphanumeric forms, the
-- timestamp; Split/Join and the ids Split refuses
SELECT sameness.check('distributedid128 vectors', count(*), array_agg(format('%s %s: native %s, portable %s, expected %s',
		sameness.at('distributedid128', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM sameness.vectors_of('distributedid128', 'compose'), LATERAL (VALUES
	('compose', v->>'id', native.numeric_to_distributedid128((v->>'numeric')::numeric)::text,
	 portable.identities_compose_distributedid128((v->>'ms_since_1700')::bigint, (v->>'random_sequence')::numeric)::text),
	('distributedid128_to_numeric', v->>'numeric', native.distributedid128_to_numeric((v->>'id')::uuid)::text,
	 portable.distributedid128_to_numeric((v->>'id')::uuid)::text),
	('to_alphanumeric', v->>'alphanumeric', native.to_alphanumeric((v->>'id')::uuid), portable.to_alphanumeric((v->>'id')::uuid)),
	('distributedid128_extract_timestamp', (v->>'timestamp')::timestamptz::text,
	 native.distributedid128_extract_timestamp((v->>'id')::uuid)::text, portable.distributedid128_extract_timestamp((v->>'id')::uuid)::text)
	) AS c(call, expected, native, portable);
SELECT sameness.check('distributedid128 split/join vectors', count(*), array_agg(format('%s %s: native %s, portable %s, expected %s',
		sameness.at('distributedid128', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM sameness.vectors_of('distributedid128', 'split'), LATERAL (VALUES
	('numeric_to_distributedid128', v->>'id', native.numeric_to_distributedid128((v->>'numeric')::numeric)::text,
	 portable.numeric_to_distributedid128((v->>'numeric')::numeric)::text),
	('distributedid128_split', (v->>'upper') || ' ' || (v->>'lower'),
	 (SELECT upper || ' ' || lower FROM native.distributedid128_split((v->>'id')::uuid)),
	 (SELECT upper || ' ' || lower FROM portable.distributedid128_split((v->>'id')::uuid))),
	('distributedid128_join', v->>'id', native.distributedid128_join((v->>'upper')::bigint, (v->>'lower')::bigint)::text,
	 portable.distributedid128_join((v->>'upper')::bigint, (v->>'lower')::bigint)::text)
	) AS c(call, expected, native, portable);
SELECT sameness.check('distributedid128 split refusals', count(*), array_agg(format('%s: native %s, portable %s, expected %s',
		sameness.at('distributedid128', line), native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM sameness.vectors_of('distributedid128', 'split_invalid'), LATERAL (VALUES ('ERROR ' || (v->>'sqlstate'),
	sameness.outcome(format('SELECT native.distributedid128_split(%L::uuid)', v->>'id')),
	sameness.outcome(format('SELECT portable.distributedid128_split(%L::uuid)', v->>'id')))) AS c(expected, native, portable);
-- :samples random uuids (a quarter shaped as DistributedId128s)
CREATE TEMP TABLE ids AS
SELECT CASE WHEN random() < 0.25 THEN overlay(overlay(u::text placing '7' from 15) placing '3' from 20)::uuid ELSE u END AS id
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, :samples)) AS r;
SELECT sameness.check('distributedid128_extract_timestamp', count(*), array_agg(id::text)
		FILTER (WHERE native.distributedid128_extract_timestamp(id) IS DISTINCT FROM portable.distributedid128_extract_timestamp(id)
			OR native.distributedid128_extract_timestamp(id::text) IS DISTINCT FROM portable.distributedid128_extract_timestamp(id::text)))
FROM ids;
SELECT sameness.check('distributedid128_to_numeric and back', count(*), array_agg(id::text)
		FILTER (WHERE native.distributedid128_to_numeric(id) IS DISTINCT FROM portable.distributedid128_to_numeric(id)
			OR portable.numeric_to_distributedid128(portable.distributedid128_to_numeric(id)) IS DISTINCT FROM id))
FROM ids;
SELECT sameness.check('distributedid128_split', count(*), array_agg(id::text)
		FILTER (WHERE sameness.outcome(format('SELECT native.distributedid128_split(%L)', id))
			IS DISTINCT FROM sameness.outcome(format('SELECT portable.distributedid128_split(%L)', id))))
FROM ids WHERE random() < 0.1;
SELECT sameness.check('identities_uuid_previous', count(*), array_agg(id::text)
		FILTER (WHERE portable.distributedid128_to_numeric(portable.identities_uuid_previous(id)) <> portable.distributedid128_to_numeric(id) - 1))
FROM ids;

-- :samples random instants from 1650 to 2500: boundaries and windows
CREATE TEMP TABLE instants AS
SELECT timestamptz '1650-01-01Z' + random() * (timestamptz '2500-01-01Z' - timestamptz '1650-01-01Z') AS instant,
	timestamptz '1650-01-01Z' + random() * (timestamptz '2500-01-01Z' - timestamptz '1650-01-01Z') AS other
FROM generate_series(1, :samples);
SELECT sameness.check('distributedid128_boundary', count(*), array_agg(instant::text)
		FILTER (WHERE native.distributedid128_boundary(instant) IS DISTINCT FROM portable.distributedid128_boundary(instant)))
FROM instants;
SELECT sameness.check('distributedid128_window_first/last', count(*), array_agg(w::text)
		FILTER (WHERE native.distributedid128_window_first(w) IS DISTINCT FROM portable.distributedid128_window_first(w)
			OR native.distributedid128_window_last(w) IS DISTINCT FROM portable.distributedid128_window_last(w)))
FROM (SELECT tstzrange(least(instant, other), greatest(instant, other),
		(ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w FROM instants) AS windows;

-- edges: results and SQLSTATEs
SELECT sameness.same_outcomes('distributedid128_boundary edges', '%E.distributedid128_boundary(%1)', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''1700-01-01Z''::timestamptz', '''1699-12-31 23:59:59.999999Z''::timestamptz',
	'''1700-01-01 00:00:00.000001Z''::timestamptz', '''10619-01-01Z''::timestamptz', '''10700-01-01Z''::timestamptz', '''294276-12-31Z''::timestamptz']);
SELECT sameness.same_outcomes('distributedid128 windows edges', '%E.distributedid128_window_first(%1)::text || %E.distributedid128_window_last(%1)::text', ARRAY[
	'''empty''::tstzrange', '''(,)''::tstzrange', '''[-infinity,infinity]''::tstzrange', '''[10700-01-01Z,)''::tstzrange',
	'''(,1700-01-01Z)''::tstzrange', '''(,1700-01-01Z]''::tstzrange', '''[2020-01-01Z,2020-01-01Z]''::tstzrange']);
SELECT sameness.same_outcomes('numeric_to_distributedid128', '%E.numeric_to_distributedid128(%1)', ARRAY[
	'0', '340282366920938463463374607431768211455', '340282366920938463463374607431768211456', '-1', '0.5', '''NaN''::numeric']);
SELECT sameness.same_outcomes('distributedid128_join', '%E.distributedid128_join(%1)', ARRAY['0, 0', '-1, 0', '0, -1', '9223372036854775807, 9223372036854775807']);
SELECT sameness.same_outcomes('distributedid128_split edges', '%E.distributedid128_split(%1)', ARRAY[
	'''80000000-0000-0000-0000-000000000000''::uuid', '''00000000-0000-0000-8000-000000000000''::uuid', '''7fffffff-ffff-ffff-7fff-ffffffffffff''::uuid']);
SELECT sameness.same_outcomes('distributedid128_extract_timestamp(text)', '%E.distributedid128_extract_timestamp(%1)', ARRAY['''not a uuid''::text', '''094c8deb-b800-7000-0000-000000000001''::text']);

-- generation: unique within a session and ordered by their ms (ids of one ms are in random order), shaped, the
-- timestamp close to the native one's (apart by no more than the time the two calls took, however long, and 0.5 s)
SELECT sameness.check('distributedid128_generate', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE portable.distributedid128_extract_timestamp(id) < portable.distributedid128_extract_timestamp(previous)
			OR portable.distributedid128_extract_timestamp(id) IS NULL
			OR abs(extract(epoch FROM portable.distributedid128_extract_timestamp(id) - native.distributedid128_extract_timestamp(native_id)))
				> extract(epoch FROM after - before) + 0.5)
		|| CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id repeated'] END)
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous, native_id, before, after
	FROM (SELECT n, clock_timestamp() AS before, portable.distributedid128_generate() AS id,
			native.distributedid128_generate() AS native_id, clock_timestamp() AS after
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered;
SET identities.incremental_ids = '340282366920938463463374607431768211455';
SELECT sameness.same_outcomes('distributedid128_generate under identities.incremental_ids', '%E.distributedid128_generate()', ARRAY['1']);
SELECT sameness.same_outcomes('distributedid128_generate exhausted', '%E.distributedid128_generate()', ARRAY['1']);
RESET identities.incremental_ids;

-- ids for a given instant (distributedid128_generate_at): :samples random instants over the whole range (1700-01-01
-- to 10619-08-04 05:31:50.655999), each given an id by both editions: the same millisecond and version nibble (the
-- top 52 bits) and the same zero bit where RFC 9562 puts its variant (bit 64), the same extracted timestamp (the
-- native edition's reading of the portable id too); its 75 random bits with the top one set about half the time, no
-- id twice
CREATE TEMP TABLE at_ids AS
SELECT at, ('x' || replace(native_id::text, '-', ''))::bit(128) AS native_bits, ('x' || replace(portable_id::text, '-', ''))::bit(128) AS portable_bits,
	native_id, portable_id
FROM (SELECT at, native.distributedid128_generate_at(at) AS native_id, portable.distributedid128_generate_at(at) AS portable_id
	FROM (SELECT timestamptz '1700-01-01Z' + random() * (timestamptz '10619-08-04 05:31:50.655999Z' - timestamptz '1700-01-01Z') AS at
		FROM generate_series(1, :samples)) AS instants) AS ids;
SELECT sameness.check('distributedid128_generate_at', count(*), array_agg(format('%s: native %s, portable %s', at, native_id, portable_id))
		FILTER (WHERE substring(native_bits FROM 1 FOR 52) <> substring(portable_bits FROM 1 FOR 52)
			OR substring(native_bits FROM 65 FOR 1) <> substring(portable_bits FROM 65 FOR 1)
			OR native.distributedid128_extract_timestamp(native_id) IS DISTINCT FROM native.distributedid128_extract_timestamp(portable_id)
			OR native.distributedid128_extract_timestamp(native_id) IS DISTINCT FROM portable.distributedid128_extract_timestamp(portable_id)
			OR native.distributedid128_extract_timestamp(portable_id) IS NULL)
	|| CASE WHEN count(DISTINCT portable_id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END
	|| CASE WHEN abs(count(*) FILTER (WHERE substring(portable_bits FROM 53 FOR 1) = B'1') - count(*) / 2.0) <= 3 * sqrt(count(*))
		THEN '{}'::text[] ELSE ARRAY['the top random bit is not set about half the time'] END)
FROM at_ids;
SELECT sameness.check('distributedid128_generate_at of one instant', count(*),
	CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END)
FROM (SELECT portable.distributedid128_generate_at('2021-03-04 05:06:07.891234Z') AS id FROM generate_series(1, least(:samples, 10000))) AS ids;
-- edges: the first and last instants, one microsecond outside each, the infinities and PostgreSQL's own ends (the
-- timestamp of the id, or the SQLSTATE), and the errors in full
SELECT sameness.same_outcomes('distributedid128_generate_at edges', '%E.distributedid128_extract_timestamp(%E.distributedid128_generate_at(%1))', ARRAY[
	'''1700-01-01 00:00:00Z''::timestamptz', '''1699-12-31 23:59:59.999999Z''::timestamptz', '''10619-08-04 05:31:50.655999Z''::timestamptz',
	'''10619-08-04 05:31:50.656Z''::timestamptz', '''-infinity''::timestamptz', '''infinity''::timestamptz',
	'''4714-11-24 00:00:00+00 BC''::timestamptz', '''294276-12-31 23:59:59.999999+00''::timestamptz', '''2021-03-04 05:06:07.8915Z''::timestamptz',
	'NULL::timestamptz']);
SELECT sameness.same_errors('distributedid128_generate_at errors', '%E.distributedid128_generate_at(%1)', ARRAY[
	'''1700-01-01 00:00:00Z''::timestamptz', '''1699-12-31 23:59:59.999999Z''::timestamptz', '''10619-08-04 05:31:50.655999Z''::timestamptz',
	'''10619-08-04 05:31:50.656Z''::timestamptz', '''-infinity''::timestamptz', '''infinity''::timestamptz', 'NULL::timestamptz']);
-- the native edition's argument names, volatility, strictness and parallel safety
SELECT sameness.same_labels('distributedid128_generate_at', 'u');
