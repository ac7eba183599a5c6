-- UUIDv7 in uuid: layout, generation, extraction, boundaries, time-ordered keys and partitions.
SET TimeZone = 'UTC';
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- (RFC 9562's example and other instants: test/vectors/uuidv7.tsv)
-- NULL for any uuid that is not version 7 with variant 10 (as core uuid_extract_timestamp), e.g. a
-- DistributedId128 (variant 0), an iUID (version 8), a random uuid (version 4)
SELECT uuidv7_extract_timestamp('017f22e2-79b0-7cc3-18c4-dc0c0c07398f') AS variant_0,
       uuidv7_extract_timestamp('017f22e2-79b0-8cc3-98c4-dc0c0c07398f') AS version_8,
       uuidv7_extract_timestamp(gen_random_uuid()) AS version_4;

-- generated ids: version 7, variant 10, the clock's millisecond, strictly increasing in the order made
SELECT bool_and(id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$') AS shaped,
       bool_and(uuidv7_extract_timestamp(id) BETWEEN date_trunc('milliseconds', before) AND clock_timestamp()) AS clock_time,
       count(DISTINCT id) AS distinct_ids
FROM (SELECT clock_timestamp() AS before, uuidv7_generate() AS id FROM generate_series(1, 10000)) AS generated;
SELECT bool_and(a < b) AS increasing
FROM (SELECT lag(id) OVER (ORDER BY n) AS a, id AS b FROM (SELECT n, uuidv7_generate() AS id FROM generate_series(1, 10000) AS n) AS made) AS pairs
WHERE a IS NOT NULL;

-- boundaries: the smallest UUIDv7 of the first millisecond at or after the instant; IMMUTABLE, for partitions
SELECT uuidv7_boundary('2022-02-22 19:22:22Z') AS b_example, uuidv7_boundary('2022-02-22 19:22:22.0001Z') AS b_next_ms,
       uuidv7_boundary('1969-01-01Z') AS b_before_1970, uuidv7_boundary('-infinity') AS b_minus_infinity;
SELECT pg_temp.error_of('SELECT uuidv7_boundary(''infinity'')') AS b_infinity;
SELECT uuidv7_extract_timestamp(uuidv7_boundary(t)) = t AS round_trip
FROM (VALUES ('2026-11-22 10:11:12.345Z'::timestamptz), ('1970-01-01Z'), ('2500-01-01Z')) AS v(t);

CREATE TABLE events (id uuid NOT NULL DEFAULT uuidv7_generate(), payload text) PARTITION BY RANGE (id);
CREATE TABLE events_old PARTITION OF events FOR VALUES FROM (MINVALUE) TO (uuidv7_boundary('2026-01-01Z'));
CREATE TABLE events_new PARTITION OF events FOR VALUES FROM (uuidv7_boundary('2026-01-01Z')) TO (MAXVALUE);
INSERT INTO events (payload) VALUES ('now');
INSERT INTO events VALUES ('017f22e2-79b0-7cc3-98c4-dc0c0c07398f', 'rfc example');
SELECT tableoid::regclass AS partition, payload FROM events ORDER BY id;
DROP TABLE events;
