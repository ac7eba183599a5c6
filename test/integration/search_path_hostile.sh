# A superuser's search_path with a hostile schema first (CVE-2018-1058): the extension in schema ids, outside
# the path, and a schema "hostile" ahead of pg_catalog that defines, for our types and the core types our
# functions compare, the operators = <> < <= > >= and a twin of every function of the extension, each raising
# if ever called. identities_maintain_partitions (every kind of key, DEFAULT partitions, rows in default, a
# retention), the check functions, identities_raise_floor_above_ids and every SQL-language function of the
# extension run as that superuser and must never call them. The list of SQL and PL/pgSQL functions exercised here
# is checked against the catalog, so a new one cannot go untested.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

port=$PRELOADED_PORT
database=search_path_hostile
psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database"
trap 'psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true' EXIT

psql_on $port -d $database <<SQL
CREATE SCHEMA ids;
CREATE EXTENSION identities SCHEMA ids;
CREATE EXTENSION postgres_fdw;
-- A loopback foreign server, so that identities_check_foreign_servers reads a remote node.
CREATE SERVER loopback FOREIGN DATA WRAPPER postgres_fdw
    OPTIONS (host '$IDENTITIES_WORK', port '$port', dbname '$database', extensions 'identities');
CREATE USER MAPPING FOR postgres SERVER loopback OPTIONS (user 'postgres');

CREATE SCHEMA hostile;
-- Every trap counts its call in a sequence (not rolled back) before raising: a caller that swallows errors
-- cannot hide it.
CREATE SEQUENCE hostile.calls;
CREATE FUNCTION hostile.called(what text) RETURNS boolean LANGUAGE plpgsql AS \$\$
BEGIN
    PERFORM nextval('hostile.calls');
    RAISE EXCEPTION 'hostile object called: %', what;
END \$\$;
DO \$\$
DECLARE
    type_name text;
    operator_name text;
    f record;
    twins integer := 0;
BEGIN
    FOREACH type_name IN ARRAY ARRAY['ids.distributedid', 'ids.iuid', 'ids.siq', 'uuid', 'bigint', 'timestamptz',
                                     'text', 'integer', 'numeric', 'jsonb', 'name', 'oid'] LOOP
        EXECUTE format('CREATE FUNCTION hostile.compare(%1\$s, %1\$s) RETURNS boolean LANGUAGE sql
                        RETURN hostile.called(%2\$L)', type_name, 'operator on ' || type_name);
        FOREACH operator_name IN ARRAY ARRAY['=', '<>', '<', '<=', '>', '>='] LOOP
            EXECUTE format('CREATE OPERATOR hostile.%s (LEFTARG = %s, RIGHTARG = %s, FUNCTION = hostile.compare)',
                           operator_name, type_name, type_name);
        END LOOP;
    END LOOP;
    -- A twin of every function of the extension (those a PL/pgSQL body can stand in for).
    FOR f IN
        SELECT p.proname, pg_get_function_arguments(p.oid) AS arguments, pg_get_function_result(p.oid) AS result
        FROM pg_proc p WHERE p.pronamespace = 'ids'::regnamespace AND p.prokind = 'f'
    LOOP
        BEGIN
            EXECUTE format('CREATE FUNCTION hostile.%I(%s) RETURNS %s LANGUAGE plpgsql AS %L', f.proname,
                           f.arguments, f.result,
                           format('BEGIN PERFORM hostile.called(%L); END', 'function ' || f.proname));
            twins := twins + 1;
        EXCEPTION WHEN OTHERS THEN
            NULL;  -- internal, cstring or a pseudo-type: no PL/pgSQL twin
        END;
    END LOOP;
    -- Core functions the PL/pgSQL bodies call, by the names a hostile schema would shadow.
    CREATE FUNCTION hostile.now() RETURNS timestamptz LANGUAGE sql RETURN CASE WHEN hostile.called('now') THEN NULL::timestamptz END;
    CREATE FUNCTION hostile.quote_literal(text) RETURNS text LANGUAGE sql RETURN CASE WHEN hostile.called('quote_literal') THEN NULL::text END;
    CREATE FUNCTION hostile.to_regclass(text) RETURNS regclass LANGUAGE sql RETURN CASE WHEN hostile.called('to_regclass') THEN NULL::regclass END;
    CREATE FUNCTION hostile.hashtext(text) RETURNS integer LANGUAGE sql RETURN CASE WHEN hostile.called('hashtext') THEN NULL::integer END;
    CREATE FUNCTION hostile.left(text, integer) RETURNS text LANGUAGE sql RETURN CASE WHEN hostile.called('left') THEN NULL::text END;
    CREATE FUNCTION hostile.octet_length(text) RETURNS integer LANGUAGE sql RETURN CASE WHEN hostile.called('octet_length') THEN NULL::integer END;
    CREATE FUNCTION hostile.to_jsonb(ids.identities_node) RETURNS jsonb LANGUAGE sql RETURN CASE WHEN hostile.called('to_jsonb') THEN NULL::jsonb END;
    IF twins < 150 THEN
        RAISE EXCEPTION 'only % hostile twins of the extension''s functions', twins;
    END IF;
END \$\$;
SQL

# Everything below runs as the superuser with the hostile schema first and ids nowhere in the path.
output=$(psql_on $port -d $database -At -v ON_ERROR_STOP=1 <<'SQL'
SET search_path = hostile, pg_catalog, public;
CREATE TABLE public.exercised (signature text);

-- identities_maintain_partitions: every kind of key, with DEFAULT partitions
CREATE TABLE public.by_distributedid (id ids.distributedid) PARTITION BY RANGE (id);
CREATE TABLE public.by_distributedid_default PARTITION OF public.by_distributedid DEFAULT;
CREATE TABLE public.by_iuid (id ids.iuid) PARTITION BY RANGE (id);
CREATE TABLE public.by_iuid_default PARTITION OF public.by_iuid DEFAULT;
CREATE TABLE public.by_siq (id ids.siq) PARTITION BY RANGE (id);
CREATE TABLE public.by_siq_default PARTITION OF public.by_siq DEFAULT;
CREATE TABLE public.by_uuid (id uuid DEFAULT ids.distributedid128_generate()) PARTITION BY RANGE (id);
CREATE TABLE public.by_uuid_default PARTITION OF public.by_uuid DEFAULT;
CREATE TABLE public.by_snowflake (id bigint DEFAULT ids.snowflake_generate()) PARTITION BY RANGE (id);
CREATE TABLE public.by_snowflake_default PARTITION OF public.by_snowflake DEFAULT;
CREATE TABLE public.by_time (id ids.iuid) PARTITION BY RANGE (ids.iuid_extract_timestamp(id));
CREATE TABLE public.by_time_default PARTITION OF public.by_time DEFAULT;
-- a row of tomorrow already in the DEFAULT partition: reported, its day left alone
INSERT INTO public.by_distributedid VALUES (ids.distributedid_boundary(pg_catalog.now() + interval '1 day'));
-- a partition long past the retention
CREATE TABLE public.by_distributedid_old PARTITION OF public.by_distributedid
    FOR VALUES FROM (ids.distributedid_boundary('2001-01-01Z')) TO (ids.distributedid_boundary('2001-01-02Z'));
SELECT 'partitions ' || t || ' ' || string_agg(action, ',' ORDER BY action)
FROM unnest(ARRAY['public.by_distributedid', 'public.by_iuid', 'public.by_siq', 'public.by_uuid', 'public.by_snowflake',
                  'public.by_time']) AS t,
     LATERAL ids.identities_maintain_partitions(t::regclass, '1 day', premake => 2, retention => '1 year') AS m
GROUP BY t ORDER BY t;
INSERT INTO public.exercised VALUES ('identities_maintain_partitions(regclass,interval,integer,interval,text)');

-- the checks: the loopback server is this very server, so it clashes with local
SELECT 'foreign servers ' || string_agg(node || ':' || coalesce(array_to_string(clashes_with, ';'), '-')
                                        || ':' || coalesce(error, '-'), ' ' ORDER BY node)
FROM ids.identities_check_foreign_servers();
INSERT INTO public.exercised VALUES ('identities_check_foreign_servers()');
DO $$
BEGIN
    PERFORM * FROM ids.identities_check_citus_nodes();
EXCEPTION WHEN object_not_in_prerequisite_state THEN
    RAISE NOTICE 'no Citus';
END $$;
INSERT INTO public.exercised VALUES ('identities_check_citus_nodes()');
DO $$
BEGIN
    PERFORM * FROM ids.identities_stats_citus_nodes();
EXCEPTION WHEN object_not_in_prerequisite_state THEN
    RAISE NOTICE 'no Citus';
END $$;
INSERT INTO public.exercised VALUES ('identities_stats_citus_nodes()');
SELECT 'clashes ' || count(clashes_with) FROM ids.identities_node_clashes('[{"node": "a", "snowflake_worker": 1, "snowflake_process": 2},
                                                                 {"node": "b", "snowflake_worker": 1, "snowflake_process": 2}]');
INSERT INTO public.exercised VALUES ('identities_node_clashes(jsonb)');

-- the SQL-language functions: casts, time windows, pg_partman's text decoders
SELECT 'casts ' || concat_ws(' ', ids.smallint_to_distributedid(7::smallint), ids.smallint_to_siq(7::smallint),
                            ids.integer_to_siq(7), ids.bigint_to_siq(7), 7::smallint::ids.distributedid,
                            7::smallint::ids.siq, 7::ids.siq, 7::bigint::ids.siq);
INSERT INTO public.exercised VALUES ('smallint_to_distributedid(smallint)'), ('smallint_to_siq(smallint)'),
    ('integer_to_siq(integer)'), ('bigint_to_siq(bigint)');
SELECT 'within ' || concat_ws(' ',
    ids.distributedid_within(ids.distributedid_generate(), tstzrange(pg_catalog.now() - interval '1 hour', NULL)),
    ids.iuid_within(ids.iuid_generate(1, 1), tstzrange(pg_catalog.now() - interval '1 hour', NULL)),
    ids.siq_within(ids.siq_generate('message'), tstzrange(pg_catalog.now() - interval '1 hour', NULL)),
    ids.distributedid128_within(ids.distributedid128_generate(), tstzrange(pg_catalog.now() - interval '1 hour', NULL)),
    ids.uuidv7_within(ids.uuidv7_generate(), tstzrange(pg_catalog.now() - interval '1 hour', NULL)),
    ids.hotguid_within(ids.hotguid_generate(1), tstzrange(pg_catalog.now() - interval '1 hour', NULL)),
    ids.snowflake_within(ids.snowflake_generate(), tstzrange(pg_catalog.now() - interval '1 hour', NULL)),
    ids.ulid_within(ids.ulid_generate(), tstzrange(pg_catalog.now() - interval '1 hour', NULL)),
    ids.distributedid_generate() OPERATOR(ids.<@) tstzrange(pg_catalog.now() - interval '1 hour', NULL));
-- inlined into a query on a table, as users write it
SELECT 'within on a table ' || count(*) FROM public.by_iuid
WHERE ids.iuid_within(id, tstzrange(pg_catalog.now() - interval '1 hour', NULL));
INSERT INTO public.exercised
SELECT f || '_within(' || t || ',tstzrange)'
FROM (VALUES ('distributedid', 'distributedid'), ('iuid', 'iuid'), ('siq', 'siq'), ('distributedid128', 'uuid'),
             ('uuidv7', 'uuid'), ('hotguid', 'uuid'), ('snowflake', 'bigint'), ('ulid', 'ulid')) AS w(f, t);
SELECT 'decoders ' || concat_ws(' ',
    ids.distributedid128_extract_timestamp(ids.distributedid128_generate()::text) IS NOT NULL,
    ids.uuidv7_extract_timestamp(ids.uuidv7_generate()::text) IS NOT NULL,
    ids.hotguid_extract_timestamp(ids.hotguid_generate(1)::text) IS NOT NULL,
    ids.ulid_extract_timestamp(ids.ulid_boundary_text(pg_catalog.now())) IS NOT NULL);
INSERT INTO public.exercised VALUES ('distributedid128_extract_timestamp(text)'), ('uuidv7_extract_timestamp(text)'),
    ('hotguid_extract_timestamp(text)'), ('ulid_extract_timestamp(text)'), ('ulid_boundary_text(timestamp with time zone)');
-- the floor raised above the ids of every table: each kind of column it reads, and the tables made above
CREATE TABLE public.carried (snowflake bigint DEFAULT ids.snowflake_generate(), siq ids.siq DEFAULT ids.siq_generate('message'),
    iuid ids.iuid DEFAULT ids.iuid_generate(1, 1), uuidv7 uuid DEFAULT ids.uuidv7_generate(),
    hotguid uuid DEFAULT ids.hotguid_generate(1), ulid ids.ulid DEFAULT ids.ulid_generate());
INSERT INTO public.carried DEFAULT VALUES;
SELECT 'floor ' || (ids.identities_raise_floor_above_ids() OPERATOR(pg_catalog.>) (SELECT ids.iuid_extract_timestamp(iuid) FROM public.carried));
INSERT INTO public.exercised VALUES ('identities_raise_floor_above_ids(regclass[])');
-- a column's format, by its type and by its DEFAULT's generator
SELECT 'column formats ' || ids.identities_column_format('public.carried', 'siq') || ' '
    || ids.identities_column_format('public.carried', 'uuidv7');
INSERT INTO public.exercised VALUES ('identities_column_format(regclass,name)');
SQL
) || { echo "$output"; echo "search_path_hostile: the superuser's session failed"; exit 1; }
# Checked in a session with an ordinary search_path (the hostile one traps this query's own comparisons).
output+=$'\n'$(psql_on $port -d $database -At <<'SQL'
-- every SQL or PL/pgSQL function of the extension was exercised above
SELECT 'not exercised ' || p.oid::regprocedure FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
WHERE p.pronamespace = 'ids'::regnamespace AND l.lanname IN ('sql', 'plpgsql')
  AND replace(p.oid::regprocedure::text, 'ids.', '') NOT IN (SELECT signature FROM public.exercised);
SELECT 'hostile calls ' || CASE WHEN is_called THEN last_value ELSE 0 END FROM hostile.calls;
SQL
)
echo "$output"
fail_prefix="search_path_hostile: "
grep -qx 'hostile calls 0' <<<"$output" || fail "a hostile object was called"
grep -qx 'column formats siq uuidv7' <<<"$output" || fail "identities_column_format"
grep -q '^not exercised' <<<"$output" && fail "SQL functions of the extension this test does not run"
for table in by_distributedid by_iuid by_siq by_uuid by_snowflake by_time; do
	grep -q "^partitions public.$table created" <<<"$output" || fail "no partition created for $table"
done
grep -qx 'partitions public.by_distributedid created,created,dropped,rows in default' <<<"$output" ||
	fail "by_distributedid: expected two partitions created, the old one dropped and tomorrow's rows reported"
grep -qx 'foreign servers local:loopback (snowflake, siq):- loopback:local (snowflake, siq):-' <<<"$output" ||
	fail "identities_check_foreign_servers did not read the loopback server"
grep -qx 'clashes 2' <<<"$output" || fail "identities_node_clashes"
siq7=0000000000000000000000000007
grep -qx "casts 7 $siq7 $siq7 $siq7 7 $siq7 $siq7 $siq7" <<<"$output" || fail "casts"
grep -qx 'within t t t t t t t t t' <<<"$output" || fail "time windows"
grep -qx 'decoders t t t t' <<<"$output" || fail "text decoders"
grep -qx 'floor true' <<<"$output" || fail "identities_raise_floor_above_ids"
echo "search_path_hostile: no hostile object called"
