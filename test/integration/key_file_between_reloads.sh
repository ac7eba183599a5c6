# A key file replaced, then the configuration reloaded (doc/operations.md's rotation): until the reload, every session
# of a preloaded server keeps the key of the last reload. Preloaded, the postmaster reads the file at start and at each
# reload, and the backends it starts inherit that key instead of reading whatever the file holds when they first
# need it. Parallel workers never use a key (the functions are PARALLEL RESTRICTED: a worker started in a long
# query after a reload would hold another key than its leader), so one query never mixes two keys. Checked: after
# the file is replaced, a session that already made public ids, a new session and a parallel query of the first
# (its scan in a worker, its public ids computed by the leader) all make the public ids of the old key; after the reload, all of
# them the new key's.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

port=55536
servers_stopped_on_exit
fail_prefix="key_file_between_reloads: "
key_file=$IDENTITIES_WORK/between_reloads.key
old_key=$(head -c 16 /dev/urandom | base64)
new_key=$(head -c 16 /dev/urandom | base64)
echo "$old_key" | as_postgres tee "$key_file" >/dev/null
as_postgres chmod 600 "$key_file"
start_server between_reloads $port yes "identities.public_key_file = '$key_file'" "max_worker_processes = 8" \
	"max_parallel_workers = 4"
psql_on $port -d postgres -c "CREATE EXTENSION identities" \
	-c "CREATE TABLE numbers AS SELECT g FROM generate_series(1, 100000) AS g" -c "ANALYZE numbers" >/dev/null
under() { psql_on $port -d postgres -At -c "SET identities.public_key = '$1'" -c "SELECT public_id(1)" | tail -n 1; }
old_id=$(under "$old_key")
new_id=$(under "$new_key")

# One session: a public id, the file replaced, a new session's, a parallel worker's; the reload, the same again.
script=$IDENTITIES_WORK/between_reloads.sql
cat <<SQL | as_postgres tee "$script" >/dev/null
SELECT 'leader ' || public_id(1);
\! echo '$new_key' > '$key_file'
\! '$PG_BIN/psql' -X -At -h '$IDENTITIES_WORK' -p $port -d postgres -c "SELECT 'new session ' || public_id(1)"
SET max_parallel_workers_per_gather = 2;
SET parallel_setup_cost = 0;
SET parallel_tuple_cost = 0;
SET min_parallel_table_scan_size = 0;
SET parallel_leader_participation = off;
SELECT 'parallel query ' || public_id(g) FROM numbers WHERE g = 1;
EXPLAIN (ANALYZE, VERBOSE, COSTS OFF, TIMING OFF, SUMMARY OFF) SELECT 'parallel query ' || public_id(g) FROM numbers WHERE g = 1;
SELECT pg_reload_conf();
SELECT pg_sleep(1);
SELECT 'reloaded leader ' || public_id(1);
\! '$PG_BIN/psql' -X -At -h '$IDENTITIES_WORK' -p $port -d postgres -c "SELECT 'reloaded new session ' || public_id(1)"
SELECT 'reloaded parallel query ' || public_id(g) FROM numbers WHERE g = 1;
SQL
output=$(as_postgres env PGAPPNAME=between_reloads "$PG_BIN/psql" -X -At -v ON_ERROR_STOP=1 -h "$IDENTITIES_WORK" \
	-p $port -d postgres -f "$script")
echo "$output"
expect() { grep -qxF "$1" <<<"$output" || fail "expected \"$1\""; }
expect "leader $old_id"
expect "new session $old_id"
expect "parallel query $old_id"
grep -qE 'Workers Launched: [1-9]' <<<"$output" || fail "the query had no parallel worker"
# The worker's node (below the Gather) outputs g; public_id is computed above it, by the leader.
sed -n '/->/,$p' <<<"$output" | grep -q 'public_id' && fail "a parallel worker computed a public id"
expect "reloaded leader $new_id"
expect "reloaded new session $new_id"
expect "reloaded parallel query $new_id"
echo "key_file_between_reloads: every process kept the key of the last reload"
