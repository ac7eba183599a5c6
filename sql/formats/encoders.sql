--------------------------------------------------------------------------------------------------------------
-- Encoders: Architect's AlphanumericIdEncoder (base62) and HexadecimalIdEncoder
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION to_alphanumeric(bigint) RETURNS text
	AS 'MODULE_PATHNAME', 'bigint_to_alphanumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_alphanumeric(bigint) IS '11-character base62 form of a non-negative bigint (8 bytes)';
CREATE FUNCTION to_alphanumeric(integer) RETURNS text
	AS 'MODULE_PATHNAME', 'integer_to_alphanumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_alphanumeric(integer) IS '11-character base62 form of a non-negative integer, as of the same bigint';
CREATE FUNCTION to_alphanumeric(distributedid) RETURNS text
	AS 'MODULE_PATHNAME', 'distributedid_to_alphanumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_alphanumeric(distributedid) IS '16-character base62 form of a distributedid (Architect''s decimal form) AlphanumericIdEncoder';
CREATE FUNCTION to_alphanumeric(numeric) RETURNS text
	AS 'MODULE_PATHNAME', 'numeric_to_alphanumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_alphanumeric(numeric) IS '16-character base62 form of an integral numeric from 0 to 10^28-1 (Architect''s decimal form) AlphanumericIdEncoder';
CREATE FUNCTION to_alphanumeric(uuid) RETURNS text
	AS 'MODULE_PATHNAME', 'uuid_to_alphanumeric' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_alphanumeric(uuid) IS '22-character base62 form of a uuid (16 bytes)';
CREATE FUNCTION alphanumeric_to_bigint(text) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alphanumeric_to_bigint(text) IS 'decode the 11-character base62 form of a bigint; NULL unless the text is a canonical encoding';
CREATE FUNCTION alphanumeric_to_distributedid(text) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alphanumeric_to_distributedid(text) IS 'decode the 16-character base62 form of a distributedid; NULL unless the text is a canonical encoding';
CREATE FUNCTION alphanumeric_to_numeric(text) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alphanumeric_to_numeric(text) IS 'decode the 16-character base62 form of a numeric; NULL unless the text is a canonical encoding';
CREATE FUNCTION alphanumeric_to_uuid(text) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION alphanumeric_to_uuid(text) IS 'decode the 22-character base62 form of a uuid; NULL unless the text is a canonical encoding';
CREATE FUNCTION to_hexadecimal(bigint) RETURNS text
	AS 'MODULE_PATHNAME', 'bigint_to_hexadecimal' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_hexadecimal(bigint) IS '16-character uppercase hexadecimal form of a non-negative bigint (8 bytes)';
CREATE FUNCTION to_hexadecimal(integer) RETURNS text
	AS 'MODULE_PATHNAME', 'integer_to_hexadecimal' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_hexadecimal(integer) IS '16-character uppercase hexadecimal form of a non-negative integer, as of the same bigint';
CREATE FUNCTION to_hexadecimal(distributedid) RETURNS text
	AS 'MODULE_PATHNAME', 'distributedid_to_hexadecimal' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_hexadecimal(distributedid) IS '26-character uppercase hexadecimal form of a distributedid (Architect''s decimal form) HexadecimalIdEncoder';
CREATE FUNCTION to_hexadecimal(numeric) RETURNS text
	AS 'MODULE_PATHNAME', 'numeric_to_hexadecimal' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_hexadecimal(numeric) IS '26-character uppercase hexadecimal form of an integral numeric from 0 to 10^28-1 (Architect''s decimal form) HexadecimalIdEncoder';
CREATE FUNCTION to_hexadecimal(uuid) RETURNS text
	AS 'MODULE_PATHNAME', 'uuid_to_hexadecimal' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION to_hexadecimal(uuid) IS '32-character uppercase hexadecimal form of a uuid (16 bytes)';
CREATE FUNCTION hexadecimal_to_bigint(text) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hexadecimal_to_bigint(text) IS 'decode the 16-character uppercase hexadecimal form of a bigint; NULL unless the text is a canonical encoding';
CREATE FUNCTION hexadecimal_to_distributedid(text) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hexadecimal_to_distributedid(text) IS 'decode the 26-character uppercase hexadecimal form of a distributedid; NULL unless the text is a canonical encoding';
CREATE FUNCTION hexadecimal_to_numeric(text) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hexadecimal_to_numeric(text) IS 'decode the 26-character uppercase hexadecimal form of a numeric; NULL unless the text is a canonical encoding';
CREATE FUNCTION hexadecimal_to_uuid(text) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hexadecimal_to_uuid(text) IS 'decode the 32-character uppercase hexadecimal form of a uuid; NULL unless the text is a canonical encoding';

