--------------------------------------------------------------------------------------------------------------
-- iuid: inDrive's iUID, a UUIDv8 with unix ms, country, service entity and 54 random bits
--------------------------------------------------------------------------------------------------------------
-- A domain over uuid: the text, the order and the binary form are uuid's, as the native type's are.

CREATE DOMAIN @extschema@.iuid AS uuid
	CONSTRAINT iuid_shape CHECK (get_byte(uuid_send(VALUE), 6) >> 4 = 8 AND get_byte(uuid_send(VALUE), 8) >> 6 = 2);
COMMENT ON DOMAIN @extschema@.iuid IS 'iUID (inDrive): UUIDv8 with unix ms, country, service entity and 54 random bits (portable edition: a uuid)';

-- Internal: an iUID from its fields (ms below 2^48, format version, country and service entity below 256,
-- a 54-bit random part), as 32 hex digits.
CREATE FUNCTION @extschema@.identities_compose_iuid(unix_millis bigint, format_version integer, country integer,
		service_entity integer, random_part bigint) RETURNS uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (lpad(to_hex(unix_millis), 12, '0') || '8' || to_hex(format_version) || lpad(to_hex(country), 2, '0')
		|| to_hex((-9223372036854775808)::bigint + (service_entity::bigint << 54) + random_part))::uuid;
COMMENT ON FUNCTION @extschema@.identities_compose_iuid(bigint, integer, integer, integer, bigint) IS 'internal: an iUID from its fields';

-- Internal: a country or a service entity, 0-255, else 22003 naming it.
CREATE FUNCTION @extschema@.identities_iuid_byte(value integer, argument text) RETURNS integer
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF value < 0 OR value > 255 THEN
		@raise iuid_field_out_of_range(argument, value);
	END IF;
	RETURN value;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_iuid_byte(integer, text) IS 'internal: an iUID''s country or service entity, checked';

-- The clock's ms, format version 0, the country and the service entity (checked first, as the native edition
-- does), and 54 random bits of a random uuid. No state: one expression the planner inlines into a column DEFAULT,
-- PARALLEL SAFE, nothing a session can set or roll back. Ids are ordered by their ms; ids of one ms in random
-- order, unique by their 54 random bits. (Not STRICT, which would keep the planner from inlining it: a NULL
-- argument gives NULL all the same.)
@function iuid_generate(integer,integer)
	LANGUAGE sql VOLATILE PARALLEL SAFE
	RETURN (lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint), 12, '0') || '80'
		|| lpad(to_hex(@extschema@.identities_iuid_byte(country, 'country')), 2, '0')
		|| to_hex((-9223372036854775808)::bigint + (@extschema@.identities_iuid_byte(service_entity, 'service_entity')::bigint << 54)
			+ (('x' || translate(right(gen_random_uuid()::text, 15), '-', ''))::bit(56)::bigint & 18014398509481983)))::uuid;
COMMENT ON FUNCTION @extschema@.iuid_generate(integer, integer) IS 'new iUID for a country and a service entity (0-255 each): ordered by its ms, 54 random bits';

-- An id of a given instant, for rows made before identities (doc/moving-tables.md): the instant's millisecond, format
-- version 0, the country and the service entity (checked first, as the native edition does), 54 random bits drawn
-- as iuid_generate draws a new ms's. No generator state. From 1970-01-01 to 10889-08-02 05:31:50.655999+00, else
-- 22008.
@function iuid_generate_at(timestamptz,integer,integer)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	checked_country integer := @extschema@.identities_iuid_byte(country, 'country');
	checked_entity integer := @extschema@.identities_iuid_byte(service_entity, 'service_entity');
	milliseconds numeric;
BEGIN
	IF isfinite(at) THEN
		milliseconds := floor(@extschema@.identities_milliseconds_since('1970-01-01 00:00:00+00'::timestamptz, at));
	END IF;
	IF milliseconds IS NULL OR milliseconds < 0 OR milliseconds > 281474976710655 THEN
		@raise iuid_time_out_of_range();
	END IF;
	RETURN @extschema@.identities_compose_iuid(milliseconds::bigint, 0, checked_country, checked_entity,
		('x' || encode(substr(@extschema@.identities_random_bytes(), 10, 7), 'hex'))::bit(56)::bigint & 18014398509481983);
END
$$;

@function iuid_extract_timestamp(iuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_instant_after('1970-01-01 00:00:00+00'::timestamptz, ('x' || left(replace($1::text, '-', ''), 12))::bit(48)::bigint);
@function iuid_extract_country(iuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN get_byte(uuid_send($1), 7);
@function iuid_extract_service_entity(iuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN ('x' || substr(replace($1::text, '-', ''), 17, 3))::bit(12)::integer >> 2 & 255;
@function iuid_extract_format_version(iuid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN get_byte(uuid_send($1), 6) & 15;

@function iuid_boundary(timestamptz)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	milliseconds numeric := 0;
BEGIN
	IF $1 = 'infinity' OR ($1 <> '-infinity' AND $1 > '10889-08-02 05:31:50.655+00') THEN
		@raise iuid_boundary_out_of_range();
	END IF;
	IF $1 <> '-infinity' THEN
		milliseconds := greatest(ceil(@extschema@.identities_milliseconds_since('1970-01-01 00:00:00+00'::timestamptz, $1)), 0);
	END IF;
	RETURN @extschema@.identities_compose_iuid(milliseconds::bigint, 0, 0, 0, 0::bigint);
END
$$;

-- the native casts, as functions: uuid to iuid checks the shape; iuid to uuid is the domain's own value
@function uuid_to_iuid(uuid)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF get_byte(uuid_send($1), 6) >> 4 <> 8 OR get_byte(uuid_send($1), 8) >> 6 <> 2 THEN
		RAISE EXCEPTION 'uuid "%" is not an iuid', $1 USING ERRCODE = '22P02',
			DETAIL = 'An iuid is a UUID of version 8 and variant 10 (RFC 9562).';
	END IF;
	RETURN $1;
END
$$;

-- Internal: the largest iUID below a boundary of a millisecond after the first: the last of the millisecond before,
-- every free bit set (one less than the boundary would read as variant 01, not an iUID).
CREATE FUNCTION @extschema@.identities_iuid_before(boundary uuid) RETURNS uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_compose_iuid(('x' || left(replace($1::text, '-', ''), 12))::bit(48)::bigint - 1,
		15, 255, 255, 18014398509481983);
COMMENT ON FUNCTION @extschema@.identities_iuid_before(uuid) IS 'internal: the largest iUID below a boundary';

-- @expand time_window FORMAT=iuid TYPE=uuid IDTYPE=@extschema@.iuid MIN='00000000-0000-8000-8000-000000000000'::uuid MAX='ffffffff-ffff-8fff-bfff-ffffffffffff'::uuid PREVIOUS=@extschema@.identities_iuid_before(last_id) LAST='10889-08-02T05:31:50.655+00'::timestamptz
CREATE OPERATOR @extschema@.<@ (LEFTARG = @extschema@.iuid, RIGHTARG = tstzrange, FUNCTION = @extschema@.iuid_within);
COMMENT ON OPERATOR @extschema@.<@ (@extschema@.iuid, tstzrange) IS 'the id''s timestamp is in the time window (iuid_within)';
