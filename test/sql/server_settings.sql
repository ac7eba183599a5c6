-- Settings: who may set what, values that mean the same in every backend, generators in parallel plans,
-- and error messages whatever the client encoding.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
SET TimeZone = 'UTC';
SELECT distributedid_generate() IS NOT NULL AS loaded;  -- identities' settings exist from here on

-- identities.incremental_ids chooses the ids that column defaults produce: superusers only
CREATE ROLE regress_identities_writer;
SET ROLE regress_identities_writer;
SELECT pg_temp.error_of('SET identities.incremental_ids = ''42''') AS set_by_role,
       pg_temp.error_of('SELECT set_config(''identities.incremental_ids'', ''42'', true)') AS set_config_by_role;
-- so do the settings that decide which server an id claims to come from (node identity): a role could issue
-- ids as another server of the cluster, which the clash checks cannot see
SELECT pg_temp.error_of(format('SET %s = %L', name, value)) AS set_by_role,
       pg_temp.error_of(format('SELECT set_config(%L, %L, false)', name, value)) AS set_config_by_role
FROM (VALUES ('identities.snowflake_worker', '3'), ('identities.snowflake_process', '3'),
             ('identities.siq_shard', '3'), ('identities.siq_domain', 'example.org')) AS s(name, value);
SELECT snowflake_worker, snowflake_process, siq_shard, siq_domain FROM identities_node_identity();  -- unchanged
RESET ROLE;
-- a superuser may, in a session or for a role; a role given the right with GRANT SET (PostgreSQL 15) may too
SET identities.siq_shard = 3;
SELECT siq_shard FROM identities_node_identity();
RESET identities.siq_shard;
ALTER ROLE regress_identities_writer SET identities.snowflake_worker = 3;
ALTER ROLE regress_identities_writer RESET identities.snowflake_worker;
GRANT SET ON PARAMETER identities.siq_domain TO regress_identities_writer;
SET ROLE regress_identities_writer;
SET identities.siq_domain = 'example.org';
SELECT siq_domain FROM identities_node_identity();
RESET identities.siq_domain;
RESET ROLE;
REVOKE SET ON PARAMETER identities.siq_domain FROM regress_identities_writer;
-- the generators that take a node identity as arguments are callable by every role, as every function is; a
-- server where only some roles may choose it says so with REVOKE (doc/operations.md, "Privileges")
REVOKE EXECUTE ON FUNCTION snowflake_generate(integer, integer), siq_generate(text, text, integer) FROM PUBLIC;
SET ROLE regress_identities_writer;
SELECT pg_temp.error_of('SELECT snowflake_generate(3, 3)') AS snowflake_by_role,
       pg_temp.error_of('SELECT siq_generate(''message'', ''example.org'', 3)') AS siq_by_role,
       has_function_privilege('snowflake_generate()', 'EXECUTE') AS own_snowflake_still_callable;
RESET ROLE;
GRANT EXECUTE ON FUNCTION snowflake_generate(integer, integer), siq_generate(text, text, integer) TO PUBLIC;
DROP ROLE regress_identities_writer;

-- the Snowflake epoch is an absolute instant: no session time zone, zone name or 'now' can change what it means
-- (ALTER SYSTEM checks a value as a reload would, and writes nothing when it is refused)
ALTER SYSTEM SET identities.snowflake_epoch = '2015-01-01 00:00:00';
ALTER SYSTEM SET identities.snowflake_epoch = 'now';
ALTER SYSTEM SET identities.snowflake_epoch = 'today';
ALTER SYSTEM SET identities.snowflake_epoch = '2015-01-01 00:00:00 Europe/Lodnon';
ALTER SYSTEM SET identities.snowflake_epoch = '2015-01-01 00:00:00 Europe/London';
ALTER SYSTEM SET identities.snowflake_epoch = '2015-02-30Z';
CREATE TABLE numbers AS SELECT g FROM generate_series(1, 100000) AS g;
ANALYZE numbers;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET max_parallel_workers_per_gather = 2;
SET TimeZone = 'Asia/Tokyo';
SELECT snowflake_extract_timestamp(0 * g) AS epoch_in_tokyo, count(*) FROM numbers GROUP BY 1;
SET TimeZone = 'UTC';
SELECT snowflake_extract_timestamp(0 * g) AS epoch_in_utc, count(*) FROM numbers GROUP BY 1;

-- generators in parallel plans: the scan runs in workers, the generator in the leader, so a session's
-- deterministic series is intact
SET identities.incremental_ids = '1';
SELECT array_agg(id ORDER BY id) AS series FROM (SELECT distributedid_generate() AS id FROM numbers WHERE g % 20000 = 0) AS s;
RESET identities.incremental_ids;
SELECT set_config(CASE WHEN current_setting('server_version_num')::integer >= 160000
                       THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END, 'on', false) AS forced_parallel;
SET identities.incremental_ids = '7';
SELECT distributedid_generate() AS seven, distributedid128_generate() AS seven_as_uuid;
RESET identities.incremental_ids;
SELECT count(DISTINCT distributedid_generate()) AS distributedid, count(DISTINCT distributedid128_generate()) AS distributedid128,
       count(DISTINCT iuid_generate(1, 2)) AS iuid, count(DISTINCT hotguid_generate(3)) AS hotguid,
       count(DISTINCT luuid_generate(4, g)) AS luuid
FROM numbers WHERE g <= 1000;
SELECT set_config(CASE WHEN current_setting('server_version_num')::integer >= 160000
                       THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END, 'off', false) AS forced_parallel;
DROP TABLE numbers;

-- an error's SQLSTATE does not depend on the client encoding: a long message is cut between characters
SET client_encoding = 'LATIN1';
\set VERBOSITY sqlstate
SELECT (repeat('x', 976) || repeat(chr(233), 10))::distributedid;
SELECT (repeat('y', 975) || repeat(chr(233), 10))::iuid;
\set VERBOSITY default
RESET client_encoding;
