--------------------------------------------------------------------------------------------------------------
-- partitions by time that maintain themselves
--------------------------------------------------------------------------------------------------------------

-- Creates the RANGE partitions of a table partitioned by a time-ordered id (bounds from the format's
-- *_boundary) or by an extracted timestamp, from the current step to premake steps ahead, and drops those
-- entirely older than the retention. One row per change or problem.
CREATE OR REPLACE FUNCTION identities_maintain_partitions(parent regclass, step interval, premake integer DEFAULT 4,
                                               retention interval DEFAULT NULL, id_format text DEFAULT NULL)
RETURNS TABLE (action text, partition_name text, from_time timestamptz, to_time timestamptz, detail text)
LANGUAGE plpgsql VOLATILE
-- The grid is UTC's: in another zone, adding a month or a day to a timestamptz would follow local time (DST).
SET TimeZone = 'UTC'
-- A scheduler's search_path is its own, maybe with a hostile schema in it (CVE-2018-1058): ours, and every name
-- of the extension is written qualified (it is relocatable), operators too.
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
	-- (portable/build writes its own schema here: the portable edition may be no extension)
	extension_schema name := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'identities');
	parent_schema name := (SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
	                       WHERE c.oid = parent);
	parent_name name := (SELECT relname FROM pg_class WHERE oid = parent);  -- messages name it as PostgreSQL's do
	key_type_name name;  -- the key's type's name, when it is one of ours
	key_text text;       -- the key as SQL: a quoted column name or the expression
	key_type regtype;
	key_column name;       -- the key's column, NULL for an expression
	key_column_type regtype;
	key_operator_schema name;
	format_fits boolean;
	fitting_formats text;  -- those a HINT names
	format_name text := id_format;
	step_months integer := extract(year FROM step)::integer * 12 + extract(month FROM step)::integer;
	first_start timestamptz;
	lower_time timestamptz;
	upper_time timestamptz;
	lower_bound text;
	upper_bound text;
	suffix_format text;
	new_name text;
	default_partition regclass;
	rows_in_default bigint;
	old record;
	foreign_code record;  -- a table of the tree whose owner's code this session must not run
BEGIN
	IF step IS NULL OR step <= interval '0' OR (step_months <> 0 AND step <> make_interval(months => step_months)) THEN
		RAISE EXCEPTION 'invalid step for identities_maintain_partitions: %', step
			USING ERRCODE = 'invalid_parameter_value',
			      HINT = 'Use a positive number of months, or of days, hours and minutes (not both).';
	END IF;
	-- Partitions are named to the minute: a step of seconds would give two steps one name (and a gap).
	IF step_months = 0 AND extract(epoch FROM step) % 60 <> 0 THEN
		RAISE EXCEPTION 'invalid step for identities_maintain_partitions: %', step
			USING ERRCODE = 'invalid_parameter_value', HINT = 'Use whole minutes, hours or days, or months.';
	END IF;
	IF premake IS NULL OR premake < 0 THEN
		RAISE EXCEPTION 'premake must be zero or more' USING ERRCODE = 'invalid_parameter_value';
	END IF;

	-- Maintenance evaluates the table's own code: its partition key over the rows of the DEFAULT partition (in the
	-- count below, and in PostgreSQL's check when it creates a partition), the expressions of its indexes, constraints
	-- and column types. That code must not run with more rights than its owner's: a superuser's scheduler running a
	-- role's IMMUTABLE-declared key function would run it as the superuser, and the role could make itself one.
	-- PostgreSQL's VACUUM, ANALYZE and REINDEX switch to the owner inside a security-restricted operation, which
	-- PL/pgSQL cannot: under SET ROLE, or in a SECURITY DEFINER function of the owner, the owner's code can still
	-- RESET ROLE, or queue a deferred trigger that fires as the session's user at commit. So it runs only as the
	-- owner of every table of the tree (a superuser's tables excepted: no rights to gain over a superuser's), and not
	-- in a superuser's session set to the owner (SET ROLE): anyone else is refused before any of that code runs.
	-- (The tree from pg_inherits, not pg_partition_tree(), which would lock every partition before the advisory lock
	-- below: two sessions would deadlock, one holding the lock, the other the partitions.)
	WITH RECURSIVE tree (relid, level) AS (
		SELECT parent::oid, 0
		UNION ALL
		SELECT i.inhrelid, tree.level + 1 FROM pg_inherits i JOIN tree ON i.inhparent = tree.relid
	)
	SELECT c.relname, r.rolname AS owner, r.rolname = current_user AS owner_is_current
	INTO foreign_code
	FROM tree AS t
	JOIN pg_class c ON c.oid = t.relid
	JOIN pg_roles r ON r.oid = c.relowner
	WHERE NOT r.rolsuper
	  AND (r.rolname <> current_user
	       OR (r.rolname <> session_user AND (SELECT s.rolsuper FROM pg_roles s WHERE s.rolname = session_user)))
	ORDER BY t.level, c.relname
	LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'identities_maintain_partitions must run as the owner of table "%"', foreign_code.relname
			USING ERRCODE = 'insufficient_privilege',
			      DETAIL = CASE WHEN NOT foreign_code.owner_is_current
			                    THEN format('Table "%s" is owned by role "%s": maintenance evaluates the partition key '
			                                'and other expressions over it, which would run code of "%s" with the rights '
			                                'of "%s".', foreign_code.relname, foreign_code.owner, foreign_code.owner,
			                                current_user)
			                    ELSE format('The session is superuser "%s"''s, in role "%s": the code of "%s" that '
			                                'maintenance runs could RESET ROLE to "%s", or queue a deferred trigger that '
			                                'fires as "%s" at commit.', session_user, current_user, foreign_code.owner,
			                                session_user, session_user) END,
			      HINT = format('Run it in a session logged in as role "%s" (with pg_cron, a job of username ''%s''), not '
			                    'as a more privileged role, nor after SET ROLE from a superuser''s session.',
			                    foreign_code.owner, foreign_code.owner);
	END IF;

	-- One maintenance of a table at a time (from pg_cron, say, and by hand).
	PERFORM pg_advisory_xact_lock(hashtext('identities_maintain_partitions'), parent::oid::integer);

	SELECT coalesce(quote_ident(a.attname), pg_get_expr(p.partexprs, p.partrelid)), opc.opcintype::regtype,
	       a.attname, a.atttypid::regtype,
	       -- the column's own type first: the portable edition's types are domains over the opclass's
	       coalesce(CASE WHEN ctn.nspname = extension_schema THEN ct.typname END,
	                CASE WHEN tn.nspname = extension_schema THEN t.typname END),
	       (SELECT opn.nspname FROM pg_amop ao  -- where the order's operators live: the extension's or pg_catalog
	        JOIN pg_operator o ON o.oid = ao.amopopr JOIN pg_namespace opn ON opn.oid = o.oprnamespace
	        WHERE ao.amopfamily = opc.opcfamily AND ao.amoplefttype = opc.opcintype AND ao.amoprighttype = opc.opcintype
	          AND ao.amopstrategy = 1)
	INTO key_text, key_type, key_column, key_column_type, key_type_name, key_operator_schema
	FROM pg_partitioned_table p
	JOIN pg_opclass opc ON opc.oid = p.partclass[0]
	JOIN pg_type t ON t.oid = opc.opcintype
	JOIN pg_namespace tn ON tn.oid = t.typnamespace
	LEFT JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0] AND p.partattrs[0] <> 0
	LEFT JOIN pg_type ct ON ct.oid = a.atttypid
	LEFT JOIN pg_namespace ctn ON ctn.oid = ct.typnamespace
	WHERE p.partrelid = parent AND p.partstrat = 'r' AND p.partnatts = 1
	  AND opc.opcdefault;  -- time order: the type's default order, not a routing order
	IF key_type IS NULL THEN
		RAISE EXCEPTION 'table "%" is not partitioned by RANGE on one id or timestamp in its default order', parent_name
			USING ERRCODE = 'invalid_parameter_value';
	END IF;

	-- The format: named, or the column's (identities_column_format: its type, or its DEFAULT's generator), or the
	-- one whose own type an expression key has; then it must be a format of the catalog, ordered by time, whose
	-- ids are of the key's type (the portable edition's: the column's domain over the opclass's type).
	IF key_type = 'timestamptz'::regtype THEN
		format_name := 'timestamp';
		format_fits := true;
	ELSE
		IF format_name IS NULL AND key_column IS NOT NULL THEN
			EXECUTE format('SELECT %I.identities_column_format($1, $2)', extension_schema)
			INTO format_name USING parent, key_column;
		ELSIF format_name IS NULL THEN
			format_name := key_type_name;
		END IF;
		EXECUTE format('SELECT EXISTS (SELECT FROM %I.identities_formats WHERE format_name = $1 AND time_ordered
		                                AND id_type IN ($2, $3))', extension_schema)
		INTO format_fits USING format_name, key_type, key_column_type;
	END IF;
	IF format_name IS NULL OR NOT format_fits THEN
		EXECUTE format('SELECT string_agg(quote_literal(format_name), '', '' ORDER BY format_name) FROM %I.identities_formats
		                WHERE time_ordered AND id_type IN ($1, $2)', extension_schema)
		INTO fitting_formats USING key_type, key_column_type;
		RAISE EXCEPTION 'cannot tell the id format of the partition key of "%" (%)', parent_name, key_type
			USING ERRCODE = 'invalid_parameter_value',
			      HINT = CASE WHEN fitting_formats IS NULL THEN 'No id format of identities is stored in that type.'
			                  ELSE format('Name it: id_format => %s.', fitting_formats) END;
	END IF;

	-- Steps on a grid anchored at 2000-01-01 UTC, so every run (and every server) cuts the same partitions.
	IF step_months <> 0 THEN
		first_start := timestamptz '2000-01-01 00:00:00+00' + make_interval(months =>
			(((extract(year FROM now() AT TIME ZONE 'UTC')::integer - 2000) * 12
			  + extract(month FROM now() AT TIME ZONE 'UTC')::integer - 1) / step_months) * step_months);
		suffix_format := 'YYYYMM';
	ELSE
		first_start := date_bin(step, now(), timestamptz '2000-01-01 00:00:00+00');
		suffix_format := CASE WHEN date_bin(interval '1 day', timestamptz '2000-01-01 00:00:00+00' + step,
		                                    timestamptz '2000-01-01 00:00:00+00')
		                           = timestamptz '2000-01-01 00:00:00+00' + step
		                      THEN 'YYYYMMDD' ELSE 'YYYYMMDD_HH24MI' END;
	END IF;
	SELECT p.oid INTO default_partition FROM pg_class p JOIN pg_inherits i ON i.inhrelid = p.oid
	WHERE i.inhparent = parent AND pg_get_expr(p.relpartbound, p.oid) = 'DEFAULT';

	FOR i IN 0 .. premake LOOP
		lower_time := first_start + step * i;
		upper_time := lower_time + step;
		-- <table>_p<suffix>, the table's name shortened (by characters, counting bytes) to fit NAMEDATALEN.
		new_name := '_p' || to_char(lower_time AT TIME ZONE 'UTC', suffix_format);
		new_name := (SELECT left(relname, n) FROM pg_class, generate_series(length(relname), 0, -1) AS n
		             WHERE oid = parent AND octet_length(left(relname, n)) + octet_length(new_name) <= 63
		             ORDER BY n DESC LIMIT 1) || new_name;
		CONTINUE WHEN to_regclass(format('%I.%I', parent_schema, new_name)) IS NOT NULL;
		IF format_name = 'timestamp' THEN
			lower_bound := quote_literal(lower_time);
			upper_bound := quote_literal(upper_time);
		ELSE
			EXECUTE format('SELECT quote_literal(%1$I.%2$I(%3$L::pg_catalog.timestamptz)), quote_literal(%1$I.%2$I(%4$L::pg_catalog.timestamptz))', extension_schema,
			               format_name || '_boundary', lower_time, upper_time)
			INTO lower_bound, upper_bound;
		END IF;
		-- Rows of this step already in the DEFAULT partition: reported, and the step left to the user (PostgreSQL
		-- would refuse the partition rather than move them).
		IF default_partition IS NOT NULL THEN
			EXECUTE format('SELECT count(*) FROM %1$s WHERE %2$s OPERATOR(%3$I.>=) %4$s::%5$s AND %2$s OPERATOR(%3$I.<) %6$s::%5$s',
			               default_partition, key_text, key_operator_schema, lower_bound, key_type, upper_bound)
			INTO rows_in_default;
			IF rows_in_default > 0 THEN
				RETURN QUERY SELECT 'rows in default'::text, (SELECT relname::text FROM pg_class WHERE oid = default_partition),
				                    lower_time, upper_time,
				                    format('%s rows of this step are in the default partition; move them to create it',
				                           rows_in_default);
				CONTINUE;
			END IF;
		END IF;
		BEGIN
			EXECUTE format('CREATE TABLE %I.%I PARTITION OF %s FOR VALUES FROM (%s) TO (%s)', parent_schema, new_name, parent,
			               lower_bound, upper_bound);
			RETURN QUERY SELECT 'created'::text, new_name, lower_time, upper_time, NULL::text;
		EXCEPTION WHEN invalid_object_definition THEN  -- another partition already covers part of the step
			RETURN QUERY SELECT 'overlaps'::text, new_name, lower_time, upper_time, SQLERRM;
		END;
	END LOOP;

	IF retention IS NOT NULL THEN
		FOR old IN
			-- names in the report are bare, as those of created partitions: the function's search_path is not the caller's
			SELECT p.oid::regclass AS partition, p.relname::text AS partition_text, substring(pg_get_expr(p.relpartbound, p.oid) FROM ' TO \((.*)\)$') AS upper_literal
			FROM pg_class p JOIN pg_inherits i ON i.inhrelid = p.oid
			WHERE i.inhparent = parent AND pg_get_expr(p.relpartbound, p.oid) <> 'DEFAULT'
		LOOP
			CONTINUE WHEN old.upper_literal IS NULL OR old.upper_literal = 'MAXVALUE';
			IF format_name = 'timestamp' THEN
				EXECUTE format('SELECT %s::timestamptz', old.upper_literal) INTO upper_time;
			ELSE
				EXECUTE format('SELECT %I.%I(%s::%s)', extension_schema, format_name || '_extract_timestamp',
				               old.upper_literal, key_type)
				INTO upper_time;
			END IF;
			-- Every row of the partition is older than its upper bound: all of them are past the retention.
			CONTINUE WHEN upper_time > now() - retention;
			EXECUTE format('ALTER TABLE %s DETACH PARTITION %s', parent, old.partition);
			EXECUTE format('DROP TABLE %s', old.partition);
			RETURN QUERY SELECT 'dropped'::text, old.partition_text, NULL::timestamptz, upper_time, NULL::text;
		END LOOP;
	END IF;
END $$;
COMMENT ON FUNCTION identities_maintain_partitions(regclass, interval, integer, interval, text) IS 'creates the time partitions of a table RANGE-partitioned by an id or an extracted timestamp, premake steps ahead, and drops those past the retention';
