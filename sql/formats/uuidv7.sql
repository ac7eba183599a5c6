
--------------------------------------------------------------------------------------------------------------
-- UUIDv7 (RFC 9562) in uuid: time-ordered across the server when preloaded; core uuidv7() keeps its name on 18+
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION uuidv7_generate() RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv7_generate() IS 'new UUIDv7 (RFC 9562, 12-bit sub-millisecond fraction), strictly increasing (per server when preloaded)';

CREATE FUNCTION uuidv7_extract_timestamp(uuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_extract_timestamp(uuid) IS 'millisecond timestamp of a UUIDv7; NULL for a uuid of another version or variant';

CREATE FUNCTION uuidv7_boundary(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_boundary(timestamptz) IS 'smallest UUIDv7 whose millisecond is at or after the instant';

-- @expand time_window FORMAT=uuidv7 TYPE=uuid VOLATILITY=IMMUTABLE
-- @expand uuid_text_decoder FORMAT=uuidv7
