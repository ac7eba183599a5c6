# The README's first command shows every id type through scripts/demo.sql: the script runs whole on a preloaded
# server with a public-id key file, as scripts/demo runs it, stopping at any error but the one it makes on purpose,
# and ends with the generators' statistics.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

port=55695
fail_prefix="demo_script: "
servers_stopped_on_exit
key_file=$IDENTITIES_WORK/demo_script.key
head -c 32 /dev/urandom | base64 | as_postgres tee "$key_file" >/dev/null
as_postgres chmod 600 "$key_file"
start_server demo_script $port yes "identities.public_key_file = '$key_file'"
psql_on $port -d postgres -c 'CREATE DATABASE demo'
output=$(psql_on $port -d demo -a <"$IDENTITIES_ROOT/scripts/demo.sql" 2>&1) ||
	fail "scripts/demo.sql stopped: $(tail -n 5 <<<"$output")"
[ "$(grep -c '^ERROR:' <<<"$output")" = 1 ] || fail "errors besides the one on purpose: $(grep '^ERROR:' <<<"$output")"
grep -qE '^ snowflake +\| +[1-9]' <<<"$output" || fail "the demo does not end with the generators' statistics"
echo "scripts/demo.sql ran whole: $(grep -c '^CREATE TABLE' <<<"$output") tables, one error on purpose"
