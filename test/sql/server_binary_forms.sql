-- distributedid and siq send and receive numeric's binary form (issue 39): a reader that decodes their binary
-- form as numeric, the type they are numbers of, reads the true value, and a numeric's binary form is taken back.
-- Binary COPY through files the server writes (into results/): run on the test command's throwaway servers.
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql
\getenv abs_builddir PG_ABS_BUILDDIR
\set copy_file :abs_builddir '/results/binary_forms.bin'

-- The edge values, at dscale 0 (numeric(40,0)).
CREATE TABLE edges (label text, value numeric(40,0));
INSERT INTO edges VALUES ('0', 0), ('1', 1), ('7', 7), ('9999', 9999), ('10000', 10000), ('10001', 10001),
	('10^8', 100000000), ('2^63-1', 9223372036854775807), ('2^64', 18446744073709551616), ('10^24', 10::numeric ^ 24),
	('an id', 1065896647567317033105227776), ('10^28-1', 10::numeric ^ 28 - 1), ('2^93-1', 2::numeric ^ 93 - 1),
	('2^96-1', 2::numeric ^ 96 - 1), ('2^112-1', 2::numeric ^ 112 - 1);

-- send: exactly numeric_send's bytes of the same value
SELECT label, distributedid_send(value::distributedid) = numeric_send(value) AS distributedid_as_numeric,
	siq_send(value::siq) = numeric_send(value) AS siq_as_numeric
FROM edges WHERE value < 10::numeric ^ 28 ORDER BY value;
SELECT label, siq_send(value::siq) = numeric_send(value) AS siq_as_numeric FROM edges WHERE value >= 10::numeric ^ 28
ORDER BY value;
SELECT distributedid_send('7'), siq_send('7'), numeric_send(7);

-- binary COPY out of distributedid and siq columns, read back by numeric(28,0) and numeric columns
CREATE TABLE ids (label text, d distributedid, s siq);
INSERT INTO ids SELECT label, CASE WHEN value < 10::numeric ^ 28 THEN value::distributedid END, value::siq FROM edges;
INSERT INTO ids VALUES ('null', NULL, NULL);
COPY ids TO :'copy_file' (FORMAT binary);
CREATE TABLE numbers (label text, d numeric(28,0), s numeric);
COPY numbers FROM :'copy_file' (FORMAT binary);
SELECT n.label, n.d, n.s, n.d IS NOT DISTINCT FROM i.d::numeric AND n.s IS NOT DISTINCT FROM i.s::numeric AS same
FROM numbers n JOIN ids i USING (label) ORDER BY n.s NULLS LAST;

-- and the other way: a numeric column's binary COPY into distributedid and siq columns
TRUNCATE ids;
COPY numbers TO :'copy_file' (FORMAT binary);
COPY ids FROM :'copy_file' (FORMAT binary);
SELECT i.label, i.d, i.s, i.d::numeric IS NOT DISTINCT FROM n.d AND i.s::numeric IS NOT DISTINCT FROM n.s AS same
FROM ids i JOIN numbers n USING (label) ORDER BY i.s NULLS LAST;

-- any numeric form of an integer is taken: a dscale above 0 (7.00), trailing zero digits after the point
CREATE TABLE decimals (d numeric, s numeric);
INSERT INTO decimals VALUES (7.00, 7.00), (10000.0000, 10000.0000), (9999999999999999999999999999.000, 1.0),
	(0.000, 0.00000);
COPY decimals TO :'copy_file' (FORMAT binary);
CREATE TABLE received (d distributedid, s siq);
COPY received FROM :'copy_file' (FORMAT binary);
SELECT d, s::numeric FROM received ORDER BY d;
DROP TABLE received;

-- refused: a fraction, a negative value, NaN, the infinities (22003, as the numeric casts refuse them), and a value
-- one past the type's range, written by a numeric column
CREATE FUNCTION pg_temp.received_as(type_name text, value numeric, copy_file text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	outcome text;
BEGIN
	EXECUTE format('COPY (SELECT %L::numeric) TO %L (FORMAT binary)', value, copy_file);
	EXECUTE format('CREATE TEMP TABLE receiver (id %s)', type_name);
	outcome := pg_temp.error_of(format('COPY receiver FROM %L (FORMAT binary)', copy_file));
	IF outcome = 'no error' THEN
		EXECUTE 'SELECT ''no error: '' || id::numeric FROM pg_temp.receiver' INTO outcome;
	END IF;
	DROP TABLE pg_temp.receiver;
	RETURN outcome;
END $$;
CREATE TABLE refused (value numeric);
INSERT INTO refused VALUES (-1), (1.5), (0.0001), (-0.5), (-0.0), ('NaN'), ('Infinity'), ('-Infinity'),
	(trunc(10::numeric ^ 28 - 1)), (trunc(10::numeric ^ 28)), (trunc(2::numeric ^ 112 - 1)), (trunc(2::numeric ^ 112));
SELECT value, pg_temp.received_as('distributedid', value, :'copy_file') AS distributedid FROM refused ORDER BY value;
SELECT value, pg_temp.received_as('siq', value, :'copy_file') AS siq FROM refused ORDER BY value;

-- malformed forms (written as bytea, whose binary form is its bytes): 22P03
CREATE TABLE malformed (label text, form bytea);
INSERT INTO malformed VALUES
	('no header', '\x000100'),
	('ndigits 2, one digit sent', '\x00020000000000000007'),
	('ndigits 1, two digits sent', '\x000100000000000000070007'),
	('a digit above 9999', '\x00010000000000002710'),
	('sign 0x8000', '\x00010000800000000007'),
	('dscale above 0x3FFF', '\x00010000000040000007'),
	('the 12 raw bytes of 0.1.0', '\x0000000000000000000000ff'),
	('the 14 raw bytes of 0.1.0', '\x5e0bd2f0000000000000000007ff');
-- (the SQLSTATE, and the detail that says what is wrong)
CREATE FUNCTION pg_temp.form_received_as(type_name text, form bytea, copy_file text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	outcome text := 'no error';
	detail text;
BEGIN
	EXECUTE format('COPY (SELECT %L::bytea) TO %L (FORMAT binary)', form, copy_file);
	EXECUTE format('CREATE TEMP TABLE form_receiver (id %s)', type_name);
	BEGIN
		EXECUTE format('COPY form_receiver FROM %L (FORMAT binary)', copy_file);
	EXCEPTION WHEN OTHERS THEN
		GET STACKED DIAGNOSTICS detail = PG_EXCEPTION_DETAIL;
		outcome := SQLSTATE || ': ' || SQLERRM || ' (' || detail || ')';
	END;
	DROP TABLE pg_temp.form_receiver;
	RETURN outcome;
END $$;
SELECT label, pg_temp.form_received_as('distributedid', form, :'copy_file') AS distributedid
FROM malformed ORDER BY label;
SELECT label, pg_temp.form_received_as('siq', form, :'copy_file') AS siq
FROM malformed WHERE label LIKE 'the 1_ raw bytes%' ORDER BY label;

-- arrays round trip, and read as numeric[] they read the true values too (array_recv receives each element with
-- the column's element type)
CREATE TABLE id_arrays (d distributedid[], s siq[]);
INSERT INTO id_arrays VALUES (ARRAY['7', '1065896647567317033105227776', NULL]::distributedid[],
	ARRAY['7', 'ffffffffffffffffffffffffffff']::siq[]);
COPY id_arrays TO :'copy_file' (FORMAT binary);
CREATE TABLE id_arrays_back (d distributedid[], s siq[]);
COPY id_arrays_back FROM :'copy_file' (FORMAT binary);
SELECT * FROM id_arrays_back;
CREATE TABLE numeric_arrays (d numeric[], s numeric[]);
COPY numeric_arrays FROM :'copy_file' (FORMAT binary);
SELECT * FROM numeric_arrays;

DROP TABLE edges, ids, numbers, decimals, refused, malformed, id_arrays, id_arrays_back, numeric_arrays;
