--------------------------------------------------------------------------------------------------------------
-- distributedid: Architect.Identities' DistributedId, a 28-digit decimal (12 bytes, big-endian)
--------------------------------------------------------------------------------------------------------------

-- The binary form is numeric's: numeric_send's bytes of the same integer at dscale 0, so that a driver that reads
-- the column as numeric reads the true value; recv takes any numeric form of an integer in range (0.1.0 sent the
-- 12 stored bytes, under the C symbols distributedid_recv and distributedid_send, kept for a database still on
-- 0.1.0).
-- @expand fixed_bytes_io TYPE=distributedid LENGTH=12 WIRE=distributedid_numeric
COMMENT ON TYPE distributedid IS 'DistributedId (Architect.Identities): ms timestamp since 1900 and 48 random bits, shown as a 28-digit decimal';

-- generation, extraction, boundaries
-- Generators that keep state (per backend, per session for identities.incremental_ids) are PARALLEL
-- RESTRICTED, as core random() is: a parallel plan runs them in the leader, so no id depends on the worker.

CREATE FUNCTION distributedid_generate() RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION distributedid_generate() IS 'new DistributedId: incremental, 128 per ms sustained with a ~128K burst (per server when preloaded)';

CREATE FUNCTION distributedid_extract_timestamp(distributedid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid_extract_timestamp(distributedid) IS 'embedded timestamp of a DistributedId (about 1 s before its generation, by design)';

CREATE FUNCTION distributedid_boundary(timestamptz) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid_boundary(timestamptz) IS 'smallest DistributedId whose embedded timestamp is at or after the argument; for range partitions and scans';

-- casts

CREATE FUNCTION numeric_to_distributedid(numeric) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION numeric_to_distributedid(numeric) IS 'convert an integral numeric from 0 to 10^28-1 to distributedid';
CREATE FUNCTION distributedid_to_numeric(distributedid) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid_to_numeric(distributedid) IS 'convert distributedid to numeric';
CREATE FUNCTION bigint_to_distributedid(bigint) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bigint_to_distributedid(bigint) IS 'convert a non-negative bigint to distributedid';
CREATE FUNCTION integer_to_distributedid(integer) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION integer_to_distributedid(integer) IS 'convert a non-negative integer to distributedid';
-- A driver sends an integer as the smallest type that holds it (psycopg: smallint, integer, bigint, numeric).
CREATE FUNCTION smallint_to_distributedid(smallint) RETURNS distributedid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN integer_to_distributedid($1::integer);
COMMENT ON FUNCTION smallint_to_distributedid(smallint) IS 'convert a non-negative smallint to distributedid';
CREATE FUNCTION uuid_to_distributedid(uuid) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_distributedid(uuid) IS 'convert the 16-byte big-endian binary form (first 4 bytes zero) to distributedid';
CREATE FUNCTION distributedid_to_uuid(distributedid) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid_to_uuid(distributedid) IS 'convert distributedid to its 16-byte big-endian binary form as a uuid';
CREATE FUNCTION bytea_to_distributedid(bytea) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bytea_to_distributedid(bytea) IS 'convert Architect''s 16-byte BinaryIdEncoder form to distributedid';
CREATE FUNCTION distributedid_to_bytea(distributedid) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid_to_bytea(distributedid) IS 'convert distributedid to Architect''s 16-byte BinaryIdEncoder form';

CREATE CAST (numeric AS distributedid) WITH FUNCTION numeric_to_distributedid(numeric) AS ASSIGNMENT;
CREATE CAST (distributedid AS numeric) WITH FUNCTION distributedid_to_numeric(distributedid) AS ASSIGNMENT;
CREATE CAST (bigint AS distributedid) WITH FUNCTION bigint_to_distributedid(bigint) AS ASSIGNMENT;
CREATE CAST (integer AS distributedid) WITH FUNCTION integer_to_distributedid(integer) AS ASSIGNMENT;
CREATE CAST (smallint AS distributedid) WITH FUNCTION smallint_to_distributedid(smallint) AS ASSIGNMENT;
CREATE CAST (uuid AS distributedid) WITH FUNCTION uuid_to_distributedid(uuid);
CREATE CAST (distributedid AS uuid) WITH FUNCTION distributedid_to_uuid(distributedid);
CREATE CAST (bytea AS distributedid) WITH FUNCTION bytea_to_distributedid(bytea);
CREATE CAST (distributedid AS bytea) WITH FUNCTION distributedid_to_bytea(distributedid);
-- Text parameters fill a column on assignment, read by the type's input (its errors): pgjdbc's setString binds
-- varchar, and so do JDBC sinks and data tools. Never implicit, so operators and overloads stay as they were.
CREATE CAST (text AS distributedid) WITH INOUT AS ASSIGNMENT;
CREATE CAST (varchar AS distributedid) WITH INOUT AS ASSIGNMENT;

-- @expand fixed_bytes_type TYPE=distributedid
-- @expand cross_type TYPE=distributedid OTHER=numeric

-- @expand time_window FORMAT=distributedid TYPE=distributedid VOLATILITY=IMMUTABLE
CREATE OPERATOR <@ (LEFTARG = distributedid, RIGHTARG = tstzrange, FUNCTION = distributedid_within);
COMMENT ON OPERATOR <@ (distributedid, tstzrange) IS 'the id''s timestamp is in the time window (distributedid_within)';
