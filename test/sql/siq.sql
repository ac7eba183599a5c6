-- siq: text and binary I/O, operators, indexes, casts, extraction, string forms, the UUIDv8 mapping, boundaries.
-- (Generation needs shared_preload_libraries: see preload_shared_generator and nopreload_backend_generator.)
SET TimeZone = 'UTC';
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
\i :abs_srcdir/sql/include/index_used.sql

-- SUOU's own vector (tests/test_iding.py; its naive 2020-01-01 is Europe/Rome, so 2019-12-31T23:00:00Z):
-- domain '0', shard 256 (= 0), content, serial 0; its fields and forms, and the other ids' (i17, i1 under TZ=UTC),
-- are test/vectors/siq.tsv's, checked by vectors. Here: input with spaces, and the fifteenth id after i1.
SELECT '5e0bd2f0000000000000000007'::siq AS i1, '  5E0BD2F0000000000000000007 '::siq AS uppercase_spaces,
       siq_to_numeric('5e0bd2f0000000000000000007') AS i1_decimal;
SELECT siq_extract_timestamp(id) AS ts, siq_extract_shard(id) AS shard, siq_extract_domain_hash(id) AS domain_hash,
       siq_extract_qualifier(id) AS qualifier, siq_extract_serial(id) AS serial
FROM (VALUES (('5e0bd2f0000000000000000007'::siq::numeric + 120)::siq)) AS v(id);
SELECT siq_from_did('did:siq:IUXVOJAAF4C6S6AAAAAAAAAAAAAAH') AS uppercase_did;
-- every Crockford digit decodes to its value in either case, i, l and o as 1, 1 and 0; u is no digit in either case
SELECT bool_and(siq_from_cb32(lower(c)) = siq_from_cb32(c)) AS lowercase_like_uppercase,
       bool_and(siq_from_cb32(c) = (position(c IN '0123456789ABCDEFGHJKMNPQRSTVWXYZ') - 1)::numeric::siq) AS digit_values
FROM regexp_split_to_table('0123456789ABCDEFGHJKMNPQRSTVWXYZ', '') AS c;
SELECT siq_from_cb32('i') = '1'::siq AND siq_from_cb32('l') = '1'::siq AND siq_from_cb32('o') = '0'::siq AS lowercase_aliases,
       split_part(pg_temp.error_of('SELECT siq_from_cb32(''u'')'), ':', 1) AS lowercase_u;

-- the domain hash: the last 4 bytes of SHA-256
SELECT siq_domain_hash('example.com') AS example_com, to_hex(siq_domain_hash('example.com')) AS hex,
       siq_domain_hash('') AS empty, siq_domain_hash('0') AS zero, siq_domain_hash('xn--bcher-kva.example') AS punycode;

-- each qualifier's serial width: its largest serial, and the qualifier read back from the tail
SELECT q.name, q.value, siq_extract_qualifier(tail::numeric::siq) AS qualifier, siq_extract_serial(tail::numeric::siq) AS max_serial
FROM (VALUES ('user', 32), ('application', 48), ('event', 40), ('product', 56), ('group', 36), ('collection', 52),
             ('invite', 44), ('tag', 34), ('channel', 42), ('thread', 22), ('message', 30), ('ternary', 9),
             ('manytomany', 13), ('multi', 11), ('content', 15)) AS q(name, value),
     LATERAL (SELECT floor(log(2, q.value))::integer AS width) AS w,
     LATERAL (SELECT (((1 << (16 - w.width)) - 1) << w.width) | (q.value & ((1 << w.width) - 1)) AS tail) AS t;
-- the reserved qualifier values (50, 58, 60) have no name
SELECT siq_extract_qualifier((50 & 31)::numeric::siq) AS reserved_50, siq_extract_serial((50 & 31)::numeric::siq) AS serial;

-- output: 28 zero-padded lowercase hex digits; input errors
SELECT '0'::siq AS zero, 'ffffffffffffffffffffffffffff'::siq AS max;
SELECT input, pg_temp.error_of(format('SELECT %L::siq', input))
FROM unnest(ARRAY['', 'xyz', '0x10', '-1', '1 2', '1ffffffffffffffffffffffffffff', '00000000000000000000000000000000001',
                  '00000000000000000000000000007',
                  'did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaai', 'did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaa',
                  'did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah1', 'did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaa!']) AS input;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT siq_from_did(''did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaai'')', 'SELECT siq_from_did(''did:web:example.com'')',
	'SELECT siq_from_cb32('''')', 'SELECT siq_from_cb32(''U0000'')', 'SELECT siq_from_cb32(''7ZZZZZZZZZZZZZZZZZZZZZZZ'')',
	'SELECT siq_from_cb32(''5W2YJY0000000000000000007'')',
	'SELECT uuid_to_siq(''005e0bd2-f000-4000-8000-000000001c00'')', 'SELECT uuid_to_siq(''005e0bd2-f000-8000-8000-000000001c01'')',
	'SELECT siq_domain_hash(''bücher.example'')']) AS statement;

-- binary I/O and the bytea (14 bytes, or 16 with two leading zeros) and numeric casts
-- (binary I/O: numeric's binary form, numeric_send's bytes of the same integer; server_binary_forms: binary COPY)
SELECT siq_send('5e0bd2f0000000000000000007'),
       siq_send('5e0bd2f0000000000000000007') = numeric_send('5e0bd2f0000000000000000007'::siq::numeric) AS as_numeric;
SELECT '5e0bd2f0000000000000000007'::siq::bytea AS to_bytea, '\x005e0bd2f0000000000000000007'::bytea::siq AS from_14,
       '\x0000005e0bd2f0000000000000000007'::bytea::siq AS from_16,
       5192296858534827628530496329220095::numeric::siq AS max_from_numeric;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT ''\x0102''::bytea::siq', 'SELECT ''\x0100005e0bd2f0000000000000000007''::bytea::siq',
	'SELECT 5192296858534827628530496329220096::numeric::siq', 'SELECT (-1)::numeric::siq', 'SELECT 1.5::siq']) AS statement;

-- comparison, sorting with abbreviated keys, indexes: numeric order is time order
CREATE TABLE ids (id siq, n numeric);
INSERT INTO ids SELECT v::siq, v FROM (SELECT (random() * 5192296858534827628530496329220095)::numeric(34, 0) AS v FROM generate_series(1, 20000)) AS r;
SELECT bool_and(by_id = by_n) AS sorted_like_numeric
FROM (SELECT row_number() OVER (ORDER BY id) AS by_id, row_number() OVER (ORDER BY n) AS by_n FROM ids) AS ordered;
SELECT min(id) = (SELECT min(n) FROM ids)::siq AND max(id) = (SELECT max(n) FROM ids)::siq AS min_max FROM ids;
SET client_min_messages = warning;  -- another test may have created it
CREATE EXTENSION IF NOT EXISTS pageinspect;
RESET client_min_messages;
CREATE INDEX ids_btree ON ids (id);
SELECT allequalimage FROM bt_metap('ids_btree');
-- min/max through the index use the aggregates' sort operators: the same answers as the reference order
SET enable_seqscan = off;
SELECT pg_temp.index_used('SELECT min(id), max(id) FROM ids', 'ids_btree') AS min_max_use_index,
       (SELECT min(id) FROM ids) = (SELECT min(n) FROM ids)::siq AS min_right, (SELECT max(id) FROM ids) = (SELECT max(n) FROM ids)::siq AS max_right;
RESET enable_seqscan;
SELECT bool_and((siq_hash_extended(id, 0) & 4294967295) = (siq_hash(id)::bigint & 4294967295)) AS extended_matches_standard
FROM ids;
CREATE TABLE hashed (id siq PRIMARY KEY) PARTITION BY HASH (id);
CREATE TABLE hashed_0 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hashed_1 PARTITION OF hashed FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hashed SELECT id FROM ids;
SELECT (SELECT count(*) FROM hashed_0) > 5000 AND (SELECT count(*) FROM hashed_1) > 5000 AS both_partitions_used;
DROP TABLE hashed, ids;

-- boundaries and BRIN over time
SELECT siq_boundary('2019-12-31 23:00:00Z') AS b_i1, siq_boundary('2019-12-31 23:00:00.000001Z') AS b_next_tick,
       siq_boundary('1970-01-01Z') AS b_epoch, siq_boundary('1900-01-01Z') AS b_before;
SELECT pg_temp.error_of('SELECT siq_boundary(''infinity'')');
SELECT siq_extract_timestamp(siq_boundary(t)) >= t AND siq_extract_timestamp(siq_boundary(t)) < t + interval '16 microseconds' AS within_a_tick
FROM (VALUES ('2026-11-22 10:11:12.345678Z'::timestamptz), ('1970-01-01Z'), ('2099-12-31 23:59:59.999999Z')) AS v(t);
CREATE TABLE timeline (id siq);
INSERT INTO timeline SELECT siq_boundary('2026-01-01Z'::timestamptz + g * interval '1 second') FROM generate_series(1, 100000) g;
CREATE INDEX timeline_brin ON timeline USING brin (id) WITH (pages_per_range = 8);
SET enable_seqscan = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM timeline WHERE id >= siq_boundary('2026-01-02Z') AND id < siq_boundary('2026-01-03Z');
SELECT count(*) FROM timeline WHERE id >= siq_boundary('2026-01-02Z') AND id < siq_boundary('2026-01-03Z');
RESET enable_seqscan;
DROP TABLE timeline;

-- the settings siq_generate(qualifier) reads
SET identities.siq_domain = 'example.com';
SET identities.siq_shard = 7;
SHOW identities.siq_domain;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SET identities.siq_domain = ''bücher.example''', 'SET identities.siq_shard = 256', 'SET identities.siq_shard = -1']) AS statement;
RESET identities.siq_domain;
RESET identities.siq_shard;
