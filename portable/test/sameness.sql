-- The sameness harness: functions the files of portable/test/sameness/ call to compare the editions. Installed by
-- test/integration/portable_sameness.sh in the schema sameness of a database where the native edition lives in the
-- schema native and the portable one in the schema portable.
CREATE SCHEMA sameness;

-- What a query of one value gives: its text, NULL, or the error's SQLSTATE (a message may differ, the code may not).
CREATE FUNCTION sameness.outcome(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	result text;
BEGIN
	EXECUTE query INTO result;
	RETURN coalesce(result, 'NULL');
EXCEPTION WHEN OTHERS THEN
	RETURN 'ERROR ' || SQLSTATE;
END
$$;

-- Raises, naming the check and its first differences, unless every row was the same; else reports the count.
CREATE FUNCTION sameness.check(label text, compared bigint, differences text[]) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce(cardinality(differences), 0) > 0 THEN
		RAISE EXCEPTION '%: % of % differ, first: %', label, cardinality(differences), compared,
			array_to_string(differences[1:5], ' | ');
	END IF;
	IF compared = 0 THEN
		RAISE EXCEPTION '%: nothing compared', label;
	END IF;
	RETURN format('%s: %s the same', label, compared);
END
$$;

-- PROBE (sameness.outcome or sameness.error_of) of native.FUNCTION(input) and of portable.FUNCTION(input) for each
-- input (a SQL expression, e.g. '''2020-01-01Z''::timestamptz'), compared.
CREATE FUNCTION sameness.same_by(probe text, label text, call text, inputs text[]) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	input text;
	native text;
	portable text;
	differences text[] := '{}';
BEGIN
	FOREACH input IN ARRAY inputs LOOP
		EXECUTE format('SELECT %s($1)', probe) INTO native
			USING 'SELECT (' || replace(replace(call, '%1', input), '%E', 'native') || ')::text';
		EXECUTE format('SELECT %s($1)', probe) INTO portable
			USING 'SELECT (' || replace(replace(call, '%1', input), '%E', 'portable') || ')::text';
		IF native IS DISTINCT FROM portable THEN
			differences := differences || format('%s: native %s, portable %s', input, native, portable);
		END IF;
	END LOOP;
	RETURN sameness.check(label, cardinality(inputs), differences);
END
$$;

-- The outcomes (result, NULL or SQLSTATE) of both editions' calls compared: for edge inputs and errors.
CREATE FUNCTION sameness.same_outcomes(label text, call text, inputs text[]) RETURNS text LANGUAGE sql
	RETURN sameness.same_by('sameness.outcome', label, call, inputs);

-- The error a query raises, in full: its SQLSTATE, message, detail and hint; 'no error' when it raises none.
CREATE FUNCTION sameness.error_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	message text;
	detail text;
	hint text;
BEGIN
	EXECUTE query;
	RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
	GET STACKED DIAGNOSTICS message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL, hint = PG_EXCEPTION_HINT;
	RETURN format('ERROR %s: %s (detail: %s; hint: %s)', SQLSTATE, message, coalesce(detail, ''), coalesce(hint, ''));
END
$$;

-- The errors of both editions' calls compared in full (message, detail and hint too): for functions whose errors
-- the portable edition words as the native one does. Results are not compared (a random id differs); that either
-- raises no error is.
CREATE FUNCTION sameness.same_errors(label text, call text, inputs text[]) RETURNS text LANGUAGE sql
	RETURN sameness.same_by('sameness.error_of', label, call, inputs);

-- The catalog labels of a function in both editions, overload by overload (matched by their number of arguments):
-- argument names, volatility, strictness and parallel safety. portable_parallel, when given, is what the portable
-- edition says of parallel safety instead of the native one (doc/portable.md: a VOLATILE PL/pgSQL function that
-- draws random bits is PARALLEL UNSAFE there).
CREATE FUNCTION sameness.same_labels(function_name name, portable_parallel "char" DEFAULT NULL) RETURNS text LANGUAGE sql AS $$
	SELECT sameness.check(function_name || ' labels', count(*), array_agg(format('%s/%s: native %s, portable %s', function_name,
			pronargs, concat_ws(' ', n.proargnames, n.provolatile, n.proisstrict, n.proparallel),
			concat_ws(' ', p.proargnames, p.provolatile, p.proisstrict, p.proparallel)))
		FILTER (WHERE (n.proargnames, n.provolatile, n.proisstrict, coalesce(portable_parallel, n.proparallel))
			IS DISTINCT FROM (p.proargnames, p.provolatile, p.proisstrict, p.proparallel)))
	FROM (SELECT * FROM pg_catalog.pg_proc WHERE pronamespace = 'native'::regnamespace AND proname = function_name) AS n
	FULL JOIN (SELECT * FROM pg_catalog.pg_proc WHERE pronamespace = 'portable'::regnamespace AND proname = function_name) AS p
		USING (pronargs)
$$;

-- The known answers of test/vectors/*.tsv (test/vectors/README.md), loaded by test/integration/portable_sameness.sh:
-- one row per case, its file's name, its line and its fields by column name (an empty field is NULL).
CREATE TABLE sameness.vectors (file text NOT NULL, line integer NOT NULL, v jsonb NOT NULL);

-- The rows of a vectors file's text: sameness.vector_rows(content), shared with the regression test vectors
-- (test/integration/portable_sameness.sh passes the file's path).
\set vector_schema sameness
\i :vector_rows_sql

-- The rows of one file (and kind), for the checks: SELECT ... FROM sameness.vectors_of('siq', 'forms').
CREATE FUNCTION sameness.vectors_of(file_name text, kind text DEFAULT NULL) RETURNS TABLE (line integer, v jsonb)
LANGUAGE sql STABLE AS $$
	SELECT line, v FROM sameness.vectors WHERE file = file_name AND (kind IS NULL OR v->>'kind' = kind) ORDER BY line
$$;

-- The label of a vectors check: "FILE.tsv:LINE".
CREATE FUNCTION sameness.at(file_name text, line integer) RETURNS text LANGUAGE sql IMMUTABLE
	RETURN file_name || '.tsv:' || line;

-- The text a query gives with key (base64) as the public id key of both editions (it stays their key).
CREATE FUNCTION sameness.under_public_key(key text, query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	result text;
BEGIN
	PERFORM portable.identities_public_key_set(key);
	PERFORM set_config('identities.public_key', key, false);
	EXECUTE query INTO result;
	RETURN result;
END
$$;
