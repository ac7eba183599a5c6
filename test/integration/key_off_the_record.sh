# No line of the server log holds the public-id key, with every statement logged and every message down to
# debug5: the key given by file, by ALTER SYSTEM and a reload, by SET and set_config() in every spelling (quoted
# or spaced names, comments, a name built by an expression, E'' and dollar quotes), as a bind
# parameter of the extended protocol (pgbench -M extended), and as one in a failing statement's CONTEXT.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"

port=55531
STARTED_SERVERS=()
trap stop_servers EXIT
fail() { echo "$*"; exit 1; }
new_key() { head -c 16 /dev/urandom | base64; }
keys=()
key_file=$IDENTITIES_WORK/off_the_record.key
keys+=("$(new_key)")
echo "${keys[0]}" | as_postgres tee "$key_file" >/dev/null
as_postgres chmod 600 "$key_file"
start_server off_the_record $port yes "identities.public_key_file = '$key_file'" "log_statement = 'all'" \
	"log_min_messages = debug5" "log_min_error_statement = debug5" "log_error_verbosity = verbose" \
	"log_parameter_max_length = -1" "log_parameter_max_length_on_error = -1"
log_file=$IDENTITIES_WORK/off_the_record.log
sql() { psql_on $port -d postgres -X -At "$@"; }
sql -c "CREATE EXTENSION identities" -c "SELECT public_id(1)" >/dev/null

keys+=("$(new_key)")
sql -c "ALTER SYSTEM SET identities.public_key = '${keys[-1]}'" -c "SELECT pg_reload_conf()" >/dev/null
sleep 1
sql -c "SELECT public_id(2)" -c "ALTER SYSTEM RESET identities.public_key" >/dev/null

# set_form FORM: FORM with @ replaced by a new key, run; the key is remembered.
set_form() {
	keys+=("$(new_key)")
	sql -c "${1//@/${keys[-1]}}" -c "SELECT public_id(3)" >/dev/null
}
set_form "SET identities.public_key = '@'"
set_form "SET SESSION identities.public_key TO '@'"
set_form "SELECT set_config('identities.public_key', '@', false)"
set_form "SET \"identities\".\"public_key\" = '@'"
set_form "SET \"identities.public_key\" = '@'"
set_form "SET identities . public_key = '@'"
set_form "SET identities.public_key = /* a comment */ '@'"
set_form "SET identities.public_key =
-- a comment
'@'"
set_form "SELECT set_config('identities.' || 'public_key', '@', false)"
set_form "SET identities.public_key = E'@'"
set_form "SET identities.public_key = \$\$@\$\$"

# Bind parameters (the extended protocol): log_statement lists them in a DETAIL, an error in its CONTEXT.
script=$IDENTITIES_WORK/off_the_record.pgbench
echo "SELECT set_config('identities.public_key', :key, false), public_id(4);" | as_postgres tee "$script" >/dev/null
keys+=("$(new_key)")
as_postgres "$PG_BIN/pgbench" -n -M extended -t 1 -D "key=${keys[-1]}" -h "$IDENTITIES_WORK" -p $port -U postgres \
	-f "$script" postgres >/dev/null
echo "SELECT set_config('identities.public_key', :key, false), 1 / 0;" | as_postgres tee "$script" >/dev/null
keys+=("$(new_key)")
as_postgres "$PG_BIN/pgbench" -n -M extended -t 1 -D "key=${keys[-1]}" -h "$IDENTITIES_WORK" -p $port -U postgres \
	-f "$script" postgres >/dev/null 2>&1 && fail "the failing statement did not fail"

# No key in the log, and the log was written (so the check looked at something).
[ ${#keys[@]} = 15 ] || fail "${#keys[@]} keys tried"
for key in "${keys[@]}"; do
	# The base64 without its padding: a cut or re-quoted value would still show it.
	if grep -F "${key%%=*}" "$log_file"; then fail "the server log holds a key"; fi
done
grep -q 'DEBUG' "$log_file" || fail "nothing was logged at debug level"
grep -q 'DETAIL:  (parameters withheld' "$log_file" || fail "no withheld parameters in the log"
grep -q "statement: SET identities.public_key = '(redacted)'" "$log_file" || fail "no redacted statement in the log"
grep -q 'statement: (withheld: the text may give identities.public_key a value)' "$log_file" ||
	fail "no withheld statement in the log"
