-- distributedid: text and binary I/O, operators, indexes, casts, generation, boundaries.
SET TimeZone = 'UTC';

\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
\i :abs_srcdir/sql/include/index_used.sql

-- text input and output
SELECT '0'::distributedid, '1'::distributedid, '  42  '::distributedid, '00000000000000000000000000000007'::distributedid;
SELECT '9999999999999999999999999999'::distributedid AS max_value;
SELECT '1065896647567317033105227776'::distributedid;
SELECT input, pg_temp.error_of(format('SELECT %L::distributedid', input))
FROM unnest(ARRAY['', ' ', 'abc', '+1', '-1', '1 2', '1.0', '0x10', '1e5', '12a',
                  '10000000000000000000000000000', '123456789012345678901234567890123456789012345',
                  '99999999999999999999999999999x']) AS input;

-- binary I/O: numeric's binary form, numeric_send's bytes of the same integer (server_binary_forms: binary COPY)
SELECT distributedid_send('1065896647567317033105227776'),
       distributedid_send('1065896647567317033105227776') = numeric_send(1065896647567317033105227776) AS as_numeric;
SELECT distributedid_send('9999999999999999999999999999'),
       distributedid_send('9999999999999999999999999999') = numeric_send(9999999999999999999999999999) AS as_numeric;

-- comparison follows the numeric value
SELECT a::distributedid < b::distributedid AS lt, a::distributedid <= b::distributedid AS le,
       a::distributedid = b::distributedid AS eq, a::distributedid <> b::distributedid AS ne,
       a::distributedid >= b::distributedid AS ge, a::distributedid > b::distributedid AS gt,
       distributedid_cmp(a::distributedid, b::distributedid) AS cmp
FROM (VALUES ('1', '2'), ('2', '1'), ('5', '5'), ('255', '256'), ('281474976710656', '281474976710655'),
             ('9999999999999999999999999999', '0')) AS pairs(a, b);

CREATE TABLE ids (id distributedid, n numeric);
INSERT INTO ids SELECT v::distributedid, v
FROM (SELECT (random() * 1e28)::numeric(28, 0) AS v FROM generate_series(1, 20000)) AS r;
INSERT INTO ids SELECT v::distributedid, v FROM (VALUES (0::numeric), (1), (9999999999999999999999999999)) AS r(v);
-- sorting (with abbreviated keys) agrees with numeric order
SELECT bool_and(ordered.id::numeric = ordered.n) AS sorted_like_numeric
FROM (SELECT id, n, row_number() OVER (ORDER BY id) AS by_id, row_number() OVER (ORDER BY n) AS by_n FROM ids) AS ordered
WHERE by_id = by_n;
SELECT count(*) = (SELECT count(*) FROM ids) AS every_row_in_place
FROM (SELECT id, n, row_number() OVER (ORDER BY id) AS by_id, row_number() OVER (ORDER BY n) AS by_n FROM ids) AS ordered
WHERE by_id = by_n;
SELECT min(id), max(id) FROM ids;
SELECT min(id) IS NULL AS empty_min FROM ids WHERE false;

-- btree: index scans, deduplication (equalimage)
SET client_min_messages = warning;  -- another test may have created it
CREATE EXTENSION IF NOT EXISTS pageinspect;
RESET client_min_messages;
INSERT INTO ids SELECT '42', 42 FROM generate_series(1, 1000);
CREATE INDEX ids_btree ON ids (id);
SELECT allequalimage FROM bt_metap('ids_btree');
-- min/max through the index use the aggregates' sort operators: the same answers as the reference order
SET enable_seqscan = off;
SELECT pg_temp.index_used('SELECT min(id), max(id) FROM ids', 'ids_btree') AS min_max_use_index,
       (SELECT min(id) FROM ids) = (SELECT min(n) FROM ids)::distributedid AS min_right, (SELECT max(id) FROM ids) = (SELECT max(n) FROM ids)::distributedid AS max_right;
RESET enable_seqscan;
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE id = '42';
SELECT count(*) FROM ids WHERE id = '42';
SELECT count(*) FROM ids WHERE id BETWEEN '0' AND '1';
RESET enable_seqscan;
DROP INDEX ids_btree;

-- hash: function 2 agrees with function 1, hash index, hash join, hash partitioning
SELECT bool_and((distributedid_hash_extended(id, 0) & 4294967295) = (distributedid_hash(id)::bigint & 4294967295))
    AS extended_matches_standard,
       count(DISTINCT distributedid_hash_extended(id, 1)) > 10000 AS seed_changes_hash
FROM ids;
CREATE INDEX ids_hash ON ids USING hash (id);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT * FROM ids WHERE id = '42';
SELECT count(*) FROM ids WHERE id = '42';
RESET enable_seqscan;
SET enable_mergejoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM ids a JOIN ids b ON a.id = b.id WHERE a.n <> 42;
SELECT count(*) FROM ids a JOIN ids b ON a.id = b.id WHERE a.n <> 42;
RESET enable_mergejoin;
RESET enable_nestloop;
CREATE TABLE hashed (id distributedid) PARTITION BY HASH (id);
CREATE TABLE hashed_0 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hashed_1 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hashed SELECT id FROM ids;
SELECT (SELECT count(*) FROM hashed_0) > 5000 AND (SELECT count(*) FROM hashed_1) > 5000 AS both_partitions_used,
       (SELECT count(*) FROM hashed) = (SELECT count(*) FROM ids) AS nothing_lost;
DROP TABLE hashed;

-- BRIN minmax and minmax-multi
CREATE TABLE timeline (id distributedid);
INSERT INTO timeline SELECT distributedid_boundary('2026-01-01Z'::timestamptz + g * interval '1 second') FROM generate_series(1, 100000) g;
CREATE INDEX timeline_minmax ON timeline USING brin (id) WITH (pages_per_range = 8);
CREATE INDEX timeline_multi ON timeline USING brin (id distributedid_minmax_multi_ops) WITH (pages_per_range = 8);
SET enable_seqscan = off;
DROP INDEX timeline_multi;
EXPLAIN (COSTS OFF) SELECT count(*) FROM timeline WHERE id >= distributedid_boundary('2026-01-02Z') AND id < distributedid_boundary('2026-01-03Z');
SELECT count(*) FROM timeline WHERE id >= distributedid_boundary('2026-01-02Z') AND id < distributedid_boundary('2026-01-03Z');
CREATE INDEX timeline_multi ON timeline USING brin (id distributedid_minmax_multi_ops) WITH (pages_per_range = 8);
DROP INDEX timeline_minmax;
EXPLAIN (COSTS OFF) SELECT count(*) FROM timeline WHERE id >= distributedid_boundary('2026-01-02Z') AND id < distributedid_boundary('2026-01-03Z');
SELECT count(*) FROM timeline WHERE id >= distributedid_boundary('2026-01-02Z') AND id < distributedid_boundary('2026-01-03Z');
RESET enable_seqscan;
DROP TABLE timeline;
DROP TABLE ids;

-- casts
SELECT 1065896647567317033105227776::numeric::distributedid, '42'::distributedid::numeric, 7.000::distributedid;
SELECT 42::distributedid AS from_integer, 9223372036854775807::distributedid AS from_bigint;
SELECT '1065896647567317033105227776'::distributedid::uuid, '9999999999999999999999999999'::distributedid::uuid;
SELECT '00000000-0371-b065-0c00-010000000000'::uuid::distributedid;
SELECT '1065896647567317033105227776'::distributedid::bytea;
SELECT '\x00000000204fce5e3e2502610fffffff'::bytea::distributedid;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT 1.5::distributedid', 'SELECT (-1)::numeric::distributedid', 'SELECT ''NaN''::numeric::distributedid',
	'SELECT ''Infinity''::numeric::distributedid', 'SELECT 1e28::distributedid', 'SELECT (-1)::distributedid',
	'SELECT (-9223372036854775808)::bigint::distributedid',
	'SELECT ''00000001-0000-0000-0000-000000000000''::uuid::distributedid',
	'SELECT ''00000000-204f-ce5e-3e25-026110000000''::uuid::distributedid',
	'SELECT ''\x0102''::bytea::distributedid', 'SELECT ''\x''::bytea::distributedid',
	'SELECT ''\x0000000000000000000000000000000000''::bytea::distributedid',
	'SELECT ''\x00000001000000000000000000000000''::bytea::distributedid',
	'SELECT decode(repeat(''ab'', 100000), ''hex'')::distributedid']) AS statement;
-- numeric and integers convert on assignment
CREATE TABLE assigned (id distributedid);
INSERT INTO assigned VALUES (12345::numeric), (678), (9223372036854775807);
SELECT id FROM assigned ORDER BY id;
DROP TABLE assigned;

-- generation
SELECT length(distributedid_generate()::text) AS digits;
SELECT count(*) = 0 AS increasing_within_session
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, distributedid_generate() AS id FROM generate_series(1, 10000) AS n) AS generated) AS pairs
WHERE id <= previous;
SELECT count(DISTINCT id) AS distinct_ids FROM (SELECT distributedid_generate() AS id FROM generate_series(1, 10000)) AS generated;
-- the embedded timestamp lies one second before generation (truncated to the ms) once a burst has been
-- repaid, and at most 1 ms before generation during a burst, which borrows from that second
SELECT pg_sleep(1.1);
SELECT extracted BETWEEN before - interval '1001 milliseconds' AND after - interval '1000 milliseconds' AS one_second_early
FROM (SELECT clock_timestamp() AS before, distributedid_extract_timestamp(distributedid_generate()) AS extracted,
             clock_timestamp() AS after) AS t;
SELECT bool_and(extracted BETWEEN before - interval '1001 milliseconds' AND clock_timestamp() - interval '1 millisecond')
    AS never_later_than_one_ms_before
FROM (SELECT clock_timestamp() AS before, distributedid_extract_timestamp(distributedid_generate()) AS extracted
      FROM generate_series(1, 50000)) AS t;

-- past the ~128K burst the generator sleeps 1 ms at a time (128 ids per ms): still unique and increasing,
-- never embedding a timestamp later than 1 ms before now, and a canceled statement stops while it waits
SELECT count(*) = 200000 AS all_generated, count(DISTINCT id) = 200000 AS all_distinct,
       count(*) FILTER (WHERE id <= previous) = 0 AS increasing,
       max(distributedid_extract_timestamp(id)) <= clock_timestamp() - interval '1 millisecond' AS never_ahead
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, distributedid_generate() AS id FROM generate_series(1, 200000) AS n) AS generated) AS pairs;
SET statement_timeout = '300ms';
SELECT count(distributedid_generate()) FROM generate_series(1, 10000000);
RESET statement_timeout;

-- in a parallel plan the workers scan and the leader generates (the generator is PARALLEL RESTRICTED)
CREATE TABLE parallel_input AS SELECT g FROM generate_series(1, 100000) AS g;
ANALYZE parallel_input;
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET parallel_leader_participation = off;  -- the leader still calls the generator
EXPLAIN (COSTS OFF, VERBOSE) SELECT distributedid_generate() FROM parallel_input;
SELECT count(DISTINCT id) AS distinct_ids FROM (SELECT distributedid_generate() AS id FROM parallel_input) AS generated;
-- so a session's deterministic series stays one series
SET identities.incremental_ids = '1';
SELECT count(DISTINCT id) FROM (SELECT distributedid_generate() AS id FROM parallel_input) AS generated;
RESET identities.incremental_ids;
RESET max_parallel_workers_per_gather;
RESET parallel_setup_cost;
RESET parallel_tuple_cost;
RESET min_parallel_table_scan_size;
RESET parallel_leader_participation;
DROP TABLE parallel_input;

-- extraction and boundaries
SELECT distributedid_extract_timestamp('1065896647567317033105227776') AS t_2020;
SELECT distributedid_extract_timestamp('0') AS t_epoch, distributedid_extract_timestamp('9999999999999999999999999999') AS t_max;
SELECT distributedid_boundary('2020-01-01Z') AS b_2020, distributedid_boundary('2020-01-01 00:00:00.0001Z') AS b_next_ms;
SELECT distributedid_boundary('1900-01-01Z') AS b_epoch, distributedid_boundary('1800-01-01Z') AS b_before,
       distributedid_boundary('-infinity') AS b_minus_infinity;
SELECT distributedid_boundary('3025-10-23 17:06:28.005Z') AS b_last;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT distributedid_boundary(''3025-10-23 17:06:28.006Z'')', 'SELECT distributedid_boundary(''infinity'')']) AS statement;
SELECT distributedid_extract_timestamp(distributedid_boundary(t)) = t AS round_trip
FROM (VALUES ('2026-11-22 10:11:12.345Z'::timestamptz), ('1970-01-01Z'), ('2999-12-31 23:59:59.999Z')) AS v(t);

-- range partitions by month, as doc/usage.md shows
CREATE TABLE orders (id distributedid PRIMARY KEY DEFAULT distributedid_generate(), total numeric)
    PARTITION BY RANGE (id);
CREATE TABLE orders_past PARTITION OF orders FOR VALUES FROM (MINVALUE) TO (distributedid_boundary(date_trunc('month', now())));
CREATE TABLE orders_current PARTITION OF orders
    FOR VALUES FROM (distributedid_boundary(date_trunc('month', now()))) TO (distributedid_boundary(date_trunc('month', now()) + interval '1 month'));
CREATE TABLE orders_future PARTITION OF orders FOR VALUES FROM (distributedid_boundary(date_trunc('month', now()) + interval '1 month')) TO (MAXVALUE);
INSERT INTO orders (total) SELECT g FROM generate_series(1, 1000) AS g;
INSERT INTO orders VALUES (distributedid_boundary('2020-06-15Z'), 1);
SELECT tableoid::regclass AS partition, count(*) FROM orders GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT * FROM orders WHERE id >= distributedid_boundary('2020-06-01Z') AND id < distributedid_boundary('2020-07-01Z');
DROP TABLE orders;

-- deterministic ids for tests
SET identities.incremental_ids = '1000';
SELECT distributedid_generate(), distributedid_generate(), distributedid_generate();
BEGIN;
SET LOCAL identities.incremental_ids = '5';
SELECT distributedid_generate(), distributedid_generate();
COMMIT;
SELECT distributedid_generate() AS after_set_local;
SET identities.incremental_ids = '9999999999999999999999999998';
SELECT distributedid_generate(), distributedid_generate();
SELECT pg_temp.error_of('SELECT distributedid_generate()');
SET identities.incremental_ids = '10000000000000000000000000000';
SELECT pg_temp.error_of('SELECT distributedid_generate()');
RESET identities.incremental_ids;
SELECT distributedid_generate() > '1000000000000000000000000000' AS real_generator_again;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SET identities.incremental_ids = ''abc''', 'SET identities.incremental_ids = ''-1''',
	'SET identities.incremental_ids = ''340282366920938463463374607431768211456''',
	'SET identities.no_such_setting = 1']) AS statement;
