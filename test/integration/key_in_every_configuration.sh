# The public-id key is in no log line, pg_stat_statements entry (track_utility on, nested statements tracked),
# pg_settings row or error context, in each configuration doc/reference.md offers, every statement logged:
# A. preloaded, listed before pg_stat_statements (identities redacts first whatever the order): the key in
#    postgresql.conf and reloaded (the postmaster's "changed to" line), by ALTER SYSTEM, SET, set_config(), a
#    SET run by a DO block, a failing SET;
# B. session_preload_libraries: the key file, and SET in a session; a key in postgresql.conf is refused;
# C. not loaded until used: the key file, and SET once identities is loaded; a key in postgresql.conf is
#    refused, and so is a SET run before the session loaded identities (its statement was logged as it was).
# The refused keys are what a configuration that cannot keep the key out of the log writes there: the test
# checks that they are refused, and looks for every other key in every log and in pg_stat_statements.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

servers_stopped_on_exit
fail_prefix="key_in_every_configuration: "
new_key() { head -c 32 /dev/urandom | base64; }
kept=()    # keys given in ways a configuration offers: never in a log or in pg_stat_statements
refused=() # keys given in ways it refuses
key_file=$IDENTITIES_WORK/every_configuration.key
file_key=$(new_key)
kept+=("$file_key")
echo "$file_key" | as_postgres tee "$key_file" >/dev/null
as_postgres chmod 600 "$key_file"
logging=("log_statement = 'all'" "log_min_messages = debug1" "log_min_error_statement = debug1"
	"log_error_verbosity = verbose" "pg_stat_statements.track_utility = on" "pg_stat_statements.track = all"
	"identities.public_key_file = '$key_file'")
# public_id_under KEY: public_id(1) under that key, computed by a session that sets it (preloaded server A)
expected_public_id() { sql 55534 -c "SET identities.public_key = '$1'" -c "SELECT public_id(1)" | tail -n 1; }

# A. preloaded, before pg_stat_statements in the list (the previous key of a rotation too)
start_server key_preloaded 55534 no "shared_preload_libraries = 'identities,pg_stat_statements'" "${logging[@]}"
sql 55534 -c "CREATE EXTENSION identities" -c "CREATE EXTENSION pg_stat_statements" >/dev/null
conf_key=$(new_key)
kept+=("$conf_key")
echo "identities.public_key = '$conf_key'" | as_postgres tee -a "$IDENTITIES_WORK/key_preloaded/postgresql.conf" >/dev/null
sql 55534 -c "SELECT pg_reload_conf()" >/dev/null
sleep 1
grep -q 'parameter "identities.public_key" changed to' "$IDENTITIES_WORK/key_preloaded.log" ||
	fail "A: the reload did not log the changed setting (so its redaction was not tested)"
[ "$(sql 55534 -c "SELECT public_id(1)")" = "$(expected_public_id "$conf_key")" ] || fail "A: the key of postgresql.conf is not used"
for form in "ALTER SYSTEM SET identities.public_key = '@'" "SET identities.public_key = '@'" \
	"SET identities.public_key_previous = '@'" "SELECT set_config('identities.public_key_previous', '@', false)" \
	"ALTER SYSTEM SET identities.public_key_previous = '@'" \
	"SELECT set_config('identities.public_key', '@', false)" \
	"DO \$\$BEGIN EXECUTE 'SET identities.public_key = ''@'''; END\$\$" \
	"SET identities.public_key = '@'; SELECT public_id(1); RESET identities.public_key"; do
	kept+=("$(new_key)")
	sql 55534 -c "${form//@/${kept[-1]}}" >/dev/null
done
sql 55534 -c "SELECT pg_reload_conf()" >/dev/null # the previous key's "changed to" line
sleep 1
kept+=("$(new_key)")
bad=${kept[-1]%?????}!!!!! # not base64: refused, and not echoed
sql 55534 -v ON_ERROR_STOP=0 -c "SET identities.public_key = '$bad'" >/dev/null 2>&1 || true
kept+=("$bad")
sql 55534 -c "ALTER SYSTEM RESET identities.public_key" -c "ALTER SYSTEM RESET identities.public_key_previous" >/dev/null
tracked=$(sql 55534 -c "SELECT count(*) FROM pg_stat_statements WHERE query ILIKE '%public_key%'")
[ "$tracked" -ge 4 ] || fail "A: pg_stat_statements tracked $tracked statements naming the key (so the test saw none)"
echo "A. preloaded: $tracked statements naming the key tracked"

# B. session_preload_libraries
start_server key_session 55535 no "shared_preload_libraries = 'pg_stat_statements'" \
	"session_preload_libraries = 'identities'" "${logging[@]}"
sql 55535 -c "CREATE EXTENSION identities" -c "CREATE EXTENSION pg_stat_statements" >/dev/null
[ "$(sql 55535 -c "SELECT public_id(1)")" = "$(expected_public_id "$file_key")" ] || fail "B: the key file is not used"
kept+=("$(new_key)")
sql 55535 -c "SET identities.public_key = '${kept[-1]}'" -c "SELECT public_id(1)" >/dev/null
refused+=("$(new_key)")
echo "identities.public_key = '${refused[-1]}'" | as_postgres tee -a "$IDENTITIES_WORK/key_session/postgresql.conf" >/dev/null
# The session of the reload loaded identities (session_preload_libraries): it warns too, as the next one must.
sql 55535 -c "SELECT pg_reload_conf()" >/dev/null 2>&1
sleep 1
output=$(sql 55535 -c "SELECT public_id(1)" 2>&1)
grep -q 'WARNING:  identities.public_key is taken from a configuration file only when identities is in shared_preload_libraries' <<<"$output" ||
	fail "B: a key in postgresql.conf was not refused: $output"
grep -qx "$(expected_public_id "$file_key")" <<<"$output" || fail "B: the refused key was used, not the file's"
as_postgres sed -i '/^identities.public_key = /d' "$IDENTITIES_WORK/key_session/postgresql.conf"
sql 55535 -c "SELECT pg_reload_conf()" >/dev/null
echo "B. session_preload_libraries: the key file and SET kept out of the log, a key in postgresql.conf refused"

# C. loaded when first used
start_server key_on_demand 55536 no "shared_preload_libraries = 'pg_stat_statements'" "${logging[@]}"
sql 55536 -c "CREATE EXTENSION identities" -c "CREATE EXTENSION pg_stat_statements" >/dev/null
[ "$(sql 55536 -c "SELECT public_id(1)")" = "$(expected_public_id "$file_key")" ] || fail "C: the key file is not used"
kept+=("$(new_key)")
sql 55536 -c "SELECT public_id(1)" -c "SET identities.public_key = '${kept[-1]}'" -c "SELECT public_id(1)" >/dev/null
refused+=("$(new_key)")
output=$(sql 55536 -c "SET identities.public_key = '${refused[-1]}'" -c "SELECT public_id(1)" 2>&1)
grep -q 'WARNING:  identities.public_key was set before identities was loaded in this session' <<<"$output" ||
	fail "C: a key set before identities was loaded was not refused: $output"
grep -qx "$(expected_public_id "$file_key")" <<<"$output" || fail "C: the refused key was used, not the file's"
refused+=("$(new_key)")
output=$(sql 55536 -v ON_ERROR_STOP=0 -c "LOAD 'identities'" -c "ALTER SYSTEM SET identities.public_key = '${refused[-1]}'" 2>&1 || true)
grep -q 'ERROR:  identities.public_key is taken from a configuration file only when identities is in shared_preload_libraries' <<<"$output" ||
	fail "C: ALTER SYSTEM of the key was not refused: $output"
echo "C. loaded when used: the key file and SET kept out of the log, a key set before loading and ALTER SYSTEM refused"

# Nothing of the kept keys anywhere, as a superuser sees it; pg_settings as any role.
for port in 55534 55535 55536; do
	sql $port -c "CREATE ROLE key_reader" -c "GRANT pg_read_all_settings, pg_read_all_stats TO key_reader" >/dev/null
	statements=$(sql $port -c "SELECT string_agg(query, E'\n') FROM pg_stat_statements")
	settings=$(psql_on $port -d postgres -X -At -c "SET ROLE key_reader" \
		-c "SELECT string_agg(name || '=' || coalesce(setting, ''), E'\n') FROM pg_settings WHERE name LIKE 'identities.%'")
	for key in "${kept[@]}"; do
		grep -qF -- "$key" <<<"$statements" && { grep -F -- "$key" <<<"$statements"; fail "a key is in pg_stat_statements of port $port"; }
		grep -qF -- "$key" <<<"$settings" && fail "a key is in pg_settings of port $port"
	done
done
for log in key_preloaded key_session key_on_demand; do
	for key in "${kept[@]}"; do
		grep -qF -- "$key" "$IDENTITIES_WORK/$log.log" && { grep -nF -- "$key" "$IDENTITIES_WORK/$log.log"; fail "a key is in the log of $log"; }
	done
done
grep -c '(redacted)' "$IDENTITIES_WORK/key_preloaded.log" >/dev/null || fail "A: nothing was redacted"
echo "no kept key (${#kept[@]}) in any log, pg_stat_statements or pg_settings; ${#refused[@]} keys refused"
