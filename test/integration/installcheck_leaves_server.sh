# `make installcheck` against a server of a user's, with a key file and an epoch of its own: it passes, and the
# server's configuration (postgresql.auto.conf, pg_settings) is the same afterwards.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
port=$PRELOADED_PORT
data=$IDENTITIES_WORK/preloaded
key_file=$IDENTITIES_WORK/installcheck.key
echo 'MTExMTExMTExMTExMTExMQ==' | as_postgres tee "$key_file" >/dev/null

restore() { psql_on $port -d postgres -c 'ALTER SYSTEM RESET identities.snowflake_epoch' \
	-c 'ALTER SYSTEM RESET identities.public_key_file' -c 'SELECT pg_reload_conf()' >/dev/null; }
trap restore EXIT
psql_on $port -d postgres -c "ALTER SYSTEM SET identities.snowflake_epoch = '2020-01-01 00:00:00+00'" \
	-c "ALTER SYSTEM SET identities.public_key_file = '$key_file'" -c 'SELECT pg_reload_conf()' >/dev/null
sleep 1
snapshot() {
	as_postgres cat "$data/postgresql.auto.conf"
	psql_on $port -d postgres -At -c "SELECT name || '=' || setting FROM pg_settings ORDER BY name"
}
before=$(snapshot)
# A copy of the sources, as a user's checkout that the server cannot write to.
checkout=$(mktemp -d)
tar -C "$IDENTITIES_ROOT" --exclude=./.git --exclude=./build -cf - Makefile formats.tsv test sql identities.control | tar -C "$checkout" -xf -
status=0
PGHOST=$IDENTITIES_WORK PGPORT=$port PGUSER=postgres make -C "$checkout" -s PG_CONFIG="$PG_CONFIG" installcheck || status=$?
[ -f "$checkout/regression.diffs" ] && cat "$checkout/regression.diffs"
rm -rf "$checkout"
after=$(snapshot)
[ $status = 0 ] || { echo "make installcheck failed"; exit 1; }
diff <(echo "$before") <(echo "$after") || { echo "make installcheck changed the server's configuration"; exit 1; }
