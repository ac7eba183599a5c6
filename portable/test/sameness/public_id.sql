-- Public ids: the portable edition (pgcrypto's AES, the key in its table) against the native one
\set ON_ERROR_STOP on

-- the known answers of test/vectors/public_id.tsv (Architect's test key, 32 zero bytes, and AES-128 and -192 zero keys):
-- both editions under each row's key
SELECT sameness.under_public_key(key, format($check$
SELECT sameness.check('public id vectors under ' || %1$L, count(*), array_agg(format('%%s %%s: native %%s, portable %%s, expected %%s',
		sameness.at('public_id', line), call, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM (
	SELECT line, c.* FROM sameness.vectors_of('public_id', 'number'), LATERAL (VALUES
		('public_id(' || (v->>'type') || ')', v->>'public_id',
		 CASE v->>'type' WHEN 'bigint' THEN native.public_id((v->>'value')::bigint)::text ELSE native.public_id((v->>'value')::numeric)::text END,
		 CASE v->>'type' WHEN 'bigint' THEN portable.public_id((v->>'value')::bigint)::text ELSE portable.public_id((v->>'value')::numeric)::text END),
		('public_id_to_' || (v->>'type'), v->>'value',
		 CASE v->>'type' WHEN 'bigint' THEN native.public_id_to_bigint((v->>'public_id')::uuid)::text
			ELSE native.public_id_to_numeric((v->>'public_id')::uuid)::text END,
		 CASE v->>'type' WHEN 'bigint' THEN portable.public_id_to_bigint((v->>'public_id')::uuid)::text
			ELSE portable.public_id_to_numeric((v->>'public_id')::uuid)::text END),
		('public_id_to_uuid', NULL, native.public_id_to_uuid((v->>'public_id')::uuid)::text,
		 portable.public_id_to_uuid((v->>'public_id')::uuid)::text),
		('to_alphanumeric', v->>'alphanumeric', native.to_alphanumeric((v->>'public_id')::uuid),
		 portable.to_alphanumeric((v->>'public_id')::uuid))
		) AS c(call, expected, native, portable) WHERE v->>'key' = %1$L
	UNION ALL
	SELECT line, c.* FROM sameness.vectors_of('public_id', 'uuid'), LATERAL (VALUES
		('public_id(uuid)', v->>'public_id', native.public_id((v->>'value')::uuid)::text, portable.public_id((v->>'value')::uuid)::text),
		('public_id_to_uuid', v->>'value', native.public_id_to_uuid((v->>'public_id')::uuid)::text,
		 portable.public_id_to_uuid((v->>'public_id')::uuid)::text)
		) AS c(call, expected, native, portable) WHERE v->>'key' = %1$L
	UNION ALL
	SELECT line, c.* FROM sameness.vectors_of('public_id', 'uuid_refused'), LATERAL (VALUES
		('public_id(uuid)', 'ERROR ' || (v->>'sqlstate'), sameness.outcome(format('SELECT native.public_id(%%L::uuid)', v->>'value')),
		 sameness.outcome(format('SELECT portable.public_id(%%L::uuid)', v->>'value'))),
		('public_id_to_uuid', NULL, native.public_id_to_uuid((v->>'public_id')::uuid)::text,
		 portable.public_id_to_uuid((v->>'public_id')::uuid)::text)
		) AS c(call, expected, native, portable) WHERE v->>'key' = %1$L
	UNION ALL
	SELECT line, c.* FROM sameness.vectors_of('public_id', 'invalid'), LATERAL (VALUES
		('public_id_to_numeric', NULL, native.public_id_to_numeric((v->>'public_id')::uuid)::text,
		 portable.public_id_to_numeric((v->>'public_id')::uuid)::text),
		('public_id_to_bigint', NULL, native.public_id_to_bigint((v->>'public_id')::uuid)::text,
		 portable.public_id_to_bigint((v->>'public_id')::uuid)::text),
		('public_id_to_uuid', v->>'value', native.public_id_to_uuid((v->>'public_id')::uuid)::text,
		 portable.public_id_to_uuid((v->>'public_id')::uuid)::text)
		) AS c(call, expected, native, portable) WHERE v->>'key' = %1$L
	) AS checked
$check$, key))
FROM (SELECT DISTINCT v->>'key' AS key FROM sameness.vectors_of('public_id')) AS keys ORDER BY key;

-- Architect's test key (32 zero bytes) in both
SELECT portable.identities_public_key_set('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=') = native.identities_public_key_fingerprint() AS fingerprints_differ_before \gset
SET identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
SELECT sameness.check('key fingerprint', 1, CASE WHEN portable.identities_public_key_fingerprint() <> native.identities_public_key_fingerprint()
	THEN ARRAY[portable.identities_public_key_fingerprint() || ' <> ' || native.identities_public_key_fingerprint()] END);

-- a random key, the same in both; :samples random values of each kind
SELECT portable.identities_public_key_generate() IS NOT NULL AS generated \gset
SELECT set_config('identities.public_key', portable.identities_public_key_export(), false) IS NOT NULL AS copied \gset
CREATE TEMP TABLE samples AS
SELECT (random() * 9223372036854775807)::bigint AS big, (random() * 2147483647)::integer AS small,
	floor(random() * 1e14)::numeric * 1e14 + floor(random() * 1e14)::numeric AS decimal, gen_random_uuid() AS u
FROM generate_series(1, :samples);
SELECT sameness.check('public_id', count(*), array_agg(u::text)
		FILTER (WHERE native.public_id(big) <> portable.public_id(big) OR native.public_id(small) <> portable.public_id(small)
			OR native.public_id(decimal) <> portable.public_id(decimal)
			OR native.public_id(decimal::native.distributedid) <> portable.public_id(decimal::portable.distributedid)
			OR native.public_id(u) <> portable.public_id(u)))
FROM samples;
SELECT sameness.check('public_id_to_* of public ids', count(*), array_agg(u::text)
		FILTER (WHERE portable.public_id_to_bigint(native.public_id(big)) IS DISTINCT FROM big
			OR portable.public_id_to_numeric(native.public_id(decimal)) IS DISTINCT FROM decimal
			OR portable.public_id_to_distributedid(native.public_id(decimal::native.distributedid)) IS DISTINCT FROM decimal
			OR portable.public_id_to_uuid(native.public_id(u)) IS DISTINCT FROM u
			OR portable.public_id_to_uuid(native.public_id(big)) IS NOT NULL))
FROM samples;
SELECT sameness.check('public_id_to_* of random uuids', count(*), array_agg(u::text)
		FILTER (WHERE native.public_id_to_bigint(u) IS DISTINCT FROM portable.public_id_to_bigint(u)
			OR native.public_id_to_numeric(u) IS DISTINCT FROM portable.public_id_to_numeric(u)
			OR native.public_id_to_uuid(u) IS DISTINCT FROM portable.public_id_to_uuid(u)
			OR native.public_id_key(u) IS DISTINCT FROM portable.public_id_key(u)))
FROM samples;

-- edges: results and SQLSTATEs
SELECT sameness.same_outcomes('public_id edges', '%E.public_id(%1)', ARRAY[
	'-1::bigint', '-1', '''-1''::numeric', '1.5', '1.0', '10000000000000000000000000000', '''NaN''::numeric',
	'''00000000-0000-0000-0000-000000000007''::uuid', '''00000000-0000-0001-0000-000000000007''::uuid', '''00000000-204f-ce5e-3e25-02610fffffff''::uuid',
	'''00000001-0000-0000-0000-000000000000''::uuid', '''00000000-1000-0000-0000-000000000000''::uuid', '''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid']);
SELECT sameness.same_outcomes('public_id_to_uuid under a key', '%E.public_id_to_uuid(%1)', ARRAY[
	'''5f1b2c3d-0000-4000-8000-000000000001''::uuid, ''current''', '''78c095dc-40a2-8989-ad48-a21492842087''::uuid, ''previous''', 'gen_random_uuid(), ''other''']);

-- rotation: the previous key still decodes, public_id_key tells them apart, public_id_renew moves to the current
SELECT portable.public_id(42::bigint) AS old_bigint, portable.public_id(123456789012345678901234567::numeric) AS old_decimal,
	portable.identities_public_key_fingerprint() AS old_fingerprint, portable.identities_public_key_export() AS old_key \gset
SELECT portable.identities_public_key_rotate() IS NOT NULL AS rotated \gset
SELECT set_config('identities.public_key', portable.identities_public_key_export(), false) IS NOT NULL AS copied \gset
SELECT set_config('identities.public_key_previous', :'old_key', false) IS NOT NULL AS moved \gset
SELECT sameness.check('rotation', 1, array_remove(ARRAY[
	CASE WHEN portable.identities_public_key_previous_fingerprint() IS DISTINCT FROM :'old_fingerprint' THEN 'previous fingerprint' END,
	CASE WHEN portable.identities_public_key_previous_fingerprint() IS DISTINCT FROM native.identities_public_key_previous_fingerprint() THEN 'fingerprints' END,
	CASE WHEN portable.public_id_to_bigint(:'old_bigint') IS DISTINCT FROM 42 THEN 'old bigint' END,
	CASE WHEN portable.public_id_key(:'old_bigint') IS DISTINCT FROM 'previous' THEN 'old key' END,
	CASE WHEN portable.public_id_renew(:'old_bigint') IS DISTINCT FROM native.public_id(42::bigint) THEN 'renew bigint' END,
	CASE WHEN portable.public_id_renew(:'old_decimal') IS DISTINCT FROM native.public_id_renew(:'old_decimal') THEN 'renew decimal' END,
	CASE WHEN portable.public_id_key(portable.public_id(42::bigint)) IS DISTINCT FROM 'current' THEN 'new key' END,
	CASE WHEN portable.public_id_to_numeric(:'old_decimal') IS DISTINCT FROM 123456789012345678901234567 THEN 'old decimal' END], NULL));
SELECT sameness.check('public_id_to_uuid under either key', count(*), array_agg(u::text)
		FILTER (WHERE native.public_id_to_uuid(u, 'previous') IS DISTINCT FROM portable.public_id_to_uuid(u, 'previous')
			OR native.public_id_to_uuid(u, 'current') IS DISTINCT FROM portable.public_id_to_uuid(u, 'current')
			OR native.public_id_key(u) IS DISTINCT FROM portable.public_id_key(u)
			OR native.public_id_renew(u) IS DISTINCT FROM portable.public_id_renew(u)))
FROM samples;
SELECT portable.identities_public_key_set_previous(NULL) IS NULL AS forgotten \gset
RESET identities.public_key_previous;
SELECT sameness.same_outcomes('without a previous key', '%E.public_id_to_uuid(%1)', ARRAY['gen_random_uuid(), ''previous''']);

-- the key's own functions refuse malformed keys (22023) without showing them
SELECT sameness.check('malformed keys', count(*), array_agg(key || ': ' || outcome) FILTER (WHERE outcome <> 'ERROR 22023'))
FROM (SELECT key, sameness.outcome(format('SELECT portable.identities_public_key_set(%L)', key)) AS outcome
	FROM unnest(ARRAY['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB=', 'AAAA', 'not base64 at all, but long enough to be 44 c',
		'', 'AAAAAAAAAAAAAAAAAAAAAB==', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==']) AS key) AS attempts;
SELECT sameness.check('well-formed keys', count(*), array_agg(key || ': ' || outcome) FILTER (WHERE outcome LIKE 'ERROR%'))
FROM (SELECT key, sameness.outcome(format('SELECT portable.identities_public_key_set(%L)', key)) AS outcome
	FROM unnest(ARRAY['AAAAAAAAAAAAAAAAAAAAAQ==', ' AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA ', 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAE=',
		'vbu4RH1wwC6+v4Cxn4L/HzbGTPICVCBFxGt9IED5J+A=', E'\x0B\tvAAAAAAAAAAAAAAAAAAAAQ==\r\n']) AS key) AS attempts;
-- random keys of each length, as a key file holds them (a newline after): each taken by both editions, with the
-- same fingerprint
CREATE FUNCTION pg_temp.random_key_fingerprints() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	key text;
	native_fingerprint text;
	portable_fingerprint text;
	differences text[] := '{}';
	compared integer := 0;
BEGIN
	FOR key IN
		SELECT encode(substr(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 1, n), 'base64') || E'\n'
		FROM generate_series(1, 300) AS i, unnest(ARRAY[16, 24, 32]) AS n
	LOOP
		PERFORM set_config('identities.public_key', key, true);
		native_fingerprint := native.identities_public_key_fingerprint();
		portable_fingerprint := sameness.outcome(format('SELECT portable.identities_public_key_set(%L)', key));
		compared := compared + 1;
		IF native_fingerprint IS DISTINCT FROM portable_fingerprint THEN
			differences := differences || format('a key beginning %s: native %s, portable %s', left(key, 2), native_fingerprint,
				portable_fingerprint);
		END IF;
	END LOOP;
	RETURN sameness.check('random keys, their fingerprints', compared, differences);
END
$$;
SELECT pg_temp.random_key_fingerprints();
