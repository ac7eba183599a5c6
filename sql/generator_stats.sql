--------------------------------------------------------------------------------------------------------------
-- the generators' statistics: what each format's generator did since the last reset (doc/operations.md)
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION identities_stats(OUT format text, OUT scope text, OUT ids_generated bigint, OUT ids_waited bigint,
                                 OUT wait_time_ms double precision, OUT ids_ahead_of_clock bigint,
                                 OUT max_ahead_of_clock_ms double precision, OUT newest_id_time timestamptz,
                                 OUT newest_ahead_of_clock_ms double precision, OUT clock_steps_back bigint,
                                 OUT max_clock_step_back_ms double precision, OUT high_water_mark timestamptz,
                                 OUT high_water_mark_ahead_ms double precision, OUT node_identity text,
                                 OUT epoch_end timestamptz, OUT epoch_years_left double precision,
                                 OUT stats_reset timestamptz)
	RETURNS SETOF record
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION identities_stats() IS 'what each format''s generator did since its statistics were reset (server-wide when identities is preloaded, else this session''s), where it stands against the clock, the node identity its ids carry and when its epoch ends';

-- A view, so that another server can read it through postgres_fdw, and an exporter as a table.
CREATE VIEW identities_stats AS SELECT * FROM identities_stats();
COMMENT ON VIEW identities_stats IS 'the generators'' statistics, one row per format (identities_stats())';
-- As pg_stat_* views: anyone may read it (an exporter's role needs no more).
GRANT SELECT ON identities_stats TO PUBLIC;

CREATE FUNCTION identities_stats_reset(format text DEFAULT NULL) RETURNS integer
	AS 'MODULE_PATHNAME' LANGUAGE C VOLATILE PARALLEL RESTRICTED;
COMMENT ON FUNCTION identities_stats_reset(text) IS 'zeroes the statistics of one format''s generator, or of every one; returns how many were reset';
-- As pg_stat_reset(): superusers, and the roles they grant it to.
REVOKE EXECUTE ON FUNCTION identities_stats_reset(text) FROM PUBLIC;

-- Every node of a Citus cluster: each generator's statistics with the node's identity, and the nodes whose default
-- Snowflakes or SIQs could repeat its own (identities_node_clashes). An unreachable node is a row with its error.
CREATE FUNCTION identities_stats_citus_nodes(OUT node text, OUT format text, OUT scope text, OUT ids_generated bigint,
                                             OUT ids_waited bigint, OUT wait_time_ms double precision,
                                             OUT ids_ahead_of_clock bigint, OUT max_ahead_of_clock_ms double precision,
                                             OUT newest_ahead_of_clock_ms double precision,
                                             OUT clock_steps_back bigint, OUT max_clock_step_back_ms double precision,
                                             OUT high_water_mark_ahead_ms double precision, OUT node_identity text,
                                             OUT epoch_years_left double precision, OUT clashes_with text[],
                                             OUT error text)
RETURNS SETOF record
LANGUAGE plpgsql VOLATILE
SET search_path = pg_catalog, pg_temp  -- whatever the caller's holds; the extension's names are written qualified
AS $$
DECLARE
	-- (portable/build writes its own schema here: the portable edition may be no extension)
	extension_schema name := (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'identities');
BEGIN
	IF to_regproc('pg_catalog.run_command_on_all_nodes') IS NULL THEN
		RAISE EXCEPTION 'Citus is not installed in this database' USING ERRCODE = 'object_not_in_prerequisite_state',
			HINT = 'Read identities_stats on each server, and run identities_check_foreign_servers() for their identities.';
	END IF;
	RETURN QUERY EXECUTE format($query$
		WITH answers AS (
			SELECT d.nodename || ':' || d.nodeport AS node, r.success, r.result
			FROM pg_catalog.run_command_on_all_nodes(%L) AS r JOIN pg_catalog.pg_dist_node AS d USING (nodeid)),
		stats AS (
			SELECT a.node, s.*
			FROM answers AS a,
			     pg_catalog.jsonb_to_recordset((a.result::jsonb) -> 'stats') AS s(format text, scope text,
			         ids_generated bigint, ids_waited bigint, wait_time_ms double precision, ids_ahead_of_clock bigint,
			         max_ahead_of_clock_ms double precision, newest_ahead_of_clock_ms double precision,
			         clock_steps_back bigint, max_clock_step_back_ms double precision,
			         high_water_mark_ahead_ms double precision, node_identity text, epoch_years_left double precision)
			WHERE a.success),
		clashes AS (
			SELECT c.node, c.clashes_with
			FROM %I.identities_node_clashes((SELECT pg_catalog.jsonb_agg(((a.result::jsonb) -> 'node')
			                                                          || pg_catalog.jsonb_build_object('node', a.node))
			                                 FROM answers AS a WHERE a.success)) AS c)
		SELECT s.node, s.format, s.scope, s.ids_generated, s.ids_waited, s.wait_time_ms, s.ids_ahead_of_clock,
		       s.max_ahead_of_clock_ms, s.newest_ahead_of_clock_ms, s.clock_steps_back, s.max_clock_step_back_ms,
		       s.high_water_mark_ahead_ms, s.node_identity, s.epoch_years_left, c.clashes_with, NULL::text
		FROM stats AS s LEFT JOIN clashes AS c USING (node)
		UNION ALL
		SELECT a.node, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, a.result
		FROM answers AS a WHERE NOT a.success
		ORDER BY 1, 2$query$,
		format('SELECT pg_catalog.jsonb_build_object(''stats'', (SELECT pg_catalog.jsonb_agg(pg_catalog.to_jsonb(s)) FROM %I.identities_stats AS s), '
		       '''node'', (SELECT pg_catalog.to_jsonb(n) FROM %I.identities_node AS n))', extension_schema, extension_schema),
		extension_schema);
END $$;
COMMENT ON FUNCTION identities_stats_citus_nodes() IS 'every node of this Citus cluster: its generators'' statistics, its node identity and the nodes whose default Snowflakes or SIQs could repeat its own';
