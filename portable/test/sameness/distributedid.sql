-- distributedid: the portable edition against the native one
\set ON_ERROR_STOP on

-- the known answers of test/vectors/distributedid.tsv: the timestamp and the texts of each id and back, in both editions
SELECT sameness.check('distributedid vectors', count(*), array_agg(format('%s %s: native %s, portable %s, expected %s',
		sameness.at('distributedid', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM sameness.vectors_of('distributedid'), LATERAL (SELECT (v->>'distributedid')::numeric AS id) AS d, LATERAL (VALUES
	('distributedid_extract_timestamp', (v->>'timestamp')::timestamptz::text,
	 native.distributedid_extract_timestamp(d.id::native.distributedid)::text, portable.distributedid_extract_timestamp(d.id)::text),
	('to_alphanumeric', v->>'alphanumeric', native.to_alphanumeric(d.id::native.distributedid), portable.to_alphanumeric(d.id::portable.distributedid)),
	('to_hexadecimal', v->>'hexadecimal', native.to_hexadecimal(d.id::native.distributedid), portable.to_hexadecimal(d.id::portable.distributedid)),
	('alphanumeric_to_distributedid', v->>'distributedid', native.alphanumeric_to_distributedid(v->>'alphanumeric')::text,
	 portable.alphanumeric_to_distributedid(v->>'alphanumeric')::text),
	('hexadecimal_to_distributedid', v->>'distributedid', native.hexadecimal_to_distributedid(v->>'hexadecimal')::text,
	 portable.hexadecimal_to_distributedid(v->>'hexadecimal')::text)
	) AS c(call, expected, native, portable);
-- :samples random ids over the whole range: timestamps, the uuid and bytea forms and back
CREATE TEMP TABLE ids AS
SELECT floor(random() * 1e14)::numeric * 1e14 + floor(random() * 1e14)::numeric AS id FROM generate_series(1, :samples);
SELECT sameness.check('distributedid_extract_timestamp', count(*), array_agg(id::text)
		FILTER (WHERE native.distributedid_extract_timestamp(id::native.distributedid) IS DISTINCT FROM portable.distributedid_extract_timestamp(id)))
FROM ids;
SELECT sameness.check('distributedid_to_uuid', count(*), array_agg(id::text)
		FILTER (WHERE native.distributedid_to_uuid(id::native.distributedid) IS DISTINCT FROM portable.distributedid_to_uuid(id)
			OR portable.uuid_to_distributedid(portable.distributedid_to_uuid(id)) IS DISTINCT FROM id))
FROM ids;
SELECT sameness.check('distributedid_to_bytea', count(*), array_agg(id::text)
		FILTER (WHERE native.distributedid_to_bytea(id::native.distributedid) IS DISTINCT FROM portable.distributedid_to_bytea(id)
			OR portable.bytea_to_distributedid(portable.distributedid_to_bytea(id)) IS DISTINCT FROM id))
FROM ids;
SELECT sameness.check('distributedid text', count(*), array_agg(id::text)
		FILTER (WHERE id::native.distributedid::text IS DISTINCT FROM id::portable.distributedid::text))
FROM ids;

-- :samples random instants from 1850 to 3100: boundaries, and windows between two of them
CREATE TEMP TABLE instants AS
SELECT timestamptz '1850-01-01Z' + random() * (timestamptz '3100-01-01Z' - timestamptz '1850-01-01Z') AS instant,
	timestamptz '1850-01-01Z' + random() * (timestamptz '3100-01-01Z' - timestamptz '1850-01-01Z') AS other
FROM generate_series(1, :samples);
SELECT sameness.check('distributedid_boundary', count(*), array_agg(instant::text)
		FILTER (WHERE sameness.outcome(format('SELECT native.distributedid_boundary(%L)', instant))
			IS DISTINCT FROM sameness.outcome(format('SELECT portable.distributedid_boundary(%L)', instant))))
FROM instants WHERE instant > '3025-10-01Z' OR instant < '1900-02-01Z' OR random() < 0.05;
SELECT sameness.check('distributedid_boundary (in range)', count(*), array_agg(instant::text)
		FILTER (WHERE native.distributedid_boundary(instant)::numeric IS DISTINCT FROM portable.distributedid_boundary(instant)))
FROM instants WHERE instant <= '3025-10-23Z';
SELECT sameness.check('distributedid_window_first/last', count(*), array_agg(w::text)
		FILTER (WHERE native.distributedid_window_first(w)::numeric IS DISTINCT FROM portable.distributedid_window_first(w)
			OR native.distributedid_window_last(w)::numeric IS DISTINCT FROM portable.distributedid_window_last(w)))
FROM (SELECT tstzrange(least(instant, other), greatest(instant, other),
		(ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w FROM instants) AS windows;

-- edges: results and SQLSTATEs
SELECT sameness.same_outcomes('distributedid_boundary edges', '%E.distributedid_boundary(%1)', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''1900-01-01Z''::timestamptz', '''1900-01-01 00:00:00.000001Z''::timestamptz',
	'''1899-12-31 23:59:59.999999Z''::timestamptz', '''3025-10-23 17:06:28.005Z''::timestamptz', '''3025-10-23 17:06:28.005001Z''::timestamptz',
	'''2020-01-01 00:00:00.0005Z''::timestamptz']);
SELECT sameness.same_outcomes('distributedid windows edges', '%E.distributedid_window_first(%1)::text || %E.distributedid_window_last(%1)::text', ARRAY[
	'''empty''::tstzrange', '''(,)''::tstzrange', '''[-infinity,infinity]''::tstzrange', '''[3025-10-23 17:06:28.005Z,)''::tstzrange',
	'''[3026-01-01Z,)''::tstzrange', '''(,1900-01-01Z)''::tstzrange', '''(,1900-01-01Z]''::tstzrange', '''(,1900-01-01 00:00:00.001Z)''::tstzrange',
	'''(2020-01-01Z,2020-01-01 00:00:00.001Z)''::tstzrange', '''[2020-01-01Z,2020-01-01Z]''::tstzrange']);
SELECT sameness.same_outcomes('numeric_to_distributedid', '%E.numeric_to_distributedid(%1)', ARRAY[
	'0', '1', '9999999999999999999999999999', '10000000000000000000000000000', '-1', '1.5', '1.0', '''NaN''::numeric', '1e27']);
SELECT sameness.same_outcomes('bigint_to_distributedid', '%E.bigint_to_distributedid(%1)', ARRAY[
	'0::bigint', '-1::bigint', '9223372036854775807::bigint']);
SELECT sameness.same_outcomes('uuid_to_distributedid', '%E.uuid_to_distributedid(%1)', ARRAY[
	'''00000000-0000-0000-0000-000000000000''::uuid', '''00000000-204f-ce5e-3e25-02610fffffff''::uuid',
	'''00000000-204f-ce5e-3e25-026110000000''::uuid', '''00000001-0000-0000-0000-000000000000''::uuid']);
SELECT sameness.same_outcomes('bytea_to_distributedid', '%E.bytea_to_distributedid(%1)', ARRAY[
	'''\x00000000000000000000000000000007''::bytea', '''\x000000000000000000000007''::bytea', '''\x''::bytea',
	'''\x00000000204fce5e3e25026110000000''::bytea']);
-- the domain refuses what the native input refuses (the codes differ: a domain's CHECK says 23514)
SELECT sameness.same_outcomes('distributedid input', '(%1::%E.distributedid IS NOT NULL)', ARRAY[
	'''0''', '''9999999999999999999999999999''', ''' 42 ''']);

-- generation: unique within a session and ordered by their ms (ids of one ms are in random order), the timestamp
-- the ms 1 s before the clock's, as the native one's unless it borrows from its second of leeway (Architect's
-- generator moves past a millisecond's ~128 ids up to the ms before the clock's, so a fast loop of native ids runs
-- ahead of the portable ones by up to 1 s)
SELECT sameness.check('distributedid_generate', count(*), array_agg(format('%s after %s (native %s), called between %s and %s',
			id, previous, native.distributedid_extract_timestamp(native_id), before, after))
		FILTER (WHERE portable.distributedid_extract_timestamp(id) < portable.distributedid_extract_timestamp(previous)
			OR portable.distributedid_extract_timestamp(id) NOT BETWEEN date_trunc('milliseconds', before) - interval '1 s'
				AND after - interval '1 s'
			OR native.distributedid_extract_timestamp(native_id) NOT BETWEEN date_trunc('milliseconds', before) - interval '1 s'
				AND after)
		|| CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id repeated'] END)
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous, native_id, before, after
	FROM (SELECT n, clock_timestamp() AS before, portable.distributedid_generate() AS id, native.distributedid_generate() AS native_id,
			clock_timestamp() AS after
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered;
SET identities.incremental_ids = '7';
SELECT sameness.same_outcomes('distributedid_generate under identities.incremental_ids', '%E.distributedid_generate()', ARRAY['1']);
RESET identities.incremental_ids;

-- ids for a given instant (distributedid_generate_at): :samples random instants over the whole range (1900-01-01 to
-- 3014-12-13 12:41:28.831999), each given an id by both editions: the same millisecond (the id's top 45 bits), the
-- same extracted timestamp, the portable's text a value of the native type; its 48 random bits never 0, the top one
-- set about half the time, no id twice
CREATE TEMP TABLE at_ids AS
SELECT at, native.distributedid_generate_at(at)::text::numeric AS native_id, portable.distributedid_generate_at(at) AS portable_id
FROM (SELECT timestamptz '1900-01-01Z' + random() * (timestamptz '3014-12-13 12:41:28.831999Z' - timestamptz '1900-01-01Z') AS at
	FROM generate_series(1, :samples)) AS instants;
SELECT sameness.check('distributedid_generate_at', count(*), array_agg(format('%s: native %s, portable %s', at, native_id, portable_id))
		FILTER (WHERE div(native_id, 281474976710656) <> div(portable_id, 281474976710656)
			OR native.distributedid_extract_timestamp(native_id::text::native.distributedid)
				IS DISTINCT FROM native.distributedid_extract_timestamp(portable_id::text::native.distributedid)
			OR native.distributedid_extract_timestamp(native_id::text::native.distributedid)
				IS DISTINCT FROM portable.distributedid_extract_timestamp(portable_id)
			OR mod(portable_id, 281474976710656) = 0)
	|| CASE WHEN count(DISTINCT portable_id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END
	|| CASE WHEN abs(count(*) FILTER (WHERE mod(portable_id, 281474976710656) >= 140737488355328) - count(*) / 2.0) <= 3 * sqrt(count(*))
		THEN '{}'::text[] ELSE ARRAY['the top random bit is not set about half the time'] END)
FROM at_ids;
SELECT sameness.check('distributedid_generate_at of one instant', count(*),
	CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END)
FROM (SELECT portable.distributedid_generate_at('2021-03-04 05:06:07.891234Z') AS id FROM generate_series(1, least(:samples, 10000))) AS ids;
-- edges: the first and last instants, one microsecond outside each, the infinities and PostgreSQL's own ends (the
-- timestamp of the id, or the SQLSTATE), and the errors in full
SELECT sameness.same_outcomes('distributedid_generate_at edges', '%E.distributedid_extract_timestamp(%E.distributedid_generate_at(%1))', ARRAY[
	'''1900-01-01 00:00:00Z''::timestamptz', '''1899-12-31 23:59:59.999999Z''::timestamptz', '''3014-12-13 12:41:28.831999Z''::timestamptz',
	'''3014-12-13 12:41:28.832Z''::timestamptz', '''-infinity''::timestamptz', '''infinity''::timestamptz',
	'''4714-11-24 00:00:00+00 BC''::timestamptz', '''294276-12-31 23:59:59.999999+00''::timestamptz', '''2021-03-04 05:06:07.8915Z''::timestamptz',
	'NULL::timestamptz']);
SELECT sameness.same_errors('distributedid_generate_at errors', '%E.distributedid_generate_at(%1)', ARRAY[
	'''1900-01-01 00:00:00Z''::timestamptz', '''1899-12-31 23:59:59.999999Z''::timestamptz', '''3014-12-13 12:41:28.831999Z''::timestamptz',
	'''3014-12-13 12:41:28.832Z''::timestamptz', '''-infinity''::timestamptz', '''infinity''::timestamptz', 'NULL::timestamptz']);
-- the native edition's argument names, volatility, strictness and parallel safety
SELECT sameness.same_labels('distributedid_generate_at', 'u');
