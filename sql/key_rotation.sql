--------------------------------------------------------------------------------------------------------------
-- public id keys rotated: identities.public_key_previous reads the public ids made before the current key
-- (also run by upgrades)
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION public_id_to_uuid(public_id uuid, key text) RETURNS uuid
	AS 'MODULE_PATHNAME', 'public_id_to_uuid_under_key' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id_to_uuid(uuid, text) IS 'the uuid a public id stands for under the ''current'' or the ''previous'' key (a uuid''s public id cannot tell them apart); NULL for the public id of a bigint or a decimal';
CREATE FUNCTION public_id_key(public_id uuid) RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id_key(uuid) IS 'which key a public id of a bigint or a decimal was made under: ''current'', ''previous'', or NULL for neither';
CREATE FUNCTION public_id_renew(public_id uuid) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION public_id_renew(uuid) IS 'the same id''s public id under the current key (a bigint''s or a decimal''s); NULL when it was made under neither key';
CREATE FUNCTION identities_public_key_fingerprint() RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL RESTRICTED;
COMMENT ON FUNCTION identities_public_key_fingerprint() IS 'a short, non-reversible fingerprint of the current public id key (NULL when none is configured), to compare servers without showing the key';
CREATE FUNCTION identities_public_key_previous_fingerprint() RETURNS text
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL RESTRICTED;
COMMENT ON FUNCTION identities_public_key_previous_fingerprint() IS 'the fingerprint of the previous public id key of a rotation (NULL when none is configured)';
