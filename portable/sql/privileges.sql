--------------------------------------------------------------------------------------------------------------
-- What belongs to the role that installed the edition alone, whatever the site's default privileges
--------------------------------------------------------------------------------------------------------------
-- A site's ALTER DEFAULT PRIVILEGES (Supabase's grant ALL on the tables, functions and sequences of public to
-- anon and authenticated) gives its roles rights on what this script creates. Those rights are taken back here
-- from the key table, the functions that set or export the key, the two gates of public ids (which keep PUBLIC's
-- EXECUTE until a site runs doc/portable.md's REVOKE), the sequences the generators draw from (which nobody
-- but the generators may advance) and the statistics' baseline and reset (the installing role's, as the native
-- reset is a superuser's); then the key's privacy is checked as every key function checks it, and the
-- roles nothing in SQL keeps from it (BYPASSRLS and reading every table) are named.
DO $privileges$
DECLARE
	schema_oid constant oid := '@extschema@'::regnamespace;
	grant_given record;
BEGIN
	FOR grant_given IN
		SELECT format('%s %s', CASE c.relkind WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END, c.oid::regclass) AS object,
				acl.grantee
			FROM pg_class AS c, aclexplode(c.relacl) AS acl
			WHERE c.relnamespace = schema_oid AND acl.grantee <> c.relowner
				AND c.relname IN ('identities_public_key', 'identities_siq_tickets', 'identities_snowflake_tickets', 'identities_hotguid_counters',
					'identities_siq_last', 'identities_snowflake_last', 'identities_hotguid_last', 'identities_stats_baseline')
		UNION ALL
		SELECT format('FUNCTION %s', p.oid::regprocedure), acl.grantee
			FROM pg_proc AS p, aclexplode(p.proacl) AS acl
			WHERE p.pronamespace = schema_oid AND acl.grantee <> p.proowner
				AND (p.proname IN ('identities_public_key_store', 'identities_public_key_set', 'identities_public_key_set_previous', 'identities_public_key_generate',
						'identities_public_key_rotate', 'identities_public_key_export', 'identities_stats_reset')
					OR (p.proname IN ('identities_public_id_encrypt', 'identities_public_id_decrypt') AND acl.grantee <> 0))
	LOOP
		EXECUTE format('REVOKE ALL ON %s FROM %s', grant_given.object,
			CASE WHEN grant_given.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(grant_given.grantee)) END);
	END LOOP;
END
$privileges$;
DO $check$
DECLARE
	unguarded text := (SELECT string_agg(quote_ident(reader), ', ') FROM @extschema@.identities_public_key_unguarded_readers() AS reader);
BEGIN
	PERFORM @extschema@.identities_public_key_check_private();
	IF unguarded IS NOT NULL THEN
		RAISE WARNING 'roles that bypass row level security and read every table can read the public id key: %', unguarded
			USING HINT = 'Such a role reads the key wherever it is kept: ALTER ROLE ... NOBYPASSRLS, or trust it with the key. SELECT identities_public_key_unguarded_readers() lists them.';
	END IF;
END
$check$;
