--------------------------------------------------------------------------------------------------------------
-- scale-out: the identity of this server among those that generate ids together, and checks for clashes
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION identities_node_identity(OUT citus_group integer, OUT snowflake_worker integer,
                                         OUT snowflake_process integer, OUT siq_shard integer, OUT siq_domain text)
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL SAFE;
COMMENT ON FUNCTION identities_node_identity() IS 'what this server''s Snowflake and SIQ generators put in ids by default, and the Citus group they derive from';

-- A view, so that another server can read it through postgres_fdw.
CREATE VIEW identities_node AS SELECT * FROM identities_node_identity();
COMMENT ON VIEW identities_node IS 'this server''s node identity (identities_node_identity())';

-- A node of a clash report: its identity, the nodes configured like it, or why it could not be read.
CREATE TYPE identities_node_clash AS (node text, citus_group integer, snowflake_worker integer,
                                      snowflake_process integer, siq_shard integer, siq_domain text,
                                      clashes_with text[], error text);
COMMENT ON TYPE identities_node_clash IS 'a node of a clash report: its identity and the nodes whose default Snowflakes or SIQs could repeat its own';

-- The nodes whose default Snowflakes or SIQs can repeat another's: same worker and process, or same shard and
-- domain. NULL clashes_with when none; an unreachable node is reported, not fatal.
CREATE FUNCTION identities_node_clashes(nodes jsonb)
RETURNS SETOF identities_node_clash
LANGUAGE sql IMMUTABLE PARALLEL SAFE
-- A standard SQL body: its functions are bound when it is created, whatever the caller's search_path. Domains are
-- compared by their hash, which is what goes in a SIQ ('' and '0' both hash to 0).
BEGIN ATOMIC
	WITH n AS (
		SELECT r.*, siq_domain_hash(coalesce(r.siq_domain, '')) AS domain_hash
		FROM jsonb_to_recordset(nodes) AS r(node text, citus_group integer, snowflake_worker integer,
		                                    snowflake_process integer, siq_shard integer, siq_domain text, error text))
	SELECT n.node, n.citus_group, n.snowflake_worker, n.snowflake_process, n.siq_shard, n.siq_domain,
	       (SELECT array_agg(o.node || ' (' || concat_ws(', ',
	                             CASE WHEN (o.snowflake_worker, o.snowflake_process) = (n.snowflake_worker, n.snowflake_process)
	                                  THEN 'snowflake' END,
	                             CASE WHEN (o.siq_shard, o.domain_hash) = (n.siq_shard, n.domain_hash) THEN 'siq' END) || ')'
	                         ORDER BY o.node)
	        FROM n AS o
	        WHERE o.node <> n.node AND o.error IS NULL AND n.error IS NULL
	          AND ((o.snowflake_worker, o.snowflake_process) = (n.snowflake_worker, n.snowflake_process)
	               OR (o.siq_shard, o.domain_hash) = (n.siq_shard, n.domain_hash))),
	       n.error
	FROM n ORDER BY n.node;
END;
COMMENT ON FUNCTION identities_node_clashes(jsonb) IS 'nodes (rows of identities_node, with a node name) whose default Snowflakes or SIQs could repeat each other''s';

CREATE FUNCTION identities_check_foreign_servers()
RETURNS SETOF identities_node_clash
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	extension_schema name := (SELECT extnamespace::regnamespace::name FROM pg_extension WHERE extname = 'identities');
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
		               'snowflake_process integer, siq_shard integer, siq_domain text) '
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
COMMENT ON FUNCTION identities_check_foreign_servers() IS 'this server and every postgres_fdw server it reaches: whose default Snowflakes or SIQs could repeat another''s';

CREATE FUNCTION identities_check_citus_nodes()
RETURNS SETOF identities_node_clash
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	extension_schema name := (SELECT extnamespace::regnamespace::name FROM pg_extension WHERE extname = 'identities');
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
COMMENT ON FUNCTION identities_check_citus_nodes() IS 'every node of this Citus cluster: whose default Snowflakes or SIQs could repeat another''s';
