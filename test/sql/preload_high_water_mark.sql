-- The high-water mark as SQL sees it, and raising the generators' floor (what follows a major upgrade, a restored
-- dump or a switched-over replica): the floors raised here lie in the past, so the suite's other ids are not
-- moved; test/t/004_carry_mark.pl raises them above a clock set back.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- Every id issued lies below the mark; the mark lies a second or two past the newest.
CREATE TEMP TABLE drawn AS
SELECT snowflake_generate() AS snowflake, siq_generate('user') AS siq, iuid_generate(1, 2) AS iuid,
       uuidv7_generate() AS uuidv7, hotguid_generate(5) AS hotguid, ulid_generate() AS ulid;
SELECT snowflake_extract_timestamp(snowflake) < identities_high_water_mark() AS snowflake_below,
       siq_extract_timestamp(siq) < identities_high_water_mark() AS siq_below,
       iuid_extract_timestamp(iuid) < identities_high_water_mark() AS iuid_below,
       uuidv7_extract_timestamp(uuidv7) < identities_high_water_mark() AS uuidv7_below,
       hotguid_extract_timestamp(hotguid) < identities_high_water_mark() AS hotguid_below,
       ulid_extract_timestamp(ulid) < identities_high_water_mark() AS ulid_below,
       identities_high_water_mark() <= clock_timestamp() + interval '3 seconds' AS close_ahead
FROM drawn;

-- A floor in the past changes nothing: the floor in force is returned (0 for a server that started without a
-- mark, its mark at startup otherwise), so each check below compares with the floor before it.
SELECT identities_raise_floor('1970-01-01Z') AS floor_before \gset
SELECT identities_raise_floor('2020-01-01 00:00:00.5Z') = greatest(:'floor_before'::timestamptz, '2020-01-01 00:00:01Z') AS whole_second_after;
-- the ids of a table: every column of a type or a DEFAULT that keeps the mark (a plain uuid or bigint column
-- without one is not read), the newest of them
CREATE TABLE carried (snowflake bigint DEFAULT snowflake_generate(), siq siq, iuid iuid,
                      uuidv7 uuid DEFAULT uuidv7_generate(), hotguid uuid DEFAULT hotguid_generate(7),
                      ulid ulid, other uuid, counter bigint);
SELECT identities_raise_floor_above_ids('{carried}') IS NULL AS nothing_found;
INSERT INTO carried (snowflake, uuidv7, hotguid, other, counter)
VALUES (snowflake_boundary('2020-02-01Z'), NULL, NULL, '00000000-0000-7000-8000-000000000000', 9223372036854775807);
CREATE FUNCTION pg_temp.raised_after(newest timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
	floor_before timestamptz := identities_raise_floor('1970-01-01Z');
BEGIN
	RETURN identities_raise_floor_above_ids('{carried}') = greatest(floor_before, date_trunc('second', newest) + interval '1 second');
END $$;
SELECT pg_temp.raised_after('2020-02-01Z') AS after_the_snowflake;
UPDATE carried SET uuidv7 = uuidv7_boundary('2020-03-01 00:00:00.999Z');
SELECT pg_temp.raised_after('2020-03-01 00:00:00.999Z') AS after_the_uuidv7;
UPDATE carried SET hotguid = hotguid_boundary('2020-11-01 00:00:07Z');
SELECT pg_temp.raised_after(hotguid_extract_timestamp(hotguid)) AS after_the_hotguid FROM carried;
UPDATE carried SET iuid = iuid_boundary('2021-06-01Z');
SELECT pg_temp.raised_after('2021-06-01Z') AS after_the_iuid;
UPDATE carried SET siq = siq_boundary('2021-09-01 12:00:00.5Z');
SELECT pg_temp.raised_after('2021-09-01 12:00:00.5Z') AS after_the_siq;
UPDATE carried SET ulid = ulid_boundary('2021-10-01 00:00:00.5Z');
SELECT pg_temp.raised_after('2021-10-01 00:00:00.5Z') AS after_the_ulid;
-- an id dated more than a day ahead of the clock came from no generator: skipped
UPDATE carried SET snowflake = 9223372036854775807, iuid = 'ffffffff-ffff-8fff-bfff-ffffffffffff',
                   ulid = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
SELECT pg_temp.raised_after('2021-10-01 00:00:00.5Z') AS after_the_ulid_still;
-- a uuid column that held v4 keys before its UUIDv7 DEFAULT (doc/moving-tables.md): a v4 embeds no instant, so one
-- that sorts above the newest UUIDv7 must not hide it
CREATE TABLE moved_sessions (id uuid DEFAULT uuidv7_generate());
INSERT INTO moved_sessions VALUES (uuidv7_boundary('2023-05-01Z')),
  (overlay(uuidv7_boundary(now() + interval '12 hours')::text PLACING '4' FROM 15 FOR 1)::uuid);
SELECT identities_raise_floor('1970-01-01Z') AS floor_before \gset
SELECT identities_raise_floor_above_ids('{moved_sessions}') = greatest(:'floor_before'::timestamptz, '2023-05-01 00:00:01Z') AS under_a_v4;
DROP TABLE moved_sessions;
-- every table of the database by default: partitions through their parent; not the temporary table drawn (its
-- ids are of now, and another session's temporary tables cannot be read)
CREATE TABLE carried_by_year (id iuid NOT NULL) PARTITION BY RANGE (id);
CREATE TABLE carried_2022 PARTITION OF carried_by_year FOR VALUES FROM (iuid_boundary('2022-01-01Z')) TO (iuid_boundary('2023-01-01Z'));
INSERT INTO carried_by_year VALUES (iuid_boundary('2022-07-01 12:00:00.25Z'));
SELECT identities_raise_floor('1970-01-01Z') AS floor_before \gset
SELECT identities_raise_floor_above_ids() = greatest(:'floor_before'::timestamptz, '2022-07-01 12:00:01Z') AS after_the_partitions;
DROP TABLE carried, carried_by_year;

-- Refused: an infinite instant, one more than a day ahead of the clock, NULL is NULL
SELECT pg_temp.error_of('SELECT identities_raise_floor(''infinity'')');
SELECT pg_temp.error_of('SELECT identities_raise_floor(''-infinity'')');
SELECT pg_temp.error_of('SELECT identities_raise_floor(now() + interval ''2 days'')');
SELECT identities_raise_floor(NULL) IS NULL AS null_in_null_out;

-- Only a superuser, or a role granted it, raises the floor; anyone reads the mark.
CREATE ROLE regress_floor_stranger;
SET ROLE regress_floor_stranger;
SELECT identities_high_water_mark() IS NOT NULL AS mark_read;
SELECT pg_temp.error_of('SELECT identities_raise_floor(''2020-01-01Z'')');
SELECT pg_temp.error_of('SELECT identities_raise_floor_above_ids()');
RESET ROLE;
DROP ROLE regress_floor_stranger;
