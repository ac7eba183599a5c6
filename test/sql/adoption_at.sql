-- The <format>_generate_at functions: a valid id of each format for a given instant, for rows made before
-- identities. For each: ids of 10000 instants more than one of the format's units apart (distinct, embedding their
-- instant, ordered as the instants, the other fields as given), ids of one instant (distinct by their random bits, or
-- by the increment, serial or counter given), the range and argument errors. None needs shared memory or touches a
-- generator's state, so this runs alike on a preloaded and a plain server.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
SET TimeZone = 'UTC';
SET DateStyle = 'ISO, YMD';

-- The instant n of a series: from 2021-03-04 05:06:07.891234Z, a step apart.
CREATE FUNCTION pg_temp.instant(n integer, step interval) RETURNS timestamptz
	LANGUAGE sql STABLE RETURN timestamptz '2021-03-04 05:06:07.891234Z' + n * step;
-- A uuid's (or an iuid's) bits, the most significant first: bit k is substring(bits FROM k + 1 FOR 1).
CREATE FUNCTION pg_temp.bits(id text) RETURNS bit(128)
	LANGUAGE sql IMMUTABLE RETURN ('x' || replace(id, '-', ''))::bit(128);

-- distributedid: the instant's own millisecond (not a second before, as distributedid_generate's), 48 random bits
-- whose top one is set about half the time (drawn whole, not as the generator's increments)
CREATE TEMP TABLE distributedids AS
SELECT n, pg_temp.instant(n, '1237 us') AS at, distributedid_generate_at(pg_temp.instant(n, '1237 us')) AS id
FROM generate_series(0, 9999) AS n;
SELECT count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE distributedid_extract_timestamp(id) = date_trunc('milliseconds', at)) AS at_its_millisecond,
       count(*) FILTER (WHERE id <= previous) AS out_of_order,
       count(*) FILTER (WHERE id::numeric % 281474976710656 >= 140737488355328) BETWEEN 4000 AND 6000 AS top_random_bit_balanced
FROM (SELECT at, id, lag(id) OVER (ORDER BY n) AS previous FROM distributedids) AS ids;
SELECT count(DISTINCT distributedid_generate_at('2021-03-04 05:06:07.891234Z')) AS distinct_of_one_instant
FROM generate_series(1, 1000);
SELECT distributedid_extract_timestamp(distributedid_generate_at('1900-01-01 00:00:00Z')) AS first,
       distributedid_extract_timestamp(distributedid_generate_at('3014-12-13 12:41:28.831999Z')) AS last;
SELECT pg_temp.error_of(format('SELECT distributedid_generate_at(%L)', at)) AS out_of_range
FROM unnest(ARRAY['-infinity', 'infinity', '1899-12-31 23:59:59.999999Z', '3014-12-13 12:41:28.832Z']::timestamptz[]) AS at;

-- DistributedId128: the instant's millisecond since 1700, version nibble 7, the zero bit where RFC 9562 puts its
-- variant, 75 random bits (the top one set about half the time)
CREATE TEMP TABLE distributedid128s AS
SELECT n, pg_temp.instant(n, '1237 us') AS at, distributedid128_generate_at(pg_temp.instant(n, '1237 us')) AS id
FROM generate_series(0, 9999) AS n;
SELECT count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE distributedid128_extract_timestamp(id) = date_trunc('milliseconds', at)) AS at_its_millisecond,
       count(*) FILTER (WHERE id <= previous) AS out_of_order,
       count(*) FILTER (WHERE substring(pg_temp.bits(id::text) FROM 49 FOR 4) = B'0111'
                          AND substring(pg_temp.bits(id::text) FROM 65 FOR 1) = B'0') AS shaped,
       count(*) FILTER (WHERE substring(pg_temp.bits(id::text) FROM 53 FOR 1) = B'1') BETWEEN 4000 AND 6000 AS top_random_bit_balanced
FROM (SELECT n, at, id, lag(id) OVER (ORDER BY n) AS previous FROM distributedid128s) AS ids;
SELECT count(DISTINCT distributedid128_generate_at('2021-03-04 05:06:07.891234Z')) AS distinct_of_one_instant
FROM generate_series(1, 1000);
SELECT distributedid128_extract_timestamp(distributedid128_generate_at('1700-01-01 00:00:00Z')) AS first,
       distributedid128_extract_timestamp(distributedid128_generate_at('10619-08-04 05:31:50.655999Z')) AS last;
SELECT pg_temp.error_of(format('SELECT distributedid128_generate_at(%L)', at)) AS out_of_range
FROM unnest(ARRAY['-infinity', 'infinity', '1699-12-31 23:59:59.999999Z', '10619-08-04 05:31:50.656Z']::timestamptz[]) AS at;

-- UUIDv7: the instant's millisecond, its fraction in rand_a as uuidv7_generate takes the clock's (the microseconds
-- of the millisecond * 4096 / 1000), version 7, variant 10, 62 random bits; instants one microsecond apart order too
CREATE TEMP TABLE uuidv7s AS
SELECT n, pg_temp.instant(n, '1237 us') AS at, uuidv7_generate_at(pg_temp.instant(n, '1237 us')) AS id
FROM generate_series(0, 9999) AS n;
SELECT count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE uuidv7_extract_timestamp(id) = date_trunc('milliseconds', at)) AS at_its_millisecond,
       count(*) FILTER (WHERE id <= previous) AS out_of_order,
       count(*) FILTER (WHERE substring(pg_temp.bits(id::text) FROM 53 FOR 12)::integer
                              = (extract(microseconds FROM at)::integer % 1000) * 4096 / 1000) AS its_fraction,
       count(*) FILTER (WHERE substring(pg_temp.bits(id::text) FROM 67 FOR 1) = B'1') BETWEEN 4000 AND 6000 AS top_random_bit_balanced
FROM (SELECT n, at, id, lag(id) OVER (ORDER BY n) AS previous FROM uuidv7s) AS ids;
SELECT count(*) FILTER (WHERE id <= previous) AS out_of_order_a_microsecond_apart
FROM (SELECT id, lag(id) OVER (ORDER BY n) AS previous
      FROM (SELECT n, uuidv7_generate_at(pg_temp.instant(n, '1 us')) AS id FROM generate_series(0, 9999) AS n) AS ids) AS ordered;
SELECT count(DISTINCT uuidv7_generate_at('2021-03-04 05:06:07.891234Z')) AS distinct_of_one_instant
FROM generate_series(1, 1000);
SELECT uuidv7_extract_timestamp(uuidv7_generate_at('1970-01-01 00:00:00Z')) AS first,
       uuidv7_extract_timestamp(uuidv7_generate_at('10889-08-02 05:31:50.655999Z')) AS last;
SELECT pg_temp.error_of(format('SELECT uuidv7_generate_at(%L)', at)) AS out_of_range
FROM unnest(ARRAY['-infinity', 'infinity', '1969-12-31 23:59:59.999999Z', '10889-08-02 05:31:50.656Z']::timestamptz[]) AS at;

-- iUID: the instant's millisecond, format version 0, the country and service entity given, 54 random bits
CREATE TEMP TABLE iuids AS
SELECT n, pg_temp.instant(n, '1237 us') AS at, iuid_generate_at(pg_temp.instant(n, '1237 us'), n % 256, n / 256 % 256) AS id
FROM generate_series(0, 9999) AS n;
SELECT count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE iuid_extract_timestamp(id) = date_trunc('milliseconds', at)) AS at_its_millisecond,
       count(*) FILTER (WHERE id <= previous) AS out_of_order,
       count(*) FILTER (WHERE iuid_extract_country(id) = n % 256 AND iuid_extract_service_entity(id) = n / 256 % 256
                          AND iuid_extract_format_version(id) = 0) AS fields_as_given,
       count(*) FILTER (WHERE substring(pg_temp.bits(id::text) FROM 75 FOR 1) = B'1') BETWEEN 4000 AND 6000 AS top_random_bit_balanced
FROM (SELECT n, at, id, lag(id) OVER (ORDER BY n) AS previous FROM iuids) AS ids;
SELECT count(DISTINCT iuid_generate_at('2021-03-04 05:06:07.891234Z', 42, 7)) AS distinct_of_one_instant
FROM generate_series(1, 1000);
SELECT iuid_extract_timestamp(iuid_generate_at('1970-01-01 00:00:00Z', 0, 0)) AS first,
       iuid_extract_timestamp(iuid_generate_at('10889-08-02 05:31:50.655999Z', 255, 255)) AS last;
SELECT pg_temp.error_of(format('SELECT iuid_generate_at(%L, 1, 2)', at)) AS out_of_range
FROM unnest(ARRAY['-infinity', 'infinity', '1969-12-31 23:59:59.999999Z', '10889-08-02 05:31:50.656Z']::timestamptz[]) AS at;
SELECT pg_temp.error_of(statement) AS bad_argument
FROM unnest(ARRAY['SELECT iuid_generate_at(''2021-03-04Z'', 256, 0)',
                  'SELECT iuid_generate_at(''2021-03-04Z'', -1, 0)',
                  'SELECT iuid_generate_at(''2021-03-04Z'', 0, 256)']) AS statement;

-- ULID: the instant's millisecond and 80 random bits (the top one balanced)
CREATE TEMP TABLE ulids AS
SELECT n, pg_temp.instant(n, '1237 us') AS at, ulid_generate_at(pg_temp.instant(n, '1237 us')) AS id
FROM generate_series(0, 9999) AS n;
SELECT count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE ulid_extract_timestamp(id) = date_trunc('milliseconds', at)) AS at_its_millisecond,
       count(*) FILTER (WHERE id <= previous) AS out_of_order,
       count(*) FILTER (WHERE substring(pg_temp.bits(id::uuid::text) FROM 49 FOR 1) = B'1') BETWEEN 4000 AND 6000 AS top_random_bit_balanced
FROM (SELECT n, at, id, lag(id) OVER (ORDER BY n) AS previous FROM ulids) AS ids;
SELECT count(DISTINCT ulid_generate_at('2021-03-04 05:06:07.891234Z')) AS distinct_of_one_instant
FROM generate_series(1, 1000);
SELECT ulid_extract_timestamp(ulid_generate_at('1970-01-01 00:00:00Z')) AS first,
       ulid_extract_timestamp(ulid_generate_at('10889-08-02 05:31:50.655999Z')) AS last;
SELECT pg_temp.error_of(format('SELECT ulid_generate_at(%L)', at)) AS out_of_range
FROM unnest(ARRAY['-infinity', 'infinity', '1969-12-31 23:59:59.999999Z', '10889-08-02 05:31:50.656Z']::timestamptz[]) AS at;

-- HotGuid: the instant's second, this server's machine tag (hotguid_generate's), the counter and shard key given
CREATE TEMP TABLE hotguids AS
SELECT n, pg_temp.instant(n, '1.237013 s') AS at,
       hotguid_generate_at(pg_temp.instant(n, '1.237013 s'), n * 429497::bigint, n * 1677) AS id
FROM generate_series(0, 9999) AS n;
SELECT count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE hotguid_extract_timestamp(id) = date_trunc('second', at)) AS at_its_second,
       count(*) FILTER (WHERE id <= previous) AS out_of_order,
       count(*) FILTER (WHERE hotguid_extract_shard_key(id) = n * 429497::bigint
                          AND substring(pg_temp.bits(id::text) FROM 73 FOR 24)::integer = n * 1677) AS fields_as_given,
       count(DISTINCT substring(pg_temp.bits(id::text) FROM 33 FOR 40)) AS machine_tags
FROM (SELECT n, at, id, lag(id) OVER (ORDER BY n) AS previous FROM hotguids) AS ids;
SELECT substring(pg_temp.bits(hotguid_generate(0)::text) FROM 33 FOR 40)
       = substring(pg_temp.bits(hotguid_generate_at('2021-03-04Z', 0, 0)::text) FROM 33 FOR 40) AS hotguid_generates_tag;
-- counters 0 ... 16777215 number the ids of one second: distinct, ordered as the counters
SELECT count(DISTINCT id) AS distinct_ids, count(*) FILTER (WHERE id <= previous) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY counter) AS previous
      FROM (SELECT counter, hotguid_generate_at('2021-03-04 05:06:07.891234Z', 17, counter) AS id
            FROM generate_series(16777215 - 9999, 16777215) AS counter) AS ids) AS ordered;
SELECT hotguid_extract_timestamp(hotguid_generate_at('1970-01-01 00:00:00Z', 0, 0)) AS first,
       hotguid_extract_timestamp(hotguid_generate_at('2106-02-07 06:28:15.999999Z', 4294967295, 16777215)) AS last;
SELECT pg_temp.error_of(format('SELECT hotguid_generate_at(%L, 1, 2)', at)) AS out_of_range
FROM unnest(ARRAY['-infinity', 'infinity', '1969-12-31 23:59:59.999999Z', '2106-02-07 06:28:16Z']::timestamptz[]) AS at;
SELECT pg_temp.error_of(statement) AS bad_argument
FROM unnest(ARRAY['SELECT hotguid_generate_at(''2021-03-04Z'', 0, 16777216)',
                  'SELECT hotguid_generate_at(''2021-03-04Z'', 0, -1)',
                  'SELECT hotguid_generate_at(''2021-03-04Z'', -1, 0)',
                  'SELECT hotguid_generate_at(''2021-03-04Z'', 4294967296, 0)']) AS statement;

-- Snowflake: the instant's millisecond since identities.snowflake_epoch, worker and process from the settings or
-- given, the increment given
SET identities.snowflake_worker = 9;
SET identities.snowflake_process = 21;
CREATE TEMP TABLE snowflakes AS
SELECT n, pg_temp.instant(n, '1237 us') AS at, snowflake_generate_at(pg_temp.instant(n, '1237 us'), n % 4096) AS id,
       snowflake_generate_at(pg_temp.instant(n, '1237 us'), n % 4096, n % 32, n / 32 % 32) AS given
FROM generate_series(0, 9999) AS n;
SELECT count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE snowflake_extract_timestamp(id) = date_trunc('milliseconds', at)
                          AND snowflake_extract_timestamp(given) = date_trunc('milliseconds', at)) AS at_its_millisecond,
       count(*) FILTER (WHERE id <= previous) AS out_of_order,
       count(*) FILTER (WHERE snowflake_extract_worker(id) = 9 AND snowflake_extract_process(id) = 21
                          AND snowflake_extract_increment(id) = n % 4096) AS fields_from_settings,
       count(*) FILTER (WHERE snowflake_extract_worker(given) = n % 32 AND snowflake_extract_process(given) = n / 32 % 32
                          AND snowflake_extract_increment(given) = n % 4096) AS fields_as_given,
       count(*) FILTER (WHERE id = snowflake_generate_at(at, n % 4096, 9, 21)) AS settings_are_the_defaults
FROM (SELECT n, at, id, given, lag(id) OVER (ORDER BY n) AS previous FROM snowflakes) AS ids;
-- increments 0 ... 4095 number the ids of one millisecond: distinct, ordered as the increments
SELECT count(DISTINCT id) AS distinct_ids, count(*) FILTER (WHERE id <= previous) AS out_of_order
FROM (SELECT id, lag(id) OVER (ORDER BY increment) AS previous
      FROM (SELECT increment, snowflake_generate_at('2021-03-04 05:06:07.891234Z', increment) AS id
            FROM generate_series(0, 4095) AS increment) AS ids) AS ordered;
-- from the epoch through its 2^41st millisecond (the last of a positive bigint), whatever this server's epoch
SELECT snowflake_extract_timestamp(0) AS epoch, snowflake_extract_timestamp(((1::bigint << 41) - 1) << 22) AS last_ms \gset
SELECT snowflake_generate_at(:'epoch', 0, 0, 0) AS first,
       snowflake_generate_at(:'last_ms'::timestamptz + interval '999 us', 4095, 31, 31) AS last;
SELECT pg_temp.error_of(format('SELECT snowflake_generate_at(%L, 0)', at)) AS out_of_range
FROM unnest(ARRAY['-infinity', 'infinity', :'epoch'::timestamptz - interval '1 us',
                  :'last_ms'::timestamptz + interval '1 ms']) AS at;
SELECT pg_temp.error_of(statement) AS bad_argument
FROM unnest(ARRAY['SELECT snowflake_generate_at(''2021-03-04Z'', 4096)',
                  'SELECT snowflake_generate_at(''2021-03-04Z'', -1)',
                  'SELECT snowflake_generate_at(''2021-03-04Z'', 0, 32, 0)',
                  'SELECT snowflake_generate_at(''2021-03-04Z'', 0, 0, -1)']) AS statement;
RESET identities.snowflake_worker;
RESET identities.snowflake_process;

-- SIQ: the instant's tick (1/65536 s, rounded down), domain and shard from the settings or given, the serial and
-- qualifier given
SET identities.siq_domain = 'example.com';
SET identities.siq_shard = 77;
CREATE TEMP TABLE siqs AS
SELECT n, pg_temp.instant(n, '17 us') AS at, siq_generate_at(pg_temp.instant(n, '17 us'), n % 2048, 'user') AS id,
       siq_generate_at(pg_temp.instant(n, '17 us'), n % 8192, 'content', 'other.example', n % 256) AS given
FROM generate_series(0, 9999) AS n;
-- (the tick's extracted time: its start, rounded down to the microsecond)
CREATE FUNCTION pg_temp.tick_start(at timestamptz) RETURNS bigint LANGUAGE sql STABLE
RETURN (extract(epoch FROM at) * 1000000)::bigint / 1000000 * 1000000
       + (extract(epoch FROM at) * 1000000)::bigint % 1000000 * 65536 / 1000000 * 1000000 / 65536;
SELECT count(DISTINCT id) AS distinct_ids,
       count(*) FILTER (WHERE (extract(epoch FROM siq_extract_timestamp(id)) * 1000000)::bigint = pg_temp.tick_start(at)
                          AND (extract(epoch FROM siq_extract_timestamp(given)) * 1000000)::bigint = pg_temp.tick_start(at)) AS at_its_tick,
       count(*) FILTER (WHERE id <= previous) AS out_of_order,
       count(*) FILTER (WHERE siq_extract_shard(id) = 77 AND siq_extract_domain_hash(id) = siq_domain_hash('example.com')
                          AND siq_extract_qualifier(id) = 'user' AND siq_extract_serial(id) = n % 2048) AS fields_from_settings,
       count(*) FILTER (WHERE siq_extract_shard(given) = n % 256 AND siq_extract_domain_hash(given) = siq_domain_hash('other.example')
                          AND siq_extract_qualifier(given) = 'content' AND siq_extract_serial(given) = n % 8192) AS fields_as_given,
       count(*) FILTER (WHERE id = siq_generate_at(at, n % 2048, 'user', 'example.com', 77)) AS settings_are_the_defaults
FROM (SELECT n, at, id, given, lag(id) OVER (ORDER BY n) AS previous FROM siqs) AS ids;
-- serials 0 ... the qualifier's maximum number the ids of one tick: distinct, ordered as the serials
SELECT qualifier, count(DISTINCT id) AS distinct_ids, count(*) FILTER (WHERE id <= previous) AS out_of_order
FROM (SELECT qualifier, id, lag(id) OVER (PARTITION BY qualifier ORDER BY serial) AS previous
      FROM (SELECT qualifier, serial, siq_generate_at('2021-03-04 05:06:07.891234Z', serial, qualifier) AS id
            FROM (VALUES ('user', 2047), ('message', 4095), ('content', 8191)) AS q (qualifier, max_serial),
                 generate_series(0, max_serial) AS serial) AS ids) AS ordered
GROUP BY qualifier ORDER BY qualifier;
SELECT siq_extract_timestamp(siq_generate_at('1970-01-01 00:00:00Z', 0, 'user')) AS first,
       siq_extract_timestamp(siq_generate_at('36812-02-20 00:36:15.999999Z', 0, 'user')) AS last;
SELECT pg_temp.error_of(format('SELECT siq_generate_at(%L, 0, ''user'')', at)) AS out_of_range
FROM unnest(ARRAY['-infinity', 'infinity', '1969-12-31 23:59:59.999999Z', '36812-02-20 00:36:16Z']::timestamptz[]) AS at;
SELECT pg_temp.error_of(format('SELECT siq_generate_at(%L, 0, ''user'', '''', 0)', at)) AS out_of_range_given
FROM unnest(ARRAY['-infinity', 'infinity']::timestamptz[]) AS at;
SELECT pg_temp.error_of(statement) AS bad_argument
FROM unnest(ARRAY['SELECT siq_generate_at(''2021-03-04Z'', 2048, ''user'')',
                  'SELECT siq_generate_at(''2021-03-04Z'', 4096, ''message'')',
                  'SELECT siq_generate_at(''2021-03-04Z'', 8192, ''content'', '''', 0)',
                  'SELECT siq_generate_at(''2021-03-04Z'', -1, ''user'')',
                  'SELECT siq_generate_at(''2021-03-04Z'', 0, ''nobody'')',
                  'SELECT siq_generate_at(''2021-03-04Z'', 0, ''User'', '''', 0)',
                  'SELECT siq_generate_at(''2021-03-04Z'', 0, ''user'', '''', 256)',
                  'SELECT siq_generate_at(''2021-03-04Z'', 0, ''user'', ''bücher.example'', 0)']) AS statement;
-- the detail says the qualifier's maximum
SELECT siq_generate_at('2021-03-04Z', 2048, 'user');
RESET identities.siq_domain;
RESET identities.siq_shard;

-- STRICT: NULL in, NULL out
SELECT distributedid_generate_at(NULL) IS NULL AND distributedid128_generate_at(NULL) IS NULL
       AND uuidv7_generate_at(NULL) IS NULL AND iuid_generate_at(NULL, 1, 2) IS NULL AND iuid_generate_at(now(), NULL, 2) IS NULL
       AND hotguid_generate_at(now(), 1, NULL) IS NULL AND snowflake_generate_at(NULL, 0) IS NULL
       AND snowflake_generate_at(now(), 0, NULL, 0) IS NULL AND siq_generate_at(now(), 0, NULL) IS NULL
       AND siq_generate_at(now(), 0, 'user', NULL, 0) IS NULL AS null_in_null_out;

-- None touches a generator's state or the high-water mark: ids of 2080 (Snowflakes: of the epoch's last
-- millisecond) leave both where they were, and the generators go on at the clock. (The mark is kept, and Snowflakes
-- and SIQs generated, only where identities is preloaded.)
SELECT uuidv7_generate() IS NOT NULL AS generated;
CREATE TEMP TABLE mark AS SELECT identities_high_water_mark() AS before;
CREATE TEMP TABLE of_2080 AS
SELECT distributedid_generate_at(at) AS distributedid, distributedid128_generate_at(at) AS distributedid128,
       uuidv7_generate_at(at) AS uuidv7, iuid_generate_at(at, 1, 2) AS iuid, hotguid_generate_at(at, 3, 4) AS hotguid,
       snowflake_generate_at(:'last_ms', 5) AS snowflake, snowflake_generate_at(:'last_ms', 6, 7, 8) AS snowflake_given,
       siq_generate_at(at, 9, 'user') AS siq, siq_generate_at(at, 10, 'user', '', 11) AS siq_given
FROM generate_series(timestamptz '2080-01-01Z', timestamptz '2080-01-01Z' + interval '999 ms', interval '1 ms') AS at;
SELECT identities_high_water_mark() IS NOT DISTINCT FROM before AS mark_unmoved FROM mark;
CREATE FUNCTION pg_temp.embeds_the_present(statement text) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
	embedded timestamptz;
BEGIN
	EXECUTE statement INTO embedded;
	RETURN embedded < clock_timestamp() + interval '1 day';
EXCEPTION WHEN object_not_in_prerequisite_state THEN
	RETURN true;  -- not preloaded: no Snowflake or SIQ generator
END $$;
SELECT statement, pg_temp.embeds_the_present(statement) AS at_the_clock
FROM unnest(ARRAY['SELECT distributedid_extract_timestamp(distributedid_generate())',
                  'SELECT distributedid128_extract_timestamp(distributedid128_generate())',
                  'SELECT uuidv7_extract_timestamp(uuidv7_generate())',
                  'SELECT iuid_extract_timestamp(iuid_generate(1, 2))',
                  'SELECT hotguid_extract_timestamp(hotguid_generate(3))',
                  'SELECT snowflake_extract_timestamp(snowflake_generate())',
                  'SELECT siq_extract_timestamp(siq_generate(''user''))']) AS statement;
