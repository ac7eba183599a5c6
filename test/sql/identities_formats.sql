-- identities_formats, the formats' catalog written from formats.tsv, and identities_column_format, through which
-- partitions by time and the floor above stored ids find a column's format: by its type when the type is a
-- format's own, else by the generator its DEFAULT calls (and that generator's type must be the column's).
SELECT format_name, title, id_type, generators, time_ordered, keeps_high_water_mark FROM identities_formats ORDER BY format_name;
-- every time-ordered format has its boundary and its timestamp, of its own type
SELECT f.format_name,
       to_regprocedure(f.format_name || '_boundary(timestamptz)') IS NOT NULL AS has_boundary,
       to_regprocedure(format('%s_extract_timestamp(%s)', f.format_name, f.id_type)) IS NOT NULL AS has_extract_timestamp
FROM identities_formats f WHERE f.time_ordered ORDER BY 1;
-- every generator named exists (core's uuidv7() only from PostgreSQL 18: left out here)
SELECT f.format_name, g AS generator FROM identities_formats f, unnest(f.generators) g
WHERE g NOT LIKE 'pg_catalog.%' AND NOT EXISTS (SELECT FROM pg_proc p WHERE p.proname = g) ORDER BY 1;

CREATE TABLE columns_of_every_kind (
	own_distributedid distributedid,
	own_iuid iuid DEFAULT iuid_generate(1, 2),
	own_siq siq,
	v7 uuid DEFAULT uuidv7_generate(),
	v7_in_expression uuid DEFAULT coalesce(NULL::uuid, uuidv7_generate()),
	id128 uuid DEFAULT distributedid128_generate(),
	hot uuid DEFAULT hotguid_generate(3),
	labelled uuid DEFAULT luuid_generate('person', 1),
	snowflake bigint DEFAULT snowflake_generate(),
	random_uuid uuid DEFAULT gen_random_uuid(),
	plain_bigint bigint,
	serial_bigint bigserial,
	snowflake_as_numeric numeric DEFAULT snowflake_generate(),  -- not the format's type: not its column
	dropped uuid DEFAULT uuidv7_generate()
);
ALTER TABLE columns_of_every_kind DROP COLUMN dropped;
SELECT a.attname AS column_name, identities_column_format('columns_of_every_kind', a.attname) AS format
FROM pg_attribute a WHERE a.attrelid = 'columns_of_every_kind'::regclass AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum;
SELECT identities_column_format('columns_of_every_kind', 'no_such_column') AS missing,
       identities_column_format('columns_of_every_kind', NULL) AS null_name;
-- under a search_path with a planted generator of the same name first, it finds the same
CREATE SCHEMA elsewhere;
CREATE FUNCTION elsewhere.uuidv7_generate() RETURNS uuid LANGUAGE sql AS 'SELECT gen_random_uuid()';
SET search_path = elsewhere, public;
SELECT public.identities_column_format('public.columns_of_every_kind', 'v7') AS v7,
       public.identities_column_format('public.columns_of_every_kind', 'own_siq') AS own_siq;
RESET search_path;
DROP SCHEMA elsewhere CASCADE;
DROP TABLE columns_of_every_kind;
-- identities_maintain_partitions names the formats that fit a key it cannot tell
CREATE TABLE unnamed_uuid (id uuid) PARTITION BY RANGE (id);
CREATE TABLE unnamed_bigint (id bigint) PARTITION BY RANGE (id);
CREATE TABLE unnamed_numeric (id numeric) PARTITION BY RANGE (id);
DO $$
DECLARE
	parent text;
	hint text;
BEGIN
	FOREACH parent IN ARRAY ARRAY['unnamed_uuid', 'unnamed_bigint', 'unnamed_numeric'] LOOP
		BEGIN
			PERFORM identities_maintain_partitions(parent::regclass, '1 day');
		EXCEPTION WHEN invalid_parameter_value THEN
			GET STACKED DIAGNOSTICS hint = PG_EXCEPTION_HINT;
			RAISE NOTICE '%: %', parent, hint;
		END;
	END LOOP;
END $$;
DROP TABLE unnamed_uuid, unnamed_bigint, unnamed_numeric;
