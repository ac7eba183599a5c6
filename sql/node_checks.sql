--------------------------------------------------------------------------------------------------------------
-- scale-out: checks that the servers generating ids together are not configured alike (also run by upgrades)
--------------------------------------------------------------------------------------------------------------

CREATE OR REPLACE FUNCTION identities_check_foreign_servers()
RETURNS SETOF identities_node_clash
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp  -- whatever the caller's holds; the extension's names are written qualified
AS $$
DECLARE
	-- (portable/build writes its own schema here: the portable edition may be no extension)
	extension_schema name := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'identities');
	scratch name := 'identities_check_' || pg_backend_pid();
	server name;
	nodes jsonb;
	remote jsonb;
BEGIN
	EXECUTE format('SELECT jsonb_build_array(to_jsonb(n) || jsonb_build_object(''node'', ''local'')) FROM %I.identities_node AS n',
	               extension_schema) INTO nodes;
	EXECUTE format('CREATE SCHEMA %I', scratch);
	FOR server IN
		SELECT s.srvname FROM pg_foreign_server s JOIN pg_foreign_data_wrapper w ON w.oid = s.srvfdw
		WHERE w.fdwname = 'postgres_fdw' ORDER BY s.srvname
	LOOP
		EXECUTE format('CREATE FOREIGN TABLE %I.%I (citus_group integer, snowflake_worker integer, '
		               'snowflake_process integer, siq_shard integer, siq_domain text, public_key_fingerprint text, '
		               'public_key_previous_fingerprint text) '
		               'SERVER %I OPTIONS (schema_name %L, table_name ''identities_node'')',
		               scratch, server, server, extension_schema);
		BEGIN
			EXECUTE format('SELECT to_jsonb(n) FROM %I.%I AS n', scratch, server) INTO remote;
		EXCEPTION WHEN OTHERS THEN
			remote := jsonb_build_object('error', SQLERRM);
		END;
		nodes := nodes || jsonb_build_array(remote || jsonb_build_object('node', server));
	END LOOP;
	EXECUTE format('DROP SCHEMA %I CASCADE', scratch);
	RETURN QUERY EXECUTE format('SELECT * FROM %I.identities_node_clashes($1)', extension_schema) USING nodes;
END $$;
COMMENT ON FUNCTION identities_check_foreign_servers() IS 'this server and every postgres_fdw server it reaches: whose default Snowflakes or SIQs could repeat another''s, whose public id keys differ';

CREATE OR REPLACE FUNCTION identities_check_citus_nodes()
RETURNS SETOF identities_node_clash
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp  -- whatever the caller's holds; the extension's names are written qualified
AS $$
DECLARE
	-- (portable/build writes its own schema here: the portable edition may be no extension)
	extension_schema name := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'identities');
	nodes jsonb;
BEGIN
	IF to_regproc('pg_catalog.run_command_on_all_nodes') IS NULL THEN
		RAISE EXCEPTION 'Citus is not installed in this database' USING ERRCODE = 'object_not_in_prerequisite_state',
			HINT = 'Use identities_check_foreign_servers() for servers reached through postgres_fdw.';
	END IF;
	EXECUTE format($query$
		SELECT jsonb_agg(CASE WHEN r.success THEN r.result::jsonb ELSE jsonb_build_object('error', r.result) END
		                 || jsonb_build_object('node', d.nodename || ':' || d.nodeport))
		FROM pg_catalog.run_command_on_all_nodes(%L) AS r JOIN pg_catalog.pg_dist_node AS d USING (nodeid)$query$,
		format('SELECT to_jsonb(n) FROM %I.identities_node AS n', extension_schema)) INTO nodes;
	RETURN QUERY EXECUTE format('SELECT * FROM %I.identities_node_clashes($1)', extension_schema) USING nodes;
END $$;
COMMENT ON FUNCTION identities_check_citus_nodes() IS 'every node of this Citus cluster: whose default Snowflakes or SIQs could repeat another''s, whose public id keys differ';
