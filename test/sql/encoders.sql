-- Architect's AlphanumericIdEncoder and HexadecimalIdEncoder: the upstream vectors, canonical decoding, round trips.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- bigint: 11 base62 characters, 16 hex digits
SELECT v, to_alphanumeric(v) AS alphanumeric, to_hexadecimal(v) AS hexadecimal,
       alphanumeric_to_bigint(to_alphanumeric(v)) = v AND hexadecimal_to_bigint(to_hexadecimal(v)) = v AS round_trip
FROM unnest(ARRAY[0, 1, 15, 16, 17, 61, 62, 4294967296, 4294967297, 1234567890123456789, 9223372036854775807]::bigint[]) AS v;
SELECT to_alphanumeric(42) AS from_integer, to_hexadecimal(42) AS hex_from_integer;

-- numeric and distributedid (Architect's decimal): 16 base62 characters, 26 hex digits
SELECT v, to_alphanumeric(v) AS alphanumeric, to_hexadecimal(v) AS hexadecimal,
       to_alphanumeric(v::distributedid) = to_alphanumeric(v) AND to_hexadecimal(v::distributedid) = to_hexadecimal(v) AS same_for_distributedid,
       alphanumeric_to_numeric(to_alphanumeric(v)) = v AND hexadecimal_to_numeric(to_hexadecimal(v)) = v AS round_trip
FROM unnest(ARRAY[0, 1, 10, 15, 16, 17, 61, 62, 4294967296, 4294967297, 18446744073709551615,
                  447835050025542181830910637, 9999999999999999999999999999]::numeric[]) AS v;
-- the spec's DistributedId vectors (CreateCore)
SELECT to_alphanumeric(id) AS alphanumeric, to_hexadecimal(id) AS hexadecimal
FROM unnest(ARRAY['1099511627776', '281474976710655', '1065896647567317033105227776']::distributedid[]) AS id;
SELECT alphanumeric_to_distributedid('3uRpl11sIZZmN5wu') AS from_alphanumeric,
       hexadecimal_to_distributedid('000371b0650c00010000000000') AS from_lowercase_hex;

-- uuid: two 11-character blocks (each half on its own), 32 hex digits
SELECT u, to_alphanumeric(u) AS alphanumeric, to_hexadecimal(u) AS hexadecimal,
       alphanumeric_to_uuid(to_alphanumeric(u)) = u AND hexadecimal_to_uuid(to_hexadecimal(u)) = u AS round_trip
FROM (SELECT numeric_to_distributedid128(v) AS u
      FROM unnest(ARRAY[0, 1, 61, 62, 4294967296, 4294967297, 9223372036854775807, 18446744073709551615,
                        1234567890123456789012345678, 22773757910726981403490738691264577813,
                        340282366920938463463374607431768211455]::numeric[]) AS v) AS vectors;
-- ordinal text order is uuid order
SELECT array_agg(u ORDER BY to_alphanumeric(u)) = array_agg(u ORDER BY u) AS same_order
FROM unnest(ARRAY['ffffffff-ffff-ffff-ffff-ffffffffffff', '00000001-ffff-ffff-ffff-ffffffffffff',
                  '00000000-ffff-ffff-ffff-ffffffffffff', '00000000-5000-ffff-ffff-ffffffffffff']::uuid[]) AS u;
SELECT to_alphanumeric('094c8deb-b800-7000-0000-000000000001'::uuid) AS distributedid128_2024;

-- decoders return NULL for anything that is not a canonical encoding
SELECT input, alphanumeric_to_bigint(input) AS as_bigint
FROM unnest(ARRAY['1234567890$', '12345678,00', '12345678.00', '+1234567890', '-1234567890', '1234567890_',
                  '000000000001', '1', '0000000000', '000000000000000000000', repeat('0', 64), '', ' 0000000000',
                  'LygHa16AHYF', 'LygHa16AHYG', 'zzzzzzzzzzz', '0000000000é', 'AzL8n0Y58m8']) AS input;
SELECT input, alphanumeric_to_numeric(input) AS as_numeric, alphanumeric_to_distributedid(input) AS as_distributedid
FROM unnest(ARRAY['123456789012345$', '1234567890123,00', '1234567890123.00', '+1234567890123456', '-1234567890123456',
                  '123456789012345_', '1', '000000000000000', repeat('0', 29), repeat('0', 64),
                  '$drbWFYI4a3pLliX', '00000LygHa16AHYG', 'agbFu5KnEQGxp4QC', 'zzzzzzzzzzzzzzzz', 'agbFu5KnEQGxp4QB']) AS input;
SELECT input, alphanumeric_to_uuid(input) AS as_uuid
FROM unnest(ARRAY['zzzzzzzzzzzzzzzzzzzzzz', 'LygHa16AHYGLygHa16AHYF', 'LygHa16AHYFLygHa16AHYG', '000000000000000000000',
                  '00000000000000000000000', 'LygHa16AHYFLygHa16AHYF']) AS input;
SELECT input, hexadecimal_to_bigint(input) AS as_bigint
FROM unnest(ARRAY['10000000000000000', 'FFFFFFFFFFFFFFFG', 'FFFFFFFFFFFFFFFF', '8000000000000000', '7fffffffffffffff',
                  '000000000000000', ' 000000000000000', '0x00000000000000']) AS input;
SELECT input, hexadecimal_to_numeric(input) AS as_numeric
FROM unnest(ARRAY['0000000000000000000000000G', 'F0000000000000000000000000', 'f0000000000000000000000000',
                  'F0000000010000000000000000', '0000000000FFFFFFFFFFFFFFFF', '00204FCE5E3E2502610FFFFFFF',
                  '00204FCE5E3E2502611000000', '00204FCE5E3E25026110000000', '000000000000000000000000000']) AS input;
SELECT input, hexadecimal_to_uuid(input) AS as_uuid
FROM unnest(ARRAY['0000000003FD35EB6D797A91BE38F34E', '0000000003fd35eb6d797a91be38f34e', '0000000003FD35EB-6D797A91BE38F34',
                  '0000000003FD35EB6D797A91BE38F34', '0000000003FD35EB6D797A91BE38F34EE']) AS input;

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
