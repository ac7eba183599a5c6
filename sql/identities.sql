-- identities: distributed identifiers for PostgreSQL.
\echo Use "CREATE EXTENSION identities" to load this file. \quit

--------------------------------------------------------------------------------------------------------------
-- distributedid: Architect.Identities' DistributedId, a 28-digit decimal (12 bytes, big-endian)
--------------------------------------------------------------------------------------------------------------

CREATE TYPE distributedid;

CREATE FUNCTION distributedid_in(cstring) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distributedid_out(distributedid) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distributedid_recv(internal) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distributedid_send(distributedid) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE distributedid (
	INPUT = distributedid_in,
	OUTPUT = distributedid_out,
	RECEIVE = distributedid_recv,
	SEND = distributedid_send,
	INTERNALLENGTH = 12,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON TYPE distributedid IS 'DistributedId (Architect.Identities): ms timestamp since 1900 and 48 random bits, shown as a 28-digit decimal';
COMMENT ON FUNCTION distributedid_in(cstring) IS 'I/O';
COMMENT ON FUNCTION distributedid_out(distributedid) IS 'I/O';
COMMENT ON FUNCTION distributedid_recv(internal) IS 'I/O';
COMMENT ON FUNCTION distributedid_send(distributedid) IS 'I/O';

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
CREATE CAST (uuid AS distributedid) WITH FUNCTION uuid_to_distributedid(uuid);
CREATE CAST (distributedid AS uuid) WITH FUNCTION distributedid_to_uuid(distributedid);
CREATE CAST (bytea AS distributedid) WITH FUNCTION bytea_to_distributedid(bytea);
CREATE CAST (distributedid AS bytea) WITH FUNCTION distributedid_to_bytea(distributedid);

-- comparison

CREATE FUNCTION distributedid_eq(distributedid, distributedid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION distributedid_ne(distributedid, distributedid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION distributedid_lt(distributedid, distributedid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION distributedid_le(distributedid, distributedid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION distributedid_gt(distributedid, distributedid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION distributedid_ge(distributedid, distributedid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION distributedid_cmp(distributedid, distributedid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION distributedid_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distributedid_hash(distributedid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION distributedid_hash_extended(distributedid, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION distributedid_brin_distance(internal, internal) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distributedid_larger(distributedid, distributedid) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distributedid_smaller(distributedid, distributedid) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION distributedid_eq(distributedid, distributedid) IS 'implementation of = operator';
COMMENT ON FUNCTION distributedid_ne(distributedid, distributedid) IS 'implementation of <> operator';
COMMENT ON FUNCTION distributedid_lt(distributedid, distributedid) IS 'implementation of < operator';
COMMENT ON FUNCTION distributedid_le(distributedid, distributedid) IS 'implementation of <= operator';
COMMENT ON FUNCTION distributedid_gt(distributedid, distributedid) IS 'implementation of > operator';
COMMENT ON FUNCTION distributedid_ge(distributedid, distributedid) IS 'implementation of >= operator';
COMMENT ON FUNCTION distributedid_cmp(distributedid, distributedid) IS 'less-equal-greater';
COMMENT ON FUNCTION distributedid_sortsupport(internal) IS 'sort support';
COMMENT ON FUNCTION distributedid_hash(distributedid) IS 'hash';
COMMENT ON FUNCTION distributedid_hash_extended(distributedid, bigint) IS 'hash';
COMMENT ON FUNCTION distributedid_brin_distance(internal, internal) IS 'distance between two distributedids, for BRIN minmax-multi';
COMMENT ON FUNCTION distributedid_larger(distributedid, distributedid) IS 'larger of two';
COMMENT ON FUNCTION distributedid_smaller(distributedid, distributedid) IS 'smaller of two';

CREATE OPERATOR = (
	LEFTARG = distributedid, RIGHTARG = distributedid, FUNCTION = distributedid_eq,
	COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = distributedid, RIGHTARG = distributedid, FUNCTION = distributedid_ne,
	COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = distributedid, RIGHTARG = distributedid, FUNCTION = distributedid_lt,
	COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = distributedid, RIGHTARG = distributedid, FUNCTION = distributedid_le,
	COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = distributedid, RIGHTARG = distributedid, FUNCTION = distributedid_gt,
	COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = distributedid, RIGHTARG = distributedid, FUNCTION = distributedid_ge,
	COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS distributedid_ops DEFAULT FOR TYPE distributedid USING btree AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 distributedid_cmp(distributedid, distributedid),
	FUNCTION 2 distributedid_sortsupport(internal),
	FUNCTION 4 btequalimage(oid);

CREATE OPERATOR CLASS distributedid_ops DEFAULT FOR TYPE distributedid USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 distributedid_hash(distributedid),
	FUNCTION 2 distributedid_hash_extended(distributedid, bigint);

CREATE OPERATOR CLASS distributedid_minmax_ops DEFAULT FOR TYPE distributedid USING brin AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 brin_minmax_opcinfo(internal),
	FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
	FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
	FUNCTION 4 brin_minmax_union(internal, internal, internal);

CREATE OPERATOR CLASS distributedid_minmax_multi_ops FOR TYPE distributedid USING brin AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 brin_minmax_multi_opcinfo(internal),
	FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
	FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
	FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
	FUNCTION 5 brin_minmax_multi_options(internal),
	FUNCTION 11 distributedid_brin_distance(internal, internal);

CREATE AGGREGATE min(distributedid) (
	SFUNC = distributedid_smaller, STYPE = distributedid, COMBINEFUNC = distributedid_smaller,
	SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(distributedid) (
	SFUNC = distributedid_larger, STYPE = distributedid, COMBINEFUNC = distributedid_larger,
	SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(distributedid) IS 'minimum value of all distributedid input values';
COMMENT ON AGGREGATE max(distributedid) IS 'maximum value of all distributedid input values';

--------------------------------------------------------------------------------------------------------------
-- DistributedId128: Architect.Identities' UUIDv7-shaped 128-bit id, kept in uuid
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION distributedid128_generate() RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION distributedid128_generate() IS 'new DistributedId128: ms since 1700, version 7 nibble, 75 random bits increasing within a ms (per server when preloaded)';

CREATE FUNCTION distributedid128_extract_timestamp(uuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_extract_timestamp(uuid) IS 'embedded timestamp of a DistributedId128; NULL for a uuid without its version 7 nibble and zero variant bit';

CREATE FUNCTION distributedid128_boundary(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_boundary(timestamptz) IS 'smallest DistributedId128 whose embedded timestamp is at or after the argument; for range partitions and scans';

CREATE FUNCTION distributedid128_to_numeric(uuid) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_to_numeric(uuid) IS 'the uuid as a 128-bit big-endian integer (Architect''s UInt128 form, DECIMAL(38,0) until the year 4321)';

CREATE FUNCTION numeric_to_distributedid128(numeric) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION numeric_to_distributedid128(numeric) IS 'the uuid of an integer from 0 to 2^128-1 (Architect''s UInt128 form)';

CREATE FUNCTION distributedid128_split(id uuid, OUT upper bigint, OUT lower bigint)
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_split(uuid) IS 'the id as two non-negative bigints, as Architect''s DistributedId128.Split (for two BIGINT columns)';
CREATE FUNCTION distributedid128_join(upper bigint, lower bigint) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_join(bigint, bigint) IS 'the id from its two non-negative bigint halves, as Architect''s DistributedId128.Join';

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

--------------------------------------------------------------------------------------------------------------
-- Public identities: Architect's AesPublicIdentityConverter, keyed by identities.public_key(_file)
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION public_id(bigint) RETURNS uuid
	AS 'MODULE_PATHNAME', 'bigint_to_public_id' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id(bigint) IS 'public id of a non-negative bigint: one AES block under identities.public_key, as Architect''s AesPublicIdentityConverter';
CREATE FUNCTION public_id(integer) RETURNS uuid
	AS 'MODULE_PATHNAME', 'integer_to_public_id' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id(integer) IS 'public id of a non-negative integer, the same as of the same bigint';
CREATE FUNCTION public_id(distributedid) RETURNS uuid
	AS 'MODULE_PATHNAME', 'distributedid_to_public_id' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id(distributedid) IS 'public id of a distributedid: one AES block under identities.public_key, as Architect''s AesPublicIdentityConverter';
CREATE FUNCTION public_id(numeric) RETURNS uuid
	AS 'MODULE_PATHNAME', 'numeric_to_public_id' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id(numeric) IS 'public id of an integral numeric from 0 to 10^28-1: one AES block under identities.public_key, as Architect''s AesPublicIdentityConverter';
CREATE FUNCTION public_id(uuid) RETURNS uuid
	AS 'MODULE_PATHNAME', 'uuid_to_public_id' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id(uuid) IS 'public id of a uuid: one AES block under identities.public_key, as Architect''s AesPublicIdentityConverter';
CREATE FUNCTION public_id_to_bigint(uuid) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_to_bigint(uuid) IS 'the bigint a public id stands for; NULL when the uuid is not a public id of a bigint under the key';
CREATE FUNCTION public_id_to_distributedid(uuid) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_to_distributedid(uuid) IS 'the distributedid a public id stands for; NULL when the uuid is not a public id of a distributedid under the key';
CREATE FUNCTION public_id_to_numeric(uuid) RETURNS numeric
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_to_numeric(uuid) IS 'the numeric a public id stands for; NULL when the uuid is not a public id of a numeric under the key';
CREATE FUNCTION public_id_to_uuid(uuid) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION public_id_to_uuid(uuid) IS 'the uuid a public id stands for (every uuid decrypts to one: uuids carry no redundancy)';

--------------------------------------------------------------------------------------------------------------
-- iuid: inDrive's iUID, a UUIDv8 carrying a country and a service entity (16 bytes, uuid byte order)
--------------------------------------------------------------------------------------------------------------

CREATE TYPE iuid;

CREATE FUNCTION iuid_in(cstring) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_out(iuid) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_recv(internal) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_send(iuid) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE iuid (
	INPUT = iuid_in,
	OUTPUT = iuid_out,
	RECEIVE = iuid_recv,
	SEND = iuid_send,
	INTERNALLENGTH = 16,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON TYPE iuid IS 'iUID (inDrive): UUIDv8 with unix ms, country, service entity and 54 random bits';
COMMENT ON FUNCTION iuid_in(cstring) IS 'I/O';
COMMENT ON FUNCTION iuid_out(iuid) IS 'I/O';
COMMENT ON FUNCTION iuid_recv(internal) IS 'I/O';
COMMENT ON FUNCTION iuid_send(iuid) IS 'I/O';

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

-- casts: an iuid is a uuid; a uuid is an iuid when it carries version 8 and variant 10

CREATE FUNCTION uuid_to_iuid(uuid) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuid_to_iuid(uuid) IS 'convert a version 8, variant 10 uuid to iuid';

CREATE CAST (uuid AS iuid) WITH FUNCTION uuid_to_iuid(uuid);
CREATE CAST (iuid AS uuid) WITHOUT FUNCTION AS ASSIGNMENT;  -- the same 16 bytes

-- comparison

CREATE FUNCTION iuid_eq(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_ne(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_lt(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_le(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_gt(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_ge(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_cmp(iuid, iuid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_hash(iuid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_hash_extended(iuid, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_brin_distance(internal, internal) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_larger(iuid, iuid) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_smaller(iuid, iuid) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION iuid_eq(iuid, iuid) IS 'implementation of = operator';
COMMENT ON FUNCTION iuid_ne(iuid, iuid) IS 'implementation of <> operator';
COMMENT ON FUNCTION iuid_lt(iuid, iuid) IS 'implementation of < operator';
COMMENT ON FUNCTION iuid_le(iuid, iuid) IS 'implementation of <= operator';
COMMENT ON FUNCTION iuid_gt(iuid, iuid) IS 'implementation of > operator';
COMMENT ON FUNCTION iuid_ge(iuid, iuid) IS 'implementation of >= operator';
COMMENT ON FUNCTION iuid_cmp(iuid, iuid) IS 'less-equal-greater';
COMMENT ON FUNCTION iuid_sortsupport(internal) IS 'sort support';
COMMENT ON FUNCTION iuid_hash(iuid) IS 'hash';
COMMENT ON FUNCTION iuid_hash_extended(iuid, bigint) IS 'hash';
COMMENT ON FUNCTION iuid_brin_distance(internal, internal) IS 'distance between two iuids, for BRIN minmax-multi';
COMMENT ON FUNCTION iuid_larger(iuid, iuid) IS 'larger of two';
COMMENT ON FUNCTION iuid_smaller(iuid, iuid) IS 'smaller of two';

CREATE OPERATOR = (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_eq,
	COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_ne,
	COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_lt,
	COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_le,
	COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_gt,
	COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_ge,
	COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS iuid_ops DEFAULT FOR TYPE iuid USING btree AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 iuid_cmp(iuid, iuid),
	FUNCTION 2 iuid_sortsupport(internal),
	FUNCTION 4 btequalimage(oid);

CREATE OPERATOR CLASS iuid_ops DEFAULT FOR TYPE iuid USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 iuid_hash(iuid),
	FUNCTION 2 iuid_hash_extended(iuid, bigint);

CREATE OPERATOR CLASS iuid_minmax_ops DEFAULT FOR TYPE iuid USING brin AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 brin_minmax_opcinfo(internal),
	FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
	FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
	FUNCTION 4 brin_minmax_union(internal, internal, internal);

CREATE OPERATOR CLASS iuid_minmax_multi_ops FOR TYPE iuid USING brin AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 brin_minmax_multi_opcinfo(internal),
	FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
	FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
	FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
	FUNCTION 5 brin_minmax_multi_options(internal),
	FUNCTION 11 iuid_brin_distance(internal, internal);

CREATE AGGREGATE min(iuid) (
	SFUNC = iuid_smaller, STYPE = iuid, COMBINEFUNC = iuid_smaller,
	SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(iuid) (
	SFUNC = iuid_larger, STYPE = iuid, COMBINEFUNC = iuid_larger,
	SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(iuid) IS 'minimum value of all iuid input values';
COMMENT ON AGGREGATE max(iuid) IS 'maximum value of all iuid input values';
--------------------------------------------------------------------------------------------------------------
-- HotGuid: a uuid with unix seconds, machine and process, a counter and a 4-byte shard key (as .NET/Npgsql store it)
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION hotguid_generate(shard_key bigint) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL RESTRICTED;
COMMENT ON FUNCTION hotguid_generate(bigint) IS 'new HotGuid carrying a shard key (0 to 2^32-1), unique per backend';
CREATE FUNCTION hotguid_extract_shard_key(uuid) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hotguid_extract_shard_key(uuid) IS 'shard key of a HotGuid (its last 4 bytes, little-endian)';
CREATE FUNCTION hotguid_extract_timestamp(uuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hotguid_extract_timestamp(uuid) IS 'creation second of a HotGuid (unix seconds, wrapping in 2106 as the reference does)';

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

--------------------------------------------------------------------------------------------------------------
-- siq: SUOU's SIQ, 112 bits of timestamp (1/65536 s), shard, domain hash, serial and qualifier (14 bytes, big-endian)
--------------------------------------------------------------------------------------------------------------

CREATE TYPE siq;

CREATE FUNCTION siq_in(cstring) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION siq_out(siq) RETURNS cstring
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION siq_recv(internal) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION siq_send(siq) RETURNS bytea
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE TYPE siq (
	INPUT = siq_in,
	OUTPUT = siq_out,
	RECEIVE = siq_recv,
	SEND = siq_send,
	INTERNALLENGTH = 14,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON TYPE siq IS 'SIQ (SUOU): 112-bit id of timestamp, shard, domain hash, serial and qualifier, shown as 28 hex digits';
COMMENT ON FUNCTION siq_in(cstring) IS 'I/O';
COMMENT ON FUNCTION siq_out(siq) IS 'I/O';
COMMENT ON FUNCTION siq_recv(internal) IS 'I/O';
COMMENT ON FUNCTION siq_send(siq) IS 'I/O';

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

CREATE CAST (bytea AS siq) WITH FUNCTION bytea_to_siq(bytea);
CREATE CAST (siq AS bytea) WITH FUNCTION siq_to_bytea(siq);
CREATE CAST (numeric AS siq) WITH FUNCTION numeric_to_siq(numeric);
CREATE CAST (siq AS numeric) WITH FUNCTION siq_to_numeric(siq);

-- comparison

CREATE FUNCTION siq_eq(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_ne(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_lt(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_le(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_gt(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_ge(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_cmp(siq, siq) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_sortsupport(internal) RETURNS void
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION siq_hash(siq) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_hash_extended(siq, bigint) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_brin_distance(internal, internal) RETURNS double precision
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION siq_larger(siq, siq) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION siq_smaller(siq, siq) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

COMMENT ON FUNCTION siq_eq(siq, siq) IS 'implementation of = operator';
COMMENT ON FUNCTION siq_ne(siq, siq) IS 'implementation of <> operator';
COMMENT ON FUNCTION siq_lt(siq, siq) IS 'implementation of < operator';
COMMENT ON FUNCTION siq_le(siq, siq) IS 'implementation of <= operator';
COMMENT ON FUNCTION siq_gt(siq, siq) IS 'implementation of > operator';
COMMENT ON FUNCTION siq_ge(siq, siq) IS 'implementation of >= operator';
COMMENT ON FUNCTION siq_cmp(siq, siq) IS 'less-equal-greater';
COMMENT ON FUNCTION siq_sortsupport(internal) IS 'sort support';
COMMENT ON FUNCTION siq_hash(siq) IS 'hash';
COMMENT ON FUNCTION siq_hash_extended(siq, bigint) IS 'hash';
COMMENT ON FUNCTION siq_brin_distance(internal, internal) IS 'distance between two siqs, for BRIN minmax-multi';
COMMENT ON FUNCTION siq_larger(siq, siq) IS 'larger of two';
COMMENT ON FUNCTION siq_smaller(siq, siq) IS 'smaller of two';

CREATE OPERATOR = (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_eq,
	COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES
);
CREATE OPERATOR <> (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_ne,
	COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel
);
CREATE OPERATOR < (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_lt,
	COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR <= (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_le,
	COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR > (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_gt,
	COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR >= (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_ge,
	COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

CREATE OPERATOR CLASS siq_ops DEFAULT FOR TYPE siq USING btree AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 siq_cmp(siq, siq),
	FUNCTION 2 siq_sortsupport(internal),
	FUNCTION 4 btequalimage(oid);

CREATE OPERATOR CLASS siq_ops DEFAULT FOR TYPE siq USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 siq_hash(siq),
	FUNCTION 2 siq_hash_extended(siq, bigint);

CREATE OPERATOR CLASS siq_minmax_ops DEFAULT FOR TYPE siq USING brin AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 brin_minmax_opcinfo(internal),
	FUNCTION 2 brin_minmax_add_value(internal, internal, internal, internal),
	FUNCTION 3 brin_minmax_consistent(internal, internal, internal),
	FUNCTION 4 brin_minmax_union(internal, internal, internal);

CREATE OPERATOR CLASS siq_minmax_multi_ops FOR TYPE siq USING brin AS
	OPERATOR 1 <,
	OPERATOR 2 <=,
	OPERATOR 3 =,
	OPERATOR 4 >=,
	OPERATOR 5 >,
	FUNCTION 1 brin_minmax_multi_opcinfo(internal),
	FUNCTION 2 brin_minmax_multi_add_value(internal, internal, internal, internal),
	FUNCTION 3 brin_minmax_multi_consistent(internal, internal, internal, integer),
	FUNCTION 4 brin_minmax_multi_union(internal, internal, internal),
	FUNCTION 5 brin_minmax_multi_options(internal),
	FUNCTION 11 siq_brin_distance(internal, internal);

CREATE AGGREGATE min(siq) (
	SFUNC = siq_smaller, STYPE = siq, COMBINEFUNC = siq_smaller,
	SORTOP = <, PARALLEL = SAFE
);
CREATE AGGREGATE max(siq) (
	SFUNC = siq_larger, STYPE = siq, COMBINEFUNC = siq_larger,
	SORTOP = >, PARALLEL = SAFE
);
COMMENT ON AGGREGATE min(siq) IS 'minimum value of all siq input values';
COMMENT ON AGGREGATE max(siq) IS 'maximum value of all siq input values';

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
