--------------------------------------------------------------------------------------------------------------
-- the generators' statistics: what the portable edition observes of its generators (doc/portable.md)
--------------------------------------------------------------------------------------------------------------
-- The native edition counts every step of a generator in shared memory, beside the generator's state and under the
-- lock it holds anyway. Here there is no shared memory, and a count of its own would cost every id a write (a
-- nextval, a row): the portable edition counts nothing more than its generators already do. The view gives, read
-- when it is read:
-- - ids_generated of Snowflake, SIQ and HotGuid: the tickets (HotGuid: counters) drawn from their sequences since
--   the last reset, the database's, one per id (an id whose draw straddled two milliseconds or two SIQ ticks, or
--   whose session waited for its increments to wrap, drew one more: the count is the ids' or a little above); the
--   other formats draw nothing: NULL;
-- - newest_id_time of those three: the time of the last id a session of the database made, in their registers
--   (identities_*_last: setval stores the session's last id there, and the shared value is the last one stored);
-- - the node identity in force, the epoch's end and the years left, computed as the native edition computes them;
-- - NULL for what it cannot see: waits, ids ahead of the clock, the clock's steps back, the high-water mark.
-- On a hot standby (whose generators of those three refuse to run) the counts and the newest ids are NULL: the
-- registers are unlogged, and the sequences hold the primary's positions.
-- A reset moves a baseline: the sequences' positions, kept in a table of the installing role's.
-- The view identities_stats, its grant, the revoke of identities_stats_reset and identities_stats_citus_nodes() are
-- the native edition's own SQL (sql/generator_stats.sql), which portable/build writes into this schema after this.

-- Internal: where each sequence that a generator draws from stands: the next ticket or counter it hands out, so
-- that the difference of two positions is the count drawn between them. Read as the owner (the sequences are
-- granted to no one) by identities_stats_observed and identities_stats_reset.
CREATE FUNCTION @extschema@.identities_stats_positions(OUT format text, OUT next_value bigint)
	RETURNS SETOF record
	LANGUAGE plpgsql VOLATILE PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN QUERY
		SELECT 'hotguid'::text, s.last_value + s.is_called::integer FROM @extschema@.identities_hotguid_counters AS s
		UNION ALL
		SELECT 'siq'::text, s.last_value + s.is_called::integer FROM @extschema@.identities_siq_tickets AS s
		UNION ALL
		SELECT 'snowflake'::text, s.last_value + s.is_called::integer FROM @extschema@.identities_snowflake_tickets AS s;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_stats_positions() IS 'internal: the next value of each sequence a generator draws from (Snowflake''s and SIQ''s tickets, HotGuid''s counters)';
REVOKE ALL ON FUNCTION @extschema@.identities_stats_positions() FROM PUBLIC;

-- Internal: one row per format the edition generates: where its sequence stood at the last reset (NULL for the
-- formats that draw from none) and when (NULL until the first reset: the install's positions). The installing
-- role's, granted to no one (privileges.sql): only identities_stats_reset, which runs as that role, moves it. Not
-- dumped with the extension, as its sequences are not: a restored extension starts both afresh.
CREATE TABLE @extschema@.identities_stats_baseline (
	format text PRIMARY KEY,
	next_value bigint,
	reset_at timestamptz
);
COMMENT ON TABLE @extschema@.identities_stats_baseline IS 'internal: where each generator''s sequence stood at the last reset of its statistics (identities_stats_reset), and when';
INSERT INTO @extschema@.identities_stats_baseline (format, next_value)
	SELECT f.format, p.next_value
	FROM unnest(ARRAY['distributedid', 'distributedid128', 'hotguid', 'iuid', 'siq', 'snowflake', 'ulid', 'uuidv7']) AS f (format)
	LEFT JOIN @extschema@.identities_stats_positions() AS p ON p.format = f.format;

-- Internal: what the generators left behind, read as the owner (every role may read the view, as the native one):
-- the tickets drawn since the baseline, and the time of the last id stored in each register. Reads only: nothing
-- here draws, stores or takes a lock a generator waits for.
CREATE FUNCTION @extschema@.identities_stats_observed(OUT format text, OUT ids_generated bigint,
                                                      OUT newest_id_time timestamptz, OUT stats_reset timestamptz)
	RETURNS SETOF record
	LANGUAGE plpgsql VOLATILE PARALLEL RESTRICTED SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	observable constant boolean := NOT pg_is_in_recovery(); -- an unlogged register cannot be read in recovery
	snowflake_last bigint;
	siq_last bigint;
	hotguid_last bigint;
	siq_tick bigint;
	since bigint;
BEGIN
	IF observable THEN
		-- a register that no id was stored in since the install (or a crash, which empties an unlogged one): NULL
		SELECT CASE WHEN r.is_called THEN r.last_value END INTO snowflake_last FROM @extschema@.identities_snowflake_last AS r;
		SELECT CASE WHEN r.is_called THEN r.last_value END INTO siq_last FROM @extschema@.identities_siq_last AS r;
		SELECT CASE WHEN r.is_called THEN r.last_value END INTO hotguid_last FROM @extschema@.identities_hotguid_last AS r;
		IF siq_last IS NOT NULL THEN
			-- The register keeps the tick's low 50 bits: the tick nearest the clock's with those bits, as
			-- identities_siq_generate compares them.
			siq_tick := @extschema@.identities_siq_clock_tick(floor(extract(epoch FROM clock_timestamp()) * 1000000)::bigint);
			since := ((siq_last >> 13) - siq_tick) & 1125899906842623;
			siq_tick := siq_tick + since - CASE WHEN since > 562949953421311 THEN 1125899906842624 ELSE 0 END;
		END IF;
	END IF;
	RETURN QUERY
		SELECT b.format,
			CASE WHEN observable THEN p.next_value - b.next_value END,
			CASE b.format
				WHEN 'snowflake' THEN @extschema@.identities_instant_after('1970-01-01 00:00:00+00'::timestamptz, snowflake_last >> 12)
				WHEN 'siq' THEN @extschema@.siq_extract_timestamp((lpad(to_hex(siq_tick), 14, '0') || '00000000000000')::@extschema@.siq)
				WHEN 'hotguid' THEN @extschema@.identities_instant_after('1970-01-01 00:00:00+00'::timestamptz, (hotguid_last >> 24) * 1000)
			END,
			b.reset_at
		FROM @extschema@.identities_stats_baseline AS b
		LEFT JOIN @extschema@.identities_stats_positions() AS p ON p.format = b.format;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_stats_observed() IS 'internal: each generator''s ids counted by its sequence since the last reset, the time of its last id and the reset''s';

-- One row per format the edition generates, in the native edition's columns: what the edition observes (above),
-- NULL for what it cannot. The node identity and the Snowflake epoch are this session's, as snowflake_generate()
-- and siq_generate(qualifier) read them. scope: 'database', the reach of the sequences and registers.
@function identities_stats()
	RETURNS SETOF record
	LANGUAGE plpgsql VOLATILE PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	now_micros constant numeric := extract(epoch FROM clock_timestamp()) * 1000000;
	micros_per_year constant numeric := 31556952000000; -- 365.2425 days
	unix_epoch constant timestamptz := '1970-01-01 00:00:00+00';
	citus_group constant integer := @extschema@.identities_citus_group();
	-- as the native edition writes it: on a Citus node, the group, whether the settings derive from it or not
	on_citus constant text := coalesce(' (Citus group ' || citus_group || ')', '');
	snowflake_node constant text := format('worker %s, process %s',
		@extschema@.identities_node_setting('identities.snowflake_worker'),
		@extschema@.identities_node_setting('identities.snowflake_process')) || on_citus;
	siq_node constant text := format('shard %s', @extschema@.identities_node_setting('identities.siq_shard')) || on_citus;
	-- the last instant each format's generator embeds (src/pg/<format>.cpp): DistributedId's 45 bits of ms since 1900
	-- under 10^28 and the second of leeway it embeds the clock with, DistributedId128's 48 bits of ms since 1700,
	-- HotGuid's 32 bits of seconds, 48 bits of Unix ms (iUID, ULID, UUIDv7), SIQ's 40 bits of seconds, and 41 bits
	-- of ms after identities.snowflake_epoch
	epoch_ends constant timestamptz[] := ARRAY[
		@extschema@.identities_instant_after('1900-01-01 00:00:00+00'::timestamptz, 35527136789005::bigint),
		@extschema@.identities_instant_after('1700-01-01 00:00:00+00'::timestamptz, 281474976710655::bigint),
		@extschema@.identities_instant_after(unix_epoch, 4294967295000::bigint),
		@extschema@.identities_instant_after(unix_epoch, 281474976710655::bigint),
		@extschema@.identities_instant_after(unix_epoch, 1099511627775000::bigint),
		@extschema@.identities_instant_after(unix_epoch, @extschema@.identities_snowflake_epoch() + 2199023255551::bigint),
		@extschema@.identities_instant_after(unix_epoch, 281474976710655::bigint),
		@extschema@.identities_instant_after(unix_epoch, 281474976710655::bigint)];
	formats constant text[] := ARRAY['distributedid', 'distributedid128', 'hotguid', 'iuid', 'siq', 'snowflake', 'ulid', 'uuidv7'];
BEGIN
	RETURN QUERY
		SELECT o.format, 'database'::text, o.ids_generated,
			NULL::bigint, NULL::double precision,                 -- ids_waited, wait_time_ms
			NULL::bigint, NULL::double precision,                 -- ids_ahead_of_clock, max_ahead_of_clock_ms
			o.newest_id_time, ((extract(epoch FROM o.newest_id_time) * 1000000 - now_micros) / 1000)::double precision,
			NULL::bigint, NULL::double precision,                 -- clock_steps_back, max_clock_step_back_ms
			NULL::timestamptz, NULL::double precision,            -- high_water_mark, high_water_mark_ahead_ms
			CASE o.format WHEN 'snowflake' THEN snowflake_node WHEN 'siq' THEN siq_node END,
			e.epoch_end, ((extract(epoch FROM e.epoch_end) * 1000000 - now_micros) / micros_per_year)::double precision,
			o.stats_reset
		FROM @extschema@.identities_stats_observed() AS o
		JOIN unnest(formats, epoch_ends) AS e (format, epoch_end) ON e.format = o.format
		ORDER BY o.format COLLATE "C";
END
$$;
COMMENT ON FUNCTION @extschema@.identities_stats() IS 'what the portable edition observes of each format''s generator: the ids Snowflake, SIQ and HotGuid drew from the database''s sequences since the last reset and their newest id (NULL for what it cannot observe), the node identity its ids carry and when its epoch ends';

-- The native edition's refusals: 22023 for a name that is no format with a generator (checked first, so that a
-- standby, where the baseline cannot move, says it too), 42501 for a role not granted it (sql/generator_stats.sql
-- revokes it from PUBLIC: the installing role's, as pg_stat_reset() is a superuser's). Transactional: a reset rolled
-- back did not happen.
@function identities_stats_reset(text)
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	now_reset constant timestamptz := clock_timestamp(); -- one instant for every format reset
	reset integer;
BEGIN
	IF $1 IS NOT NULL AND NOT EXISTS (SELECT FROM @extschema@.identities_stats_baseline AS b WHERE b.format = $1) THEN
		RAISE EXCEPTION '"%" is not a format with a generator', $1 USING ERRCODE = '22023',
			HINT = 'identities_stats lists the formats whose generators it counts.';
	END IF;
	UPDATE @extschema@.identities_stats_baseline AS b SET next_value = p.next_value, reset_at = now_reset
		FROM @extschema@.identities_stats_baseline AS f
		LEFT JOIN @extschema@.identities_stats_positions() AS p ON p.format = f.format
		WHERE f.format = b.format AND ($1 IS NULL OR b.format = $1);
	GET DIAGNOSTICS reset = ROW_COUNT;
	RETURN reset;
END
$$;
