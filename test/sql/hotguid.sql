-- HotGuid in uuid: the .NET/Npgsql byte layout, shard keys, timestamps, uniqueness.
SET TimeZone = 'UTC';
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- (vectors computed by hand from the layout: test/vectors/hotguid.tsv, checked by vectors)
-- the shard key is little-endian in the last 4 bytes, as .NET's BitConverter wrote it
SELECT hotguid_extract_shard_key('00000000-0000-0000-0000-000000000001') AS last_byte_most_significant,
       hotguid_extract_shard_key('00000000-0000-0000-0000-000001000000') AS byte_12_least_significant;
-- the seconds wrap at 2^32 (2106-02-07 06:28:16), as the reference's do
SELECT hotguid_extract_timestamp('ffffffff-0000-0000-0000-000000000000') AS last_second,
       hotguid_extract_timestamp('00000000-0000-0000-0000-000000000000') AS epoch;

-- generation: the shard key comes back, the timestamp is now, and ids are unique
SELECT k, hotguid_extract_shard_key(hotguid_generate(k)) = k AS round_trip
FROM unnest(ARRAY[0, 1, 17, 65536, 4294967295]::bigint[]) AS k;
SELECT hotguid_extract_timestamp(id) BETWEEN date_trunc('second', before) AND clock_timestamp() AS timestamp_is_now
FROM (SELECT clock_timestamp() AS before, hotguid_generate(17) AS id) AS t;
SELECT count(*) AS drawn, count(DISTINCT id) AS distinct_ids,
       count(DISTINCT substring(id::text FROM 10 FOR 9)) AS machine_tags
FROM (SELECT hotguid_generate(n) AS id FROM generate_series(1, 200000) AS n) AS generated;
-- the 24-bit counter increases by one per id (bytes 9-11)
SELECT count(*) FILTER (WHERE (counter - previous + 16777216) % 16777216 <> 1) AS gaps
FROM (SELECT counter, lag(counter) OVER (ORDER BY n) AS previous
      FROM (SELECT n, ('x' || substring(replace(hotguid_generate(1)::text, '-', '') FROM 19 FOR 6))::bit(24)::integer AS counter
            FROM generate_series(1, 1000) AS n) AS c) AS pairs
WHERE previous IS NOT NULL;

-- as a primary key default, with the shard key routing rows
CREATE TABLE orders (id uuid PRIMARY KEY DEFAULT hotguid_generate(17), total numeric);
INSERT INTO orders (total) VALUES (1), (2);
SELECT hotguid_extract_shard_key(id) AS shard, count(*) FROM orders GROUP BY 1;
DROP TABLE orders;

SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT hotguid_generate(-1)', 'SELECT hotguid_generate(4294967296)']) AS statement;
SELECT hotguid_generate(NULL) IS NULL AS null_in_null_out;
