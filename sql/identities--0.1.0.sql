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

-- Stored as big-endian bytes, so that byte order is the type's order.
CREATE TYPE distributedid (
	INPUT = distributedid_in,
	OUTPUT = distributedid_out,
	RECEIVE = distributedid_recv,
	SEND = distributedid_send,
	INTERNALLENGTH = 12,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON FUNCTION distributedid_in(cstring) IS 'I/O';
COMMENT ON FUNCTION distributedid_out(distributedid) IS 'I/O';
COMMENT ON FUNCTION distributedid_recv(internal) IS 'I/O';
COMMENT ON FUNCTION distributedid_send(distributedid) IS 'I/O';
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
CREATE FUNCTION distributedid_hash_partition(distributedid, modulus integer) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
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
COMMENT ON FUNCTION distributedid_hash_partition(distributedid, integer) IS 'the remainder PARTITION BY HASH assigns to this distributedid for this modulus (frozen: stored placements depend on it)';
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


-- time windows: distributedid_within(id, tstzrange) is inlined by the planner into a range on the id (primary key
-- ranges, partition pruning), exact since ids order as their timestamps do

CREATE FUNCTION distributedid_window_first(tstzrange) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distributedid_window_last(tstzrange) RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid_window_first(tstzrange) IS 'smallest id whose timestamp is in the time window';
COMMENT ON FUNCTION distributedid_window_last(tstzrange) IS 'largest id whose timestamp is in the time window';

-- Not STRICT, so that the planner inlines it.
CREATE FUNCTION distributedid_within(id distributedid, time_window tstzrange) RETURNS boolean
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	RETURN id >= distributedid_window_first(time_window) AND id <= distributedid_window_last(time_window);
COMMENT ON FUNCTION distributedid_within(distributedid, tstzrange) IS 'whether the id''s timestamp is in the time window: uses the primary key and prunes partitions';
CREATE OPERATOR <@ (LEFTARG = distributedid, RIGHTARG = tstzrange, FUNCTION = distributedid_within);
COMMENT ON OPERATOR <@ (distributedid, tstzrange) IS 'the id''s timestamp is in the time window (distributedid_within)';
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


-- time windows: distributedid128_within(id, tstzrange) is inlined by the planner into a range on the id (primary key
-- ranges, partition pruning), exact since ids order as their timestamps do

CREATE FUNCTION distributedid128_window_first(tstzrange) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION distributedid128_window_last(tstzrange) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION distributedid128_window_first(tstzrange) IS 'smallest id whose timestamp is in the time window';
COMMENT ON FUNCTION distributedid128_window_last(tstzrange) IS 'largest id whose timestamp is in the time window';

-- Not STRICT, so that the planner inlines it.
CREATE FUNCTION distributedid128_within(id uuid, time_window tstzrange) RETURNS boolean
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	RETURN id >= distributedid128_window_first(time_window) AND id <= distributedid128_window_last(time_window);
COMMENT ON FUNCTION distributedid128_within(uuid, tstzrange) IS 'whether the id''s timestamp is in the time window: uses the primary key and prunes partitions';

-- pg_partman's time decoder passes the id as text (p_time_decoder => 'public.distributedid128_extract_timestamp')
CREATE FUNCTION distributedid128_extract_timestamp(id text) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN distributedid128_extract_timestamp(id::uuid);
COMMENT ON FUNCTION distributedid128_extract_timestamp(text) IS 'the same from the uuid''s text, as pg_partman''s time decoder passes it';
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

-- Stored as big-endian bytes, so that byte order is the type's order.
CREATE TYPE iuid (
	INPUT = iuid_in,
	OUTPUT = iuid_out,
	RECEIVE = iuid_recv,
	SEND = iuid_send,
	INTERNALLENGTH = 16,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON FUNCTION iuid_in(cstring) IS 'I/O';
COMMENT ON FUNCTION iuid_out(iuid) IS 'I/O';
COMMENT ON FUNCTION iuid_recv(internal) IS 'I/O';
COMMENT ON FUNCTION iuid_send(iuid) IS 'I/O';
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
CREATE FUNCTION iuid_hash_partition(iuid, modulus integer) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
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
COMMENT ON FUNCTION iuid_hash_partition(iuid, integer) IS 'the remainder PARTITION BY HASH assigns to this iuid for this modulus (frozen: stored placements depend on it)';
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

-- routing order: country first, then the default order, so that PARTITION BY RANGE (id iuid_country_ops) with a
-- partition per country range prunes on id = $1 and allows PRIMARY KEY (id)

CREATE FUNCTION iuid_country_boundary(country integer) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_country_lt(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_country_le(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_country_gt(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_country_ge(iuid, iuid) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION iuid_country_cmp(iuid, iuid) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

COMMENT ON FUNCTION iuid_country_boundary(integer) IS 'smallest iuid of the country in iuid_country_ops order: a RANGE partition bound';
COMMENT ON FUNCTION iuid_country_lt(iuid, iuid) IS 'implementation of ~<~ operator (country first)';
COMMENT ON FUNCTION iuid_country_le(iuid, iuid) IS 'implementation of ~<=~ operator (country first)';
COMMENT ON FUNCTION iuid_country_gt(iuid, iuid) IS 'implementation of ~>~ operator (country first)';
COMMENT ON FUNCTION iuid_country_ge(iuid, iuid) IS 'implementation of ~>=~ operator (country first)';
COMMENT ON FUNCTION iuid_country_cmp(iuid, iuid) IS 'less-equal-greater, country first';

-- Named as text_pattern_ops names the operators of its second order.
CREATE OPERATOR ~<~ (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_country_lt,
	COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_country_le,
	COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_country_gt,
	COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
	LEFTARG = iuid, RIGHTARG = iuid, FUNCTION = iuid_country_ge,
	COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- Created after the default opclass, so that the default family stays the first one of the type's =.
CREATE OPERATOR CLASS iuid_country_ops FOR TYPE iuid USING btree AS
	OPERATOR 1 ~<~,
	OPERATOR 2 ~<=~,
	OPERATOR 3 =,
	OPERATOR 4 ~>=~,
	OPERATOR 5 ~>~,
	FUNCTION 1 iuid_country_cmp(iuid, iuid);
COMMENT ON OPERATOR CLASS iuid_country_ops USING btree IS 'order by country first, for RANGE partitions by country';


-- time windows: iuid_within(id, tstzrange) is inlined by the planner into a range on the id (primary key
-- ranges, partition pruning), exact since ids order as their timestamps do

CREATE FUNCTION iuid_window_first(tstzrange) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION iuid_window_last(tstzrange) RETURNS iuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION iuid_window_first(tstzrange) IS 'smallest id whose timestamp is in the time window';
COMMENT ON FUNCTION iuid_window_last(tstzrange) IS 'largest id whose timestamp is in the time window';

-- Not STRICT, so that the planner inlines it.
CREATE FUNCTION iuid_within(id iuid, time_window tstzrange) RETURNS boolean
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	RETURN id >= iuid_window_first(time_window) AND id <= iuid_window_last(time_window);
COMMENT ON FUNCTION iuid_within(iuid, tstzrange) IS 'whether the id''s timestamp is in the time window: uses the primary key and prunes partitions';
CREATE OPERATOR <@ (LEFTARG = iuid, RIGHTARG = tstzrange, FUNCTION = iuid_within);
COMMENT ON OPERATOR <@ (iuid, tstzrange) IS 'the id''s timestamp is in the time window (iuid_within)';
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
CREATE FUNCTION hotguid_boundary(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hotguid_boundary(timestamptz) IS 'smallest HotGuid at or after the instant (its second rounded up): for range partitions';


-- time windows: hotguid_within(id, tstzrange) is inlined by the planner into a range on the id (primary key
-- ranges, partition pruning), exact since ids order as their timestamps do

CREATE FUNCTION hotguid_window_first(tstzrange) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION hotguid_window_last(tstzrange) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION hotguid_window_first(tstzrange) IS 'smallest id whose timestamp is in the time window';
COMMENT ON FUNCTION hotguid_window_last(tstzrange) IS 'largest id whose timestamp is in the time window';

-- Not STRICT, so that the planner inlines it.
CREATE FUNCTION hotguid_within(id uuid, time_window tstzrange) RETURNS boolean
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	RETURN id >= hotguid_window_first(time_window) AND id <= hotguid_window_last(time_window);
COMMENT ON FUNCTION hotguid_within(uuid, tstzrange) IS 'whether the id''s timestamp is in the time window: uses the primary key and prunes partitions';

-- pg_partman's time decoder passes the id as text (p_time_decoder => 'public.hotguid_extract_timestamp')
CREATE FUNCTION hotguid_extract_timestamp(id text) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN hotguid_extract_timestamp(id::uuid);
COMMENT ON FUNCTION hotguid_extract_timestamp(text) IS 'the same from the uuid''s text, as pg_partman''s time decoder passes it';
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

-- Stored as big-endian bytes, so that byte order is the type's order.
CREATE TYPE siq (
	INPUT = siq_in,
	OUTPUT = siq_out,
	RECEIVE = siq_recv,
	SEND = siq_send,
	INTERNALLENGTH = 14,
	ALIGNMENT = char,
	STORAGE = plain
);

COMMENT ON FUNCTION siq_in(cstring) IS 'I/O';
COMMENT ON FUNCTION siq_out(siq) IS 'I/O';
COMMENT ON FUNCTION siq_recv(internal) IS 'I/O';
COMMENT ON FUNCTION siq_send(siq) IS 'I/O';
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
CREATE FUNCTION siq_hash_partition(siq, modulus integer) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
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
COMMENT ON FUNCTION siq_hash_partition(siq, integer) IS 'the remainder PARTITION BY HASH assigns to this siq for this modulus (frozen: stored placements depend on it)';
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


-- routing order: shard first, then the default order, so that PARTITION BY RANGE (id siq_shard_ops) with a
-- partition per shard range prunes on id = $1 and allows PRIMARY KEY (id)

CREATE FUNCTION siq_shard_boundary(shard integer) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION siq_shard_lt(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_shard_le(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_shard_gt(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_shard_ge(siq, siq) RETURNS boolean
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;
CREATE FUNCTION siq_shard_cmp(siq, siq) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT LEAKPROOF PARALLEL SAFE;

COMMENT ON FUNCTION siq_shard_boundary(integer) IS 'smallest siq of the shard in siq_shard_ops order: a RANGE partition bound';
COMMENT ON FUNCTION siq_shard_lt(siq, siq) IS 'implementation of ~<~ operator (shard first)';
COMMENT ON FUNCTION siq_shard_le(siq, siq) IS 'implementation of ~<=~ operator (shard first)';
COMMENT ON FUNCTION siq_shard_gt(siq, siq) IS 'implementation of ~>~ operator (shard first)';
COMMENT ON FUNCTION siq_shard_ge(siq, siq) IS 'implementation of ~>=~ operator (shard first)';
COMMENT ON FUNCTION siq_shard_cmp(siq, siq) IS 'less-equal-greater, shard first';

-- Named as text_pattern_ops names the operators of its second order.
CREATE OPERATOR ~<~ (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_shard_lt,
	COMMUTATOR = ~>~, NEGATOR = ~>=~, RESTRICT = scalarltsel, JOIN = scalarltjoinsel
);
CREATE OPERATOR ~<=~ (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_shard_le,
	COMMUTATOR = ~>=~, NEGATOR = ~>~, RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);
CREATE OPERATOR ~>~ (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_shard_gt,
	COMMUTATOR = ~<~, NEGATOR = ~<=~, RESTRICT = scalargtsel, JOIN = scalargtjoinsel
);
CREATE OPERATOR ~>=~ (
	LEFTARG = siq, RIGHTARG = siq, FUNCTION = siq_shard_ge,
	COMMUTATOR = ~<=~, NEGATOR = ~<~, RESTRICT = scalargesel, JOIN = scalargejoinsel
);

-- Created after the default opclass, so that the default family stays the first one of the type's =.
CREATE OPERATOR CLASS siq_shard_ops FOR TYPE siq USING btree AS
	OPERATOR 1 ~<~,
	OPERATOR 2 ~<=~,
	OPERATOR 3 =,
	OPERATOR 4 ~>=~,
	OPERATOR 5 ~>~,
	FUNCTION 1 siq_shard_cmp(siq, siq);
COMMENT ON OPERATOR CLASS siq_shard_ops USING btree IS 'order by shard first, for RANGE partitions by shard';


-- time windows: siq_within(id, tstzrange) is inlined by the planner into a range on the id (primary key
-- ranges, partition pruning), exact since ids order as their timestamps do

CREATE FUNCTION siq_window_first(tstzrange) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION siq_window_last(tstzrange) RETURNS siq
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION siq_window_first(tstzrange) IS 'smallest id whose timestamp is in the time window';
COMMENT ON FUNCTION siq_window_last(tstzrange) IS 'largest id whose timestamp is in the time window';

-- Not STRICT, so that the planner inlines it.
CREATE FUNCTION siq_within(id siq, time_window tstzrange) RETURNS boolean
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	RETURN id >= siq_window_first(time_window) AND id <= siq_window_last(time_window);
COMMENT ON FUNCTION siq_within(siq, tstzrange) IS 'whether the id''s timestamp is in the time window: uses the primary key and prunes partitions';
CREATE OPERATOR <@ (LEFTARG = siq, RIGHTARG = tstzrange, FUNCTION = siq_within);
COMMENT ON OPERATOR <@ (siq, tstzrange) IS 'the id''s timestamp is in the time window (siq_within)';
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


-- time windows: snowflake_within(id, tstzrange) is inlined by the planner into a range on the id (primary key
-- ranges, partition pruning), exact since ids order as their timestamps do

CREATE FUNCTION snowflake_window_first(tstzrange) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION snowflake_window_last(tstzrange) RETURNS bigint
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION snowflake_window_first(tstzrange) IS 'smallest id whose timestamp is in the time window';
COMMENT ON FUNCTION snowflake_window_last(tstzrange) IS 'largest id whose timestamp is in the time window';

-- Not STRICT, so that the planner inlines it.
CREATE FUNCTION snowflake_within(id bigint, time_window tstzrange) RETURNS boolean
	LANGUAGE sql STABLE PARALLEL SAFE
	RETURN id >= snowflake_window_first(time_window) AND id <= snowflake_window_last(time_window);
COMMENT ON FUNCTION snowflake_within(bigint, tstzrange) IS 'whether the id''s timestamp is in the time window: uses the primary key and prunes partitions';

--------------------------------------------------------------------------------------------------------------
-- UUIDv7 (RFC 9562) in uuid: time-ordered across the server when preloaded; core uuidv7() keeps its name on 18+
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION uuidv7_generate() RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION uuidv7_generate() IS 'new UUIDv7 (RFC 9562, 12-bit sub-millisecond fraction), strictly increasing (per server when preloaded)';

CREATE FUNCTION uuidv7_extract_timestamp(uuid) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_extract_timestamp(uuid) IS 'millisecond timestamp of a UUIDv7; NULL for a uuid of another version or variant';

CREATE FUNCTION uuidv7_boundary(timestamptz) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_boundary(timestamptz) IS 'smallest UUIDv7 whose millisecond is at or after the instant';


-- time windows: uuidv7_within(id, tstzrange) is inlined by the planner into a range on the id (primary key
-- ranges, partition pruning), exact since ids order as their timestamps do

CREATE FUNCTION uuidv7_window_first(tstzrange) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION uuidv7_window_last(tstzrange) RETURNS uuid
	AS 'MODULE_PATHNAME' LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
COMMENT ON FUNCTION uuidv7_window_first(tstzrange) IS 'smallest id whose timestamp is in the time window';
COMMENT ON FUNCTION uuidv7_window_last(tstzrange) IS 'largest id whose timestamp is in the time window';

-- Not STRICT, so that the planner inlines it.
CREATE FUNCTION uuidv7_within(id uuid, time_window tstzrange) RETURNS boolean
	LANGUAGE sql IMMUTABLE PARALLEL SAFE
	RETURN id >= uuidv7_window_first(time_window) AND id <= uuidv7_window_last(time_window);
COMMENT ON FUNCTION uuidv7_within(uuid, tstzrange) IS 'whether the id''s timestamp is in the time window: uses the primary key and prunes partitions';

-- pg_partman's time decoder passes the id as text (p_time_decoder => 'public.uuidv7_extract_timestamp')
CREATE FUNCTION uuidv7_extract_timestamp(id text) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN uuidv7_extract_timestamp(id::uuid);
COMMENT ON FUNCTION uuidv7_extract_timestamp(text) IS 'the same from the uuid''s text, as pg_partman''s time decoder passes it';
--------------------------------------------------------------------------------------------------------------
-- scale-out: the identity of this server among those that generate ids together, and checks for clashes
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION identities_node_identity(OUT citus_group integer, OUT snowflake_worker integer,
                                         OUT snowflake_process integer, OUT siq_shard integer, OUT siq_domain text)
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION identities_node_identity() IS 'what this server''s Snowflake and SIQ generators put in ids by default, and the Citus group they derive from';

-- A view, so that another server can read it through postgres_fdw.
CREATE VIEW identities_node AS SELECT * FROM identities_node_identity();
COMMENT ON VIEW identities_node IS 'this server''s node identity (identities_node_identity())';

-- A node of a clash report: its identity, the nodes configured like it, or why it could not be read.
CREATE TYPE identities_node_clash AS (node text, citus_group integer, snowflake_worker integer,
                                      snowflake_process integer, siq_shard integer, siq_domain text,
                                      clashes_with text[], error text);
COMMENT ON TYPE identities_node_clash IS 'a node of a clash report: its identity and the nodes whose default Snowflakes or SIQs could repeat its own';

-- The nodes whose default Snowflakes or SIQs can repeat another's: same worker and process, or same shard and
-- domain. NULL clashes_with when none; an unreachable node is reported, not fatal.
CREATE FUNCTION identities_node_clashes(nodes jsonb)
RETURNS SETOF identities_node_clash
LANGUAGE sql IMMUTABLE PARALLEL SAFE
-- A standard SQL body: its functions are bound when it is created, whatever the caller's search_path. Domains are
-- compared by their hash, which is what goes in a SIQ ('' and '0' both hash to 0).
BEGIN ATOMIC
	WITH n AS (
		SELECT r.*, siq_domain_hash(coalesce(r.siq_domain, '')) AS domain_hash
		FROM jsonb_to_recordset(nodes) AS r(node text, citus_group integer, snowflake_worker integer,
		                                    snowflake_process integer, siq_shard integer, siq_domain text, error text))
	SELECT n.node, n.citus_group, n.snowflake_worker, n.snowflake_process, n.siq_shard, n.siq_domain,
	       (SELECT array_agg(o.node || ' (' || concat_ws(', ',
	                             CASE WHEN (o.snowflake_worker, o.snowflake_process) = (n.snowflake_worker, n.snowflake_process)
	                                  THEN 'snowflake' END,
	                             CASE WHEN (o.siq_shard, o.domain_hash) = (n.siq_shard, n.domain_hash) THEN 'siq' END) || ')'
	                         ORDER BY o.node)
	        FROM n AS o
	        WHERE o.node <> n.node AND o.error IS NULL AND n.error IS NULL
	          AND ((o.snowflake_worker, o.snowflake_process) = (n.snowflake_worker, n.snowflake_process)
	               OR (o.siq_shard, o.domain_hash) = (n.siq_shard, n.domain_hash))),
	       n.error
	FROM n ORDER BY n.node;
END;
COMMENT ON FUNCTION identities_node_clashes(jsonb) IS 'nodes (rows of identities_node, with a node name) whose default Snowflakes or SIQs could repeat each other''s';

CREATE FUNCTION identities_check_foreign_servers()
RETURNS SETOF identities_node_clash
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	extension_schema name := (SELECT extnamespace::regnamespace::name FROM pg_extension WHERE extname = 'identities');
	scratch name := 'identities_check_' || pg_backend_pid();
	server name;
	nodes jsonb;
	remote jsonb;
BEGIN
	EXECUTE format('SELECT jsonb_build_array(to_jsonb(n) || jsonb_build_object(''node'', ''local'')) FROM %I.identities_node AS n',
	               extension_schema) INTO nodes;
	EXECUTE format('CREATE SCHEMA %I', scratch);
	FOR server IN
		SELECT s.srvname FROM pg_foreign_server s JOIN pg_foreign_data_wrapper w ON w.oid = s.srvfdw
		WHERE w.fdwname = 'postgres_fdw' ORDER BY s.srvname
	LOOP
		EXECUTE format('CREATE FOREIGN TABLE %I.%I (citus_group integer, snowflake_worker integer, '
		               'snowflake_process integer, siq_shard integer, siq_domain text) '
		               'SERVER %I OPTIONS (schema_name %L, table_name ''identities_node'')',
		               scratch, server, server, extension_schema);
		BEGIN
			EXECUTE format('SELECT to_jsonb(n) FROM %I.%I AS n', scratch, server) INTO remote;
		EXCEPTION WHEN OTHERS THEN
			remote := jsonb_build_object('error', SQLERRM);
		END;
		nodes := nodes || jsonb_build_array(remote || jsonb_build_object('node', server));
	END LOOP;
	EXECUTE format('DROP SCHEMA %I CASCADE', scratch);
	RETURN QUERY EXECUTE format('SELECT * FROM %I.identities_node_clashes($1)', extension_schema) USING nodes;
END $$;
COMMENT ON FUNCTION identities_check_foreign_servers() IS 'this server and every postgres_fdw server it reaches: whose default Snowflakes or SIQs could repeat another''s';

CREATE FUNCTION identities_check_citus_nodes()
RETURNS SETOF identities_node_clash
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	extension_schema name := (SELECT extnamespace::regnamespace::name FROM pg_extension WHERE extname = 'identities');
	nodes jsonb;
BEGIN
	IF to_regproc('pg_catalog.run_command_on_all_nodes') IS NULL THEN
		RAISE EXCEPTION 'Citus is not installed in this database' USING ERRCODE = 'object_not_in_prerequisite_state',
			HINT = 'Use identities_check_foreign_servers() for servers reached through postgres_fdw.';
	END IF;
	EXECUTE format($query$
		SELECT jsonb_agg(CASE WHEN r.success THEN r.result::jsonb ELSE jsonb_build_object('error', r.result) END
		                 || jsonb_build_object('node', d.nodename || ':' || d.nodeport))
		FROM pg_catalog.run_command_on_all_nodes(%L) AS r JOIN pg_catalog.pg_dist_node AS d USING (nodeid)$query$,
		format('SELECT to_jsonb(n) FROM %I.identities_node AS n', extension_schema)) INTO nodes;
	RETURN QUERY EXECUTE format('SELECT * FROM %I.identities_node_clashes($1)', extension_schema) USING nodes;
END $$;
COMMENT ON FUNCTION identities_check_citus_nodes() IS 'every node of this Citus cluster: whose default Snowflakes or SIQs could repeat another''s';
--------------------------------------------------------------------------------------------------------------
-- partitions by time that maintain themselves
--------------------------------------------------------------------------------------------------------------

-- Creates the RANGE partitions of a table partitioned by a time-ordered id (bounds from the format's
-- *_boundary) or by an extracted timestamp, from the current step to premake steps ahead, and drops those
-- entirely older than the retention. One row per change or problem.
CREATE FUNCTION identities_maintain_partitions(parent regclass, step interval, premake integer DEFAULT 4,
                                               retention interval DEFAULT NULL, id_format text DEFAULT NULL)
RETURNS TABLE (action text, partition_name text, from_time timestamptz, to_time timestamptz, detail text)
LANGUAGE plpgsql VOLATILE
-- The grid is UTC's: in another zone, adding a month or a day to a timestamptz would follow local time (DST).
SET TimeZone = 'UTC'
AS $$
DECLARE
	-- Our functions are called qualified: the extension is relocatable, and a scheduler's search_path is its own.
	extension_schema name := (SELECT extnamespace::regnamespace::name FROM pg_extension WHERE extname = 'identities');
	key_type_name name;  -- the key type's name, when it is one of ours
	key_text text;       -- the key as SQL: a quoted column name or the expression
	key_type regtype;
	column_default text;
	format_name text := id_format;
	step_months integer := extract(year FROM step)::integer * 12 + extract(month FROM step)::integer;
	first_start timestamptz;
	lower_time timestamptz;
	upper_time timestamptz;
	lower_bound text;
	upper_bound text;
	suffix_format text;
	new_name text;
	default_partition regclass;
	rows_in_default bigint;
	old record;
BEGIN
	IF step IS NULL OR step <= interval '0' OR (step_months <> 0 AND step <> make_interval(months => step_months)) THEN
		RAISE EXCEPTION 'invalid step for identities_maintain_partitions: %', step
			USING ERRCODE = 'invalid_parameter_value',
			      HINT = 'Use a positive number of months, or of days, hours and minutes (not both).';
	END IF;
	-- Partitions are named to the minute: a step of seconds would give two steps one name (and a gap).
	IF step_months = 0 AND extract(epoch FROM step) % 60 <> 0 THEN
		RAISE EXCEPTION 'invalid step for identities_maintain_partitions: %', step
			USING ERRCODE = 'invalid_parameter_value', HINT = 'Use whole minutes, hours or days, or months.';
	END IF;
	IF premake IS NULL OR premake < 0 THEN
		RAISE EXCEPTION 'premake must be zero or more' USING ERRCODE = 'invalid_parameter_value';
	END IF;

	-- One maintenance of a table at a time (from pg_cron, say, and by hand).
	PERFORM pg_advisory_xact_lock(hashtext('identities_maintain_partitions'), parent::oid::integer);

	SELECT coalesce(quote_ident(a.attname), pg_get_expr(p.partexprs, p.partrelid)), opc.opcintype::regtype,
	       pg_get_expr(d.adbin, d.adrelid), CASE WHEN t.typnamespace::regnamespace::name = extension_schema THEN t.typname END
	INTO key_text, key_type, column_default, key_type_name
	FROM pg_partitioned_table p
	JOIN pg_opclass opc ON opc.oid = p.partclass[0]
	JOIN pg_type t ON t.oid = opc.opcintype
	LEFT JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0] AND p.partattrs[0] <> 0
	LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
	WHERE p.partrelid = parent AND p.partstrat = 'r' AND p.partnatts = 1
	  AND opc.opcdefault;  -- time order: the type's default order, not a routing order
	IF key_type IS NULL THEN
		RAISE EXCEPTION 'table "%" is not partitioned by RANGE on one id or timestamp in its default order', parent
			USING ERRCODE = 'invalid_parameter_value';
	END IF;

	IF key_type = 'timestamptz'::regtype THEN
		format_name := 'timestamp';
	ELSIF key_type_name IN ('distributedid', 'iuid', 'siq') THEN
		format_name := coalesce(format_name, key_type_name);
	ELSIF format_name IS NULL THEN
		format_name := CASE WHEN column_default ~ '\mdistributedid128_generate\(' THEN 'distributedid128'
		                    WHEN column_default ~ '\muuidv7(_generate)?\(' THEN 'uuidv7'
		                    WHEN column_default ~ '\mhotguid_generate\(' THEN 'hotguid'
		                    WHEN column_default ~ '\msnowflake_generate\(' THEN 'snowflake' END;
	END IF;
	IF format_name IS NULL OR NOT (
		(format_name = 'timestamp' AND key_type = 'timestamptz'::regtype) OR
		(format_name IN ('distributedid', 'iuid', 'siq') AND key_type_name IS NOT DISTINCT FROM format_name) OR
		(format_name IN ('distributedid128', 'uuidv7', 'hotguid') AND key_type = 'uuid'::regtype) OR
		(format_name = 'snowflake' AND key_type = 'bigint'::regtype)) THEN
		RAISE EXCEPTION 'cannot tell the id format of the partition key of "%" (%)', parent, key_type
			USING ERRCODE = 'invalid_parameter_value',
			      HINT = 'Name it: id_format => ''distributedid128'', ''uuidv7'', ''hotguid'' or ''snowflake''.';
	END IF;

	-- Steps on a grid anchored at 2000-01-01 UTC, so every run (and every server) cuts the same partitions.
	IF step_months <> 0 THEN
		first_start := timestamptz '2000-01-01 00:00:00+00' + make_interval(months =>
			(((extract(year FROM now() AT TIME ZONE 'UTC')::integer - 2000) * 12
			  + extract(month FROM now() AT TIME ZONE 'UTC')::integer - 1) / step_months) * step_months);
		suffix_format := 'YYYYMM';
	ELSE
		first_start := date_bin(step, now(), timestamptz '2000-01-01 00:00:00+00');
		suffix_format := CASE WHEN date_bin(interval '1 day', timestamptz '2000-01-01 00:00:00+00' + step,
		                                    timestamptz '2000-01-01 00:00:00+00')
		                           = timestamptz '2000-01-01 00:00:00+00' + step
		                      THEN 'YYYYMMDD' ELSE 'YYYYMMDD_HH24MI' END;
	END IF;
	SELECT p.oid INTO default_partition FROM pg_class p JOIN pg_inherits i ON i.inhrelid = p.oid
	WHERE i.inhparent = parent AND pg_get_expr(p.relpartbound, p.oid) = 'DEFAULT';

	FOR i IN 0 .. premake LOOP
		lower_time := first_start + step * i;
		upper_time := lower_time + step;
		-- <table>_p<suffix>, the table's name shortened (by characters, counting bytes) to fit NAMEDATALEN.
		new_name := '_p' || to_char(lower_time AT TIME ZONE 'UTC', suffix_format);
		new_name := (SELECT left(relname, n) FROM pg_class, generate_series(length(relname), 0, -1) AS n
		             WHERE oid = parent AND octet_length(left(relname, n)) + octet_length(new_name) <= 63
		             ORDER BY n DESC LIMIT 1) || new_name;
		CONTINUE WHEN to_regclass(format('%I.%I', (SELECT relnamespace::regnamespace::name FROM pg_class WHERE oid = parent),
		                                  new_name)) IS NOT NULL;
		IF format_name = 'timestamp' THEN
			lower_bound := quote_literal(lower_time);
			upper_bound := quote_literal(upper_time);
		ELSE
			EXECUTE format('SELECT quote_literal(%1$I.%2$I(%3$L)), quote_literal(%1$I.%2$I(%4$L))', extension_schema,
			               format_name || '_boundary', lower_time, upper_time)
			INTO lower_bound, upper_bound;
		END IF;
		-- Rows of this step already in the DEFAULT partition: reported, and the step left to the user (PostgreSQL
		-- would refuse the partition rather than move them).
		IF default_partition IS NOT NULL THEN
			EXECUTE format('SELECT count(*) FROM %s WHERE %s >= %s AND %s < %s', default_partition, key_text,
			               lower_bound, key_text, upper_bound)
			INTO rows_in_default;
			IF rows_in_default > 0 THEN
				RETURN QUERY SELECT 'rows in default'::text, default_partition::text, lower_time, upper_time,
				                    format('%s rows of this step are in the default partition; move them to create it',
				                           rows_in_default);
				CONTINUE;
			END IF;
		END IF;
		BEGIN
			EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%s) TO (%s)',
			               (SELECT relnamespace::regnamespace::name FROM pg_class WHERE oid = parent), new_name, parent,
			               lower_bound, upper_bound);
			RETURN QUERY SELECT 'created'::text, new_name, lower_time, upper_time, NULL::text;
		EXCEPTION WHEN invalid_object_definition THEN  -- another partition already covers part of the step
			RETURN QUERY SELECT 'overlaps'::text, new_name, lower_time, upper_time, SQLERRM;
		END;
	END LOOP;

	IF retention IS NOT NULL THEN
		FOR old IN
			SELECT p.oid::regclass AS partition, p.oid::regclass::text AS partition_text, substring(pg_get_expr(p.relpartbound, p.oid) FROM ' TO \((.*)\)$') AS upper_literal
			FROM pg_class p JOIN pg_inherits i ON i.inhrelid = p.oid
			WHERE i.inhparent = parent AND pg_get_expr(p.relpartbound, p.oid) <> 'DEFAULT'
		LOOP
			CONTINUE WHEN old.upper_literal IS NULL OR old.upper_literal = 'MAXVALUE';
			IF format_name = 'timestamp' THEN
				EXECUTE format('SELECT %s::timestamptz', old.upper_literal) INTO upper_time;
			ELSE
				EXECUTE format('SELECT %I.%I(%s::%s)', extension_schema, format_name || '_extract_timestamp',
				               old.upper_literal, key_type)
				INTO upper_time;
			END IF;
			-- Every row of the partition is older than its upper bound: all of them are past the retention.
			CONTINUE WHEN upper_time > now() - retention;
			EXECUTE format('ALTER TABLE %s DETACH PARTITION %s', parent, old.partition);
			EXECUTE format('DROP TABLE %s', old.partition);
			RETURN QUERY SELECT 'dropped'::text, old.partition_text, NULL::timestamptz, upper_time, NULL::text;
		END LOOP;
	END IF;
END $$;
COMMENT ON FUNCTION identities_maintain_partitions(regclass, interval, integer, interval, text) IS 'creates the time partitions of a table RANGE-partitioned by an id or an extracted timestamp, premake steps ahead, and drops those past the retention';
