-- Public id keys rotated: identities.public_key_previous reads the public ids made before the current key; which key
-- a public id was made under, renewing it, the keys' fingerprints, and what is refused.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
SELECT identities_public_key_fingerprint() AS no_key, identities_public_key_previous_fingerprint() AS no_previous_key;

-- before: the upstream key (32 zero bytes); public ids of each kind
SET identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
SELECT identities_public_key_fingerprint() AS fingerprint, identities_public_key_previous_fingerprint() AS previous;
CREATE TEMP TABLE issued AS
SELECT public_id(1) AS of_bigint, public_id(1000000000000000000000000000::numeric) AS of_decimal,
       public_id('01890a5d-ac96-774b-bcce-b302099a8057'::uuid) AS of_uuid;
SELECT public_id_key(of_bigint) AS bigint_key, public_id_key(of_decimal) AS decimal_key FROM issued;

-- the rotation: a new current key, the old one kept as previous (set the new key first: the same key in both is refused)
SET identities.public_key = 'AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=';
SET identities.public_key_previous = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
SHOW identities.public_key_previous;
SELECT identities_public_key_fingerprint() AS fingerprint, identities_public_key_previous_fingerprint() AS previous;
-- old public ids still decode, under the previous key; new ones are made under the current key
SELECT public_id_to_bigint(of_bigint) AS bigint, public_id_to_numeric(of_decimal) AS numeric,
       public_id_to_distributedid(of_decimal) AS distributedid, public_id_to_numeric(of_bigint) AS bigint_as_numeric,
       public_id_key(of_bigint) AS bigint_key, public_id_key(of_decimal) AS decimal_key,
       public_id(1) <> of_bigint AS new_public_id, public_id_key(public_id(1)) AS new_key,
       public_id_to_bigint(public_id(1)) AS new_round_trip
FROM issued;
-- a uuid's public id cannot tell the keys apart: the current key unless the previous one is named
SELECT public_id_to_uuid(of_uuid) = '01890a5d-ac96-774b-bcce-b302099a8057' AS under_current,
       public_id_to_uuid(of_uuid, 'previous') AS under_previous,
       public_id_to_uuid(public_id('01890a5d-ac96-774b-bcce-b302099a8057'::uuid), 'current') AS new_under_current
FROM issued;
SELECT pg_temp.error_of('SELECT public_id_to_uuid(of_uuid, ''old'') FROM issued') AS unknown_key;
-- renewing: the same id's public id under the current key
SELECT public_id_renew(of_bigint) = public_id(1) AS bigint_renewed,
       public_id_renew(of_decimal) = public_id(1000000000000000000000000000::numeric) AS decimal_renewed,
       public_id_renew(public_id(1)) = public_id(1) AS current_kept,
       public_id_key(public_id_renew(of_bigint)) AS renewed_key
FROM issued;
-- forged or foreign public ids: under neither key (odds 2^-64 per key for a bigint, about 2^-35 for a decimal)
SELECT public_id_key('0123456789abcdef0123456789abcdef') AS forged_key, public_id_renew('0123456789abcdef0123456789abcdef') AS forged_renewed,
       public_id_to_bigint('0123456789abcdef0123456789abcdef') AS forged_bigint;
SELECT count(*) AS random_uuids_under_either_key FROM generate_series(1, 20000)
WHERE public_id_key(gen_random_uuid()) IS NOT NULL;

-- refused: the same key twice, malformed keys (never echoed), role and database settings
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SET identities.public_key_previous = ''AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=''',
	'SET identities.public_key = ''AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=''',
	'SET identities.public_key_previous = ''TOPSECRET-not-base64''',
	'SET identities.public_key_previous = ''VE9QU0VDUkVUVE9QU0VDUkVUVE9QU0VDUkVU''',
	'ALTER ROLE CURRENT_USER SET identities.public_key_previous = ''AAAAAAAAAAAAAAAAAAAAAA==''',
	'CREATE FUNCTION pg_temp.keyed() RETURNS int LANGUAGE sql SET identities.public_key_previous = ''AAAAAAAAAAAAAAAAAAAAAA=='' RETURN 1'])
	AS statement;
SELECT identities_public_key_previous_fingerprint() AS previous_unchanged;
-- other roles: neither key can be set or read; fingerprints can
CREATE ROLE regress_identities_rotation;
SET ROLE regress_identities_rotation;
SELECT replace(pg_temp.error_of(statement), 'must be superuser or have privileges of pg_read_all_settings to examine',
		'permission denied to examine') AS error_of
FROM unnest(ARRAY['SET identities.public_key_previous = ''AAAAAAAAAAAAAAAAAAAAAA==''',
                  'SHOW identities.public_key_previous', 'SHOW identities.public_key_previous_file']) AS statement;
SELECT count(*) AS in_pg_settings FROM pg_settings WHERE name LIKE 'identities.public_key%';
SELECT identities_public_key_fingerprint() AS fingerprint, identities_public_key_previous_fingerprint() AS previous;
RESET ROLE;
DROP ROLE regress_identities_rotation;

-- the previous key from a file, as the runbook keeps it; the same key in both files is refused when used
RESET identities.public_key_previous;
\getenv abs_builddir PG_ABS_BUILDDIR
\set previous_file :abs_builddir '/results/previous.key'
COPY (SELECT 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=') TO :'previous_file';
ALTER SYSTEM SET identities.public_key_previous_file = :'previous_file';
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
SELECT public_id_to_bigint(of_bigint) AS from_previous_file, public_id_key(of_bigint) AS key FROM issued;
SELECT identities_public_key_previous_fingerprint() AS previous_from_file;
COPY (SELECT 'AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=') TO :'previous_file';
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
SELECT pg_temp.error_of('SELECT public_id_to_bigint(of_bigint) FROM issued') AS same_key_twice,
       public_id(1) IS NOT NULL AS still_makes_public_ids;
ALTER SYSTEM RESET identities.public_key_previous_file;
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
-- the previous key dropped: the old public ids no longer decode (the runbook's last step)
SELECT public_id_to_bigint(of_bigint) AS after_previous_dropped, public_id_key(of_bigint) AS key FROM issued;
RESET identities.public_key;
