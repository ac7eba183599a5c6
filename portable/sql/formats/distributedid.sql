--------------------------------------------------------------------------------------------------------------
-- distributedid: Architect.Identities' DistributedId, a 28-digit decimal
--------------------------------------------------------------------------------------------------------------
-- A domain over numeric(28,0): every driver reads and writes it as the DECIMAL(28,0) it is, in the text and the
-- binary protocol alike (the native type sends numeric's binary form too). The typmod refuses 10^28 and beyond
-- (22003, as the native input), and rounds a fraction to an integer where the native input refuses it.

CREATE DOMAIN @extschema@.distributedid AS numeric(28,0)
	CONSTRAINT distributedid_range CHECK (VALUE >= 0 AND VALUE <> 'NaN');
COMMENT ON DOMAIN @extschema@.distributedid IS 'DistributedId (Architect.Identities): ms timestamp since 1900 and 48 random bits, shown as a 28-digit decimal (portable edition: a numeric(28,0))';

-- Internal: the next id of identities.incremental_ids' series (0: distributedid, 1: distributedid128; from the
-- setting's value to maximum, else 22003 naming type_name). A custom setting can be set by any role, so the portable
-- edition honours it for the sessions of members of the role that installed it only (the native one makes it
-- superuser-only): whoever sets it chooses the ids that column defaults produce. The position lives in
-- identities_portable.incremental_ids as "setting:next:next", restarting whenever the setting changes; like the
-- setting itself it is the session's, and a rollback takes it back (a test's fixture, never a production id).
CREATE FUNCTION @extschema@.identities_take_incremental_id(series integer, maximum numeric, type_name text) RETURNS numeric
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	setting text := btrim(coalesce(current_setting('identities.incremental_ids', true), ''));
	position text[] := string_to_array(coalesce(current_setting('identities_portable.incremental_ids', true), ''), ':');
	first_id numeric;
	next_ids numeric[];
	id numeric;
BEGIN
	IF NOT @extschema@.identities_owner_session() THEN
		RAISE EXCEPTION 'permission denied to use identities.incremental_ids'
			USING ERRCODE = '42501',
			DETAIL = 'In the portable edition, only the sessions of members of the role that installed it can choose the ids generators return.';
	END IF;
	IF setting !~ '^[0-9]+$' OR length(setting) > 39 OR setting::numeric > 340282366920938463463374607431768211455 THEN
		RAISE EXCEPTION 'invalid value for parameter "identities.incremental_ids": "%"', setting
			USING ERRCODE = '22023',
			DETAIL = 'The value must be an integer from 0 to 2^128-1, or empty for the real generators.';
	END IF;
	first_id := setting::numeric;
	IF cardinality(position) = 3 AND position[1] = setting THEN
		next_ids := ARRAY[position[2]::numeric, position[3]::numeric];
	ELSE
		next_ids := ARRAY[first_id, first_id];
	END IF;
	id := next_ids[series + 1];
	IF id > 340282366920938463463374607431768211455 THEN
		RAISE EXCEPTION 'identities.incremental_ids series is exhausted' USING ERRCODE = '22003';
	END IF;
	IF id > maximum THEN
		RAISE EXCEPTION 'identities.incremental_ids value % is out of range for type %', id, type_name
			USING ERRCODE = '22003';
	END IF;
	next_ids[series + 1] := id + 1;
	PERFORM set_config('identities_portable.incremental_ids', setting || ':' || next_ids[1] || ':' || next_ids[2], false);
	RETURN id;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_take_incremental_id(integer, numeric, text) IS 'internal: the next id of identities.incremental_ids'' series (its owner''s sessions only)';

-- generation, extraction, boundaries

-- Architect's layout: ts = the ms since 1900 minus 1 s of leeway, and a 48-bit random part (never 0), as
-- Architect's generator makes the first id of each of its replicas; here every call is such a first id. No
-- state: one expression the planner inlines into a column DEFAULT, nothing a session can set or roll back, no
-- rate limit or burst. Ids are ordered by their ms; ids of one ms in random order, unique by their 48 random bits
-- (two ids of one ms share them once in 2^48). PARALLEL UNSAFE for identities.incremental_ids (a setting it sets).
@function distributedid_generate()
	LANGUAGE sql VOLATILE PARALLEL UNSAFE
	RETURN CASE WHEN btrim(current_setting('identities.incremental_ids', true)) <> ''
		THEN @extschema@.identities_take_incremental_id(0, 9999999999999999999999999999, 'distributedid')
		ELSE (floor(extract(epoch FROM clock_timestamp()) * 1000) + 2208988799000) * 281474976710656
			+ greatest(('x' || translate(left(gen_random_uuid()::text, 13), '-', ''))::bit(48)::bigint, 1) END;
COMMENT ON FUNCTION @extschema@.distributedid_generate() IS 'new DistributedId: the ms since 1900 (1 s of leeway) and 48 random bits (portable edition: every id a replica''s first)';

@function distributedid_extract_timestamp(distributedid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_instant_after('1900-01-01 00:00:00+00'::timestamptz, div($1, 281474976710656)::bigint);

@function distributedid_boundary(timestamptz)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	milliseconds numeric;
BEGIN
	IF $1 = '-infinity' THEN
		RETURN 0;
	END IF;
	-- The last instant: the timestamp of 10^28-1, 35527136788005 ms after 1900.
	IF $1 = 'infinity' OR $1 > '3025-10-23 17:06:28.005+00' THEN
		@raise distributedid_boundary_out_of_range();
	END IF;
	milliseconds := ceil(@extschema@.identities_milliseconds_since('1900-01-01 00:00:00+00'::timestamptz, $1));
	RETURN CASE WHEN milliseconds <= 0 THEN 0 ELSE milliseconds * 281474976710656 END;
END
$$;

-- An id of a given instant, for rows made before identities (doc/moving-tables.md): the instant's millisecond since
-- 1900 exactly (no second of leeway) and 48 random bits drawn as distributedid_generate draws them (never 0). No
-- generator state, no identities.incremental_ids. From 1900-01-01 to 3014-12-13 12:41:28.831999+00, else 22008.
@function distributedid_generate_at(timestamptz)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	milliseconds numeric;
	random_part bigint := ('x' || encode(substr(@extschema@.identities_random_bytes(), 1, 6), 'hex'))::bit(48)::bigint;
BEGIN
	IF isfinite(at) THEN
		milliseconds := floor(@extschema@.identities_milliseconds_since('1900-01-01 00:00:00+00'::timestamptz, at));
	END IF;
	IF milliseconds IS NULL OR milliseconds < 0 OR milliseconds > 35184372088831 THEN
		@raise distributedid_time_out_of_range();
	END IF;
	RETURN milliseconds * 281474976710656 + CASE WHEN random_part = 0 THEN 1 ELSE random_part END;
END
$$;

-- conversions: the native edition's casts, as functions (a cast to or from a domain is its base type's)

@function numeric_to_distributedid(numeric)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF $1 = 'NaN' OR $1 < 0 OR $1 > 9999999999999999999999999999 OR $1 <> trunc($1) THEN
		@raise distributedid_numeric_out_of_range($1, 'type distributedid');
	END IF;
	RETURN trunc($1);
END
$$;

@function distributedid_to_numeric(distributedid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN $1::numeric;

@function bigint_to_distributedid(bigint)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.numeric_to_distributedid($1::numeric);

@function uuid_to_distributedid(uuid)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	bytes bytea := uuid_send($1);
	value numeric;
BEGIN
	value := @extschema@.identities_bytes_to_numeric(substr(bytes, 5));
	IF substr(bytes, 1, 4) <> '\x00000000'::bytea OR value > 9999999999999999999999999999 THEN
		@raise distributedid_value_out_of_range('uuid', $1);
	END IF;
	RETURN value;
END
$$;

@function distributedid_to_uuid(distributedid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN encode(@extschema@.identities_numeric_to_bytes($1, 16), 'hex')::uuid;

@function bytea_to_distributedid(bytea)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF length($1) <> 16 THEN
		@raise distributedid_binary_length($1, length($1));
	END IF;
	RETURN @extschema@.uuid_to_distributedid(encode($1, 'hex')::uuid);
END
$$;

@function distributedid_to_bytea(distributedid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_numeric_to_bytes($1, 16);

-- JSON: PostgreSQL's to_json looks through a domain to numeric and writes a JSON number, which JavaScript's
-- JSON.parse rounds past 2^53. PostgREST (11.2 on, Supabase's REST layer) applies an IMPLICIT cast from a domain to
-- json itself ("domain representations"), so its responses carry the id as the JSON string the native edition gives.
CREATE FUNCTION @extschema@.distributedid_to_json(@extschema@.distributedid) RETURNS json
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN to_json($1::text);
COMMENT ON FUNCTION @extschema@.distributedid_to_json(@extschema@.distributedid) IS 'the id as a JSON string of its digits, as the native edition''s to_json gives it (the cast PostgREST applies to API responses)';
DO $$
DECLARE
	messages text := current_setting('client_min_messages');
BEGIN
	-- PostgreSQL warns that it ignores a cast from a domain: the cast is for PostgREST, which reads pg_cast itself.
	PERFORM set_config('client_min_messages', 'error', true);
	CREATE CAST (@extschema@.distributedid AS json) WITH FUNCTION @extschema@.distributedid_to_json(@extschema@.distributedid) AS IMPLICIT;
	PERFORM set_config('client_min_messages', messages, true);
END
$$;

-- @expand time_window FORMAT=distributedid TYPE=@extschema@.distributedid IDTYPE=@extschema@.distributedid MIN=0 MAX=9999999999999999999999999999 PREVIOUS=last_id-1 LAST='3025-10-23T17:06:28.005+00'::timestamptz
CREATE OPERATOR @extschema@.<@ (LEFTARG = @extschema@.distributedid, RIGHTARG = tstzrange, FUNCTION = @extschema@.distributedid_within);
COMMENT ON OPERATOR @extschema@.<@ (@extschema@.distributedid, tstzrange) IS 'the id''s timestamp is in the time window (distributedid_within)';
