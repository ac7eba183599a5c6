# The portable edition installed into a schema where another role may create (issue 47, point 1): a role that is
# no superuser, the attacker, has planted objects in the target schema "trap" beforehand, and nothing it planted
# may run, at install or afterwards, nor may any role gain a right. For each install form, on a server of its own:
#   control file  (identities_portable.control and the extension script in the server's extension directory)
#                 CREATE EXTENSION by a database owner who is no superuser: refused (42501, the control file is not
#                 trusted), nothing run, no right gained; then by a superuser, into trap
#   pg_tle        identities_portable_pg_tle.sql and CREATE EXTENSION by a role granted pgtle_admin that owns its
#                 database (skipped, this form only, where pg_tle cannot be had; the others still run)
#   plain script  identities_portable.sql (built with --schema trap) by a role that is no superuser
# What is planted is collected from the built scripts (portable/build --out), so that a name a script starts to use
# is covered: every identifier followed by "(" that names a pg_catalog function or aggregate gets in trap an exact
# duplicate of each of its pg_catalog signatures, and every operator symbol (and those that IN, BETWEEN, LIKE and
# CASE imply) an exact duplicate of each pg_catalog operator of that symbol; each also gets the better matches a call
# needing an implicit cast, or passing a concrete type for "any" or anyelement, prefers wherever trap is in the path
# (format(text, name), div(bigint, integer), >=(numeric, integer), =(numeric, integer), ||(text, integer) among
# them); the edition's own functions get such overloads in their own schema, found by a scouting install (qualifying
# a call with the schema does not keep it from them: f(x, 0) prefers f(bigint, integer) to f(bigint, bigint), and
# f('1970-01-01+00') f(text) to f(timestamptz)); every pg_catalog type a script names gets a domain trap.NAME, every
# pg_catalog table or view a view trap.NAME (include/portable_hostile_plants.sql). Every plant records that it ran (a WARNING in the server log, with its
# callers and the query), tries what an attacker would do with the rights of whoever ran it (make the attacker a
# superuser, grant it the running role, copy the public id key), and then does what the object it stands in for
# does, so that every plant reached is reported.
# After each install, as the installing role and as a superuser, with SET search_path = trap, pg_catalog (trap
# ahead of pg_catalog: exact duplicates win, the strongest path a caller can be tricked into): ids of every format
# generated, extracted, converted and round-tripped, public ids made and read (a key set first, rotated), boundaries,
# generate_at and time windows (functions, the <@ operators, inlined into queries on tables), partitions maintained,
# the node checks (identities_check_foreign_servers through a loopback postgres_fdw server); then every function of
# the edition called with sample arguments of its types (errors allowed). And from the catalog: no object of the
# edition depends on a planted one (bound to it when created), every PL/pgSQL function of the edition has SET
# search_path = pg_catalog, pg_temp and every SQL function one or a SQL-standard body.
# Fails (exit 1, "FAILED: ...") with every planted object that ran, where from, and every right gained.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
host_major_only # the portable edition's script is the same on every major
source "$IDENTITIES_ROOT/scripts/pg_tle.sh"

port=55547
work=$IDENTITIES_WORK/portable_hostile_files
server_log=$IDENTITIES_WORK/portable_hostile.log
extension_dir=$("$PG_CONFIG" --sharedir)/extension
STARTED_SERVERS=()
finish() {
	stop_servers
	rm -f "$extension_dir"/identities_portable{.control,--*.sql}
	rm -rf "$work"
	as_postgres rm -rf "$IDENTITIES_WORK/portable_hostile"
}
trap finish EXIT
failures=()
failed() { failures+=("${1%%:*}"); echo "FAILED: $*"; }

# pg_tle: the pg_tle form is skipped where it cannot be had (the other forms still run)
pg_tle_where_available

# --- the scripts, and the names they use ---
version=$(sed -n "s/^default_version = '\(.*\)'$/\1/p" "$IDENTITIES_ROOT/portable/identities_portable.control")
mkdir -p "$work"
build=$(portable_edition --schema trap)
scripts=("$build/identities_portable--$version.sql" "$build/identities_portable.sql" "$build/identities_portable_pg_tle.sql")
cp "$IDENTITIES_ROOT/test/integration/include/portable_hostile_plants.sql" "$work/"
chmod -R a+rX "$work"
text=$(sed 's/@extschema@/trap/g' "${scripts[@]}")
names=$(grep -oE '[A-Za-z_][A-Za-z0-9_$]*[[:space:]]*\(' <<<"$text" | sed -E 's/[[:space:]]*\($//' | tr '[:upper:]' '[:lower:]' | sort -u | paste -sd, -)
words=$(grep -oE '[A-Za-z_][A-Za-z0-9_$]*' <<<"$text" | tr '[:upper:]' '[:lower:]' | sort -u | paste -sd, -)
# every run of operator characters and what is inside it (the lexer splits some: "*-1"), and the operators that IN,
# BETWEEN, LIKE, ILIKE, SIMILAR TO, CASE, NULLIF and IS DISTINCT FROM imply
operators=$({
	grep -oE '[-+*/<>=~!@#%^&|`?]+' <<<"$text" | sort -u |
		awk '{ for (i = 1; i <= length($0); i++) for (n = 1; n <= 4 && i + n - 1 <= length($0); n++) print substr($0, i, n) }'
	printf '%s\n' '=' '<>' '<' '<=' '>' '>=' '~~' '!~~' '~~*' '!~~*' '~'
} | sort -u | paste -sd, -)

conf=("log_min_messages = warning")
[ "$tle" = yes ] && conf+=("shared_preload_libraries = 'pg_tle'")
start_server portable_hostile $port no "${conf[@]}"
su_sql() { local db=$1; shift; psql_on $port -d "$db" -At "$@"; }
as_role() { local role=$1 db=$2; shift 2; psql_on $port -d "$db" -U "$role" -At "$@"; }
log_mark() { as_postgres stat -c %s "$server_log"; }

su_sql postgres >/dev/null <<'SQL'
CREATE ROLE attacker_control LOGIN;
CREATE ROLE attacker_tle LOGIN;
CREATE ROLE attacker_plain LOGIN;
CREATE ROLE control_owner LOGIN;          -- owns its database, no superuser
CREATE ROLE tle_admin LOGIN CREATEROLE;   -- as a managed service's master user (granted pgtle_admin)
CREATE ROLE plain_installer LOGIN;        -- owns its database, no superuser
SQL

# --- a scouting install: the edition's own functions, for overloads of them ---
su_sql postgres -c 'CREATE DATABASE hostile_scout' >/dev/null
su_sql hostile_scout -c 'CREATE SCHEMA extensions' -c 'CREATE EXTENSION pgcrypto SCHEMA extensions' \
	-f "$build/identities_portable.sql" >/dev/null
# NAME:ARGUMENT TYPES:RESULT TYPE for each function (the result empty where no overload of it is planted: an argument
# of the edition's types, which do not exist yet when planting, or a result that is a set or has OUT arguments; and
# the key's functions that PUBLIC may not execute: the edition refuses to install, and every key function to run,
# while any function of their names in its schema is executable by PUBLIC, a denial rather than a capture)
own=$(su_sql hostile_scout <<'SQL'
SELECT string_agg(p.proname || ':' || array_to_string(p.proargtypes::oid[], ',') || ':' || coalesce(CASE
	WHEN NOT p.proretset AND p.proallargtypes IS NULL AND NOT EXISTS (SELECT FROM unnest(p.proargtypes::oid[]) AS a
		JOIN pg_type AS t ON t.oid = a WHERE t.typnamespace <> 'pg_catalog'::regnamespace)
		AND EXISTS (SELECT FROM aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) AS g WHERE g.grantee = 0)
	THEN (SELECT CASE WHEN t.typnamespace = 'pg_catalog'::regnamespace THEN t.oid
		WHEN t.typtype = 'd' AND b.typnamespace = 'pg_catalog'::regnamespace THEN b.oid END
		FROM pg_type AS t LEFT JOIN pg_type AS b ON b.oid = t.typbasetype WHERE t.oid = p.prorettype)::text END, ''), ' ')
FROM pg_proc AS p WHERE p.pronamespace = 'trap'::regnamespace;
SQL
)
su_sql postgres -c 'DROP DATABASE hostile_scout' >/dev/null
[ "$(wc -w <<<"$own")" -gt 150 ] || { echo "FAILED: the scouting install shows too few functions of the edition"; exit 1; }

# prepare DB OWNER ATTACKER [tle]: the database (its owner no superuser), pgcrypto and postgres_fdw in the schema
# extensions, a loopback foreign server for the node checks, and the schema trap (the owner's) where the attacker may
# create; then the attacker's plants. Prints what was planted.
prepare() {
	local db=$1 owner=$2 attacker=$3 planted missing
	su_sql postgres -c "CREATE DATABASE $db OWNER $owner" >/dev/null
	su_sql "$db" >/dev/null <<SQL
CREATE SCHEMA extensions;
GRANT USAGE ON SCHEMA extensions TO PUBLIC;
CREATE EXTENSION pgcrypto SCHEMA extensions;
CREATE EXTENSION postgres_fdw SCHEMA extensions;
CREATE SERVER loopback FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '$IDENTITIES_WORK', port '$port', dbname '$db');
CREATE USER MAPPING FOR postgres SERVER loopback OPTIONS (user 'postgres');
CREATE USER MAPPING FOR $owner SERVER loopback OPTIONS (user '$owner', password_required 'false');
GRANT USAGE ON FOREIGN SERVER loopback TO $owner;
CREATE SCHEMA trap AUTHORIZATION $owner;
GRANT USAGE, CREATE ON SCHEMA trap TO $attacker;
SQL
	if [ "${4:-}" = tle ]; then su_sql "$db" -c 'CREATE EXTENSION pg_tle' -c "GRANT pgtle_admin TO $owner" >/dev/null; fi
	planted=$(as_role "$attacker" "$db" -v names="$names" -v operators="$operators" -v words="$words" -v own="$own" \
		-v attacker="$attacker" -f "$work/portable_hostile_plants.sql" 2>&1) || { echo "FAILED: planting in $db: $planted"; exit 1; }
	su_sql "$db" <<'SQL'
SELECT format('planted in trap: %s names of pg_catalog functions (%s functions, %s aggregates), %s operator symbols (%s operators), '
	'%s better matches (%s functions, %s operators), %s overloads of the edition''s functions, %s types, %s tables and views; '
	'skipped %s (no PL/pgSQL function takes "any": %s)',
	count(DISTINCT substring(what FROM 'trap\.([^(]*)\(')) FILTER (WHERE kind IN ('function', 'aggregate')),
	count(*) FILTER (WHERE kind = 'function'), count(*) FILTER (WHERE kind = 'aggregate'),
	count(DISTINCT substring(what FROM 'trap\.([^(]*)\(')) FILTER (WHERE kind = 'operator'), count(*) FILTER (WHERE kind = 'operator'),
	count(*) FILTER (WHERE kind = 'better match'), count(*) FILTER (WHERE kind = 'better match' AND signature LIKE 'f %'),
	count(*) FILTER (WHERE kind = 'better match' AND signature LIKE 'o %'), count(*) FILTER (WHERE kind = 'overload'),
	count(*) FILTER (WHERE kind = 'type'), count(*) FILTER (WHERE kind = 'relation'), count(*) FILTER (WHERE kind = 'skipped'),
	string_agg(substring(what FROM '^function (.*): '), ', ') FILTER (WHERE kind = 'skipped'))
FROM trap.hostile_planted;
SQL
	# every name the scripts use that pg_catalog has a plantable signature of is planted
	missing=$(su_sql "$db" -v names="$names" <<'SQL'
SELECT 'not planted: ' || string_agg(DISTINCT p.proname, ', ')
FROM pg_proc AS p
WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname = ANY (string_to_array(:'names', ','))
	AND NOT EXISTS (SELECT FROM trap.hostile_planted AS h WHERE h.kind IN ('function', 'aggregate') AND h.what LIKE '% trap.' || p.proname || '(%')
	AND NOT EXISTS (SELECT FROM unnest(p.proargtypes::oid[]) AS a WHERE a = '"any"'::regtype)
HAVING count(*) > 0;
SQL
	)
	[ -z "$missing" ] || failed "$db: $missing"
}

# rights DB ATTACKER: what roles hold (attributes, memberships), what the attacker owns or was granted, what it took
rights() {
	su_sql "$1" -v attacker="$2" <<'SQL'
SELECT 'role ' || rolname || ': ' || concat_ws(',', CASE WHEN rolsuper THEN 'superuser' END, CASE WHEN rolcreaterole THEN 'createrole' END,
	CASE WHEN rolcreatedb THEN 'createdb' END, CASE WHEN rolbypassrls THEN 'bypassrls' END, CASE WHEN rolreplication THEN 'replication' END)
FROM pg_roles WHERE rolname !~ '^pg_'
UNION ALL
SELECT 'member: ' || pg_get_userbyid(member) || ' of ' || pg_get_userbyid(roleid) || CASE WHEN admin_option THEN ' with admin option' ELSE '' END
FROM pg_auth_members
UNION ALL
SELECT :'attacker' || CASE d.deptype WHEN 'o' THEN ' owns ' ELSE ' is granted ' END || pg_describe_object(d.classid, d.objid, d.objsubid)
FROM pg_shdepend AS d
WHERE d.refclassid = 'pg_authid'::regclass AND d.refobjid = :'attacker'::regrole
	AND d.dbid IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
UNION ALL
SELECT DISTINCT 'the public id key, as ' || who || ', copied into ' || :'attacker' || '''s table' FROM trap.hostile_loot
ORDER BY 1;
SQL
}
# no_right_gained LABEL BEFORE DB ATTACKER
no_right_gained() {
	local gained
	gained=$(diff <(echo "$2") <(rights "$3" "$4") | sed -n 's/^> //p') || true
	if [ -n "$gained" ]; then
		failed "$1: rights gained:$(printf '\n    %s' "${gained//$'\n'/$'\n'    }")"
	else
		echo "$1: no right gained (the attacker no superuser, no new membership, owns nothing new, took nothing)"
	fi
}
# restore ATTACKER: what it gained taken back, so that the next step starts afresh
restore() {
	su_sql postgres -v attacker="$1" >/dev/null <<'SQL'
SELECT format('ALTER ROLE %I NOSUPERUSER NOCREATEROLE NOCREATEDB NOBYPASSRLS NOREPLICATION', :'attacker')
UNION ALL
SELECT format('REVOKE %I FROM %I', pg_get_userbyid(roleid), pg_get_userbyid(member)) FROM pg_auth_members WHERE member = :'attacker'::regrole
\gexec
SQL
}

# nothing_ran LABEL MARK: no plant recorded in the server log since MARK; else every one that ran, once for each place
# it ran from (the first function among its callers), with the number of sessions it ran in there, its callers and
# a query
nothing_ran() {
	local ran what places
	ran=$(as_postgres tail -c +"$(($2 + 1))" "$server_log" | grep -a 'WARNING:  hostile plant ran: ' | sed 's/.*WARNING:  hostile plant ran: //' |
		awk '{ i = index($0, " | as "); what = substr($0, 1, i - 1); rest = substr($0, i + 6)
			i = index(rest, " | from: "); who = substr(rest, 1, i - 1); rest = substr(rest, i + 9)
			i = index(rest, " | query: "); from = substr(rest, 1, i - 1); query = substr(rest, i + 10)
			# the place: the first function among the callers (a statement it runs may differ from call to call)
			site = ""; frames = split(from, frame, / <- /)
			for (f = 1; f <= frames && site == ""; f++) if (frame[f] ~ /^(PL\/pgSQL function|SQL function)/) site = frame[f]
			site = what " " (site == "" ? frame[1] : site)
			if (!(site in seen)) { seen[site] = what " | as " who " | from: " from " | query: " substr(query, 1, 160); order[++n] = site }
			count[site]++ }
			END { for (i = 1; i <= n; i++) print "(sessions: " count[order[i]] ") " seen[order[i]] }') || true
	if [ -n "$ran" ]; then
		what=$(sed -E 's/^[(]sessions: [0-9]+[)] //' <<<"$ran" | awk '{ print substr($0, 1, index($0, " | as ") - 1) }' | sort -u)
		places=$(wc -l <<<"$ran")
		[ "$places" -le 40 ] || ran="$(head -n 40 <<<"$ran")"$'\n'"... and $((places - 40)) more places"
		failed "$1: $(wc -l <<<"$what") planted objects ran, from $places places ($(paste -sd';' - <<<"$what" | sed 's/;/; /g')):$(
			printf '\n    %s' "${ran//$'\n'/$'\n'    }")"
	else
		echo "$1: nothing planted ran"
	fi
}

# catalog_checks LABEL DB ATTACKER: no object depends on a plant (bound to it when created), every function of the
# edition pinned (SET search_path = pg_catalog, pg_temp) or SQL with a SQL-standard body
catalog_checks() {
	local found count
	found=$(su_sql "$2" -v attacker="$3" <<'SQL'
WITH planted AS (
	SELECT classid, objid FROM pg_shdepend
	WHERE refclassid = 'pg_authid'::regclass AND refobjid = :'attacker'::regrole AND deptype = 'o'
		AND dbid = (SELECT oid FROM pg_database WHERE datname = current_database()))
SELECT 'bound to a plant: ' || pg_describe_object(d.classid, d.objid, d.objsubid) || ' -> ' || pg_describe_object(d.refclassid, d.refobjid, 0)
FROM pg_depend AS d
WHERE (d.refclassid, d.refobjid) IN (SELECT classid, objid FROM planted)
	AND (d.classid, d.objid) NOT IN (SELECT classid, objid FROM planted)
	AND NOT EXISTS (SELECT FROM pg_depend AS part WHERE (part.classid, part.objid) = (d.classid, d.objid) AND part.deptype IN ('a', 'i')
		AND (part.refclassid, part.refobjid) IN (SELECT classid, objid FROM planted))
UNION ALL
SELECT 'not pinned: ' || p.oid::regprocedure || ' (' || l.lanname || coalesce(', ' || array_to_string(p.proconfig, ', '), '') || ')'
FROM pg_proc AS p JOIN pg_language AS l ON l.oid = p.prolang
WHERE p.pronamespace = 'trap'::regnamespace AND p.proowner <> :'attacker'::regrole
	AND NOT (l.lanname = 'sql' AND p.prosqlbody IS NOT NULL)
	AND NOT coalesce('search_path=pg_catalog, pg_temp' = ANY (p.proconfig), false)
ORDER BY 1;
SQL
	)
	if [ -n "$found" ]; then
		count=$(wc -l <<<"$found")
		[ "$count" -le 40 ] || found="$(head -n 40 <<<"$found")"$'\n'"... and $((count - 40)) more"
		failed "$1: $count objects of the edition bound to a plant or not pinned:$(printf '\n    %s' "${found//$'\n'/$'\n'    }")"
	else
		echo "$1: no object of the edition is bound to a plant, every function of it is pinned or has a SQL-standard body"
	fi
	[ "$(su_sql "$2" -v attacker="$3" <<<"SELECT count(*) FROM pg_proc WHERE pronamespace = 'trap'::regnamespace AND proowner <> :'attacker'::regrole")" -gt 150 ] ||
		failed "$1: too few functions of the edition in trap"
}

# scenario TAG KEY(yes|no): the edition's uses, with trap ahead of pg_catalog; every name qualified (trap. or
# pg_catalog.), no operator but the edition's, every argument of its exact type, so that only the edition can reach a
# plant. KEY: the role owns the public id key (makes and rotates it).
scenario() {
	local tag=$1 key=$2 at="'2024-05-01 12:00:00.123456+00'::pg_catalog.timestamptz" window="'[2024-05-01+00,2024-06-01+00)'::pg_catalog.tstzrange"
	local since="'[2020-01-01+00,)'::pg_catalog.tstzrange"
	cat <<SQL
SET statement_timeout = '60s';
SET search_path = trap, pg_catalog;
SQL
	[ "$key" = yes ] && cat <<SQL
SELECT trap.identities_public_key_generate();
SELECT trap.identities_public_key_export(), trap.identities_public_key_fingerprint();
SET identities.snowflake_worker = '3';
SET identities.snowflake_process = '4';
SET identities.siq_shard = '5';
SET identities.siq_domain = 'shop';
SQL
	cat <<SQL
CREATE TABLE public.hostile_orders_$tag (
	id trap.distributedid PRIMARY KEY DEFAULT trap.distributedid_generate(),
	id128 pg_catalog.uuid DEFAULT trap.distributedid128_generate(),
	ride trap.iuid DEFAULT trap.iuid_generate(42, 7),
	message trap.siq DEFAULT trap.siq_generate('message'::pg_catalog.text),
	hot pg_catalog.uuid DEFAULT trap.hotguid_generate(17::pg_catalog.int8),
	person pg_catalog.uuid DEFAULT trap.luuid_generate('person'::pg_catalog.text, 1234567::pg_catalog.int8),
	v7 pg_catalog.uuid DEFAULT trap.uuidv7_generate(),
	flake pg_catalog.int8 DEFAULT trap.snowflake_generate(),
	n pg_catalog.int4);
INSERT INTO public.hostile_orders_$tag (n) SELECT g FROM pg_catalog.generate_series(1, 20) AS g;
CREATE TABLE public.hostile_results_$tag AS
SELECT o.n, o.id, o.id128, o.ride, o.message, o.hot, o.person, o.v7, o.flake,
	trap.distributedid_extract_timestamp(o.id) AS id_at, trap.alphanumeric_to_distributedid(trap.to_alphanumeric(o.id)) AS id_alphanumeric,
	trap.hexadecimal_to_distributedid(trap.to_hexadecimal(o.id)) AS id_hexadecimal, trap.uuid_to_distributedid(trap.distributedid_to_uuid(o.id)) AS id_uuid,
	trap.bytea_to_distributedid(trap.distributedid_to_bytea(o.id)) AS id_bytea, trap.numeric_to_distributedid(trap.distributedid_to_numeric(o.id)) AS id_numeric,
	trap.public_id_to_distributedid(trap.public_id(o.id)) AS id_public, trap.alphanumeric_to_numeric(trap.to_alphanumeric(o.id::pg_catalog.numeric)) AS id_alphanumeric_numeric,
	trap.hexadecimal_to_numeric(trap.to_hexadecimal(o.id::pg_catalog.numeric)) AS id_hexadecimal_numeric,
	trap.public_id_to_numeric(trap.public_id(o.id::pg_catalog.numeric)) AS id_public_numeric,
	trap.distributedid128_extract_timestamp(o.id128) AS id128_at, trap.distributedid128_extract_timestamp(o.id128::pg_catalog.text) AS id128_text_at,
	trap.numeric_to_distributedid128(trap.distributedid128_to_numeric(o.id128)) AS id128_numeric,
	trap.distributedid128_join(s.upper, s.lower) AS id128_joined, trap.public_id_to_uuid(trap.public_id(o.id128)) AS id128_public,
	trap.alphanumeric_to_uuid(trap.to_alphanumeric(o.id128)) AS id128_alphanumeric, trap.hexadecimal_to_uuid(trap.to_hexadecimal(o.id128)) AS id128_hexadecimal,
	trap.iuid_extract_country(o.ride) AS ride_country, trap.iuid_extract_service_entity(o.ride) AS ride_service_entity,
	trap.iuid_extract_timestamp(o.ride) AS ride_at, trap.iuid_extract_format_version(o.ride) AS ride_format_version,
	trap.uuid_to_iuid(o.ride::pg_catalog.uuid) AS ride_uuid,
	trap.siq_extract_qualifier(o.message) AS message_qualifier, trap.siq_extract_timestamp(o.message) AS message_at,
	trap.siq_extract_serial(o.message) AS message_serial, trap.siq_extract_shard(o.message) AS message_shard,
	trap.siq_extract_domain_hash(o.message) AS message_domain_hash, trap.siq_from_did(trap.siq_to_did(o.message)) AS message_did,
	trap.siq_from_cb32(trap.siq_to_cb32(o.message)) AS message_cb32, trap.siq_to_base64(o.message) AS message_base64,
	trap.bytea_to_siq(trap.siq_to_bytea(o.message)) AS message_bytea, trap.uuid_to_siq(trap.siq_to_uuid(o.message)) AS message_uuid,
	trap.numeric_to_siq(trap.siq_to_numeric(o.message)) AS message_numeric,
	trap.hotguid_extract_shard_key(o.hot) AS hot_shard_key, trap.hotguid_extract_timestamp(o.hot) AS hot_at,
	trap.hotguid_extract_timestamp(o.hot::pg_catalog.text) AS hot_text_at,
	trap.luuid_extract_group(o.person) AS person_group, trap.luuid_group('person'::pg_catalog.text) AS person_expected_group,
	trap.luuid_extract_key(o.person) AS person_key, trap.luuid_short(o.person) AS person_short,
	trap.uuidv7_extract_timestamp(o.v7) AS v7_at, trap.uuidv7_extract_timestamp(o.v7::pg_catalog.text) AS v7_text_at,
	trap.snowflake_extract_timestamp(o.flake) AS flake_at, trap.snowflake_extract_worker(o.flake) AS flake_worker,
	trap.snowflake_extract_process(o.flake) AS flake_process, trap.snowflake_extract_increment(o.flake) AS flake_increment,
	trap.snowflake_extract_timestamp(o.flake, '2010-11-04 01:42:54.657+00'::pg_catalog.timestamptz) AS flake_twitter_at,
	trap.distributedid_within(o.id, $since) AS id_within, o.id OPERATOR(trap.<@) $since AS id_within_operator,
	trap.iuid_within(o.ride, $since) AS ride_within, o.ride OPERATOR(trap.<@) $since AS ride_within_operator,
	trap.siq_within(o.message, $since) AS message_within, o.message OPERATOR(trap.<@) $since AS message_within_operator,
	trap.distributedid128_within(o.id128, $since) AS id128_within, trap.hotguid_within(o.hot, $since) AS hot_within,
	trap.uuidv7_within(o.v7, $since) AS v7_within, trap.snowflake_within(o.flake, $since) AS flake_within,
	trap.to_alphanumeric(o.flake) AS flake_alphanumeric, trap.alphanumeric_to_bigint(trap.to_alphanumeric(o.flake)) AS flake_from_alphanumeric,
	trap.hexadecimal_to_bigint(trap.to_hexadecimal(o.flake)) AS flake_from_hexadecimal, trap.public_id_to_bigint(trap.public_id(o.flake)) AS flake_public,
	trap.public_id_key(trap.public_id(o.flake)) AS flake_public_key, trap.to_alphanumeric(o.n) AS n_alphanumeric, trap.to_hexadecimal(o.n) AS n_hexadecimal,
	trap.public_id_to_bigint(trap.public_id(o.n)) AS n_public
FROM public.hostile_orders_$tag AS o, LATERAL trap.distributedid128_split(o.id128) AS s;
-- inlined into queries on a table
SELECT pg_catalog.count(*) FROM public.hostile_orders_$tag WHERE trap.distributedid_within(id, $since);
SELECT pg_catalog.count(*) FROM public.hostile_orders_$tag WHERE trap.iuid_within(ride, $since);
SELECT pg_catalog.count(*) FROM public.hostile_orders_$tag WHERE trap.siq_within(message, $since);
SELECT pg_catalog.count(*) FROM public.hostile_orders_$tag WHERE trap.distributedid128_within(id128, $since);
SELECT pg_catalog.count(*) FROM public.hostile_orders_$tag WHERE trap.hotguid_within(hot, $since);
SELECT pg_catalog.count(*) FROM public.hostile_orders_$tag WHERE trap.uuidv7_within(v7, $since);
SELECT pg_catalog.count(*) FROM public.hostile_orders_$tag WHERE trap.snowflake_within(flake, $since);
SELECT pg_catalog.count(*) FROM public.hostile_orders_$tag WHERE id OPERATOR(trap.<@) $since;
-- boundaries, ids of an instant, windows
SELECT trap.distributedid_boundary($at), trap.distributedid128_boundary($at), trap.iuid_boundary($at), trap.hotguid_boundary($at),
	trap.siq_boundary($at), trap.snowflake_boundary($at), trap.snowflake_boundary($at, '2010-11-04 01:42:54.657+00'::pg_catalog.timestamptz),
	trap.uuidv7_boundary($at);
SELECT trap.distributedid_generate_at($at), trap.distributedid128_generate_at($at), trap.iuid_generate_at($at, 42, 7),
	trap.hotguid_generate_at($at, 17::pg_catalog.int8, 3), trap.siq_generate_at($at, 5, 'message'::pg_catalog.text),
	trap.siq_generate_at($at, 5, 'message'::pg_catalog.text, 'shop'::pg_catalog.text, 3), trap.snowflake_generate_at($at, 1, 2, 3),
	trap.snowflake_generate_at($at, 1), trap.uuidv7_generate_at($at);
SELECT trap.snowflake_generate(1, 2), trap.siq_generate('message'::pg_catalog.text, 'shop'::pg_catalog.text, 3),
	trap.luuid_generate(7, 1234567::pg_catalog.int8), trap.bigint_to_distributedid(7::pg_catalog.int8), trap.bigint_to_siq(7::pg_catalog.int8),
	trap.integer_to_siq(7), trap.smallint_to_siq(7::pg_catalog.int2), trap.siq_in(trap.siq_generate('message'::pg_catalog.text)::pg_catalog.text),
	trap.siq_domain_hash('shop'::pg_catalog.text);
SELECT trap.distributedid_window($window), trap.distributedid_window_first($window), trap.distributedid_window_last($window),
	trap.distributedid128_window($window), trap.distributedid128_window_first($window), trap.distributedid128_window_last($window),
	trap.iuid_window($window), trap.iuid_window_first($window), trap.iuid_window_last($window),
	trap.hotguid_window($window), trap.hotguid_window_first($window), trap.hotguid_window_last($window),
	trap.siq_window($window), trap.siq_window_first($window), trap.siq_window_last($window),
	trap.snowflake_window($window), trap.snowflake_window_first($window), trap.snowflake_window_last($window),
	trap.uuidv7_window($window), trap.uuidv7_window_first($window), trap.uuidv7_window_last($window);
SELECT trap.distributedid_window('[3000-01-01+00,)'::pg_catalog.tstzrange), trap.snowflake_window('(,1970-01-01+00)'::pg_catalog.tstzrange),
	trap.siq_window('empty'::pg_catalog.tstzrange), trap.iuid_window('(,)'::pg_catalog.tstzrange);
-- partitions, every kind of key, with DEFAULT partitions
CREATE TABLE public.hostile_by_distributedid_$tag (id trap.distributedid NOT NULL DEFAULT trap.distributedid_generate()) PARTITION BY RANGE (id);
CREATE TABLE public.hostile_by_distributedid_${tag}_default PARTITION OF public.hostile_by_distributedid_$tag DEFAULT;
CREATE TABLE public.hostile_by_iuid_$tag (id trap.iuid) PARTITION BY RANGE (id);
CREATE TABLE public.hostile_by_iuid_${tag}_default PARTITION OF public.hostile_by_iuid_$tag DEFAULT;
CREATE TABLE public.hostile_by_siq_$tag (id trap.siq) PARTITION BY RANGE (id);
CREATE TABLE public.hostile_by_uuid_$tag (id pg_catalog.uuid DEFAULT trap.distributedid128_generate()) PARTITION BY RANGE (id);
CREATE TABLE public.hostile_by_snowflake_$tag (id pg_catalog.int8 DEFAULT trap.snowflake_generate()) PARTITION BY RANGE (id);
CREATE TABLE public.hostile_by_time_$tag (id trap.iuid) PARTITION BY RANGE (trap.iuid_extract_timestamp(id));
INSERT INTO public.hostile_by_distributedid_$tag SELECT trap.distributedid_generate();
SELECT m.* FROM pg_catalog.unnest(ARRAY['public.hostile_by_distributedid_$tag', 'public.hostile_by_iuid_$tag', 'public.hostile_by_siq_$tag',
		'public.hostile_by_uuid_$tag', 'public.hostile_by_snowflake_$tag', 'public.hostile_by_time_$tag']::pg_catalog.regclass[]) AS t,
	LATERAL trap.identities_maintain_partitions(t, '1 day'::pg_catalog.interval, premake => 2, retention => '1 year'::pg_catalog.interval) AS m;
-- the node checks (the loopback server is this database)
SELECT * FROM trap.identities_node;
SELECT * FROM trap.identities_node_identity();
CREATE TABLE public.hostile_nodes_$tag AS SELECT * FROM trap.identities_check_foreign_servers();
SELECT * FROM trap.identities_node_clashes('[{"node": "a", "snowflake_worker": 1, "snowflake_process": 2},
	{"node": "b", "snowflake_worker": 1, "snowflake_process": 2}]'::pg_catalog.jsonb);
DO \$\$
BEGIN
	PERFORM * FROM trap.identities_check_citus_nodes();
EXCEPTION WHEN object_not_in_prerequisite_state THEN
	NULL; -- no Citus
END
\$\$;
SELECT trap.identities_portable_version();
SQL
	[ "$key" = yes ] && cat <<SQL
SELECT trap.identities_public_key_rotate();
SELECT trap.public_id_key(public_id), trap.public_id_to_distributedid(trap.public_id_renew(public_id))
FROM (SELECT trap.public_id(id) AS public_id FROM public.hostile_orders_$tag) AS p;
SELECT trap.identities_public_key_previous_fingerprint(), trap.identities_public_key_set(trap.identities_public_key_export());
SELECT trap.identities_public_key_set_previous(NULL);
SQL
	return 0
}

# results_right DB TAG: what the scenario computed, checked with the search_path left alone
results_right() {
	su_sql "$1" <<SQL
SELECT count(*) = 20
	AND bool_and(id = id_alphanumeric AND id = id_hexadecimal AND id = id_uuid AND id = id_bytea AND id = id_numeric AND id = id_public)
	AND bool_and(id = id_alphanumeric_numeric AND id = id_hexadecimal_numeric AND id = id_public_numeric)
	AND bool_and(id128 = id128_numeric AND id128 = id128_joined AND id128 = id128_public AND id128 = id128_alphanumeric AND id128 = id128_hexadecimal)
	AND bool_and(id128_at = id128_text_at AND abs(extract(epoch FROM now() - id_at)) < 600 AND abs(extract(epoch FROM now() - id128_at)) < 600)
	AND bool_and(ride_country = 42 AND ride_service_entity = 7 AND ride = ride_uuid AND abs(extract(epoch FROM now() - ride_at)) < 600)
	AND bool_and(message_qualifier = 'message' AND message = message_did AND message = message_cb32 AND message = message_bytea
		AND message = message_uuid AND message = message_numeric AND abs(extract(epoch FROM now() - message_at)) < 600)
	AND bool_and(hot_shard_key = 17 AND hot_at = hot_text_at AND person_group = person_expected_group AND person_key = 1234567)
	AND bool_and(v7_at = v7_text_at AND abs(extract(epoch FROM now() - v7_at)) < 600 AND abs(extract(epoch FROM now() - flake_at)) < 600)
	AND bool_and(flake = flake_from_alphanumeric AND flake = flake_from_hexadecimal AND flake = flake_public AND n = n_public)
	AND bool_and(id_within AND id_within_operator AND ride_within AND ride_within_operator AND message_within AND message_within_operator
		AND id128_within AND hot_within AND v7_within AND flake_within)
	AND count(DISTINCT id) = 20 AND count(DISTINCT flake) = 20 AND count(DISTINCT message) = 20
	AND (SELECT count(*) FROM public.hostile_nodes_$2 WHERE node = 'loopback' AND error IS NULL) = 1
FROM public.hostile_results_$2;
SQL
}

# sweep DB TAG: every function of the edition called with sample arguments of its types (up to six calls each),
# every argument written with its exact type; errors are allowed (a sample may be out of a function's range)
sweep() {
	su_sql "$1" -v tag="$2" -v attacker="$3" <<'SQL'
WITH samples(type, k, expression) AS (VALUES
	('bigint', 0, '1234567890123456789'), ('bigint', 1, '0'), ('bigint', 2, '7'), ('bigint', 3, '4611686018427387904'), ('bigint', 4, '-1'),
	('integer', 0, '7'), ('integer', 1, '0'), ('integer', 2, '42'), ('integer', 3, '31'), ('integer', 4, '-1'),
	('smallint', 0, '7'), ('smallint', 1, '0'),
	('numeric', 0, '447835050025542181830910637'), ('numeric', 1, '0'), ('numeric', 2, '1126597964784866426880000000'),
	('numeric', 3, '18446744073709551615'), ('numeric', 4, '7'),
	('uuid', 0, 'trap.distributedid128_generate()'), ('uuid', 1, 'trap.iuid_generate(42, 7)'),
	('uuid', 2, 'trap.public_id(1234567890123456789::pg_catalog.int8)'), ('uuid', 3, 'trap.hotguid_generate(17::pg_catalog.int8)'),
	('uuid', 4, 'trap.uuidv7_generate()'), ('uuid', 5, 'trap.luuid_generate(''person''::pg_catalog.text, 7::pg_catalog.int8)'),
	('text', 0, '''message'''), ('text', 1, 'trap.to_alphanumeric(1234567890123456789::pg_catalog.int8)'),
	('text', 2, 'trap.to_hexadecimal(447835050025542181830910637::pg_catalog.numeric)'),
	('text', 3, 'trap.siq_to_did(trap.siq_generate(''message''::pg_catalog.text))'),
	('text', 4, 'trap.siq_to_cb32(trap.siq_generate(''message''::pg_catalog.text))'),
	('text', 5, 'trap.distributedid128_generate()::pg_catalog.text'),
	('timestamptz', 0, '''2024-05-01 12:00:00.123456+00'''), ('timestamptz', 1, '''1970-01-01 00:00:00+00'''),
	('timestamptz', 2, '''infinity'''), ('timestamptz', 3, 'pg_catalog.now()'), ('timestamptz', 4, '''2300-01-01 00:00:00+00'''),
	('tstzrange', 0, '''[2024-05-01+00,2024-06-01+00)'''), ('tstzrange', 1, '''[2024-01-01+00,)'''), ('tstzrange', 2, '''empty'''),
	('tstzrange', 3, '''(,)'''), ('tstzrange', 4, '''(2024-05-01+00,2024-05-02+00]'''),
	('bytea', 0, '''\x00112233445566778899aabbccddeeff'''), ('bytea', 1, 'trap.distributedid_to_bytea(trap.distributedid_generate())'),
	('bytea', 2, 'trap.siq_to_bytea(trap.siq_generate(''message''::pg_catalog.text))'), ('bytea', 3, '''\x0102030405060708'''),
	('regclass', 0, '''public.hostile_by_distributedid_' || :'tag' || ''''), ('regclass', 1, '''trap.identities_snowflake_tickets'''),
	('name', 0, '''id'''), ('name', 1, '''tableoid'''),
	('interval', 0, '''1 day'''), ('interval', 1, '''1 month'''),
	('jsonb', 0, '''[{"node": "a", "snowflake_worker": 1, "snowflake_process": 2}, {"node": "b", "snowflake_worker": 1, "snowflake_process": 2}]'''),
	('boolean', 0, 'true'), ('boolean', 1, 'false'),
	('trap.distributedid', 0, 'trap.distributedid_generate()'), ('trap.distributedid', 1, '''1126597964784866426880000000'''),
	('trap.iuid', 0, 'trap.iuid_generate(42, 7)'),
	('trap.siq', 0, 'trap.siq_generate(''message''::pg_catalog.text)'),
	('trap.siq', 1, 'trap.siq_generate_at(''2024-05-01+00''::pg_catalog.timestamptz, 5, ''message''::pg_catalog.text)'),
	('trap.ulid', 0, 'trap.ulid_generate()'), ('trap.ulid', 1, '''01ARZ3NDEKTSV4RRFFQ69G5FAV''')),
typed AS (SELECT s.type::regtype AS type, s.k, s.expression, count(*) OVER (PARTITION BY s.type) AS n FROM samples AS s),
calls AS (
	SELECT p.oid, p.proname, k.k,
		(SELECT string_agg(CASE WHEN s.expression IS NULL THEN NULL
			ELSE format('(%s)::%I.%I', s.expression, n.nspname, y.typname) END, ', ' ORDER BY a.i)
		 FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY AS a(type, i)
			JOIN pg_type AS y ON y.oid = a.type JOIN pg_namespace AS n ON n.oid = y.typnamespace
			LEFT JOIN typed AS s ON s.type = a.type AND s.k = k.k % s.n) AS arguments,
		(SELECT count(*) FROM unnest(p.proargtypes::oid[]) AS a WHERE NOT EXISTS (SELECT FROM typed WHERE typed.type = a)) AS unsampled
	FROM pg_proc AS p, generate_series(0, 5) AS k(k)
	WHERE p.pronamespace = 'trap'::regnamespace AND p.proowner <> :'attacker'::regrole AND p.prokind = 'f')
SELECT DISTINCT CASE WHEN unsampled > 0 THEN format('-- no sample for an argument of %s', oid::regprocedure)
	ELSE format('SELECT * FROM trap.%I(%s);', proname, coalesce(arguments, '')) END
FROM calls;
SQL
}

# use LABEL DB ROLE TAG KEY ATTACKER: the scenario as ROLE (its results checked), then the sweep, in a minute at most
# (a checkpoint every 20 calls, every name in it qualified; a call may take 3 seconds: an edition that loops on a
# plant would otherwise take hours)
use() {
	local label=$1 db=$2 role=$3 tag=$4 key=$5 attacker=$6 output error calls errors
	if ! output=$(scenario "$tag" "$key" | as_role "$role" "$db" 2>&1 >/dev/null); then
		error=$(grep -m 1 'ERROR:' <<<"$output" || true)
		output=$(tail -n 4 <<<"$output")
		failed "$label: the scenario failed: $error$(printf '\n    %s' "${output//$'\n'/$'\n'    }")"
	elif [ "$(results_right "$db" "$tag")" != t ]; then
		failed "$label: the edition's results with trap ahead of pg_catalog are wrong (public.hostile_results_$tag)"
	fi
	sweep "$db" "$tag" "$attacker" >"$work/sweep_$tag.calls"
	if grep -q '^-- no sample' "$work/sweep_$tag.calls"; then
		failed "$label: $(grep '^-- no sample' "$work/sweep_$tag.calls" | sed 's/^-- //' | paste -sd';' -)"
	fi
	calls=$(grep -c '^SELECT' "$work/sweep_$tag.calls")
	{
		echo "SET statement_timeout = '3s';"
		echo 'SET search_path = trap, pg_catalog;'
		echo "SELECT pg_catalog.clock_timestamp() OPERATOR(pg_catalog.+) '60 s'::pg_catalog.interval AS sweep_deadline \\gset"
		grep '^SELECT' "$work/sweep_$tag.calls" | awk '{ print } NR % 20 == 0 {
			print "SELECT pg_catalog.clock_timestamp() OPERATOR(pg_catalog.>) :'"'"'sweep_deadline'"'"'::pg_catalog.timestamptz AS sweep_over \\gset"
			print "\\if :sweep_over"; print "\\echo out of time after " NR " calls"; print "\\q"; print "\\endif" }'
	} >"$work/sweep_$tag.sql"
	chmod a+r "$work/sweep_$tag.sql"
	output=$(as_role "$role" "$db" -v ON_ERROR_STOP=0 -f "$work/sweep_$tag.sql" 2>&1) || true
	errors=$(grep -c 'ERROR:' <<<"$output" || true)
	if grep -q '^out of time' <<<"$output"; then
		echo "$label: the scenario, and $(grep -m 1 '^out of time' <<<"$output" | sed 's/.* after //') of $calls calls of every function of the edition, stopped after a minute ($errors refused their sample arguments or ran out of time)"
	else
		echo "$label: the scenario, and $calls calls of every function of the edition ($errors refused their sample arguments)"
	fi
}

# --- (a) the control file ---
install -m 644 "$IDENTITIES_ROOT/portable/identities_portable.control" "${scripts[0]}" "$extension_dir/"
prepare hostile_control control_owner attacker_control
before=$(rights hostile_control attacker_control)
mark=$(log_mark)
outcome=$(as_role control_owner hostile_control -v VERBOSITY=verbose -c 'SET search_path = trap, pg_catalog' \
	-c 'CREATE EXTENSION identities_portable SCHEMA trap' 2>&1) && created=yes || created=no
if [ "$created" = yes ]; then
	failed "control file: a database owner who is no superuser created the extension (the control file says trusted)"
	su_sql hostile_control -c 'DROP EXTENSION identities_portable CASCADE' >/dev/null
elif [[ $outcome != *42501* ]]; then
	failed "control file: CREATE EXTENSION by a database owner who is no superuser failed, but not for want of the right (42501): $outcome"
else
	echo "control file: CREATE EXTENSION by a database owner who is no superuser refused (42501)"
fi
nothing_ran "control file: CREATE EXTENSION by the database owner" "$mark"
no_right_gained "control file: CREATE EXTENSION by the database owner" "$before" hostile_control attacker_control
restore attacker_control
before=$(rights hostile_control attacker_control)
mark=$(log_mark)
outcome=$(su_sql hostile_control -c 'SET search_path = trap, pg_catalog' -c 'CREATE EXTENSION identities_portable SCHEMA trap' 2>&1) ||
	failed "control file: CREATE EXTENSION by a superuser failed: $outcome"
nothing_ran "control file: CREATE EXTENSION by a superuser" "$mark"
catalog_checks "control file" hostile_control attacker_control
mark=$(log_mark)
use "control file: used by a superuser" hostile_control postgres control yes attacker_control
nothing_ran "control file: used by a superuser" "$mark"
no_right_gained "control file" "$before" hostile_control attacker_control
rm -f "$extension_dir"/identities_portable{.control,--*.sql} # (pg_tle refuses a name a control file has)

# --- (b) pg_tle ---
if [ "$tle" = yes ]; then
	prepare hostile_tle tle_admin attacker_tle tle
	before=$(rights hostile_tle attacker_tle)
	mark=$(log_mark)
	outcome=$(as_role tle_admin hostile_tle -f "${scripts[2]}" 2>&1 >/dev/null) || failed "pg_tle: identities_portable_pg_tle.sql failed: $outcome"
	outcome=$(as_role tle_admin hostile_tle -c 'SET search_path = trap, pg_catalog' -c 'CREATE EXTENSION identities_portable SCHEMA trap' 2>&1) ||
		failed "pg_tle: CREATE EXTENSION by tle_admin failed: $outcome"
	nothing_ran "pg_tle: installed by a role granted pgtle_admin" "$mark"
	catalog_checks "pg_tle" hostile_tle attacker_tle
	mark=$(log_mark)
	use "pg_tle: used by the installing role" hostile_tle tle_admin tle_admin yes attacker_tle
	nothing_ran "pg_tle: used by the installing role" "$mark"
	mark=$(log_mark)
	use "pg_tle: used by a superuser" hostile_tle postgres tle_super no attacker_tle
	nothing_ran "pg_tle: used by a superuser" "$mark"
	no_right_gained "pg_tle" "$before" hostile_tle attacker_tle
else
	echo "pg_tle: skipped ($PG_TLE_SKIP_REASON); the other forms ran"
fi

# --- (c) the plain script, by a role that is no superuser, with trap ahead of pg_catalog ---
prepare hostile_plain plain_installer attacker_plain
before=$(rights hostile_plain attacker_plain)
mark=$(log_mark)
outcome=$(as_role plain_installer hostile_plain -c 'SET search_path = trap, pg_catalog' -f "${scripts[1]}" 2>&1 >/dev/null) ||
	failed "plain script: the install failed: $outcome"
nothing_ran "plain script: installed by a role that is no superuser" "$mark"
catalog_checks "plain script" hostile_plain attacker_plain
mark=$(log_mark)
use "plain script: used by the installing role" hostile_plain plain_installer plain_installer yes attacker_plain
nothing_ran "plain script: used by the installing role" "$mark"
mark=$(log_mark)
use "plain script: used by a superuser" hostile_plain postgres plain_super no attacker_plain
nothing_ran "plain script: used by a superuser" "$mark"
no_right_gained "plain script" "$before" hostile_plain attacker_plain

if [ ${#failures[@]} -gt 0 ]; then
	echo "FAILED: ${#failures[@]} checks, in: $(printf '%s\n' "${failures[@]}" | awk '!seen[$0]++' | paste -sd, - | sed 's/,/, /g')"
	exit 1
fi
echo "nothing planted in the target schema ran, in any install form, and no role gained a right"
