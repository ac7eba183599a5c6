-- iuid: text and binary I/O, operators, indexes, casts, generation, extraction, boundaries, routing.
SET TimeZone = 'UTC';
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
\i :abs_srcdir/sql/include/index_used.sql

-- text input: what core uuid accepts, if it is version 8 with variant 10; output: canonical lowercase
SELECT '018cc251-f47b-802a-81d2-3456789abcde'::iuid AS canonical,
       '{018CC251-F47B-802A-81D2-3456789ABCDE}'::iuid AS braces_uppercase,
       '018cc251f47b802a81d23456789abcde'::iuid AS no_hyphens,
       '018c-c251-f47b-802a-81d2-3456-789a-bcde'::iuid AS hyphen_after_any_group_of_four;
SELECT input, pg_temp.error_of(format('SELECT %L::iuid', input))
FROM unnest(ARRAY['', 'abc', '018cc251-f47b-802a-81d2-3456789abcd', '018cc251-f47b-802a-81d2-3456789abcdef',
                  ' 018cc251-f47b-802a-81d2-3456789abcde', '018cc251-f47b-802a-81d2-3456789abcdx',
                  '018cc251-f47b-702a-81d2-3456789abcde', '018cc251-f47b-802a-c1d2-3456789abcde',
                  '018cc251-f47b-802a-01d2-3456789abcde', '00000000-0000-0000-0000-000000000000',
                  '{018cc251-f47b-802a-81d2-3456789abcde']) AS input;

-- (the layout's known answers, every field of each: test/vectors/iuid.tsv, checked by vectors)

-- binary I/O: the 16 bytes; a received value that is not an iuid is refused
SELECT iuid_send('018cc251-f47b-802a-81d2-3456789abcde');

-- casts: iuid -> uuid on assignment (the same bytes), uuid -> iuid explicitly and checked
SELECT '018cc251-f47b-802a-81d2-3456789abcde'::iuid::uuid AS to_uuid,
       '018cc251-f47b-802a-81d2-3456789abcde'::uuid::iuid AS from_uuid;
CREATE TABLE as_uuid (id uuid);
INSERT INTO as_uuid SELECT iuid_generate(1, 2);
SELECT count(*) FROM as_uuid WHERE id::iuid IS NOT NULL;
DROP TABLE as_uuid;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT ''90ae62da-d198-4268-afbb-5cbafee9b447''::uuid::iuid', 'SELECT ''018cc251-f47b-802a-c1d2-3456789abcde''::uuid::iuid']) AS statement;

-- generation: country and entity as given (named arguments work), increasing within a session, unique
SELECT iuid_extract_country(id) AS country, iuid_extract_service_entity(id) AS service_entity,
       iuid_extract_format_version(id) AS format_version,
       iuid_extract_timestamp(id) BETWEEN date_trunc('milliseconds', before) AND clock_timestamp() AS timestamp_is_now,
       id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$' AS version_8_variant_10
FROM (SELECT clock_timestamp() AS before, iuid_generate(country => 42, service_entity => 7) AS id) AS t;
SELECT iuid_extract_country(iuid_generate(0, 0)) AS min_country, iuid_extract_country(iuid_generate(255, 255)) AS max_country;
SELECT count(*) FILTER (WHERE id <= previous) AS out_of_order, count(DISTINCT id) AS distinct_ids,
       count(DISTINCT iuid_extract_timestamp(id)) < 100000 AS several_per_millisecond
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, iuid_generate(42, 7) AS id FROM generate_series(1, 100000) AS n) AS generated) AS pairs;
-- one generator serves every country: no repeated random part within a ms, whatever the country
SELECT count(*) AS drawn, count(DISTINCT (iuid_extract_timestamp(id), id::uuid::text::bytea)) AS distinct_ids
FROM (SELECT iuid_generate(n % 3, n % 5) AS id FROM generate_series(1, 30000) AS n) AS generated;
SELECT iuid_generate(NULL, 7) IS NULL AS null_in_null_out;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT iuid_generate(256, 0)', 'SELECT iuid_generate(-1, 0)', 'SELECT iuid_generate(0, 256)',
	'SELECT iuid_generate(0, -1)', 'SELECT iuid_generate(2147483647, 0)']) AS statement;

-- comparison, sorting with abbreviated keys, min/max: uuid byte order
CREATE TABLE ids (id iuid);
INSERT INTO ids SELECT iuid_generate((random() * 255)::integer, (random() * 255)::integer) FROM generate_series(1, 20000);
INSERT INTO ids SELECT compose FROM (VALUES ('00000000-0000-8000-8000-000000000000'::iuid), ('ffffffff-ffff-8fff-bfff-ffffffffffff')) AS v(compose);
SELECT bool_and(by_id = by_uuid) AS sorted_like_uuid
FROM (SELECT row_number() OVER (ORDER BY id) AS by_id, row_number() OVER (ORDER BY id::uuid) AS by_uuid FROM ids) AS ordered;
SELECT min(id), max(id) FROM ids;
SELECT a < b AS lt, a <= b AS le, a = b AS eq, a <> b AS ne, a >= b AS ge, a > b AS gt, iuid_cmp(a, b) AS cmp
FROM (VALUES ('018cc251-f47b-802a-81d2-3456789abcde'::iuid, '018cc251-f47b-83c4-ad40-000000000001'::iuid),
             ('018cc251-f47b-83c4-ad40-000000000001', '018cc251-f47b-802a-81d2-3456789abcde'),
             ('018cc251-f47b-802a-81d2-3456789abcde', '018cc251-f47b-802a-81d2-3456789abcde')) AS pairs(a, b);

-- btree (deduplication), hash (extended hash agrees), BRIN minmax and minmax-multi
SET client_min_messages = warning;  -- another test may have created it
CREATE EXTENSION IF NOT EXISTS pageinspect;
RESET client_min_messages;
CREATE INDEX ids_btree ON ids (id);
SELECT allequalimage FROM bt_metap('ids_btree');
-- min/max through the index use the aggregates' sort operators: the same answers as the reference order
SET enable_seqscan = off;
SELECT pg_temp.index_used('SELECT min(id), max(id) FROM ids', 'ids_btree') AS min_max_use_index,
       (SELECT min(id) FROM ids) = (SELECT id FROM ids ORDER BY id::uuid LIMIT 1) AS min_right,
       (SELECT max(id) FROM ids) = (SELECT id FROM ids ORDER BY id::uuid DESC LIMIT 1) AS max_right;
RESET enable_seqscan;
SET enable_seqscan = off;
SELECT pg_temp.index_used($$SELECT * FROM ids WHERE id = '018cc251-f47b-802a-81d2-3456789abcde'$$, 'ids_btree');
RESET enable_seqscan;
SELECT bool_and((iuid_hash_extended(id, 0) & 4294967295) = (iuid_hash(id)::bigint & 4294967295)) AS extended_matches_standard,
       count(DISTINCT iuid_hash_extended(id, 1)) > 19000 AS seed_changes_hash
FROM ids;
DROP INDEX ids_btree;  -- else the planner may prefer it (an index-only scan since 19)
CREATE INDEX ids_hash ON ids USING hash (id);
SET enable_seqscan = off;
SELECT pg_temp.index_used($$SELECT * FROM ids WHERE id = '018cc251-f47b-802a-81d2-3456789abcde'$$, 'ids_hash');
RESET enable_seqscan;
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT count(*) FROM ids a JOIN ids b ON a.id = b.id;
RESET enable_mergejoin;
RESET enable_nestloop;
DROP TABLE ids;
CREATE TABLE timeline (id iuid);
INSERT INTO timeline SELECT iuid_boundary('2026-01-01Z'::timestamptz + g * interval '1 second') FROM generate_series(1, 100000) g;
CREATE INDEX timeline_minmax ON timeline USING brin (id) WITH (pages_per_range = 8);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM timeline WHERE id >= iuid_boundary('2026-01-02Z') AND id < iuid_boundary('2026-01-03Z');
SELECT count(*) FROM timeline WHERE id >= iuid_boundary('2026-01-02Z') AND id < iuid_boundary('2026-01-03Z');
DROP INDEX timeline_minmax;
CREATE INDEX timeline_multi ON timeline USING brin (id iuid_minmax_multi_ops) WITH (pages_per_range = 8);
EXPLAIN (COSTS OFF) SELECT count(*) FROM timeline WHERE id >= iuid_boundary('2026-01-02Z') AND id < iuid_boundary('2026-01-03Z');
SELECT count(*) FROM timeline WHERE id >= iuid_boundary('2026-01-02Z') AND id < iuid_boundary('2026-01-03Z');
RESET enable_seqscan;
DROP TABLE timeline;

-- boundaries
SELECT iuid_boundary('2026-11-01Z') AS b_2026_11, iuid_boundary('2026-11-01 00:00:00.0001Z') AS b_next_ms,
       iuid_boundary('1970-01-01Z') AS b_epoch, iuid_boundary('1900-01-01Z') AS b_before, iuid_boundary('-infinity') AS b_minus_infinity;
SELECT pg_temp.error_of('SELECT iuid_boundary(''infinity'')');
SELECT iuid_extract_timestamp(iuid_boundary(t)) = t AS round_trip
FROM (VALUES ('2026-11-22 10:11:12.345Z'::timestamptz), ('1970-01-01Z'), ('9999-12-31 23:59:59.999Z')) AS v(t);

-- routing: LIST partitions by country; a row's partition found from its id alone. PostgreSQL allows no
-- primary key on a table partitioned by an expression, so each partition has its own: since the country is
-- part of the id, unique per partition is unique overall.
CREATE TABLE rides (id iuid NOT NULL DEFAULT iuid_generate(country => 42, service_entity => 7), fare numeric)
    PARTITION BY LIST (iuid_extract_country(id));
CREATE TABLE rides_42 PARTITION OF rides (PRIMARY KEY (id)) FOR VALUES IN (42);
CREATE TABLE rides_76 PARTITION OF rides (PRIMARY KEY (id)) FOR VALUES IN (76);
CREATE TABLE rides_other PARTITION OF rides (PRIMARY KEY (id)) DEFAULT;
INSERT INTO rides (fare) SELECT g FROM generate_series(1, 100) AS g;
INSERT INTO rides SELECT iuid_generate(76, 7), g FROM generate_series(1, 50) AS g;
INSERT INTO rides SELECT iuid_generate(1, 3), g FROM generate_series(1, 10) AS g;
INSERT INTO rides VALUES ('018cc251-f47b-804c-81d2-3456789abcde', 12.5);  -- country 76
SELECT tableoid::regclass AS partition, iuid_extract_country(id) AS country, count(*) FROM rides GROUP BY 1, 2 ORDER BY 1;
-- a lookup by id prunes to one partition when the country is derived from the parameter
\set some_ride '018cc251-f47b-804c-81d2-3456789abcde'
EXPLAIN (COSTS OFF) SELECT * FROM rides WHERE id = :'some_ride' AND iuid_extract_country(id) = iuid_extract_country(:'some_ride');
SELECT fare IS NOT NULL AS found FROM rides WHERE id = :'some_ride' AND iuid_extract_country(id) = iuid_extract_country(:'some_ride');
-- the routing query: which regional database holds an id (here a lookup table of countries to servers)
CREATE TABLE regions (country integer PRIMARY KEY, server text);
INSERT INTO regions VALUES (42, 'db-eu.internal'), (76, 'db-sa.internal');
SELECT r.server FROM regions r WHERE r.country = iuid_extract_country(:'some_ride'::iuid);
DROP TABLE regions;
DROP TABLE rides;

-- HASH partitioning by iuid
CREATE TABLE hashed (id iuid PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE hashed_0 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hashed_1 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hashed SELECT iuid_generate(42, 7) FROM generate_series(1, 10000);
INSERT INTO hashed VALUES ('018cc251-f47b-802a-81d2-3456789abcde');
SELECT (SELECT count(*) FROM hashed_0) > 4000 AND (SELECT count(*) FROM hashed_1) > 4000 AS both_partitions_used,
       (SELECT count(*) FROM hashed) AS rows;
EXPLAIN (COSTS OFF) SELECT * FROM hashed WHERE id = '018cc251-f47b-802a-81d2-3456789abcde';
DROP TABLE hashed;
