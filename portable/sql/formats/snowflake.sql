--------------------------------------------------------------------------------------------------------------
-- Snowflake (Discord flavour) in bigint: 42-bit ms since the epoch, 5-bit worker, 5-bit process, 12-bit increment
--------------------------------------------------------------------------------------------------------------
-- The same ids, fields, boundaries and errors as the native edition. What differs is the generator, which needs
-- no shared memory here: the native one keeps one server-wide state (the last ms and the next increment, counted
-- 0, 1, 2, ... in each ms) and waits for the next ms after 4096 ids. Here the increment is the low 12 bits of a
-- ticket from the sequence identities_snowflake_tickets (server-wide, CACHE 1), drawn between two readings of the
-- clock in the id's ms. So:
-- - ids of one worker and process are unique across the sessions of the server unless more than 4096 tickets are
--   drawn on the server within one millisecond (the native one: always), and while the clock does not go back
--   (after a clock set back, a session counts on from its own last id, not from the server's);
-- - the increment of the first id of a ms is not 0 but wherever the server's tickets are (so ids are not dense);
-- - ids strictly increase within a session (the native one: within the server); when a ticket would not make a
--   larger id (its increment wrapped within the session's last ms) the session waits (pg_sleep) for the next ms;
--   a clock behind the session's last ms is not followed back (it counts on in that ms, then the next), as native;
-- - in a read-only transaction (a hot standby) nextval is refused: there the tickets are the session's own, from
--   a random start, and ids are unique within the session only.
-- The settings keep the native names: identities.snowflake_worker and identities.snowflake_process (0-31; unset,
-- a Citus node derives them from its group id, else 0) and identities.snowflake_epoch (a date and time with Z or
-- an explicit UTC offset; unset, Discord's 2015-01-01Z), checked here when read rather than when set.

-- Internal: the Unix ms of an epoch (floor), 22023 outside 1970-01-01 .. 6429-10-17 (2^47 - 1 ms).
CREATE FUNCTION @extschema@.identities_snowflake_epoch_millis(epoch timestamptz) RETURNS bigint
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	millis numeric;
BEGIN
	IF isfinite(epoch) THEN
		millis := floor(extract(epoch FROM epoch) * 1000);
		IF millis >= 0 AND millis <= 140737488355327 THEN
			RETURN millis;
		END IF;
	END IF;
	@raise snowflake_epoch_out_of_range(coalesce(millis::text, epoch::text));
END
$$;
COMMENT ON FUNCTION @extschema@.identities_snowflake_epoch_millis(timestamptz) IS 'internal: the Unix milliseconds of a Snowflake epoch (22023 outside 1970-01-01 .. 6429-10-17)';

-- Internal: the Unix ms of identities.snowflake_epoch (identities_server_setting: the database's for roles other
-- than the owner). The native edition takes only a date and time with Z or an explicit UTC offset (the same
-- instant whatever the session's TimeZone), and refuses anything else when it is set; here it is checked when
-- read, field by field before the cast sees it (an exception block would open a subtransaction, which a parallel
-- worker cannot).
CREATE FUNCTION @extschema@.identities_snowflake_epoch() RETURNS bigint
	LANGUAGE plpgsql STABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	setting text := @extschema@.identities_server_setting('identities.snowflake_epoch');
	fields integer[];
	utc_offset text; -- its digits, after the sign (the time that comes before has no sign)
BEGIN
	IF setting = '' OR setting = '2015-01-01 00:00:00+00' THEN
		RETURN 1420070400000; -- Discord's epoch, 2015-01-01T00:00:00Z
	END IF;
	-- the form (a regular expression without captures: the fast kind), then the fields at their fixed places and
	-- the UTC offset's hours and minutes
	IF setting ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?)?(Z| UTC| ?[+-][0-9]{2}(:?[0-9]{2})?)$' THEN
		utc_offset := replace(substr(setting, 11 + greatest(strpos(substr(setting, 11), '+'), strpos(substr(setting, 11), '-'))), ':', '');
		IF right(setting, 1) = 'Z' OR right(setting, 4) = ' UTC' THEN
			utc_offset := NULL;
		END IF;
		fields := ARRAY[substr(setting, 1, 4), substr(setting, 6, 2), substr(setting, 9, 2),
			CASE WHEN substr(setting, 11, 1) IN ('T', ' ') AND substr(setting, 14, 1) = ':' THEN substr(setting, 12, 2) END,
			CASE WHEN substr(setting, 14, 1) = ':' THEN substr(setting, 15, 2) END,
			CASE WHEN substr(setting, 17, 1) = ':' THEN substr(setting, 18, 2) END,
			substr(utc_offset, 1, 2), nullif(substr(utc_offset, 3, 2), '')]::integer[];
	END IF;
	IF fields IS NULL OR fields[1] < 1 OR fields[2] NOT BETWEEN 1 AND 12 OR fields[3] < 1
			OR fields[3] > extract(day FROM make_date(fields[1], fields[2], 1) + interval '1 month - 1 day')
			OR coalesce(fields[4], 0) > 24 OR coalesce(fields[5], 0) > 59 OR coalesce(fields[6], 0) > 60
			OR (fields[4] = 24 AND (fields[5] > 0 OR coalesce(fields[6], 0) > 0))
			OR coalesce(fields[7], 0) > 15 OR coalesce(fields[8], 0) > 59 THEN
		RAISE EXCEPTION 'invalid value for parameter "identities.snowflake_epoch": "%"', setting USING ERRCODE = '22023',
			DETAIL = 'The epoch must be a date and time with Z or an explicit UTC offset, such as 2015-01-01 00:00:00+00 or 2015-01-01T00:00:00Z.';
	END IF;
	RETURN @extschema@.identities_snowflake_epoch_millis(setting::timestamptz);
END
$$;
COMMENT ON FUNCTION @extschema@.identities_snowflake_epoch() IS 'internal: the Unix milliseconds of identities.snowflake_epoch (Discord''s when unset)';

-- Internal: a Snowflake argument, 22003 when negative (a negative bigint embeds no time, worker or process).
CREATE FUNCTION @extschema@.identities_snowflake_checked(id bigint) RETURNS bigint
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF id < 0 THEN
		@raise snowflake_negative(id);
	END IF;
	RETURN id;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_snowflake_checked(bigint) IS 'internal: the id, 22003 when it is negative';

-- Internal: the smallest Snowflake at or after an instant (its ms rounded up) under an epoch in Unix ms: 0 before
-- the epoch, 22008 past the 41 bits of ms that keep the bigint positive.
CREATE FUNCTION @extschema@.identities_snowflake_boundary(instant timestamptz, epoch_millis bigint) RETURNS bigint
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	micros numeric;
	millis numeric;
BEGIN
	IF instant = '-infinity' THEN
		RETURN 0;
	END IF;
	IF instant <> 'infinity' THEN
		micros := extract(epoch FROM instant) * 1000000;
		IF micros <= epoch_millis * 1000::numeric THEN
			RETURN 0;
		END IF;
		millis := ceil(micros / 1000) - epoch_millis;
		IF millis <= 2199023255551 THEN
			RETURN millis::bigint << 22;
		END IF;
	END IF;
	@raise snowflake_boundary_out_of_range();
END
$$;
COMMENT ON FUNCTION @extschema@.identities_snowflake_boundary(timestamptz, bigint) IS 'internal: the smallest Snowflake at or after the instant under an epoch in Unix milliseconds';

-- generation, extraction, boundaries

-- Internal: the server-wide ticket counter of snowflake_generate. CACHE 1 is what makes it work: tickets come out
-- in the order they are drawn, whichever session draws them (a cache would hand each session a block of its own).
-- The role that installed the edition owns it and grants it to no one.
CREATE SEQUENCE @extschema@.identities_snowflake_tickets AS bigint MINVALUE 0 START 0 CACHE 1 CYCLE;
COMMENT ON SEQUENCE @extschema@.identities_snowflake_tickets IS 'internal: snowflake_generate''s tickets, whose low 12 bits are the increments (keep CACHE 1)';

-- Internal: the register of snowflake_generate (identities_portable.sql): the session's last id's Unix ms << 12 | its
-- increment.
CREATE UNLOGGED SEQUENCE @extschema@.identities_snowflake_last AS bigint MINVALUE 0 CACHE 1;
COMMENT ON SEQUENCE @extschema@.identities_snowflake_last IS 'internal: snowflake_generate''s register (each session''s last id, through currval)';

-- Internal: one Snowflake. The increment is the low 12 bits of a ticket drawn between two readings of the clock in
-- the id's ms: the tickets of two ids of one ms were drawn within that ms, so unless the server drew more than
-- 4096 tickets in it their increments differ (while the clock does not go back). The session's last id is in the
-- register identities_snowflake_last: its ids strictly increase; when a ticket would not make a larger id in the
-- same ms, it waits for the next ms; a clock behind its last ms is not followed back (it counts on in that ms, then
-- the next), as the native one. Runs as the role that installed the edition, the only one that may draw tickets
-- or store in the register: no session can burn, rewind or forge them, and no rollback takes them back.
CREATE FUNCTION @extschema@.identities_snowflake_generate(worker integer, process integer) RETURNS bigint
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	epoch_millis bigint := @extschema@.identities_snowflake_epoch();
	last_id bigint;
	last_millis bigint;
	last_increment integer;
	before_millis bigint;
	millis bigint;
	ticket bigint;
	increment integer;
	now_micros numeric;
BEGIN
	IF current_setting('transaction_read_only') = 'on' THEN
		PERFORM @extschema@.identities_refuse_read_only('Snowflake');
	END IF;
	BEGIN
		last_id := currval('@extschema@.identities_snowflake_last'); -- the register: the session's last id
	EXCEPTION WHEN object_not_in_prerequisite_state THEN
		last_id := NULL; -- none yet in this session
	END;
	last_millis := coalesce(last_id >> 12, -1);
	last_increment := coalesce(last_id & 4095, -1);
	LOOP
		before_millis := floor(extract(epoch FROM clock_timestamp()) * 1000);
		ticket := nextval('@extschema@.identities_snowflake_tickets');
		millis := floor(extract(epoch FROM clock_timestamp()) * 1000);
		CONTINUE WHEN millis <> before_millis; -- a ticket drawn over two ms: draw another
		IF millis < epoch_millis THEN
			@raise snowflake_clock_out_of_range();
		END IF;
		increment := ticket & 4095;
		IF millis < last_millis THEN
			-- The clock is behind this session's last ms (set back): count on in that ms, then the next.
			millis := last_millis + CASE WHEN increment > last_increment THEN 0 ELSE 1 END;
		ELSIF millis = last_millis AND increment <= last_increment THEN
			-- The increments wrapped within the ms: wait for the next ms, and draw again.
			LOOP
				now_micros := floor(extract(epoch FROM clock_timestamp()) * 1000000);
				EXIT WHEN div(now_micros, 1000) > millis;
				PERFORM pg_sleep((1000 - mod(now_micros, 1000)) / 1000000.0);
			END LOOP;
			CONTINUE;
		END IF;
		IF millis - epoch_millis > 2199023255551 THEN
			@raise snowflake_clock_out_of_range();
		END IF;
		PERFORM setval('@extschema@.identities_snowflake_last', millis << 12 | increment);
		RETURN ((millis - epoch_millis) << 22) | (worker::bigint << 17) | (process::bigint << 12) | increment;
	END LOOP;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_snowflake_generate(integer, integer) IS 'internal: a new Snowflake of a worker and a process (checked by the caller)';

@function snowflake_generate()
	LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN @extschema@.identities_snowflake_generate(
		@extschema@.identities_node_setting('identities.snowflake_worker'),
		@extschema@.identities_node_setting('identities.snowflake_process'));
END
$$;
COMMENT ON FUNCTION @extschema@.snowflake_generate() IS 'new Snowflake, worker and process from identities.snowflake_worker and identities.snowflake_process; increments from a server-wide sequence in the portable edition';

@function snowflake_generate(integer,integer)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF worker < 0 OR worker > 31 THEN
		@raise snowflake_field_out_of_range('worker', worker, 31);
	END IF;
	IF process < 0 OR process > 31 THEN
		@raise snowflake_field_out_of_range('process', process, 31);
	END IF;
	RETURN @extschema@.identities_snowflake_generate(worker, process);
END
$$;
COMMENT ON FUNCTION @extschema@.snowflake_generate(integer, integer) IS 'new Snowflake for a worker and a process (0-31 each); increments from a server-wide sequence in the portable edition';

-- An id of a given instant, for rows made before identities (doc/moving-tables.md): the instant's millisecond since
-- identities.snowflake_epoch, the worker, the process and the increment (numbering the ids of one millisecond),
-- checked first as the native edition checks them. No generator state and no sequence: the same arguments give the
-- same id, as in the native edition (STABLE: the epoch is a setting). From the epoch to its 2^41st millisecond,
-- else 22008.
@function snowflake_generate_at(timestamptz,integer,integer,integer)
	LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	epoch_millis bigint;
	milliseconds numeric;
BEGIN
	IF worker < 0 OR worker > 31 THEN
		@raise snowflake_field_out_of_range('worker', worker, 31);
	END IF;
	IF process < 0 OR process > 31 THEN
		@raise snowflake_field_out_of_range('process', process, 31);
	END IF;
	IF increment < 0 OR increment > 4095 THEN
		@raise snowflake_field_out_of_range('increment', increment, 4095);
	END IF;
	epoch_millis := @extschema@.identities_snowflake_epoch();
	IF isfinite(at) THEN
		milliseconds := floor(extract(epoch FROM at) * 1000) - epoch_millis;
	END IF;
	IF milliseconds IS NULL OR milliseconds < 0 OR milliseconds > 2199023255551 THEN
		@raise snowflake_time_out_of_range();
	END IF;
	RETURN (milliseconds::bigint << 22) | (worker::bigint << 17) | (process::bigint << 12) | increment;
END
$$;

-- Worker and process from identities.snowflake_worker and identities.snowflake_process, as snowflake_generate()
-- takes them (read before the increment is checked, as the native edition reads them).
@function snowflake_generate_at(timestamptz,integer)
	LANGUAGE sql STABLE STRICT PARALLEL SAFE
	RETURN @extschema@.snowflake_generate_at(at, increment, @extschema@.identities_node_setting('identities.snowflake_worker'),
		@extschema@.identities_node_setting('identities.snowflake_process'));

@function snowflake_extract_timestamp(bigint)
	LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN @extschema@.identities_instant_after('1970-01-01 00:00:00+00'::timestamptz,
		(@extschema@.identities_snowflake_checked($1) >> 22) + @extschema@.identities_snowflake_epoch());
END
$$;

-- The epoch is checked before the id (as the native edition does: a negative id under a bad epoch is 22023).
@function snowflake_extract_timestamp(bigint,timestamptz)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	epoch_millis bigint := @extschema@.identities_snowflake_epoch_millis(epoch);
BEGIN
	RETURN @extschema@.identities_instant_after('1970-01-01 00:00:00+00'::timestamptz,
		(@extschema@.identities_snowflake_checked(id) >> 22) + epoch_millis);
END
$$;

@function snowflake_extract_worker(bigint)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN ((@extschema@.identities_snowflake_checked($1) >> 17) & 31)::integer;

@function snowflake_extract_process(bigint)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN ((@extschema@.identities_snowflake_checked($1) >> 12) & 31)::integer;

@function snowflake_extract_increment(bigint)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (@extschema@.identities_snowflake_checked($1) & 4095)::integer;

@function snowflake_boundary(timestamptz)
	LANGUAGE sql STABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_snowflake_boundary($1, @extschema@.identities_snowflake_epoch());

@function snowflake_boundary(timestamptz,timestamptz)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_snowflake_boundary(instant, @extschema@.identities_snowflake_epoch_millis(epoch));

-- @expand time_window FORMAT=snowflake TYPE=bigint IDTYPE=bigint MIN=0 MAX=9223372036854775807 PREVIOUS=last_id-1 LAST=@extschema@.identities_instant_after('1970-01-01T00:00:00Z'::timestamptz,@extschema@.identities_snowflake_epoch()+2199023255551)
-- The windows follow identities.snowflake_epoch (through snowflake_boundary(timestamptz)): STABLE, as the native
-- edition's, not the template's IMMUTABLE.
ALTER FUNCTION @extschema@.snowflake_window(tstzrange) STABLE;
ALTER FUNCTION @extschema@.snowflake_window_first(tstzrange) STABLE;
ALTER FUNCTION @extschema@.snowflake_window_last(tstzrange) STABLE;
ALTER FUNCTION @extschema@.snowflake_within(bigint, tstzrange) STABLE;
