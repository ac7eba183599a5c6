-- ulid: text and binary I/O, casts, generation, extraction, boundaries, operators, indexes, partitions.
SET TimeZone = 'UTC';
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
\i :abs_srcdir/sql/include/index_used.sql

-- text: 26 characters of Crockford's base32, upper case out; lower case, and I, L, O read as 1, 1, 0, in
-- (the spec's examples and every kind of input: test/vectors/ulid.tsv, checked by vectors)
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS spec_example, '01arz3ndektsv4rrffq69g5fav'::ulid AS lower_case,
       'OIARZ3NDEKTSV4RRFFQ69G5FAV'::ulid AS o_and_i, '7zzzzzzzzzzzzzzzzzzzzzzzzz'::ulid AS largest;
SELECT input, pg_temp.error_of(format('SELECT %L::ulid', input))
FROM unnest(ARRAY['', '01ARZ3NDEKTSV4RRFFQ69G5FA', '01ARZ3NDEKTSV4RRFFQ69G5FAVX', '01ARZ3NDEKTSV4RRFFQ69G5FAU',
                  ' 01ARZ3NDEKTSV4RRFFQ69G5FAV', '01ARZ3NDEKTSV4RRFFQ69G5FAV ', '01ARZ3NDEK-SV4RRFFQ69G5FAV',
                  '01563e3a-b5d3-d676-4c61-efb99302bd5b', '8ZZZZZZZZZZZZZZZZZZZZZZZZZ', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZ']) AS input;

-- binary I/O: uuid's 16 bytes (big-endian, the spec's binary form); every 16 bytes are a ulid
SELECT ulid_send('01ARZ3NDEKTSV4RRFFQ69G5FAV') AS sent, uuid_send('01563e3a-b5d3-d676-4c61-efb99302bd5b') AS as_uuid;

-- casts: uuid both ways on assignment (the same 128 bits, as pgx_ulid casts them), bytea explicitly, text and varchar
-- on assignment
SELECT '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::uuid AS to_uuid, '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid::ulid AS from_uuid,
       '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid::bytea AS to_bytea, '\x01563e3ab5d3d6764c61efb99302bd5b'::bytea::ulid AS from_bytea,
       gen_random_uuid()::ulid::uuid IS NOT NULL AS any_uuid_is_a_ulid;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT ''\x0102''::bytea::ulid', 'SELECT ''\x01563e3ab5d3d6764c61efb99302bd5b00''::bytea::ulid']) AS statement;
CREATE TABLE assigned (id ulid, as_uuid uuid);
INSERT INTO assigned VALUES ('01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid, '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid);
INSERT INTO assigned (id) VALUES ('01ARYZ6S41TSV4RRFFQ69G5FAV'::text), ('01an4z07by79ka1307sr9x4mv3'::varchar);
SELECT id, as_uuid FROM assigned ORDER BY id;
SELECT pg_temp.error_of($$INSERT INTO assigned (id) VALUES ('not a ulid'::text)$$);
DROP TABLE assigned;
-- no implicit cast: an unknown literal is a ulid, a uuid stays a uuid
SELECT pg_typeof('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid = '01ARZ3NDEKTSV4RRFFQ69G5FAV') AS same_type_operator,
       '01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid = '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid AS equals_its_uuid,
       '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid < '01ARZ3NDEKTSV4RRFFQ69G5FAW'::ulid AS uuid_below_next;

-- generation: the clock's millisecond; within one, the random part grows by 1 (the spec's monotonic factory), so ids
-- strictly increase, as their text does, and are unique (20 000 calls always share some millisecond, however slow
-- the machine; the rule itself is tested on a fixed clock in test/unit/ulid_test.cpp)
CREATE FUNCTION pg_temp.as_number(id ulid) RETURNS numeric LANGUAGE sql IMMUTABLE
	RETURN (SELECT sum(get_byte(ulid_to_bytea(id), i)::numeric * 256::numeric ^ (15 - i)) FROM generate_series(0, 15) AS i);
SELECT ulid_extract_timestamp(id) BETWEEN date_trunc('milliseconds', before) AND clock_timestamp() AS timestamp_is_now,
       length(id::text) AS text_length
FROM (SELECT clock_timestamp() AS before, ulid_generate() AS id) AS t;
SELECT count(*) FILTER (WHERE id <= previous) AS out_of_order,
       count(*) FILTER (WHERE id::text <= previous::text) AS text_out_of_order,
       count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE ulid_extract_timestamp(id) = ulid_extract_timestamp(previous)) > 0 AS several_per_millisecond,
       count(*) FILTER (WHERE ulid_extract_timestamp(id) = ulid_extract_timestamp(previous)
                          AND pg_temp.as_number(id) <> pg_temp.as_number(previous) + 1) AS not_one_more_in_a_millisecond
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, ulid_generate() AS id FROM generate_series(1, 20000) AS n) AS generated) AS pairs
WHERE previous IS NOT NULL;
-- a new millisecond starts at 80 random bits: the first ids of 100 milliseconds share no random part
SELECT count(*) >= 100 AS milliseconds, count(DISTINCT substr(id::text, 11)) = count(*) AS random_starts
FROM (SELECT DISTINCT ON (ulid_extract_timestamp(id)) id
      FROM (SELECT ulid_generate() AS id, pg_sleep(0.0011) FROM generate_series(1, 100)) AS g
      ORDER BY ulid_extract_timestamp(id), id) AS firsts;

-- ulid_generate_at: the instant's millisecond, 80 random bits, no state
SELECT ulid_extract_timestamp(ulid_generate_at('2016-07-30 23:54:10.259999Z')) AS its_millisecond,
       ulid_generate_at('2016-07-30 23:54:10.259Z') <> ulid_generate_at('2016-07-30 23:54:10.259Z') AS random_parts_differ,
       ulid_generate_at('1970-01-01Z') < ulid_boundary('1970-01-01 00:00:00.001Z') AS first_millisecond;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT ulid_generate_at(''1969-12-31 23:59:59.999Z'')', 'SELECT ulid_generate_at(''infinity'')',
	'SELECT ulid_boundary(''infinity'')', 'SELECT ulid_boundary(''10889-08-02 05:31:50.655001Z'')']) AS statement;

-- extraction and boundaries
SELECT ulid_extract_timestamp('01ARZ3NDEKTSV4RRFFQ69G5FAV'::ulid) AS of_ulid,
       ulid_extract_timestamp('01arz3ndektsv4rrffq69g5fav'::text) AS of_text,
       ulid_extract_timestamp('7ZZZZZZZZZZZZZZZZZZZZZZZZZ'::ulid) AS largest;
SELECT ulid_boundary('2026-11-01Z') AS b_2026_11, ulid_boundary('2026-11-01 00:00:00.0001Z') AS b_next_ms,
       ulid_boundary('1970-01-01Z') AS b_epoch, ulid_boundary('1900-01-01Z') AS b_before, ulid_boundary('-infinity') AS b_minus_infinity;
SELECT ulid_extract_timestamp(ulid_boundary(t)) = t AS round_trip,
       ulid_boundary_text(t) = ulid_boundary(t)::text AS text_encoder, pg_typeof(ulid_boundary_text(t)) AS its_type
FROM (VALUES ('2026-11-22 10:11:12.345Z'::timestamptz), ('1970-01-01Z'), ('9999-12-31 23:59:59.999Z')) AS v(t);

-- comparison, sorting with abbreviated keys, min/max: the order of the 128 bits, of the text and of the uuid
CREATE TABLE ids (id ulid);
INSERT INTO ids SELECT gen_random_uuid()::ulid FROM generate_series(1, 20000);
INSERT INTO ids VALUES ('00000000000000000000000000'), ('7ZZZZZZZZZZZZZZZZZZZZZZZZZ');
SELECT bool_and(by_id = by_uuid AND by_id = by_text) AS sorted_like_uuid_and_text
FROM (SELECT row_number() OVER (ORDER BY id) AS by_id, row_number() OVER (ORDER BY id::uuid) AS by_uuid,
             row_number() OVER (ORDER BY id::text COLLATE "C") AS by_text FROM ids) AS ordered;
SELECT min(id), max(id) FROM ids;
SELECT a < b AS lt, a <= b AS le, a = b AS eq, a <> b AS ne, a >= b AS ge, a > b AS gt, ulid_cmp(a, b) AS cmp,
       ulid_larger(a, b) AS larger, ulid_smaller(a, b) AS smaller
FROM (VALUES ('01BX5ZZKBKACTAV9WEVGEMMVRZ'::ulid, '01BX5ZZKBKACTAV9WEVGEMMVS0'::ulid),
             ('01BX5ZZKBKACTAV9WEVGEMMVS0', '01BX5ZZKBKACTAV9WEVGEMMVRZ'),
             ('01BX5ZZKBKACTAV9WEVGEMMVRZ', '01bx5zzkbkactav9wevgemmvrz')) AS pairs(a, b);

-- btree (deduplication), hash (extended hash agrees), BRIN minmax and minmax-multi
SET client_min_messages = warning;  -- another test may have created it
CREATE EXTENSION IF NOT EXISTS pageinspect;
RESET client_min_messages;
CREATE INDEX ids_btree ON ids (id);
SELECT allequalimage FROM bt_metap('ids_btree');
SET enable_seqscan = off;
SELECT pg_temp.index_used('SELECT min(id), max(id) FROM ids', 'ids_btree') AS min_max_use_index,
       (SELECT min(id) FROM ids) = (SELECT id FROM ids ORDER BY id::uuid LIMIT 1) AS min_right,
       (SELECT max(id) FROM ids) = (SELECT id FROM ids ORDER BY id::uuid DESC LIMIT 1) AS max_right;
SELECT pg_temp.index_used($$SELECT * FROM ids WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'$$, 'ids_btree') AS by_ulid,
       pg_temp.index_used($$SELECT * FROM ids WHERE id = '01563e3a-b5d3-d676-4c61-efb99302bd5b'::uuid$$, 'ids_btree') AS by_uuid;
RESET enable_seqscan;
SELECT bool_and((ulid_hash_extended(id, 0) & 4294967295) = (ulid_hash(id)::bigint & 4294967295)) AS extended_matches_standard,
       count(DISTINCT ulid_hash_extended(id, 1)) > 19000 AS seed_changes_hash
FROM ids;
DROP INDEX ids_btree;
CREATE INDEX ids_hash ON ids USING hash (id);
SET enable_seqscan = off;
SELECT pg_temp.index_used($$SELECT * FROM ids WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV'$$, 'ids_hash');
RESET enable_seqscan;
SET enable_mergejoin = off;
SET enable_nestloop = off;
SELECT count(*) FROM ids a JOIN ids b ON a.id = b.id;
RESET enable_mergejoin;
RESET enable_nestloop;
DROP TABLE ids;
CREATE TABLE timeline (id ulid);
INSERT INTO timeline SELECT ulid_boundary('2026-01-01Z'::timestamptz + g * interval '1 second') FROM generate_series(1, 100000) g;
CREATE INDEX timeline_minmax ON timeline USING brin (id) WITH (pages_per_range = 8);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM timeline WHERE id >= ulid_boundary('2026-01-02Z') AND id < ulid_boundary('2026-01-03Z');
SELECT count(*) FROM timeline WHERE id >= ulid_boundary('2026-01-02Z') AND id < ulid_boundary('2026-01-03Z');
DROP INDEX timeline_minmax;
CREATE INDEX timeline_multi ON timeline USING brin (id ulid_minmax_multi_ops) WITH (pages_per_range = 8);
EXPLAIN (COSTS OFF) SELECT count(*) FROM timeline WHERE id >= ulid_boundary('2026-01-02Z') AND id < ulid_boundary('2026-01-03Z');
SELECT count(*) FROM timeline WHERE id >= ulid_boundary('2026-01-02Z') AND id < ulid_boundary('2026-01-03Z');
RESET enable_seqscan;
DROP TABLE timeline;

-- a primary key by the id's time: RANGE partitions by boundaries, a time window (<@) that uses the key and prunes
CREATE TABLE events (id ulid PRIMARY KEY DEFAULT ulid_generate(), body text) PARTITION BY RANGE (id);
CREATE TABLE events_2016 PARTITION OF events FOR VALUES FROM (ulid_boundary('2016-01-01Z')) TO (ulid_boundary('2017-01-01Z'));
CREATE TABLE events_later PARTITION OF events FOR VALUES FROM (ulid_boundary('2017-01-01Z')) TO (MAXVALUE);
INSERT INTO events VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV', 'spec'), ('01BX5ZZKBKACTAV9WEVGEMMVRZ', '2017');
INSERT INTO events (body) VALUES ('now');
SELECT tableoid::regclass AS partition, body FROM events ORDER BY id;
EXPLAIN (COSTS OFF) SELECT body FROM events WHERE id <@ tstzrange('2016-07-30Z', '2016-07-31Z');
SELECT body FROM events WHERE id <@ tstzrange('2016-07-30Z', '2016-07-31Z');
SELECT body FROM events WHERE ulid_within(id, tstzrange(now() - interval '1 minute', NULL));
DROP TABLE events;

-- HASH partitioning by ulid
CREATE TABLE hashed (id ulid PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE hashed_0 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hashed_1 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hashed SELECT ulid_generate() FROM generate_series(1, 10000);
INSERT INTO hashed VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV');
SELECT (SELECT count(*) FROM hashed_0) > 4000 AND (SELECT count(*) FROM hashed_1) > 4000 AS both_partitions_used,
       (SELECT count(*) FROM hashed) AS rows,
       (SELECT tableoid::regclass FROM hashed WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV')::text
         = 'hashed_' || ulid_hash_partition('01ARZ3NDEKTSV4RRFFQ69G5FAV', 2) AS remainder_as_placed;
EXPLAIN (COSTS OFF) SELECT * FROM hashed WHERE id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
DROP TABLE hashed;

-- adoption: a text or uuid column of ULIDs made elsewhere becomes a ulid column in place
CREATE TABLE legacy (id text PRIMARY KEY, id_uuid uuid);
INSERT INTO legacy VALUES ('01ARZ3NDEKTSV4RRFFQ69G5FAV', '01563e3a-b5d3-d676-4c61-efb99302bd5b'),
                          ('01an4z07by79ka1307sr9x4mv3', '015549f0-1d7e-3a66-a08c-07ce13d25363');
ALTER TABLE legacy ALTER COLUMN id TYPE ulid USING id::ulid, ALTER COLUMN id_uuid TYPE ulid,
	ALTER COLUMN id SET DEFAULT ulid_generate();
SELECT id, id_uuid, id = id_uuid AS same FROM legacy ORDER BY id;
DROP TABLE legacy;
