# Scale-out with Citus: a coordinator and two workers (their own throwaway servers, citus and identities
# preloaded) distribute a table keyed by each of our types and generators; then
#   - a lookup by id, with a literal or a prepared statement's parameter, is a router plan (one task);
#   - a join on id of two co-located tables (colocate_with) runs shard by shard, with no repartitioning, and
#     returns the right rows;
#   - every node generates DEFAULT ids (Citus 11+ syncs the metadata, so workers take INSERTs): 3 x 10 000 rows
#     per table inserted through the three nodes at the same instant, no duplicate id, all read through the
#     coordinator, and each row made with the settings of the node it was inserted through;
#   - a public id made on one node decodes on another, all nodes sharing one key file, and the check reports a
#     node holding another key (by fingerprint);
#   - a worker restarted under a load of single-row INSERTs loses no acknowledged row and repeats no id;
#   - the rebalancer drains a worker and spreads the shards again: every row kept once, lookups still routed, every
#     index valid (amcheck) on every node.
# Citus comes from scripts/citus.sh (installed for this PostgreSQL, or built from the tarball in CITUS_SOURCE);
# without it, or on a major the Citus at hand does not support, the test prints "skipped: <reason>" and exits 77.
#
# test/suite runs it; alone (as root, identities installed): bash test/integration/citus.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
source "$IDENTITIES_ROOT/scripts/citus.sh"
started=$SECONDS
fail_prefix="citus: " fail_counts=yes # every failed check said, the test failed at its end

need_citus

# ---- The nodes. Nothing per node to configure: left unset, each node's Snowflake worker/process and SIQ shard
# come from its Citus group id (worker = group / 32 % 32, process = group % 32, shard = group % 256). -----------
NODES=(coordinator worker1 worker2)
declare -A PORT=([coordinator]=55461 [worker1]=55462 [worker2]=55463)
node_settings() { :; } # node_settings NODE: the postgresql.conf lines that are this node's own (none)
# ---------------------------------------------------------------------------------------------------------------

ROWS=10000 # per node and table
# One distributed table per generator: name|column type|DEFAULT. LUUID's key is the row's own sequence number;
# Citus gives each worker its own range of a bigint sequence (group id << 48), past LUUID's 48-bit key, so
# luuid_node_key (below) folds the group id into the key's top 8 bits: 2^40 keys per node.
TABLES=(
	"iuid|iuid|iuid_generate(42, 7)"
	"distributedid|distributedid|distributedid_generate()"
	"siq|siq|siq_generate('message')"
	"distributedid128|uuid|distributedid128_generate()"
	"hotguid|uuid|hotguid_generate(17)"
	"luuid|uuid|luuid_generate('person', luuid_node_key(nextval('person_key')))"
	"uuidv7|uuid|uuidv7_generate()"
	"snowflake|bigint|snowflake_generate()"
	"ulid|ulid|ulid_generate()"
)
# Shards per table: enough for the rebalancer to spread, few enough that moving them all takes seconds, not minutes
# (32, Citus's default, took 145 s of the test).
SHARDS=8
PLACEMENTS=$((${#TABLES[@]} * 2 * SHARDS)) # every table and its detail table, one placement per shard

work_dir_for_postgres
STARTED_SERVERS=()
key_file=$IDENTITIES_WORK/citus-public-id.key
cleanup() {
	stop_servers
	local node
	# The logs stay for test/suite's crash check; the data directories go.
	for node in "${NODES[@]}"; do rm -rf "${IDENTITIES_WORK:?}/citus-$node"; done
	rm -f "$key_file"
	[ "$own_work" = no ] || rm -rf "$IDENTITIES_WORK"
}
trap cleanup EXIT

sql() { psql_on "${PORT[$1]}" -d scaleout "${@:2}"; } # sql NODE [psql options...]: on that node (value NODE QUERY too)

log "Citus: a coordinator and two workers (ports ${PORT[coordinator]}-${PORT[worker2]})"
head -c 32 /dev/urandom | base64 | as_postgres tee "$key_file" >/dev/null
as_postgres chmod 600 "$key_file"
for node in "${NODES[@]}"; do
	mapfile -t own < <(node_settings "$node")
	# citus.local_hostname: how a node reaches itself (the rebalancer's background tasks connect to it);
	# background_task_queue_interval: the rebalancer's next move starts within 200 ms, not Citus's 5 s (95 s -> 48 s).
	start_server "citus-$node" "${PORT[$node]}" no "shared_preload_libraries = 'citus,identities'" \
		"max_connections = 200" "identities.public_key_file = '$key_file'" "citus.local_hostname = '$IDENTITIES_WORK'" \
		"citus.background_task_queue_interval = '200ms'" \
		"${own[@]}"
	psql_on "${PORT[$node]}" -d postgres -c 'CREATE DATABASE scaleout'
	sql "$node" -c 'CREATE EXTENSION citus'
done
# The nodes reach each other on the Unix socket directory: a directory is a host to libpq.
sql coordinator -c "SELECT citus_set_coordinator_host('$IDENTITIES_WORK', ${PORT[coordinator]})" \
	-c "SELECT citus_add_node('$IDENTITIES_WORK', ${PORT[worker1]})" \
	-c "SELECT citus_add_node('$IDENTITIES_WORK', ${PORT[worker2]})" \
	-c 'CREATE EXTENSION identities' >/dev/null
[ "$(value coordinator 'SELECT count(*) FILTER (WHERE hasmetadata AND metadatasynced) FROM pg_dist_node')" = 3 ] ||
	fail "the metadata did not reach every node: $(value coordinator 'SELECT * FROM pg_dist_node')"
declare -A GROUP
for node in "${NODES[@]}"; do
	[ -n "$(value "$node" "SELECT extversion FROM pg_extension WHERE extname = 'identities'")" ] ||
		fail "CREATE EXTENSION identities on the coordinator did not reach $node"
	GROUP[$node]=$(value "$node" 'SELECT groupid FROM pg_dist_local_group')
done
declare -A SNOWFLAKE_NODE SIQ_SHARD # what each node's group gives its Snowflakes and SIQs
for node in "${NODES[@]}"; do
	SNOWFLAKE_NODE[$node]="$(((GROUP[$node] >> 5) & 31))/$((GROUP[$node] & 31))"
	SIQ_SHARD[$node]=$((GROUP[$node] & 255))
done
echo "Citus $(value coordinator "SELECT extversion FROM pg_extension WHERE extname = 'citus'"), groups:" \
	"$(for node in "${NODES[@]}"; do printf '%s=%s ' "$node" "${GROUP[$node]}"; done)"

# ---- distributed tables, and a co-located detail table for each ----
{
	cat <<-'SQL'
		-- Citus gives a bigint sequence group_id << 48 + 1 .. on each worker: keep the group in bits 40-47.
		CREATE FUNCTION luuid_node_key(n bigint) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
		    AS $$ SELECT ((n >> 48) << 40) | (n & ((1::bigint << 40) - 1)) $$;
		CREATE SEQUENCE person_key;
	SQL
	for spec in "${TABLES[@]}"; do
		IFS='|' read -r name type generator <<<"$spec"
		cat <<-SQL
			CREATE TABLE ids_$name (id $type PRIMARY KEY DEFAULT $generator, node text NOT NULL, n integer NOT NULL);
			SELECT create_distributed_table('ids_$name', 'id', shard_count => $SHARDS);
			CREATE TABLE ids_${name}_detail (id $type PRIMARY KEY, note text NOT NULL);
			SELECT create_distributed_table('ids_${name}_detail', 'id', colocate_with => 'ids_$name');
		SQL
	done
} | sql coordinator >/dev/null
for spec in "${TABLES[@]}"; do
	IFS='|' read -r name type generator <<<"$spec"
	layout=$(value coordinator "
		SELECT p.partmethod, p.colocationid = d.colocationid,
		       (SELECT count(*) FROM pg_dist_shard WHERE logicalrelid = p.logicalrelid),
		       (SELECT count(DISTINCT groupid) FROM pg_dist_shard JOIN pg_dist_placement USING (shardid)
		        WHERE logicalrelid = p.logicalrelid)
		FROM pg_dist_partition p, pg_dist_partition d
		WHERE p.logicalrelid = 'ids_$name'::regclass AND d.logicalrelid = 'ids_${name}_detail'::regclass")
	[ "$layout" = "h|t|$SHARDS|2" ] ||
		fail "ids_$name ($type): expected hash-distributed, co-located with its detail table, $SHARDS shards on 2 workers (h|t|$SHARDS|2), got '$layout'"
done

# ---- DEFAULT ids generated on every node at once ----
for spec in "${TABLES[@]}"; do
	IFS='|' read -r name type generator <<<"$spec"
	start=$(date -u -d '+1 second' '+%Y-%m-%d %H:%M:%S.%N+00')
	pids=()
	for node in "${NODES[@]}"; do
		sql "$node" -c "SELECT pg_sleep(greatest(0, extract(epoch FROM '$start'::timestamptz - clock_timestamp())))" \
			-c "INSERT INTO ids_$name (node, n) SELECT '$node', n FROM generate_series(1, $ROWS) AS n" >/dev/null &
		pids+=($!)
	done
	for i in 0 1 2; do
		wait "${pids[$i]}" || fail "ids_$name: the INSERT of $ROWS rows through ${NODES[$i]} failed (DEFAULT $generator)"
	done
	counts=$(value coordinator "SELECT count(*), count(DISTINCT id),
		count(*) FILTER (WHERE node = 'coordinator'), count(*) FILTER (WHERE node = 'worker1'),
		count(*) FILTER (WHERE node = 'worker2') FROM ids_$name")
	expected="$((3 * ROWS))|$((3 * ROWS))|$ROWS|$ROWS|$ROWS"
	[ "$counts" = "$expected" ] ||
		fail "ids_$name: rows, distinct ids, rows per node read through the coordinator: '$counts', expected '$expected'"
done

# Each row carries the settings of the node it was inserted through: the DEFAULT ran there.
# per_node TABLE EXPRESSION: "node=values ..." with the distinct values of the expression per node.
per_node() {
	value coordinator "SELECT string_agg(node || '=' || v, ' ' ORDER BY node)
		FROM (SELECT node, string_agg(DISTINCT ($2)::text, ',') AS v FROM $1 GROUP BY node) AS s"
}
expect_per_node() { # expect_per_node TABLE EXPRESSION WHAT ARRAY_NAME
	local -n wanted=$4
	local expected="" node
	for node in "${NODES[@]}"; do expected+="${expected:+ }$node=${wanted[$node]}"; done
	local got
	got=$(per_node "$1" "$2")
	[ "$got" = "$expected" ] || fail "$1: $3 per node inserted through: '$got', expected '$expected'"
}
expect_per_node ids_snowflake "snowflake_extract_worker(id) || '/' || snowflake_extract_process(id)" \
	'Snowflake worker/process' SNOWFLAKE_NODE
expect_per_node ids_siq 'siq_extract_shard(id)' 'SIQ shard' SIQ_SHARD
expect_per_node ids_luuid 'luuid_extract_key(id) >> 40' 'LUUID key bits 40-47' GROUP

# ---- node identities: the check sees no clash; a node configured like another is reported ----
report() { value coordinator "SELECT string_agg(node || ' ' || coalesce(array_to_string(clashes_with, ','), '-')
	|| coalesce(' error ' || error, ''), '; ' ORDER BY citus_group) FROM identities_check_citus_nodes()"; }
clashes=$(report)
[ "$(grep -o ' - *' <<<"$clashes" | wc -l)" = 3 ] && ! grep -q error <<<"$clashes" ||
	fail "identities_check_citus_nodes() on the derived identities: $clashes"
# worker2 takes worker1's Snowflake worker and process explicitly.
psql_on "${PORT[worker2]}" -d postgres -c "ALTER SYSTEM SET identities.snowflake_worker = ${SNOWFLAKE_NODE[worker1]%/*}" \
	-c "ALTER SYSTEM SET identities.snowflake_process = ${SNOWFLAKE_NODE[worker1]#*/}" -c 'SELECT pg_reload_conf()' >/dev/null
sleep 1
clashes=$(report)
grep -qF "$IDENTITIES_WORK:${PORT[worker1]} $IDENTITIES_WORK:${PORT[worker2]} (snowflake)" <<<"$clashes" ||
	fail "identities_check_citus_nodes() did not report worker2 configured like worker1: $clashes"
# One query shows every node's generators and flags the clash: a row per node and format, the nodes' Snowflake
# identities, worker1's and worker2's Snowflake rows naming each other, and the ids this test made counted.
stats=$(value coordinator "SELECT count(*) || ' ' || count(DISTINCT node) || ' ' || count(*) FILTER (WHERE error IS NOT NULL)
	|| ' ' || (sum(ids_generated) > 0) FROM identities_stats_citus_nodes()")
[ "$stats" = "24 3 0 true" ] || fail "identities_stats_citus_nodes(): rows, nodes, errors, ids counted: $stats"
stats_clash=$(value coordinator "SELECT string_agg(node || ' ' || node_identity || ' ' || coalesce(array_to_string(clashes_with, ','), '-'),
	'; ' ORDER BY node) FROM identities_stats_citus_nodes() WHERE format = 'snowflake'")
grep -qF "$IDENTITIES_WORK:${PORT[worker1]} worker ${SNOWFLAKE_NODE[worker1]%/*}, process ${SNOWFLAKE_NODE[worker1]#*/} (Citus group" <<<"$stats_clash" &&
	grep -qF "$IDENTITIES_WORK:${PORT[worker2]} worker ${SNOWFLAKE_NODE[worker1]%/*}, process ${SNOWFLAKE_NODE[worker1]#*/} (Citus group" <<<"$stats_clash" &&
	grep -qF "$IDENTITIES_WORK:${PORT[worker2]} (snowflake)" <<<"$stats_clash" ||
	fail "identities_stats_citus_nodes() did not show worker2 configured like worker1: $stats_clash"
psql_on "${PORT[worker2]}" -d postgres -c 'ALTER SYSTEM RESET identities.snowflake_worker' \
	-c 'ALTER SYSTEM RESET identities.snowflake_process' -c 'SELECT pg_reload_conf()' >/dev/null
# Public id keys: one key file on every node, the same fingerprint; worker2 on another key is reported.
keys_report() { value coordinator "SELECT string_agg(citus_group || ' ' || coalesce(public_key_fingerprint, 'none') || ' '
	|| coalesce(array_to_string(keys_differ_from, ','), '-'), '; ' ORDER BY citus_group) FROM identities_check_citus_nodes()"; }
keys=$(keys_report)
[ "$(grep -oE '[0-9]+ [0-9a-f]{16} -' <<<"$keys" | wc -l)" = 3 ] && [ "$(grep -oE '[0-9a-f]{16}' <<<"$keys" | sort -u | wc -l)" = 1 ] ||
	fail "identities_check_citus_nodes() on one key: $keys"
other_key=$IDENTITIES_WORK/citus-other.key
head -c 32 /dev/urandom | base64 | as_postgres tee "$other_key" >/dev/null
as_postgres chmod 600 "$other_key"
psql_on "${PORT[worker2]}" -d postgres -c "ALTER SYSTEM SET identities.public_key_file = '$other_key'" -c 'SELECT pg_reload_conf()' >/dev/null
sleep 1
keys=$(keys_report)
grep -qF "(current)" <<<"$keys" && [ "$(grep -o '(current)' <<<"$keys" | wc -l)" = 4 ] ||
	fail "identities_check_citus_nodes() did not report worker2 holding another key: $keys"
psql_on "${PORT[worker2]}" -d postgres -c 'ALTER SYSTEM RESET identities.public_key_file' -c 'SELECT pg_reload_conf()' >/dev/null
as_postgres rm -f "$other_key"
sleep 1

# ---- router plans: by a literal, and by a prepared statement's parameter (custom and generic plans) ----
for spec in "${TABLES[@]}"; do
	IFS='|' read -r name type generator <<<"$spec"
	id=$(value coordinator "SELECT id FROM ids_$name WHERE node = 'worker2' AND n = 1")
	for node in coordinator worker1; do
		plan=$(value "$node" "EXPLAIN (COSTS OFF) SELECT node, n FROM ids_$name WHERE id = '$id'")
		grep -qx ' *Task Count: 1' <<<"$plan" || fail "ids_$name: WHERE id = <literal> on $node is not a router plan:
$plan"
	done
	found=$(value coordinator "SELECT node || ':' || n FROM ids_$name WHERE id = '$id'")
	[ "$found" = worker2:1 ] || fail "ids_$name: WHERE id = '$id' found '$found', expected worker2:1"
	# EXPLAIN ANALYZE: a plain EXPLAIN EXECUTE cannot show the workers' plan when the parameter's type is an
	# extension's (Citus sends it as of unknown type; "Could not get remote plan"); the routing is the same.
	# Six executions go past PostgreSQL's five custom plans; then a generic plan from the start.
	executions=()
	for i in 1 2 3 4 5 6; do executions+=(-c "EXECUTE by_id('$id')"); done
	output=$(sql coordinator -At -c "PREPARE by_id($type) AS SELECT node || ':' || n FROM ids_$name WHERE id = \$1" \
		-c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE by_id('$id')" "${executions[@]}" \
		-c 'SET plan_cache_mode = force_generic_plan' \
		-c "PREPARE by_id_generic($type) AS SELECT node || ':' || n FROM ids_$name WHERE id = \$1" \
		-c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE by_id_generic('$id')" \
		-c "EXECUTE by_id_generic('$id')" 2>&1) || true
	if [ "$(grep -cx ' *Task Count: 1' <<<"$output")" != 2 ] || [ "$(grep -cx 'worker2:1' <<<"$output")" != 7 ] ||
		grep -q 'Error\|ERROR' <<<"$output"; then
		fail "ids_$name: a prepared WHERE id = \$1 ($type) is not a one-task router plan returning worker2:1:
$output"
	fi
done

# ---- a driver's base-type parameter (numeric for distributedid and siq, uuid for iuid and ulid: the cross-type operators)
# finds the row through the coordinator and on a worker, by literal and by a prepared statement ----
for spec in "iuid|uuid" "ulid|uuid" "distributedid|numeric" "siq|numeric"; do
	IFS='|' read -r name base <<<"$spec"
	id=$(value coordinator "SELECT id::$base FROM ids_$name WHERE node = 'worker2' AND n = 1")
	for node in coordinator worker1; do
		found=$(value "$node" "SELECT node || ':' || n FROM ids_$name WHERE id = '$id'::$base")
		[ "$found" = worker2:1 ] || fail "ids_$name: WHERE id = '$id'::$base on $node found '$found', expected worker2:1"
	done
	output=$(sql coordinator -At -c "PREPARE by_base($base) AS SELECT node || ':' || n FROM ids_$name WHERE id = \$1" \
		-c "EXECUTE by_base('$id')" -c "EXECUTE by_base('$id')" 2>&1) || true
	[ "$(grep -cx 'worker2:1' <<<"$output")" = 2 ] || fail "ids_$name: a prepared WHERE id = \$1 ($base) returned:
$output"
done

# ---- co-located joins on id ----
for spec in "${TABLES[@]}"; do
	IFS='|' read -r name type generator <<<"$spec"
	sql coordinator -c "INSERT INTO ids_${name}_detail (id, note) SELECT id, node || ':' || n FROM ids_$name WHERE n % 3 = 0" >/dev/null
	join="FROM ids_$name t JOIN ids_${name}_detail d ON t.id = d.id"
	plan=$(value coordinator "EXPLAIN (COSTS OFF) SELECT t.node, t.n, d.note $join")
	if ! grep -qx " *Task Count: $SHARDS" <<<"$plan" || grep -qiE 'repartition|broadcast|MapMergeJob|Map Task|Merge Task' <<<"$plan"; then
		fail "ids_$name: the join on id with its co-located detail table is not one task per shard pair:
$plan"
	fi
	joined=$(value coordinator "SELECT count(*), count(*) FILTER (WHERE d.note = t.node || ':' || t.n) $join")
	expected="$((3 * (ROWS / 3)))|$((3 * (ROWS / 3)))"
	[ "$joined" = "$expected" ] || fail "ids_$name: the co-located join returned rows, matching rows '$joined', expected '$expected'"
done

# ---- public ids: made on one node, decoded on another (one key file for all) ----
# check_public_id TABLE TYPE KIND MADE_ON DECODED_ON: public_id_to_<KIND> reverses public_id for ids of TYPE.
check_public_id() {
	local table=$1 type=$2 kind=$3 made_on=$4 decoded_on=$5 row id public decoded
	row=$(value "$made_on" "SELECT id, public_id(id) FROM $table WHERE node = '$made_on' AND n = 2")
	id=${row%%|*}
	public=${row#*|}
	decoded=$(value "$decoded_on" "SELECT public_id_to_$kind('$public')")
	[ -n "$id" ] && [ "$decoded" = "$id" ] ||
		fail "$table: public id $public of $id, made on $made_on, decodes on $decoded_on to '$decoded'"
	# WHERE id = public_id_to_<kind>('...') finds the row, but on every shard: Citus prunes by constants and
	# parameters, not by a STABLE function's result. Decoded into a PL/pgSQL variable (a parameter), one task.
	local found
	found=$(value coordinator "SELECT node || ':' || n FROM $table WHERE id = public_id_to_$kind('$public')")
	[ "$found" = "$made_on:2" ] || fail "$table: the row of public id $public found '$found', expected $made_on:2"
	sql coordinator -c "CREATE FUNCTION ${table}_by_public_id(public uuid) RETURNS text LANGUAGE plpgsql STABLE AS \$\$
		DECLARE wanted $type := public_id_to_$kind(public);
		BEGIN RETURN (SELECT node || ':' || n FROM $table WHERE id = wanted); END \$\$" >/dev/null
	local output
	output=$(sql coordinator -c 'SET citus.log_remote_commands = on' -c 'SET client_min_messages = notice' \
		-At -c "SELECT ${table}_by_public_id('$public')" 2>&1)
	if [ "$(grep -c 'NOTICE:  issuing SELECT' <<<"$output")" != 1 ] || ! grep -qx "$made_on:2" <<<"$output"; then
		fail "$table: a PL/pgSQL lookup by public id is not one query on one shard returning $made_on:2:
$output"
	fi
}
check_public_id ids_distributedid distributedid distributedid worker1 worker2
check_public_id ids_distributedid128 uuid uuid worker2 coordinator
check_public_id ids_snowflake bigint bigint coordinator worker1

# ---- a worker restarted mid-load: single-row INSERTs through the coordinator into every table while worker1
# restarts; every INSERT acknowledged is there, once, and the ids stay distinct. An INSERT that failed may still be
# stored (in doubt: the worker committed it as the restart cut the connection), as with any table; those are
# counted. ----
LOAD=1500 # single-row INSERTs per table
declare -A LOAD_OUT
pids=()
for spec in "${TABLES[@]}"; do
	IFS='|' read -r name type generator <<<"$spec"
	LOAD_OUT[$name]=$IDENTITIES_WORK/citus-load-$name.out
	seq 1 "$LOAD" | sed "s/.*/INSERT INTO ids_$name (node, n) VALUES ('load', &) RETURNING n;/" |
		sql coordinator -At -v ON_ERROR_STOP=0 >"${LOAD_OUT[$name]}" 2>&1 &
	pids+=($!)
done
# The restart falls within the load: once a tenth of one table's INSERTs are in (at most 10 s).
for _ in $(seq 1 100); do
	[ "$(value coordinator "SELECT count(*) >= $((LOAD / 10)) FROM ids_iuid WHERE node = 'load'")" = t ] && break
	sleep 0.1
done
as_postgres "$PG_BIN/pg_ctl" -D "$IDENTITIES_WORK/citus-worker1" -m fast -w restart >/dev/null ||
	fail "worker1 did not restart"
for pid in "${pids[@]}"; do wait "$pid" || true; done
acknowledged_all=0 in_doubt=0
for spec in "${TABLES[@]}"; do
	IFS='|' read -r name type generator <<<"$spec"
	grep -E '^[0-9]+$' "${LOAD_OUT[$name]}" | sort >"${LOAD_OUT[$name]}.acknowledged"
	value coordinator "SELECT n FROM ids_$name WHERE node = 'load'" | sort >"${LOAD_OUT[$name]}.stored"
	acknowledged=$(wc -l <"${LOAD_OUT[$name]}.acknowledged")
	lost=$(comm -23 "${LOAD_OUT[$name]}.acknowledged" "${LOAD_OUT[$name]}.stored" | wc -l)
	acknowledged_all=$((acknowledged_all + acknowledged))
	in_doubt=$((in_doubt + $(wc -l <"${LOAD_OUT[$name]}.stored") - acknowledged + lost))
	[ "$lost" = 0 ] || fail "ids_$name: $lost of the $acknowledged INSERTs acknowledged while worker1 restarted are not stored"
	[ "$acknowledged" -gt 0 ] || fail "ids_$name: no INSERT of the load went through: $(head -n 3 "${LOAD_OUT[$name]}")"
	[ "$(value coordinator "SELECT count(*) - count(DISTINCT id) FROM ids_$name")" = 0 ] || fail "ids_$name: repeated ids after the restart"
	rm -f "${LOAD_OUT[$name]}"*
done
[ "$acknowledged_all" -lt $((${#TABLES[@]} * LOAD)) ] || fail "no INSERT failed while worker1 restarted: the restart did not fall within the load"
echo "worker1 restarted mid-load: $acknowledged_all INSERTs acknowledged, all stored once; $((${#TABLES[@]} * LOAD - acknowledged_all)) failed, $in_doubt of them stored (in doubt)"

# ---- shards moved: worker2 drained by the rebalancer, then the cluster rebalanced; every row kept once, the
# lookups still routed, every index valid (amcheck) on every node ----
snapshot() { # one line per table: rows, distinct ids, and a digest of every id with its row
	local spec name
	for spec in "${TABLES[@]}"; do
		IFS='|' read -r name _ <<<"$spec"
		value coordinator "SELECT '$name', count(*), count(DISTINCT id), md5(string_agg(id::text || node || n, ',' ORDER BY id)) FROM ids_$name"
		value coordinator "SELECT '${name}_detail', count(*), md5(string_agg(id::text || note, ',' ORDER BY id)) FROM ids_${name}_detail"
	done
}
placements() { value coordinator "SELECT string_agg(groupid || ':' || n, ' ' ORDER BY groupid) FROM
	(SELECT groupid, count(*) AS n FROM pg_dist_placement GROUP BY groupid) AS p"; }
before=$(snapshot)
moves_started=$SECONDS
sql coordinator -c "SELECT citus_set_node_property('$IDENTITIES_WORK', ${PORT[worker2]}, 'shouldhaveshards', false)" \
	-c "SELECT citus_rebalance_start(drain_only => true, shard_transfer_mode => 'block_writes')" \
	-c 'SELECT citus_rebalance_wait()' >/dev/null || fail "draining worker2 failed"
drained=$(placements)
[ "$drained" = "${GROUP[worker1]}:$PLACEMENTS" ] ||
	fail "after draining worker2, shard placements per group: '$drained', expected ${GROUP[worker1]}:$PLACEMENTS"
sql coordinator -c "SELECT citus_set_node_property('$IDENTITIES_WORK', ${PORT[worker2]}, 'shouldhaveshards', true)" \
	-c "SELECT citus_rebalance_start(shard_transfer_mode => 'block_writes')" \
	-c 'SELECT citus_rebalance_wait()' >/dev/null || fail "the rebalance failed"
balanced=$(placements)
# By shard count, within the rebalancer's threshold (10 %): neither worker holds more than 60 % of them.
[[ $balanced =~ ^${GROUP[worker1]}:([0-9]+)\ ${GROUP[worker2]}:([0-9]+)$ ]] &&
	((BASH_REMATCH[1] + BASH_REMATCH[2] == PLACEMENTS && BASH_REMATCH[1] * 10 >= PLACEMENTS * 4 &&
		BASH_REMATCH[2] * 10 >= PLACEMENTS * 4)) ||
	fail "after the rebalance, shard placements per group: '$balanced', expected $PLACEMENTS spread over both workers"
after=$(snapshot)
[ "$after" = "$before" ] || fail "rows changed while shards moved:
before: $before
after:  $after"
for spec in "${TABLES[@]}"; do
	IFS='|' read -r name type generator <<<"$spec"
	id=$(value coordinator "SELECT id FROM ids_$name WHERE node = 'worker1' AND n = 7")
	plan=$(value coordinator "EXPLAIN (COSTS OFF) SELECT n FROM ids_$name WHERE id = '$id'")
	grep -qx ' *Task Count: 1' <<<"$plan" && [ "$(value coordinator "SELECT n FROM ids_$name WHERE id = '$id'")" = 7 ] ||
		fail "ids_$name: after the moves, WHERE id = '$id' is not a router plan finding n = 7"
done
sql coordinator -c 'CREATE EXTENSION amcheck' >/dev/null
# The placements moved away are dropped by Citus' deferred cleanup, which could drop one while amcheck reads it
# ("could not open relation with OID ..."): dropped now, before the check.
sql coordinator -c 'CALL citus_cleanup_orphaned_resources()' >/dev/null || fail "citus_cleanup_orphaned_resources failed"
for node in "${NODES[@]}"; do
	# Shards are ordinary tables on their node; Citus hides them from pg_class unless told otherwise.
	checked=$(value "$node" "SET citus.override_table_visibility = off;
		SELECT count(bt_index_check(c.oid, true)) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		JOIN pg_am am ON am.oid = c.relam JOIN pg_class t ON t.oid = i.indrelid
		WHERE am.amname = 'btree' AND t.relname LIKE 'ids\_%'" 2>&1) ||
		fail "amcheck on $node after the moves: $checked"
	echo "amcheck on $node: ${checked##*$'\n'} indexes valid"
done
echo "shards moved: drained and rebalanced in $((SECONDS - moves_started)) s, placements $balanced, every row kept"

# ---- the recipe of doc/citus.md (its sql citus blocks), run on this cluster's coordinator in a schema of its own;
# each "Task Count: N" its comments promise is the one its EXPLAIN prints ----
recipe=$(awk '/^```sql citus$/ { on = 1; next } /^```/ { on = 0 } on' "$IDENTITIES_ROOT/doc/citus.md")
if [ -z "$recipe" ]; then
	fail "doc/citus.md has no sql citus block"
elif ! output=$(printf 'CREATE SCHEMA recipe;\nSET search_path = recipe, public;\n%s\n' "$recipe" | sql coordinator -At 2>&1); then
	fail "the recipe of doc/citus.md fails on the coordinator:
$output"
else
	promised=$(grep -o 'Task Count: [0-9]*' <<<"$recipe" | xargs)
	printed=$(grep -o 'Task Count: [0-9]*' <<<"$output" | xargs)
	[ "$printed" = "$promised" ] || fail "doc/citus.md promises '$promised', its EXPLAINs print '$printed':
$output"
	grep -qx ada <<<"$output" || fail "doc/citus.md: the lookup by public id did not find ada:
$output"
fi

# ---- doc/scaling-out.md's Citus recipe (its sql citus block): the cluster's setup ran its CREATE EXTENSIONs, the rest runs in
# a schema of its own; a ride and its event go in through the coordinator, a lookup by id is one task ----
recipe=$(awk '/^```sql citus$/ { on = 1; next } /^```/ { on = 0 } on' "$IDENTITIES_ROOT/doc/scaling-out.md" | grep -v '^CREATE EXTENSION')
if [ -z "$recipe" ]; then
	fail "doc/scaling-out.md has no sql citus block"
elif ! output=$(printf 'CREATE SCHEMA readme;\nSET search_path = readme, public;\n%s\n' "$recipe" | sql coordinator -At 2>&1); then
	fail "doc/scaling-out.md's Citus recipe fails on the coordinator:
$output"
else
	ride=$(sql coordinator -At -c "INSERT INTO readme.rides (payload) VALUES ('readme') RETURNING id")
	sql coordinator -c "INSERT INTO readme.ride_events VALUES ('$ride', now())" >/dev/null
	layout=$(value coordinator "SELECT count(DISTINCT colocationid) || ' ' || string_agg(partmethod::text, '' ORDER BY logicalrelid::text)
		FROM pg_dist_partition WHERE logicalrelid IN ('readme.rides'::regclass, 'readme.ride_events'::regclass)")
	plan=$(value coordinator "EXPLAIN (COSTS OFF) SELECT * FROM readme.rides JOIN readme.ride_events USING (id) WHERE id = '$ride'")
	[ "$layout" = "1 hh" ] && grep -qx ' *Task Count: 1' <<<"$plan" &&
		[ "$(value coordinator "SELECT payload FROM readme.rides JOIN readme.ride_events USING (id) WHERE id = '$ride'")" = readme ] ||
		fail "doc/scaling-out.md's Citus recipe: co-located hash tables ('$layout', expected '1 hh') with a one-task join by id:
$plan"
fi

# ---- no node crashed ----
crashes=$(grep -HE 'terminated by signal|PANIC|TRAP' "$IDENTITIES_WORK"/citus-*.log 2>/dev/null || true)
[ -z "$crashes" ] || fail "a node crashed:
$crashes"

echo "citus: $failures failure(s), $((SECONDS - started)) s"
[ "$failures" = 0 ]
