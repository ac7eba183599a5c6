-- What drivers send for our types (a numeric for distributedid and siq, a uuid for iuid; an integer reaches numeric
-- by PostgreSQL's own implicit cast) compares with them as the typed value would, and uses the index: the
-- cross-type operators in the btree families (sql/templates/cross_type.sql.in).

-- 1. The same answer as comparing as numbers (or as uuids), for every operator both ways, around the edges: zero,
--    fractions, negative values, integral values written with a scale, the type's maximum and one past it, the
--    infinities and NaN (numeric sorts NaN above every number).
CREATE TEMP TABLE numerics (n numeric);
INSERT INTO numerics VALUES ('-Infinity'), (-1), (-0.5), (0), (0.5), (1), (1.0), (1.5), (2), (9999999999999999999999999998.5),
	(9999999999999999999999999999), (10000000000000000000000000000), (5192296858534827628530496329220095),
	(5192296858534827628530496329220096), ('Infinity'), ('NaN');
CREATE TEMP TABLE compared AS
SELECT 'distributedid' AS type, d::numeric AS id, n,
	ARRAY[d = n, d <> n, d < n, d <= n, d > n, d >= n, n = d, n <> d, n < d, n <= d, n > d, n >= d] AS answers,
	distributedid_numeric_cmp(d, n) AS cmp, numeric_distributedid_cmp(n, d) AS cmp_reversed
FROM (VALUES ('0'::distributedid), ('1'), ('2'), ('9999999999999999999999999999')) AS ids(d), numerics
UNION ALL
SELECT 'siq', s::numeric, n,
	ARRAY[s = n, s <> n, s < n, s <= n, s > n, s >= n, n = s, n <> s, n < s, n <= s, n > s, n >= s],
	siq_numeric_cmp(s, n), numeric_siq_cmp(n, s)
FROM (VALUES (0::siq), (1::siq), (2::siq), (5192296858534827628530496329220095::siq)) AS ids(s), numerics;
SELECT type, count(*) AS pairs, count(*) FILTER (WHERE answers = ARRAY[id = n, id <> n, id < n, id <= n, id > n, id >= n,
		n = id, n <> id, n < id, n <= id, n > id, n >= id]
	AND cmp = sign(numeric_cmp(id, n)) AND cmp_reversed = -cmp) AS as_numbers
FROM compared GROUP BY type ORDER BY type;
SELECT type, count(*) FILTER (WHERE answers[1]) AS equal, count(*) FILTER (WHERE answers[3]) AS less
FROM compared GROUP BY type ORDER BY type;

CREATE TEMP TABLE uuids (u uuid);
INSERT INTO uuids VALUES ('00000000-0000-0000-0000-000000000000'), ('01a20942-04f9-8001-8086-1378e8435031'),
	('01a20942-04f9-8001-8086-1378e8435032'), ('6ba7b810-9dad-41d1-80b4-00c04fd430c8'), ('ffffffff-ffff-ffff-ffff-ffffffffffff');
SELECT count(*) AS pairs, count(*) FILTER (WHERE
	ARRAY[i = u, i <> u, i < u, i <= u, i > u, i >= u, u = i, u <> i, u < i, u <= i, u > i, u >= i] =
	ARRAY[i::uuid = u, i::uuid <> u, i::uuid < u, i::uuid <= u, i::uuid > u, i::uuid >= u,
		u = i::uuid, u <> i::uuid, u < i::uuid, u <= i::uuid, u > i::uuid, u >= i::uuid]
	AND iuid_uuid_cmp(i, u) = sign(uuid_cmp(i::uuid, u)) AND uuid_iuid_cmp(u, i) = sign(uuid_cmp(u, i::uuid))) AS as_uuids
FROM (VALUES ('01a20942-04f9-8001-8086-1378e8435031'::iuid), ('01a20942-04f9-8fff-bfff-ffffffffffff')) AS ids(i), uuids;

-- 2. Resolution: an unknown literal is still the type's own (a malformed one is refused, not compared), an integer
--    goes through numeric; types that are not the base type still have no operator.
SELECT 5::distributedid = '5', 5::distributedid = 5, 5::distributedid = 5::bigint, 5::distributedid = 5::smallint,
	7::siq = 7::bigint, 5::distributedid IN (1, 5.0);
\set VERBOSITY sqlstate
SELECT 5::distributedid = '5.5';
SELECT 5::distributedid = '5'::text;
SELECT 5::distributedid = '01a20942-04f9-8001-8086-1378e8435031'::uuid;
\set VERBOSITY default

-- 3. Plans as a driver's parameters make them: prepared with the driver's type, custom and generic plans alike.
CREATE TABLE orders (id distributedid PRIMARY KEY, note text);
INSERT INTO orders SELECT g, 'order ' || g FROM generate_series(1, 10000) AS g;
CREATE TABLE rides (id iuid PRIMARY KEY);
INSERT INTO rides SELECT ('01a20942-04f9-8' || lpad(to_hex(g), 3, '0') || '-8086-1378e8435031')::iuid
FROM generate_series(0, 4000) AS g;
CREATE TABLE messages (id siq PRIMARY KEY);
INSERT INTO messages SELECT g::numeric * 1000000000000 FROM generate_series(1, 5000) AS g;
ANALYZE orders, rides, messages;
PREPARE order_by_numeric(numeric) AS SELECT id FROM orders WHERE id = $1;
PREPARE order_by_bigint(bigint) AS SELECT id FROM orders WHERE id = $1;
PREPARE orders_in_numeric_array(numeric[]) AS SELECT id FROM orders WHERE id = ANY ($1) ORDER BY id;
PREPARE orders_below_any(numeric[]) AS SELECT count(*) FROM orders WHERE id < ANY ($1);
PREPARE orders_in_list(numeric, numeric) AS SELECT id FROM orders WHERE id IN ($1, $2) ORDER BY id;
PREPARE orders_between(numeric, numeric) AS SELECT count(*) FROM orders WHERE id >= $1 AND id < $2;
PREPARE ride_by_uuid(uuid) AS SELECT id FROM rides WHERE id = $1;
PREPARE rides_in_uuid_array(uuid[]) AS SELECT id FROM rides WHERE id = ANY ($1) ORDER BY id;
PREPARE message_by_numeric(numeric) AS SELECT id FROM messages WHERE id = $1;
SET plan_cache_mode = force_custom_plan;
EXPLAIN (COSTS OFF) EXECUTE order_by_numeric(42);
EXPLAIN (COSTS OFF) EXECUTE order_by_bigint(42);
EXPLAIN (COSTS OFF) EXECUTE orders_in_numeric_array('{7, 7.5, 9}');
EXPLAIN (COSTS OFF) EXECUTE orders_below_any('{3, 2.5}');
EXPLAIN (COSTS OFF) EXECUTE orders_between(100, 200.5);
EXPLAIN (COSTS OFF) EXECUTE ride_by_uuid('01a20942-04f9-8005-8086-1378e8435031');
EXPLAIN (COSTS OFF) EXECUTE message_by_numeric(5000000000000);
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE order_by_numeric(42);
EXPLAIN (COSTS OFF) EXECUTE orders_in_numeric_array('{7, 7.5, 9}');
EXPLAIN (COSTS OFF) EXECUTE rides_in_uuid_array('{01a20942-04f9-8005-8086-1378e8435031}');
RESET plan_cache_mode;

-- 4. The same rows as the typed form; a value the type cannot hold finds nothing and raises nothing.
EXECUTE order_by_numeric(42);
EXECUTE order_by_numeric(42.5);
EXECUTE order_by_numeric(-42);
EXECUTE order_by_numeric('NaN');
EXECUTE order_by_bigint(43);
EXECUTE orders_in_numeric_array('{7, 7.5, 9, -1, 10000000000000000000000000000}');
EXECUTE orders_below_any('{3, 2.5}');
EXECUTE orders_in_list(3, 4);
EXECUTE orders_between(100, 200.5);
SELECT count(*) FROM orders WHERE id >= 100::distributedid AND id < 201::distributedid;
EXECUTE ride_by_uuid('01a20942-04f9-8005-8086-1378e8435031');
EXECUTE ride_by_uuid('6ba7b810-9dad-41d1-80b4-00c04fd430c8');
EXECUTE rides_in_uuid_array('{01a20942-04f9-8005-8086-1378e8435031, 6ba7b810-9dad-41d1-80b4-00c04fd430c8}');
EXECUTE message_by_numeric(5000000000000);
EXECUTE message_by_numeric(5000000000000.5);
SELECT id FROM orders WHERE id > 9998 ORDER BY id;

-- 5. Joins with a table of numerics: the rows of the typed join, through the primary key.
CREATE TEMP TABLE wanted (n numeric);
INSERT INTO wanted VALUES (5), (6.5), (7), (-1);
ANALYZE wanted;
EXPLAIN (COSTS OFF) SELECT o.id FROM wanted JOIN orders o ON o.id = wanted.n;
SELECT o.id FROM wanted JOIN orders o ON o.id = wanted.n ORDER BY o.id;

-- 6. Partitions by id prune on numeric bounds, at plan time and at run time.
CREATE TABLE events (id distributedid PRIMARY KEY) PARTITION BY RANGE (id);
CREATE TABLE events_low PARTITION OF events FOR VALUES FROM (MINVALUE) TO ('1000');
CREATE TABLE events_high PARTITION OF events FOR VALUES FROM ('1000') TO (MAXVALUE);
INSERT INTO events SELECT g FROM generate_series(1, 2000) AS g;
PREPARE events_between(numeric, numeric) AS SELECT count(*) FROM events WHERE id >= $1 AND id < $2;
SET plan_cache_mode = force_custom_plan;
EXPLAIN (COSTS OFF) EXECUTE events_between(10, 20);
SET plan_cache_mode = force_generic_plan;
EXPLAIN (COSTS OFF) EXECUTE events_between(10, 20);
EXECUTE events_between(10, 20);
RESET plan_cache_mode;

-- 7. The families stay valid (amvalidate says nothing), and numeric's own queries keep numeric's family.
SELECT opcname, amvalidate(oid) FROM pg_opclass
WHERE opcname IN ('distributedid_ops', 'siq_ops', 'iuid_ops') AND opcmethod = (SELECT oid FROM pg_am WHERE amname = 'btree')
ORDER BY opcname;
CREATE TABLE amounts (n numeric PRIMARY KEY);
CREATE TABLE other_amounts (n numeric PRIMARY KEY);
INSERT INTO amounts SELECT g FROM generate_series(1, 1000) AS g;
INSERT INTO other_amounts SELECT g FROM generate_series(1, 1000, 2) AS g;
ANALYZE amounts, other_amounts;
EXPLAIN (COSTS OFF) SELECT n FROM amounts ORDER BY n LIMIT 1;
SET enable_hashjoin = off;
SET enable_nestloop = off;
EXPLAIN (COSTS OFF) SELECT count(*) FROM amounts JOIN other_amounts USING (n);
SELECT count(*) FROM amounts JOIN other_amounts USING (n);
RESET enable_hashjoin;
RESET enable_nestloop;

DROP TABLE orders, rides, messages, events, amounts, other_amounts;
