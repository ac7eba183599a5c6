--------------------------------------------------------------------------------------------------------------
-- DistributedId128: Architect.Identities' UUIDv7-shaped 128-bit id, kept in uuid
--------------------------------------------------------------------------------------------------------------

-- Internal: a uuid as the 128-bit big-endian integer of its bytes, and back; the uuid one less (never of the nil
-- uuid), for the last id of a time window.
CREATE FUNCTION @extschema@.identities_uuid_to_numeric(uuid) RETURNS numeric
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_bytes_to_numeric(uuid_send($1));
COMMENT ON FUNCTION @extschema@.identities_uuid_to_numeric(uuid) IS 'internal: the uuid as a 128-bit big-endian integer';
CREATE FUNCTION @extschema@.identities_numeric_to_uuid(numeric) RETURNS uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN encode(@extschema@.identities_numeric_to_bytes($1, 16), 'hex')::uuid;
COMMENT ON FUNCTION @extschema@.identities_numeric_to_uuid(numeric) IS 'internal: the uuid of a 128-bit integer (the caller checks 0 <= value < 2^128)';
CREATE FUNCTION @extschema@.identities_uuid_previous(uuid) RETURNS uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_numeric_to_uuid(@extschema@.identities_uuid_to_numeric($1) - 1);
COMMENT ON FUNCTION @extschema@.identities_uuid_previous(uuid) IS 'internal: the uuid one less, as 128-bit integers (not for the nil uuid)';

-- Internal: the uuid of a DistributedId128's timestamp (ms since 1700) and 75-bit random part.
CREATE FUNCTION @extschema@.identities_compose_distributedid128(ts bigint, random_part numeric) RETURNS uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_numeric_to_uuid(
		(ts::numeric * 65536 + 28672 + div(random_part, 9223372036854775808)) * 18446744073709551616
		+ mod(random_part, 9223372036854775808));
COMMENT ON FUNCTION @extschema@.identities_compose_distributedid128(bigint, numeric) IS 'internal: a DistributedId128 from its timestamp and random part';

-- Architect's layout: ts = the ms since 1700, the version nibble 7, and a 75-bit random part, as Architect's
-- generator makes the first id of each ms; here every call is such an id. The random part is a random uuid's text
-- from the 3 hex digits after its version nibble on (its dashes taken out), the variant digit in the middle
-- replaced by another random uuid's first digit with its top bit cleared (the id's variant bit, 0). No state: one
-- expression the planner inlines into a column DEFAULT, nothing a session can set or roll back. Ids are ordered
-- by their ms; ids of one ms in random order, unique by their 75 random bits. PARALLEL UNSAFE for
-- identities.incremental_ids (a setting it sets).
@function distributedid128_generate()
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
	RETURN CASE WHEN btrim(current_setting('identities.incremental_ids', true)) <> ''
		THEN @extschema@.identities_numeric_to_uuid(@extschema@.identities_take_incremental_id(1, 340282366920938463463374607431768211455, 'uuid'))
		ELSE (lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint + 8520336000000), 12, '0') || '7'
			|| overlay(translate(substr(gen_random_uuid()::text, 16), '-', '')
				PLACING translate(left(gen_random_uuid()::text, 1), '89abcdef', '01234567') FROM 4 FOR 1))::uuid END;
COMMENT ON FUNCTION @extschema@.distributedid128_generate() IS 'new DistributedId128: ms since 1700, version 7 nibble, 75 random bits (portable edition: every id the first of its ms)';

-- NULL for a uuid that is not shaped like a DistributedId128 (version nibble 7, top bit of byte 8 clear).
@function distributedid128_extract_timestamp(uuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN CASE WHEN get_byte(uuid_send($1), 6) >> 4 = 7 AND get_byte(uuid_send($1), 8) < 128 THEN
		@extschema@.identities_instant_after('1700-01-01 00:00:00+00'::timestamptz,
			('x' || encode(substr(uuid_send($1), 1, 6), 'hex'))::bit(48)::bigint) END;

@function distributedid128_boundary(timestamptz)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	milliseconds numeric;
BEGIN
	IF $1 <> '-infinity' THEN
		IF $1 = 'infinity' THEN
			milliseconds := 281474976710656;
		ELSE
			milliseconds := ceil(@extschema@.identities_milliseconds_since('1700-01-01 00:00:00+00'::timestamptz, $1));
		END IF;
		IF milliseconds > 281474976710655 THEN
			@raise distributedid128_boundary_out_of_range();
		END IF;
	END IF;
	RETURN @extschema@.identities_compose_distributedid128(CASE WHEN $1 = '-infinity' OR milliseconds <= 0 THEN 0 ELSE milliseconds::bigint END, 0::numeric);
END
$$;

-- An id of a given instant, for rows made before identities (doc/moving-tables.md): the instant's millisecond since
-- 1700 and a 75-bit random part drawn as distributedid128_generate draws it (never 0). No generator state, no
-- identities.incremental_ids. From 1700-01-01 to 10619-08-04 05:31:50.655999+00, else 22008.
@function distributedid128_generate_at(timestamptz)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	random_bytes bytea := @extschema@.identities_random_bytes();
	-- 11 high bits and 64 low ones, from the wholly random bytes 0-5 and 9-12 of a random uuid
	random_high bigint := ('x' || encode(substr(random_bytes, 1, 2), 'hex'))::bit(16)::bigint & 2047;
	random_low numeric := @extschema@.identities_bytes_to_numeric(substr(random_bytes, 3, 4) || substr(random_bytes, 10, 4));
	milliseconds numeric;
BEGIN
	IF isfinite(at) THEN
		milliseconds := floor(@extschema@.identities_milliseconds_since('1700-01-01 00:00:00+00'::timestamptz, at));
	END IF;
	IF milliseconds IS NULL OR milliseconds < 0 OR milliseconds > 281474976710655 THEN
		@raise distributedid128_time_out_of_range();
	END IF;
	IF random_high = 0 AND random_low = 0 THEN
		random_low := 1;
	END IF;
	RETURN @extschema@.identities_compose_distributedid128(milliseconds::bigint, random_high * 18446744073709551616 + random_low);
END
$$;

@function distributedid128_to_numeric(uuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_uuid_to_numeric($1);

@function numeric_to_distributedid128(numeric)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF $1 = 'NaN' OR $1 < 0 OR $1 > 340282366920938463463374607431768211455 OR $1 <> trunc($1) THEN
		@raise distributedid128_numeric_out_of_range($1);
	END IF;
	RETURN @extschema@.identities_numeric_to_uuid($1);
END
$$;

@function distributedid128_split(uuid)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	upper := ('x' || encode(substr(uuid_send(id), 1, 8), 'hex'))::bit(64)::bigint;
	lower := ('x' || encode(substr(uuid_send(id), 9, 8), 'hex'))::bit(64)::bigint;
	IF upper < 0 OR lower < 0 THEN
		@raise distributedid128_not_two_bigints(id);
	END IF;
END
$$;

@function distributedid128_join(bigint,bigint)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF upper < 0 OR lower < 0 THEN
		@raise distributedid128_negative_halves();
	END IF;
	RETURN encode(int8send(upper) || int8send(lower), 'hex')::uuid;
END
$$;

-- @expand time_window FORMAT=distributedid128 TYPE=uuid IDTYPE=uuid MIN='00000000-0000-0000-0000-000000000000'::uuid MAX='ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid PREVIOUS=@extschema@.identities_uuid_previous(last_id) LAST='10619-08-04T05:31:50.655+00'::timestamptz

-- pg_partman's time decoder passes the id as text (p_time_decoder => 'distributedid128_extract_timestamp')
@function distributedid128_extract_timestamp(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.distributedid128_extract_timestamp(id::uuid);
