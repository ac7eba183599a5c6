--------------------------------------------------------------------------------------------------------------
-- siq: SUOU's SIQ, 112 bits of timestamp (1/65536 s), shard, domain hash, serial and qualifier (14 bytes, big-endian)
--------------------------------------------------------------------------------------------------------------

-- The binary form is numeric's: numeric_send's bytes of the same integer at dscale 0, so that a driver that reads
-- the column as numeric reads the true value; recv takes any numeric form of an integer in range (0.1.0 sent the
-- 14 stored bytes, under the C symbols siq_recv and siq_send, kept for a database still on 0.1.0).
-- @expand fixed_bytes_io TYPE=siq LENGTH=14 WIRE=siq_numeric
COMMENT ON TYPE siq IS 'SIQ (SUOU): 112-bit id of timestamp, shard, domain hash, serial and qualifier, shown as 28 hex digits';

-- generation, extraction, boundaries

CREATE FUNCTION siq_generate(qualifier text) RETURNS siq
	AS 'MODULE_PATHNAME', 'siq_generate_from_settings' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION siq_generate(text) IS 'new SIQ of a qualifier (user, message, ...), domain and shard from identities.siq_domain and identities.siq_shard; needs shared_preload_libraries';
CREATE FUNCTION siq_generate(qualifier text, domain text, shard integer) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION siq_generate(text, text, integer) IS 'new SIQ of a qualifier, domain and shard (0-255); needs shared_preload_libraries';

CREATE FUNCTION siq_extract_timestamp(siq) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_timestamp(siq) IS 'embedded timestamp of a SIQ (1/65536 s, rounded down to the microsecond)';
CREATE FUNCTION siq_extract_shard(siq) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_shard(siq) IS 'shard of a SIQ (0-255)';
CREATE FUNCTION siq_extract_domain_hash(siq) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_domain_hash(siq) IS 'domain hash of a SIQ (32 bits)';
CREATE FUNCTION siq_extract_qualifier(siq) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_qualifier(siq) IS 'qualifier name of a SIQ (user, message, ...); NULL for an unassigned qualifier';
CREATE FUNCTION siq_extract_serial(siq) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_extract_serial(siq) IS 'serial of a SIQ within its timestamp tick';
CREATE FUNCTION siq_domain_hash(text) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_domain_hash(text) IS 'SUOU''s domain hash: the last 4 bytes of SHA-256 of the ASCII domain (0 for an empty domain and ''0'')';
CREATE FUNCTION siq_boundary(timestamptz) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_boundary(timestamptz) IS 'smallest SIQ whose embedded timestamp is at or after the argument; for range partitions and scans';

-- string forms and the UUIDv8 mapping

CREATE FUNCTION siq_to_did(siq) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_to_did(siq) IS 'did:siq: form of a SIQ, with its CRC-32 check';
CREATE FUNCTION siq_from_did(text) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_from_did(text) IS 'SIQ of a did:siq: string (checksum verified)';
CREATE FUNCTION siq_to_base64(siq) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_to_base64(siq) IS 'URL-safe base64 form of a SIQ (20 characters), as SUOU''s to_base64';
CREATE FUNCTION siq_to_cb32(siq) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_to_cb32(siq) IS 'Crockford base32 form of a SIQ, leading zeros dropped, as SUOU''s to_cb32';
CREATE FUNCTION siq_from_cb32(text) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_from_cb32(text) IS 'SIQ of a Crockford base32 string';
CREATE FUNCTION siq_to_uuid(siq) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_to_uuid(siq) IS 'the SIQ as an order-preserving UUIDv8';
CREATE FUNCTION uuid_to_siq(uuid) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_siq(uuid) IS 'the SIQ of a UUIDv8 made by siq_to_uuid';

-- casts

CREATE FUNCTION bytea_to_siq(bytea) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION bytea_to_siq(bytea) IS 'convert SUOU''s 14-byte big-endian form (or 16 bytes with two leading zeros) to siq';
CREATE FUNCTION siq_to_bytea(siq) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_to_bytea(siq) IS 'convert siq to SUOU''s 14-byte big-endian form';
CREATE FUNCTION numeric_to_siq(numeric) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION numeric_to_siq(numeric) IS 'convert an integer from 0 to 2^112-1 to siq';
CREATE FUNCTION siq_to_numeric(siq) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_to_numeric(siq) IS 'convert siq to its integer value';
-- A driver sends an integer as the smallest type that holds it (psycopg: smallint, integer, bigint, numeric).
CREATE FUNCTION bigint_to_siq(bigint) RETURNS siq
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN numeric_to_siq($1::numeric);
COMMENT ON FUNCTION bigint_to_siq(bigint) IS 'convert a non-negative bigint to siq';
CREATE FUNCTION integer_to_siq(integer) RETURNS siq
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN numeric_to_siq($1::numeric);
COMMENT ON FUNCTION integer_to_siq(integer) IS 'convert a non-negative integer to siq';
CREATE FUNCTION smallint_to_siq(smallint) RETURNS siq
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN numeric_to_siq($1::numeric);
COMMENT ON FUNCTION smallint_to_siq(smallint) IS 'convert a non-negative smallint to siq';

-- A SIQ is an integer to clients (SUOU's own API): integers convert on assignment, so a driver's int parameter
-- fills a siq column; the bytes stay explicit. None is implicit, so operators stay exact.
CREATE CAST (bytea AS siq) WITH FUNCTION bytea_to_siq(bytea);
CREATE CAST (siq AS bytea) WITH FUNCTION siq_to_bytea(siq);
CREATE CAST (numeric AS siq) WITH FUNCTION numeric_to_siq(numeric) AS ASSIGNMENT;
CREATE CAST (siq AS numeric) WITH FUNCTION siq_to_numeric(siq) AS ASSIGNMENT;
CREATE CAST (bigint AS siq) WITH FUNCTION bigint_to_siq(bigint) AS ASSIGNMENT;
CREATE CAST (integer AS siq) WITH FUNCTION integer_to_siq(integer) AS ASSIGNMENT;
CREATE CAST (smallint AS siq) WITH FUNCTION smallint_to_siq(smallint) AS ASSIGNMENT;
-- Text parameters fill a column on assignment, read by the type's input (its errors): pgjdbc's setString binds
-- varchar, and so do JDBC sinks and data tools. Never implicit, so operators and overloads stay as they were.
CREATE CAST (text AS siq) WITH INOUT AS ASSIGNMENT;
CREATE CAST (varchar AS siq) WITH INOUT AS ASSIGNMENT;

-- @expand fixed_bytes_type TYPE=siq
-- @expand cross_type TYPE=siq OTHER=numeric

-- @expand routing_order TYPE=siq FIELD=shard

-- @expand time_window FORMAT=siq TYPE=siq VOLATILITY=IMMUTABLE
CREATE OPERATOR <@ (LEFTARG = siq, RIGHTARG = tstzrange, FUNCTION = siq_within);
COMMENT ON OPERATOR <@ (siq, tstzrange) IS 'the id''s timestamp is in the time window (siq_within)';
