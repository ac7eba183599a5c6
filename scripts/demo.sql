-- What a user does with identities, statement by statement.
CREATE EXTENSION identities;
SET TimeZone = 'UTC';

-- DistributedId: a 28-digit decimal that sorts by creation time, generated without coordination.
SELECT distributedid_generate() AS id, distributedid_generate() AS next_id;

-- As a primary key default, in a table partitioned by the ids' month.
CREATE TABLE orders (
    id       distributedid PRIMARY KEY DEFAULT distributedid_generate(),
    customer bigint NOT NULL,
    total    numeric
) PARTITION BY RANGE (id);
CREATE TABLE orders_this_month PARTITION OF orders
    FOR VALUES FROM (distributedid_boundary(date_trunc('month', now())))
    TO (distributedid_boundary(date_trunc('month', now()) + interval '1 month'));
CREATE TABLE orders_earlier PARTITION OF orders
    FOR VALUES FROM (MINVALUE) TO (distributedid_boundary(date_trunc('month', now())));
INSERT INTO orders (customer, total) SELECT g % 10, g * 1.5 FROM generate_series(1, 5) AS g;
INSERT INTO orders VALUES (distributedid_boundary('2024-03-15 12:00Z'), 42, 99.90);  -- an imported old order
SELECT tableoid::regclass AS partition, id, distributedid_extract_timestamp(id) AS created, total
FROM orders ORDER BY id;

-- "Created in March 2024", written in time: a range on the id, so the primary key and partition pruning serve it.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM orders WHERE id <@ '[2024-03-01Z,2024-04-01Z)';
SELECT count(*) AS last_hour FROM orders WHERE id <@ tstzrange(now() - interval '1 hour', NULL);

-- Partitions that maintain themselves: today's and a week ahead (run it daily; a retention drops old ones).
CREATE TABLE visits (id distributedid PRIMARY KEY DEFAULT distributedid_generate(), page text)
    PARTITION BY RANGE (id);
SELECT action, partition_name, from_time FROM identities_maintain_partitions('visits', '1 day', premake => 7);

-- The forms a .NET service exchanges with us: numeric (DECIMAL(28,0)), Architect's 16-byte binary form.
SELECT id::numeric AS as_decimal, id::bytea AS binary_form, id::uuid AS as_uuid
FROM orders ORDER BY id DESC LIMIT 1;

-- Deterministic ids for tests, like Architect's IncrementalDistributedIdGenerator.
SET identities.incremental_ids = '1';
SELECT distributedid_generate() AS first, distributedid_generate() AS second;
RESET identities.incremental_ids;

-- DistributedId128: the same library's UUIDv7-shaped id, in a plain uuid column.
CREATE TABLE accounts (id uuid PRIMARY KEY DEFAULT distributedid128_generate(), name text);
INSERT INTO accounts (name) VALUES ('ada'), ('grace');
SELECT id, distributedid128_extract_timestamp(id) AS created, distributedid128_to_numeric(id) AS as_uint128
FROM accounts ORDER BY id;

-- Architect's short forms: base62 and uppercase hex, and back (NULL for anything that is not one).
SELECT to_alphanumeric(id) AS alphanumeric, to_hexadecimal(id) AS hexadecimal,
       alphanumeric_to_distributedid(to_alphanumeric(id)) = id AS round_trip
FROM orders ORDER BY id LIMIT 2;
SELECT alphanumeric_to_distributedid('not-an-encoding') AS not_an_encoding;
-- A cast of bad input is refused with PostgreSQL's SQLSTATEs: the ERROR below is on purpose (22P02).
\set ON_ERROR_STOP 0
SELECT 'not-an-id'::distributedid;
\set ON_ERROR_STOP 1

-- Public ids: the key comes from identities.public_key_file (a 0600 file); nobody can read it back.
SHOW identities.public_key;        -- the setting itself is not used here: (unset)
SHOW identities.public_key_file;   -- the key is read from this file
CREATE VIEW api_orders AS SELECT to_alphanumeric(public_id(id)) AS id, total FROM orders;
SELECT * FROM api_orders;
-- A client sends a public id back: the lookup decrypts it; a forged one finds nothing.
SELECT id AS public_order_id FROM api_orders LIMIT 1 \gset
SELECT * FROM orders WHERE id = public_id_to_distributedid(alphanumeric_to_uuid(:'public_order_id'));
SELECT * FROM orders WHERE id = public_id_to_distributedid(alphanumeric_to_uuid('AMlDXspEMpNEsNsg5isSD1'));

-- iUID: the country and the service entity inside the id; partitions ordered by country route rows, and the
-- id alone finds its partition.
CREATE TABLE rides (id iuid PRIMARY KEY DEFAULT iuid_generate(country => 42, service_entity => 7), fare numeric)
    PARTITION BY RANGE (id iuid_country_ops);
CREATE TABLE rides_0_49 PARTITION OF rides FOR VALUES FROM (MINVALUE) TO (iuid_country_boundary(50));
CREATE TABLE rides_50_255 PARTITION OF rides FOR VALUES FROM (iuid_country_boundary(50)) TO (MAXVALUE);
INSERT INTO rides (fare) VALUES (12.50), (8.00);
INSERT INTO rides VALUES (iuid_generate(country => 76, service_entity => 3), 30.00);
SELECT tableoid::regclass AS partition, id, iuid_extract_country(id) AS country,
       iuid_extract_service_entity(id) AS service_entity, iuid_extract_timestamp(id) AS created
FROM rides ORDER BY id;
SELECT id AS ride FROM rides WHERE iuid_extract_country(id) = 76 \gset
EXPLAIN (COSTS OFF) SELECT fare FROM rides WHERE id = :'ride';

-- HotGuid: a uuid with a shard key, laid out as a .NET service writes it through Npgsql.
SELECT id, hotguid_extract_shard_key(id) AS shard_key, hotguid_extract_timestamp(id) AS created
FROM (SELECT hotguid_generate(17) AS id) AS generated;

-- LUUID: the sequence's key and the table's group (CRC-12 of its name) inside a uuid.
CREATE SEQUENCE person_seq;
CREATE TABLE person (id uuid PRIMARY KEY DEFAULT luuid_generate('person', nextval('person_seq')), name text);
INSERT INTO person (name) VALUES ('ada'), ('grace');
SELECT id, '/person/' || luuid_short(id) AS url, luuid_extract_group(id) = luuid_group('person') AS is_person, name
FROM person ORDER BY id;

-- SIQ (SUOU): timestamp, shard, domain hash, serial and qualifier; serials shared by the whole server.
SET identities.siq_domain = 'example.com';
CREATE TABLE posts (id siq PRIMARY KEY DEFAULT siq_generate('message'), body text);
INSERT INTO posts (body) VALUES ('hello'), ('world');
SELECT id, siq_to_did(id) AS did, siq_extract_qualifier(id) AS qualifier, siq_extract_serial(id) AS serial,
       siq_extract_timestamp(id) AS created
FROM posts ORDER BY id;

-- Snowflake (Discord's layout and epoch) in a bigint column.
CREATE TABLE events (id bigint PRIMARY KEY DEFAULT snowflake_generate(), payload text);
INSERT INTO events (payload) VALUES ('signup'), ('login');
SELECT id, snowflake_extract_timestamp(id) AS created, snowflake_extract_worker(id) AS worker,
       snowflake_extract_increment(id) AS increment
FROM events ORDER BY id;

-- UUIDv7 (RFC 9562) on every major, increasing across the whole server when preloaded.
SELECT id, uuidv7_extract_timestamp(id) AS created FROM (SELECT uuidv7_generate() AS id) AS generated;

-- ULID in its own type: 26 characters of Crockford's base32, monotonic within a millisecond, the same 16 bytes as a
-- uuid; a ULID made elsewhere (the spec's example) is read in either case.
CREATE TABLE carts (id ulid PRIMARY KEY DEFAULT ulid_generate(), item text);
INSERT INTO carts (item) VALUES ('book'), ('pen');
INSERT INTO carts VALUES ('01arz3ndektsv4rrffq69g5fav', 'from another service');
SELECT id, ulid_extract_timestamp(id) AS created, id::uuid AS as_uuid, item FROM carts ORDER BY id;

-- What the generators did meanwhile (doc/operations.md, "Watching the generators"): the ids each made, any that
-- waited for the clock or ran ahead of it, the node identity they carry, and the years their format has left.
SELECT format, ids_generated, ids_waited, ids_ahead_of_clock, clock_steps_back, node_identity,
       round(epoch_years_left) AS years_left
FROM identities_stats ORDER BY format;

-- That was every id type, generated, stored and read back: DistributedId, DistributedId128, public ids, iUID,
-- HotGuid, LUUID, SIQ, Snowflake, UUIDv7 and ULID. doc/usage.md goes further.
