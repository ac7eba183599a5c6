# No line of the server log holds the public-id key, with every statement logged and every message down to
# debug5: the key given by file, by ALTER SYSTEM and a reload, by SET and set_config() in every spelling (quoted
# or spaced names, comments, casts, named arguments in either notation, a name built by an expression, E'' and
# dollar quotes), by a failing EXECUTE in a DO block (its QUERY line), as a bind parameter of the extended protocol
# (pgbench -M extended) before or after the name, and as one in a failing statement's CONTEXT; a library preloaded
# after identities that copies every message it is handed (log_tap) sees none either. Statements of 10 MB made of
# the worst patterns for the scan are logged in linear time and can be cancelled; a pg_monitor role never sees a key
# given by file in pg_stat_activity.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

port=55531
servers_stopped_on_exit
fail_prefix="key_off_the_record: "

# log_tap: a library that installs an emit_log_hook in its _PG_init, as log shippers do, and appends every message
# it is handed to a file. Preloaded after identities, its hook was installed after ours.
tap_dir=$IDENTITIES_WORK/log_tap
mkdir -p "$tap_dir"
cat >"$tap_dir/log_tap.c" <<'EOF'
#include "postgres.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/elog.h"
#include <stdio.h>
PG_MODULE_MAGIC;
static emit_log_hook_type previous_hook = NULL;
static void tap(ErrorData *edata)
{
	FILE *file = fopen(DataDir ? "log_tap.txt" : "/dev/null", "a");
	if (file != NULL)
	{
		const char *fields[] = {edata->message, edata->detail, edata->detail_log, edata->hint, edata->context,
								edata->internalquery};
		for (int i = 0; i < 6; i++)
			if (fields[i] != NULL)
				fprintf(file, "%s\n", fields[i]);
		fclose(file);
	}
	if (previous_hook)
		previous_hook(edata);
}
void _PG_init(void);
void _PG_init(void)
{
	previous_hook = emit_log_hook;
	emit_log_hook = tap;
}
EOF
printf 'MODULES = log_tap\nPG_CONFIG = %s\nPGXS := $(shell $(PG_CONFIG) --pgxs)\ninclude $(PGXS)\n' "$PG_CONFIG" >"$tap_dir/Makefile"
make -s -C "$tap_dir" >/dev/null 2>&1 && make -s -C "$tap_dir" install >/dev/null 2>&1 || fail "log_tap did not build"
new_key() { head -c 16 /dev/urandom | base64; }
keys=()
key_file=$IDENTITIES_WORK/off_the_record.key
keys+=("$(new_key)")
echo "${keys[0]}" | as_postgres tee "$key_file" >/dev/null
as_postgres chmod 600 "$key_file"
start_server off_the_record $port no "shared_preload_libraries = 'identities,log_tap'" \
	"identities.public_key_file = '$key_file'" "log_statement = 'all'" \
	"log_min_messages = debug5" "log_min_error_statement = debug5" "log_error_verbosity = verbose" \
	"log_parameter_max_length = -1" "log_parameter_max_length_on_error = -1"
log_file=$IDENTITIES_WORK/off_the_record.log
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
set_form "SELECT set_config('identities.public_key'::text, '@'::text, false)"
set_form "SET identities.public_key = E'@'"
set_form "SET identities.public_key = \$\$@\$\$"
set_form "SET identities.public_key = \$k\$@\$k\$"

# Statements that fail, logged with their error: set_config has no argument names in PostgreSQL, named arguments
# fail (as they would with a wrapper that has them and raises).
failing_form() {
	keys+=("$(new_key)")
	sql -v ON_ERROR_STOP=0 -c "${1//@/${keys[-1]}}" >/dev/null 2>&1 && fail "$1 did not fail"
	return 0
}
failing_form "SELECT set_config(setting_name => 'identities.public_key', new_value => '@', is_local => false)"
failing_form "SELECT set_config(new_value := '@', setting_name := 'identities.public' || '_key', is_local := false)"

# A failing statement that names the key right after a harmless one of the same length in the same session: the
# server reads both into one buffer, and what it knows of the first must not stand for the second (whose error's
# STATEMENT line would show the key).
keys+=("$(new_key)")
failing="SELECT set_config('identities.public_key', '${keys[-1]}', false), 1 / 0"
harmless="SELECT '$(printf '%*s' $((${#failing} - 9)) '' | tr ' ' x)'"
[ ${#harmless} = ${#failing} ] || fail "the two statements differ in length"
sql -v ON_ERROR_STOP=0 -c "$harmless" -c "$failing" >/dev/null 2>&1 || true

# A failing EXECUTE in a DO block: the error's QUERY line is the executed text.
keys+=("$(new_key)")
sql -v ON_ERROR_STOP=0 -c "DO \$\$BEGIN EXECUTE 'SET identities.public_key = ''${keys[-1]}''; SELECT 1 +'; END\$\$" \
	>/dev/null 2>&1 && fail "the DO block did not fail"
grep -q 'QUERY:  SET identities.public_key = .(redacted).' "$log_file" || fail "no QUERY line in the log (so the DO block's was not tested)"

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
# The key bound before the name, neither in the statement's text.
echo "SELECT set_config(name, key, false), public_id(5) FROM (VALUES (:key, :name)) AS given (key, name);" |
	as_postgres tee "$script" >/dev/null
keys+=("$(new_key)")
as_postgres "$PG_BIN/pgbench" -n -M extended -t 1 -D "key=${keys[-1]}" -D name=identities.public_key \
	-h "$IDENTITIES_WORK" -p $port -U postgres -f "$script" postgres >/dev/null

# A pg_monitor role reads every session's statement in pg_stat_activity, an idle session's last one too: a key
# given by file is never there (a SET's would be until the session's next statement: doc/reference.md says so).
sql -c "CREATE ROLE monitor LOGIN IN ROLE pg_monitor" >/dev/null
watched=$IDENTITIES_WORK/off_the_record.watch
as_postgres bash -c "'$PG_BIN/psql' -X -q -h '$IDENTITIES_WORK' -p $port -U postgres -d postgres \
	-c 'SELECT public_id(6)' -c 'SELECT pg_sleep(3)' >/dev/null" &
sleeper=$!
for _ in $(seq 300); do # until the session is in its pg_sleep, however busy the machine
	psql_on $port -d postgres -U monitor -At -c "SELECT query FROM pg_stat_activity" >"$watched"
	grep -q 'pg_sleep' "$watched" && break
	sleep 0.1
done
wait $sleeper
grep -q 'pg_sleep' "$watched" || fail "the monitor role did not see the other session's statement"
file_key=$(as_postgres cat "$key_file")
if grep -F "${file_key%%=*}" "$watched"; then fail "pg_stat_activity shows the key of the file"; fi

# Statements of 10 MB made of the worst patterns for a scan (the setting's name before an open comment, open
# quotes, dollar tags, comments), each failing so that it is logged twice: logged within seconds, not the hours a
# scan quadratic in the text takes, and a cancel of the backend during one is honoured within a second. Sent
# through libpq itself (psql's own scanner reads some of these slowly; PostgreSQL's parser, too, takes minutes
# over millions of nested open comments, before anything is logged: the fuzz targets cover that pattern).
send_long_statement() { # PATTERN [application_name [megabytes]]: the pattern repeated to 10 MB, run once
	as_postgres python3 - "$1" "host=$IDENTITIES_WORK port=$port user=postgres dbname=postgres application_name=${2:-x}" \
		"${3:-10}" <<'EOF'
import ctypes, sys
pattern, conninfo, megabytes = sys.argv[1], sys.argv[2], int(sys.argv[3])
libpq = ctypes.CDLL("libpq.so.5")
libpq.PQconnectdb.restype = ctypes.c_void_p
libpq.PQexec.restype = ctypes.c_void_p
libpq.PQexec.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
libpq.PQclear.argtypes = [ctypes.c_void_p]
libpq.PQfinish.argtypes = [ctypes.c_void_p]
connection = libpq.PQconnectdb(conninfo.encode())
statement = "SELECT 1 " + pattern * (megabytes * 2**20 // len(pattern)) + ";"
libpq.PQclear(libpq.PQexec(connection, statement.encode()))
libpq.PQfinish(connection)
EOF
}
# The bounds are far above a linear scan's time on a busy machine and far below a quadratic one's (hours).
slowest_ms=0
for pattern in "identities/*" "public_key/*" "\$a\$" "'" "/* public_key */" "set_config('identities.public_key', '"; do
	started=$(date +%s%N)
	send_long_statement "$pattern"
	elapsed_ms=$((($(date +%s%N) - started) / 1000000))
	echo "a 10 MB statement of \"$pattern\" logged in $elapsed_ms ms"
	[ "$elapsed_ms" -lt 60000 ] || fail "a 10 MB statement of \"$pattern\" took $elapsed_ms ms"
	[ "$elapsed_ms" -gt "$slowest_ms" ] && slowest_ms=$elapsed_ms
done
send_long_statement "public_key/*" long 4 & # 4 MB: the cancel waits for PostgreSQL's parser, which checks for none
long_session=$!
for _ in $(seq 500); do # the statement is running: the cancel lands in it, not before
	[ "$(sql -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'long' AND state = 'active'")" = 1 ] &&
		break
	sleep 0.01
done
cancelled=$(date +%s%N)
sql -c "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE application_name = 'long'" >/dev/null
for _ in $(seq 500); do
	[ "$(sql -c "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'long' AND state = 'active'")" = 0 ] &&
		break
	sleep 0.01
done
cancel_ms=$((($(date +%s%N) - cancelled) / 1000000))
wait $long_session || true
echo "a 4 MB statement ended $cancel_ms ms after its cancel"
# Within a second alone (about 30 ms); on a machine busy enough to slow the 10 MB statements, within the slowest's time.
cancel_bound_ms=$((slowest_ms > 1000 ? slowest_ms : 1000))
[ "$cancel_ms" -lt "$cancel_bound_ms" ] || fail "a cancel took $cancel_ms ms to be honoured (bound $cancel_bound_ms ms)"

# No key in the log nor in what log_tap was handed, and both were written (so the check looked at something).
[ ${#keys[@]} = 22 ] || fail "${#keys[@]} keys tried"
tap_file=$IDENTITIES_WORK/off_the_record/log_tap.txt
[ -s "$tap_file" ] || fail "log_tap was handed no message"
for key in "${keys[@]}"; do
	# The base64 without its padding: a cut or re-quoted value would still show it.
	if grep -F "${key%%=*}" "$log_file"; then fail "the server log holds a key"; fi
	if grep -F "${key%%=*}" "$tap_file"; then fail "a library preloaded after identities was handed a key"; fi
done
grep -q 'DEBUG' "$log_file" || fail "nothing was logged at debug level"
grep -q 'DETAIL:  (parameters withheld' "$log_file" || fail "no withheld parameters in the log"
grep -q "statement: SET identities.public_key = '(redacted)'" "$log_file" || fail "no redacted statement in the log"
grep -q "statement: SELECT set_config(new_value := '(redacted)', setting_name := 'identities.public' || '_key'" \
	"$log_file" || fail "no redacted set_config with named arguments in the log"
