-- Our values in JSON: every type of ours is a JSON string holding its text form (JSON.parse and json.loads read it
-- exactly), through each of PostgreSQL's JSON builders; a Snowflake is a bigint, a JSON number past 2^53, and its
-- JSON-exact form is its text (test/integration/json_exact.sh reads all of them back in Node and Python).
CREATE TABLE json_values (n int, d distributedid, i iuid, s siq, sf bigint, u uuid);
INSERT INTO json_values VALUES
	(1, '0', '00000000-0000-8000-8000-000000000000', '0', 0, '00000000-0000-0000-0000-000000000000'),
	(2, '1127127523679087863971182442', '01a20942-04f9-8001-8086-1378e8435031', 'did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah', 1575903522824650752,
	    '0190163d-8694-739b-aea5-966c26f8ad91'),
	(3, '9999999999999999999999999999', 'ffffffff-ffff-8fff-bfff-ffffffffffff', 'ffffffffffffffffffffffffffff',
	    9223372036854775807, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
SELECT n, to_json(d) AS d, to_jsonb(i) AS i, to_json(s) AS s, to_jsonb(sf) AS sf, to_json(sf::text) AS sf_text
FROM json_values ORDER BY n;
SELECT row_to_json(v) FROM json_values v ORDER BY n;
SELECT json_agg(d ORDER BY n) AS d, jsonb_agg(s ORDER BY n) AS s, json_agg(i ORDER BY n) AS i FROM json_values;
SELECT json_build_object('d', d, 'i', i, 's', s, 'sf', sf::text) FROM json_values WHERE n = 2;
SELECT jsonb_build_object('d', d, 'i', i, 's', s, 'sf', sf::text) FROM json_values WHERE n = 2;
SELECT to_jsonb(v) FROM json_values v WHERE n = 3;
-- every value a JSON string, equal to the type's text form
SELECT count(*) AS strings_equal_to_text FROM json_values v,
	LATERAL jsonb_each(to_jsonb(v) - 'n' - 'sf') AS e(key, value)
WHERE jsonb_typeof(e.value) = 'string'
	AND e.value #>> '{}' = CASE e.key WHEN 'd' THEN d::text WHEN 'i' THEN i::text WHEN 's' THEN s::text ELSE u::text END;
-- and back: a JSON string reads as the type, through text
SELECT (j ->> 'd')::distributedid AS d, (j ->> 'i')::iuid AS i, (j ->> 's')::siq AS s, (j ->> 'sf')::bigint AS sf
FROM (SELECT jsonb_build_object('d', d, 'i', i, 's', s, 'sf', sf::text) AS j FROM json_values WHERE n = 3) AS t;
SELECT count(*) AS read_back FROM json_values v
WHERE (to_jsonb(v) ->> 'd')::distributedid = d AND (to_jsonb(v) ->> 'i')::iuid = i AND (to_jsonb(v) ->> 's')::siq = s;
-- jsonb_populate_record fills our columns from JSON strings
SELECT * FROM jsonb_populate_record(NULL::json_values,
	'{"n": 9, "d": "1127127523679087863971182442", "i": "01a20942-04f9-8001-8086-1378e8435031", "s": "did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah", "sf": "1575903522824650752"}');
DROP TABLE json_values;
