# A public key in the configuration files of a server that does not preload identities: PostgreSQL keeps it as
# a placeholder that any role can SHOW until a session loads the library, and the postmaster logs it when a reload
# changes it, so identities refuses it (doc/reference.md, "Where to keep the key"): ALTER SYSTEM fails, and a key
# written in postgresql.conf is not used (a warning when identities is loaded, then 55000 as with no key). The key file
# has no such problem.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
port=$PLAIN_PORT
conf=$IDENTITIES_WORK/plain/postgresql.conf

restore() {
	as_postgres sed -i '/^identities.public_key = /d' "$conf"
	psql_on $port -d postgres -c 'SELECT pg_reload_conf()' >/dev/null 2>&1
}
trap restore EXIT
psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS keyed' -c 'CREATE DATABASE keyed'
psql_on $port -d keyed -c 'CREATE EXTENSION identities'
output=$(psql_on $port -d postgres -v ON_ERROR_STOP=0 -c "LOAD 'identities'" \
	-c "ALTER SYSTEM SET identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='" 2>&1 || true)
grep -q 'ERROR:  identities.public_key is taken from a configuration file only when identities is in shared_preload_libraries' <<<"$output" ||
	{ echo "ALTER SYSTEM was not refused: $output"; exit 1; }
echo "identities.public_key = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='" | as_postgres tee -a "$conf" >/dev/null
psql_on $port -d postgres -c 'SELECT pg_reload_conf()' >/dev/null
sleep 0.5

# A new session, when it loads identities: the warning, and no key.
output=$(psql_on $port -d keyed -At -v ON_ERROR_STOP=0 -c 'SELECT public_id(1)' -c 'SHOW identities.public_key' 2>&1 || true)
grep -q 'WARNING:  identities.public_key is taken from a configuration file only when identities is in shared_preload_libraries' <<<"$output" ||
	{ echo "no warning: $output"; exit 1; }
grep -q 'ERROR:  no public id key is configured' <<<"$output" || { echo "the refused key was used: $output"; exit 1; }
grep -q '^(unset)$' <<<"$output" || { echo "the refused key is in force: $output"; exit 1; }
restore

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
