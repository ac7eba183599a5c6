# Settings from the configuration files and the catalogs, as a DBA meets them:
#  - a bad identities.* value in postgresql.conf, then a reload: logged and ignored, the server stays up and
#    keeps the old value (on the preloaded server the postmaster itself checks it);
#  - no value of identities.public_key reaches the server log (statements, errors, the reload's "changed to");
#  - a key stored in a role setting while identities was not loaded is inert at login.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"

reload() { psql_on "$1" -d postgres -At -c 'SELECT pg_reload_conf()' >/dev/null; sleep 1; }
postmaster_pid() { head -n 1 "$IDENTITIES_WORK/$1/postmaster.pid"; }
# The session's LOAD meets the bad value just written; its WARNING stays off the output (what this test checks is
# that nothing changes).
epoch_of() { psql_on "$1" -d postgres -At -c "LOAD 'identities'" -c 'SHOW identities.snowflake_epoch' 2>"$IDENTITIES_WORK/epoch_of.err"; }

for server in preloaded plain; do
	port=$PRELOADED_PORT
	[ $server = plain ] && port=$PLAIN_PORT
	conf=$IDENTITIES_WORK/$server/postgresql.conf
	as_postgres cp "$conf" "$conf.orig"
	pid=$(postmaster_pid $server)
	before=$(epoch_of $port)
	for bad in "identities.snowflake_epoch = '2015-01-01 00:00:00 Europe/Lodnon'" "identities.snowflake_epoch = 'now'" \
		"identities.snowflake_epoch = '2015-01-01 00:00:00'" "identities.siq_domain = 'café.example'" \
		"identities.public_key = 'not a key'" "identities.incremental_ids = 'abc'" "identities.snowflake_worker = 99"; do
		echo "$bad" | as_postgres tee -a "$conf" >/dev/null
		reload $port
		[ "$(postmaster_pid $server)" = "$pid" ] || { echo "$server: the postmaster changed after: $bad"; exit 1; }
		after=$(epoch_of $port) || { echo "$server: no answer after: $bad"; exit 1; }
		[ "$after" = "$before" ] || { echo "$server: the epoch changed after: $bad ($before -> $after)"; exit 1; }
		as_postgres cp "$conf.orig" "$conf"
	done
	reload $port
done
grep -q 'invalid value for parameter "identities.snowflake_epoch": "now"' "$IDENTITIES_WORK/preloaded.log" ||
	{ echo "the preloaded server did not log the refused epoch"; exit 1; }

# The key off the record, with every statement logged.
port=$PRELOADED_PORT
keys=(MTExMTExMTExMTExMTExMQ== MjIyMjIyMjIyMjIyMjIyMg== MzMzMzMzMzMzMw NDQ0NDQ0NDQ0NDQ0NDQ0NA==)
psql_on $port -d postgres -c "ALTER SYSTEM SET log_statement = 'all'" >/dev/null
reload $port
psql_on $port -d postgres -c "SET identities.public_key = '${keys[0]}'" \
	-c "SELECT set_config('identities.public_key', '${keys[1]}', false)" >/dev/null
psql_on $port -d postgres -c "SET identities.public_key TO '${keys[2]}'" >/dev/null 2>&1 && { echo "an invalid key was accepted"; exit 1; }
psql_on $port -d postgres -c "ALTER SYSTEM SET identities.public_key = '${keys[3]}'" >/dev/null
reload $port
psql_on $port -d postgres -c 'ALTER SYSTEM RESET identities.public_key' -c 'ALTER SYSTEM RESET log_statement' >/dev/null
reload $port
for key in "${keys[@]}"; do
	if grep -F "$key" "$IDENTITIES_WORK/preloaded.log"; then echo "the server log holds a key"; exit 1; fi
done
grep -q 'parameter "identities.public_key" changed to "(redacted)"' "$IDENTITIES_WORK/preloaded.log" ||
	{ echo "no redacted reload line"; exit 1; }
grep -q "statement: SET identities.public_key = '(redacted)'" "$IDENTITIES_WORK/preloaded.log" ||
	{ echo "no redacted statement line"; exit 1; }

# A key stored in a role setting on a server that does not preload identities (PostgreSQL cannot refuse it
# there: the session that stores it has not loaded the library) is refused when a session of the role loads it.
port=$PLAIN_PORT
psql_on $port -d postgres -c 'DROP DATABASE IF EXISTS keyed' -c 'CREATE DATABASE keyed' \
	-c 'DROP ROLE IF EXISTS regress_keyholder' -c 'CREATE ROLE regress_keyholder LOGIN' \
	-c "ALTER ROLE regress_keyholder SET identities.public_key = '${keys[0]}'" >/dev/null
psql_on $port -d keyed -c 'CREATE EXTENSION identities' >/dev/null
output=$(as_postgres "$PG_BIN/psql" -X -h "$IDENTITIES_WORK" -p $port -U regress_keyholder -d keyed \
	-v VERBOSITY=verbose -c 'SELECT public_id(1)' 2>&1) && { echo "the stored key was used: $output"; exit 1; }
psql_on $port -d postgres -c 'DROP DATABASE keyed' -c 'DROP ROLE regress_keyholder' >/dev/null
grep -q 'identities.public_key is not taken from a role or database setting' <<<"$output" ||
	{ echo "no warning about the stored key: $output"; exit 1; }
grep -q '55000' <<<"$output" || { echo "not 55000 (no key): $output"; exit 1; }
