--------------------------------------------------------------------------------------------------------------
-- Snowflake (Discord flavour) in bigint: 42-bit ms since the epoch, 5-bit worker, 5-bit process, 12-bit increment
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION snowflake_generate() RETURNS bigint
	AS 'MODULE_PATHNAME', 'snowflake_generate_from_settings' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION snowflake_generate() IS 'new Snowflake, worker and process from identities.snowflake_worker and identities.snowflake_process; needs shared_preload_libraries';
CREATE FUNCTION snowflake_generate(worker integer, process integer) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION snowflake_generate(integer, integer) IS 'new Snowflake for a worker and a process (0-31 each); needs shared_preload_libraries';

CREATE FUNCTION snowflake_extract_timestamp(bigint) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_extract_timestamp(bigint) IS 'embedded timestamp of a Snowflake under identities.snowflake_epoch';
CREATE FUNCTION snowflake_extract_timestamp(id bigint, epoch timestamptz) RETURNS timestamptz
	AS 'MODULE_PATHNAME', 'snowflake_extract_timestamp_at_epoch' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_extract_timestamp(bigint, timestamptz) IS 'embedded timestamp of a Snowflake under the given epoch';
CREATE FUNCTION snowflake_extract_worker(bigint) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_extract_worker(bigint) IS 'worker id of a Snowflake (0-31)';
CREATE FUNCTION snowflake_extract_process(bigint) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_extract_process(bigint) IS 'process id of a Snowflake (0-31)';
CREATE FUNCTION snowflake_extract_increment(bigint) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_extract_increment(bigint) IS 'increment of a Snowflake within its millisecond (0-4095)';
CREATE FUNCTION snowflake_boundary(timestamptz) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_boundary(timestamptz) IS 'smallest Snowflake at or after the instant under identities.snowflake_epoch';
CREATE FUNCTION snowflake_boundary(instant timestamptz, epoch timestamptz) RETURNS bigint
	AS 'MODULE_PATHNAME', 'snowflake_boundary_at_epoch' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_boundary(timestamptz, timestamptz) IS 'smallest Snowflake at or after the instant under the given epoch; for partition bounds';

-- @expand time_window FORMAT=snowflake TYPE=bigint VOLATILITY=STABLE
