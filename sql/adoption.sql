--------------------------------------------------------------------------------------------------------------
-- adoption: ids of each format for a given instant, for rows made before identities (also run by upgrades)
--------------------------------------------------------------------------------------------------------------

-- Each embeds the instant (to its format's unit) and fills the rest as the format's generator does: random bits
-- from the CSPRNG, or the increment, serial or counter with which the caller numbers the rows of one instant. None
-- touches a generator's state or the high-water mark: the ids are of the past. Outside what the format embeds: 22008.

CREATE FUNCTION distributedid_generate_at(at timestamptz) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid_generate_at(timestamptz) IS 'DistributedId embedding the instant''s millisecond (no second of leeway) and 48 random bits: for rows made before identities';

CREATE FUNCTION distributedid128_generate_at(at timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_generate_at(timestamptz) IS 'DistributedId128 embedding the instant''s millisecond and 75 random bits: for rows made before identities';

CREATE FUNCTION uuidv7_generate_at(at timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_generate_at(timestamptz) IS 'UUIDv7 of the instant (its millisecond and 12-bit sub-millisecond fraction) with 62 random bits: for rows made before identities';

CREATE FUNCTION iuid_generate_at(at timestamptz, country integer, service_entity integer) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_generate_at(timestamptz, integer, integer) IS 'iUID of the instant''s millisecond, a country and a service entity (0-255 each) with 54 random bits: for rows made before identities';

CREATE FUNCTION ulid_generate_at(at timestamptz) RETURNS ulid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION ulid_generate_at(timestamptz) IS 'ULID of the instant''s millisecond with 80 random bits: for rows made before identities';

-- VOLATILE and PARALLEL RESTRICTED: without preloading, the machine tag holds this backend's pid (as
-- hotguid_generate's), so the id depends on the process that makes it; a parallel plan calls it in the leader.
CREATE FUNCTION hotguid_generate_at(at timestamptz, shard_key bigint, counter integer) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION hotguid_generate_at(timestamptz, bigint, integer) IS 'HotGuid of the instant''s second with hotguid_generate''s machine tag, a shard key (0 to 2^32-1) and a counter (0 to 2^24-1) numbering the ids of one second: for rows made before identities';

-- Snowflakes and SIQs without shared_preload_libraries (no state to share): STABLE where a setting goes into the id
-- (the epoch, worker, process, domain, shard), IMMUTABLE where every part is an argument.
CREATE FUNCTION snowflake_generate_at(at timestamptz, increment integer) RETURNS bigint
	AS 'MODULE_PATHNAME', 'snowflake_generate_at_from_settings' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_generate_at(timestamptz, integer) IS 'Snowflake of the instant''s millisecond under identities.snowflake_epoch, worker and process from identities.snowflake_worker and identities.snowflake_process, and an increment (0-4095) numbering the ids of one millisecond: for rows made before identities';
CREATE FUNCTION snowflake_generate_at(at timestamptz, increment integer, worker integer, process integer) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_generate_at(timestamptz, integer, integer, integer) IS 'Snowflake of the instant''s millisecond under identities.snowflake_epoch, an increment (0-4095), a worker and a process (0-31 each): for rows made before identities';

CREATE FUNCTION siq_generate_at(at timestamptz, serial integer, qualifier text) RETURNS siq
	AS 'MODULE_PATHNAME', 'siq_generate_at_from_settings' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_generate_at(timestamptz, integer, text) IS 'SIQ of the instant''s tick (1/65536 s, rounded down), a serial numbering the ids of one tick (up to the qualifier''s maximum) and a qualifier, domain and shard from identities.siq_domain and identities.siq_shard: for rows made before identities';
CREATE FUNCTION siq_generate_at(at timestamptz, serial integer, qualifier text, domain text, shard integer) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_generate_at(timestamptz, integer, text, text, integer) IS 'SIQ of the instant''s tick (1/65536 s, rounded down), a serial (up to the qualifier''s maximum), a qualifier, a domain and a shard (0-255): for rows made before identities';
