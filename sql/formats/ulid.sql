--------------------------------------------------------------------------------------------------------------
-- ulid: ULID, a 48-bit Unix millisecond timestamp and 80 random bits (16 bytes, big-endian as the spec's binary
-- form), written as 26 characters of Crockford's base32
--------------------------------------------------------------------------------------------------------------

-- @expand fixed_bytes_io TYPE=ulid LENGTH=16 WIRE=ulid
COMMENT ON TYPE ulid IS 'ULID: 48-bit unix ms and 80 random bits, written as 26 characters of Crockford''s base32';

-- generation, extraction, boundaries

CREATE FUNCTION ulid_generate() RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION ulid_generate() IS 'new ULID, monotonic as the spec''s factory (the random part grows by 1 within a ms), strictly increasing (per server when preloaded)';

CREATE FUNCTION ulid_extract_timestamp(ulid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_extract_timestamp(ulid) IS 'embedded unix ms timestamp of a ULID';
-- pg_partman's time decoder passes the id as text (p_time_decoder => 'public.ulid_extract_timestamp')
CREATE FUNCTION ulid_extract_timestamp(id text) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN ulid_extract_timestamp(id::ulid);
COMMENT ON FUNCTION ulid_extract_timestamp(text) IS 'the same from the ULID''s text, as pg_partman''s time decoder passes it';

CREATE FUNCTION ulid_boundary(timestamptz) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_boundary(timestamptz) IS 'smallest ULID whose embedded timestamp is at or after the argument; for range partitions and scans';
-- pg_partman keeps a text column of ULIDs (it refuses a ulid column) with a time encoder that returns text
-- (p_time_encoder => 'public.ulid_boundary_text', p_time_decoder => 'public.ulid_extract_timestamp')
CREATE FUNCTION ulid_boundary_text(at timestamptz) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN ulid_boundary(at)::text;
COMMENT ON FUNCTION ulid_boundary_text(timestamptz) IS 'the same as text, as pg_partman''s time encoder of a text column of ULIDs returns it';

-- casts: a ulid and a uuid are the same 128 bits (pgx_ulid's casts), every one valid as either; on assignment, so a
-- driver's uuid parameter fills a ulid column, never implicit, so operators stay exact. The bytes are explicit.

CREATE FUNCTION bytea_to_ulid(bytea) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bytea_to_ulid(bytea) IS 'convert the spec''s 16-byte binary form (big-endian) to ulid';
CREATE FUNCTION ulid_to_bytea(ulid) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_to_bytea(ulid) IS 'convert ulid to the spec''s 16-byte binary form (big-endian)';

CREATE CAST (uuid AS ulid) WITHOUT FUNCTION AS ASSIGNMENT;  -- the same 16 bytes
CREATE CAST (ulid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;
CREATE CAST (bytea AS ulid) WITH FUNCTION bytea_to_ulid(bytea);
CREATE CAST (ulid AS bytea) WITH FUNCTION ulid_to_bytea(ulid);
-- Text parameters fill a column on assignment, read by the type's input (its errors): pgjdbc's setString binds
-- varchar, and so do JDBC sinks and data tools. Never implicit, so operators and overloads stay as they were.
CREATE CAST (text AS ulid) WITH INOUT AS ASSIGNMENT;
CREATE CAST (varchar AS ulid) WITH INOUT AS ASSIGNMENT;

-- @expand fixed_bytes_type TYPE=ulid
-- @expand cross_type TYPE=ulid OTHER=uuid

-- @expand time_window FORMAT=ulid TYPE=ulid VOLATILITY=IMMUTABLE
CREATE OPERATOR <@ (LEFTARG = ulid, RIGHTARG = tstzrange, FUNCTION = ulid_within);
COMMENT ON OPERATOR <@ (ulid, tstzrange) IS 'the id''s timestamp is in the time window (ulid_within)';
