--------------------------------------------------------------------------------------------------------------
-- UUIDv7 (RFC 9562): unix ms, a 12-bit fraction of the ms (method 3), 62 random bits, kept in uuid
--------------------------------------------------------------------------------------------------------------

-- Internal: a UUIDv7 from its time in 1/4096 ms and 62 random bits.
CREATE FUNCTION @extschema@.identities_compose_uuidv7(time_4096ths bigint, random_part bigint) RETURNS uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (lpad(to_hex(time_4096ths >> 12), 12, '0') || '7' || lpad(to_hex(time_4096ths & 4095), 3, '0')
		|| to_hex((-9223372036854775808)::bigint + (random_part & 4611686018427387903)))::uuid;
COMMENT ON FUNCTION @extschema@.identities_compose_uuidv7(bigint, bigint) IS 'internal: a UUIDv7 from its time in 1/4096 ms and its random bits';

-- The clock's time in 1/4096 ms (RFC 9562's method 3: the ms, then the microseconds of the ms * 4096 / 1000, which
-- together are the Unix microseconds * 512 / 125) and the 62 random bits of a random uuid, whose variant bits are
-- UUIDv7's too. No state: one expression the planner inlines into a column DEFAULT, PARALLEL SAFE, nothing a
-- session can set or roll back. Ids are ordered by their time to 1/4096 ms; two of one such instant (of one
-- microsecond of the clock) in random order, unique by their random bits as gen_random_uuid()'s.
@function uuidv7_generate()
	LANGUAGE sql VOLATILE PARALLEL SAFE
	RETURN (overlay(lpad(to_hex((extract(epoch FROM clock_timestamp()) * 1000000)::bigint * 512 / 125), 15, '0')
		PLACING '7' FROM 13 FOR 0) || right(gen_random_uuid()::text, 17))::uuid;
COMMENT ON FUNCTION @extschema@.uuidv7_generate() IS 'new UUIDv7 (RFC 9562, 12-bit sub-millisecond fraction, 62 random bits), ordered by its time (portable edition: to 1/4096 ms)';

@function uuidv7_extract_timestamp(uuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN CASE WHEN get_byte(uuid_send($1), 6) >> 4 = 7 AND get_byte(uuid_send($1), 8) >> 6 = 2 THEN
		@extschema@.identities_instant_after('1970-01-01 00:00:00+00'::timestamptz, ('x' || encode(substr(uuid_send($1), 1, 6), 'hex'))::bit(48)::bigint) END;

@function uuidv7_boundary(timestamptz)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	milliseconds numeric := 0;
BEGIN
	IF $1 = 'infinity' OR ($1 <> '-infinity' AND $1 > '10889-08-02 05:31:50.655+00') THEN
		@raise uuidv7_boundary_out_of_range();
	END IF;
	IF $1 <> '-infinity' THEN
		milliseconds := greatest(ceil(@extschema@.identities_milliseconds_since('1970-01-01 00:00:00+00'::timestamptz, $1)), 0);
	END IF;
	RETURN @extschema@.identities_compose_uuidv7(milliseconds::bigint << 12, 0::bigint);
END
$$;

-- An id of a given instant, for rows made before identities (doc/moving-tables.md): the instant's time in 1/4096 ms
-- as uuidv7_generate takes the clock's (the microseconds of the ms * 4096 / 1000), 62 random bits. No generator
-- state. From 1970-01-01 to 10889-08-02 05:31:50.655999+00, else 22008.
@function uuidv7_generate_at(timestamptz)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	micros numeric;
BEGIN
	IF isfinite(at) THEN
		micros := floor(extract(epoch FROM at) * 1000000);
	END IF;
	IF micros IS NULL OR micros < 0 OR div(micros, 1000) > 281474976710655 THEN
		@raise uuidv7_time_out_of_range();
	END IF;
	RETURN @extschema@.identities_compose_uuidv7((div(micros, 1000)::bigint << 12) | (mod(micros, 1000)::bigint * 4096 / 1000),
		('x' || encode(substr(@extschema@.identities_random_bytes(), 9, 8), 'hex'))::bit(64)::bigint);
END
$$;

-- @expand time_window FORMAT=uuidv7 TYPE=uuid IDTYPE=uuid MIN='00000000-0000-0000-0000-000000000000'::uuid MAX='ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid PREVIOUS=@extschema@.identities_uuid_previous(last_id) LAST='10889-08-02T05:31:50.655+00'::timestamptz

-- pg_partman's time decoder passes the id as text (p_time_decoder => 'uuidv7_extract_timestamp')
@function uuidv7_extract_timestamp(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.uuidv7_extract_timestamp(id::uuid);
