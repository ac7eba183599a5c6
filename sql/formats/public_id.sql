--------------------------------------------------------------------------------------------------------------
-- Public identities: Architect's AesPublicIdentityConverter, keyed by identities.public_key(_file)
--------------------------------------------------------------------------------------------------------------
-- Every function that uses a key is PARALLEL RESTRICTED: a parallel worker would read the key file itself, and
-- between a file's replacement and the reload it could hold another key than its leader (one query, two keys).

CREATE FUNCTION public_id(bigint) RETURNS uuid
	AS 'MODULE_PATHNAME', 'bigint_to_public_id' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id(bigint) IS 'public id of a non-negative bigint: one AES block under identities.public_key, as Architect''s AesPublicIdentityConverter';
CREATE FUNCTION public_id(integer) RETURNS uuid
	AS 'MODULE_PATHNAME', 'integer_to_public_id' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id(integer) IS 'public id of a non-negative integer, the same as of the same bigint';
CREATE FUNCTION public_id(distributedid) RETURNS uuid
	AS 'MODULE_PATHNAME', 'distributedid_to_public_id' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id(distributedid) IS 'public id of a distributedid: one AES block under identities.public_key, as Architect''s AesPublicIdentityConverter';
CREATE FUNCTION public_id(numeric) RETURNS uuid
	AS 'MODULE_PATHNAME', 'numeric_to_public_id' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id(numeric) IS 'public id of an integral numeric from 0 to 10^28-1: one AES block under identities.public_key, as Architect''s AesPublicIdentityConverter';
CREATE FUNCTION public_id(uuid) RETURNS uuid
	AS 'MODULE_PATHNAME', 'uuid_to_public_id' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id(uuid) IS 'public id of a uuid: one AES block of its bytes under identities.public_key, as Architect''s AesPublicIdentityConverter; none (22023) for a uuid laid out as a bigint''s or a decimal''s, whose public id it would be';
CREATE FUNCTION public_id_to_bigint(uuid) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id_to_bigint(uuid) IS 'the bigint a public id stands for, under the current key or else the previous one; NULL when the uuid is not a public id of a bigint under either';
CREATE FUNCTION public_id_to_distributedid(uuid) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id_to_distributedid(uuid) IS 'the distributedid a public id stands for, under the current key or else the previous one; NULL when the uuid is not a public id of a distributedid under either';
CREATE FUNCTION public_id_to_numeric(uuid) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id_to_numeric(uuid) IS 'the numeric a public id stands for, under the current key or else the previous one; NULL when the uuid is not a public id of a numeric under either';
CREATE FUNCTION public_id_to_uuid(uuid) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id_to_uuid(uuid) IS 'the uuid a public id stands for under the current key (every uuid decrypts to one: uuids carry no redundancy); NULL for the public id of a bigint or a decimal';
