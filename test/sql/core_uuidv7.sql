-- Our 128-bit formats next to PostgreSQL 18's own UUIDv7: what core uuid_extract_timestamp() and
-- uuid_extract_version() read from them, and how core uuidv7() values fare in our functions.
-- Before 18 core has neither function: the test stops here (the alternative expected output core_uuidv7_1.out).
SELECT current_setting('server_version_num')::integer >= 180000 AS has_core_uuidv7 \gset
\if :has_core_uuidv7
\else
\quit
\endif
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
SET TimeZone = 'UTC';

-- core reads a timestamp from RFC 9562 versions 1 and 7 only (variant 10):
--   DistributedId128 has version 7 but variant 0 (Architect's layout, ms since 1700): NULL, as it should be;
--   iUID and SIQ's uuid form are version 8, LUUID is version 6: NULL.
SELECT format, uuid_extract_version(id) AS core_version, uuid_extract_timestamp(id) AS core_timestamp
FROM (VALUES ('distributedid128', distributedid128_generate()),
             ('iuid', iuid_generate(42, 7)::uuid),
             ('luuid', luuid_generate('person', 1)),
             ('siq', siq_to_uuid('5e0bd2f0000000000000000007'))) AS v(format, id);
SELECT count(*) FILTER (WHERE uuid_extract_timestamp(distributedid128_generate()) IS NOT NULL) AS distributedid128_read_by_core
FROM generate_series(1, 1000);

-- HotGuid carries no version or variant: core reads whatever its machine tag and counter bytes say. This
-- HotGuid (2024-01-01 00:00:00, shard 17) happens to have nibble 7 and variant bits 10: core reads a wrong time.
SELECT hotguid_extract_timestamp(id) AS hotguid_time, uuid_extract_version(id) AS core_version,
       uuid_extract_timestamp(id) AS core_timestamp
FROM (VALUES ('65920080-2059-7258-840a-bcde11000000'::uuid)) AS v(id);

-- core uuidv7() values: our extractors see no DistributedId128 or LUUID in them, iuid refuses them (22P02)
SELECT distributedid128_extract_timestamp(uuidv7()) AS as_distributedid128, luuid_extract_key(uuidv7()) AS as_luuid,
       split_part(pg_temp.error_of('SELECT uuidv7()::iuid'), ':', 1) AS as_iuid;

-- core uuidv7() increases within a session; so does distributedid128_generate(), and across sessions too when preloaded
SELECT bool_and(a < b) AS uuidv7_increases, bool_and(c < d) AS distributedid128_increases
FROM (SELECT lag(u) OVER (ORDER BY n) AS a, u AS b, lag(d) OVER (ORDER BY n) AS c, d
      FROM (SELECT n, uuidv7() AS u, distributedid128_generate() AS d FROM generate_series(1, 10000) AS n) AS drawn) AS pairs
WHERE a IS NOT NULL;

-- our UUIDv7 and core's: the same layout, so each extracts the other's time, and a mixed column stays in time order
SELECT uuid_extract_timestamp(id) = uuidv7_extract_timestamp(id) AS same_time, uuid_extract_version(id) AS version
FROM (VALUES (uuidv7_generate()), (uuidv7())) AS v(id);
SELECT bool_and(a < b) AS mixed_in_time_order
FROM (SELECT lag(id) OVER (ORDER BY n) AS a, id AS b
      FROM (SELECT n, CASE WHEN n % 2 = 0 THEN uuidv7() ELSE uuidv7_generate() END AS id, pg_sleep(0.0002)
            FROM generate_series(1, 200) AS n) AS made) AS pairs
WHERE a IS NOT NULL;

-- A column whose DEFAULT is core uuidv7() holds UUIDv7s (identities_formats names pg_catalog.uuidv7): its format,
-- time partitions made without naming it, and the floor raised above its ids.
CREATE TABLE core_v7_events (id uuid PRIMARY KEY DEFAULT uuidv7(), body text) PARTITION BY RANGE (id);
SELECT identities_column_format('core_v7_events', 'id') AS format;
SELECT action, count(*) FROM identities_maintain_partitions('core_v7_events', '1 day', 1) GROUP BY action;
INSERT INTO core_v7_events (body) VALUES ('one');
-- (the floor only where it is kept: identities preloaded)
SELECT CASE WHEN current_setting('shared_preload_libraries') LIKE '%identities%'
            THEN identities_raise_floor_above_ids(ARRAY['core_v7_events'::regclass])
                 >= (SELECT uuid_extract_timestamp(id) FROM core_v7_events)
            ELSE true END AS floor_above_core_id;
DROP TABLE core_v7_events;
