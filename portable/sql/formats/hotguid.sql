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
SELECT setval('@extschema@.identities_hotguid_counters', (random() * 500000)::bigint, false);

-- The reference's fields: the current second, the session's tag and a 24-bit counter, here the low 24 bits of a
-- server-wide sequence rather than one per process. Nothing a session can set or roll back decides them, so no id
-- is made twice: two ids of one tag (one session) and one second share their counter only if the server drew
-- 2^24 counters within that second. Ids of a session increase within a second but where the counter wraps (once
-- in 2^24 of the server's ids); the reference waits for the next second there, which takes a state per session.
CREATE FUNCTION @extschema@.hotguid_generate(shard_key bigint) RETURNS uuid
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	tag bytea;
	counter bigint;
	second bigint;
BEGIN
	IF shard_key < 0 OR shard_key > 4294967295 THEN
		RAISE EXCEPTION 'shard_key % is out of range for hotguid', shard_key USING ERRCODE = '22003',
			DETAIL = 'The shard key of a hotguid must be from 0 to 4294967295.';
	END IF;
	counter := @extschema@.identities_next_ticket('@extschema@.identities_hotguid_counters', 'HotGuid') & 16777215;
	second := floor(extract(epoch FROM clock_timestamp()))::bigint;
	IF second < 0 OR second > 4294967295 THEN
		RAISE EXCEPTION 'the clock is out of the range of HotGuid' USING ERRCODE = '22008';
	END IF;
	tag := @extschema@.identities_hotguid_tag();
	RETURN (lpad(to_hex(second), 8, '0') || encode(substr(tag, 2, 1) || substr(tag, 1, 1) || substr(tag, 4, 1)
		|| substr(tag, 3, 1) || substr(tag, 5, 1), 'hex') || lpad(to_hex(counter), 6, '0')
		|| encode(@extschema@.identities_reverse_bytes(substr(int8send(shard_key), 5, 4)), 'hex'))::uuid;
END
$$;
COMMENT ON FUNCTION @extschema@.hotguid_generate(bigint) IS 'new HotGuid carrying a shard key (0 to 2^32-1); counters from a server-wide sequence in the portable edition';

-- An id of a given instant, for rows made before identities (doc/moving-tables.md): the instant's second (rounded
-- down), hotguid_generate's machine tag, the counter (numbering the ids of one second) and the shard key, checked
-- first as the native edition checks them. No generator state: the same arguments give the same id in a session.
-- VOLATILE and PARALLEL RESTRICTED as the native one: the tag holds the session's pid. From 1970-01-01 to
-- 2106-02-07 06:28:15.999999+00, else 22008.
CREATE FUNCTION @extschema@.hotguid_generate_at(at timestamptz, shard_key bigint, counter integer) RETURNS uuid
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	tag bytea := @extschema@.identities_hotguid_tag();
	seconds numeric;
BEGIN
	IF shard_key < 0 OR shard_key > 4294967295 THEN
		RAISE EXCEPTION 'shard_key % is out of range for hotguid', shard_key USING ERRCODE = '22003',
			DETAIL = 'The shard key of a hotguid must be from 0 to 4294967295.';
	END IF;
	IF counter < 0 OR counter > 16777215 THEN
		RAISE EXCEPTION 'counter % is out of range for hotguid', counter USING ERRCODE = '22003',
			DETAIL = 'The counter of a hotguid must be from 0 to 16777215.';
	END IF;
	IF isfinite(at) THEN
		seconds := floor(extract(epoch FROM at));
	END IF;
	IF seconds IS NULL OR seconds < 0 OR seconds > 4294967295 THEN
		RAISE EXCEPTION 'timestamp out of range for HotGuid' USING ERRCODE = '22008',
			DETAIL = 'A HotGuid embeds Unix seconds in 32 bits, from 1970-01-01 to 2106-02-07 06:28:15+00.';
	END IF;
	-- assembled as hotguid_generate assembles its ids
	RETURN (lpad(to_hex(seconds::bigint), 8, '0') || encode(substr(tag, 2, 1) || substr(tag, 1, 1) || substr(tag, 4, 1)
		|| substr(tag, 3, 1) || substr(tag, 5, 1), 'hex') || lpad(to_hex(counter), 6, '0')
		|| encode(@extschema@.identities_reverse_bytes(substr(int8send(shard_key), 5, 4)), 'hex'))::uuid;
END
$$;
COMMENT ON FUNCTION @extschema@.hotguid_generate_at(timestamptz, bigint, integer) IS 'HotGuid of the instant''s second with hotguid_generate''s machine tag, a shard key (0 to 2^32-1) and a counter (0 to 2^24-1) numbering the ids of one second: for rows made before identities';

CREATE FUNCTION @extschema@.hotguid_extract_shard_key(uuid) RETURNS bigint
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN ('x' || encode(@extschema@.identities_reverse_bytes(substr(uuid_send($1), 13, 4)), 'hex'))::bit(32)::bigint;
COMMENT ON FUNCTION @extschema@.hotguid_extract_shard_key(uuid) IS 'shard key of a HotGuid (its last 4 bytes, little-endian)';
CREATE FUNCTION @extschema@.hotguid_extract_timestamp(uuid) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN timestamptz '1970-01-01 00:00:00+00' + interval '1 second' * ('x' || left($1::text, 8))::bit(32)::bigint;
COMMENT ON FUNCTION @extschema@.hotguid_extract_timestamp(uuid) IS 'creation second of a HotGuid (unix seconds, wrapping in 2106 as the reference does)';

CREATE FUNCTION @extschema@.hotguid_boundary(timestamptz) RETURNS uuid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	seconds numeric := 0;
BEGIN
	IF $1 = 'infinity' OR ($1 <> '-infinity' AND $1 > '2106-02-07 06:28:15+00') THEN
		RAISE EXCEPTION 'timestamp out of range for HotGuid' USING ERRCODE = '22008',
			DETAIL = 'The last second a HotGuid can embed is 2106-02-07 06:28:15+00.';
	END IF;
	IF $1 <> '-infinity' THEN
		seconds := greatest(ceil(extract(epoch FROM $1)), 0);
	END IF;
	RETURN (lpad(to_hex(seconds::bigint), 8, '0') || '000000000000000000000000')::uuid;
END
$$;
COMMENT ON FUNCTION @extschema@.hotguid_boundary(timestamptz) IS 'smallest HotGuid at or after the instant (its second rounded up): for range partitions';

-- @expand time_window FORMAT=hotguid TYPE=uuid IDTYPE=uuid MIN='00000000-0000-0000-0000-000000000000'::uuid MAX='ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid PREVIOUS=@extschema@.identities_uuid_previous(last_id)

-- pg_partman's time decoder passes the id as text (p_time_decoder => 'hotguid_extract_timestamp')
CREATE FUNCTION @extschema@.hotguid_extract_timestamp(id text) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.hotguid_extract_timestamp(id::uuid);
COMMENT ON FUNCTION @extschema@.hotguid_extract_timestamp(text) IS 'the same from the uuid''s text, as pg_partman''s time decoder passes it';
