--------------------------------------------------------------------------------------------------------------
-- iuid: inDrive's iUID, a UUIDv8 carrying a country and a service entity (16 bytes, uuid byte order)
--------------------------------------------------------------------------------------------------------------

-- @expand fixed_bytes_io TYPE=iuid LENGTH=16 WIRE=iuid
COMMENT ON TYPE iuid IS 'iUID (inDrive): UUIDv8 with unix ms, country, service entity and 54 random bits';

-- generation, extraction, boundaries

CREATE FUNCTION iuid_generate(country integer, service_entity integer) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION iuid_generate(integer, integer) IS 'new iUID for a country and a service entity (0-255 each): increasing within a ms, never repeated by one server';

CREATE FUNCTION iuid_extract_timestamp(iuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_extract_timestamp(iuid) IS 'embedded unix ms timestamp of an iUID';
CREATE FUNCTION iuid_extract_country(iuid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_extract_country(iuid) IS 'country of an iUID (0-255): for routing and LIST partitioning';
CREATE FUNCTION iuid_extract_service_entity(iuid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_extract_service_entity(iuid) IS 'service entity of an iUID (0-255)';
CREATE FUNCTION iuid_extract_format_version(iuid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_extract_format_version(iuid) IS 'inDrive format version of an iUID (ver1, 0-15; 0 today)';

CREATE FUNCTION iuid_boundary(timestamptz) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_boundary(timestamptz) IS 'smallest iUID whose embedded timestamp is at or after the argument; for range partitions and scans';

-- casts: an iuid is a uuid; a uuid is an iuid when it carries version 8 and variant 10. Both on assignment, so a
-- driver's uuid parameter fills an iuid column (checked: 22P02 otherwise); never implicit, so operators stay exact.

CREATE FUNCTION uuid_to_iuid(uuid) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_iuid(uuid) IS 'convert a version 8, variant 10 uuid to iuid';

CREATE CAST (uuid AS iuid) WITH FUNCTION uuid_to_iuid(uuid) AS ASSIGNMENT;
CREATE CAST (iuid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;  -- the same 16 bytes
-- Text parameters fill a column on assignment, read by the type's input (its errors): pgjdbc's setString binds
-- varchar, and so do JDBC sinks and data tools. Never implicit, so operators and overloads stay as they were.
CREATE CAST (text AS iuid) WITH INOUT AS ASSIGNMENT;
CREATE CAST (varchar AS iuid) WITH INOUT AS ASSIGNMENT;

-- @expand fixed_bytes_type TYPE=iuid
-- @expand cross_type TYPE=iuid OTHER=uuid
-- @expand routing_order TYPE=iuid FIELD=country

-- @expand time_window FORMAT=iuid TYPE=iuid VOLATILITY=IMMUTABLE
CREATE OPERATOR <@ (LEFTARG = iuid, RIGHTARG = tstzrange, FUNCTION = iuid_within);
COMMENT ON OPERATOR <@ (iuid, tstzrange) IS 'the id''s timestamp is in the time window (iuid_within)';
