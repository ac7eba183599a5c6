--------------------------------------------------------------------------------------------------------------
-- HotGuid: a uuid with unix seconds, machine and process, a counter and a 4-byte shard key (as .NET/Npgsql store it)
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION hotguid_generate(shard_key bigint) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION hotguid_generate(bigint) IS 'new HotGuid carrying a shard key (0 to 2^32-1), unique per backend';
CREATE FUNCTION hotguid_extract_shard_key(uuid) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hotguid_extract_shard_key(uuid) IS 'shard key of a HotGuid (its last 4 bytes, little-endian)';
CREATE FUNCTION hotguid_extract_timestamp(uuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hotguid_extract_timestamp(uuid) IS 'creation second of a HotGuid (unix seconds, wrapping in 2106 as the reference does)';
CREATE FUNCTION hotguid_boundary(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hotguid_boundary(timestamptz) IS 'smallest HotGuid at or after the instant (its second rounded up): for range partitions';

-- @expand time_window FORMAT=hotguid TYPE=uuid VOLATILITY=IMMUTABLE
-- @expand uuid_text_decoder FORMAT=hotguid
