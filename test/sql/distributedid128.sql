-- DistributedId128 in uuid: generation, layout, extraction, boundaries, numeric form, deterministic ids.
SET TimeZone = 'UTC';

\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- the layout: 48-bit ms since 1700, version nibble 7, variant bit 0 (a hex digit 0-7 at position 20)
SELECT id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-7][0-9a-f]{3}-[0-9a-f]{12}$' AS shaped,
       distributedid128_extract_timestamp(id) BETWEEN date_trunc('milliseconds', before) AND clock_timestamp() AS timestamp_is_now
FROM (SELECT clock_timestamp() AS before, distributedid128_generate() AS id) AS t;

-- the numeric form (Architect's UInt128) at its ends (the spec's CreateCore vectors: test/vectors/distributedid128.tsv)
SELECT distributedid128_to_numeric('00000000-0000-0000-0000-000000000000') AS zero,
       distributedid128_to_numeric('ffffffff-ffff-ffff-ffff-ffffffffffff') AS max,
       numeric_to_distributedid128(340282366920938463463374607431768211455) AS from_max,
       numeric_to_distributedid128(18446744073709551616.000) AS from_2_64;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT numeric_to_distributedid128(-1)', 'SELECT numeric_to_distributedid128(1.5)',
	'SELECT numeric_to_distributedid128(340282366920938463463374607431768211456)',
	'SELECT numeric_to_distributedid128(''NaN'')', 'SELECT numeric_to_distributedid128(''-Infinity'')']) AS statement;

-- Split / Join into two non-negative bigints (the reference's vectors: test/vectors/distributedid128.tsv); the errors
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT distributedid128_split(numeric_to_distributedid128(9223372036854775808))',
	'SELECT distributedid128_split(numeric_to_distributedid128(18446744073709551615))',
	'SELECT distributedid128_split(numeric_to_distributedid128(170141183460469231731687303715884105728))',
	'SELECT distributedid128_split(''ffffffff-ffff-ffff-ffff-ffffffffffff'')',
	'SELECT distributedid128_join(-1, 0)', 'SELECT distributedid128_join(0, -1)']) AS statement;
SELECT (distributedid128_split(id)).upper > 0 AS generated_ids_split FROM (SELECT distributedid128_generate() AS id) AS t;

-- uuids without the shape (another version, or the RFC variant) have no DistributedId128 timestamp, as
-- uuid_extract_timestamp gives none for versions it does not know
SELECT distributedid128_extract_timestamp('094c8deb-b800-4000-8000-000000000001') AS version_4,
       distributedid128_extract_timestamp('094c8deb-b800-7000-8000-000000000001') AS rfc_variant,
       distributedid128_extract_timestamp(gen_random_uuid()) AS random_uuid;

-- generation: increasing within a session, unique, the random part increasing within a ms
SELECT count(*) FILTER (WHERE id <= previous) AS out_of_order, count(DISTINCT id) AS distinct_ids,
       bool_and(distributedid128_extract_timestamp(id) IS NOT NULL) AS all_shaped
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, distributedid128_generate() AS id FROM generate_series(1, 100000) AS n) AS generated) AS pairs;
SELECT count(DISTINCT distributedid128_extract_timestamp(id)) < 1000 AS many_per_millisecond
FROM (SELECT distributedid128_generate() AS id FROM generate_series(1, 100000)) AS generated;

-- boundaries: the smallest value at a ms; every id generated in that ms lies between two boundaries
SELECT distributedid128_boundary('2024-01-01Z') AS b_2024, distributedid128_boundary('2024-01-01 00:00:00.0001Z') AS b_next_ms,
       distributedid128_boundary('1700-01-01Z') AS b_epoch, distributedid128_boundary('-infinity') AS b_minus_infinity;
SELECT distributedid128_boundary('10619-08-04 05:31:50.655Z') AS b_last;
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT distributedid128_boundary(''10619-08-04 05:31:50.656Z'')', 'SELECT distributedid128_boundary(''infinity'')']) AS statement;
SELECT distributedid128_extract_timestamp(distributedid128_boundary(t)) = t AS round_trip
FROM (VALUES ('2026-11-22 10:11:12.345Z'::timestamptz), ('1700-01-01Z'), ('1970-01-01Z'), ('9999-12-31 23:59:59.999Z')) AS v(t);
SELECT id >= distributedid128_boundary(date_trunc('milliseconds', before))
   AND id < distributedid128_boundary(date_trunc('milliseconds', clock_timestamp()) + interval '1 millisecond') AS between_boundaries
FROM (SELECT clock_timestamp() AS before, distributedid128_generate() AS id) AS t;

-- range partitions on a uuid column, pruned by boundaries
CREATE TABLE accounts (id uuid PRIMARY KEY DEFAULT distributedid128_generate(), name text) PARTITION BY RANGE (id);
CREATE TABLE accounts_old PARTITION OF accounts FOR VALUES FROM (MINVALUE) TO (distributedid128_boundary('2026-01-01Z'));
CREATE TABLE accounts_new PARTITION OF accounts FOR VALUES FROM (distributedid128_boundary('2026-01-01Z')) TO (MAXVALUE);
INSERT INTO accounts (name) SELECT 'user ' || g FROM generate_series(1, 100) AS g;
INSERT INTO accounts VALUES (distributedid128_boundary('2025-06-15Z'), 'old');
SELECT tableoid::regclass AS partition, count(*) FROM accounts GROUP BY 1 ORDER BY 1;
EXPLAIN (COSTS OFF) SELECT * FROM accounts WHERE id >= distributedid128_boundary('2025-06-01Z') AND id < distributedid128_boundary('2025-07-01Z');
DROP TABLE accounts;

-- deterministic ids: the uuids of N, N+1, ... (Architect's IncrementalDistributedId128Generator), a series of
-- their own next to distributedid's
SET identities.incremental_ids = '1';
SELECT distributedid128_generate(), distributedid_generate(), distributedid128_generate();
BEGIN;
SET LOCAL identities.incremental_ids = '340282366920938463463374607431768211454';
SELECT distributedid128_generate(), distributedid128_generate();
SELECT pg_temp.error_of('SELECT distributedid128_generate()');
COMMIT;
SELECT distributedid128_generate() AS after_set_local;
RESET identities.incremental_ids;
SELECT distributedid128_extract_timestamp(distributedid128_generate()) IS NOT NULL AS real_generator_again;
