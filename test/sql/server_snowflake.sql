-- Snowflake (Discord flavour) in bigint: extraction, boundaries, epochs, settings.
-- (Generation needs shared_preload_libraries: see preload_shared_generator and nopreload_backend_generator.)
SET TimeZone = 'UTC';
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- Discord's documented example: 175928847299117063 was made at 2016-04-30 11:18:25.796 UTC by worker 1,
-- process 0, increment 7
SELECT snowflake_extract_timestamp(175928847299117063) AS ts, snowflake_extract_worker(175928847299117063) AS worker,
       snowflake_extract_process(175928847299117063) AS process, snowflake_extract_increment(175928847299117063) AS increment;
SHOW identities.snowflake_epoch;
-- (another epoch, given explicitly, IMMUTABLE for index and partition expressions: test/vectors/snowflake.tsv)
SELECT snowflake_extract_timestamp(0) AS at_epoch, snowflake_extract_timestamp(9223372036854775807) AS last;

-- boundaries: the smallest id at or after an instant's ms
SELECT snowflake_boundary('2016-04-30 11:18:25.796Z') AS b_example, snowflake_boundary('2016-04-30 11:18:25.7961Z') AS b_next_ms,
       snowflake_boundary('2015-01-01Z') AS b_epoch, snowflake_boundary('2000-01-01Z') AS b_before,
       snowflake_boundary('2026-01-01Z', '2026-01-01Z') AS b_own_epoch;
SELECT snowflake_extract_timestamp(snowflake_boundary(t)) = t AS round_trip
FROM (VALUES ('2026-11-22 10:11:12.345Z'::timestamptz), ('2015-01-01Z'), ('2084-09-06 15:47:35.551Z')) AS v(t);
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT snowflake_boundary(''2084-09-06 15:47:35.552Z'')', 'SELECT snowflake_boundary(''infinity'')',
	'SELECT snowflake_extract_worker(-1)', 'SELECT snowflake_extract_timestamp(-5)',
	'SELECT snowflake_extract_timestamp(1, ''1969-12-31Z'')']) AS statement;

-- range partitions by month on a bigint id
CREATE TABLE events (id bigint NOT NULL, payload text) PARTITION BY RANGE (id);
CREATE TABLE events_2026_11 PARTITION OF events
    FOR VALUES FROM (snowflake_boundary('2026-11-01Z', '2015-01-01Z')) TO (snowflake_boundary('2026-12-01Z', '2015-01-01Z'));
INSERT INTO events VALUES (snowflake_boundary('2026-11-15Z'), 'mid-month');
SELECT tableoid::regclass AS partition, snowflake_extract_timestamp(id) AS ts FROM events;
DROP TABLE events;

-- settings: worker and process per session (0-31); the epoch once per server (postgresql.conf, reload)
SET identities.snowflake_worker = 31;
SET identities.snowflake_process = 0;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SET identities.snowflake_worker = 32', 'SET identities.snowflake_process = -1',
	'SET identities.snowflake_epoch = ''2020-01-01Z''']) AS statement;
RESET identities.snowflake_worker;
RESET identities.snowflake_process;
ALTER SYSTEM SET identities.snowflake_epoch = '2020-01-01 00:00:00+00';
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
SHOW identities.snowflake_epoch;
SELECT snowflake_extract_timestamp(175928847299117063) AS under_2020_epoch;
ALTER SYSTEM SET identities.snowflake_epoch = 'not a time';
ALTER SYSTEM SET identities.snowflake_epoch = '1969-12-31Z';
ALTER SYSTEM RESET identities.snowflake_epoch;
SELECT pg_reload_conf();
SELECT pg_sleep(0.5);
SHOW identities.snowflake_epoch;
