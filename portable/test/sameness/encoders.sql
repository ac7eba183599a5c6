-- Encoders (alphanumeric and hexadecimal): the portable edition against the native one
\set ON_ERROR_STOP on

-- the known answers of test/vectors/encoders.tsv (Architect's own tests and more): each type's encoder and decoder; a
-- bigint row above bigint's range is a ulong: bigint cannot encode it and decodes its text to none
CREATE TEMP TABLE encoder_vectors AS
SELECT line, v->>'kind' AS kind, split_part(v->>'kind', '_', 1) AS encoding, v->>'type' AS type, v->>'value' AS value,
	v->>'text' AS text, CASE WHEN v->>'type' = 'bigint' THEN (v->>'value')::numeric > 9223372036854775807 ELSE false END AS ulong
FROM sameness.vectors_of('encoders');
SELECT sameness.check('encoder vectors', count(*), array_agg(format('%s %s(%s): native %s, portable %s, expected %s',
		sameness.at('encoders', line), call, type, native, portable, expected))
		FILTER (WHERE native IS DISTINCT FROM expected OR portable IS DISTINCT FROM expected))
FROM (
	-- encoding
	SELECT line, 'to_' || encoding AS call, type, text AS expected,
		CASE encoding || ' ' || type
			WHEN 'alphanumeric bigint' THEN native.to_alphanumeric(value::bigint)
			WHEN 'alphanumeric numeric' THEN native.to_alphanumeric(value::numeric)
			WHEN 'alphanumeric uuid' THEN native.to_alphanumeric(value::uuid)
			WHEN 'hexadecimal bigint' THEN native.to_hexadecimal(value::bigint)
			WHEN 'hexadecimal numeric' THEN native.to_hexadecimal(value::numeric)
			ELSE native.to_hexadecimal(value::uuid) END AS native,
		CASE encoding || ' ' || type
			WHEN 'alphanumeric bigint' THEN portable.to_alphanumeric(value::bigint)
			WHEN 'alphanumeric numeric' THEN portable.to_alphanumeric(value::numeric)
			WHEN 'alphanumeric uuid' THEN portable.to_alphanumeric(value::uuid)
			WHEN 'hexadecimal bigint' THEN portable.to_hexadecimal(value::bigint)
			WHEN 'hexadecimal numeric' THEN portable.to_hexadecimal(value::numeric)
			ELSE portable.to_hexadecimal(value::uuid) END AS portable
	FROM encoder_vectors WHERE kind IN ('alphanumeric', 'hexadecimal') AND NOT ulong
	UNION ALL
	-- decoding (hexadecimal: lowercase too)
	SELECT line, encoding || '_to_' || type, type, CASE WHEN NOT ulong THEN value END,
		CASE encoding || ' ' || type
			WHEN 'alphanumeric bigint' THEN native.alphanumeric_to_bigint(t)::text
			WHEN 'alphanumeric numeric' THEN native.alphanumeric_to_numeric(t)::text
			WHEN 'alphanumeric uuid' THEN native.alphanumeric_to_uuid(t)::text
			WHEN 'hexadecimal bigint' THEN native.hexadecimal_to_bigint(t)::text
			WHEN 'hexadecimal numeric' THEN native.hexadecimal_to_numeric(t)::text
			ELSE native.hexadecimal_to_uuid(t)::text END,
		CASE encoding || ' ' || type
			WHEN 'alphanumeric bigint' THEN portable.alphanumeric_to_bigint(t)::text
			WHEN 'alphanumeric numeric' THEN portable.alphanumeric_to_numeric(t)::text
			WHEN 'alphanumeric uuid' THEN portable.alphanumeric_to_uuid(t)::text
			WHEN 'hexadecimal bigint' THEN portable.hexadecimal_to_bigint(t)::text
			WHEN 'hexadecimal numeric' THEN portable.hexadecimal_to_numeric(t)::text
			ELSE portable.hexadecimal_to_uuid(t)::text END
	FROM encoder_vectors,
		LATERAL (SELECT text AS t UNION SELECT lower(text) WHERE kind = 'hexadecimal') AS texts
	) AS checked;
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
