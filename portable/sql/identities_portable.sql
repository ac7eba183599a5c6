--------------------------------------------------------------------------------------------------------------
-- identities, portable edition: the same ids as the native extension, in SQL and PL/pgSQL over core PostgreSQL
-- and pgcrypto, for servers that load no C library of ours (managed services: as a pg_tle extension, or a script)
--------------------------------------------------------------------------------------------------------------
-- Every name is the native edition's, with the same meaning; doc/portable.md lists what differs and why.
-- Every reference to an object of this edition is qualified with its schema (@extschema@); the script runs with
-- its search_path pinned to pg_catalog (portable/build writes the SET first), so the functions with SQL-standard
-- bodies bind their references to pg_catalog and the edition when created, and every PL/pgSQL function pins its
-- own: nothing depends on the caller's search_path, or reaches an object another role planted (a partition bound,
-- an index expression or a restore runs with another path). A helper that uses an argument more than once is
-- PL/pgSQL: the planner would not inline such a SQL function, and a SQL function it does not inline costs an
-- executor start per call, a PL/pgSQL expression a fraction of that.
-- Settings keep the native names (identities.incremental_ids, identities.siq_domain, ...): plain custom settings
-- here, which an application sets the same way under either edition; the server-level ones count from the owner's
-- sessions or the database's own values (identities_server_setting). No generator keeps state in a setting: a
-- session could set it, and a rollback take it back.

-- Internal: an unsigned big-endian byte string (up to 16 bytes) and the integer it holds.
CREATE FUNCTION @extschema@.identities_unsigned_bigint_to_numeric(value bigint) RETURNS numeric
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN CASE WHEN value < 0 THEN value::numeric + 18446744073709551616 ELSE value::numeric END;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_unsigned_bigint_to_numeric(bigint) IS 'internal: the unsigned 64-bit integer whose bits a bigint holds';

CREATE FUNCTION @extschema@.identities_bytes_to_numeric(bytes bytea) RETURNS numeric
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN CASE
		WHEN length(bytes) <= 8 THEN
			@extschema@.identities_unsigned_bigint_to_numeric(('x' || lpad(encode(bytes, 'hex'), 16, '0'))::bit(64)::bigint)
		ELSE
			@extschema@.identities_unsigned_bigint_to_numeric(
				('x' || lpad(encode(substr(bytes, 1, length(bytes) - 8), 'hex'), 16, '0'))::bit(64)::bigint)
			* 18446744073709551616
			+ @extschema@.identities_unsigned_bigint_to_numeric(
				('x' || encode(substr(bytes, length(bytes) - 7), 'hex'))::bit(64)::bigint)
	END;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_bytes_to_numeric(bytea) IS 'internal: the unsigned big-endian integer of up to 16 bytes';

-- The caller checks the range (0 <= value < 2^(8 * length)).
CREATE FUNCTION @extschema@.identities_numeric_to_bytes(value numeric, length integer) RETURNS bytea
	LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RETURN substr(
		int8send((div(value, 18446744073709551616) - CASE WHEN div(value, 18446744073709551616) >= 9223372036854775808
			THEN 18446744073709551616 ELSE 0 END)::bigint)
		|| int8send((mod(value, 18446744073709551616) - CASE WHEN mod(value, 18446744073709551616) >= 9223372036854775808
			THEN 18446744073709551616 ELSE 0 END)::bigint),
		17 - length);
END
$$;
COMMENT ON FUNCTION @extschema@.identities_numeric_to_bytes(numeric, integer) IS 'internal: the unsigned big-endian bytes of an integer, the given number of them (up to 16)';

-- Internal: milliseconds since an epoch, and back (exact: extract(epoch) is numeric, and an interval times a float
-- is exact for whole hours and for less than an hour of milliseconds).
CREATE FUNCTION @extschema@.identities_milliseconds_since(epoch timestamptz, instant timestamptz) RETURNS numeric
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN (extract(epoch FROM instant) - extract(epoch FROM epoch)) * 1000;
COMMENT ON FUNCTION @extschema@.identities_milliseconds_since(timestamptz, timestamptz) IS 'internal: the milliseconds (fraction kept) from an epoch to an instant';

CREATE FUNCTION @extschema@.identities_instant_after(epoch timestamptz, milliseconds bigint) RETURNS timestamptz
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	RETURN epoch + interval '1 hour' * div(milliseconds, 3600000) + interval '1 millisecond' * mod(milliseconds, 3600000);
COMMENT ON FUNCTION @extschema@.identities_instant_after(timestamptz, bigint) IS 'internal: the instant a whole number of milliseconds after an epoch';

-- Internal: random bits from PostgreSQL's strong random source (gen_random_uuid: 122 random bits, no version or
-- variant bits in bytes 0-5 and 9-15).
CREATE FUNCTION @extschema@.identities_random_bytes() RETURNS bytea
	LANGUAGE sql VOLATILE PARALLEL SAFE
	RETURN uuid_send(gen_random_uuid());
COMMENT ON FUNCTION @extschema@.identities_random_bytes() IS 'internal: 16 bytes of a random uuid (bytes 0-5 and 9-15 wholly random)';

-- Internal: the refusal of a generator that counts its ids with one of the edition's sequences (SIQ's serials,
-- Snowflake's increments, HotGuid's counters) in a read-only transaction (or on a hot standby), where nextval is
-- refused: rather than fall back to a count a session could repeat. The sequences belong to the role that installed
-- the edition and are granted to no one: only the generators, which run as that role, draw from them, so no
-- session can burn or rewind the tickets.
CREATE FUNCTION @extschema@.identities_refuse_read_only(format text) RETURNS void
	LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
BEGIN
	RAISE EXCEPTION 'cannot generate a % in a read-only transaction', format USING ERRCODE = '25006',
		DETAIL = 'The portable edition counts these ids with a sequence, and nextval is refused in a read-only transaction (and on a hot standby).',
		HINT = 'Generate on the primary in a read-write transaction, or use a generator that needs no counter (uuidv7_generate, distributedid_generate).';
END
$$;
COMMENT ON FUNCTION @extschema@.identities_refuse_read_only(text) IS 'internal: raises 25006, a generator that draws from a sequence in a read-only transaction';

-- Registers (identities_snowflake_last, identities_siq_last, identities_hotguid_last): what a generator must
-- remember of the session's last id, to keep the session's ids increasing. A register is a sequence of the owner's
-- whose shared value nobody reads: setval sets the session's currval, which PostgreSQL keeps per session and
-- outside transactions (a rollback does not take it back), and which a role without rights on the sequence can
-- neither read nor change (DISCARD SEQUENCES forgets it: the session starts afresh, as a new one). The generators
-- read it in an exception block (currval raises before the session's first setval): they are PARALLEL UNSAFE
-- anyway. UNLOGGED: setval writes no WAL.

-- Internal: a server-level setting of the native edition (identities.snowflake_worker, _process, _epoch,
-- identities.siq_shard, _domain) as the database gives it: ALTER DATABASE ... SET (which takes the database's
-- owner), else ALTER ROLE ALL ... SET (a superuser's); '' when neither does.
CREATE FUNCTION @extschema@.identities_database_setting(name text) RETURNS text
	LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	setting text;
BEGIN
	SELECT substr(entry, length(name) + 2) INTO setting
	FROM pg_db_role_setting AS stored, unnest(stored.setconfig) AS entry
	WHERE stored.setrole = 0 AND stored.setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
		AND starts_with(entry, name || '=')
	ORDER BY stored.setdatabase DESC
	LIMIT 1;
	RETURN btrim(coalesce(setting, ''));
END
$$;
COMMENT ON FUNCTION @extschema@.identities_database_setting(text) IS 'internal: a server-level identities.* setting as ALTER DATABASE ... SET (or ALTER ROLE ALL ... SET) gives it';

-- Internal: this node's Citus group id, NULL where Citus is not (or the group is not yet known: -1).
CREATE FUNCTION @extschema@.identities_citus_group() RETURNS integer
	LANGUAGE plpgsql STABLE PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	citus_group integer;
BEGIN
	IF to_regclass('pg_catalog.pg_dist_local_group') IS NOT NULL THEN
		EXECUTE 'SELECT groupid FROM pg_catalog.pg_dist_local_group LIMIT 1' INTO citus_group;
	END IF;
	RETURN CASE WHEN citus_group >= 0 THEN citus_group END;
END
$$;
COMMENT ON FUNCTION @extschema@.identities_citus_group() IS 'internal: this node''s Citus group id (NULL without Citus)';

-- Internal: a node setting of the native edition (identities.snowflake_worker and identities.snowflake_process,
-- 0-31; identities.siq_shard, 0-255), checked when read (a custom setting has no check hook here); unset, derived
-- from a Citus node's group id as the native edition derives it, else 0.
CREATE FUNCTION @extschema@.identities_node_setting(name text) RETURNS integer
	LANGUAGE plpgsql STABLE STRICT PARALLEL SAFE SET search_path = pg_catalog, pg_temp AS $$
DECLARE
	setting text := @extschema@.identities_server_setting(name);
	maximum integer := CASE name WHEN 'identities.siq_shard' THEN 255 ELSE 31 END;
	citus_group integer;
BEGIN
	IF setting = '' THEN
		citus_group := @extschema@.identities_citus_group();
		RETURN CASE WHEN citus_group IS NULL THEN 0
		            WHEN name = 'identities.snowflake_worker' THEN citus_group / 32 % 32
		            WHEN name = 'identities.snowflake_process' THEN citus_group % 32
		            ELSE citus_group & 255 END;
	END IF;
	IF setting ~ '^[+-]?[0-9]{1,9}$' AND setting::integer BETWEEN 0 AND maximum THEN
		RETURN setting::integer;
	END IF;
	RAISE EXCEPTION 'invalid value for parameter "%": "%"', name, setting USING ERRCODE = '22023',
		DETAIL = format('The value must be from 0 to %s.', maximum);
END
$$;
COMMENT ON FUNCTION @extschema@.identities_node_setting(text) IS 'internal: identities.snowflake_worker, identities.snowflake_process or identities.siq_shard, derived on a Citus node when unset';
