-- Architect's AlphanumericIdEncoder and HexadecimalIdEncoder: canonical decoding, errors, round trips (the upstream
-- vectors are test/vectors/encoders.tsv, checked by vectors).
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- an integer is encoded as a bigint: 11 base62 characters, 16 hex digits
SELECT to_alphanumeric(42) AS from_integer, to_hexadecimal(42) AS hex_from_integer;

-- uuid: two 11-character blocks (each half on its own); ordinal text order is uuid order
SELECT array_agg(u ORDER BY to_alphanumeric(u)) = array_agg(u ORDER BY u) AS same_order
FROM unnest(ARRAY['ffffffff-ffff-ffff-ffff-ffffffffffff', '00000001-ffff-ffff-ffff-ffffffffffff',
                  '00000000-ffff-ffff-ffff-ffffffffffff', '00000000-5000-ffff-ffff-ffffffffffff']::uuid[]) AS u;

-- decoders return NULL for anything that is not a canonical encoding (beyond test/vectors/encoders.tsv's)
SELECT input, alphanumeric_to_bigint(input) AS as_bigint
FROM unnest(ARRAY['0000000000', '000000000000000000000', repeat('0', 64), '', ' 0000000000']) AS input;
SELECT input, alphanumeric_to_numeric(input) AS as_numeric, alphanumeric_to_distributedid(input) AS as_distributedid
FROM unnest(ARRAY['000000000000000', repeat('0', 29), repeat('0', 64)]) AS input;
SELECT input, alphanumeric_to_uuid(input) AS as_uuid
FROM unnest(ARRAY['LygHa16AHYGLygHa16AHYF', '000000000000000000000', '00000000000000000000000']) AS input;
SELECT input, hexadecimal_to_bigint(input) AS as_bigint
FROM unnest(ARRAY['8000000000000000', ' 000000000000000']) AS input;
SELECT input, hexadecimal_to_uuid(input) AS as_uuid
FROM unnest(ARRAY['0000000003FD35EB6D797A91BE38F34', '0000000003FD35EB6D797A91BE38F34EE']) AS input;

-- encoders refuse what they cannot encode
SELECT pg_temp.error_of(statement) FROM unnest(ARRAY[
	'SELECT to_alphanumeric(-1)', 'SELECT to_alphanumeric(-1::bigint)', 'SELECT to_hexadecimal(-9223372036854775808)',
	'SELECT to_alphanumeric(-1::numeric)', 'SELECT to_alphanumeric(1.5)', 'SELECT to_hexadecimal(1e28)',
	'SELECT to_alphanumeric(''NaN''::numeric)']) AS statement;
SELECT to_alphanumeric(123.000) AS integral_numeric;

-- generated ids survive every encoder
SELECT bool_and(alphanumeric_to_distributedid(to_alphanumeric(id)) = id) AS distributedid_alphanumeric,
       bool_and(hexadecimal_to_distributedid(to_hexadecimal(id)) = id) AS distributedid_hexadecimal,
       bool_and(alphanumeric_to_numeric(to_alphanumeric(id::numeric)) = id::numeric) AS numeric_alphanumeric,
       bool_and(hexadecimal_to_numeric(to_hexadecimal(id::numeric)) = id::numeric) AS numeric_hexadecimal,
       bool_and(alphanumeric_to_uuid(to_alphanumeric(id128)) = id128) AS uuid_alphanumeric,
       bool_and(hexadecimal_to_uuid(to_hexadecimal(id128)) = id128) AS uuid_hexadecimal,
       bool_and(alphanumeric_to_bigint(to_alphanumeric(n)) = n AND hexadecimal_to_bigint(to_hexadecimal(n)) = n) AS bigint_both,
       bool_and(length(to_alphanumeric(id)) = 16 AND length(to_alphanumeric(id128)) = 22) AS lengths
FROM (SELECT distributedid_generate() AS id, distributedid128_generate() AS id128,
             (random() * 9223372036854775807)::bigint AS n
      FROM generate_series(1, 10000)) AS generated;
-- text order of the alphanumeric form is id order
SELECT bool_and((a < b) = (to_alphanumeric(a) < to_alphanumeric(b) COLLATE "C")) AS order_kept
FROM (SELECT distributedid_generate() AS a, ('1' || lpad((random() * 1e27)::numeric(28)::text, 27, '0'))::distributedid AS b
      FROM generate_series(1, 1000)) AS pairs;
