-- Public identities (Architect's AesPublicIdentityConverter): vectors, round trips, forgeries, and the key's secrecy.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- without a key: 55000 and a hint
SELECT public_id(1);
SHOW identities.public_key;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT public_id_to_bigint(gen_random_uuid())', 'SELECT public_id(''1''::distributedid)']) AS statement;

-- the upstream key: 32 zero bytes
SET identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
SHOW identities.public_key;
SELECT v, public_id(v) AS public_id, to_alphanumeric(public_id(v)) AS alphanumeric,
       public_id(v::numeric) = public_id(v) AND public_id(v::distributedid) = public_id(v) AS same_as_decimal,
       public_id_to_bigint(public_id(v)) = v AS round_trip
FROM unnest(ARRAY[0, 1, 9223372036854775807]::bigint[]) AS v;
SELECT v, public_id(v) AS public_id, to_alphanumeric(public_id(v)) AS alphanumeric,
       public_id_to_numeric(public_id(v)) = v AND public_id_to_distributedid(public_id(v)) = v::distributedid AS round_trip
FROM unnest(ARRAY[18446744073709551615, 18446744073709551616, 9999999999999999999999999999]::numeric[]) AS v;
SELECT v, public_id(u) AS public_id, to_alphanumeric(public_id(u)) AS alphanumeric, public_id_to_uuid(public_id(u)) = u AS round_trip
FROM (SELECT v, numeric_to_distributedid128(v) AS u
      FROM unnest(ARRAY[170141183460469231731687303715884105728,
                        340282366920938463463374607431768211455]::numeric[]) AS v) AS vectors;
-- a uuid laid out as a number (4 zero bytes, then a .NET decimal's integer below 10^28) has no public id: it would
-- be the number's, here 42's; upstream's uuid vectors 0, 1 and 2^64 are such uuids
SELECT public_id('00000000-0000-0000-2a00-000000000000'::uuid);
SELECT u, pg_temp.error_of(format('SELECT public_id(%L::uuid)', u)) AS public_id
FROM unnest(ARRAY[
	'00000000-0000-0000-0000-000000000000',  -- 0's plaintext
	'00000000-0000-0000-0000-000000000001',  -- the bigint 2^56's
	'00000000-0000-0001-0000-000000000000',  -- the decimal 2^88's
	'00000000-5ece-4f20-ffff-ff0f6102253e',  -- the decimal 10^28-1's
	'00000000-5ece-4f20-0000-00106102253e',  -- 10^28: no decimal
	'00000080-5ece-4f20-ffff-ff0f6102253e',  -- a sign: no decimal
	'01000000-0000-0000-2a00-000000000000'   -- a flag bit: no number
	]::uuid[]) AS u;
-- and the public id of a number is no uuid's, under either key name
SELECT public_id_to_uuid(public_id(42)) AS of_bigint, public_id_to_uuid(public_id(9999999999999999999999999999)) AS of_decimal,
       public_id_to_uuid(public_id('1065896647567317033105227776'::distributedid), 'current') AS under_key_name,
       public_id_to_uuid(public_id('01000000-0000-0000-2a00-000000000000'::uuid)) AS of_uuid;
-- generated uuids keep their public ids: a version 4 uuid is refused once in about 2^35, the time-first ones never
SELECT kind, count(*) AS uuids, count(*) FILTER (WHERE public_id_to_uuid(public_id(u)) = u) AS round_trips
FROM (SELECT 'version 4' AS kind, gen_random_uuid() AS u FROM generate_series(1, 20000)
      UNION ALL SELECT 'version 7', uuidv7_generate() FROM generate_series(1, 20000)
      UNION ALL SELECT 'DistributedId128', distributedid128_generate() FROM generate_series(1, 20000)
      UNION ALL SELECT 'iUID', iuid_generate(42, 7)::uuid FROM generate_series(1, 20000)
      UNION ALL SELECT 'HotGuid', hotguid_generate(17) FROM generate_series(1, 20000)) AS generated
GROUP BY kind ORDER BY kind;
-- LUUIDs of entity keys below 2^16 in 1 group in 8 (its low byte below 0x20), and the big-endian uuid form of about
-- 1 DistributedId in 8, are laid out as decimals: refused (public_id(distributedid) is a DistributedId's public id)
SELECT split_part(pg_temp.error_of('SELECT public_id(luuid_generate(5, 65535))'), ':', 1) AS luuid_small_key,
       public_id(luuid_generate(32, 1)) IS NOT NULL AS luuid_of_another_group,
       public_id(luuid_generate(5, 65536)) IS NOT NULL AS luuid_larger_key;
SELECT d, d::uuid AS uuid_form, pg_temp.error_of(format('SELECT public_id(%L::distributedid::uuid)', d)) AS public_id
FROM unnest(ARRAY['1065895171827791136341098496', '1065896647567317033105227776']::distributedid[]) AS d;
-- cross-type: the public id of a bigint decodes as a decimal; a decimal of 2^64 or more is no bigint
SELECT public_id_to_numeric('9476ed55-288d-bf86-ff50-e3352bfe34fd') AS uint64_max_as_decimal,
       public_id_to_bigint('9476ed55-288d-bf86-ff50-e3352bfe34fd') AS uint64_max_as_bigint,
       public_id_to_bigint('9ff9bf37-f7f2-97aa-779e-4adf6f13fb10') AS two_to_64_as_bigint;
-- upstream's invalid decimals: 2*10^28-1 (too large) and a negative sign bit
SELECT public_id_to_numeric('3625a4bb-7bd6-624d-108d-9d9e599d536b') AS too_large,
       public_id_to_distributedid('378c4fe3-a619-dea4-93b8-489f3160e863') AS negative;
-- refused inputs
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT public_id(-1)', 'SELECT public_id(-1::bigint)', 'SELECT public_id(-1::numeric)', 'SELECT public_id(1.5)',
	'SELECT public_id(1e28)', 'SELECT public_id(''Infinity''::numeric)']) AS statement;
SELECT public_id(1.000) = public_id(1) AS integral_numeric;

-- 100 000 random uuids are not public ids of a bigint or a decimal (odds 2^-64 and about 2^-35 each)
SELECT count(public_id_to_bigint(u)) AS bigints, count(public_id_to_numeric(u)) AS numerics,
       count(public_id_to_distributedid(u)) AS distributedids
FROM (SELECT gen_random_uuid() AS u FROM generate_series(1, 100000)) AS random_uuids;

-- round trips of generated ids under random 16-, 24- and 32-byte keys (AES-128, -192, -256)
CREATE TEMP TABLE generated AS
SELECT distributedid_generate() AS id, distributedid128_generate() AS id128, (random() * 9223372036854775807)::bigint AS n
FROM generate_series(1, 5000);
CREATE FUNCTION pg_temp.random_key(bytes integer) RETURNS text LANGUAGE sql AS $$
	SELECT encode(substring(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex') FROM 1 FOR bytes), 'base64')
$$;
SELECT bytes, length(key) AS base64_length,
       (SELECT set_config('identities.public_key', key, false)) = '(set)' AS key_set,
       (SELECT bool_and(public_id_to_distributedid(public_id(id)) = id AND public_id_to_numeric(public_id(id::numeric)) = id::numeric
                        AND public_id_to_uuid(public_id(id128)) = id128 AND public_id_to_bigint(public_id(n)) = n)
        FROM generated) AS round_trips,
       (SELECT count(DISTINCT public_id(id)) FROM generated) AS distinct_public_ids
FROM (SELECT bytes, pg_temp.random_key(bytes) AS key FROM unnest(ARRAY[16, 24, 32]) AS bytes) AS keys;
-- another key, another public id; the old public id no longer decodes
SELECT set_config('identities.public_key', pg_temp.random_key(32), false) AS first_key;
CREATE TEMP TABLE under_first AS SELECT n, public_id(n) AS p FROM generated;
SELECT set_config('identities.public_key', pg_temp.random_key(32), false) AS second_key;
SELECT count(*) FILTER (WHERE public_id(n) = p) AS same_public_id, count(public_id_to_bigint(p)) AS decoded FROM under_first;

-- the view and lookup of the README: public ids out, NULL (no row) for forgeries, the primary key index used
SET identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
CREATE TABLE orders (id distributedid PRIMARY KEY, total numeric);
INSERT INTO orders VALUES ('1065896647567317033105227776', 10), ('1065896647567317033105227777', 20);
CREATE VIEW api_orders AS SELECT to_alphanumeric(public_id(id)) AS id, total FROM orders;
SELECT * FROM api_orders ORDER BY total;
PREPARE find_order(text) AS SELECT * FROM orders WHERE id = public_id_to_distributedid(alphanumeric_to_uuid($1));
SELECT id AS public_order_id FROM api_orders WHERE total = 20 \gset
EXECUTE find_order(:'public_order_id');
EXECUTE find_order('0000000000000000000001');
EXECUTE find_order('not an id');
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM orders WHERE id = public_id_to_distributedid(alphanumeric_to_uuid('AMlDXspEMpNEsNsg5isSD1'));
RESET enable_seqscan;
DROP VIEW api_orders;
DROP TABLE orders;

-- public ids are made by the leader (PARALLEL RESTRICTED: a worker could hold another key than its leader); the
-- workers scan
CREATE TABLE parallel_input AS SELECT g::bigint AS g FROM generate_series(1, 100000) AS g;
ANALYZE parallel_input;
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET parallel_leader_participation = off;
EXPLAIN (COSTS OFF) SELECT count(*) FILTER (WHERE public_id_to_bigint(public_id(g)) = g) FROM parallel_input WHERE g > 0;
SELECT count(*) FILTER (WHERE public_id_to_bigint(public_id(g)) = g) FROM parallel_input WHERE g > 0;
SELECT count(*) FROM parallel_input WHERE public_id(g) = public_id(g::numeric);
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET parallel_leader_participation;
DROP TABLE parallel_input;

-- secrecy, as a superuser: SHOW, current_setting and set_config say only (set); pg_settings and SHOW ALL
-- leave the key out; a rejected key is not echoed; catalogs readable by others refuse to store it
SHOW identities.public_key;
SELECT current_setting('identities.public_key') AS current_setting;
SELECT count(*) AS in_pg_settings FROM pg_settings WHERE name = 'identities.public_key';
CREATE FUNCTION pg_temp.show_all_mentions(pattern text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	mentions bigint := 0;
	setting record;
BEGIN
	FOR setting IN EXECUTE 'SHOW ALL' LOOP
		IF setting.name LIKE pattern OR setting.setting LIKE pattern THEN
			mentions := mentions + 1;
		END IF;
	END LOOP;
	RETURN mentions;
END $$;
SELECT pg_temp.show_all_mentions('identities.public_key') AS key_in_show_all,
       pg_temp.show_all_mentions('%AAAAAAAAAAAAAAAAAAAA%') AS value_in_show_all;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SET identities.public_key = ''TOPSECRET-not-base64''',
	'SET identities.public_key = ''VE9QU0VDUkVUVE9QU0VDUkVUVE9QU0VDUkVU''',  -- 27 bytes
	'SET identities.public_key = ''AAAAAAAAAAAAAAAAAAAAAA''',  -- no padding
	'SELECT set_config(''identities.public_key'', ''TOPSECRETTOPSECRET'', false)',
	'ALTER ROLE CURRENT_USER SET identities.public_key = ''AAAAAAAAAAAAAAAAAAAAAA==''',
	'ALTER DATABASE ' || quote_ident(current_database()) || ' SET identities.public_key = ''AAAAAAAAAAAAAAAAAAAAAA==''',
	'CREATE FUNCTION pg_temp.keyed() RETURNS int LANGUAGE sql SET identities.public_key = ''AAAAAAAAAAAAAAAAAAAAAA=='' RETURN 1',
	'SET identities.public_key_file = ''/tmp/key''']) AS statement;
SHOW identities.public_key;  -- still the key set before the rejected ones

-- as an ordinary role: the key cannot be set or read, but public ids work with the session's key
CREATE ROLE regress_identities_user;
CREATE ROLE regress_identities_monitor IN ROLE pg_read_all_settings;
GRANT CREATE ON SCHEMA public TO regress_identities_user;
SET ROLE regress_identities_user;
-- PostgreSQL 16 reworded the refusal to examine a setting; both wordings read as the newer one here.
SELECT replace(pg_temp.error_of(statement), 'must be superuser or have privileges of pg_read_all_settings to examine',
		'permission denied to examine') AS error_of
FROM unnest(ARRAY[
	'SET identities.public_key = ''AAAAAAAAAAAAAAAAAAAAAA==''', 'RESET identities.public_key',
	'SELECT set_config(''identities.public_key'', ''AAAAAAAAAAAAAAAAAAAAAA=='', false)',
	'SHOW identities.public_key', 'SELECT current_setting(''identities.public_key'')',
	'SELECT current_setting(''identities.public_key'', true)', 'SHOW identities.public_key_file']) AS statement;
SELECT count(*) AS in_pg_settings FROM pg_settings WHERE name LIKE 'identities.public_key%';
SELECT public_id(1) AS still_usable;
RESET ROLE;
-- as a member of pg_read_all_settings, who may read every other setting
SET ROLE regress_identities_monitor;
SHOW identities.public_key;
SELECT current_setting('identities.public_key') AS current_setting;
SELECT count(*) AS in_pg_settings FROM pg_settings WHERE name = 'identities.public_key';
SELECT pg_temp.error_of('SET identities.public_key = ''AAAAAAAAAAAAAAAAAAAAAA==''');
RESET ROLE;
-- public ids are every role's by default, as every function is; doc/operations.md's REVOKE recipe, run here as it is
-- written there, restricts every function that makes, reads or tells anything of a public id to the roles granted
SELECT public_id(123456789) AS secret_public_id \gset
REVOKE EXECUTE ON FUNCTION public_id(bigint), public_id(integer), public_id(distributedid), public_id(numeric),
    public_id(uuid), public_id_to_bigint(uuid), public_id_to_distributedid(uuid), public_id_to_numeric(uuid),
    public_id_to_uuid(uuid), public_id_to_uuid(uuid, text), public_id_key(uuid), public_id_renew(uuid) FROM PUBLIC;
-- every extension function taking a uuid (and a key name: 'current'), with what it answers for a public id
CREATE FUNCTION pg_temp.answers_to(public_id uuid) RETURNS TABLE (signature text, answer text) LANGUAGE plpgsql AS $$
DECLARE
	candidate record;
BEGIN
	FOR candidate IN
		SELECT p.oid::regprocedure::text AS signature, p.oid::regproc AS name, p.pronargs AS arguments
		FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid
		WHERE d.classid = 'pg_proc'::regclass AND d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
		  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'identities') AND p.prokind = 'f'
		  AND p.proargtypes[0] = 'uuid'::regtype AND (p.pronargs = 1 OR p.pronargs = 2 AND p.proargtypes[1] = 'text'::regtype)
		  AND has_function_privilege(p.oid, 'EXECUTE')
	LOOP
		signature := candidate.signature;
		BEGIN
			EXECUTE format('SELECT string_agg(r::text, '','') FROM %s($1%s) AS r', candidate.name,
			               CASE candidate.arguments WHEN 2 THEN ', ''current''' ELSE '' END)
				INTO answer USING public_id;
		EXCEPTION WHEN OTHERS THEN
			answer := SQLSTATE || ': ' || SQLERRM;
		END;
		RETURN NEXT;
	END LOOP;
END $$;
SET ROLE regress_identities_user;
SELECT pg_temp.error_of('SELECT public_id(1)') AS make, pg_temp.error_of('SELECT public_id_to_bigint(''00000000-0000-0000-0000-000000000000'')') AS read,
       pg_temp.error_of(format('SELECT public_id_to_uuid(%L, ''current'')', :'secret_public_id')) AS read_under_key_name;
-- from the catalog, every function of the extension named after public ids (one added later shows up here until
-- the recipe covers it): none is executable by this role
SELECT count(*) AS public_id_functions,
       string_agg(p.oid::regprocedure::text, ', ' ORDER BY p.oid::regprocedure::text)
           FILTER (WHERE has_function_privilege(p.oid, 'EXECUTE')) AS executable
FROM pg_depend d JOIN pg_proc p ON p.oid = d.objid
WHERE d.classid = 'pg_proc'::regclass AND d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
  AND d.refobjid = (SELECT oid FROM pg_extension WHERE extname = 'identities') AND p.proname LIKE '%public\_id%';
-- and what it may execute gives nothing of 123456789 back from its public id: not the number, nor the plaintext
-- (8 zero bytes, then the number little-endian: 00000000-0000-0000-15cd-5b0700000000)
SELECT count(*) > 0 AS functions_tried,
       string_agg(signature || ' -> ' || answer, '; ') FILTER (WHERE answer ~ '123456789|15cd-?5b07') AS giving_it_away
FROM pg_temp.answers_to(:'secret_public_id');
RESET ROLE;
GRANT EXECUTE ON FUNCTION public_id(bigint), public_id_to_bigint(uuid) TO regress_identities_user;
SET ROLE regress_identities_user;
SELECT public_id_to_bigint(public_id(1::bigint)) AS granted;
RESET ROLE;
REVOKE EXECUTE ON FUNCTION public_id(bigint), public_id_to_bigint(uuid) FROM regress_identities_user;
GRANT EXECUTE ON FUNCTION public_id(bigint), public_id(integer), public_id(distributedid), public_id(numeric),
    public_id(uuid), public_id_to_bigint(uuid), public_id_to_distributedid(uuid), public_id_to_numeric(uuid),
    public_id_to_uuid(uuid), public_id_to_uuid(uuid, text), public_id_key(uuid), public_id_renew(uuid) TO PUBLIC;
REVOKE CREATE ON SCHEMA public FROM regress_identities_user;
DROP ROLE regress_identities_user;
DROP ROLE regress_identities_monitor;
RESET identities.public_key;
SHOW identities.public_key;

-- the key from a file (identities.public_key_file, read again on reload): here AES-128 with 16 zero bytes
\getenv abs_builddir PG_ABS_BUILDDIR
\set key_file :abs_builddir '/results/public_id.key'
COPY (SELECT 'AAAAAAAAAAAAAAAAAAAAAA==') TO :'key_file';
ALTER SYSTEM SET identities.public_key_file = :'key_file';
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
SELECT public_id(1) AS from_file;
-- identities.public_key wins over the file
SET identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
SELECT public_id(1) AS from_setting;
RESET identities.public_key;
SELECT public_id(1) AS from_file_again;
-- a new key in the file takes effect on reload
COPY (SELECT ' AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=  ') TO :'key_file';
SELECT public_id(1) AS before_reload;
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
SELECT public_id(1) AS after_reload;
-- a file without a valid key, or no file: F0000, contents never shown
COPY (SELECT 'TOPSECRET') TO :'key_file';
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
SELECT regexp_replace(pg_temp.error_of('SELECT public_id(1)'), '"/.*/results/', '"…/results/') AS invalid_file;
ALTER SYSTEM SET identities.public_key_file = '/nonexistent/public_id.key';
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
SELECT pg_temp.error_of('SELECT public_id(1)') AS missing_file;
-- the path is superuser-only: other roles' errors do not name it
CREATE ROLE regress_identities_reader;
SET ROLE regress_identities_reader;
SELECT pg_temp.error_of('SELECT public_id(1)') AS missing_file_for_other_roles;
RESET ROLE;
DROP ROLE regress_identities_reader;
ALTER SYSTEM RESET identities.public_key_file;
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
SELECT pg_temp.error_of('SELECT public_id(1)') AS no_key;
