-- vector_rows(content): the rows of a test/vectors file's text (test/vectors/README.md), its line number and its
-- fields by column name (an empty field is NULL); in the schema :vector_schema (pg_temp for the regression test
-- vectors, sameness for test/integration/portable_sameness.sh).
CREATE FUNCTION :vector_schema.vector_rows(content text) RETURNS TABLE (line integer, v jsonb) LANGUAGE plpgsql AS $$
DECLARE
	header text[];
	fields text[];
	number integer := 0;
	text_line text;
BEGIN
	FOREACH text_line IN ARRAY string_to_array(content, E'\n') LOOP
		number := number + 1;
		CONTINUE WHEN text_line = '' OR text_line LIKE '#%';
		fields := string_to_array(text_line, E'\t');
		IF header IS NULL THEN
			header := fields;
			CONTINUE;
		END IF;
		IF cardinality(fields) <> cardinality(header) THEN
			RAISE EXCEPTION 'line %: % fields, the header has %', number, cardinality(fields), cardinality(header);
		END IF;
		line := number;
		SELECT jsonb_object_agg(header[i], nullif(fields[i], '')) INTO v FROM generate_subscripts(header, 1) AS i;
		RETURN NEXT;
	END LOOP;
END $$;
