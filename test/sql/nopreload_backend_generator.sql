-- Without shared_preload_libraries, each backend keeps its own generator (it acts as one more replica).
SELECT current_setting('shared_preload_libraries') = '' AS not_preloaded;
CREATE EXTENSION IF NOT EXISTS dblink;
SELECT dblink_connect('other', format('dbname=%s port=%s host=%s', current_database(), current_setting('port'), current_setting('unix_socket_directories')));
CREATE TEMP TABLE drawn (session text, n integer, id distributedid);
INSERT INTO drawn SELECT 'this', n, distributedid_generate() FROM generate_series(1, 5000) AS n;
INSERT INTO drawn SELECT 'other', n, id
FROM dblink('other', 'SELECT n, distributedid_generate() FROM generate_series(1, 5000) AS n') AS t(n integer, id distributedid);
SELECT count(*) AS drawn, count(DISTINCT id) AS distinct_ids FROM drawn;
-- each backend's own ids increase
SELECT session, count(*) FILTER (WHERE id <= previous) AS out_of_order
FROM (SELECT session, id, lag(id) OVER (PARTITION BY session ORDER BY n) AS previous FROM drawn) AS pairs
GROUP BY session ORDER BY session;
SELECT dblink_disconnect('other');

-- SIQ and Snowflake serials cannot be unique per backend: without shared memory their generators refuse
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
SELECT siq_generate('message');
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT siq_generate(''user'', ''example.com'', 1)', 'SELECT snowflake_generate()', 'SELECT snowflake_generate(1, 2)']) AS statement;
-- everything else about them works
SELECT siq_extract_qualifier('5e0bd2f0000000000000000007'), snowflake_extract_worker(175928847299117063);

-- No shared memory, no high-water mark: nothing to read, no floor to raise.
SELECT identities_high_water_mark() IS NULL AS no_mark;
SELECT pg_temp.error_of('SELECT identities_raise_floor(now())');
SELECT pg_temp.error_of('CREATE TABLE no_floor (id iuid DEFAULT iuid_generate(1, 2)); INSERT INTO no_floor DEFAULT VALUES; SELECT identities_raise_floor_above_ids(''{no_floor}'')');
