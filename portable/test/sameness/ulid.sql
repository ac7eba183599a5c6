-- ULID: the portable edition against the native one
\set ON_ERROR_STOP on
SET TimeZone = 'UTC';

-- the known answers of test/vectors/ulid.tsv (the spec's examples first): the uuid of the same 128 bits and the
-- instant of each ULID, the text each input reads as, the SQLSTATE of each refused text, boundaries; in both editions
SELECT sameness.check('ulid vectors', count(*), array_agg(format('%s %s: native %s, portable %s, expected %s',
		sameness.at('ulid', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM (
	SELECT line, c.* FROM sameness.vectors_of('ulid', 'id'),
		LATERAL (SELECT (v->>'ulid')::native.ulid AS n, (v->>'ulid')::portable.ulid AS p) AS id, LATERAL (VALUES
		('ulid_extract_timestamp', (v->>'timestamp')::timestamptz::text, native.ulid_extract_timestamp(id.n)::text,
		 portable.ulid_extract_timestamp(id.p)::text),
		('ulid_extract_timestamp(text)', (v->>'timestamp')::timestamptz::text, native.ulid_extract_timestamp(lower(v->>'ulid'))::text,
		 portable.ulid_extract_timestamp(lower(v->>'ulid'))::text),
		('ulid to uuid', v->>'uuid', id.n::uuid::text, portable.ulid_to_uuid(id.p)::text),
		('uuid to ulid', v->>'ulid', (v->>'uuid')::uuid::native.ulid::text, portable.uuid_to_ulid((v->>'uuid')::uuid)::text),
		('ulid_to_bytea', replace(v->>'uuid', '-', ''), encode(native.ulid_to_bytea(id.n), 'hex'), encode(portable.ulid_to_bytea(id.p), 'hex')),
		('bytea_to_ulid', v->>'ulid', native.bytea_to_ulid(decode(replace(v->>'uuid', '-', ''), 'hex'))::text,
		 portable.bytea_to_ulid(decode(replace(v->>'uuid', '-', ''), 'hex'))::text)
		) AS c(call, expected, native, portable)
	UNION ALL
	SELECT line, 'ulid input', v->>'ulid', (v->>'text')::native.ulid::text, portable.ulid_in(v->>'text')::text
	FROM sameness.vectors_of('ulid', 'input')
	UNION ALL
	SELECT line, 'ulid input', 'ERROR ' || (v->>'sqlstate'), sameness.outcome(format('SELECT %L::native.ulid', v->>'text')),
		sameness.outcome(format('SELECT portable.ulid_in(%L)', v->>'text'))
	FROM sameness.vectors_of('ulid', 'invalid')
	UNION ALL
	SELECT line, 'ulid_boundary', v->>'ulid', native.ulid_boundary((v->>'timestamp')::timestamptz)::text,
		portable.ulid_boundary((v->>'timestamp')::timestamptz)::text
	FROM sameness.vectors_of('ulid', 'boundary')
	) AS checked;

-- :samples random 128-bit values (and as many with one of 50 milliseconds, so that ids share their first
-- characters), and the extremes: the text, the uuid and bytes of the same bits both ways, the timestamp, the order
CREATE TEMP TABLE ids AS
SELECT md5(random()::text)::uuid AS u FROM generate_series(1, :samples)
UNION ALL
SELECT (lpad(to_hex(1500000000000 + floor(random() * 50)::bigint), 12, '0') || left(md5(random()::text), 20))::uuid
FROM generate_series(1, :samples)
UNION ALL
SELECT u::uuid FROM unnest(ARRAY['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff',
	'00000000-0000-0000-0000-000000000001', '00000000-0000-ffff-ffff-ffffffffffff', 'ffffffff-ffff-0000-0000-000000000000',
	'80000000-0000-0000-0000-000000000000', '7fffffff-ffff-ffff-ffff-ffffffffffff']) AS u;
CREATE TEMP TABLE natives AS SELECT u, u::native.ulid AS native, u::native.ulid::text AS id FROM ids;
SELECT sameness.check('ulid text (uuid_to_ulid/ulid_to_uuid)', count(*), array_agg(u::text)
		FILTER (WHERE portable.uuid_to_ulid(u) IS DISTINCT FROM id OR portable.ulid_to_uuid(id) IS DISTINCT FROM u
			OR id::portable.ulid IS DISTINCT FROM id))
FROM natives;
SELECT sameness.check('ulid_to_bytea/bytea_to_ulid', count(*), array_agg(id)
		FILTER (WHERE native.ulid_to_bytea(native) IS DISTINCT FROM portable.ulid_to_bytea(id)
			OR portable.bytea_to_ulid(native.ulid_to_bytea(native)) IS DISTINCT FROM id))
FROM natives;
SELECT sameness.check('ulid_extract_timestamp', count(*), array_agg(id)
		FILTER (WHERE native.ulid_extract_timestamp(native) IS DISTINCT FROM portable.ulid_extract_timestamp(id::portable.ulid)
			OR native.ulid_extract_timestamp(id) IS DISTINCT FROM portable.ulid_extract_timestamp(id)))
FROM natives;
-- the native input's other forms: lower case, mixed case, I, i, L and l for 1, O and o for 0
SELECT sameness.check('ulid_in forms', count(*), array_agg(id)
		FILTER (WHERE portable.ulid_in(lower(id)) IS DISTINCT FROM id
			OR portable.ulid_in(aliased) IS DISTINCT FROM aliased::native.ulid::text
			OR aliased::native.ulid::text IS DISTINCT FROM id
			OR portable.ulid_extract_timestamp(aliased) IS DISTINCT FROM native.ulid_extract_timestamp(aliased)))
FROM (SELECT id, translate(translate(translate(id, 'ABCDEFGHJKMNPQRSTVWXYZ', CASE WHEN random() < 0.5 THEN 'abcdefghjkmnpqrstvwxyz' ELSE 'ABCDEFGHJKMNPQRSTVWXYZ' END),
		'1', (ARRAY['I', 'i', 'L', 'l', '1'])[1 + floor(random() * 5)::integer]), '0', (ARRAY['O', 'o', '0'])[1 + floor(random() * 3)::integer]) AS aliased
	FROM natives) AS forms;
-- the order: the portable domain's ("C" order of the text) is the native type's, and min and max agree
SELECT sameness.check('ulid order', count(*), array_agg(id) FILTER (WHERE by_native <> by_portable)
		|| CASE WHEN (SELECT native.min(native)::text = min(id::portable.ulid) AND native.max(native)::text = max(id::portable.ulid) FROM natives)
			THEN '{}'::text[] ELSE ARRAY['min or max differ'] END)
FROM (SELECT id, row_number() OVER (ORDER BY native) AS by_native, row_number() OVER (ORDER BY id::portable.ulid) AS by_portable
	FROM natives) AS ordered;
SELECT sameness.check('ulid comparisons', count(*), array_agg(format('%s %s', a, b))
		FILTER (WHERE (a::native.ulid OPERATOR(native.<) b::native.ulid) IS DISTINCT FROM (a::portable.ulid < b::portable.ulid)
			OR (a::native.ulid OPERATOR(native.=) b::native.ulid) IS DISTINCT FROM (a::portable.ulid = b::portable.ulid)))
FROM (SELECT id AS a, lead(id) OVER (ORDER BY random()) AS b FROM natives) AS pairs WHERE b IS NOT NULL;

-- 20 000 random texts (:samples if fewer) of 26 characters, some of 25 and 27 (some from Crockford's alphabet in either case, some with a letter it
-- refuses or another character, some with a first character above 7): what the native input makes of each (the
-- ulid or the SQLSTATE) is what ulid_in makes of it, and the domain takes the text exactly when it is the native
-- ulid's own
CREATE TEMP TABLE texts AS
SELECT string_agg(substr(CASE WHEN k < 0.6 THEN '01234567' || '89ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyz'
		WHEN k < 0.9 THEN '0123456789ABCDEFGHIJKLMNOPQRSTVWXYZilo' ELSE '0123456789ABCDEFGHJKMNPQRSTVWXYZUu-_ ~é' END,
		1 + floor(random() * CASE WHEN k < 0.6 THEN (CASE WHEN position = 1 THEN 8 ELSE 54 END) WHEN k < 0.9 THEN 38 ELSE 39 END)::integer, 1), '') AS t
FROM (SELECT n, random() AS k, CASE WHEN random() < 0.8 THEN 26 ELSE 25 + 2 * floor(random() * 2)::integer END AS length
	FROM generate_series(1, least(:samples, 20000)) AS n) AS drawn,
	generate_series(1, length) AS position
GROUP BY n;
SELECT sameness.check('ulid_in of random texts', count(*), array_agg(t)
		FILTER (WHERE sameness.outcome(format('SELECT %L::native.ulid::text', t)) IS DISTINCT FROM sameness.outcome(format('SELECT portable.ulid_in(%L)', t))
			OR sameness.outcome(format('SELECT %L::portable.ulid', t)) IS DISTINCT FROM
				CASE WHEN sameness.outcome(format('SELECT %L::native.ulid::text', t)) = t THEN t ELSE 'ERROR 23514' END))
FROM texts;
SELECT format('ulid_in of random texts: %s read, %s refused (22P02), %s out of range (22003)',
	count(*) FILTER (WHERE outcome NOT LIKE 'ERROR%'), count(*) FILTER (WHERE outcome = 'ERROR 22P02'), count(*) FILTER (WHERE outcome = 'ERROR 22003'))
FROM (SELECT sameness.outcome(format('SELECT portable.ulid_in(%L)', t)) AS outcome FROM texts) AS outcomes;
-- edges of the input, and its errors in full (message, detail and hint)
SELECT sameness.same_errors('ulid input errors', '%E.ulid_extract_timestamp(%1::text)', ARRAY[
	'''''', '''01ARZ3NDEKTSV4RRFFQ69G5FA''', '''01ARZ3NDEKTSV4RRFFQ69G5FAVX''', '''01ARZ3NDEKTSV4RRFFQ69G5FAU''', '''01ARZ3NDEKTSV4RRFFQ69G5FAu''',
	''' 01ARZ3NDEKTSV4RRFFQ69G5FAV''', '''01ARZ3NDEKTSV4RRFFQ69G5FAV ''', '''01ARZ3NDEK-SV4RRFFQ69G5FAV''', '''01563e3a-b5d3-d676-4c61-efb99302bd5b''',
	'''8ZZZZZZZZZZZZZZZZZZZZZZZZZ''', '''ZZZZZZZZZZZZZZZZZZZZZZZZZZ''', '''zzzzzzzzzzzzzzzzzzzzzzzzzz''', '''8ZZZZZZZZZZZZZZZZZZZZZZZZU''',
	'''7ZZZZZZZZZZZZZZZZZZZZZZZZZ''', '''7zzzzzzzzzzzzzzzzzzzzzzzzz''', '''oOiIlL0000000000000000000000''', '''01ARZ3NDEKTSV4RRFFQ69G5FAé''',
	'''01ARZ3NDEKTSV4RRFFQ69G5FÀ''', '''01ARZ3NDEKTSV4RRFFQ69G5FAV''', '''01ARZ3NDEKTSV4RRFFQ69G5F' || chr(305) || '''']);
SELECT sameness.same_outcomes('ulid input edges', '%E.ulid_extract_timestamp(%1::text)::text', ARRAY[
	'''00000000000000000000000000''', '''7ZZZZZZZZZZZZZZZZZZZZZZZZZ''', '''OOOOOOOOOOOOOOOOOOOOOOOOOO''', '''LIIIIIIIIIIIIIIIIIIIIIIIII''',
	'''8ZZZZZZZZZZZZZZZZZZZZZZZZZ''', '''01ARZ3NDEKTSV4RRFFQ69G5FAU''', 'NULL']);

-- the binary form: 16 bytes, every one of them a ulid; other lengths refused, the errors in full
SELECT sameness.same_errors('bytea_to_ulid errors', '%E.bytea_to_ulid(%1)', ARRAY[
	'''\x''::bytea', '''\x0102''::bytea', '''\x01563e3ab5d3d6764c61efb99302bd''::bytea', '''\x01563e3ab5d3d6764c61efb99302bd5b''::bytea',
	'''\x01563e3ab5d3d6764c61efb99302bd5b00''::bytea', 'decode(repeat(''ab'', 32), ''hex'')', 'decode(repeat(''ab'', 33), ''hex'')']);
SELECT sameness.same_outcomes('bytea_to_ulid edges', '%E.bytea_to_ulid(%1)::text', ARRAY[
	'''\x00000000000000000000000000000000''::bytea', '''\xffffffffffffffffffffffffffffffff''::bytea', '''\x0102''::bytea', 'NULL::bytea']);

-- :samples random instants from 1950 to 3000: boundaries and windows (and whether an id is in a window)
CREATE TEMP TABLE instants AS
SELECT timestamptz '1950-01-01Z' + random() * (timestamptz '3000-01-01Z' - timestamptz '1950-01-01Z') AS instant,
	timestamptz '1950-01-01Z' + random() * (timestamptz '3000-01-01Z' - timestamptz '1950-01-01Z') AS other
FROM generate_series(1, :samples);
SELECT sameness.check('ulid_boundary', count(*), array_agg(instant::text)
		FILTER (WHERE native.ulid_boundary(instant)::text IS DISTINCT FROM portable.ulid_boundary(instant)
			OR native.ulid_boundary_text(instant) IS DISTINCT FROM portable.ulid_boundary_text(instant)))
FROM instants;
SELECT sameness.check('ulid_window_first/last', count(*), array_agg(w::text)
		FILTER (WHERE native.ulid_window_first(w)::text IS DISTINCT FROM portable.ulid_window_first(w)
			OR native.ulid_window_last(w)::text IS DISTINCT FROM portable.ulid_window_last(w)))
FROM (SELECT tstzrange(least(instant, other), greatest(instant, other),
		(ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w FROM instants) AS windows;
-- ids at and next to the windows' ends (the boundary's id, one less, a window's last): ulid_within and <@ agree
SELECT sameness.check('ulid_within and <@', count(*), array_agg(format('%s %s', id, w))
		FILTER (WHERE native.ulid_within(id::native.ulid, w) IS DISTINCT FROM portable.ulid_within(id, w)
			OR (id::native.ulid OPERATOR(native.<@) w) IS DISTINCT FROM (id::portable.ulid OPERATOR(portable.<@) w)))
FROM (SELECT w, unnest(ARRAY[native.ulid_window_first(w)::text, native.ulid_window_last(w)::text,
		native.ulid_boundary(upper(w))::text, native.bytea_to_ulid(decode(lpad(to_hex(floor(extract(epoch FROM upper(w)) * 1000)::bigint - 1), 12, '0')
			|| 'ffffffffffffffffffff', 'hex'))::text]) AS id
	FROM (SELECT tstzrange(least(instant, other), greatest(instant, other), (ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w
		FROM instants WHERE least(instant, other) >= '1970-01-01Z' LIMIT least(:samples, 20000)) AS windows) AS ids;
-- edges: results and SQLSTATEs
SELECT sameness.same_outcomes('ulid_boundary edges', '%E.ulid_boundary(%1)::text', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''1970-01-01Z''::timestamptz', '''1969-12-31 23:59:59.999999Z''::timestamptz',
	'''1970-01-01 00:00:00.000001Z''::timestamptz', '''10889-08-02 05:31:50.654001Z''::timestamptz', '''10889-08-02 05:31:50.655Z''::timestamptz',
	'''10889-08-02 05:31:50.655001Z''::timestamptz', '''294276-12-31 23:59:59.999999+00''::timestamptz', 'NULL::timestamptz']);
SELECT sameness.same_outcomes('ulid_boundary_text edges', '%E.ulid_boundary_text(%1)', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''1969-12-31 23:59:59.999999Z''::timestamptz',
	'''10889-08-02 05:31:50.655Z''::timestamptz', '''10889-08-02 05:31:50.655001Z''::timestamptz', 'NULL::timestamptz']);
SELECT sameness.same_errors('ulid_boundary errors', '%E.ulid_boundary(%1)', ARRAY[
	'''infinity''::timestamptz', '''10889-08-02 05:31:50.655001Z''::timestamptz', '''10889-08-02 05:31:50.655Z''::timestamptz']);
SELECT sameness.same_outcomes('ulid windows edges', '%E.ulid_window_first(%1)::text || %E.ulid_window_last(%1)::text', ARRAY[
	'''empty''::tstzrange', '''(,)''::tstzrange', '''[-infinity,infinity]''::tstzrange', '''[10890-01-01Z,)''::tstzrange',
	'''(,1970-01-01Z)''::tstzrange', '''(,1970-01-01Z]''::tstzrange', '''(,1970-01-01 00:00:00.001Z)''::tstzrange',
	'''[2020-01-01Z,2020-01-01Z]''::tstzrange', '''(2020-01-01Z,2020-01-01 00:00:00.001Z)''::tstzrange',
	'''[10889-08-02 05:31:50.655Z,)''::tstzrange', '''(10889-08-02 05:31:50.655Z,)''::tstzrange', '''[1960-01-01Z,10889-08-02 05:31:50.655Z]''::tstzrange']);

-- generation: unique within a session and ordered by their millisecond (ids of one millisecond are in random order:
-- the native generator's grow by 1), each a value of the native type whose text it is, the timestamp close to the
-- native one's (apart by no more than the time the two calls took, however long, and 0.5 s)
SELECT sameness.check('ulid_generate', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE portable.ulid_extract_timestamp(id) < portable.ulid_extract_timestamp(previous)
			OR id::native.ulid::text IS DISTINCT FROM id
			OR abs(extract(epoch FROM portable.ulid_extract_timestamp(id) - native.ulid_extract_timestamp(native_id)))
				> extract(epoch FROM after - before) + 0.5)
		|| CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id repeated'] END)
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous, native_id, before, after
	FROM (SELECT n, clock_timestamp() AS before, portable.ulid_generate() AS id, native.ulid_generate() AS native_id,
			clock_timestamp() AS after
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered;
-- its 80 random bits: every one set about half the time (each of the 16 characters takes all 32 values)
SELECT sameness.check('ulid_generate random bits', 80, array_agg(format('bit %s set %s times of %s', bit, ones, total))
		FILTER (WHERE abs(ones - total / 2.0) > 4 * sqrt(total)))
FROM (SELECT bit, count(*) FILTER (WHERE get_bit(bytes, 48 + bit) = 1) AS ones, count(*) AS total
	FROM (SELECT portable.ulid_to_bytea(portable.ulid_generate()) AS bytes FROM generate_series(1, least(:samples, 20000))) AS ids,
		generate_series(0, 79) AS bit
	GROUP BY bit) AS bits;

-- ids for a given instant (ulid_generate_at): :samples random instants over the whole range (1970-01-01 to
-- 10889-08-02 05:31:50.655999), each given an id by both editions: the same millisecond (the first 10 characters),
-- the same extracted timestamp (the native edition's reading of the portable id too); no id twice
CREATE TEMP TABLE at_ids AS
SELECT at, native.ulid_generate_at(at)::text AS native_id, portable.ulid_generate_at(at) AS portable_id
FROM (SELECT timestamptz '1970-01-01Z' + random() * (timestamptz '10889-08-02 05:31:50.655999Z' - timestamptz '1970-01-01Z') AS at
	FROM generate_series(1, :samples)) AS instants;
SELECT sameness.check('ulid_generate_at', count(*), array_agg(format('%s: native %s, portable %s', at, native_id, portable_id))
		FILTER (WHERE left(native_id, 10) <> left(portable_id, 10)
			OR native.ulid_extract_timestamp(native_id::native.ulid) IS DISTINCT FROM native.ulid_extract_timestamp(portable_id::native.ulid)
			OR native.ulid_extract_timestamp(native_id::native.ulid) IS DISTINCT FROM portable.ulid_extract_timestamp(portable_id))
	|| CASE WHEN count(DISTINCT portable_id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END)
FROM at_ids;
-- instants a microsecond apart: the millisecond rounded down as the native edition's
SELECT sameness.check('ulid_generate_at a microsecond apart', count(*), array_agg(at::text)
		FILTER (WHERE left(native.ulid_generate_at(at)::text, 10) <> left(portable.ulid_generate_at(at), 10)))
FROM (SELECT timestamptz '2021-03-04 05:06:07Z' + n * interval '1 microsecond' AS at FROM generate_series(0, 1999) AS n) AS instants;
SELECT sameness.check('ulid_generate_at of one instant', count(*),
	CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id twice'] END)
FROM (SELECT portable.ulid_generate_at('2021-03-04 05:06:07.891234Z') AS id FROM generate_series(1, least(:samples, 10000))) AS ids;
-- edges: the first and last instants, one microsecond outside each, the infinities and PostgreSQL's own ends (the
-- id's millisecond, or the SQLSTATE), and the errors in full
SELECT sameness.same_outcomes('ulid_generate_at edges', 'left(%E.ulid_generate_at(%1)::text, 10)', ARRAY[
	'''1970-01-01 00:00:00Z''::timestamptz', '''1969-12-31 23:59:59.999999Z''::timestamptz', '''10889-08-02 05:31:50.655999Z''::timestamptz',
	'''10889-08-02 05:31:50.656Z''::timestamptz', '''-infinity''::timestamptz', '''infinity''::timestamptz',
	'''4714-11-24 00:00:00+00 BC''::timestamptz', '''294276-12-31 23:59:59.999999+00''::timestamptz', '''2021-03-04 05:06:07.999999Z''::timestamptz',
	'NULL::timestamptz']);
SELECT sameness.same_errors('ulid_generate_at errors', '%E.ulid_generate_at(%1)', ARRAY[
	'''1970-01-01 00:00:00Z''::timestamptz', '''1969-12-31 23:59:59.999999Z''::timestamptz', '''10889-08-02 05:31:50.655999Z''::timestamptz',
	'''10889-08-02 05:31:50.656Z''::timestamptz', '''-infinity''::timestamptz', '''infinity''::timestamptz', 'NULL::timestamptz']);
-- the native edition's argument names, volatility, strictness and parallel safety
SELECT sameness.same_labels('ulid_generate_at', 'u');
SELECT sameness.same_labels('ulid_boundary');
SELECT sameness.same_labels('ulid_boundary_text');
