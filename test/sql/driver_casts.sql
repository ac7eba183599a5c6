-- A driver's typed parameters fill our columns on assignment, as PREPAREd statements with typed parameters show
-- (psycopg sends a Python int as smallint, integer, bigint or numeric and a UUID as uuid; Npgsql a decimal as
-- numeric and a Guid as uuid); bad values keep their errors; operators never mix the types.
CREATE TABLE driver_values (n serial, d distributedid, i iuid, s siq);
PREPARE put_distributedid_smallint(smallint) AS INSERT INTO driver_values (d) VALUES ($1);
PREPARE put_distributedid_integer(integer) AS INSERT INTO driver_values (d) VALUES ($1);
PREPARE put_distributedid_bigint(bigint) AS INSERT INTO driver_values (d) VALUES ($1);
PREPARE put_distributedid_numeric(numeric) AS INSERT INTO driver_values (d) VALUES ($1);
PREPARE put_iuid(uuid) AS INSERT INTO driver_values (i) VALUES ($1);
PREPARE put_siq_smallint(smallint) AS INSERT INTO driver_values (s) VALUES ($1);
PREPARE put_siq_integer(integer) AS INSERT INTO driver_values (s) VALUES ($1);
PREPARE put_siq_bigint(bigint) AS INSERT INTO driver_values (s) VALUES ($1);
PREPARE put_siq_numeric(numeric) AS INSERT INTO driver_values (s) VALUES ($1);
EXECUTE put_distributedid_smallint(5);
EXECUTE put_distributedid_integer(70000);
EXECUTE put_distributedid_bigint(5000000000);
EXECUTE put_distributedid_numeric(1127127523679087863971182442);
EXECUTE put_iuid('01a20942-04f9-8001-8086-1378e8435031');
EXECUTE put_siq_smallint(7);
EXECUTE put_siq_integer(70000);
EXECUTE put_siq_bigint(5000000000);
EXECUTE put_siq_numeric(5192296858534827628530496329220095);
PREPARE set_siq(integer, bigint) AS UPDATE driver_values SET s = $2 WHERE n = $1;
EXECUTE set_siq(1, 42);
SELECT n, d, i, s FROM driver_values ORDER BY n;
-- the values a column refuses, with the errors of the explicit casts
EXECUTE put_distributedid_smallint(-1);
EXECUTE put_distributedid_numeric(10000000000000000000000000000);
EXECUTE put_iuid('6ba7b810-9dad-41d1-80b4-00c04fd430c8');
EXECUTE put_siq_smallint(-1);
EXECUTE put_siq_bigint(-5);
EXECUTE put_siq_numeric(5192296858534827628530496329220096);
EXECUTE put_siq_numeric(1.5);
-- reading back into the client's types
SELECT d::numeric AS d_numeric, i::uuid AS i_uuid, s::numeric AS s_numeric FROM driver_values WHERE n = 4 OR n = 5 OR n = 1 ORDER BY n;
-- a driver's base-type value compares with the column's type (test/sql/cross_type.sql); other types still do not
-- (42883; 19 words the message anew)
SELECT '01a20942-04f9-8001-8086-1378e8435031'::iuid = '01a20942-04f9-8001-8086-1378e8435031'::uuid;
SELECT 7::siq = 7::bigint;
SELECT 5::distributedid = 5::smallint;
\set VERBOSITY sqlstate
SELECT 7::siq = '7'::text;
SELECT '01a20942-04f9-8001-8086-1378e8435031'::iuid = '01a20942-04f9-8001-8086-1378e8435031'::text;
\set VERBOSITY default
DROP TABLE driver_values;
-- Text and varchar parameters (pgjdbc's setString binds varchar; JDBC sinks and data tools send text) fill every
-- column of ours in INSERT, UPDATE and INSERT ... ON CONFLICT, read by the type's input
CREATE TABLE text_values (d distributedid PRIMARY KEY, i iuid, s siq);
PREPARE put_varchar(varchar, varchar, varchar) AS INSERT INTO text_values VALUES ($1, $2, $3);
PREPARE put_text(text, text, text) AS INSERT INTO text_values VALUES ($1, $2, $3);
PREPARE set_text(text, varchar, text) AS UPDATE text_values SET i = $2, s = $3 WHERE d = $1::distributedid;
PREPARE upsert_varchar(varchar, varchar, varchar) AS
	INSERT INTO text_values VALUES ($1, $2, $3) ON CONFLICT (d) DO UPDATE SET i = EXCLUDED.i, s = $3;
EXECUTE put_varchar('1127127523679087863971182442', '01a20942-04f9-8001-8086-1378e8435031', '0000000000000000000000000007');
EXECUTE put_text(' 5 ', '01A20942-04F9-8001-8086-1378E8435031', 'did:siq:iuxvojaaf4c6s6aaaaaaaaaaaaaah');
EXECUTE set_text('5', '01a20942-04f9-8001-8086-1378e8435032', '000000000000000000000000002a');
EXECUTE upsert_varchar('1127127523679087863971182442', '01a20942-04f9-8001-8086-1378e8435033', '0000000000000000000000000008');
EXECUTE upsert_varchar('9999999999999999999999999999', '01a20942-04f9-8001-8086-1378e8435034', 'ffffffffffffffffffffffffffff');
SELECT d, i, s FROM text_values ORDER BY d;
-- bad text keeps the type's own errors
EXECUTE put_varchar('10000000000000000000000000000', NULL, NULL);
EXECUTE put_text('12a', NULL, NULL);
EXECUTE put_text('6', '6ba7b810-9dad-41d1-80b4-00c04fd430c8', NULL);
EXECUTE put_varchar('7', NULL, 'xyz');
EXECUTE upsert_varchar('-1', NULL, NULL);
-- text still does not compare with our types, nor pick an overload (assignment casts only)
\set VERBOSITY sqlstate
SELECT d = '5'::varchar FROM text_values;
SELECT to_alphanumeric('5'::text);
\set VERBOSITY default
DROP TABLE text_values;
