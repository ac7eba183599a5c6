-- LUUID in uuid: the blog's layout and CRC-12 group ids, keys, the short form.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- the blog's CRC-12 (its vectors and names computed by hand: test/vectors/luuid.tsv) of the empty name
SELECT luuid_group('') AS empty_name;

-- layout pppppppp-pppp-6ggg-arrr-rrrrrrrrrrrr: the key, version 6, the group, the fixed nibble a
SELECT substring(id::text FROM 1 FOR 19) AS fixed_part, id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-6[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$' AS shaped
FROM (VALUES (luuid_generate('person', 2298414)), (luuid_generate(4095, 281474976710655)), (luuid_generate(0, 0))) AS v(id);
-- (the key, group and short form of known LUUIDs: test/vectors/luuid.tsv)
-- not a LUUID (another version, or not the nibble a): no key, no group
SELECT luuid_extract_key(gen_random_uuid()) AS random_uuid_key, luuid_extract_group('00000023-122e-62a0-8012-3456789abcde') AS variant_8,
       luuid_short('00000023-122e-72a0-a012-3456789abcde') AS version_7;

-- generation: unique even for one key (60 random bits), the key and group come back
SELECT count(DISTINCT luuid_generate('person', 1)) AS distinct_for_one_key FROM generate_series(1, 10000);
SELECT bool_and(luuid_extract_key(luuid_generate('person', k)) = k AND luuid_extract_group(luuid_generate('person', k)) = luuid_group('person'))
    AS round_trip
FROM generate_series(0, 1000) AS k;

-- the typical column: the sequence's key inside the id, the short form as a URL slug
CREATE SEQUENCE person_seq;
CREATE TABLE person (id uuid PRIMARY KEY DEFAULT luuid_generate('person', nextval('person_seq')), name text);
INSERT INTO person (name) VALUES ('ada'), ('grace');
SELECT luuid_extract_key(id) AS key, '/person/' || luuid_short(id) AS url, name FROM person ORDER BY id;
-- an /any/<uuid> request: the group says which table holds it
SELECT CASE luuid_extract_group(id) WHEN luuid_group('person') THEN 'person' ELSE 'unknown' END AS resource FROM person LIMIT 1;
DROP TABLE person;
DROP SEQUENCE person_seq;

SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT luuid_generate(''person'', -1)', 'SELECT luuid_generate(''person'', 281474976710656)',
	'SELECT luuid_generate(4096, 1)', 'SELECT luuid_generate(-1, 1)']) AS statement;
