-- A server's node identity: the Snowflake worker/process and SIQ shard its generators use by default, derived
-- from the Citus group id when the settings are unset (a stand-in pg_dist_local_group plays Citus' part), and
-- the clash report. Needs the preloaded server (Snowflakes and SIQs), and a superuser (the stand-in table).
\getenv abs_srcdir PG_ABS_SRCDIR
\i :abs_srcdir/sql/include/error_of.sql

-- not a Citus node, nothing set: the settings' defaults
SELECT citus_group, snowflake_worker, snowflake_process, siq_shard, siq_domain FROM identities_node;
-- and the fingerprints of this server's public id keys (the server's own: this test may run against any server)
SELECT public_key_fingerprint IS NOT DISTINCT FROM identities_public_key_fingerprint() AS fingerprint_shown,
       public_key_previous_fingerprint IS NOT DISTINCT FROM identities_public_key_previous_fingerprint() AS previous_shown
FROM identities_node;
-- set explicitly (any source but the default), a setting wins
SET identities.snowflake_worker = 9;
SET identities.siq_shard = 0;  -- explicitly 0 is still explicit
SELECT citus_group, snowflake_worker, snowflake_process, siq_shard, siq_domain FROM identities_node;
RESET identities.snowflake_worker;
RESET identities.siq_shard;

-- a Citus node of group 37: unset settings derive from the group (worker = 37 / 32, process = 37 % 32, shard = 37)
SET allow_system_table_mods = on;
CREATE TABLE pg_catalog.pg_dist_local_group (groupid integer NOT NULL);
INSERT INTO pg_catalog.pg_dist_local_group VALUES (37);
SELECT citus_group, snowflake_worker, snowflake_process, siq_shard, siq_domain FROM identities_node;
SELECT snowflake_extract_worker(id) AS worker, snowflake_extract_process(id) AS process FROM snowflake_generate() AS id;
SELECT siq_extract_shard(siq_generate('user')) AS shard;
SET identities.snowflake_process = 3;
SET identities.siq_shard = 200;
SELECT citus_group, snowflake_worker, snowflake_process, siq_shard, siq_domain FROM identities_node;
SELECT snowflake_extract_worker(id) AS worker, snowflake_extract_process(id) AS process FROM snowflake_generate() AS id;
SELECT siq_extract_shard(siq_generate('user')) AS shard;
RESET identities.snowflake_process;
RESET identities.siq_shard;
-- a group past 1023 wraps Snowflake's 10 bits (the clash checks below would report a repeat); TRUNCATE
-- invalidates the table's relcache entry, so the group is read again
TRUNCATE pg_catalog.pg_dist_local_group;
INSERT INTO pg_catalog.pg_dist_local_group VALUES (1024 + 33);
SELECT citus_group, snowflake_worker, snowflake_process, siq_shard, siq_domain FROM identities_node;
DROP TABLE pg_catalog.pg_dist_local_group;
SELECT citus_group, snowflake_worker, snowflake_process, siq_shard, siq_domain FROM identities_node;
RESET allow_system_table_mods;

-- clashes: same worker and process, or same shard and domain; an unreachable node is reported, not compared
SELECT * FROM identities_node_clashes('[
	{"node": "a", "snowflake_worker": 0, "snowflake_process": 0, "siq_shard": 0, "siq_domain": ""},
	{"node": "b", "snowflake_worker": 0, "snowflake_process": 1, "siq_shard": 0, "siq_domain": ""},
	{"node": "c", "snowflake_worker": 0, "snowflake_process": 0, "siq_shard": 1, "siq_domain": ""},
	{"node": "d", "snowflake_worker": 1, "snowflake_process": 0, "siq_shard": 0, "siq_domain": "example.com"},
	{"node": "e", "error": "could not connect to server \"e\""}]');
-- servers holding other public id keys (by fingerprint): a public id made on one would not decode on the other
SELECT node, public_key_fingerprint, public_key_previous_fingerprint, keys_differ_from FROM identities_node_clashes('[
	{"node": "a", "snowflake_worker": 1, "public_key_fingerprint": "07e174205ce4a674"},
	{"node": "b", "snowflake_worker": 2, "public_key_fingerprint": "07e174205ce4a674"},
	{"node": "c", "snowflake_worker": 3, "public_key_fingerprint": "24b8fdc6576ab60e", "public_key_previous_fingerprint": "07e174205ce4a674"},
	{"node": "d", "snowflake_worker": 4}]');
-- this server alone, without Citus
SELECT node, clashes_with, error FROM identities_check_foreign_servers();
SELECT pg_temp.error_of('SELECT * FROM identities_check_citus_nodes()');
