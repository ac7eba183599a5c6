# The portable edition's generators hold against a role that is neither superuser nor the installer (issue 47,
# points 3-6). A role "owner", no superuser, installs the plain script (psql -f) into the schema ids of a database
# configured by the superuser (ALTER DATABASE ... SET identities.snowflake_worker 3, snowflake_process 5, siq_shard
# 7, siq_domain example.com, snowflake_epoch 2020-01-01Z); a role "app", no superuser and no member of owner, has
# USAGE on ids and a table with every generator as a column DEFAULT. On the server without the native library (its
# settings are then plain custom settings, as on a managed service), on one major:
#   1. forged settings: app sets every identities.* setting and the generators' old state settings
#      (identities_portable.*, far-future values), by SET, at connection (PGOPTIONS), by ALTER ROLE app SET (made by
#      app itself where the server allows it, else by the superuser) and with values the server would refuse; then
#      every generator, called and as a column DEFAULT, gives ids dated now (+-10 s, by the format's own
#      extract_timestamp), unique, and of the database's configuration (Snowflake worker 3 and process 5 under the
#      database's epoch, SIQ shard 7 and example.com's hash; the arguments' when given), while the owner's own SET
#      changes its own ids (it stands in for the superuser); every sequence of the schema refuses app nextval,
#      setval, currval and SELECT (42501) and grants nothing to anyone; identities.incremental_ids set by app makes
#      distributedid_generate and distributedid128_generate refuse (42501), called, as a DEFAULT and inside a
#      SECURITY DEFINER function of owner's, and works for owner;
#   2. no id twice: per generator, in one session of app, 1000 rounds of SAVEPOINT / generate / ROLLBACK TO /
#      generate, 500 of BEGIN / generate / ROLLBACK / generate and 500 of generate / DISCARD ALL / generate, every id
#      kept by the client: none repeats, and Snowflakes, SIQs and HotGuids strictly increase but across DISCARD ALL;
#      three sessions of app insert Snowflakes and SIQs under unique keys while a fourth tries to burn tickets (every
#      sequence of the schema, refused) and generates between its tries: no duplicate key, every row in;
#   3. parallel labels: no function of the schema defined PARALLEL SAFE or RESTRICTED sets a setting, calls
#      nextval or setval, opens a subtransaction (an exception block), and no function keeps state in an
#      identities_portable.* setting; every function of the schema (pg_proc), called with sample arguments by type
#      as owner and as app under debug_parallel_query (force_parallel_mode before 16) and parallel costs 0, in a
#      SELECT and in a CREATE TABLE AS over 3 rows, run by a worker and by the leader, fails with no parallel-mode
#      error; CREATE TABLE AS SELECT of every generator over 300 000 rows with parallel costs 0 succeeds with
#      300 000 distinct ids (the plan, parallel or not, printed). How many Snowflakes a session makes a second
#      under the database's epoch and the default one is printed (NOTE), and the CREATE TABLE AS run under the
#      default (the epoch's check is what costs).
# Prints a "FAILED: ..." line per failure and the count of checks passed.
# IDENTITIES_PORTABLE_ROOT: a checkout whose portable/ to build and test instead of this one's (to show this test
# failing on an earlier version).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
host_major_only # the portable edition's script is the same on every major

port=$PLAIN_PORT
database=portable_generators
owner=portable_generators_owner
app=portable_generators_app
portable_root=${IDENTITIES_PORTABLE_ROOT:-$IDENTITIES_ROOT}
passed=0
failures=()
started=$SECONDS

fail() { failures+=("FAILED: $*"); echo "FAILED: $*"; }
judge() { # judge: reads "PASS ..." lines (counted), "FAILED: ..." lines (collected) and prints the others
	local line
	while IFS= read -r line; do
		case $line in
		PASS*) passed=$((passed + 1)) ;;
		FAILED:*) failures+=("$line"); echo "$line" ;;
		'') ;;
		*) echo "$line" ;;
		esac
	done
}
# psql_as ROLE [psql args]: a session of ROLE in the test database, unaligned and tuples only; errors do not stop
# it (each statement that may fail is followed by its check, see try). $pgoptions is added to PGOPTIONS.
psql_as() {
	local role=$1
	shift
	as_postgres env PGOPTIONS="-c client_min_messages=warning ${pgoptions:-}" "$PG_BIN/psql" -X -q -At \
		-v ON_ERROR_STOP=0 -v VERBOSITY=terse -h "$IDENTITIES_WORK" -p "$port" -U "$role" -d "$database" "$@"
}
superuser() { psql_on $port -d $database -At "$@"; }
# check ROLE [psql args] <<SQL: runs the script as ROLE and judges what it prints (its errors are the script's to
# report: a psql that cannot even run is a failure)
check() {
	local output status
	output=$(psql_as "$@" 2>"$IDENTITIES_WORK/portable_generators.stderr")
	status=$?
	judge <<<"$output"
	[ $status = 0 ] || fail "psql as $1 exited with $status: $(head -c 600 "$IDENTITIES_WORK/portable_generators.stderr")"
}
# SQL text that reports the statement before it: try LABEL prints "FAILED: LABEL: SQLSTATE message" when it failed,
# else "PASS"; refused STATE LABEL prints "PASS" when it failed with STATE, else a failure.
try() {
	printf '%s\n' "SELECT CASE WHEN :'ERROR' THEN 'FAILED: ' || \$label\$$1\$label\$ || ': ' || :'LAST_ERROR_SQLSTATE' || ' ' || :'LAST_ERROR_MESSAGE' ELSE 'PASS' END;"
}
refused() {
	printf '%s\n' "SELECT CASE WHEN :'ERROR' AND :'LAST_ERROR_SQLSTATE' = '$1' THEN 'PASS'
		WHEN :'ERROR' THEN 'FAILED: ' || \$label\$$2\$label\$ || ': refused with ' || :'LAST_ERROR_SQLSTATE' || ' (' || :'LAST_ERROR_MESSAGE' || '), not $1'
		ELSE 'FAILED: ' || \$label\$$2\$label\$ || ': not refused (expected $1)' END;"
}

cleanup() {
	psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $database WITH (FORCE)" >/dev/null 2>&1 || true
	psql_on $port -d postgres -c "DROP ROLE IF EXISTS $app" -c "DROP ROLE IF EXISTS $owner" >/dev/null 2>&1 || true
	rm -rf "$IDENTITIES_WORK"/portable_generators.* "$IDENTITIES_WORK/portable_generators_build"
}
trap cleanup EXIT
cleanup

# --- the install ------------------------------------------------------------------------------------------------
database_epoch='2020-01-01 00:00:00+00'
psql_on $port -d postgres >/dev/null <<SQL || { echo "FAILED: the roles and the database could not be made"; exit 1; }
CREATE ROLE $owner LOGIN NOSUPERUSER;
CREATE ROLE $app LOGIN NOSUPERUSER;
CREATE DATABASE $database;
GRANT CREATE ON DATABASE $database TO $owner;
-- the server's configuration of this database, as the superuser (or the database's owner) makes it
ALTER DATABASE $database SET identities.snowflake_worker = '3';
ALTER DATABASE $database SET identities.snowflake_process = '5';
ALTER DATABASE $database SET identities.siq_shard = '7';
ALTER DATABASE $database SET identities.siq_domain = 'example.com';
ALTER DATABASE $database SET identities.snowflake_epoch = '$database_epoch';
SQL
build=$IDENTITIES_WORK/portable_generators_build
as_postgres mkdir -p "$build"
portable=$(portable_edition --root "$portable_root" --schema ids) || { echo "FAILED: portable/build"; exit 1; }
as_postgres tee "$build/identities_portable.sql" <"$portable/identities_portable.sql" >/dev/null
echo "portable edition of $portable_root ($(git -C "$portable_root" log -1 --format='%h %s' 2>/dev/null | cut -c 1-100)), PostgreSQL $(superuser -c 'SHOW server_version')"
psql_on $port -d $database -U $owner -f "$build/identities_portable.sql" >/dev/null ||
	{ echo "FAILED: the plain script, run by $owner"; exit 1; }
psql_on $port -d $database -U $owner >/dev/null <<SQL || { echo "FAILED: the owner's grants"; exit 1; }
GRANT USAGE ON SCHEMA ids TO $app;
-- an API of the owner's that app may call: SECURITY DEFINER functions that make ids
CREATE SCHEMA owner_api;
GRANT USAGE ON SCHEMA owner_api TO $app;
CREATE FUNCTION owner_api.new_distributedid() RETURNS numeric LANGUAGE sql SECURITY DEFINER
	SET search_path = pg_catalog, pg_temp RETURN ids.distributedid_generate();
CREATE FUNCTION owner_api.new_distributedid128() RETURNS uuid LANGUAGE sql SECURITY DEFINER
	SET search_path = pg_catalog, pg_temp RETURN ids.distributedid128_generate();
SQL
superuser >/dev/null <<SQL || { echo "FAILED: app's schema"; exit 1; }
CREATE SCHEMA app_data AUTHORIZATION $app;
SQL
psql_on $port -d $database -U $app >/dev/null <<SQL || { echo "FAILED: app's table"; exit 1; }
CREATE TABLE app_data.everything (
	batch text,
	n integer,
	d ids.distributedid DEFAULT ids.distributedid_generate(),
	d128 uuid DEFAULT ids.distributedid128_generate(),
	u7 uuid DEFAULT ids.uuidv7_generate(),
	iu ids.iuid DEFAULT ids.iuid_generate(42, 7),
	hg uuid DEFAULT ids.hotguid_generate(7),
	sf bigint DEFAULT ids.snowflake_generate(),
	sfwp bigint DEFAULT ids.snowflake_generate(17, 19),
	sq ids.siq DEFAULT ids.siq_generate('user'),
	sqdq ids.siq DEFAULT ids.siq_generate('message', 'other.example', 9),
	lu uuid DEFAULT ids.luuid_generate('person', 1234567));
CREATE TABLE app_data.concurrent_snowflakes (id bigint PRIMARY KEY, session integer);
CREATE TABLE app_data.concurrent_siqs (id ids.siq PRIMARY KEY, session integer);
CREATE TABLE app_data.big AS SELECT n FROM generate_series(1, 300000) AS n;
CREATE TABLE app_data.parallel_probe AS SELECT n FROM generate_series(1, 3) AS n;
ANALYZE app_data.big, app_data.parallel_probe;
-- the owner's sessions use them too
GRANT USAGE ON SCHEMA app_data TO $owner;
GRANT SELECT ON app_data.parallel_probe TO $owner;
GRANT SELECT, INSERT ON app_data.everything TO $owner;
SQL

# The generators: column|call|its timestamp (of the id x)|what its id must carry (x)|what it carries (x). :worker,
# :process, :'epoch', :shard and :'domain' are the configuration the caller's ids must have.
generators=(
	"d|ids.distributedid_generate()|ids.distributedid_extract_timestamp(x)|true|''"
	"d128|ids.distributedid128_generate()|ids.distributedid128_extract_timestamp(x)|true|''"
	"u7|ids.uuidv7_generate()|ids.uuidv7_extract_timestamp(x)|true|''"
	"iu|ids.iuid_generate(42, 7)|ids.iuid_extract_timestamp(x)|ids.iuid_extract_country(x) = 42 AND ids.iuid_extract_service_entity(x) = 7|format('country %s entity %s', ids.iuid_extract_country(x), ids.iuid_extract_service_entity(x))"
	"hg|ids.hotguid_generate(7)|ids.hotguid_extract_timestamp(x)|ids.hotguid_extract_shard_key(x) = 7|format('shard key %s', ids.hotguid_extract_shard_key(x))"
	"sf|ids.snowflake_generate()|ids.snowflake_extract_timestamp(x, :'epoch')|ids.snowflake_extract_worker(x) = :worker AND ids.snowflake_extract_process(x) = :process|format('worker %s process %s', ids.snowflake_extract_worker(x), ids.snowflake_extract_process(x))"
	"sfwp|ids.snowflake_generate(17, 19)|ids.snowflake_extract_timestamp(x, :'epoch')|ids.snowflake_extract_worker(x) = 17 AND ids.snowflake_extract_process(x) = 19|format('worker %s process %s', ids.snowflake_extract_worker(x), ids.snowflake_extract_process(x))"
	"sq|ids.siq_generate('user')|ids.siq_extract_timestamp(x)|ids.siq_extract_shard(x) = :shard AND ids.siq_extract_domain_hash(x) = ids.siq_domain_hash(:'domain') AND ids.siq_extract_qualifier(x) = 'user'|format('shard %s domain hash %s (%s''s: %s) qualifier %s', ids.siq_extract_shard(x), ids.siq_extract_domain_hash(x), :'domain', ids.siq_domain_hash(:'domain'), ids.siq_extract_qualifier(x))"
	"sqdq|ids.siq_generate('message', 'other.example', 9)|ids.siq_extract_timestamp(x)|ids.siq_extract_shard(x) = 9 AND ids.siq_extract_domain_hash(x) = ids.siq_domain_hash('other.example') AND ids.siq_extract_qualifier(x) = 'message'|format('shard %s domain hash %s qualifier %s', ids.siq_extract_shard(x), ids.siq_extract_domain_hash(x), ids.siq_extract_qualifier(x))"
	"lu|ids.luuid_generate('person', 1234567)|NULL::timestamptz|ids.luuid_extract_key(x) = 1234567 AND ids.luuid_extract_group(x) = ids.luuid_group('person')|format('key %s group %s', ids.luuid_extract_key(x), ids.luuid_extract_group(x))"
)
field() { cut -d'|' -f"$2" <<<"$1"; }

# generator_checks WHO: SQL checking 300 ids of each generator called, and the rows app_data.everything got by
# default in batch WHO (inserted first).
generator_checks() {
	local who=$1 spec column call timestamp shape shown source label
	# ids are dated between this instant (less the formats' leeway: DistributedId's second, whole seconds) and their
	# check's: no bound on how long the checks take
	echo "SELECT clock_timestamp() - interval '2 s' AS generated_after \\gset"
	echo "INSERT INTO app_data.everything (batch, n) SELECT '$who', n FROM generate_series(1, 100) AS n;"
	try "$who: INSERT ... DEFAULT of every generator"
	for spec in "${generators[@]}"; do
		column=$(field "$spec" 1) call=$(field "$spec" 2) timestamp=$(field "$spec" 3) shape=$(field "$spec" 4) shown=$(field "$spec" 5)
		for source in "called" "default"; do
			if [ $source = called ]; then
				label="$who: $call"
				from="(SELECT $call AS x FROM generate_series(1, 300)) AS drawn"
				expected=300
			else
				label="$who: $call as the DEFAULT of everything.$column"
				from="(SELECT $column AS x FROM app_data.everything WHERE batch = '$who') AS drawn"
				expected=100
			fi
			cat <<SQL
SELECT CASE WHEN n = $expected AND n_distinct = n AND coalesce(dated, true) AND shaped THEN 'PASS'
	ELSE format('FAILED: %s: %s ids (of $expected), %s distinct, dated %s to %s (generated after %s, now %s), %s', \$label\$$label\$label\$, n, n_distinct,
		coalesce(first::text, '-'), coalesce(last::text, '-'), :'generated_after', clock_timestamp(), CASE WHEN shaped THEN 'as expected' ELSE 'carrying ' || shapes || ' (expected: $(sed "s/'/''/g" <<<"$shape"))' END) END
FROM (SELECT count(*) AS n, count(DISTINCT x) AS n_distinct,
             bool_and($timestamp BETWEEN :'generated_after'::timestamptz AND clock_timestamp() + interval '1 s') AS dated,
             min($timestamp) AS first, max($timestamp) AS last,
             coalesce(bool_and($shape), false) AS shaped, string_agg(DISTINCT $shown, ', ') AS shapes
      FROM $from) AS summary;
SQL
			try "$label"
		done
	done
}

# --- 1. forged settings -----------------------------------------------------------------------------------------
echo "== 1. forged settings"
part_started=$SECONDS
qualifiers="user application event product group collection invite tag channel thread message ternary manytomany multi content"
# The generators' old state, far in the future (year 2096 and later), and every identities.* setting.
forged_state=(
	"identities_portable.distributedid=30000000000000:1" "identities_portable.distributedid128=30000000000000:1"
	"identities_portable.uuidv7=1000000000000000000" "identities_portable.iuid=250000000000000:1"
	"identities_portable.hotguid=0102030405:100:4000000000:100" "identities_portable.snowflake=4000000000000:1"
	"identities_portable.snowflake_ticket=1" "identities_portable.siq_ticket=1" "identities_portable.incremental_ids=1:5:5")
for qualifier in $qualifiers; do forged_state+=("identities_portable.siq_$qualifier=262144000000000:1"); done
forged_settings() { # forged_settings WORKER PROCESS SHARD DOMAIN EPOCH: name=value lines
	printf '%s\n' "identities.snowflake_worker=$1" "identities.snowflake_process=$2" "identities.siq_shard=$3" \
		"identities.siq_domain=$4" "identities.snowflake_epoch=$5" "identities.public_key=$(head -c 32 /dev/urandom | base64)" \
		"identities.public_key_previous=$(head -c 32 /dev/urandom | base64)" "identities.public_key_file=/dev/null" \
		"identities.public_key_previous_file=/dev/null" "identities.wal_resource_manager_id=200" "${forged_state[@]}"
}
app_expect=(-v worker=3 -v process=5 -v shard=7 -v domain=example.com -v epoch="$database_epoch")

# (a) ALTER ROLE app SET, by app itself where the server lets it (placeholders: 16 and later, USER SET), else by the
# superuser: what a role stores for itself (or what is stored for it) is not the server's configuration.
role_settings=$(forged_settings 31 28 201 role.example '1990-01-01 00:00:00+00')
by_app=0 by_superuser=0
while IFS='=' read -r name value; do
	if psql_as $app -v ON_ERROR_STOP=1 -c "ALTER ROLE $app SET $name = '$value'" >/dev/null 2>&1 ||
		psql_as $app -v ON_ERROR_STOP=1 -c "ALTER ROLE $app SET $name = '$value' USER SET" >/dev/null 2>&1; then
		by_app=$((by_app + 1))
	elif superuser -v ON_ERROR_STOP=1 -c "ALTER ROLE $app SET $name = '$value'" >/dev/null 2>&1; then
		by_superuser=$((by_superuser + 1))
	else
		fail "ALTER ROLE $app SET $name could not be made at all"
	fi
done <<<"$role_settings"
echo "ALTER ROLE $app SET: $by_app settings stored by app itself, $by_superuser by the superuser (refused to app)"
check $app "${app_expect[@]}" <<SQL
SELECT CASE WHEN current_setting('identities.snowflake_worker') = '31' THEN 'PASS' ELSE 'FAILED: the role''s settings are not in force in its session' END;
$(generator_checks "app, ALTER ROLE SET")
SQL

# (b) at connection (PGOPTIONS), with values the server would refuse (out of range, not ASCII, not a date)
pgoptions=$(forged_settings 99 -1 999 'xn--ébad' garbage | sed -e 's/ /\\ /g' -e 's/^/-c /' | tr '\n' ' ') \
	check $app "${app_expect[@]}" <<SQL
SELECT CASE WHEN current_setting('identities.snowflake_worker') = '99' THEN 'PASS' ELSE 'FAILED: PGOPTIONS not in force' END;
$(generator_checks "app, PGOPTIONS")
SQL

# (c) SET, every setting, and every generator
check $app "${app_expect[@]}" <<SQL
$(forged_settings 30 29 200 evil.example '1995-01-01 00:00:00+00' | while IFS='=' read -r name value; do echo "SET $name = '$value';"; try "app: SET $name"; done)
$(generator_checks "app, SET")
SQL

# (d) every sequence of the schema: nothing granted to anyone but its owner, app refused everything
sequences=$(superuser -c "SELECT c.oid::regclass FROM pg_class AS c WHERE c.relnamespace = 'ids'::regnamespace AND c.relkind = 'S' ORDER BY 1")
echo "sequences of the schema: $(tr '\n' ' ' <<<"$sequences")"
[ -n "$sequences" ] || echo "(none)"
superuser -c "SELECT 'FAILED: ' || c.oid::regclass || ' grants ' || acl.privilege_type || ' to ' || CASE WHEN acl.grantee = 0 THEN 'PUBLIC' ELSE pg_get_userbyid(acl.grantee) END
	FROM pg_class AS c, aclexplode(c.relacl) AS acl WHERE c.relnamespace = 'ids'::regnamespace AND c.relkind = 'S' AND acl.grantee <> c.relowner
	UNION ALL SELECT 'PASS' FROM pg_class AS c WHERE c.relnamespace = 'ids'::regnamespace AND c.relkind = 'S'
		AND NOT EXISTS (SELECT FROM aclexplode(c.relacl) AS acl WHERE acl.grantee <> c.relowner)" >"$IDENTITIES_WORK/portable_generators.acl"
judge <"$IDENTITIES_WORK/portable_generators.acl"
check $app <<SQL
$(for sequence in $sequences; do
	echo "SELECT nextval('$sequence') \\g /dev/null"; refused 42501 "app: nextval('$sequence')"
	echo "SELECT setval('$sequence', 1) \\g /dev/null"; refused 42501 "app: setval('$sequence', 1)"
	echo "SELECT setval('$sequence', 4095, false) \\g /dev/null"; refused 42501 "app: setval('$sequence', 4095, false)"
	echo "SELECT currval('$sequence') \\g /dev/null"; refused 42501 "app: currval('$sequence')"
	echo "SELECT last_value FROM $sequence \\g /dev/null"; refused 42501 "app: SELECT last_value FROM $sequence"
	echo "ALTER SEQUENCE $sequence RESTART;"; refused 42501 "app: ALTER SEQUENCE $sequence RESTART"
done)
SQL

# (e) identities.incremental_ids: app's refused however it reaches a generator; the owner's honoured
check $app <<SQL
SET identities.incremental_ids = '1';
SELECT ids.distributedid_generate() \g /dev/null
$(refused 42501 "app: SET identities.incremental_ids = '1', then distributedid_generate()")
SELECT ids.distributedid128_generate() \g /dev/null
$(refused 42501 "app: SET identities.incremental_ids = '1', then distributedid128_generate()")
SELECT owner_api.new_distributedid() \g /dev/null
$(refused 42501 "app: SET identities.incremental_ids = '1', then distributedid_generate() in a SECURITY DEFINER function of the owner's")
SELECT owner_api.new_distributedid128() \g /dev/null
$(refused 42501 "app: SET identities.incremental_ids = '1', then distributedid128_generate() in a SECURITY DEFINER function of the owner's")
INSERT INTO app_data.everything (batch) VALUES ('incremental');
$(refused 42501 "app: SET identities.incremental_ids = '1', then INSERT ... DEFAULT")
SQL
check $owner <<SQL
SET identities.incremental_ids = '1000';
SELECT CASE WHEN ids.distributedid_generate() = 1000 THEN 'PASS' ELSE 'FAILED: owner: identities.incremental_ids = 1000 not honoured by distributedid_generate()' END;
$(try "owner: identities.incremental_ids = 1000, distributedid_generate()")
SQL

# (f) the owner's session settings are its own ids' (the owner stands in for the superuser)
check $owner -v worker=9 -v process=11 -v shard=13 -v domain=owner.example -v epoch='2010-01-01 00:00:00+00' <<SQL
SET identities.snowflake_worker = '9';
SET identities.snowflake_process = '11';
SET identities.siq_shard = '13';
SET identities.siq_domain = 'owner.example';
SET identities.snowflake_epoch = '2010-01-01 00:00:00+00';
$(generator_checks "owner, SET")
SQL
# (g) the epoch's form, checked when read (no check hook in SQL): what the native edition refuses when it is set
# is 22023 here, each field and the UTC offset's hours and minutes too, not the cast's error (22009 for +16)
epoch_checks() {
	local epoch
	for epoch in '2020-01-01T00:00:00+16' '2020-01-01 00:00:00+05:60' '2020-01-01T00:00:00-1600' '2020-02-30Z' \
		'2020-01-01T25:00:00Z' '2020-01-01T00:00:00' '2020-01-01 00:00'; do
		printf '%s\n' "SET identities.snowflake_epoch = '$epoch';" 'SELECT ids.snowflake_extract_timestamp(0);' \
			"$(refused 22023 "owner: identities.snowflake_epoch = '$epoch' refused")"
	done
	for epoch in '2020-01-01T00:00:00+15:59' '2020-01-01 00:00:00-15' '2020-01-01T00:00:00Z' '2020-01-01 00:00:00 UTC' \
		'2020-01-01+05' '2020-01-01 12:30:15.5-0530'; do
		printf '%s\n' "SET identities.snowflake_epoch = '$epoch';" \
			"SELECT CASE WHEN ids.snowflake_extract_timestamp(0) = '$epoch'::timestamptz THEN 'PASS'
				ELSE 'FAILED: owner: identities.snowflake_epoch = ''$epoch'' read as ' || ids.snowflake_extract_timestamp(0) END;" \
			"$(try "owner: identities.snowflake_epoch = '$epoch'")"
	done
	echo 'RESET identities.snowflake_epoch;'
}
check $owner <<SQL
$(epoch_checks)
SQL
# the role's own settings taken back: the next parts test what they test
superuser -c "ALTER ROLE $app RESET ALL" >/dev/null
echo "part 1: $((SECONDS - part_started)) s"

# --- 2. no id twice ---------------------------------------------------------------------------------------------
echo "== 2. no id twice"
part_started=$SECONDS
for spec in "${generators[@]}"; do
	call=$(field "$spec" 2) column=$(field "$spec" 1)
	{
		echo '\set ON_ERROR_STOP on'
		echo 'BEGIN;'
		for ((round = 0; round < 1000; round++)); do
			echo "SAVEPOINT s; SELECT $call; ROLLBACK TO s; SELECT $call;"
		done
		echo 'COMMIT;'
		echo '\echo transactions'
		for ((round = 0; round < 500; round++)); do
			echo "BEGIN; SELECT $call; ROLLBACK; SELECT $call;"
		done
		echo '\echo discard'
		for ((round = 0; round < 500; round++)); do
			echo "SELECT $call; DISCARD ALL; SELECT $call;"
		done
	} >"$IDENTITIES_WORK/portable_generators.rounds"
	output=$(psql_as $app -f - <"$IDENTITIES_WORK/portable_generators.rounds" 2>&1)
	status=$?
	ids=$(grep -vE '^(transactions|discard)$' <<<"$output")
	savepoints=$(sed '/^transactions$/,$d' <<<"$output")
	transactions=$(sed -n '/^transactions$/,/^discard$/p' <<<"$output" | grep -vE '^(transactions|discard)$')
	count=$(grep -c . <<<"$ids")
	repeated=$(sort <<<"$ids" | uniq -d)
	if [ $status != 0 ] || [ "$count" != 4000 ]; then
		fail "rollbacks, $call: $count ids of 4000 (psql exited with $status): $(grep -m 3 -iE 'error' <<<"$output")"
	elif [ -n "$repeated" ]; then
		fail "rollbacks, $call: $(grep -c . <<<"$repeated") ids returned twice in one session (a rollback or DISCARD ALL between), e.g. $(head -n 3 <<<"$repeated" | tr '\n' ' ')"
	else
		passed=$((passed + 1))
	fi
	case $column in
	sf | sfwp) order=(-n) ;;
	hg | sq | sqdq) order=() ;;
	*) continue ;;
	esac
	for section in savepoints transactions; do
		if LC_ALL=C sort "${order[@]}" -u -C <<<"${!section}"; then
			passed=$((passed + 1))
		else
			fail "rollbacks, $call: the ids of one session do not strictly increase across $section rolled back: $(LC_ALL=C sort "${order[@]}" -u -c <<<"${!section}" 2>&1 | head -c 200)"
		fi
	done
done

# three sessions generating under unique keys, a fourth burning tickets (refused) and generating between
writers=3 batches=40 batch=250
for ((session = 1; session <= writers; session++)); do
	for ((round = 0; round < batches; round++)); do
		echo "INSERT INTO app_data.concurrent_snowflakes SELECT ids.snowflake_generate(), $session FROM generate_series(1, $batch);"
		echo "INSERT INTO app_data.concurrent_siqs SELECT ids.siq_generate('user'), $session FROM generate_series(1, $batch);"
	done >"$IDENTITIES_WORK/portable_generators.writer$session"
done
{
	for ((round = 0; round < 100; round++)); do
		for sequence in $sequences; do
			echo "SELECT count(nextval('$sequence')) FROM generate_series(1, 4096);"
			echo "SELECT CASE WHEN NOT :'ERROR' THEN 'burned' WHEN :'LAST_ERROR_SQLSTATE' = '42501' THEN 'refused' ELSE 'other ' || :'LAST_ERROR_SQLSTATE' || ' ' || :'LAST_ERROR_MESSAGE' END;"
		done
		echo "INSERT INTO app_data.concurrent_snowflakes SELECT ids.snowflake_generate(), 0 FROM generate_series(1, 100);"
		echo "INSERT INTO app_data.concurrent_siqs SELECT ids.siq_generate('user'), 0 FROM generate_series(1, 100);"
	done
} >"$IDENTITIES_WORK/portable_generators.burner"
pids=()
for ((session = 1; session <= writers; session++)); do
	psql_as $app -f - <"$IDENTITIES_WORK/portable_generators.writer$session" >/dev/null 2>"$IDENTITIES_WORK/portable_generators.writer$session.err" &
	pids+=($!)
done
psql_as $app -f - <"$IDENTITIES_WORK/portable_generators.burner" >"$IDENTITIES_WORK/portable_generators.burner.out" 2>"$IDENTITIES_WORK/portable_generators.burner.err" &
pids+=($!)
for pid in "${pids[@]}"; do wait "$pid"; done
errors=$(cat "$IDENTITIES_WORK"/portable_generators.writer*.err "$IDENTITIES_WORK/portable_generators.burner.err" | grep -v 'permission denied for sequence')
duplicates=$(grep -c 'duplicate key' <<<"$errors")
burned=$(grep -c '^burned$' "$IDENTITIES_WORK/portable_generators.burner.out")
refusals=$(grep -c '^refused$' "$IDENTITIES_WORK/portable_generators.burner.out")
tries=$((100 * $(wc -w <<<"$sequences")))
counts=$(superuser -c "SELECT (SELECT count(*) FROM app_data.concurrent_snowflakes) || ' ' || (SELECT count(*) FROM app_data.concurrent_siqs)")
expected=$((writers * batches * batch + 100 * 100))
echo "concurrent: $writers writers and a burner: $counts rows (Snowflakes, SIQs) of $expected each; $duplicates duplicate keys; burner: $refusals of $tries tries refused, $burned burned 4096 tickets"
[ "$duplicates" = 0 ] && passed=$((passed + 1)) || fail "concurrent generation: $duplicates duplicate key errors: $(grep -m 2 'duplicate key' <<<"$errors" | tr '\n' ' ')"
[ "$counts" = "$expected $expected" ] && passed=$((passed + 1)) || fail "concurrent generation: $counts rows (Snowflakes, SIQs), expected $expected of each; errors: $(head -n 3 <<<"$errors" | tr '\n' ' ')"
[ "$refusals" = "$tries" ] && passed=$((passed + 1)) || fail "concurrent generation: the burner was refused $refusals of its $tries tries (42501), burned 4096 tickets $burned times; other: $(grep -m 2 '^other' "$IDENTITIES_WORK/portable_generators.burner.out" | tr '\n' ' ')"
echo "part 2: $((SECONDS - part_started)) s"

# --- 3. parallel labels -----------------------------------------------------------------------------------------
echo "== 3. parallel labels"
part_started=$SECONDS
superuser >"$IDENTITIES_WORK/portable_generators.labels" <<'SQL'
SELECT format('FAILED: %s is PARALLEL %s but %s', p.oid::regprocedure, CASE p.proparallel WHEN 's' THEN 'SAFE' ELSE 'RESTRICTED' END,
		concat_ws(', ', CASE WHEN def ~* '\mset_config\s*\(' THEN 'sets a setting (set_config)' END,
			CASE WHEN def ~* '\mnextval\s*\(' THEN 'calls nextval' END,
			CASE WHEN def ~* '\msetval\s*\(' THEN 'calls setval' END,
			CASE WHEN def ~* '\mEXCEPTION\s+WHEN\M' THEN 'opens a subtransaction (an exception block)' END))
	FROM pg_proc AS p, pg_get_functiondef(p.oid) AS def
	WHERE p.pronamespace = 'ids'::regnamespace AND p.prokind = 'f' AND p.proparallel IN ('s', 'r')
		AND def ~* '\m(set_config|nextval|setval)\s*\(|\mEXCEPTION\s+WHEN\M'
UNION ALL
(WITH RECURSIVE definitions AS (
	SELECT p.oid, p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc AS p
	WHERE p.pronamespace = 'ids'::regnamespace AND p.prokind = 'f'),
-- the generators and every function of the schema they name, and so on
reached AS (
	SELECT oid, def FROM definitions WHERE proname ~ '_generate$' AND proname !~ '^identities_public_key'
	UNION
	SELECT called.oid, called.def FROM reached JOIN definitions AS called ON reached.def ~ ('\m' || called.proname || '\s*\('))
-- (the documented exceptions, doc/portable.md: identities.incremental_ids' position, a test fixture only the owner's
-- sessions use; the key being stored, local to identities_public_key_store's call and no generator's)
SELECT format('%s %s keeps state in a session setting (%s)', CASE WHEN reached.oid IS NULL
			OR definitions.proname IN ('identities_take_incremental_id', 'identities_public_key_store')
			THEN 'NOTE: (no generator, or a documented exception)' ELSE 'FAILED:' END,
		definitions.oid::regprocedure,
		(SELECT string_agg(DISTINCT m[1], ', ') FROM regexp_matches(definitions.def, '(?:current_setting|set_config)\s*\(\s*''(identities_portable\.[a-z_0-9]*)', 'gi') AS m))
	FROM definitions LEFT JOIN (SELECT DISTINCT oid FROM reached) AS reached USING (oid)
	WHERE definitions.def ~* '(current_setting|set_config)\s*\(\s*''identities_portable\.')
UNION ALL
SELECT 'PASS' FROM pg_proc AS p WHERE p.pronamespace = 'ids'::regnamespace AND p.prokind = 'f';
SQL
judge <"$IDENTITIES_WORK/portable_generators.labels"

# Every function of the schema, with sample arguments by type, in a query a worker runs (a parallel-mode error is
# the only failure: a sample argument may well be refused).
debug_parallel=$(superuser -c "SELECT CASE WHEN current_setting('server_version_num')::integer >= 160000 THEN 'debug_parallel_query' ELSE 'force_parallel_mode' END")
probes=$(superuser <<'SQL'
SELECT p.oid::regprocedure || E'\t' || format('%I.%I(%s)', n.nspname, p.proname,
		coalesce((SELECT string_agg(CASE WHEN p.provariadic <> 0 AND a.ord = p.pronargs THEN 'VARIADIC ' ELSE '' END || CASE a.type
			WHEN 'bigint'::regtype THEN '42::bigint'
			WHEN 'integer'::regtype THEN '1::integer'
			WHEN 'smallint'::regtype THEN '1::smallint'
			WHEN 'text'::regtype THEN '''user''::text'
			WHEN 'name'::regtype THEN '''user''::name'
			WHEN 'boolean'::regtype THEN 'true'
			WHEN 'numeric'::regtype THEN '1126597964784866426880000000::numeric'
			WHEN 'timestamptz'::regtype THEN 'now()'
			WHEN 'timestamp'::regtype THEN 'localtimestamp'
			WHEN 'interval'::regtype THEN 'interval ''1 month'''
			WHEN 'tstzrange'::regtype THEN 'tstzrange(now() - interval ''1 day'', now())'
			WHEN 'uuid'::regtype THEN '''0190f5c8-3a4b-7c2d-8e9f-0123456789ab''::uuid'
			WHEN 'bytea'::regtype THEN '''\x0102030405060708090a0b0c0d0e0f10''::bytea'
			WHEN 'regclass'::regtype THEN '''app_data.parallel_probe''::regclass'
			WHEN 'text[]'::regtype THEN 'ARRAY[''user'']'
			WHEN to_regtype('ids.distributedid') THEN '1126597964784866426880000000::ids.distributedid'
			WHEN to_regtype('ids.siq') THEN '''0006663ee37e8000000000000020''::ids.siq'
			WHEN to_regtype('ids.iuid') THEN '''01890a5d-ac96-802a-8000-000000000001''::ids.iuid'
			ELSE format('NULL::%s', format_type(a.type, NULL)) END, ', ' ORDER BY a.ord)
			FROM unnest(p.proargtypes::oid[]) WITH ORDINALITY AS a(type, ord)), ''))
FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace
WHERE n.nspname = 'ids' AND p.prokind = 'f' AND p.prorettype NOT IN ('trigger'::regtype, 'event_trigger'::regtype)
ORDER BY 1
SQL
)
functions=$(grep -c . <<<"$probes")
# In four contexts: a SELECT run by a worker (the leader waits: single copy), a SELECT run by the leader in parallel
# mode (no worker may start), and the same two as CREATE TABLE AS (the leader inserts: its command counter is used,
# so a function that starts a command there fails) over 3 rows.
for role in $owner $app; do
	target=$([ $role = $owner ] && echo owner_api || echo app_data)
	for context in "SELECT, workers" "SELECT, leader" "CREATE TABLE AS, workers" "CREATE TABLE AS, leader"; do
		{
			echo "SET $debug_parallel = on; SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;"
			[[ $context == *leader ]] && echo "SET max_parallel_workers = 0;" || echo "SET max_parallel_workers = 8;"
			while IFS=$'\t' read -r function call; do
				if [[ $context == SELECT* ]]; then
					echo "SELECT $call FROM app_data.parallel_probe;"
				else
					echo "DROP TABLE IF EXISTS $target.probe_ctas; CREATE TABLE $target.probe_ctas AS SELECT $call AS v FROM app_data.parallel_probe;"
				fi
			done <<<"$probes"
		} >"$IDENTITIES_WORK/portable_generators.probes"
		errors=$(psql_as $role -f - <"$IDENTITIES_WORK/portable_generators.probes" 2>&1 >/dev/null)
		parallel_errors=0 other_errors=0
		while IFS= read -r line; do
			[[ $line =~ ^psql:\<stdin\>:([0-9]+):\ (ERROR|FATAL):\ +(.*)$ ]] || continue
			number=${BASH_REMATCH[1]} message=${BASH_REMATCH[3]}
			[ "$number" -gt 2 ] || { fail "parallel: the settings of the probe session ($context), as $role: $message"; continue; }
			function=$(sed -n "$((number - 2))p" <<<"$probes" | cut -f1)
			if [[ $message =~ parallel\ (operation|mode|worker)|parallel\ query ]]; then
				parallel_errors=$((parallel_errors + 1))
				fail "parallel: $function, called by $role ($context, $debug_parallel): $message"
			else
				other_errors=$((other_errors + 1))
			fi
		done <<<"$errors"
		echo "parallel: $functions functions called by $role ($context, $debug_parallel): $parallel_errors parallel-mode errors, $other_errors other errors (sample arguments refused)"
		[ "$parallel_errors" = 0 ] && passed=$((passed + 1))
	done
done

# Snowflakes under the database's epoch (2020) and under the default one (2015): how many a session makes a second
# (printed; each reads and checks the epoch). The CREATE TABLE AS below runs under the default, to keep the test short.
superuser -c "ALTER DATABASE $database RESET identities.snowflake_epoch" >/dev/null
for epoch in "$database_epoch" ""; do
	psql_as $owner >"$IDENTITIES_WORK/portable_generators.rate" <<SQL
$([ -n "$epoch" ] && echo "SET identities.snowflake_epoch = '$epoch';")
SELECT clock_timestamp() AS t0 \gset
SELECT count(ids.snowflake_generate()) FROM generate_series(1, 2000) \g /dev/null
SELECT format('NOTE: snowflake_generate(), as owner under %s: %s ids a second', coalesce(nullif(current_setting('identities.snowflake_epoch', true), ''), 'the default epoch'),
	round(2000 / extract(epoch FROM clock_timestamp() - :'t0')));
SQL
	judge <"$IDENTITIES_WORK/portable_generators.rate"
done

# CREATE TABLE AS SELECT of every generator over 300 000 rows, parallel costs 0 (as app, in its schema)
for spec in "${generators[@]}"; do
	call=$(field "$spec" 2) column=$(field "$spec" 1)
	step_started=$SECONDS
	output=$(psql_as $app 2>&1 <<SQL
SET parallel_setup_cost = 0; SET parallel_tuple_cost = 0; SET min_parallel_table_scan_size = 0; SET max_parallel_workers_per_gather = 2;
EXPLAIN (COSTS OFF) CREATE TABLE app_data.ctas_$column AS SELECT $call AS id FROM app_data.big;
CREATE TABLE app_data.ctas_$column AS SELECT $call AS id FROM app_data.big;
SELECT 'result: ' || count(*) || ' ' || count(DISTINCT id) FROM app_data.ctas_$column;
DROP TABLE app_data.ctas_$column;
SQL
)
	plan=$(grep -q 'Gather' <<<"$output" && echo parallel || echo serial)
	result=$(sed -n 's/^result: //p' <<<"$output")
	echo "CREATE TABLE AS SELECT $call FROM 300 000 rows: $plan plan, $((SECONDS - step_started)) s: ${result:-no result} (rows, distinct)"
	if [ "$result" = "300000 300000" ]; then
		passed=$((passed + 1))
	else
		fail "parallel CREATE TABLE AS SELECT $call FROM 300 000 rows ($plan plan): ${result:-no table} (rows, distinct): $(grep -m 2 -E 'ERROR' <<<"$output" | tr '\n' ' ')"
	fi
done
echo "part 3: $((SECONDS - part_started)) s"

echo
echo "portable_generators: $passed checks passed, ${#failures[@]} failed, in $((SECONDS - started)) s"
if [ ${#failures[@]} -gt 0 ]; then
	printf '%s\n' "${failures[@]}"
	exit 1
fi
