-- Routing by the id alone: the routing orders (iuid_country_ops, siq_shard_ops) and their boundaries for RANGE
-- partitions, and *_hash_partition() against core PARTITION BY HASH, whose placements are frozen here.
SET TimeZone = 'UTC';
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- boundaries: the smallest id of a country / shard in the routing order, valid ids of their type
SELECT iuid_country_boundary(0) AS country_0, iuid_country_boundary(42) AS country_42,
       iuid_country_boundary(255) AS country_255, iuid_extract_country(iuid_country_boundary(42)) AS extracted;
SELECT siq_shard_boundary(0) AS shard_0, siq_shard_boundary(7) AS shard_7, siq_shard_boundary(255) AS shard_255,
       siq_extract_shard(siq_shard_boundary(7)) AS extracted;
SELECT call, pg_temp.error_of('SELECT ' || call)
FROM unnest(ARRAY['iuid_country_boundary(-1)', 'iuid_country_boundary(256)', 'siq_shard_boundary(-1)',
                  'siq_shard_boundary(256)', 'iuid_hash_partition(iuid_country_boundary(1), 0)',
                  'siq_hash_partition(siq_shard_boundary(1), -3)',
                  'distributedid_hash_partition(1::distributedid, 0)']) AS call;
SELECT iuid_country_boundary(NULL) IS NULL AS strict, siq_hash_partition(NULL, 2) IS NULL AS strict_too;

-- the routing order: country (shard) first, then the default order; = is the type's own
WITH ids(id) AS (VALUES ('018cc251-f47b-8009-81d2-3456789abcde'::iuid), ('018cc251-f47b-8007-81d2-3456789abcde'),
                        ('0000c251-f47b-8009-81d2-3456789abcde'), ('ffffc251-f47b-8007-81d2-3456789abcde'))
SELECT id, iuid_extract_country(id) AS country FROM ids ORDER BY id USING ~<~;
WITH ids(id) AS (VALUES ('018cc251-f47b-8009-81d2-3456789abcde'::iuid), ('ffffc251-f47b-8007-81d2-3456789abcde'))
SELECT a.id ~<~ b.id AS lt, a.id ~<=~ b.id AS le, a.id ~>=~ b.id AS ge, a.id ~>~ b.id AS gt, a.id < b.id AS default_lt,
       iuid_country_cmp(a.id, b.id) AS cmp
FROM ids a, ids b ORDER BY a.id, b.id;
SELECT siq_shard_cmp('0001000000000002000000000000', '0002000000000001000000000000') AS shard_decides,
       siq_shard_cmp('0002000000000001000000000000', '0001000000000001000000000000') AS then_time,
       '0001000000000002000000000000'::siq ~<~ '0002000000000001000000000000' AS lt;

-- RANGE partitions by country: PRIMARY KEY (id) accepted, INSERTs routed (DEFAULT ids included), id = $1 prunes
CREATE TABLE rides (id iuid PRIMARY KEY DEFAULT iuid_generate(7, 1), payload text)
	PARTITION BY RANGE (id iuid_country_ops);
CREATE TABLE rides_0_9 PARTITION OF rides FOR VALUES FROM (MINVALUE) TO (iuid_country_boundary(10));
CREATE TABLE rides_10_99 PARTITION OF rides FOR VALUES FROM (iuid_country_boundary(10)) TO (iuid_country_boundary(100));
CREATE TABLE rides_100_255 PARTITION OF rides FOR VALUES FROM (iuid_country_boundary(100)) TO (MAXVALUE);
INSERT INTO rides (payload) SELECT 'default ' || n FROM generate_series(1, 100) n;
INSERT INTO rides (id, payload) SELECT iuid_generate(c, 1), 'country ' || c FROM generate_series(0, 255) c;
SELECT tableoid::regclass AS partition, min(iuid_extract_country(id)), max(iuid_extract_country(id)), count(*)
FROM rides GROUP BY 1 ORDER BY 1;
SELECT pg_temp.error_of(format('INSERT INTO rides VALUES (%L)', (SELECT id FROM rides WHERE payload = 'country 42')));
EXPLAIN (COSTS OFF) SELECT * FROM rides WHERE id = '018cc251-f47b-802a-81d2-3456789abcde';
PREPARE ride(iuid) AS SELECT payload FROM rides WHERE id = $1;
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE ride('018cc251-f47b-802a-81d2-3456789abcde');
RESET plan_cache_mode;
DEALLOCATE ride;
DROP TABLE rides;

-- the same by siq shard
CREATE TABLE messages (id siq PRIMARY KEY, body text) PARTITION BY RANGE (id siq_shard_ops);
CREATE TABLE messages_low PARTITION OF messages FOR VALUES FROM (MINVALUE) TO (siq_shard_boundary(128));
CREATE TABLE messages_high PARTITION OF messages FOR VALUES FROM (siq_shard_boundary(128)) TO (MAXVALUE);
INSERT INTO messages VALUES ('0001000000000000000000000002', 'shard 0'), ('0001000000000080000000000002', 'shard 128'),
                            ('00010000000000ff000000000002', 'shard 255');
SELECT tableoid::regclass AS partition, siq_extract_shard(id) AS shard, body FROM messages ORDER BY id;
EXPLAIN (COSTS OFF) SELECT * FROM messages WHERE id = '0001000000000080000000000002';
DROP TABLE messages;

-- *_hash_partition() is the remainder core PARTITION BY HASH assigns, for moduli 2, 3 and 8 over 10 000 ids each
CREATE FUNCTION pg_temp.misplaced(type regtype, generator text, modulus integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
	misplaced bigint;
BEGIN
	EXECUTE format('CREATE TABLE hashed (id %s) PARTITION BY HASH (id)', type);
	FOR remainder IN 0 .. modulus - 1 LOOP
		EXECUTE format('CREATE TABLE hashed_%s PARTITION OF hashed FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
		               remainder, modulus, remainder);
	END LOOP;
	EXECUTE format('INSERT INTO hashed SELECT %s FROM generate_series(1, 10000) AS g', generator);
	EXECUTE format('SELECT count(*) FROM hashed WHERE tableoid::regclass::text <> ''hashed_'' || %s_hash_partition(id, %s)',
	               type, modulus) INTO misplaced;
	DROP TABLE hashed;
	RETURN misplaced;
END $$;
SELECT type, modulus, pg_temp.misplaced(type, generator, modulus)
FROM (VALUES ('distributedid'::regtype, 'distributedid_generate()'), ('iuid', 'iuid_generate(42, 7)'),
             ('siq', '(g * 1234567890123456789::numeric)::siq')) AS types(type, generator),
     (VALUES (2), (3), (8)) AS moduli(modulus)
ORDER BY 1, 2;

-- frozen: the extended hash at PostgreSQL's HASH_PARTITION_SEED and the placements that follow from it
SELECT id, distributedid_hash_extended(id, 8816678312871386365) AS hash, distributedid_hash_partition(id, 8) AS of_8,
       distributedid_hash_partition(id, 3) AS of_3
FROM unnest(ARRAY[0, 1, 1127127523679087863971182442, 9999999999999999999999999999]::distributedid[]) AS id;
SELECT id, iuid_hash_extended(id, 8816678312871386365) AS hash, iuid_hash_partition(id, 8) AS of_8,
       iuid_hash_partition(id, 3) AS of_3
FROM unnest(ARRAY['018cc251-f47b-802a-81d2-3456789abcde', '00000000-0000-8000-8000-000000000000']::iuid[]) AS id;
SELECT id, siq_hash_extended(id, 8816678312871386365) AS hash, siq_hash_partition(id, 8) AS of_8,
       siq_hash_partition(id, 3) AS of_3
FROM unnest(ARRAY['0001000000008002000000000000', 'ffffffffffffffffffffffffffff']::siq[]) AS id;

-- the default btree and hash families come first for the type's =, so joins never pick the routing order's
SELECT t, array_agg(f.opfname || ' (' || am.amname || ')' ORDER BY o.amopfamily) AS families_of_equals
FROM unnest(ARRAY['iuid', 'siq']) AS t
JOIN pg_amop o ON o.amopopr = format('=(%s,%s)', t, t)::regoperator
JOIN pg_opfamily f ON f.oid = o.amopfamily JOIN pg_am am ON am.oid = f.opfmethod
GROUP BY t ORDER BY t;
