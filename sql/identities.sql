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

CREATE FUNCTION distributedid_generate() RETURNS distributedid
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
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
