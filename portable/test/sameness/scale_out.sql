-- scale-out: identities_node_identity (and the view identities_node), identities_node_clashes and the checks of the
-- servers that generate ids together, the portable edition against the native one: the same identity under the
-- same settings, the same clash reports, and identities_check_foreign_servers() through a postgres_fdw server that
-- loops back to this database.
\set ON_ERROR_STOP on

CREATE FUNCTION pg_temp.identity(edition text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	result text;
BEGIN
	-- the key columns are compared below, under one key
	EXECUTE format('SELECT (n.citus_group, n.snowflake_worker, n.snowflake_process, n.siq_shard, n.siq_domain)::text
		FROM %I.identities_node AS n', edition) INTO result;
	RETURN result;
END
$$;

-- The identity under settings, each list applied in turn (SET, then the identity read through the view).
CREATE TEMPORARY TABLE settings_cases (label text, statements text[]);
INSERT INTO settings_cases VALUES
	('defaults', '{}'),
	('snowflake worker and process', ARRAY['SET identities.snowflake_worker = 3', 'SET identities.snowflake_process = 31']),
	('siq shard and domain', ARRAY['SET identities.siq_shard = 200', 'SET identities.siq_domain = ''example.com''']),
	('all of them', ARRAY['SET identities.snowflake_worker = 0', 'SET identities.snowflake_process = 1',
		'SET identities.siq_shard = 0', 'SET identities.siq_domain = ''0''']);
CREATE FUNCTION pg_temp.identities_under_settings() RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	c record;
	statement text;
	native text;
	portable text;
	differences text[] := '{}';
	compared integer := 0;
BEGIN
	FOR c IN SELECT * FROM settings_cases LOOP
		RESET identities.snowflake_worker;
		RESET identities.snowflake_process;
		RESET identities.siq_shard;
		RESET identities.siq_domain;
		FOREACH statement IN ARRAY c.statements LOOP
			EXECUTE statement;
		END LOOP;
		native := pg_temp.identity('native');
		portable := pg_temp.identity('portable');
		compared := compared + 1;
		IF native IS DISTINCT FROM portable OR native IS NULL THEN
			differences := differences || format('%s: native %s, portable %s', c.label, native, portable);
		END IF;
	END LOOP;
	RESET identities.snowflake_worker;
	RESET identities.snowflake_process;
	RESET identities.siq_shard;
	RESET identities.siq_domain;
	RETURN sameness.check('identities_node identity under settings', compared, differences);
END
$$;
SELECT pg_temp.identities_under_settings();
-- One key in both editions (an earlier file may have rotated the portable one): the same fingerprints, not NULL.
SET identities.public_key = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=';
SELECT FROM portable.identities_public_key_set('AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=');
SELECT FROM portable.identities_public_key_set_previous(NULL);
SELECT sameness.check('identities_node fingerprints', 1,
	CASE WHEN (SELECT public_key_fingerprint FROM native.identities_node) IS NULL
	          OR (SELECT (public_key_fingerprint, public_key_previous_fingerprint) FROM native.identities_node)
	             IS DISTINCT FROM (SELECT (public_key_fingerprint, public_key_previous_fingerprint) FROM portable.identities_node)
	     THEN ARRAY[(SELECT n::text FROM native.identities_node AS n) || ' vs ' || (SELECT n::text FROM portable.identities_node AS n)] END);

-- Clash reports of given nodes.
SELECT sameness.same_outcomes('identities_node_clashes', '(SELECT string_agg(c::text, '' | '' ORDER BY c.node) FROM %E.identities_node_clashes(%1) AS c)', ARRAY[
	$j$'[]'::jsonb$j$,
	$j$'[{"node": "a", "snowflake_worker": 1, "snowflake_process": 2, "siq_shard": 3, "siq_domain": ""}]'::jsonb$j$,
	$j$'[{"node": "a", "snowflake_worker": 1, "snowflake_process": 2, "siq_shard": 3, "siq_domain": ""},
	     {"node": "b", "snowflake_worker": 1, "snowflake_process": 2, "siq_shard": 4, "siq_domain": "0"},
	     {"node": "c", "snowflake_worker": 0, "snowflake_process": 2, "siq_shard": 4, "siq_domain": "x", "public_key_fingerprint": "0011"},
	     {"node": "d", "snowflake_worker": 5, "snowflake_process": 5, "siq_shard": 3, "siq_domain": "0"},
	     {"node": "e", "error": "could not connect"}]'::jsonb$j$,
	$j$'{"not": "an array"}'::jsonb$j$]);

-- Without Citus: both refuse alike.
SELECT sameness.same_outcomes('identities_check_citus_nodes without Citus', '(SELECT count(*) FROM %E.identities_check_citus_nodes())',
	ARRAY['NULL']);

-- Through postgres_fdw, a server that loops back to this database: this server and "itself" clash alike.
CREATE EXTENSION IF NOT EXISTS postgres_fdw SCHEMA public;
DO $$
BEGIN
	EXECUTE format('CREATE SERVER identities_loopback FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host %L, port %L, dbname %L)',
		split_part(current_setting('unix_socket_directories'), ',', 1), current_setting('port'), current_database());
END
$$;
CREATE USER MAPPING FOR CURRENT_USER SERVER identities_loopback;

-- (the key columns left out: the native key is this session's setting, which the loopback's session has not)
SELECT sameness.same_outcomes('identities_check_foreign_servers through a loopback server',
	'(SELECT string_agg(concat_ws('' '', c.node, c.citus_group, c.snowflake_worker, c.snowflake_process, c.siq_shard,
		c.siq_domain, c.clashes_with, c.error), '' | '' ORDER BY c.node) FROM %E.identities_check_foreign_servers() AS c)', ARRAY['NULL']);
SELECT sameness.check('identities_check_foreign_servers reads the loopback server', 1,
	CASE WHEN (SELECT count(*) FROM portable.identities_check_foreign_servers() WHERE node = 'identities_loopback'
	           AND error IS NULL AND clashes_with IS NOT NULL) <> 1
	     THEN ARRAY[(SELECT string_agg(c::text, ' | ') FROM portable.identities_check_foreign_servers() AS c)] END);
DROP SERVER identities_loopback CASCADE;
