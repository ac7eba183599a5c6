--------------------------------------------------------------------------------------------------------------
-- DistributedId128: Architect.Identities' UUIDv7-shaped 128-bit id, kept in uuid
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION distributedid128_generate() RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION distributedid128_generate() IS 'new DistributedId128: ms since 1700, version 7 nibble, 75 random bits increasing within a ms (per server when preloaded)';

CREATE FUNCTION distributedid128_extract_timestamp(uuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_extract_timestamp(uuid) IS 'embedded timestamp of a DistributedId128; NULL for a uuid without its version 7 nibble and zero variant bit';

CREATE FUNCTION distributedid128_boundary(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_boundary(timestamptz) IS 'smallest DistributedId128 whose embedded timestamp is at or after the argument; for range partitions and scans';

CREATE FUNCTION distributedid128_to_numeric(uuid) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_to_numeric(uuid) IS 'the uuid as a 128-bit big-endian integer (Architect''s UInt128 form, DECIMAL(38,0) until the year 4321)';

CREATE FUNCTION numeric_to_distributedid128(numeric) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION numeric_to_distributedid128(numeric) IS 'the uuid of an integer from 0 to 2^128-1 (Architect''s UInt128 form)';

CREATE FUNCTION distributedid128_split(id uuid, OUT upper bigint, OUT lower bigint)
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_split(uuid) IS 'the id as two non-negative bigints, as Architect''s DistributedId128.Split (for two BIGINT columns)';
CREATE FUNCTION distributedid128_join(upper bigint, lower bigint) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_join(bigint, bigint) IS 'the id from its two non-negative bigint halves, as Architect''s DistributedId128.Join';

-- @expand time_window FORMAT=distributedid128 TYPE=uuid VOLATILITY=IMMUTABLE
-- @expand uuid_text_decoder FORMAT=distributedid128
