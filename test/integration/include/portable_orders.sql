-- An application's table on the portable edition (portable_update.sh, test/majors/portable.sh): every id type by
-- default, 1000 rows, a view of public ids, read and written by the role app. Run by the role that installed the
-- edition, with the schema for these objects first on the search_path and the edition's after it.
CREATE SEQUENCE person_key;
CREATE TABLE orders (
	id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
	id128 uuid DEFAULT distributedid128_generate(),
	ride iuid DEFAULT iuid_generate(42, 7),
	message siq UNIQUE DEFAULT siq_generate('message'),
	flake bigint UNIQUE DEFAULT snowflake_generate(),
	hot uuid DEFAULT hotguid_generate(17),
	person uuid DEFAULT luuid_generate('person', nextval('person_key')),
	v7 uuid DEFAULT uuidv7_generate(),
	n integer
);
CREATE INDEX orders_ride ON orders (ride);
CREATE VIEW public_orders AS SELECT to_alphanumeric(public_id(id)) AS public_id, n FROM orders;
INSERT INTO orders (n) SELECT g FROM generate_series(1, 1000) AS g;
GRANT SELECT, INSERT ON orders TO app;
GRANT SELECT ON public_orders TO app;
GRANT USAGE ON SEQUENCE person_key TO app;
