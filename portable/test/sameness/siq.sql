-- siq: the portable edition against the native one
\set ON_ERROR_STOP on
SET TimeZone = 'UTC';

-- the known answers of test/vectors/siq.tsv (SUOU's tests and hand vectors): fields, string forms and back, domain
-- hashes, text input and what it refuses, in both editions
SELECT sameness.check('siq vectors', count(*), array_agg(format('%s %s: native %s, portable %s, expected %s',
		sameness.at('siq', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM (
	SELECT line, c.* FROM sameness.vectors_of('siq', 'fields'),
		LATERAL (SELECT (v->>'siq')::native.siq AS n, (v->>'siq')::portable.siq AS p) AS id, LATERAL (VALUES
		('siq_extract_timestamp', (v->>'timestamp')::timestamptz::text, native.siq_extract_timestamp(id.n)::text,
		 portable.siq_extract_timestamp(id.p)::text),
		('siq_extract_shard', v->>'shard', native.siq_extract_shard(id.n)::text, portable.siq_extract_shard(id.p)::text),
		('siq_extract_domain_hash', v->>'domain_hash', native.siq_extract_domain_hash(id.n)::text,
		 portable.siq_extract_domain_hash(id.p)::text),
		('siq_extract_qualifier', v->>'qualifier', native.siq_extract_qualifier(id.n)::text, portable.siq_extract_qualifier(id.p)::text),
		('siq_extract_serial', v->>'serial', native.siq_extract_serial(id.n)::text, portable.siq_extract_serial(id.p)::text)
		) AS c(call, expected, native, portable)
	UNION ALL
	SELECT line, c.* FROM sameness.vectors_of('siq', 'forms'),
		LATERAL (SELECT (v->>'siq')::native.siq AS n, (v->>'siq')::portable.siq AS p) AS id, LATERAL (VALUES
		('siq_to_numeric', v->>'numeric', native.siq_to_numeric(id.n)::text, portable.siq_to_numeric(id.p)::text),
		('siq_to_did', v->>'did', native.siq_to_did(id.n), portable.siq_to_did(id.p)),
		('siq_to_base64', v->>'base64', native.siq_to_base64(id.n), portable.siq_to_base64(id.p)),
		('siq_to_cb32', v->>'cb32', native.siq_to_cb32(id.n), portable.siq_to_cb32(id.p)),
		('siq_to_uuid', v->>'uuid', native.siq_to_uuid(id.n)::text, portable.siq_to_uuid(id.p)::text),
		('numeric_to_siq', v->>'siq', native.numeric_to_siq((v->>'numeric')::numeric)::text,
		 portable.numeric_to_siq((v->>'numeric')::numeric)::text),
		('siq_from_did', v->>'siq', native.siq_from_did(v->>'did')::text, portable.siq_from_did(v->>'did')::text),
		('siq_from_cb32', v->>'siq', native.siq_from_cb32(v->>'cb32')::text, portable.siq_from_cb32(v->>'cb32')::text),
		('uuid_to_siq', v->>'siq', native.uuid_to_siq((v->>'uuid')::uuid)::text, portable.uuid_to_siq((v->>'uuid')::uuid)::text)
		) AS c(call, expected, native, portable)
	UNION ALL
	SELECT line, 'siq_domain_hash', v->>'domain_hash', native.siq_domain_hash(v->>'domain')::text,
		portable.siq_domain_hash(v->>'domain')::text
	FROM sameness.vectors_of('siq', 'domain_hash')
	UNION ALL
	SELECT line, 'siq input', v->>'siq', (v->>'text')::native.siq::text, portable.siq_in(v->>'text')::text
	FROM sameness.vectors_of('siq', 'text')
	UNION ALL
	SELECT line, 'siq_from_cb32', v->>'siq', native.siq_from_cb32(v->>'text')::text, portable.siq_from_cb32(v->>'text')::text
	FROM sameness.vectors_of('siq', 'cb32_text')
	UNION ALL
	SELECT line, 'siq input', 'ERROR ' || (v->>'sqlstate'), sameness.outcome(format('SELECT %L::native.siq', v->>'text')),
		sameness.outcome(format('SELECT portable.siq_in(%L)', v->>'text'))
	FROM sameness.vectors_of('siq', 'invalid_text')
	UNION ALL
	SELECT line, 'siq_from_cb32', 'ERROR ' || (v->>'sqlstate'), sameness.outcome(format('SELECT native.siq_from_cb32(%L)', v->>'text')),
		sameness.outcome(format('SELECT portable.siq_from_cb32(%L)', v->>'text'))
	FROM sameness.vectors_of('siq', 'invalid_cb32_text')
	) AS checked;
-- boundaries of SUOU's instant (no vectors file holds boundaries)
SELECT sameness.check('siq boundary vectors', count(*), array_agg(format('%s: native %s, portable %s, expected %s', label, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM (VALUES
	('boundary', native.siq_boundary('2019-12-31 23:00:00Z')::text, portable.siq_boundary('2019-12-31 23:00:00Z'),
		'005e0bd2f0000000000000000000'),
	('boundary next tick', native.siq_boundary('2019-12-31 23:00:00.000001Z')::text,
		portable.siq_boundary('2019-12-31 23:00:00.000001Z'), '005e0bd2f0000100000000000000')
	) AS vectors (label, native, portable, expected);

-- :samples random ids over the whole range (and 1 000 of every qualifier's tail shape): every function of one id
CREATE TEMP TABLE ids AS
SELECT left(md5(random()::text), 28) AS id FROM generate_series(1, :samples)
UNION ALL
SELECT left(md5(random()::text), 24) || lpad(to_hex((floor(random() * 2048)::integer << 5) | (v & 31)), 4, '0')
FROM generate_series(1, 1000), unnest(ARRAY[32, 48, 40, 56, 36, 52, 44, 34, 42, 50, 58, 60]) AS v
UNION ALL
SELECT left(md5(random()::text), 24) || lpad(to_hex((floor(random() * 4096)::integer << 4) | (v & 15)), 4, '0')
FROM generate_series(1, 1000), unnest(ARRAY[22, 30]) AS v
UNION ALL
SELECT left(md5(random()::text), 24) || lpad(to_hex((floor(random() * 8192)::integer << 3) | (v & 7)), 4, '0')
FROM generate_series(1, 1000), unnest(ARRAY[9, 13, 11, 15]) AS v
UNION ALL
SELECT id FROM unnest(ARRAY['0000000000000000000000000000', 'ffffffffffffffffffffffffffff', '0000000000000000000000000001',
	'00000000000000ffffffffffffff', 'ffffffffffffff00000000000000']) AS id;
CREATE TEMP TABLE natives AS SELECT id, id::native.siq AS native FROM ids;
SELECT sameness.check('siq text', count(*), array_agg(id) FILTER (WHERE native::text IS DISTINCT FROM portable.siq_in(id)))
FROM natives;
SELECT sameness.check('siq_extract_timestamp', count(*), array_agg(id)
		FILTER (WHERE native.siq_extract_timestamp(native) IS DISTINCT FROM portable.siq_extract_timestamp(id)))
FROM natives;
SELECT sameness.check('siq_extract_shard/domain_hash', count(*), array_agg(id)
		FILTER (WHERE native.siq_extract_shard(native) IS DISTINCT FROM portable.siq_extract_shard(id)
			OR native.siq_extract_domain_hash(native) IS DISTINCT FROM portable.siq_extract_domain_hash(id)))
FROM natives;
SELECT sameness.check('siq_extract_qualifier/serial', count(*), array_agg(id)
		FILTER (WHERE native.siq_extract_qualifier(native) IS DISTINCT FROM portable.siq_extract_qualifier(id)
			OR native.siq_extract_serial(native) IS DISTINCT FROM portable.siq_extract_serial(id)))
FROM natives;
SELECT sameness.check('siq_to_did/siq_from_did', count(*), array_agg(id)
		FILTER (WHERE native.siq_to_did(native) IS DISTINCT FROM portable.siq_to_did(id)
			OR portable.siq_from_did(native.siq_to_did(native)) IS DISTINCT FROM id
			OR portable.siq_from_did(upper(substr(native.siq_to_did(native), 9))) IS DISTINCT FROM id
			OR portable.siq_in(' ' || native.siq_to_did(native)) IS DISTINCT FROM id))
FROM natives;
SELECT sameness.check('siq_to_base64', count(*), array_agg(id)
		FILTER (WHERE native.siq_to_base64(native) IS DISTINCT FROM portable.siq_to_base64(id)))
FROM natives;
SELECT sameness.check('siq_to_cb32/siq_from_cb32', count(*), array_agg(id)
		FILTER (WHERE native.siq_to_cb32(native) IS DISTINCT FROM portable.siq_to_cb32(id)
			OR portable.siq_from_cb32(lower(native.siq_to_cb32(native))) IS DISTINCT FROM id
			OR portable.siq_from_cb32(lpad(native.siq_to_cb32(native), 24, '0')) IS DISTINCT FROM id))
FROM natives;
SELECT sameness.check('siq_to_uuid/uuid_to_siq', count(*), array_agg(id)
		FILTER (WHERE native.siq_to_uuid(native) IS DISTINCT FROM portable.siq_to_uuid(id)
			OR portable.uuid_to_siq(native.siq_to_uuid(native)) IS DISTINCT FROM id))
FROM natives;
SELECT sameness.check('siq_to_numeric/numeric_to_siq', count(*), array_agg(id)
		FILTER (WHERE native.siq_to_numeric(native) IS DISTINCT FROM portable.siq_to_numeric(id)
			OR portable.numeric_to_siq(native.siq_to_numeric(native)) IS DISTINCT FROM id))
FROM natives;
SELECT sameness.check('siq_to_bytea/bytea_to_siq', count(*), array_agg(id)
		FILTER (WHERE native.siq_to_bytea(native) IS DISTINCT FROM portable.siq_to_bytea(id)
			OR portable.bytea_to_siq(native.siq_to_bytea(native)) IS DISTINCT FROM id
			OR portable.bytea_to_siq(decode('0000', 'hex') || native.siq_to_bytea(native)) IS DISTINCT FROM id))
FROM natives;
-- the native input's other forms: fewer digits, uppercase, whitespace
SELECT sameness.check('siq_in forms', count(*), array_agg(id)
		FILTER (WHERE portable.siq_in(coalesce(nullif(ltrim(id, '0'), ''), '0')) IS DISTINCT FROM native::text
			OR portable.siq_in(E'\t' || upper(id) || E' \n') IS DISTINCT FROM native::text
			OR portable.siq_in(upper(coalesce(nullif(ltrim(id, '0'), ''), '0'))) IS DISTINCT FROM upper(coalesce(nullif(ltrim(id, '0'), ''), '0'))::native.siq::text))
FROM natives;

-- :samples random integers as bigint, integer and smallint (negatives are errors: compared by SQLSTATE on 2 000)
CREATE TEMP TABLE integers AS
SELECT floor(random() * 9223372036854775807)::bigint AS n FROM generate_series(1, :samples);
SELECT sameness.check('bigint/integer/smallint_to_siq', count(*), array_agg(n::text)
		FILTER (WHERE native.bigint_to_siq(n)::text IS DISTINCT FROM portable.bigint_to_siq(n)
			OR native.integer_to_siq((n % 2147483648)::integer)::text IS DISTINCT FROM portable.integer_to_siq((n % 2147483648)::integer)
			OR native.smallint_to_siq((n % 32768)::smallint)::text IS DISTINCT FROM portable.smallint_to_siq((n % 32768)::smallint)))
FROM integers;
SELECT sameness.check('bigint/integer/smallint_to_siq (negative)', count(*), array_agg(n::text)
		FILTER (WHERE sameness.outcome(format('SELECT native.bigint_to_siq(%s)', -n)) IS DISTINCT FROM sameness.outcome(format('SELECT portable.bigint_to_siq(%s)', -n))
			OR sameness.outcome(format('SELECT native.integer_to_siq(%s)', -(n % 2147483648))) IS DISTINCT FROM sameness.outcome(format('SELECT portable.integer_to_siq(%s)', -(n % 2147483648)))
			OR sameness.outcome(format('SELECT native.smallint_to_siq(%s::smallint)', -(n % 32768))) IS DISTINCT FROM sameness.outcome(format('SELECT portable.smallint_to_siq(%s::smallint)', -(n % 32768)))))
FROM (SELECT n FROM integers WHERE n % 32768 <> 0 LIMIT 2000) AS negatives;

-- :samples random domains (ASCII): the hash
SELECT sameness.check('siq_domain_hash', count(*), array_agg(domain)
		FILTER (WHERE native.siq_domain_hash(domain) IS DISTINCT FROM portable.siq_domain_hash(domain)))
FROM (SELECT substr(md5(random()::text), 1, 1 + (random() * 31)::integer) || '.example' AS domain FROM generate_series(1, :samples)) AS domains;

-- 20 000 mangled texts (a char replaced by a random ASCII one, or cut) for the text decoders: results and SQLSTATEs
CREATE TEMP TABLE mangled AS
SELECT CASE kind
		WHEN 0 THEN overlay(form PLACING chr(32 + floor(random() * 95)::integer) FROM 1 + floor(random() * length(form))::integer FOR 1)
		WHEN 1 THEN left(form, floor(random() * (length(form) + 1))::integer)
		ELSE form || chr(32 + floor(random() * 95)::integer) END AS text,
	which
FROM (SELECT CASE which WHEN 0 THEN native.siq_to_did(native) WHEN 1 THEN native.siq_to_cb32(native) ELSE native::text END AS form,
		which, floor(random() * 3)::integer AS kind
	FROM (SELECT native, floor(random() * 3)::integer AS which FROM natives LIMIT 20000) AS picked) AS forms;
SELECT sameness.check('siq input, siq_from_did, siq_from_cb32 (mangled)', count(*), array_agg(text)
		FILTER (WHERE sameness.outcome(format('SELECT native.%s(%L)', f, text)) IS DISTINCT FROM sameness.outcome(format('SELECT portable.%s(%L)', f, text))
			OR sameness.outcome(format('SELECT %L::native.siq', text)) IS DISTINCT FROM sameness.outcome(format('SELECT portable.siq_in(%L)', text))))
FROM (SELECT text, CASE which WHEN 0 THEN 'siq_from_did' ELSE 'siq_from_cb32' END AS f FROM mangled) AS m;
-- 20 000 random uuids, half of them version 8 and variant 10 with random low bits: results and SQLSTATEs
SELECT sameness.check('uuid_to_siq (random)', count(*), array_agg(u::text)
		FILTER (WHERE sameness.outcome(format('SELECT native.uuid_to_siq(%L)', u)) IS DISTINCT FROM sameness.outcome(format('SELECT portable.uuid_to_siq(%L)', u))))
FROM (SELECT CASE WHEN n % 2 = 0 THEN u ELSE overlay(overlay(u::text PLACING '8' FROM 15 FOR 1) PLACING
		CASE WHEN n % 4 = 1 THEN '000' ELSE substr(md5(n::text), 1, 3) END FROM 34 FOR 3)::uuid END AS u
	FROM (SELECT n, gen_random_uuid() AS u FROM generate_series(1, 20000) AS n) AS r) AS uuids;

-- :samples random instants from 1960 to 2200 (and 1 000 near the end of the range): boundaries, and windows
CREATE TEMP TABLE instants AS
SELECT timestamptz '1960-01-01Z' + random() * (timestamptz '2200-01-01Z' - timestamptz '1960-01-01Z') AS instant,
	timestamptz '1960-01-01Z' + random() * (timestamptz '2200-01-01Z' - timestamptz '1960-01-01Z') AS other
FROM generate_series(1, :samples)
UNION ALL
SELECT timestamptz '36812-02-20 00:36:15Z' + random() * interval '2 seconds', timestamptz '36812-02-20 00:36:15Z' + random() * interval '2 seconds'
FROM generate_series(1, 1000);
-- (the last instant with a boundary is 36812-02-20 00:36:15.999984: one later rounds up past the last tick, 22008 in
-- both editions, compared as outcomes below)
SELECT sameness.check('siq_boundary', count(*), array_agg(instant::text)
		FILTER (WHERE native.siq_boundary(instant)::text IS DISTINCT FROM portable.siq_boundary(instant)))
FROM instants WHERE instant <= '36812-02-20 00:36:15.999984Z';
SELECT sameness.check('siq_boundary (past the range)', count(*), array_agg(instant::text)
		FILTER (WHERE sameness.outcome(format('SELECT native.siq_boundary(%L)', instant))
			IS DISTINCT FROM sameness.outcome(format('SELECT portable.siq_boundary(%L)', instant))))
FROM instants WHERE instant > '36812-02-20Z';
SELECT sameness.check('siq_window_first/last', count(*), array_agg(w::text)
		FILTER (WHERE native.siq_window_first(w)::text IS DISTINCT FROM portable.siq_window_first(w)
			OR native.siq_window_last(w)::text IS DISTINCT FROM portable.siq_window_last(w)))
FROM (SELECT tstzrange(least(instant, other), greatest(instant, other),
		(ARRAY['[)', '[]', '(]', '()'])[1 + (random() * 3)::int]) AS w FROM instants) AS windows;
SELECT sameness.check('siq_within', count(*), array_agg(id || ' ' || w::text)
		FILTER (WHERE native.siq_within(native, w) IS DISTINCT FROM portable.siq_within(id, w)
			OR (native OPERATOR(native.<@) w) IS DISTINCT FROM (id::portable.siq OPERATOR(portable.<@) w)))
FROM (SELECT id, native, tstzrange(t, t + interval '1 second' * (random() * 10), '[)') AS w
	FROM (SELECT id, native, native.siq_extract_timestamp(native) - interval '1 second' * (random() * 10) AS t
		FROM natives WHERE id < '0000ff' LIMIT 2000) AS near
	UNION ALL
	SELECT id, native, tstzrange('1970-01-01Z', '2100-01-01Z', '[]') FROM natives) AS pairs;

-- edges: results and SQLSTATEs
SELECT sameness.same_outcomes('siq_boundary edges', '%E.siq_boundary(%1)', ARRAY[
	'''-infinity''::timestamptz', '''infinity''::timestamptz', '''1970-01-01Z''::timestamptz', '''1969-12-31 23:59:59.999999Z''::timestamptz',
	'''1970-01-01 00:00:00.000001Z''::timestamptz', '''1970-01-01 00:00:00.999999Z''::timestamptz', '''2000-01-01 00:00:00.999999Z''::timestamptz',
	'''36812-02-20 00:36:15.999984Z''::timestamptz', '''36812-02-20 00:36:15.999985Z''::timestamptz', '''36812-02-20 00:36:16Z''::timestamptz',
	'''294276-12-31 23:59:59Z''::timestamptz', '''4713-11-24 00:00:00Z BC''::timestamptz']);
SELECT sameness.same_outcomes('siq windows edges', '%E.siq_window_first(%1)::text || %E.siq_window_last(%1)::text', ARRAY[
	'''empty''::tstzrange', '''(,)''::tstzrange', '''[-infinity,infinity]''::tstzrange', '''(-infinity,infinity)''::tstzrange',
	'''[36812-02-20 00:36:15.999985Z,)''::tstzrange', '''[36812-02-20 00:36:16Z,)''::tstzrange', '''(,1970-01-01Z)''::tstzrange',
	'''(,1970-01-01Z]''::tstzrange', '''(,1970-01-01 00:00:00.000001Z)''::tstzrange', '''(,1960-01-01Z)''::tstzrange',
	'''(2020-01-01Z,2020-01-01 00:00:00.000015Z)''::tstzrange', '''[2020-01-01Z,2020-01-01Z]''::tstzrange',
	'''(2020-01-01Z,2020-01-01 00:00:00.000001Z)''::tstzrange']);
SELECT sameness.same_outcomes('siq input', '%E.siq_in(%1)', ARRAY[
	'''''', '''xyz''', '''0x10''', '''-1''', '''1 2''', '''1ffffffffffffffffffffffffffff''', '''00000000000000000000000000000000001''',
	'''00000000000000000000000000007''', '''0000000000000000000000000007''', ''' 7 ''', '''FFFFFFFFFFFFFFFFFFFFFFFFFFFF''', E''' \t\n\r\f\v7\v ''',
	'''did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah''', '''did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaai''', '''did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaa''',
	'''did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah1''', '''did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaa!''', ''' did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah ''',
	'''DID:SIQ:iuxvojaaf4c6s6aaaaaaaaaaaaaah''', '''iuxvojaaf4c6s6aaaaaaaaaaaaaah''', '''did:siq:''', '''é''', '''1é''']);
-- (the native input as the reference: the portable siq_in against the native type's input)
SELECT sameness.check('siq input (against the type)', count(*), array_agg(t) FILTER (WHERE
		sameness.outcome(format('SELECT %L::native.siq', t)) IS DISTINCT FROM sameness.outcome(format('SELECT portable.siq_in(%L)', t))))
FROM unnest(ARRAY['', 'xyz', '0x10', '-1', '1ffffffffffffffffffffffffffff', '00000000000000000000000000000000001',
	'00000000000000000000000000007', ' 7 ', E' \t\n\r\f\v7\v ', 'did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaai', ' did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah ',
	'DID:SIQ:iuxvojaaf4c6s6aaaaaaaaaaaaaah', 'iuxvojaaf4c6s6aaaaaaaaaaaaaah', 'é', 'did:siq:', 'did:siq:9uxvojaaf4c6s6aaaaaaaaaaaaaah']) AS t;
SELECT sameness.same_outcomes('siq_from_did', '%E.siq_from_did(%1)', ARRAY[
	'''did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah''', '''iuxvojaaf4c6s6aaaaaaaaaaaaaah''', '''IUXVOJAAF4C6S6AAAAAAAAAAAAAAH''',
	'''did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaai''', '''did:web:example.com''', '''''', '''did:siq:''', ''' did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah''',
	'''DID:SIQ:iuxvojaaf4c6s6aaaaaaaaaaaaaah''', '''did:siq:7uxvojaaf4c6s6aaaaaaaaaaaaaah''', '''did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaa1''',
	'''did:siq:ıuxvojaaf4c6s6aaaaaaaaaaaaaah''']);
SELECT sameness.same_outcomes('siq_from_cb32', '%E.siq_from_cb32(%1)', ARRAY[
	'''5W2YJY000000000000007''', '''5w2yjy000000000000007''', '''5W2YJYOOOOOOOOOOOOOO7''', '''i''', '''l''', '''o''', '''I''', '''L''', '''O''',
	'''u''', '''U0000''', '''''', '''7ZZZZZZZZZZZZZZZZZZZZZZZ''', '''3ZZZZZZZZZZZZZZZZZZZZZZZ''', '''4000000000000000000000000''',
	'''5W2YJY0000000000000000007''', '''0''', ''' 1''', '''1-2''', '''ı''', '''ſ''', '''000000000000000000000000''']);
SELECT sameness.same_outcomes('uuid_to_siq', '%E.uuid_to_siq(%1)', ARRAY[
	'''005e0bd2-f000-8000-8000-000000001c00''::uuid', '''005e0bd2-f000-4000-8000-000000001c00''::uuid',
	'''005e0bd2-f000-8000-8000-000000001c01''::uuid', '''005e0bd2-f000-8000-c000-000000001c00''::uuid',
	'''005e0bd2-f000-8000-4000-000000001c00''::uuid', '''ffffffff-ffff-8fff-bfff-fffffffffc00''::uuid',
	'''00000000-0000-8000-8000-000000000000''::uuid', '''00000000-0000-8000-8000-000000000200''::uuid']);
SELECT sameness.same_outcomes('numeric_to_siq', '%E.numeric_to_siq(%1)', ARRAY[
	'0', '1', '5192296858534827628530496329220095', '5192296858534827628530496329220096', '-1', '1.5', '1.0', '1.50',
	'''NaN''::numeric', '''Infinity''::numeric', '''-Infinity''::numeric', '1e30', '-0.0', '0.000']);
SELECT sameness.same_outcomes('bigint/integer/smallint_to_siq edges', '%E.bigint_to_siq(%1)', ARRAY[
	'0::bigint', '-1::bigint', '9223372036854775807::bigint', '(-9223372036854775808)::bigint']);
SELECT sameness.same_outcomes('integer_to_siq edges', '%E.integer_to_siq(%1)', ARRAY['0', '-1', '2147483647', '(-2147483648)']);
SELECT sameness.same_outcomes('smallint_to_siq edges', '%E.smallint_to_siq(%1)', ARRAY['0::smallint', '-1::smallint', '32767::smallint', '(-32768)::smallint']);
SELECT sameness.same_outcomes('bytea_to_siq', '%E.bytea_to_siq(%1)', ARRAY[
	'''\x005e0bd2f0000000000000000007''::bytea', '''\x0000005e0bd2f0000000000000000007''::bytea', '''\x0102''::bytea',
	'''\x0100005e0bd2f0000000000000000007''::bytea', '''\x0001005e0bd2f0000000000000000007''::bytea', '''\x''::bytea',
	'''\xffffffffffffffffffffffffffff''::bytea', 'decode(repeat(''ab'', 40), ''hex'')', 'decode(repeat(''ab'', 32), ''hex'')',
	'decode(repeat(''ab'', 33), ''hex'')']);
SELECT sameness.same_outcomes('siq_domain_hash', '%E.siq_domain_hash(%1)', ARRAY[
	'''''', '''0''', '''00''', '''example.com''', '''xn--bcher-kva.example''', '''bücher.example''', ''' ''', '''EXAMPLE.COM''',
	'chr(127)', 'chr(128)', '''ı''']);
SELECT sameness.same_outcomes('siq extraction edges', '%E.siq_extract_timestamp(%1)::text || %E.siq_extract_qualifier(%1) || %E.siq_extract_serial(%1)', ARRAY[
	'''ffffffffffffffffffffffffffff''', '''0000000000000000000000000000''', '''00000000000000ffffffffffffff''', '''ffffffffffffff00000000000000''']);

-- generation: the layout and the fields asked for, the timestamp now (as the native one's: apart by no more than
-- the time the two calls took, however long that was, and 0.1 s), ids of a qualifier unique within a session and
-- ordered by their tick (within a tick their serials come from a server-wide counter, in no order a session keeps)
SELECT sameness.check('siq_generate fields', count(*), array_agg(format('%s: %s', q, id)) FILTER (WHERE
		portable.siq_extract_qualifier(id) IS DISTINCT FROM q OR portable.siq_extract_shard(id) <> n % 256
		OR portable.siq_extract_domain_hash(id) <> native.siq_domain_hash(n || '.example')
		OR abs(extract(epoch FROM portable.siq_extract_timestamp(id) - native.siq_extract_timestamp(native_id)))
			> extract(epoch FROM after - before) + 0.1
		OR native.siq_extract_qualifier(native_id) <> q))
FROM (SELECT n, q, clock_timestamp() AS before, portable.siq_generate(q, n || '.example', n % 256) AS id,
		native.siq_generate(q, n || '.example', n % 256) AS native_id, clock_timestamp() AS after
	FROM generate_series(1, 15000) AS n,
		LATERAL (SELECT (ARRAY['user', 'application', 'event', 'product', 'group', 'collection', 'invite', 'tag', 'channel',
			'thread', 'message', 'ternary', 'manytomany', 'multi', 'content'])[1 + n % 15] AS q) AS qualifiers) AS generated;
SELECT sameness.check('siq_generate unique, ordered by tick', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE left(id, 14) < left(previous, 14) OR portable.siq_extract_qualifier(id) <> 'content'
			OR abs(extract(epoch FROM portable.siq_extract_timestamp(id) - native.siq_extract_timestamp(native_id)))
				> extract(epoch FROM after - before) + 0.1)
		|| CASE WHEN count(DISTINCT id) = count(*) THEN '{}'::text[] ELSE ARRAY['an id repeated'] END)
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous, native_id, before, after
	FROM (SELECT n, clock_timestamp() AS before, portable.siq_generate('content') AS id, native.siq_generate('content') AS native_id,
			clock_timestamp() AS after
		FROM generate_series(1, :samples) AS n) AS generated) AS ordered;
-- The serial rule where the tick is fixed (siq_generate_at), not where two calls happen to land in one tick, which
-- a busy machine may never do: the ids of one tick, shard, domain and qualifier are told apart by their serial
-- alone, every serial of each width's qualifier; they order by it and below the next tick's; any instant of the
-- tick (2021-03-04 05:06:07 starts one, 15 us later is still in it, 16 us in the next) gives the same id; each
-- serial read back; both editions the same.
SELECT sameness.check('siq serials within a tick (siq_generate_at)', count(*), array_agg(format('%s %s', qualifier, serial))
		FILTER (WHERE native_id::text IS DISTINCT FROM id OR later IS DISTINCT FROM id OR native_later::text IS DISTINCT FROM id
			OR left(id, 24) <> left(first_id, 24) OR portable.siq_extract_serial(id) <> serial
			OR native.siq_extract_serial(native_id) <> serial OR portable.siq_extract_qualifier(id) <> qualifier
			OR id <= previous OR id >= next_tick))
FROM (SELECT qualifier, serial, id, native_id, later, native_later, first_value(id) OVER w AS first_id,
		lag(id) OVER w AS previous, portable.siq_generate_at('2021-03-04 05:06:07.000016Z', 0, qualifier, 'example.com', 3) AS next_tick
	FROM (SELECT qualifier, serial,
			portable.siq_generate_at('2021-03-04 05:06:07Z', serial, qualifier, 'example.com', 3) AS id,
			native.siq_generate_at('2021-03-04 05:06:07Z', serial, qualifier, 'example.com', 3) AS native_id,
			portable.siq_generate_at('2021-03-04 05:06:07.000015Z', serial, qualifier, 'example.com', 3) AS later,
			native.siq_generate_at('2021-03-04 05:06:07.000015Z', serial, qualifier, 'example.com', 3) AS native_later
		FROM (VALUES ('user', 2047), ('message', 4095), ('content', 8191)) AS q (qualifier, max_serial),
			generate_series(0, max_serial) AS serial) AS ids
	WINDOW w AS (PARTITION BY qualifier ORDER BY serial)) AS ordered;
SET identities.siq_domain = 'example.com';
SET identities.siq_shard = 9;
SELECT sameness.same_outcomes('siq_generate(qualifier) under the settings',
	'%E.siq_extract_shard(%E.siq_generate(%1))::text || %E.siq_extract_domain_hash(%E.siq_generate(%1)) || %E.siq_extract_qualifier(%E.siq_generate(%1))',
	ARRAY['''tag''', '''user''', '''content''']);
RESET identities.siq_domain;
RESET identities.siq_shard;
SELECT sameness.same_outcomes('siq_generate(qualifier) by default',
	'%E.siq_extract_shard(%E.siq_generate(%1))::text || %E.siq_extract_domain_hash(%E.siq_generate(%1))', ARRAY['''tag''']);
SELECT sameness.same_outcomes('siq_generate errors', '%E.siq_extract_qualifier(%E.siq_generate(%1))', ARRAY[
	'''users''', '''User''', '''''', '''user'', ''example.com'', 256', '''user'', ''example.com'', -1', '''user'', ''bücher.example'', 0',
	'''users'', ''bücher.example'', 256', '''users'', ''example.com'', 256', '''message'', ''0'', 255', 'NULL::text', '''user'', NULL, 1']);
-- two sessions drawing at the same time (the other one through dblink): no siq twice, each session's ordered by
-- tick; how many ticks both drew in is shown, not required (a busy machine may run them one after the other)
CREATE EXTENSION IF NOT EXISTS dblink SCHEMA sameness;
\o /dev/null
SELECT sameness.dblink_connect('other', format('host=%s port=%s dbname=%s user=%s',
	split_part(current_setting('unix_socket_directories'), ',', 1), current_setting('port'), current_database(), current_user));
SELECT sameness.dblink_send_query('other', 'SELECT n, portable.siq_generate(''message'', '''', 0)::text FROM generate_series(1, 100000) AS n');
CREATE TEMP TABLE drawn AS SELECT 'this' AS session, n, portable.siq_generate('message', '', 0) AS id FROM generate_series(1, 100000) AS n;
INSERT INTO drawn SELECT 'other', n, id FROM sameness.dblink_get_result('other') AS t(n integer, id text);
SELECT sameness.dblink_disconnect('other');
\o
SELECT sameness.check('siq_generate in two sessions at once', count(*), CASE WHEN count(*) = count(DISTINCT id)
		THEN '{}'::text[] ELSE ARRAY['an id repeated'] END
		|| array_agg(format('%s %s after %s', session, id, previous)) FILTER (WHERE left(id, 14) < left(previous, 14)))
FROM (SELECT session, id, lag(id) OVER (PARTITION BY session ORDER BY n) AS previous FROM drawn) AS ordered;
SELECT format('siq_generate in two sessions at once: ids of both sessions in %s of their ticks', count(*))
FROM (SELECT left(id, 14) FROM drawn GROUP BY 1 HAVING count(DISTINCT session) = 2) AS shared;

-- ids for a given instant (siq_generate_at): every part is an argument or a setting, so the editions give the same
-- id, bit for bit. :samples random instants (most from 1970 to 2100, some over the whole range to 36812-02-20
-- 00:36:15.999999), qualifiers, serials up to each qualifier's maximum, domains and shards: the five-argument form,
-- and the three-argument form under domain and shard settings and without them
CREATE TEMP TABLE at_arguments AS
SELECT at, qualifier, floor(random() * (max_serial + 1))::integer AS serial, domain, shard
FROM (SELECT CASE WHEN random() < 0.9 THEN timestamptz '1970-01-01Z' + random() * interval '130 years'
			ELSE timestamptz '1970-01-01Z' + random() * (timestamptz '36812-02-20 00:36:15.999999Z' - timestamptz '1970-01-01Z') END AS at,
		1 + floor(random() * 15)::integer AS q,
		(ARRAY['', '0', 'example.com', 'xn--bcher-kva.example', md5(random()::text)])[1 + floor(random() * 5)::integer] AS domain,
		floor(random() * 256)::integer AS shard
	FROM generate_series(1, :samples)) AS drawn
JOIN (VALUES (1, 'user', 2047), (2, 'application', 2047), (3, 'event', 2047), (4, 'product', 2047), (5, 'group', 2047),
		(6, 'collection', 2047), (7, 'invite', 2047), (8, 'tag', 2047), (9, 'channel', 2047), (10, 'thread', 4095),
		(11, 'message', 4095), (12, 'ternary', 8191), (13, 'manytomany', 8191), (14, 'multi', 8191), (15, 'content', 8191))
	AS qualifiers (q, qualifier, max_serial) USING (q);
SELECT sameness.check('siq_generate_at(at, serial, qualifier, domain, shard)', count(*), array_agg(format('%s %s %s %L %s', at, serial, qualifier, domain, shard))
		FILTER (WHERE native.siq_generate_at(at, serial, qualifier, domain, shard)::text IS DISTINCT FROM portable.siq_generate_at(at, serial, qualifier, domain, shard)))
FROM at_arguments;
SET identities.siq_domain = 'example.com';
SET identities.siq_shard = 77;
SELECT sameness.check('siq_generate_at(at, serial, qualifier) under the settings', count(*), array_agg(format('%s %s %s', at, serial, qualifier))
		FILTER (WHERE native.siq_generate_at(at, serial, qualifier)::text IS DISTINCT FROM portable.siq_generate_at(at, serial, qualifier)
			OR portable.siq_generate_at(at, serial, qualifier) <> portable.siq_generate_at(at, serial, qualifier, 'example.com', 77)))
FROM at_arguments;
RESET identities.siq_domain;
RESET identities.siq_shard;
SELECT sameness.check('siq_generate_at(at, serial, qualifier) by default', count(*), array_agg(format('%s %s %s', at, serial, qualifier))
		FILTER (WHERE native.siq_generate_at(at, serial, qualifier)::text IS DISTINCT FROM portable.siq_generate_at(at, serial, qualifier)))
FROM at_arguments;
-- instants a microsecond apart (each tick's rounding down), and every serial of the qualifiers of each width
SELECT sameness.check('siq_generate_at a microsecond apart', count(*), array_agg(at::text)
		FILTER (WHERE native.siq_generate_at(at, 5, 'tag', '', 0)::text IS DISTINCT FROM portable.siq_generate_at(at, 5, 'tag', '', 0)))
FROM (SELECT timestamptz '2021-03-04 05:06:07Z' + n * interval '1 microsecond' AS at FROM generate_series(0, 1999) AS n) AS instants;
SELECT sameness.check('siq_generate_at every serial', count(*), array_agg(format('%s %s', qualifier, serial))
		FILTER (WHERE native.siq_generate_at('2021-03-04 05:06:07.891234Z', serial, qualifier, 'example.com', 3)::text
			IS DISTINCT FROM portable.siq_generate_at('2021-03-04 05:06:07.891234Z', serial, qualifier, 'example.com', 3)))
FROM (VALUES ('user', 2047), ('message', 4095), ('content', 8191)) AS q (qualifier, max_serial), generate_series(0, max_serial) AS serial;
-- instants from 1960 to 2100 and arguments around their ranges: the id or the SQLSTATE
SELECT sameness.check('siq_generate_at (outcomes)', count(*), array_agg(format('%s %s %s %L %s', at, serial, qualifier, domain, shard))
		FILTER (WHERE sameness.outcome(format('SELECT native.siq_generate_at(%L, %s, %L, %L, %s)', at, serial, qualifier, domain, shard))
			IS DISTINCT FROM sameness.outcome(format('SELECT portable.siq_generate_at(%L, %s, %L, %L, %s)', at, serial, qualifier, domain, shard))
			OR sameness.outcome(format('SELECT native.siq_generate_at(%L, %s, %L)', at, serial, qualifier))
			IS DISTINCT FROM sameness.outcome(format('SELECT portable.siq_generate_at(%L, %s, %L)', at, serial, qualifier))))
FROM (SELECT timestamptz '1960-01-01Z' + random() * interval '140 years' AS at, floor(random() * 8202)::integer - 5 AS serial,
		(ARRAY['user', 'thread', 'ternary', 'User', 'nobody', ''])[1 + floor(random() * 6)::integer] AS qualifier,
		(ARRAY['', 'example.com', 'bücher.example'])[1 + floor(random() * 3)::integer] AS domain, floor(random() * 266)::integer - 5 AS shard
	FROM generate_series(1, least(:samples, 20000))) AS drawn;
-- edges: the first and last instants, one microsecond outside each, the infinities and PostgreSQL's own ends, bad
-- serials, qualifiers, domains and shards, alone and together and with a bad instant (the id, or the SQLSTATE), and
-- the errors in full
SELECT sameness.same_outcomes('siq_generate_at edges', '%E.siq_generate_at(%1)::text', ARRAY[
	'''1970-01-01 00:00:00Z'', 0, ''user'', '''', 0', '''1969-12-31 23:59:59.999999Z'', 0, ''user'', '''', 0',
	'''36812-02-20 00:36:15.999999Z'', 8191, ''content'', ''example.com'', 255', '''36812-02-20 00:36:16Z'', 8191, ''content'', ''example.com'', 255',
	'''-infinity'', 1, ''tag'', '''', 2', '''infinity'', 1, ''tag'', '''', 2', '''4714-11-24 00:00:00+00 BC'', 1, ''tag'', '''', 2',
	'''294276-12-31 23:59:59.999999+00'', 1, ''tag'', '''', 2', '''2021-03-04Z'', 2048, ''user'', '''', 0', '''2021-03-04Z'', 4096, ''message'', '''', 0',
	'''2021-03-04Z'', 8192, ''content'', '''', 0', '''2021-03-04Z'', -1, ''user'', '''', 0', '''2021-03-04Z'', 0, ''nobody'', '''', 0',
	'''2021-03-04Z'', 0, ''User'', '''', 0', '''2021-03-04Z'', 0, ''user'', '''', 256', '''2021-03-04Z'', 0, ''user'', '''', -1',
	'''2021-03-04Z'', 0, ''user'', ''bücher.example'', 0', '''infinity'', 2048, ''user'', '''', 0', '''infinity'', 0, ''nobody'', '''', 0',
	'''2021-03-04Z'', 2048, ''nobody'', '''', 0', '''2021-03-04Z'', 2048, ''user'', '''', 256', '''2021-03-04Z'', 0, ''nobody'', ''bücher.example'', 256',
	'NULL, 1, ''tag'', '''', 2', '''2021-03-04Z'', NULL, ''tag'', '''', 2', '''2021-03-04Z'', 1, NULL, '''', 2', '''2021-03-04Z'', 1, ''tag'', NULL, 2',
	'''2021-03-04Z'', 1, ''tag'', '''', NULL', '''1970-01-01 00:00:00Z'', 0, ''user''', '''1969-12-31 23:59:59.999999Z'', 0, ''user''',
	'''36812-02-20 00:36:15.999999Z'', 8191, ''content''', '''36812-02-20 00:36:16Z'', 8191, ''content''', '''infinity'', 1, ''tag''',
	'''2021-03-04Z'', 2048, ''user''', '''2021-03-04Z'', 0, ''nobody''', '''infinity'', 2048, ''nobody''', 'NULL, 1, ''tag''',
	'''2021-03-04Z'', NULL, ''tag''', '''2021-03-04Z'', 1, NULL']);
SELECT sameness.same_errors('siq_generate_at errors', '%E.siq_generate_at(%1)', ARRAY[
	'''1970-01-01 00:00:00Z'', 0, ''user'', '''', 0', '''1969-12-31 23:59:59.999999Z'', 0, ''user'', '''', 0',
	'''36812-02-20 00:36:15.999999Z'', 8191, ''content'', ''example.com'', 255', '''36812-02-20 00:36:16Z'', 8191, ''content'', ''example.com'', 255',
	'''-infinity'', 1, ''tag'', '''', 2', '''infinity'', 1, ''tag'', '''', 2', '''2021-03-04Z'', 2048, ''user'', '''', 0',
	'''2021-03-04Z'', 4096, ''message'', '''', 0', '''2021-03-04Z'', 8192, ''content'', '''', 0', '''2021-03-04Z'', -1, ''user'', '''', 0',
	'''2021-03-04Z'', 0, ''nobody'', '''', 0', '''2021-03-04Z'', 0, ''User'', '''', 0', '''2021-03-04Z'', 0, ''user'', '''', 256',
	'''2021-03-04Z'', 0, ''user'', '''', -1', '''2021-03-04Z'', 0, ''user'', ''bücher.example'', 0', '''infinity'', 2048, ''user'', '''', 0',
	'''infinity'', 0, ''nobody'', '''', 0', '''2021-03-04Z'', 2048, ''nobody'', '''', 0', '''2021-03-04Z'', 2048, ''user'', '''', 256',
	'''2021-03-04Z'', 0, ''nobody'', ''bücher.example'', 256', '''2021-03-04Z'', 0, ''nobody'', '''', 256', '''2021-03-04Z'', -2147483648, ''user''',
	'''1969-12-31 23:59:59.999999Z'', 0, ''user''', '''36812-02-20 00:36:16Z'', 8191, ''content''', '''2021-03-04Z'', 2048, ''user''',
	'''2021-03-04Z'', 0, ''nobody''', '''infinity'', 2048, ''nobody''']);
-- the native edition's argument names, volatility, strictness and parallel safety
-- in a read-only transaction (nextval refused): the portable edition refuses (25006), the native one generates
BEGIN READ ONLY;
SELECT sameness.check('siq_generate read-only', 1, CASE WHEN portable = 'ERROR 25006' AND native NOT LIKE 'ERROR%'
		THEN '{}'::text[] ELSE ARRAY[format('portable %s, native %s', portable, native)] END)
FROM (SELECT sameness.outcome('SELECT portable.siq_generate(''user'')') AS portable,
		sameness.outcome('SELECT native.siq_generate(''user'')') AS native) AS outcomes;
COMMIT;
-- a clock behind the session's last tick (set back): each id takes the tick after the last, never below it. The
-- session's last tick is in the register identities_siq_last (its currval), set here as a superuser can.
SELECT ((extract(epoch FROM clock_timestamp()) * 1000000)::bigint / 1000000 + 60) << 16 AS ahead_tick \gset
SELECT setval('portable.identities_siq_last', (:ahead_tick::bigint & 1125899906842623) << 13) IS NOT NULL AS set_back \g /dev/null
SELECT sameness.check('siq_generate with the clock set back', count(*), array_agg(format('%s after %s', id, previous))
		FILTER (WHERE id <= previous OR ('x' || left(id, 14))::bit(56)::bigint <> :ahead_tick + n))
FROM (SELECT n, id, lag(id, 1, '') OVER (ORDER BY n) AS previous
	FROM (SELECT n, portable.siq_generate('user')::text AS id FROM generate_series(1, 1000) AS n) AS generated) AS ordered;

SELECT sameness.same_labels('siq_generate_at');
