--------------------------------------------------------------------------------------------------------------
-- the high-water mark carried to another server: after pg_upgrade, a dump restored or a logical replica
-- switched over, the new server's generators start above every id the old one issued (also run by upgrades)
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION identities_high_water_mark() RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL SAFE;
COMMENT ON FUNCTION identities_high_water_mark() IS 'an instant every id this server''s generators issued lies below (NULL without identities preloaded or before the first id): what identities_raise_floor takes on the server that follows';

CREATE FUNCTION identities_raise_floor(after timestamptz) RETURNS timestamptz
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE STRICT PARALLEL UNSAFE;
COMMENT ON FUNCTION identities_raise_floor(timestamptz) IS 'makes every Snowflake, SIQ, iUID, UUIDv7 and HotGuid this server generates from now on embed an instant after the given one, whatever its clock says, durably; returns the floor in force';
REVOKE ALL ON FUNCTION identities_raise_floor(timestamptz) FROM PUBLIC;

CREATE FUNCTION identities_raise_floor_above_ids(tables regclass[] DEFAULT NULL) RETURNS timestamptz
LANGUAGE plpgsql VOLATILE PARALLEL UNSAFE
SET search_path = pg_catalog, pg_temp  -- whatever the caller's holds; the extension's names are written qualified
AS $$
DECLARE
	extension_schema name := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'identities');
	id_column record;
	newest timestamptz;
	latest timestamptz;
BEGIN
	-- Every column whose ids keep the mark (identities_formats.keeps_high_water_mark): an iuid, siq or ulid column, a
	-- bigint column whose DEFAULT generates Snowflakes, a uuid column whose DEFAULT generates UUIDv7s or HotGuids
	-- (identities_column_format). Without tables, every table of the database but partitions (their parent reads
	-- them), foreign tables (another server issued those ids) and temporary tables (another session's cannot be
	-- read; none outlives its server).
	FOR id_column IN
		EXECUTE format('SELECT c.oid::regclass AS relation, a.attname AS name, f.format_name AS format,
		                       type_namespace.nspname AS type_schema
		                FROM pg_class c
		                JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
		                JOIN %1$I.identities_formats f ON f.id_type = a.atttypid AND f.keeps_high_water_mark
		                JOIN pg_type t ON t.oid = f.id_type
		                JOIN pg_namespace type_namespace ON type_namespace.oid = t.typnamespace
		                WHERE CASE WHEN $1 IS NULL
		                           THEN c.relkind IN (''r'', ''p'', ''m'') AND NOT c.relispartition AND c.relpersistence <> ''t''
		                                AND c.relnamespace NOT IN (''pg_catalog''::regnamespace, ''information_schema''::regnamespace)
		                           ELSE c.oid = ANY ($1) END
		                  AND f.format_name = %1$I.identities_column_format(c.oid, a.attname)
		                ORDER BY c.oid, a.attnum', extension_schema)
		USING tables
	LOOP
		-- The newest id is the largest (the type's own order, an index's when there is one), but a HotGuid's
		-- seconds are not where it sorts. An id dated more than a day ahead of the clock (a sentinel, a value
		-- typed in) came from no generator: skipped, as identities_raise_floor would refuse it.
		EXECUTE CASE id_column.format
		          WHEN 'hotguid' THEN format('SELECT max(%1$I.hotguid_extract_timestamp(%2$I)) FROM %3$s
		                                      WHERE %1$I.hotguid_extract_timestamp(%2$I) < $1',
		                                     extension_schema, id_column.name, id_column.relation)
		          ELSE format('SELECT %1$I.%2$I(%3$I) FROM %4$s WHERE %3$I OPERATOR(%6$I.<) %1$I.%5$I($1)%7$s ORDER BY %3$I DESC LIMIT 1',
		                      extension_schema, id_column.format || '_extract_timestamp', id_column.name,
		                      id_column.relation, id_column.format || '_boundary',
		                      id_column.type_schema,  -- the type's own < (the extension's for its types, pg_catalog's for uuid)
		                      -- a uuid column that had v4 keys before its UUIDv7 DEFAULT: a v4 embeds no instant
		                      CASE WHEN id_column.format = 'uuidv7' THEN format(' AND pg_catalog.substr(%I::text, 15, 1) = ''7''', id_column.name) ELSE '' END)
		        END
		INTO newest USING now() + interval '1 day';
		latest := greatest(latest, newest);
	END LOOP;
	IF latest IS NULL THEN
		RETURN NULL;
	END IF;
	EXECUTE format('SELECT %I.identities_raise_floor($1)', extension_schema) INTO latest USING latest;
	RETURN latest;
END $$;
COMMENT ON FUNCTION identities_raise_floor_above_ids(regclass[]) IS 'raises the floor after the newest Snowflake, SIQ, iUID, ULID, UUIDv7 or HotGuid stored in the given tables (by default every table of the database); returns the floor in force, NULL when no such id was found';
REVOKE ALL ON FUNCTION identities_raise_floor_above_ids(regclass[]) FROM PUBLIC;
