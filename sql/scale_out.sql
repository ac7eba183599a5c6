--------------------------------------------------------------------------------------------------------------
-- scale-out: the identity of this server among those that generate ids together, and checks for clashes
--------------------------------------------------------------------------------------------------------------

CREATE FUNCTION identities_node_identity(OUT citus_group integer, OUT snowflake_worker integer,
                                         OUT snowflake_process integer, OUT siq_shard integer, OUT siq_domain text,
                                         OUT public_key_fingerprint text, OUT public_key_previous_fingerprint text)
	AS 'MODULE_PATHNAME' LANGUAGE C STABLE PARALLEL RESTRICTED;
COMMENT ON FUNCTION identities_node_identity() IS 'what this server''s Snowflake and SIQ generators put in ids by default, the Citus group they derive from, and the fingerprints of its public id keys';

-- A view, so that another server can read it through postgres_fdw.
CREATE VIEW identities_node AS SELECT * FROM identities_node_identity();
COMMENT ON VIEW identities_node IS 'this server''s node identity (identities_node_identity())';

-- A node of a clash report: its identity, the nodes configured like it, or why it could not be read.
CREATE TYPE identities_node_clash AS (node text, citus_group integer, snowflake_worker integer,
                                      snowflake_process integer, siq_shard integer, siq_domain text,
                                      clashes_with text[], error text, public_key_fingerprint text,
                                      public_key_previous_fingerprint text, keys_differ_from text[]);
COMMENT ON TYPE identities_node_clash IS 'a node of a clash report: its identity, the nodes whose default Snowflakes or SIQs could repeat its own, and those holding other public id keys';

-- The nodes whose default Snowflakes or SIQs can repeat another's: same worker and process, or same shard and
-- domain; and those whose public id keys differ (by their fingerprints: a public id made on one would not decode on
-- the other). NULL clashes_with (keys_differ_from) when none; an unreachable node is reported, not fatal.
CREATE FUNCTION identities_node_clashes(nodes jsonb)
RETURNS SETOF identities_node_clash
LANGUAGE sql IMMUTABLE PARALLEL SAFE
-- A standard SQL body: its functions are bound when it is created, whatever the caller's search_path. Domains are
-- compared by their hash, which is what goes in a SIQ ('' and '0' both hash to 0).
BEGIN ATOMIC
	WITH n AS (
		SELECT r.*, siq_domain_hash(coalesce(r.siq_domain, '')) AS domain_hash
		FROM jsonb_to_recordset(nodes) AS r(node text, citus_group integer, snowflake_worker integer,
		                                    snowflake_process integer, siq_shard integer, siq_domain text, error text,
		                                    public_key_fingerprint text, public_key_previous_fingerprint text))
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
	       n.error, n.public_key_fingerprint, n.public_key_previous_fingerprint,
	       (SELECT array_agg(o.node || ' (' || concat_ws(', ',
	                             CASE WHEN o.public_key_fingerprint IS DISTINCT FROM n.public_key_fingerprint
	                                  THEN 'current' END,
	                             CASE WHEN o.public_key_previous_fingerprint IS DISTINCT FROM n.public_key_previous_fingerprint
	                                  THEN 'previous' END) || ')'
	                         ORDER BY o.node)
	        FROM n AS o
	        WHERE o.node <> n.node AND o.error IS NULL AND n.error IS NULL
	          AND (o.public_key_fingerprint, o.public_key_previous_fingerprint)
	              IS DISTINCT FROM (n.public_key_fingerprint, n.public_key_previous_fingerprint))
	FROM n ORDER BY n.node;
END;
COMMENT ON FUNCTION identities_node_clashes(jsonb) IS 'nodes (rows of identities_node, with a node name) whose default Snowflakes or SIQs could repeat each other''s, or whose public id keys differ';
