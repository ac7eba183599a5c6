-- identities 0.1.0 to 0.2.0
\echo Use "ALTER EXTENSION identities UPDATE TO '0.2.0'" to load this file. \quit

-- Casts a driver's parameters need (on assignment only: operators stay exact).
DROP CAST (uuid AS iuid);
CREATE CAST (uuid AS iuid) WITH FUNCTION uuid_to_iuid(uuid) AS ASSIGNMENT;

CREATE FUNCTION smallint_to_distributedid(smallint) RETURNS distributedid
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN integer_to_distributedid($1::integer);
COMMENT ON FUNCTION smallint_to_distributedid(smallint) IS 'convert a non-negative smallint to distributedid';
CREATE CAST (smallint AS distributedid) WITH FUNCTION smallint_to_distributedid(smallint) AS ASSIGNMENT;

CREATE FUNCTION bigint_to_siq(bigint) RETURNS siq
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN numeric_to_siq($1::numeric);
COMMENT ON FUNCTION bigint_to_siq(bigint) IS 'convert a non-negative bigint to siq';
CREATE FUNCTION integer_to_siq(integer) RETURNS siq
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN numeric_to_siq($1::numeric);
COMMENT ON FUNCTION integer_to_siq(integer) IS 'convert a non-negative integer to siq';
CREATE FUNCTION smallint_to_siq(smallint) RETURNS siq
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN numeric_to_siq($1::numeric);
COMMENT ON FUNCTION smallint_to_siq(smallint) IS 'convert a non-negative smallint to siq';
DROP CAST (numeric AS siq);
CREATE CAST (numeric AS siq) WITH FUNCTION numeric_to_siq(numeric) AS ASSIGNMENT;
DROP CAST (siq AS numeric);
CREATE CAST (siq AS numeric) WITH FUNCTION siq_to_numeric(siq) AS ASSIGNMENT;
CREATE CAST (bigint AS siq) WITH FUNCTION bigint_to_siq(bigint) AS ASSIGNMENT;
CREATE CAST (integer AS siq) WITH FUNCTION integer_to_siq(integer) AS ASSIGNMENT;
CREATE CAST (smallint AS siq) WITH FUNCTION smallint_to_siq(smallint) AS ASSIGNMENT;
