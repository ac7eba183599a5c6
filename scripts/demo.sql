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

-- Time-range scans on the primary key, without a separate created_at column.
EXPLAIN (COSTS OFF)
SELECT count(*) FROM orders
WHERE id >= distributedid_boundary('2024-03-01Z') AND id < distributedid_boundary('2024-04-01Z');

-- The forms a .NET service exchanges with us: numeric (DECIMAL(28,0)), Architect's 16-byte binary form.
SELECT id::numeric AS as_decimal, id::bytea AS binary_form, id::uuid AS as_uuid
FROM orders ORDER BY id DESC LIMIT 1;

-- Deterministic ids for tests, like Architect's IncrementalDistributedIdGenerator.
SET identities.incremental_ids = '1';
SELECT distributedid_generate() AS first, distributedid_generate() AS second;
RESET identities.incremental_ids;

-- Bad input is refused with PostgreSQL's SQLSTATEs (22P02 here).
\set ON_ERROR_STOP 0
SELECT 'not-an-id'::distributedid;
\set ON_ERROR_STOP 1
