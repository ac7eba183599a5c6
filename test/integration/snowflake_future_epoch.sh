# A server whose Snowflake epoch lies in the future refuses to generate (22008) instead of issuing ids from
# the epoch's first millisecond.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
port=$PRELOADED_PORT
restore() { psql_on $port -d postgres -c 'ALTER SYSTEM RESET identities.snowflake_epoch' -c 'SELECT pg_reload_conf()' >/dev/null; }
trap restore EXIT
psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS future' -c 'CREATE DATABASE future' \
	-c "ALTER SYSTEM SET identities.snowflake_epoch = '2100-01-01 00:00:00+00'" -c 'SELECT pg_reload_conf()' >/dev/null
sleep 1
output=$(psql_on $port -d future -v VERBOSITY=verbose -c 'CREATE EXTENSION identities' -c 'SELECT snowflake_generate()' 2>&1) &&
	{ echo "a Snowflake before its epoch: $output"; exit 1; }
psql_on $port -d postgres -c 'DROP DATABASE future' >/dev/null
grep -q 'ERROR:  22008: system clock is outside the range of Snowflakes' <<<"$output" || { echo "unexpected: $output"; exit 1; }
