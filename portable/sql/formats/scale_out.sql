--------------------------------------------------------------------------------------------------------------
-- scale-out: this server's identity among those that generate ids together (what the native edition reads in C)
--------------------------------------------------------------------------------------------------------------
-- The view identities_node, the type identities_node_clash, identities_node_clashes and the checks
-- identities_check_foreign_servers() and identities_check_citus_nodes() follow: the native edition's own SQL
-- (sql/scale_out.sql, sql/node_checks.sql), which portable/build writes into this edition's schema.

CREATE FUNCTION @extschema@.identities_node_identity(OUT citus_group integer, OUT snowflake_worker integer,
                                                     OUT snowflake_process integer, OUT siq_shard integer,
                                                     OUT siq_domain text, OUT public_key_fingerprint text,
                                                     OUT public_key_previous_fingerprint text)
	LANGUAGE plpgsql STABLE PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	citus_group := @extschema@.identities_citus_group();
	snowflake_worker := @extschema@.identities_node_setting('identities.snowflake_worker');
	snowflake_process := @extschema@.identities_node_setting('identities.snowflake_process');
	siq_shard := @extschema@.identities_node_setting('identities.siq_shard');
	siq_domain := @extschema@.identities_server_setting('identities.siq_domain');
	public_key_fingerprint := @extschema@.identities_public_key_fingerprint();
	public_key_previous_fingerprint := @extschema@.identities_public_key_previous_fingerprint();
END
$$;
