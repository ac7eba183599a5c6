--------------------------------------------------------------------------------------------------------------
-- ulid: ULID, a 48-bit Unix millisecond timestamp and 80 random bits, written as 26 characters of Crockford's base32
--------------------------------------------------------------------------------------------------------------
-- A domain over text COLLATE "C" holding the native type's text: 26 upper-case characters of Crockford's base32,
-- the first from 0 to 7. Its digits and letters are in ASCII order, so the "C" order of the text is the order of the
-- 128 bits, the native order: a btree or a BRIN index on a ulid column orders ids as their time does. Casts to and
-- from a domain cannot be created: the native casts are the functions bytea_to_ulid and ulid_to_bytea (the native
-- edition's), ulid_to_uuid and uuid_to_ulid, and ulid_in(text) takes every text the native input takes (either case,
-- I and L as 1, O as 0), where the domain takes the canonical text only.
--
-- Base32 goes through base64, which core PostgreSQL encodes and decodes: a 5-bit digit is a 6-bit base64 digit below
-- 32, so Crockford's alphabet translated to base64's first 32 characters, decoded, is the 5-bit groups each in 6
-- bits (and the reverse). The groups are packed and spread by regexp_replace on the bits' text: each expression
-- uses its input once, so the planner inlines the SQL functions built of them (ulid_generate into a column DEFAULT).

CREATE DOMAIN @extschema@.ulid AS text COLLATE "C"
	CONSTRAINT ulid_text CHECK (VALUE ~ '^[0-7][0-9A-HJKMNP-TV-Z]{25}$');
COMMENT ON DOMAIN @extschema@.ulid IS 'ULID: 48-bit unix ms and 80 random bits, written as 26 characters of Crockford''s base32 (portable edition: their text, upper case)';

-- Internal: the first 10 characters of a ULID, its millisecond (below 2^48): the 50 bits with a 0 before each
-- 5-bit group are ten base64 digits below 32, translated to Crockford's.
CREATE FUNCTION @extschema@.identities_ulid_time_text(millis bigint) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN translate(left(encode(int8send((regexp_replace(millis::bit(50)::text, '(.{5})', '0\1', 'g') || '0000')::bit(64)::bigint),
		'base64'), 10), 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef', '0123456789ABCDEFGHJKMNPQRSTVWXYZ');
COMMENT ON FUNCTION @extschema@.identities_ulid_time_text(bigint) IS 'internal: the 10 characters of a ULID''s millisecond';

-- Internal: 16 random characters, 80 random bits: the base64 of a random uuid's bytes but the three digits that
-- hold its version and variant bits, each of 64 values read modulo 32.
CREATE FUNCTION @extschema@.identities_ulid_random_text() RETURNS text
	LANGUAGE sql VOLATILE PARALLEL SAFE
	RETURN translate(left(overlay(encode(uuid_send(gen_random_uuid()), 'base64') PLACING '' FROM 9 FOR 3), 16),
		'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/',
		'0123456789ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFGHJKMNPQRSTVWXYZ');
COMMENT ON FUNCTION @extschema@.identities_ulid_random_text() IS 'internal: the 16 characters of 80 random bits';

-- Internal: the millisecond of a ULID's canonical text (its first 10 characters, 50 bits, the top 2 zero).
CREATE FUNCTION @extschema@.identities_ulid_millis(id text) RETURNS bigint
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN regexp_replace(left(('x' || encode(decode(translate(left(id, 10), '0123456789ABCDEFGHJKMNPQRSTVWXYZ',
		'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef') || 'AA', 'base64'), 'hex'))::bit(72)::text, 60), '.(.{5})', '\1', 'g')::bit(50)::bigint;
COMMENT ON FUNCTION @extschema@.identities_ulid_millis(text) IS 'internal: the Unix millisecond of a ULID''s text';

-- Internal: the 16 bytes (big-endian, the spec's binary form) of a ULID's canonical text: its 130 bits, the top 2
-- zero.
CREATE FUNCTION @extschema@.identities_ulid_bytes(id text) RETURNS bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	bits text := regexp_replace(left(('x' || encode(decode(translate(id, '0123456789ABCDEFGHJKMNPQRSTVWXYZ',
		'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef') || 'AA', 'base64'), 'hex'))::bit(168)::text, 156), '.(.{5})', '\1', 'g');
BEGIN
	RETURN int8send(substr(bits, 3, 64)::bit(64)::bigint) || int8send(substr(bits, 67, 64)::bit(64)::bigint);
END
$$;
COMMENT ON FUNCTION @extschema@.identities_ulid_bytes(text) IS 'internal: the 16 bytes of a ULID''s text';

-- Internal: the canonical text of 16 bytes: their 128 bits after 2 zero bits, a 0 before each 5-bit group, 26
-- base64 digits below 32 translated to Crockford's.
CREATE FUNCTION @extschema@.identities_ulid_of_bytes(bytes bytea) RETURNS text
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	spread text := regexp_replace('00' || ('x' || encode(bytes, 'hex'))::bit(128)::text, '(.{5})', '0\1', 'g')
		|| '000000000000000000000000000000000000'; -- 156 bits and 36 to make three bigints
BEGIN
	RETURN translate(left(encode(int8send(substr(spread, 1, 64)::bit(64)::bigint) || int8send(substr(spread, 65, 64)::bit(64)::bigint)
		|| int8send(substr(spread, 129, 64)::bit(64)::bigint), 'base64'), 26),
		'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef', '0123456789ABCDEFGHJKMNPQRSTVWXYZ');
END
$$;
COMMENT ON FUNCTION @extschema@.identities_ulid_of_bytes(bytea) IS 'internal: the ULID text of 16 bytes';

-- The native type's input, as a function: 26 characters of Crockford's base32 in either case, I and L read as 1,
-- O as 0 (only ASCII letters are folded); 22P02 for another length or character (U among them), 22003 for a first
-- character above 7 (more than 128 bits). No whitespace is trimmed, as the native input trims none.
CREATE FUNCTION @extschema@.ulid_in(text) RETURNS @extschema@.ulid
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	normalized text;
BEGIN
	IF $1 !~ '^[0-9A-TV-Za-tv-z]{26}$' THEN
		@raise ulid_invalid_text($1);
	END IF;
	normalized := translate(translate($1, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), 'ILO', '110');
	IF normalized !~ '^[0-7]' THEN
		@raise ulid_out_of_range($1);
	END IF;
	RETURN normalized;
END
$$;
COMMENT ON FUNCTION @extschema@.ulid_in(text) IS 'the ulid of a text the native ulid type''s input takes (either case, I and L as 1, O as 0): the portable edition''s domain takes the canonical upper-case text only';

-- generation, extraction, boundaries

-- The clock's millisecond and 80 random bits of a random uuid. No state: one expression the planner inlines into a
-- column DEFAULT, PARALLEL SAFE, nothing a session can set or roll back. Ids are ordered by their millisecond; ids
-- of one millisecond in random order (the native generator adds 1 within a millisecond), unique by their random
-- bits.
@function ulid_generate()
	LANGUAGE sql VOLATILE PARALLEL SAFE
	RETURN @extschema@.identities_ulid_time_text(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint)
		|| @extschema@.identities_ulid_random_text();
COMMENT ON FUNCTION @extschema@.ulid_generate() IS 'new ULID, ordered by its millisecond (portable edition: 80 random bits, no increment within a millisecond)';

-- An id of a given instant, for rows made before identities (doc/moving-tables.md): the instant's millisecond and
-- 80 random bits drawn as ulid_generate draws them. No generator state. From 1970-01-01 to
-- 10889-08-02 05:31:50.655999+00, else 22008.
@function ulid_generate_at(timestamptz)
	LANGUAGE plpgsql VOLATILE STRICT PARALLEL UNSAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	milliseconds numeric;
BEGIN
	IF isfinite(at) THEN
		milliseconds := floor(@extschema@.identities_milliseconds_since('1970-01-01 00:00:00+00'::timestamptz, at));
	END IF;
	IF milliseconds IS NULL OR milliseconds < 0 OR milliseconds > 281474976710655 THEN
		@raise ulid_time_out_of_range();
	END IF;
	RETURN @extschema@.identities_ulid_time_text(milliseconds::bigint) || @extschema@.identities_ulid_random_text();
END
$$;

@function ulid_extract_timestamp(ulid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_instant_after('1970-01-01 00:00:00+00'::timestamptz, @extschema@.identities_ulid_millis($1));

-- pg_partman's time decoder passes the id as text (p_time_decoder => 'ulid_extract_timestamp'): read as the native
-- input reads it
@function ulid_extract_timestamp(text)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.ulid_extract_timestamp(@extschema@.ulid_in(id));

@function ulid_boundary(timestamptz)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	milliseconds numeric := 0;
BEGIN
	IF $1 = 'infinity' OR ($1 <> '-infinity' AND $1 > '10889-08-02 05:31:50.655+00') THEN
		@raise ulid_boundary_out_of_range();
	END IF;
	IF $1 <> '-infinity' THEN
		milliseconds := greatest(ceil(@extschema@.identities_milliseconds_since('1970-01-01 00:00:00+00'::timestamptz, $1)), 0);
	END IF;
	RETURN @extschema@.identities_ulid_time_text(milliseconds::bigint) || '0000000000000000';
END
$$;

-- pg_partman's time encoder of a text column of ULIDs (p_time_encoder => 'ulid_boundary_text')
@function ulid_boundary_text(timestamptz)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.ulid_boundary(at)::text;

-- conversions: the native edition's casts, as functions (a cast to or from a domain is its base type's)

@function bytea_to_ulid(bytea)
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF length($1) <> 16 THEN
		@raise ulid_binary_length(E'\\x' || encode(substr($1, 1, 32), 'hex') || CASE WHEN length($1) > 32 THEN '...' ELSE '' END, length($1));
	END IF;
	RETURN @extschema@.identities_ulid_of_bytes($1);
END
$$;

@function ulid_to_bytea(ulid)
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_ulid_bytes($1);

-- The native casts between ulid and uuid (the same 128 bits, every one valid as either), which the native edition
-- makes without a function.
CREATE FUNCTION @extschema@.ulid_to_uuid(@extschema@.ulid) RETURNS uuid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN encode(@extschema@.identities_ulid_bytes($1), 'hex')::uuid;
COMMENT ON FUNCTION @extschema@.ulid_to_uuid(@extschema@.ulid) IS 'the uuid of the same 128 bits (the native edition''s cast ulid::uuid)';
CREATE FUNCTION @extschema@.uuid_to_ulid(uuid) RETURNS @extschema@.ulid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN @extschema@.identities_ulid_of_bytes(uuid_send($1));
COMMENT ON FUNCTION @extschema@.uuid_to_ulid(uuid) IS 'the ulid of the same 128 bits (the native edition''s cast uuid::ulid)';

-- @expand time_window FORMAT=ulid TYPE=@extschema@.ulid IDTYPE=@extschema@.ulid MIN='00000000000000000000000000' MAX='7ZZZZZZZZZZZZZZZZZZZZZZZZZ' PREVIOUS=@extschema@.identities_ulid_time_text(@extschema@.identities_ulid_millis(last_id)-1)||'ZZZZZZZZZZZZZZZZ' LAST='10889-08-02T05:31:50.655+00'::timestamptz
CREATE OPERATOR @extschema@.<@ (LEFTARG = @extschema@.ulid, RIGHTARG = tstzrange, FUNCTION = @extschema@.ulid_within);
COMMENT ON OPERATOR @extschema@.<@ (@extschema@.ulid, tstzrange) IS 'the id''s timestamp is in the time window (ulid_within)';
