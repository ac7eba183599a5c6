-- With identities in shared_preload_libraries, every backend draws from one generator in shared memory:
-- ids from different sessions are unique and increase in the order they were generated.
SELECT current_setting('shared_preload_libraries') AS preloaded;
CREATE EXTENSION IF NOT EXISTS dblink;
SELECT dblink_connect('first', format('dbname=%s port=%s host=%s', current_database(), current_setting('port'), current_setting('unix_socket_directories')));
SELECT dblink_connect('second', format('dbname=%s port=%s host=%s', current_database(), current_setting('port'), current_setting('unix_socket_directories')));

-- alternate between two other sessions and this one, 200 rounds
CREATE TEMP TABLE drawn (round integer, session text, id distributedid);
DO $$
BEGIN
	FOR round IN 1..200 LOOP
		INSERT INTO drawn SELECT round, 'first', id
		FROM dblink('first', 'SELECT distributedid_generate()') AS t(id distributedid);
		INSERT INTO drawn SELECT round, 'second', id
		FROM dblink('second', 'SELECT distributedid_generate()') AS t(id distributedid);
		INSERT INTO drawn VALUES (round, 'this', distributedid_generate());
	END LOOP;
END $$;
SELECT count(*) AS drawn, count(DISTINCT id) AS distinct_ids FROM drawn;
SELECT count(*) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY round, array_position(ARRAY['first', 'second', 'this'], session)) AS previous
      FROM drawn) AS pairs
WHERE id <= previous;

-- another session's backend sees the same identities.incremental_ids rules: its own, per session
SET identities.incremental_ids = '7';
SELECT distributedid_generate() AS this_session;
SELECT id > '1000000000000000000000000000' AS other_session_unaffected
FROM dblink('first', 'SELECT distributedid_generate()') AS t(id distributedid);
RESET identities.incremental_ids;

SELECT dblink_disconnect('first'), dblink_disconnect('second');

-- the same for DistributedId128: one generator for the whole server
SELECT dblink_connect('first', format('dbname=%s port=%s host=%s', current_database(), current_setting('port'), current_setting('unix_socket_directories')));
CREATE TEMP TABLE drawn128 (round integer, session text, id uuid);
DO $$
BEGIN
	FOR round IN 1..200 LOOP
		INSERT INTO drawn128 SELECT round, 'first', id FROM dblink('first', 'SELECT distributedid128_generate()') AS t(id uuid);
		INSERT INTO drawn128 VALUES (round, 'this', distributedid128_generate());
	END LOOP;
END $$;
SELECT count(*) AS drawn, count(DISTINCT id) AS distinct_ids FROM drawn128;
SELECT count(*) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY round, session) AS previous FROM drawn128) AS pairs
WHERE id <= previous;
SELECT dblink_disconnect('first');

-- SIQ and Snowflake count their serials in shared memory: unique across sessions, increasing per qualifier
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
SET TimeZone = 'UTC';
SELECT dblink_connect('first', format('dbname=%s port=%s host=%s', current_database(), current_setting('port'), current_setting('unix_socket_directories')));
CREATE TEMP TABLE drawn_siq (round integer, session text, id siq, flake bigint);
DO $$
BEGIN
	FOR round IN 1..200 LOOP
		INSERT INTO drawn_siq SELECT round, 'first', id, flake
		FROM dblink('first', 'SELECT siq_generate(''message''), snowflake_generate()') AS t(id siq, flake bigint);
		INSERT INTO drawn_siq VALUES (round, 'this', siq_generate('message'), snowflake_generate());
	END LOOP;
END $$;
SELECT count(*) AS drawn, count(DISTINCT id) AS distinct_siqs, count(DISTINCT flake) AS distinct_snowflakes FROM drawn_siq;
SELECT count(*) FILTER (WHERE id <= previous_id) AS siqs_out_of_order, count(*) FILTER (WHERE flake <= previous_flake) AS snowflakes_out_of_order
FROM (SELECT id, flake, lag(id) OVER w AS previous_id, lag(flake) OVER w AS previous_flake
      FROM drawn_siq WINDOW w AS (ORDER BY round, session)) AS pairs;
SELECT dblink_disconnect('first');

-- siq_generate: the qualifier, domain and shard as given or from the settings; serials count within a tick
SELECT siq_extract_qualifier(id) AS qualifier, siq_extract_shard(id) AS shard, siq_extract_domain_hash(id) AS domain_hash,
       siq_extract_timestamp(id) BETWEEN before - interval '16 microseconds' AND clock_timestamp() AS timestamp_is_now
FROM (SELECT clock_timestamp() AS before, siq_generate('user', 'example.com', 3) AS id) AS t;
SET identities.siq_domain = 'example.com';
SET identities.siq_shard = 9;
SELECT siq_extract_shard(id) AS shard, siq_extract_domain_hash(id) AS domain_hash FROM (SELECT siq_generate('tag') AS id) AS t;
RESET identities.siq_domain;
RESET identities.siq_shard;
SELECT siq_extract_shard(siq_generate('tag')) AS default_shard, siq_extract_domain_hash(siq_generate('tag')) AS default_domain_hash;
SELECT count(*) AS drawn, count(DISTINCT id) AS distinct_ids, count(*) FILTER (WHERE id <= previous) AS out_of_order,
       max(siq_extract_serial(id)) > 0 AS serials_counted_within_a_tick,
       bool_and(siq_extract_qualifier(id) = 'content') AS qualifier_kept
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, siq_generate('content') AS id FROM generate_series(1, 50000) AS n) AS g) AS pairs;
-- an unknown qualifier: 22023, and the detail lists the valid ones
SELECT siq_generate('users');
-- a qualifier with 2048 serials per tick: past them the generator waits for the next tick, no repeat
SELECT count(DISTINCT id) AS distinct_users FROM (SELECT siq_generate('user') AS id FROM generate_series(1, 20000)) AS g;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT siq_generate(''users'')', 'SELECT siq_generate(''User'')', 'SELECT siq_generate(''user'', ''example.com'', 256)',
	'SELECT siq_generate(''user'', ''example.com'', -1)', 'SELECT siq_generate(''user'', ''bücher.example'', 0)']) AS statement;

-- snowflake_generate: worker and process as given or from the settings, increments within a ms
SELECT snowflake_extract_worker(id) AS worker, snowflake_extract_process(id) AS process,
       snowflake_extract_timestamp(id) BETWEEN date_trunc('milliseconds', before) AND clock_timestamp() AS timestamp_is_now
FROM (SELECT clock_timestamp() AS before, snowflake_generate(31, 7) AS id) AS t;
SET identities.snowflake_worker = 3;
SET identities.snowflake_process = 4;
SELECT snowflake_extract_worker(id) AS worker, snowflake_extract_process(id) AS process FROM (SELECT snowflake_generate() AS id) AS t;
RESET identities.snowflake_worker;
RESET identities.snowflake_process;
SELECT count(*) AS drawn, count(DISTINCT id) AS distinct_ids, count(*) FILTER (WHERE id <= previous) AS out_of_order,
       max(snowflake_extract_increment(id)) > 0 AS increments_within_a_ms
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, snowflake_generate() AS id FROM generate_series(1, 50000) AS n) AS g) AS pairs;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT snowflake_generate(32, 0)', 'SELECT snowflake_generate(0, -1)']) AS statement;

-- the serial generators in forced parallel plans
SELECT set_config(CASE WHEN current_setting('server_version_num')::integer >= 160000
                       THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END, 'on', false) AS forced_parallel;
SELECT count(DISTINCT siq_generate('message')) AS siq, count(DISTINCT snowflake_generate()) AS snowflake
FROM generate_series(1, 1000);
SELECT set_config(CASE WHEN current_setting('server_version_num')::integer >= 160000
                       THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END, 'off', false) AS forced_parallel;
