-- The generators' statistics without shared_preload_libraries: each session's own generators, counted per session,
-- and no high-water mark.
SELECT identities_stats_reset();
SELECT count(ulid_generate()), count(distributedid_generate()) FROM generate_series(1, 100);
SELECT format, scope, ids_generated, high_water_mark IS NULL AS no_mark FROM identities_stats ORDER BY format;
-- another session starts from nothing
\c
SELECT format, ids_generated FROM identities_stats WHERE ids_generated > 0;
