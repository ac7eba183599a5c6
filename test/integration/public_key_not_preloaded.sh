# A public key in the configuration files of a server that does not preload identities: PostgreSQL keeps it
# as a placeholder until a session loads the library, so identities warns when it is loaded on demand and the
# key is in force (README, "Where to keep the key"). The key file has no such problem.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
port=$PLAIN_PORT

restore() {
	psql_on $port -d postgres -c "LOAD 'identities'" -c 'ALTER SYSTEM RESET identities.public_key' -c 'SELECT pg_reload_conf()' >/dev/null 2>&1  # its LOAD warns, as tested below
}
trap restore EXIT
psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS keyed' -c 'CREATE DATABASE keyed'
psql_on $port -d keyed -c 'CREATE EXTENSION identities'
psql_on $port -d postgres -c "LOAD 'identities'" -c "ALTER SYSTEM SET identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='" \
	-c 'SELECT pg_reload_conf()' >/dev/null
sleep 0.5

# A new session, before it has loaded identities, and after: the warning comes with the first use.
output=$(psql_on $port -d keyed -At -c 'SELECT public_id(1)' 2>&1)
grep -q 'WARNING:  identities.public_key is set in a configuration file, but identities is not preloaded' <<<"$output" ||
	{ echo "no warning: $output"; exit 1; }
grep -q '^e3ef1648-b3de-5680-6eba-0c17bf582090$' <<<"$output" || { echo "wrong public id: $output"; exit 1; }
# The key itself never reaches the client, once identities is loaded.
output=$(psql_on $port -d keyed -At -c 'SELECT to_alphanumeric(1)' -c 'SHOW identities.public_key' 2>&1)
grep -q '^(set)$' <<<"$output" || { echo "key shown: $output"; exit 1; }

# A key file that is a FIFO by mistake: an error (F0000), not a backend stuck opening it.
fifo=$IDENTITIES_WORK/public_id.fifo
as_postgres mkfifo "$fifo"
psql_on $port -d postgres -c "LOAD 'identities'" -c 'ALTER SYSTEM RESET identities.public_key' \
	-c "ALTER SYSTEM SET identities.public_key_file = '$fifo'" -c 'SELECT pg_reload_conf()' >/dev/null 2>&1
sleep 0.5
output=$(psql_on $port -d keyed -At -v ON_ERROR_STOP=0 -c "SET statement_timeout = '5s'" -c "SELECT public_id(1)" 2>&1 || true)
psql_on $port -d postgres -c "LOAD 'identities'" -c 'ALTER SYSTEM RESET identities.public_key_file' \
	-c 'SELECT pg_reload_conf()' >/dev/null 2>&1
grep -q 'does not hold a valid key' <<<"$output" || { echo "FIFO key file: $output"; exit 1; }
psql_on $port -d postgres -c 'DROP DATABASE keyed'
