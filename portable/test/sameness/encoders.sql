-- Encoders (alphanumeric and hexadecimal): the portable edition against the native one
\set ON_ERROR_STOP on

-- the specification's vectors (Architect's own tests)
SELECT sameness.check('alphanumeric bigint vectors', count(*), array_agg(v::text)
		FILTER (WHERE portable.to_alphanumeric(v) <> expected OR native.to_alphanumeric(v) <> expected
			OR portable.alphanumeric_to_bigint(expected) <> v))
FROM (VALUES (0::bigint, '00000000000'), (1, '00000000001'), (61, '0000000000z'), (62, '00000000010'), (4294967296, '000004gfFC4'),
		(4294967297, '000004gfFC5'), (1234567890123456789, '1TCKi1nFuNh'), (9223372036854775807, 'AzL8n0Y58m7')) AS vectors (v, expected);
SELECT sameness.check('alphanumeric decimal vectors', count(*), array_agg(v::text)
		FILTER (WHERE portable.to_alphanumeric(v) <> expected OR native.to_alphanumeric(v) <> expected
			OR portable.alphanumeric_to_numeric(expected) <> v))
FROM (VALUES (0::numeric, '0000000000000000'), (1, '0000000000000001'), (61, '000000000000000z'), (62, '0000000000000010'),
		(4294967296, '00000000004gfFC4'), (447835050025542181830910637, '1drbWFYI4a3pLliX'),
		(9999999999999999999999999999, 'agbFu5KnEQGxp4QB')) AS vectors (v, expected);
SELECT sameness.check('alphanumeric uuid vectors', count(*), array_agg(v::text)
		FILTER (WHERE portable.to_alphanumeric(portable.numeric_to_distributedid128(v)) <> expected
			OR portable.distributedid128_to_numeric(portable.alphanumeric_to_uuid(expected)) <> v))
FROM (VALUES (0::numeric, '0000000000000000000000'), (61, '000000000000000000000z'), (18446744073709551615, '00000000000LygHa16AHYF'),
		(1234567890123456789012345678, '0000004WoWZ9OjHPSzq3Ju'), (22773757910726981403490738691264577813, '1TCKi1nFuNh1TCKi1nFuNh'),
		(340282366920938463463374607431768211455, 'LygHa16AHYFLygHa16AHYF')) AS vectors (v, expected);
SELECT sameness.check('hexadecimal vectors', count(*), array_agg(v::text)
		FILTER (WHERE portable.to_hexadecimal(v) <> expected OR portable.hexadecimal_to_numeric(expected) <> v))
FROM (VALUES (0::numeric, '00000000000000000000000000'), (10, '0000000000000000000000000A'), (4294967297, '00000000000000000100000001'),
		(447835050025542181830910637, '00017270C2B5280CE29739E2AD'), (9999999999999999999999999999, '00204FCE5E3E2502610FFFFFFF')) AS vectors (v, expected);

-- :samples random values of each input type, encoded and decoded
CREATE TEMP TABLE samples AS
SELECT (random() * 9223372036854775807)::bigint AS big, (random() * 2147483647)::integer AS small,
	floor(random() * 1e14)::numeric * 1e14 + floor(random() * 1e14)::numeric AS decimal, gen_random_uuid() AS u
FROM generate_series(1, :samples);
SELECT sameness.check('to_alphanumeric', count(*), array_agg(u::text)
		FILTER (WHERE native.to_alphanumeric(big) <> portable.to_alphanumeric(big) OR native.to_alphanumeric(small) <> portable.to_alphanumeric(small)
			OR native.to_alphanumeric(decimal) <> portable.to_alphanumeric(decimal)
			OR native.to_alphanumeric(decimal::native.distributedid) <> portable.to_alphanumeric(decimal::portable.distributedid)
			OR native.to_alphanumeric(u) <> portable.to_alphanumeric(u)))
FROM samples;
SELECT sameness.check('to_hexadecimal', count(*), array_agg(u::text)
		FILTER (WHERE native.to_hexadecimal(big) <> portable.to_hexadecimal(big) OR native.to_hexadecimal(small) <> portable.to_hexadecimal(small)
			OR native.to_hexadecimal(decimal) <> portable.to_hexadecimal(decimal)
			OR native.to_hexadecimal(decimal::native.distributedid) <> portable.to_hexadecimal(decimal::portable.distributedid)
			OR native.to_hexadecimal(u) <> portable.to_hexadecimal(u)))
FROM samples;
SELECT sameness.check('alphanumeric decoders', count(*), array_agg(u::text)
		FILTER (WHERE portable.alphanumeric_to_bigint(native.to_alphanumeric(big)) IS DISTINCT FROM big
			OR portable.alphanumeric_to_numeric(native.to_alphanumeric(decimal)) IS DISTINCT FROM decimal
			OR portable.alphanumeric_to_distributedid(native.to_alphanumeric(decimal)) IS DISTINCT FROM decimal
			OR portable.alphanumeric_to_uuid(native.to_alphanumeric(u)) IS DISTINCT FROM u))
FROM samples;
SELECT sameness.check('hexadecimal decoders', count(*), array_agg(u::text)
		FILTER (WHERE portable.hexadecimal_to_bigint(native.to_hexadecimal(big)) IS DISTINCT FROM big
			OR portable.hexadecimal_to_numeric(native.to_hexadecimal(decimal)) IS DISTINCT FROM decimal
			OR portable.hexadecimal_to_distributedid(lower(native.to_hexadecimal(decimal))) IS DISTINCT FROM decimal
			OR portable.hexadecimal_to_uuid(native.to_hexadecimal(u)) IS DISTINCT FROM u))
FROM samples;

-- :samples random texts of the encodings' lengths and alphabets (and a few foreign characters): decoded alike
CREATE TEMP TABLE texts AS
SELECT string_agg(substr('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz$-é', 1 + (random() * 64.3)::int, 1), '') AS t
FROM generate_series(1, :samples) AS n, LATERAL generate_series(1, (ARRAY[11, 16, 22, 26, 32, 10])[1 + n % 6] + (n * 0)) AS c
GROUP BY n;
SELECT sameness.check('decoders on random text', count(*), array_agg(t)
		FILTER (WHERE native.alphanumeric_to_bigint(t) IS DISTINCT FROM portable.alphanumeric_to_bigint(t)
			OR native.alphanumeric_to_numeric(t) IS DISTINCT FROM portable.alphanumeric_to_numeric(t)
			OR native.alphanumeric_to_distributedid(t)::numeric IS DISTINCT FROM portable.alphanumeric_to_distributedid(t)
			OR native.alphanumeric_to_uuid(t) IS DISTINCT FROM portable.alphanumeric_to_uuid(t)
			OR native.hexadecimal_to_bigint(t) IS DISTINCT FROM portable.hexadecimal_to_bigint(t)
			OR native.hexadecimal_to_numeric(t) IS DISTINCT FROM portable.hexadecimal_to_numeric(t)
			OR native.hexadecimal_to_uuid(t) IS DISTINCT FROM portable.hexadecimal_to_uuid(t)))
FROM texts;

-- edges: the non-canonical texts .NET's wrapping arithmetic accepts, out-of-range values, errors
SELECT sameness.same_outcomes('alphanumeric decoder edges', '%E.alphanumeric_to_bigint(%1)::text || ''/'' || coalesce(%E.alphanumeric_to_numeric(%1)::text, ''-'') || ''/'' || coalesce(%E.alphanumeric_to_uuid(%1)::text, ''-'')', ARRAY[
	'''LygHa16AHYG''', '''LygHa16AHYF''', '''AzL8n0Y58m7''', '''AzL8n0Y58m8''', '''00000LygHa16AHYG''', '''agbFu5KnEQGxp4QC''', '''zzzzzzzzzzzzzzzz''',
	'''zzzzzzzzzzzzzzzzzzzzzz''', '''LygHa16AHYFLygHa16AHYF''', '''1234567890$''', '''+1234567890''', '''000000000001''', '''''']);
SELECT sameness.same_outcomes('hexadecimal decoder edges', 'coalesce(%E.hexadecimal_to_bigint(%1)::text, ''-'') || ''/'' || coalesce(%E.hexadecimal_to_numeric(%1)::text, ''-'') || ''/'' || coalesce(%E.hexadecimal_to_uuid(%1)::text, ''-'')', ARRAY[
	'''FFFFFFFFFFFFFFFF''', '''7fffffffffffffff''', '''F0000000000000000000000000''', '''0000000000000000000000000G''', '''00204FCE5E3E2502610FFFFFFF''',
	'''00204FCE5E3E25026110000000''', '''0000000000FFFFFFFFFFFFFFFF''', '''10000000000000000''', '''ffffffffffffffffffffffffffffffff''', ''' 000000000000000000000000000000000 ''']);
SELECT sameness.same_outcomes('encoder errors', '%E.to_alphanumeric(%1) || %E.to_hexadecimal(%1)', ARRAY[
	'-1::bigint', '-1', '0', '2147483647', '9223372036854775807', '-1::numeric', '1.5', '1.0', '10000000000000000000000000000', '''NaN''::numeric']);
