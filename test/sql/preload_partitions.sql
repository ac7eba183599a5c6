-- identities_maintain_partitions: time partitions created ahead, dropped past a retention, rows in a DEFAULT
-- partition reported, for every time-ordered format and for a key on an extracted timestamp. (Preloaded: SIQ and
-- Snowflake generators.)
SET TimeZone = 'UTC';
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

CREATE TABLE events (id distributedid PRIMARY KEY DEFAULT distributedid_generate(), body text) PARTITION BY RANGE (id);
CREATE TABLE events_default PARTITION OF events DEFAULT;
-- today's partition and two more, named by their day, one day each, bounds from distributedid_boundary
SELECT action, partition_name = 'events_p' || to_char(from_time, 'YYYYMMDD') AS named_by_day,
       from_time - date_trunc('day', now()) AS from_today, to_time - from_time AS length
FROM identities_maintain_partitions('events', '1 day', 2) ORDER BY from_time;
SELECT pg_get_expr(relpartbound, oid) = format('FOR VALUES FROM (%L) TO (%L)',
           distributedid_boundary(date_trunc('day', now())), distributedid_boundary(date_trunc('day', now()) + interval '1 day'))
       AS bounds_are_the_days_boundaries
FROM pg_class WHERE relname = 'events_p' || to_char(now(), 'YYYYMMDD');
-- again: nothing to do (idempotent); one more step ahead: one more partition
SELECT count(*) AS changes FROM identities_maintain_partitions('events', '1 day', 2);
SELECT action, from_time - date_trunc('day', now()) AS from_today FROM identities_maintain_partitions('events', '1 day', 3);
-- a row lands in its day's partition, not the default
INSERT INTO events (body) VALUES ('now');
SELECT tableoid::regclass::text = 'events_p' || to_char(now(), 'YYYYMMDD') AS in_todays_partition FROM events;

-- rows of a future step that fell into the DEFAULT partition: reported, the step left alone, nothing lost
INSERT INTO events VALUES (distributedid_boundary(date_trunc('day', now()) + interval '5 days 1 hour'), 'early');
SELECT action, from_time - date_trunc('day', now()) AS from_today, detail
FROM identities_maintain_partitions('events', '1 day', 6) ORDER BY from_time;
SELECT body FROM events_default;

-- retention: a partition entirely older than it is dropped; one reaching into the window is kept
CREATE TABLE events_40_days_ago PARTITION OF events FOR VALUES
	FROM (distributedid_boundary(now() - interval '40 days')) TO (distributedid_boundary(now() - interval '39 days'));
CREATE TABLE events_29_days_ago PARTITION OF events FOR VALUES
	FROM (distributedid_boundary(now() - interval '31 days')) TO (distributedid_boundary(now() - interval '29 days'));
INSERT INTO events VALUES (distributedid_boundary(now() - interval '40 days'), 'old'),
                          (distributedid_boundary(now() - interval '30 days 1 hour'), 'older than 30 days, in a kept partition');
SELECT action, partition_name FROM identities_maintain_partitions('events', '1 day', 2, retention => '30 days')
ORDER BY partition_name;
SELECT body FROM events ORDER BY id;
DROP TABLE events;

-- every time-ordered format, and a key on an extracted timestamp; the uuid and bigint formats are told by the
-- DEFAULT (or named)
CREATE FUNCTION pg_temp.lands_today(key_type text, generator text, partition_key text DEFAULT 'id',
                                    id_format text DEFAULT NULL) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
	created bigint;
	landed text;
BEGIN
	EXECUTE format('CREATE TABLE t (id %s DEFAULT %s, body text) PARTITION BY RANGE (%s)', key_type, generator,
	               partition_key);
	SELECT count(*) INTO created FROM identities_maintain_partitions('t', '1 day', 1, id_format => id_format);
	INSERT INTO t (body) VALUES ('now');
	SELECT tableoid::regclass::text INTO landed FROM t;
	DROP TABLE t;
	RETURN format('%s partitions, the row in %s', created,
	              CASE WHEN landed = 't_p' || to_char(now(), 'YYYYMMDD') THEN 'today''s' ELSE landed END);
END $$;
SELECT key, pg_temp.lands_today(key_type, generator, partition_key, id_format)
FROM (VALUES ('distributedid', 'distributedid', 'distributedid_generate()', 'id', NULL),
             ('distributedid128', 'uuid', 'distributedid128_generate()', 'id', NULL),
             ('uuidv7', 'uuid', 'uuidv7_generate()', 'id', NULL),
             ('uuidv7, named', 'uuid', 'uuidv7_generate()', 'id', 'uuidv7'),
             ('hotguid', 'uuid', 'hotguid_generate(7)', 'id', NULL),
             ('iuid', 'iuid', 'iuid_generate(42, 7)', 'id', NULL),
             ('siq', 'siq', 'siq_generate(''message'')', 'id', NULL),
             ('snowflake', 'bigint', 'snowflake_generate()', 'id', NULL),
             ('ulid', 'ulid', 'ulid_generate()', 'id', NULL),
             ('extracted timestamp', 'iuid', 'iuid_generate(42, 7)', '(iuid_extract_timestamp(id))', NULL))
	AS formats(key, key_type, generator, partition_key, id_format);

-- month steps: partitions named by their month
CREATE TABLE monthly (id iuid DEFAULT iuid_generate(1, 1)) PARTITION BY RANGE (id);
SELECT action, partition_name = 'monthly_p' || to_char(from_time, 'YYYYMM') AS named_by_month,
       from_time = date_trunc('month', now()) + (row_number() OVER (ORDER BY from_time) - 1) * interval '1 month' AS months
FROM identities_maintain_partitions('monthly', '1 month', 2) ORDER BY from_time;
DROP TABLE monthly;

-- the grid is UTC's whatever the session's zone: across Berlin's daylight-saving changes, months and days still
-- start at UTC midnight, and each partition starts where the previous one ends
SET TimeZone = 'Europe/Berlin';
CREATE TABLE berlin_days (id iuid DEFAULT iuid_generate(1, 1)) PARTITION BY RANGE (iuid_extract_timestamp(id));
CREATE TABLE berlin_months (id iuid DEFAULT iuid_generate(1, 1)) PARTITION BY RANGE (iuid_extract_timestamp(id));
SELECT count(*) AS days FROM identities_maintain_partitions('berlin_days', '1 day', 370);
SELECT count(*) AS months FROM identities_maintain_partitions('berlin_months', '1 month', 13);
SELECT p.table, count(*) AS partitions, count(DISTINCT p.from_time) AS distinct_starts,
       bool_and(p.from_time AT TIME ZONE 'UTC' = date_trunc('day', p.from_time AT TIME ZONE 'UTC')) AS at_utc_midnight,
       count(*) FILTER (WHERE p.from_time <> lag_to AND lag_to IS NOT NULL) AS gaps
FROM (SELECT c.relname AS partition, i.inhparent::regclass::text AS table,
             (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \(''([^'']+)''\)'))[1]::timestamptz AS from_time,
             lag((regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \(''([^'']+)''\)'))[1]::timestamptz)
                 OVER (PARTITION BY i.inhparent ORDER BY c.relname) AS lag_to
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent IN ('berlin_days'::regclass, 'berlin_months'::regclass)) AS p
GROUP BY p.table ORDER BY p.table;
DROP TABLE berlin_days, berlin_months;
SET TimeZone = 'UTC';

-- installed in another schema, out of the search_path: the function finds its own
CREATE SCHEMA elsewhere;
CREATE TABLE elsewhere.logins (id distributedid DEFAULT distributedid_generate()) PARTITION BY RANGE (id);
SET search_path = pg_catalog;
SELECT count(*) AS created FROM public.identities_maintain_partitions('elsewhere.logins', '1 day', 1);
RESET search_path;
DROP SCHEMA elsewhere CASCADE;

-- a long (multibyte) table name is shortened so that every partition's name fits in 63 bytes, each its own
CREATE TABLE "таблица_событий_с_очень_длинным" (id iuid) PARTITION BY RANGE (id);
SELECT count(*) AS created, count(DISTINCT partition_name) AS names, max(octet_length(partition_name)) AS longest
FROM identities_maintain_partitions('"таблица_событий_с_очень_длинным"', '30 minutes', 3);
DROP TABLE "таблица_событий_с_очень_длинным";

-- what it refuses
CREATE TABLE by_country (id iuid) PARTITION BY RANGE (id iuid_country_ops);
CREATE TABLE unknown_uuid (id uuid) PARTITION BY RANGE (id);
CREATE TABLE listed (id iuid) PARTITION BY LIST (iuid_extract_country(id));
SELECT call, pg_temp.error_of('SELECT * FROM identities_maintain_partitions(' || call || ')')
FROM unnest(ARRAY['''by_country'', ''1 day''', '''unknown_uuid'', ''1 day''', '''listed'', ''1 day''',
                  '''unknown_uuid'', ''1 day'', id_format => ''siq''', '''by_country'', ''0 days''',
                  '''by_country'', ''1 month 1 day''', '''by_country'', ''90 seconds''',
                  '''by_country'', ''1 day'', -1']) AS call;
