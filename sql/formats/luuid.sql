--------------------------------------------------------------------------------------------------------------
-- LUUID: a uuid embedding an entity's sequential key and a CRC-12 group id (pppppppp-pppp-6ggg-arrr-rrrrrrrrrrrr)
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION luuid_generate(grp text, key bigint) RETURNS uuid
	AS 'MODULE_PATHNAME', 'luuid_generate_named' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_generate(text, bigint) IS 'new LUUID for the key (0 to 2^48-1) of an entity of the named group (its CRC-12)';
CREATE FUNCTION luuid_generate(grp integer, key bigint) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_generate(integer, bigint) IS 'new LUUID for the key (0 to 2^48-1) of an entity of the group id (0-4095)';
CREATE FUNCTION luuid_group(text) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_group(text) IS 'group id of a name: the blog''s CRC-12 of its UTF-8 bytes';
CREATE FUNCTION luuid_extract_group(uuid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_extract_group(uuid) IS 'group id of a LUUID (0-4095)';
CREATE FUNCTION luuid_extract_key(uuid) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_extract_key(uuid) IS 'the entity key embedded in a LUUID';
CREATE FUNCTION luuid_short(uuid) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION luuid_short(uuid) IS 'short friendly form of a LUUID: its key in lowercase hex';

