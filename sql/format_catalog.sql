--------------------------------------------------------------------------------------------------------------
-- the formats' catalog: what the functions that act on every format (partitions by time, the floor raised above
-- stored ids) know of each, written from formats.tsv (also run by upgrades)
--------------------------------------------------------------------------------------------------------------

CREATE VIEW identities_formats (format_name, title, id_type, generators, time_ordered, keeps_high_water_mark) AS
-- @format_catalog
COMMENT ON VIEW identities_formats IS 'the id formats of identities: the type each stores its ids in, the generators whose call in a column DEFAULT marks a column as the format''s, whether it is ordered by time (NAME_boundary, NAME_extract_timestamp) and keeps the high-water mark';
GRANT SELECT ON identities_formats TO PUBLIC;

-- A SQL-standard body: the view and the catalogs are bound when it is created, whatever the caller's search_path,
-- and follow the extension when it moves to another schema.
CREATE FUNCTION identities_column_format(relation regclass, column_name name) RETURNS text
LANGUAGE sql STABLE STRICT PARALLEL SAFE
BEGIN ATOMIC
	SELECT f.format_name
	FROM pg_catalog.pg_attribute AS a
	JOIN identities_formats AS f ON f.id_type OPERATOR(pg_catalog.=) a.atttypid
	LEFT JOIN pg_catalog.pg_attrdef AS d ON d.adrelid OPERATOR(pg_catalog.=) a.attrelid AND d.adnum OPERATOR(pg_catalog.=) a.attnum
	WHERE a.attrelid OPERATOR(pg_catalog.=) relation AND a.attname OPERATOR(pg_catalog.=) column_name AND NOT a.attisdropped
	  -- the format's own type (distributedid, iuid, siq): in the schema of the catalog, not pg_catalog's uuid or bigint
	  AND ((SELECT t.typnamespace FROM pg_catalog.pg_type AS t WHERE t.oid OPERATOR(pg_catalog.=) f.id_type)
	         OPERATOR(pg_catalog.=) (SELECT c.relnamespace FROM pg_catalog.pg_class AS c WHERE c.oid OPERATOR(pg_catalog.=) 'identities_formats'::pg_catalog.regclass)
	       -- or a DEFAULT calling one of its generators: the functions read from the stored expression by oid, since
	       -- PostgreSQL records no dependency on a core function such as pg_catalog.uuidv7()
	       OR EXISTS (SELECT FROM pg_catalog.pg_proc AS p JOIN pg_catalog.pg_namespace AS n ON n.oid OPERATOR(pg_catalog.=) p.pronamespace
	                  WHERE p.oid OPERATOR(pg_catalog.=) ANY (SELECT m[1]::pg_catalog.oid
	                                                          FROM pg_catalog.regexp_matches(d.adbin::pg_catalog.text, ':funcid ([0-9]+)', 'g') AS m)
	                    AND (p.proname::pg_catalog.text OPERATOR(pg_catalog.=) ANY (f.generators)
	                         AND p.pronamespace OPERATOR(pg_catalog.=) (SELECT c.relnamespace FROM pg_catalog.pg_class AS c WHERE c.oid OPERATOR(pg_catalog.=) 'identities_formats'::pg_catalog.regclass)
	                         OR (n.nspname::pg_catalog.text OPERATOR(pg_catalog.||) '.' OPERATOR(pg_catalog.||) p.proname::pg_catalog.text) OPERATOR(pg_catalog.=) ANY (f.generators))))
	ORDER BY f.format_name
	LIMIT 1;
END;
COMMENT ON FUNCTION identities_column_format(regclass, name) IS 'the format whose ids a column holds: its type''s when the type is a format''s own, else the format of the generator its DEFAULT calls (NULL for neither)';
