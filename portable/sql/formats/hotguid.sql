--------------------------------------------------------------------------------------------------------------
-- HotGuid: unix seconds, a machine-and-process tag, a counter and a shard key, kept in uuid
--------------------------------------------------------------------------------------------------------------
-- Bytes as Npgsql stores the reference's Guid: 0..3 unix seconds BE | 4..8 tag[1,0,3,2,4] | 9..11 counter BE |
-- 12..15 shard key LE.

-- Internal: the session's tag, as the native one's: two bytes of an MD5, the third xor the pid's bits 16..23, then
-- the pid's two low bytes. SQL cannot read the host name the native edition hashes: the MD5 is of the server's
-- address, port and start time, which tell servers apart as well. The start time is hashed as its Unix epoch, not
-- its text, which the session's TimeZone and DateStyle change: one tag for the whole session, whatever it sets
-- (hotguid_generate and hotguid_generate_at compute it at each call).
CREATE FUNCTION @extschema@.identities_hotguid_tag() RETURNS bytea
	LANGUAGE plpgsql STABLE PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	digest bytea := decode(md5(coalesce(host(inet_server_addr()), 'local') || ':' || current_setting('port') || ':'
		|| extract(epoch FROM pg_postmaster_start_time())::text), 'hex');
	pid integer := pg_backend_pid();
BEGIN
	RETURN substr(digest, 1, 2) || set_byte('\x00'::bytea, 0, get_byte(digest, 2) # ((pid >> 16) & 255))
		|| set_byte('\x00'::bytea, 0, (pid >> 8) & 255) || set_byte('\x00'::bytea, 0, pid & 255);
END
$$;
COMMENT ON FUNCTION @extschema@.identities_hotguid_tag() IS 'internal: the session''s HotGuid machine-and-process tag';

-- Internal: hotguid_generate's counters, server-wide (CACHE 1: in the order they are drawn, whichever session draws
-- them), from a random start below 500000 as the reference seeds its counter. The role that installed the edition
-- owns it and grants it to no one: only hotguid_generate, which runs as that role, draws from it.
CREATE SEQUENCE @extschema@.identities_hotguid_counters AS bigint MINVALUE 0 START 0 CACHE 1 CYCLE;
COMMENT ON SEQUENCE @extschema@.identities_hotguid_counters IS 'internal: hotguid_generate''s counters, whose low 24 bits are the ids'' counters (keep CACHE 1)';
DO $seed$ BEGIN PERFORM setval('@extschema@.identities_hotguid_counters', (random() * 500000)::bigint, false); END $seed$;

-- Internal: the register of hotguid_generate (identities_portable.sql): the session's last id's second << 24 | the
-- low 24 bits of the session's first counter in that second.
CREATE UNLOGGED SEQUENCE @extschema@.identities_hotguid_last AS bigint MINVALUE 0 CACHE 1;
COMMENT ON SEQUENCE @extschema@.identities_hotguid_last IS 'internal: hotguid_generate''s register (each session''s last second and first counter in it, through currval)';

-- The reference's algorithm: the current second, the session's tag and a 24-bit counter, here the low 24 bits of a
-- server-wide sequence rather than one per process; never back to a second the session already used, and when the
-- counters have wrapped since the session's first id of a second, the next second (waiting for it when the clock
-- is in it), with the session's last second and first counter in the register identities_hotguid_last. Runs as
-- the role that installed the edition, the only one that may draw counters or store in the register: nothing a
-- session can set or roll back decides an id, and none is made twice.
@function hotguid_generate(bigint)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	last bigint;
	tag bytea;
	ticket bigint;
	first_ticket bigint;
	clock_second bigint;
	second bigint;
BEGIN
	IF shard_key < 0 OR shard_key > 4294967295 THEN
		@raise hotguid_shard_key_out_of_range(shard_key);
	END IF;
	IF current_setting('transaction_read_only') = 'on' THEN
		PERFORM @extschema@.identities_refuse_read_only('HotGuid');
	END IF;
	BEGIN
		last := currval('@extschema@.identities_hotguid_last'); -- the register: the session's last second
	EXCEPTION WHEN object_not_in_prerequisite_state THEN
		last := NULL; -- none yet in this session
	END;
	LOOP
		ticket := nextval('@extschema@.identities_hotguid_counters');
		clock_second := floor(extract(epoch FROM clock_timestamp()))::bigint;
		IF clock_second < 0 OR clock_second > 4294967295 THEN
			@raise hotguid_clock_out_of_range();
		END IF;
		second := greatest(clock_second, last >> 24);
		first_ticket := ticket;
		IF second = last >> 24 THEN
			first_ticket := ticket - ((ticket - (last & 16777215)) & 16777215);
			IF ticket >> 24 <> first_ticket >> 24 THEN
				-- 2^24 counters since the session's first id of this second: the next second.
				IF clock_second = second THEN
					PERFORM pg_sleep(0.01);
					CONTINUE;
				END IF;
				IF second = 4294967295 THEN
					@raise hotguid_clock_out_of_range();
				END IF;
				second := second + 1;
				first_ticket := ticket;
			END IF;
		END IF;
		EXIT;
	END LOOP;
	PERFORM setval('@extschema@.identities_hotguid_last', second << 24 | (first_ticket & 16777215));
	tag := @extschema@.identities_hotguid_tag();
	RETURN (lpad(to_hex(second), 8, '0') || encode(substr(tag, 2, 1) || substr(tag, 1, 1) || substr(tag, 4, 1)
		|| substr(tag, 3, 1) || substr(tag, 5, 1), 'hex') || lpad(to_hex(ticket & 16777215), 6, '0')
		|| encode(@extschema@.identities_reverse_bytes(substr(int8send(shard_key), 5, 4)), 'hex'))::uuid;
END
$$;
COMMENT ON FUNCTION @extschema@.hotguid_generate(bigint) IS 'new HotGuid carrying a shard key (0 to 2^32-1), increasing per session; counters from a server-wide sequence in the portable edition';

-- An id of a given instant, for rows made before identities (doc/moving-tables.md): the instant's second (rounded
-- down), hotguid_generate's machine tag, the counter (numbering the ids of one second) and the shard key, checked
-- first as the native edition checks them. No generator state: the same arguments give the same id in a session.
-- VOLATILE and PARALLEL RESTRICTED as the native one: the tag holds the session's pid. From 1970-01-01 to
-- 2106-02-07 06:28:15.999999+00, else 22008.
@function hotguid_generate_at(timestamptz,bigint,integer)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	tag bytea := @extschema@.identities_hotguid_tag();
	seconds numeric;
BEGIN
	IF shard_key < 0 OR shard_key > 4294967295 THEN
		@raise hotguid_shard_key_out_of_range(shard_key);
	END IF;
	IF counter < 0 OR counter > 16777215 THEN
		@raise hotguid_counter_out_of_range(counter);
	END IF;
	IF isfinite(at) THEN
		seconds := floor(extract(epoch FROM at));
	END IF;
	IF seconds IS NULL OR seconds < 0 OR seconds > 4294967295 THEN
		@raise hotguid_time_out_of_range();
	END IF;
	-- assembled as hotguid_generate assembles its ids
	RETURN (lpad(to_hex(seconds::bigint), 8, '0') || encode(substr(tag, 2, 1) || substr(tag, 1, 1) || substr(tag, 4, 1)
		|| substr(tag, 3, 1) || substr(tag, 5, 1), 'hex') || lpad(to_hex(counter), 6, '0')
		|| encode(@extschema@.identities_reverse_bytes(substr(int8send(shard_key), 5, 4)), 'hex'))::uuid;
END
$$;

@function hotguid_extract_shard_key(uuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN ('x' || encode(@extschema@.identities_reverse_bytes(substr(uuid_send($1), 13, 4)), 'hex'))::bit(32)::bigint;
@function hotguid_extract_timestamp(uuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN timestamptz '1970-01-01 00:00:00+00' + interval '1 second' * ('x' || left($1::text, 8))::bit(32)::bigint;

@function hotguid_boundary(timestamptz)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	seconds numeric := 0;
BEGIN
	IF $1 = 'infinity' OR ($1 <> '-infinity' AND $1 > '2106-02-07 06:28:15+00') THEN
		@raise hotguid_boundary_out_of_range();
	END IF;
	IF $1 <> '-infinity' THEN
		seconds := greatest(ceil(extract(epoch FROM $1)), 0);
	END IF;
	RETURN (lpad(to_hex(seconds::bigint), 8, '0') || '000000000000000000000000')::uuid;
END
$$;

-- @expand time_window FORMAT=hotguid TYPE=uuid IDTYPE=uuid MIN='00000000-0000-0000-0000-000000000000'::uuid MAX='ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid PREVIOUS=@extschema@.identities_uuid_previous(last_id) LAST='2106-02-07T06:28:15+00'::timestamptz

-- pg_partman's time decoder passes the id as text (p_time_decoder => 'hotguid_extract_timestamp')
@function hotguid_extract_timestamp(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.hotguid_extract_timestamp(id::uuid);
