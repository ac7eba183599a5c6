-- The generators' statistics on the preloaded server (server-wide): one row per format with a generator, the ids
-- counted, a DistributedId bulk load past its burst waiting, the node identity in force, the epochs' ends, the
-- high-water mark against the clock, the reset (of one format, of all; refused to a plain role), and the warnings'
-- settings. Clock steps and the log's warnings are made to happen in test/t/006_generator_stats.pl.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

SELECT identities_stats_reset();
SELECT format, scope, ids_generated, ids_waited, wait_time_ms, ids_ahead_of_clock, max_ahead_of_clock_ms,
       clock_steps_back, max_clock_step_back_ms, stats_reset > now() - interval '1 minute' AS just_reset
FROM identities_stats ORDER BY format;

-- Every generator counts its ids; the newest id's time lies between the transaction's start, less the most a
-- format embeds before its clock (DistributedId's second of leeway, HotGuid's whole second), and now.
BEGIN;
SELECT count(distributedid_generate()), count(distributedid128_generate()), count(hotguid_generate(17)),
       count(iuid_generate(42, 7)), count(siq_generate('message')), count(snowflake_generate()),
       count(uuidv7_generate()), count(ulid_generate())
FROM generate_series(1, 1000);
SELECT format, ids_generated, newest_id_time BETWEEN now() - interval '2 seconds' AND clock_timestamp() AS newest_is_now
FROM identities_stats ORDER BY format;
COMMIT;
-- pg_catalog.uuidv7() of PostgreSQL 18 is PostgreSQL's own generator: not counted here.

-- A bulk load past DistributedId's burst (128 ids per ms beyond about 128 000): ids wait, each wait lets one ms
-- of ids through, and the time waited is counted.
SELECT identities_stats_reset('distributedid');
SELECT count(distributedid_generate()) FROM generate_series(1, 600000);
SELECT ids_generated, ids_waited > 0 AS waited, wait_time_ms >= ids_waited AS a_ms_per_wait,
       ids_ahead_of_clock AS ahead
FROM identities_stats WHERE format = 'distributedid';

-- The high-water mark: kept by the formats that keep it, reserved 1 to 2 s ahead of the ids that reach it (and
-- behind the clock while no id does).
SELECT format, high_water_mark IS NOT NULL AS kept FROM identities_stats ORDER BY format;
SELECT count(snowflake_generate()) FROM generate_series(1, 10);
-- (after an id, the mark lies more than 1 s and at most 2 s above it; the clock, past the id, is nearer)
SELECT high_water_mark - newest_id_time > interval '1 second' AND high_water_mark - newest_id_time <= interval '2 seconds' AS reserved_ahead,
       high_water_mark_ahead_ms <= extract(epoch FROM high_water_mark - newest_id_time) * 1000 AS the_clock_past_the_id,
       high_water_mark = (SELECT identities_high_water_mark()) AS the_servers
FROM identities_stats WHERE format = 'snowflake';

-- The node identity its ids carry, as the settings give it.
SET identities.snowflake_worker = 3;
SET identities.snowflake_process = 17;
SET identities.siq_shard = 200;
SELECT format, node_identity FROM identities_stats ORDER BY format;
RESET identities.snowflake_worker;
RESET identities.snowflake_process;
RESET identities.siq_shard;

-- Each format's epoch end; Snowflake's follows identities.snowflake_epoch: 2^41 - 1 ms after it (Discord's: 2084).
SELECT format, CASE WHEN format = 'snowflake'
                    THEN (epoch_end - current_setting('identities.snowflake_epoch')::timestamptz)::text
                    ELSE epoch_end::text END AS epoch_end,
       round(epoch_years_left::numeric - extract(epoch FROM epoch_end - now())::numeric / (365.2425 * 86400), 3) AS years_left_error
FROM identities_stats ORDER BY format;

-- Resets: of one format, of every one; an unknown format; a plain role.
SELECT identities_stats_reset('snowflake');
SELECT format, ids_generated, stats_reset IS NOT NULL AS reset FROM identities_stats WHERE format IN ('snowflake', 'ulid') ORDER BY format;
SELECT identities_stats_reset(NULL);
SELECT sum(ids_generated) AS ids, sum(ids_waited) AS waited, sum(wait_time_ms) AS waited_ms FROM identities_stats;
SELECT pg_temp.error_of($$SELECT identities_stats_reset('luuid')$$);
SELECT pg_temp.error_of($$SELECT identities_stats_reset('nonsense')$$);
CREATE ROLE stats_reader;
SET ROLE stats_reader;
SELECT count(*) AS formats_seen FROM identities_stats;
SELECT pg_temp.error_of($$SELECT identities_stats_reset()$$);
RESET ROLE;
DROP ROLE stats_reader;

-- The warnings' settings: milliseconds (units accepted), -1 never; years, 0 never; a superuser's to change.
SHOW identities.warn_ahead_of_clock;
SHOW identities.warn_clock_step_back;
SHOW identities.warn_epoch_years;
SET identities.warn_ahead_of_clock = '5s';
SHOW identities.warn_ahead_of_clock;
-- (the SQLSTATE only: PostgreSQL 18 writes the range's units, 15 does not)
SELECT left(pg_temp.error_of($$SET identities.warn_clock_step_back = -2$$), 5) AS below_never;
SELECT left(pg_temp.error_of($$SET identities.warn_epoch_years = -1$$), 5) AS below_never;
RESET identities.warn_ahead_of_clock;
