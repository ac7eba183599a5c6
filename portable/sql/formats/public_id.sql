--------------------------------------------------------------------------------------------------------------
-- Public identities: Architect's AesPublicIdentityConverter, with pgcrypto's AES
--------------------------------------------------------------------------------------------------------------
-- The key cannot be a setting here: any role reads a custom setting. It lives in identities_public_key, a table
-- only the role that installed the edition can read, whatever a site's default privileges grant: the install
-- takes back every grant on it (privileges.sql), and row level security, enabled with no policy, hides its rows
-- from everyone but its owner (members of pg_read_all_data, roles granted SELECT on every table of a schema). The
-- functions that use it run as that role (SECURITY DEFINER; the SQL ones bound when created, the PL/pgSQL ones
-- with search_path pinned), read it in the statement that uses it (it is never a parameter or a variable, so no
-- log of nested statements can show it), and say nothing of it in their errors. The functions that set or export
-- it are that role's alone, and check first that nobody else can reach it (identities_public_key_check_private).
-- A dump by that role holds the key, as the table's data; a backup role leaves it out (doc/portable.md).

CREATE TABLE @extschema@.identities_public_key (
	slot text PRIMARY KEY,
	key bytea NOT NULL
);
COMMENT ON TABLE @extschema@.identities_public_key IS 'the public id keys (''current'', ''previous''): readable by the role that installed identities_portable alone';
REVOKE ALL ON @extschema@.identities_public_key FROM PUBLIC;
ALTER TABLE @extschema@.identities_public_key ENABLE ROW LEVEL SECURITY;
-- A dump of the database keeps the keys (the extension's own rows would be left out otherwise).
SELECT pg_catalog.pg_extension_config_dump('@extschema@.identities_public_key', '');

-- Internal: one AES block with pgcrypto, wherever pgcrypto is installed (its schema is written into the
-- functions when they are created, so no search_path can put another encrypt() in its place).
DO $install$
DECLARE
	pgcrypto_schema name := (SELECT extnamespace::regnamespace::name FROM pg_extension WHERE extname = 'pgcrypto');
BEGIN
	IF pgcrypto_schema IS NULL THEN
		RAISE EXCEPTION 'identities_portable needs the extension pgcrypto' USING ERRCODE = '55000',
			HINT = 'CREATE EXTENSION pgcrypto first (every managed service offers it).';
	END IF;
	EXECUTE format($function$
		CREATE FUNCTION @extschema@.identities_aes_encrypt_block(block bytea, key bytea) RETURNS bytea
			LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
			RETURN %1$I.encrypt(block, key, 'aes-ecb/pad:none')$function$, pgcrypto_schema);
	EXECUTE format($function$
		CREATE FUNCTION @extschema@.identities_aes_decrypt_block(block bytea, key bytea) RETURNS bytea
			LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
			RETURN %1$I.decrypt(block, key, 'aes-ecb/pad:none')$function$, pgcrypto_schema);
	EXECUTE format($function$
		CREATE FUNCTION @extschema@.identities_random_key(key_bytes integer) RETURNS bytea
			LANGUAGE sql VOLATILE STRICT PARALLEL SAFE
			RETURN %1$I.gen_random_bytes(key_bytes)$function$, pgcrypto_schema);
END
$install$;
COMMENT ON FUNCTION @extschema@.identities_aes_encrypt_block(bytea, bytea) IS 'internal: one AES-ECB block under a 16-, 24- or 32-byte key (pgcrypto)';
COMMENT ON FUNCTION @extschema@.identities_aes_decrypt_block(bytea, bytea) IS 'internal: one AES-ECB block decrypted (pgcrypto)';
COMMENT ON FUNCTION @extschema@.identities_random_key(integer) IS 'internal: random bytes for a key (pgcrypto''s gen_random_bytes, PostgreSQL''s strong random source)';

-- Internal: byte orders. A .NET Guid's memory form reverses its first three fields (the swap undoes itself);
-- Architect's plaintexts of numbers are little-endian.
CREATE FUNCTION @extschema@.identities_guid_swap(bytes bytea) RETURNS bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN substr(bytes, 4, 1) || substr(bytes, 3, 1) || substr(bytes, 2, 1) || substr(bytes, 1, 1)
		|| substr(bytes, 6, 1) || substr(bytes, 5, 1) || substr(bytes, 8, 1) || substr(bytes, 7, 1) || substr(bytes, 9, 8);
END
$$;
COMMENT ON FUNCTION @extschema@.identities_guid_swap(bytea) IS 'internal: between a uuid''s bytes and a .NET Guid''s memory form';
CREATE FUNCTION @extschema@.identities_reverse_bytes(bytes bytea) RETURNS bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN CASE length(bytes)
		WHEN 8 THEN substr(bytes, 8, 1) || substr(bytes, 7, 1) || substr(bytes, 6, 1) || substr(bytes, 5, 1)
			|| substr(bytes, 4, 1) || substr(bytes, 3, 1) || substr(bytes, 2, 1) || substr(bytes, 1, 1)
		WHEN 4 THEN substr(bytes, 4, 1) || substr(bytes, 3, 1) || substr(bytes, 2, 1) || substr(bytes, 1, 1)
	END;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_reverse_bytes(bytea) IS 'internal: 4 or 8 bytes in reverse order (big- to little-endian)';

-- Internal: Architect's plaintext of a decimal (a bigint's is the same below 2^64): the .NET decimal's memory
-- form, flags 0, then the 96-bit integer as a little-endian 32-bit high part and 64-bit low part.
CREATE FUNCTION @extschema@.identities_decimal_plaintext(value numeric) RETURNS bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN '\x00000000'::bytea
		|| @extschema@.identities_reverse_bytes(@extschema@.identities_numeric_to_bytes(div(value, 18446744073709551616), 4))
		|| @extschema@.identities_reverse_bytes(@extschema@.identities_numeric_to_bytes(mod(value, 18446744073709551616), 8));
END
$$;
COMMENT ON FUNCTION @extschema@.identities_decimal_plaintext(numeric) IS 'internal: Architect''s plaintext of a decimal from 0 to 10^28-1';

CREATE FUNCTION @extschema@.identities_bigint_plaintext(value bigint) RETURNS bytea
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN '\x0000000000000000'::bytea || @extschema@.identities_reverse_bytes(int8send(value));
COMMENT ON FUNCTION @extschema@.identities_bigint_plaintext(bigint) IS 'internal: Architect''s plaintext of a non-negative bigint (uint64 layout)';

-- Internal: the integer a plaintext holds in the decimal layout (NULL when it is none: flags not zero, or more
-- than 10^28-1); the uint64 layout is the same with its high part zero.
CREATE FUNCTION @extschema@.identities_decimal_of_plaintext(plaintext bytea) RETURNS numeric
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN CASE WHEN substr(plaintext, 1, 4) = '\x00000000'::bytea
			AND @extschema@.identities_bytes_to_numeric(@extschema@.identities_reverse_bytes(substr(plaintext, 5, 4))) * 18446744073709551616
				+ @extschema@.identities_bytes_to_numeric(@extschema@.identities_reverse_bytes(substr(plaintext, 9, 8))) <= 9999999999999999999999999999
		THEN @extschema@.identities_bytes_to_numeric(@extschema@.identities_reverse_bytes(substr(plaintext, 5, 4))) * 18446744073709551616
			+ @extschema@.identities_bytes_to_numeric(@extschema@.identities_reverse_bytes(substr(plaintext, 9, 8))) END;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_decimal_of_plaintext(bytea) IS 'internal: the decimal of a plaintext in Architect''s layout, NULL for none';
CREATE FUNCTION @extschema@.identities_bigint_of_plaintext(plaintext bytea) RETURNS bigint
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN CASE WHEN substr(plaintext, 1, 8) = '\x0000000000000000'::bytea
			AND ('x' || encode(@extschema@.identities_reverse_bytes(substr(plaintext, 9, 8)), 'hex'))::bit(64)::bigint >= 0
		THEN ('x' || encode(@extschema@.identities_reverse_bytes(substr(plaintext, 9, 8)), 'hex'))::bit(64)::bigint END;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_bigint_of_plaintext(bytea) IS 'internal: the bigint of a plaintext in Architect''s uint64 layout, NULL for none';
CREATE FUNCTION @extschema@.identities_is_number_plaintext(plaintext bytea) RETURNS boolean
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN substr(plaintext, 1, 8) = '\x0000000000000000'::bytea OR @extschema@.identities_decimal_of_plaintext(plaintext) IS NOT NULL;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_is_number_plaintext(bytea) IS 'internal: whether 16 bytes are laid out as a number''s plaintext (uint64 or decimal)';

-- The gates of the key: a plaintext's public id under the current key, and a public id's plaintext under a
-- slot's key (NULL when that slot holds none). They run as the role that installed the edition, the only one that
-- reads the key table. The key is read in the statement that uses it. SQL-standard
-- bodies are bound when created: no search_path of the caller reaches into them.
-- (VOLATILE: the planner would call a constant function while planning, and raise.)
CREATE FUNCTION @extschema@.identities_no_public_key() RETURNS bytea
	LANGUAGE plpgsql VOLATILE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RAISE EXCEPTION 'no public id key is configured' USING ERRCODE = '55000',
		HINT = 'The role that installed identities_portable sets one with identities_public_key_generate() or identities_public_key_set($1).';
END
$$;
COMMENT ON FUNCTION @extschema@.identities_no_public_key() IS 'internal: raises 55000, no public id key';
CREATE FUNCTION @extschema@.identities_public_id_encrypt(plaintext bytea) RETURNS bytea
	LANGUAGE sql STABLE STRICT PARALLEL RESTRICTED SECURITY DEFINER
	RETURN coalesce(
		(SELECT @extschema@.identities_aes_encrypt_block(plaintext, stored.key) FROM @extschema@.identities_public_key AS stored WHERE stored.slot = 'current'),
		@extschema@.identities_no_public_key());
COMMENT ON FUNCTION @extschema@.identities_public_id_encrypt(bytea) IS 'the AES block of a plaintext under the current public id key (the gate of making public ids)';
CREATE FUNCTION @extschema@.identities_public_id_decrypt(ciphertext bytea, key_slot text) RETURNS bytea
	LANGUAGE sql STABLE STRICT PARALLEL RESTRICTED SECURITY DEFINER
	RETURN coalesce(
		(SELECT @extschema@.identities_aes_decrypt_block(ciphertext, stored.key) FROM @extschema@.identities_public_key AS stored WHERE stored.slot = key_slot),
		CASE WHEN key_slot = 'current' OR NOT EXISTS (SELECT FROM @extschema@.identities_public_key AS stored WHERE stored.slot = 'current')
			THEN @extschema@.identities_no_public_key() END);
COMMENT ON FUNCTION @extschema@.identities_public_id_decrypt(bytea, text) IS 'the plaintext of an AES block under the public id key of a slot (''current'', ''previous''), NULL when it holds none (the gate of reading public ids)';

-- Internal: a plaintext's public id (the ciphertext is a .NET Guid's memory form), and a public id's plaintext.
CREATE FUNCTION @extschema@.identities_public_id_of(plaintext bytea) RETURNS uuid
	LANGUAGE sql STABLE STRICT PARALLEL RESTRICTED
	RETURN encode(@extschema@.identities_guid_swap(@extschema@.identities_public_id_encrypt(plaintext)), 'hex')::uuid;
COMMENT ON FUNCTION @extschema@.identities_public_id_of(bytea) IS 'internal: the public id of a plaintext under the current key';
CREATE FUNCTION @extschema@.identities_plaintext_of(public_id uuid, key_slot text) RETURNS bytea
	LANGUAGE sql STABLE STRICT PARALLEL RESTRICTED
	RETURN @extschema@.identities_public_id_decrypt(@extschema@.identities_guid_swap(uuid_send(public_id)), key_slot);
COMMENT ON FUNCTION @extschema@.identities_plaintext_of(uuid, text) IS 'internal: the plaintext of a public id under a slot''s key, NULL when it holds none';

-- The functions of public ids run with the caller's rights (inlined by the planner where they can be) and reach
-- the key through the two functions above only: REVOKE EXECUTE on identities_public_id_encrypt (making public
-- ids) and identities_public_id_decrypt (reading them) keeps a role from every function of public ids. (Both
-- only run pgcrypto on the key: no function of the caller's runs as their owner.)

@function public_id(bigint)
	LANGUAGE sql STABLE STRICT PARALLEL RESTRICTED
	RETURN @extschema@.identities_public_id_of(@extschema@.identities_bigint_plaintext(@extschema@.identities_encodable_bigint($1::bigint, 'a public id')::bigint));
COMMENT ON FUNCTION @extschema@.public_id(bigint) IS 'public id of a non-negative bigint: one AES block under the current key, as Architect''s AesPublicIdentityConverter';
@function public_id(integer)
	LANGUAGE sql STABLE STRICT PARALLEL RESTRICTED
	RETURN @extschema@.identities_public_id_of(@extschema@.identities_bigint_plaintext(@extschema@.identities_encodable_bigint($1::bigint, 'a public id')::bigint));
@function public_id(distributedid)
	LANGUAGE sql STABLE STRICT PARALLEL RESTRICTED
	RETURN @extschema@.identities_public_id_of(@extschema@.identities_decimal_plaintext($1));
COMMENT ON FUNCTION @extschema@.public_id(@extschema@.distributedid) IS 'public id of a distributedid: one AES block under the current key, as Architect''s AesPublicIdentityConverter';
@function public_id(numeric)
	LANGUAGE sql STABLE STRICT PARALLEL RESTRICTED
	RETURN @extschema@.identities_public_id_of(@extschema@.identities_decimal_plaintext(@extschema@.identities_encodable_numeric($1, 'a public id')));
COMMENT ON FUNCTION @extschema@.public_id(numeric) IS 'public id of an integral numeric from 0 to 10^28-1: one AES block under the current key, as Architect''s AesPublicIdentityConverter';
@function public_id(uuid)
	LANGUAGE plpgsql STABLE STRICT PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	IF @extschema@.identities_is_number_plaintext(uuid_send($1)) THEN
		@raise uuid_has_no_public_id($1);
	END IF;
	RETURN @extschema@.identities_public_id_of(uuid_send($1));
END
$$;
COMMENT ON FUNCTION @extschema@.public_id(uuid) IS 'public id of a uuid: one AES block of its bytes under the current key, as Architect''s AesPublicIdentityConverter; none (22023) for a uuid laid out as a bigint''s or a decimal''s, whose public id it would be';

@function public_id_to_bigint(uuid)
	LANGUAGE plpgsql STABLE STRICT PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN coalesce(@extschema@.identities_bigint_of_plaintext(@extschema@.identities_plaintext_of($1, 'current')),
		@extschema@.identities_bigint_of_plaintext(@extschema@.identities_plaintext_of($1, 'previous')));
END
$$;
@function public_id_to_numeric(uuid)
	LANGUAGE plpgsql STABLE STRICT PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN coalesce(@extschema@.identities_decimal_of_plaintext(@extschema@.identities_plaintext_of($1, 'current')),
		@extschema@.identities_decimal_of_plaintext(@extschema@.identities_plaintext_of($1, 'previous')));
END
$$;
@function public_id_to_distributedid(uuid)
	LANGUAGE plpgsql STABLE STRICT PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN coalesce(@extschema@.identities_decimal_of_plaintext(@extschema@.identities_plaintext_of($1, 'current')),
		@extschema@.identities_decimal_of_plaintext(@extschema@.identities_plaintext_of($1, 'previous')));
END
$$;
@function public_id_to_uuid(uuid)
	LANGUAGE sql STABLE STRICT PARALLEL RESTRICTED
	RETURN (SELECT CASE WHEN NOT @extschema@.identities_is_number_plaintext(plaintext) THEN encode(plaintext, 'hex')::uuid END
		FROM (SELECT @extschema@.identities_plaintext_of($1, 'current') AS plaintext) AS decrypted);

-- key rotation: the previous key reads the public ids made before the current one

@function public_id_to_uuid(uuid,text)
	LANGUAGE plpgsql STABLE STRICT PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	plaintext bytea;
BEGIN
	IF key NOT IN ('current', 'previous') THEN
		RAISE EXCEPTION 'invalid key for public_id_to_uuid: "%"', key USING ERRCODE = '22023',
			HINT = 'The key is ''current'' or ''previous''.';
	END IF;
	plaintext := @extschema@.identities_plaintext_of(public_id, key);
	IF plaintext IS NULL THEN
		RAISE EXCEPTION 'no previous public id key is configured' USING ERRCODE = '55000',
			HINT = 'The role that installed identities_portable keeps one through a rotation: identities_public_key_rotate().';
	END IF;
	RETURN CASE WHEN NOT @extschema@.identities_is_number_plaintext(plaintext) THEN encode(plaintext, 'hex')::uuid END;
END
$$;

@function public_id_key(uuid)
	LANGUAGE plpgsql STABLE STRICT PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN CASE
		WHEN @extschema@.identities_is_number_plaintext(@extschema@.identities_plaintext_of(public_id, 'current')) THEN 'current'
		WHEN @extschema@.identities_is_number_plaintext(@extschema@.identities_plaintext_of(public_id, 'previous')) THEN 'previous'
	END;
END
$$;

-- A bigint's plaintext is the decimal layout of the same value: one re-encryption serves both kinds.
@function public_id_renew(uuid)
	LANGUAGE plpgsql STABLE STRICT PARALLEL RESTRICTED SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN CASE
		WHEN @extschema@.identities_is_number_plaintext(@extschema@.identities_plaintext_of(public_id, 'current')) THEN public_id
		ELSE @extschema@.identities_public_id_of(@extschema@.identities_decimal_plaintext(
			@extschema@.identities_decimal_of_plaintext(@extschema@.identities_plaintext_of(public_id, 'previous'))))
	END;
END
$$;

-- fingerprints: servers compare keys without showing them (the native edition's, byte for byte)
@function identities_public_key_fingerprint()
	LANGUAGE sql STABLE PARALLEL RESTRICTED SECURITY DEFINER
	RETURN (SELECT encode(substr(sha256(convert_to('identities public id key fingerprint 1', 'UTF8') || stored.key), 1, 8), 'hex')
		FROM @extschema@.identities_public_key AS stored WHERE stored.slot = 'current');
@function identities_public_key_previous_fingerprint()
	LANGUAGE sql STABLE PARALLEL RESTRICTED SECURITY DEFINER
	RETURN (SELECT encode(substr(sha256(convert_to('identities public id key fingerprint 1', 'UTF8') || stored.key), 1, 8), 'hex')
		FROM @extschema@.identities_public_key AS stored WHERE stored.slot = 'previous');

-- Whether the key is its owner's alone: nobody else granted anything on the key table or one of its columns, its
-- row level security on and no policy letting rows through, nobody else allowed to run the functions that set or
-- export it. Raises 42501 naming the first thing to undo. The install runs it, and so does every function that sets
-- or exports the key.
CREATE FUNCTION @extschema@.identities_public_key_check_private() RETURNS void
	LANGUAGE plpgsql STABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	key_table constant regclass := '@extschema@.identities_public_key'::regclass;
	grant_found record;
	policy_name name;
BEGIN
	SELECT object_kind, object_name, grant_given.privilege_type,
			CASE WHEN grant_given.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(grant_given.grantee)) END AS grantee
		INTO grant_found
	FROM (SELECT 'TABLE' AS object_kind, c.oid::regclass::text AS object_name, c.relowner AS owner,
				coalesce(c.relacl, acldefault('r', c.relowner)) AS acl
			FROM pg_class AS c WHERE c.oid = key_table
		UNION ALL
		SELECT 'TABLE', format('%s (column %I)', key_table, a.attname), c.relowner, a.attacl
			FROM pg_attribute AS a JOIN pg_class AS c ON c.oid = a.attrelid
			WHERE a.attrelid = key_table AND a.attacl IS NOT NULL
		UNION ALL
		SELECT 'FUNCTION', p.oid::regprocedure::text, p.proowner, coalesce(p.proacl, acldefault('f', p.proowner))
			FROM pg_proc AS p
			-- by signature: an overload another role may create beside them is none of theirs
			WHERE p.oid IN ('@extschema@.identities_public_key_store(text, text)'::regprocedure,
				'@extschema@.identities_public_key_set(text)'::regprocedure, '@extschema@.identities_public_key_set_previous(text)'::regprocedure,
				'@extschema@.identities_public_key_generate(integer)'::regprocedure, '@extschema@.identities_public_key_rotate(text)'::regprocedure,
				'@extschema@.identities_public_key_export()'::regprocedure)) AS object,
		aclexplode(object.acl) AS grant_given
	WHERE grant_given.grantee <> object.owner
	LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'the public id key of identities_portable is not private to its owner' USING ERRCODE = '42501',
			DETAIL = format('%s holds %s on %s %s.', grant_found.grantee, grant_found.privilege_type, lower(grant_found.object_kind), grant_found.object_name),
			HINT = format('Take it back: REVOKE ALL ON %s %s FROM %s;', grant_found.object_kind,
				CASE WHEN grant_found.object_kind = 'TABLE' THEN key_table::text ELSE grant_found.object_name END, grant_found.grantee);
	END IF;
	IF NOT (SELECT relrowsecurity FROM pg_class WHERE oid = key_table) THEN
		RAISE EXCEPTION 'the public id key of identities_portable is not private to its owner' USING ERRCODE = '42501',
			DETAIL = format('Row level security is disabled on %s: a role granted SELECT on every table would read the key.', key_table),
			HINT = format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY;', key_table);
	END IF;
	SELECT polname INTO policy_name FROM pg_policy WHERE polrelid = key_table LIMIT 1;
	IF FOUND THEN
		RAISE EXCEPTION 'the public id key of identities_portable is not private to its owner' USING ERRCODE = '42501',
			DETAIL = format('The policy %I on %s lets rows of the key through row level security.', policy_name, key_table),
			HINT = format('DROP POLICY %I ON %s;', policy_name, key_table);
	END IF;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_public_key_check_private() IS 'raises 42501 unless no role but the owner can read, change or export the public id key';

-- The roles the key's privacy cannot keep out, superusers and the owner's members aside: those that bypass row level
-- security and read every table (pg_read_all_data) or are granted SELECT on the key table. Nothing in SQL keeps
-- them from the key; the install warns of them (privileges.sql).
CREATE FUNCTION @extschema@.identities_public_key_unguarded_readers() RETURNS SETOF name
	LANGUAGE sql STABLE PARALLEL SAFE
BEGIN ATOMIC
	SELECT r.rolname
	FROM pg_roles AS r
	WHERE r.rolbypassrls AND NOT r.rolsuper
		AND (pg_has_role(r.oid, 'pg_read_all_data', 'USAGE') OR has_table_privilege(r.oid, '@extschema@.identities_public_key'::regclass, 'SELECT'))
		AND NOT pg_has_role(r.oid, (SELECT relowner FROM pg_class WHERE oid = '@extschema@.identities_public_key'::regclass), 'USAGE')
	ORDER BY r.rolname;
END;
COMMENT ON FUNCTION @extschema@.identities_public_key_unguarded_readers() IS 'the roles that bypass row level security and read every table or the key table (superusers and the owner''s members aside): nothing in SQL keeps them from the public id key';

-- Setting the key: the installing role's alone (REVOKEd from PUBLIC below). None of these echoes a key in an
-- error; generate and rotate without an argument make the key in the database, so that no statement carries it.

-- Internal: a key's bytes from its base64 text (16, 24 or 32 bytes, canonical), checked before decode() sees it.
CREATE FUNCTION @extschema@.identities_public_key_bytes(key text) RETURNS bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	text_form text := btrim(key, E' \t\n\r\f\x0B');
BEGIN
	IF text_form ~ '^[A-Za-z0-9+/]{21}[AQgw]==$' OR text_form ~ '^[A-Za-z0-9+/]{32}$' OR text_form ~ '^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$' THEN
		RETURN decode(text_form, 'base64');
	END IF;
	RAISE EXCEPTION 'invalid public id key' USING ERRCODE = '22023',
		DETAIL = 'A key is the canonical base64 of 16, 24 or 32 bytes (AES-128, -192 or -256). The value is not shown.';
END
$$;
COMMENT ON FUNCTION @extschema@.identities_public_key_bytes(text) IS 'internal: the bytes of a base64 public id key, checked without showing it';

-- Internal: stores a key given as base64 in a slot. The key reaches the INSERT through a setting local to this
-- call (set and read in expressions PL/pgSQL evaluates itself, taken back when the call ends), never as a parameter
-- of a statement: auto_explain (log_nested_statements) and pgaudit (log_parameter) log the parameters of the
-- statements functions run. Its callers call it in an expression (an assignment), never in a statement
-- (PERFORM), for the same reason. Returns the slot.
CREATE FUNCTION @extschema@.identities_public_key_store(slot text, key text) RETURNS text
	LANGUAGE plpgsql VOLATILE STRICT SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	ignored text;
BEGIN
	ignored := set_config('identities_portable.key_being_stored', key, true);
	INSERT INTO @extschema@.identities_public_key AS stored (slot, key)
		VALUES (slot, @extschema@.identities_public_key_bytes(current_setting('identities_portable.key_being_stored')))
		ON CONFLICT ON CONSTRAINT identities_public_key_pkey DO UPDATE SET key = excluded.key;
	RETURN slot;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_public_key_store(text, text) IS 'internal: stores a base64 key in a slot, never a statement''s parameter';

CREATE FUNCTION @extschema@.identities_public_key_set(key text) RETURNS text
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	stored text;
BEGIN
	PERFORM @extschema@.identities_public_key_check_private();
	stored := @extschema@.identities_public_key_store('current', key);
	IF EXISTS (SELECT FROM @extschema@.identities_public_key AS current_key JOIN @extschema@.identities_public_key AS previous_key
			ON current_key.slot = 'current' AND previous_key.slot = 'previous' AND current_key.key = previous_key.key) THEN
		RAISE EXCEPTION 'the previous public id key is the same as the current one' USING ERRCODE = '22023',
			DETAIL = 'The previous key only reads public ids made before the current key. The keys are not shown.';
	END IF;
	RETURN @extschema@.identities_public_key_fingerprint();
END
$$;
COMMENT ON FUNCTION @extschema@.identities_public_key_set(text) IS 'sets the current public id key (the base64 of 16, 24 or 32 bytes, as Architect''s Key("...")); returns its fingerprint. Pass it as a bind parameter, never as a literal';

CREATE FUNCTION @extschema@.identities_public_key_set_previous(key text) RETURNS text
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	stored text;
BEGIN
	PERFORM @extschema@.identities_public_key_check_private();
	IF key IS NULL THEN
		DELETE FROM @extschema@.identities_public_key WHERE slot = 'previous';
		RETURN NULL;
	END IF;
	stored := @extschema@.identities_public_key_store('previous', key);
	IF EXISTS (SELECT FROM @extschema@.identities_public_key AS current_key JOIN @extschema@.identities_public_key AS previous_key
			ON current_key.slot = 'current' AND previous_key.slot = 'previous' AND current_key.key = previous_key.key) THEN
		RAISE EXCEPTION 'the previous public id key is the same as the current one' USING ERRCODE = '22023',
			DETAIL = 'The previous key only reads public ids made before the current key. The keys are not shown.';
	END IF;
	RETURN @extschema@.identities_public_key_previous_fingerprint();
END
$$;
COMMENT ON FUNCTION @extschema@.identities_public_key_set_previous(text) IS 'sets (NULL: forgets) the previous public id key of a rotation; returns its fingerprint';

-- A key made in the database (PostgreSQL's strong random source, through pgcrypto): no statement carries it.
CREATE FUNCTION @extschema@.identities_public_key_generate(key_bytes integer DEFAULT 32) RETURNS text
	LANGUAGE plpgsql VOLATILE STRICT SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	PERFORM @extschema@.identities_public_key_check_private();
	IF key_bytes NOT IN (16, 24, 32) THEN
		RAISE EXCEPTION 'a public id key has 16, 24 or 32 bytes, not %', key_bytes USING ERRCODE = '22023';
	END IF;
	INSERT INTO @extschema@.identities_public_key AS stored (slot, key)
		VALUES ('current', @extschema@.identities_random_key(key_bytes))
		ON CONFLICT (slot) DO UPDATE SET key = excluded.key;
	RETURN @extschema@.identities_public_key_fingerprint();
END
$$;
COMMENT ON FUNCTION @extschema@.identities_public_key_generate(integer) IS 'makes a random current public id key of 16, 24 or 32 bytes (default 32: AES-256) in the database; returns its fingerprint';

-- The current key moves to the previous slot (the public ids made under it still decode), and a new one takes
-- its place: the given one, or one made in the database.
CREATE FUNCTION @extschema@.identities_public_key_rotate(key text DEFAULT NULL) RETURNS text
	LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	checked bytea;
	stored text;
BEGIN
	PERFORM @extschema@.identities_public_key_check_private();
	IF key IS NOT NULL THEN
		checked := @extschema@.identities_public_key_bytes(key); -- before anything changes (an expression: see above)
	END IF;
	IF NOT EXISTS (SELECT FROM @extschema@.identities_public_key WHERE slot = 'current') THEN
		RAISE EXCEPTION 'no public id key is configured' USING ERRCODE = '55000',
			HINT = 'Set the first key with identities_public_key_generate() or identities_public_key_set($1).';
	END IF;
	DELETE FROM @extschema@.identities_public_key WHERE slot = 'previous';
	UPDATE @extschema@.identities_public_key SET slot = 'previous' WHERE slot = 'current';
	IF key IS NULL THEN
		-- made in the statement that stores it: no statement carries it
		INSERT INTO @extschema@.identities_public_key (slot, key) VALUES ('current', @extschema@.identities_random_key(32));
	ELSE
		stored := @extschema@.identities_public_key_store('current', key);
	END IF;
	IF EXISTS (SELECT FROM @extschema@.identities_public_key AS current_key JOIN @extschema@.identities_public_key AS previous_key
			ON current_key.slot = 'current' AND previous_key.slot = 'previous' AND current_key.key = previous_key.key) THEN
		RAISE EXCEPTION 'the new public id key is the same as the current one' USING ERRCODE = '22023',
			DETAIL = 'The keys are not shown.';
	END IF;
	RETURN @extschema@.identities_public_key_fingerprint();
END
$$;
COMMENT ON FUNCTION @extschema@.identities_public_key_rotate(text) IS 'rotates the public id key: the current one becomes the previous one, and the given key (or, without one, a random 32-byte key made in the database) the current one; returns its fingerprint';

-- The current key's base64, for the services that must make the same public ids (Architect's Key("...")): a
-- query result, never a log line.
CREATE FUNCTION @extschema@.identities_public_key_export() RETURNS text
	LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	PERFORM @extschema@.identities_public_key_check_private();
	RETURN (SELECT encode(stored.key, 'base64') FROM @extschema@.identities_public_key AS stored WHERE stored.slot = 'current');
END
$$;
COMMENT ON FUNCTION @extschema@.identities_public_key_export() IS 'the current public id key''s base64, for the application servers that make the same public ids';

-- Internal: whether the session's login role is the role that installed the edition or one of its members (or a
-- superuser): the roles that may export the key, which identities_public_key_check_private keeps to the owner's.
-- The native edition's server-level settings are superuser-only or server-wide; here such roles stand in for
-- superusers. session_user, not current_user: a SECURITY DEFINER function of the owner's does not make its caller
-- one. (A privilege check rather than the owner read from the catalog: one expression, inlined where it is used.)
CREATE FUNCTION @extschema@.identities_owner_session() RETURNS boolean
	LANGUAGE sql STABLE PARALLEL SAFE
	RETURN has_function_privilege(session_user, '@extschema@.identities_public_key_export()'::regprocedure, 'EXECUTE');
COMMENT ON FUNCTION @extschema@.identities_owner_session() IS 'internal: whether the session''s login role is the owner of the edition, one of its members or a superuser';

-- Internal: such a setting as the portable edition honours it. Any role can SET a custom setting, or ALTER ROLE
-- itself SET one, so for a session of another role than the owner's only the database's value counts; for the
-- owner's sessions (identities_owner_session), the session's value, as a superuser's in the native edition. ''
-- when unset. (One expression, not STRICT: the planner inlines it where it is used, the owner's case costing no
-- call.)
CREATE FUNCTION @extschema@.identities_server_setting(name text) RETURNS text
	LANGUAGE sql STABLE PARALLEL SAFE
	RETURN CASE WHEN @extschema@.identities_owner_session() THEN btrim(coalesce(current_setting(name, true), ''))
		ELSE @extschema@.identities_database_setting(name) END;
COMMENT ON FUNCTION @extschema@.identities_server_setting(text) IS 'internal: a server-level identities.* setting: the session''s for the owner''s sessions, else the database''s (ALTER DATABASE ... SET)';

REVOKE ALL ON FUNCTION @extschema@.identities_public_key_store(text, text) FROM PUBLIC;
REVOKE ALL ON FUNCTION @extschema@.identities_public_key_set(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION @extschema@.identities_public_key_set_previous(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION @extschema@.identities_public_key_generate(integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION @extschema@.identities_public_key_rotate(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION @extschema@.identities_public_key_export() FROM PUBLIC;
