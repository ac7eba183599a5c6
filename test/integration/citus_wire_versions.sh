# Citus with nodes on extension 0.1.0 (distributedid and siq sent in binary as their 12 and 14 stored bytes) and on
# 0.2.0 (numeric's binary form, doc/binary-format.md): what each way Citus moves values between nodes does with them,
# and the way out (doc/citus.md, "Updating identities: every node at once"). A coordinator and two workers, citus
# and identities preloaded. In each database identities is created at 0.1.0 through the coordinator (Citus creates
# it on the workers), then nodes are updated alone (ALTER EXTENSION identities UPDATE with
# citus.enable_ddl_propagation off, what doc/citus.md tells users not to do):
#   old_coordinator   coordinator 0.1.0, worker1 0.2.0, worker2 0.1.0
#   new_coordinator   coordinator 0.2.0, worker1 0.1.0, worker2 0.2.0
# so values go from each version to the other between the coordinator and a worker, and between the workers.
# Three distributed tables (k integer, d distributedid, s siq), four shards each, rows on both workers, the values
# written as text literals (a multi-row INSERT through the coordinator carries them as text):
#   ids       64 generated ids
#   small     numeric's form as long as the raw one: distributedids of two base-10000 digits (10001, 12345678,
#             50005000, 99999999: 12 bytes), siqs of three (14 bytes)
#   crafted   raw forms that are numeric's form of another number (2417870085973332059029505's is 10001's)
# The operations: a multi-shard SELECT through each node and router SELECTs on the coordinator (a worker's rows
# reach the node that runs the query in binary), a CTE's result sent to the workers, INSERT..SELECT repartitioned
# and through the coordinator, COPY into a distributed table, a shard moved each way (block_writes); each one's
# outcome per table is
#   intact   every value read, or stored, is the one written
#   error    it failed loudly
#   wrong    it completed, with another value somewhere
# and the test asserts every outcome as EXPECTED below says (and doc/citus.md), and that none is wrong: every
# value that crosses from one version to the other is refused, by the length of its form or, where the lengths
# agree (small, crafted), because 0.1.0's form as this library serves it is never taken for numeric's nor numeric's
# for it (doc/binary-format.md); 0.1.0 refuses to send the crafted values at all, even between 0.1.0 nodes. Then
# doc/citus.md's update (its sql citus-update block, ALTER EXTENSION identities UPDATE on the coordinator) brings
# every node to the current version, nodes updated alone or not, after which every operation is intact, and a
# worker added afterwards gets that version too.
# Citus comes from scripts/citus.sh; without it the test prints "skipped: <reason>" and exits 77.
#
# test/suite runs it; alone (as root, identities installed): bash test/integration/citus_wire_versions.sh
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
source "$IDENTITIES_ROOT/scripts/citus.sh"
started=$SECONDS
fail_prefix="citus_wire_versions: " fail_counts=yes # every failed check said, the test failed at its end

need_citus

NODES=(coordinator worker1 worker2)
declare -A PORT=([coordinator]=55464 [worker1]=55465 [worker2]=55466)
TABLES=(ids small crafted)
current=$(sed -nE "s/^default_version = '(.*)'$/\1/p" "$IDENTITIES_ROOT/identities.control")

# EXPECTED: the outcome of each operation, by database, pass and table, with nodes on both versions and, in pass
# uniform, every node on 0.1.0 (in pass updated, every node on the current version, each one is intact).
# Operations: select@NODE (multi-shard, through NODE), router<-WORKER (on the coordinator, a row on WORKER),
# cte_broadcast, insert_select_repartitioned, insert_select_via_coordinator, copy_from_stdin, move<-WORKER (a shard
# of WORKER moved to the other). Whatever crosses from one version to the other is refused; what stays within one
# version (router<-worker2 and the SELECTs in text) is intact; 0.1.0 refuses to send the crafted values at all.
EXPECTED="
# database        pass       table   select@worker1 select@worker2 select@coordinator router<-worker1 router<-worker2 cte_broadcast insert_select_repartitioned insert_select_via_coordinator copy_from_stdin move<-worker1 move<-worker2
old_coordinator   uniform    ids     intact intact intact intact intact intact intact intact intact -      -
old_coordinator   uniform    small   intact intact intact intact intact intact intact intact intact -      -
old_coordinator   uniform    crafted error  error  error  error  error  error  error  error  error  -      -
old_coordinator   mixed      ids     error  error  error  error  intact error  error  error  error  error  error
old_coordinator   mixed      small   error  error  error  error  intact error  error  error  error  error  error
old_coordinator   mixed      crafted error  error  error  error  error  error  error  error  error  error  error
old_coordinator   mixed_text ids     intact intact intact intact intact error  error  error  error  -      -
old_coordinator   mixed_text small   intact intact intact intact intact error  error  error  error  -      -
old_coordinator   mixed_text crafted intact intact intact intact intact error  error  error  error  -      -
new_coordinator   mixed      ids     error  error  error  error  intact error  error  error  error  -      -
new_coordinator   mixed      small   error  error  error  error  intact error  error  error  error  -      -
new_coordinator   mixed      crafted error  error  error  error  intact error  error  error  error  -      -
"

work_dir_for_postgres
STARTED_SERVERS=()
scratch=$(as_postgres mktemp -d "$IDENTITIES_WORK/citus-wire-scratch.XXXXXX")
cleanup() {
	stop_servers
	local node
	# The logs stay for test/suite's crash check; the data directories go.
	for node in "${NODES[@]}"; do rm -rf "${IDENTITIES_WORK:?}/citus-wire-$node"; done
	rm -rf "$scratch"
	[ "$own_work" = no ] || rm -rf "$IDENTITIES_WORK"
}
trap cleanup EXIT

DB=
sql() { psql_on "${PORT[$1]}" -d "$DB" "${@:2}"; } # sql NODE [psql options...]: on that node's database $DB (value NODE QUERY too)

log "Citus: a coordinator and two workers (ports ${PORT[coordinator]}-${PORT[worker2]}), identities 0.1.0 and $current"
for node in "${NODES[@]}"; do
	start_server "citus-wire-$node" "${PORT[$node]}" no "shared_preload_libraries = 'citus,identities'" \
		"max_connections = 100" "citus.local_hostname = '$IDENTITIES_WORK'"
done

# versions: "coordinator=0.1.0 worker1=... worker2=...", as each node's catalog says
versions() {
	local node out=""
	for node in "${NODES[@]}"; do
		out+="${out:+ }$node=$(value "$node" "SELECT coalesce((SELECT extversion FROM pg_extension WHERE extname = 'identities'), '-')")"
	done
	echo "$out"
}

# cluster DB WORKER...: database DB on every node with Citus, the coordinator and the named workers in the cluster,
# identities 0.1.0 created through the coordinator.
cluster() {
	DB=$1
	shift
	local node
	local pids=()
	for node in "${NODES[@]}"; do
		{ psql_on "${PORT[$node]}" -d postgres -c "CREATE DATABASE $DB" && sql "$node" -c 'CREATE EXTENSION citus'; } &
		pids+=($!)
	done
	for pid in "${pids[@]}"; do wait "$pid"; done
	sql coordinator -c "SELECT citus_set_coordinator_host('$IDENTITIES_WORK', ${PORT[coordinator]})" >/dev/null
	for node in "$@"; do sql coordinator -c "SELECT citus_add_node('$IDENTITIES_WORK', ${PORT[$node]})" >/dev/null; done
	sql coordinator -c "CREATE EXTENSION identities VERSION '0.1.0'"
}

# update_alone NODE: ALTER EXTENSION identities UPDATE on that node only.
update_alone() {
	sql "$1" -c 'SET citus.enable_ddl_propagation = off' -c 'ALTER EXTENSION identities UPDATE'
}

declare -A WANT # TABLE: its rows "k|d|s" in the text forms, as written
# tables: ids, small and crafted, not co-located (a shard move moves one table's shard), each with a target
# distributed by d (INSERT..SELECT repartitioned) and one by k (INSERT..SELECT through the coordinator, COPY).
tables() {
	local table
	for table in "${TABLES[@]}"; do
		cat <<-SQL
			SET citus.shard_count = 4;
			CREATE TABLE $table (k integer PRIMARY KEY, d distributedid NOT NULL, s siq NOT NULL);
			CREATE TABLE ${table}_by_d (LIKE $table);
			CREATE TABLE ${table}_copy (LIKE $table);
			SELECT create_distributed_table('$table', 'k', colocate_with => 'none');
			SELECT create_distributed_table('${table}_copy', 'k', colocate_with => '$table');
			SELECT create_distributed_table('${table}_by_d', 'd');
		SQL
	done | sql coordinator -q >/dev/null
	local ids
	ids=$(value coordinator "SELECT string_agg(format('(%s, %L, %L)', g, distributedid_generate(), siq_generate('message')), ', ')
		FROM generate_series(1, 64) AS g")
	# VALUES lists: a multi-row INSERT reaches the workers as text (INSERT..SELECT would COPY in binary, which 0.1.0
	# refuses for the crafted values)
	local small crafted
	small=$(value coordinator "SELECT string_agg(format('(%s, %L, %L)', 4 * i + j, e.d, e.s), ', ')
		FROM generate_series(0, 7) AS i,
			(VALUES (1, '10001', '5f60811'), (2, '12345678', '1cbe991a14'), (3, '99999999', 'e8d4a50fff'),
			        (4, '50005000', '5f5e101')) AS e(j, d, s)")
	# numeric's form of 10001 and 12345678 (distributedid), 100010001 and 123456789012 (siq), taken as raw bytes
	crafted=$(value coordinator "SELECT string_agg(format('(%s, %L, %L)', 2 * i + j, e.d, e.s), ', ')
		FROM generate_series(0, 15) AS i,
			(VALUES (1, '2417870085973332059029505', '0003000200000000000100010001'),
			        (2, '2417870085973332139841070', '000300020000000004d2162e2334')) AS e(j, d, s)")
	sql coordinator -q -c "INSERT INTO ids VALUES $ids" -c "INSERT INTO small VALUES $small" -c "INSERT INTO crafted VALUES $crafted"
	for table in "${TABLES[@]}"; do
		# only text crosses nodes here: the casts run where the rows are
		WANT[$table]=$(value coordinator "SELECT k, d::text, s::text FROM $table ORDER BY k")
		[ "$(wc -l <<<"${WANT[$table]}")" -ge 32 ] || fail "$DB: $table holds $(wc -l <<<"${WANT[$table]}") rows"
		[ "$(value coordinator "SELECT count(DISTINCT n.nodeport) FROM generate_series(1, 64) AS k
			JOIN pg_dist_placement p ON p.shardid = get_shard_id_for_distribution_column('$table', k)
			JOIN pg_dist_node n USING (groupid) WHERE k <= (SELECT max(k) FROM $table)")" = 2 ] ||
			fail "$DB: the rows of $table are not on both workers"
	done
}

# Each pass runs one psql script per node; "\echo @@ TABLE OPERATION" starts each operation's output, and a failed
# statement prints "ERROR: message" in its place.
mark() { printf '\\echo @@ %s %s\n' "$1" "$2"; }
on_error() { # the statement before failed: its error; otherwise STATEMENT (the rows to judge)
	printf '\\if :ERROR\n\\echo ERROR: :LAST_ERROR_MESSAGE\n\\else\n%s\n\\endif\n' "${1:-}"
}
stored() { echo "SELECT k, d::text, s::text FROM $1 ORDER BY k;"; } # what a table stores, in text
# a row of TABLE whose shard is on WORKER (placements change with the moves)
row_on() {
	value coordinator "SELECT min(k) FROM generate_series(1, 64) AS k
		JOIN pg_dist_placement p ON p.shardid = get_shard_id_for_distribution_column('$1', k)
		JOIN pg_dist_node n USING (groupid) WHERE n.nodeport = ${PORT[$2]} AND k <= (SELECT max(k) FROM $1)"
}
reader_script() { # reader_script: multi-shard SELECTs
	local table
	echo '\set ON_ERROR_STOP 0'
	for table in "${TABLES[@]}"; do
		mark "$table" "select@$1"
		echo "SELECT k, d, s FROM $table ORDER BY k;"
		on_error
	done
}
coordinator_script() { # SELECTs on the coordinator, a CTE's result broadcast, INSERT..SELECT two ways
	local table worker
	echo '\set ON_ERROR_STOP 0'
	for table in "${TABLES[@]}"; do
		mark "$table" select@coordinator
		echo "SELECT k, d, s FROM $table ORDER BY k;"
		on_error
		for worker in worker1 worker2; do
			mark "$table" "router<-$worker"
			echo "SELECT k, d, s FROM $table WHERE k = $(row_on "$table" "$worker");"
			on_error
		done
		mark "$table" cte_broadcast
		echo "WITH m AS MATERIALIZED (SELECT k, d, s FROM $table ORDER BY k LIMIT 1000)
			SELECT t.k, m.d::text, m.s::text FROM $table t JOIN m USING (k) ORDER BY t.k;"
		on_error
		mark "$table" insert_select_repartitioned
		echo "TRUNCATE ${table}_by_d; INSERT INTO ${table}_by_d SELECT k, d, s FROM $table;"
		on_error "$(stored "${table}_by_d")"
		mark "$table" insert_select_via_coordinator
		echo "TRUNCATE ${table}_copy; INSERT INTO ${table}_copy SELECT k, d, s FROM $table ORDER BY k LIMIT 1000;"
		on_error "$(stored "${table}_copy")"
	done
}
moves_script() { # a shard of each table from each worker to the other (block_writes: a COPY between the workers)
	local table worker other
	echo '\set ON_ERROR_STOP 0'
	for table in "${TABLES[@]}"; do
		for worker in worker1 worker2; do
			other=worker2
			[ "$worker" = worker1 ] || other=worker1
			mark "$table" "move<-$worker"
			# the shard of the first row on that worker
			echo "SELECT FROM citus_move_shard_placement(get_shard_id_for_distribution_column('$table', $(row_on "$table" "$worker")),
				'$IDENTITIES_WORK', ${PORT[$worker]}, '$IDENTITIES_WORK', ${PORT[$other]}, shard_transfer_mode => 'block_writes');"
			on_error "$(stored "$table")"
		done
	done
}
# copy_from_stdin TABLE: COPY into a distributed table through the coordinator, in text (psql does not report a
# failed COPY in :ERROR, so one psql each)
copy_from_stdin() {
	local table=$1 got status=0
	echo "@@ $table copy_from_stdin"
	got=$(sql coordinator -At -c "TRUNCATE ${table}_copy" -c "COPY ${table}_copy FROM STDIN (FORMAT csv, DELIMITER '|')" \
		-c "$(stored "${table}_copy")" 2>&1 <<<"${WANT[$table]}") || status=$?
	if [ "$status" = 0 ]; then echo "$got"; else echo "ERROR: $(grep -m1 ERROR <<<"$got" | sed 's/.*ERROR: *//')"; fi
}
# restore: the tables as written, after shard moves that changed them (an INSERT through the coordinator sends its
# values as text)
restore() {
	local table k d s rows
	for table in "${TABLES[@]}"; do
		rows=""
		while IFS='|' read -r k d s; do rows+="${rows:+, }($k, '$d', '$s')"; done <<<"${WANT[$table]}"
		sql coordinator -q -c "TRUNCATE $table" -c "INSERT INTO $table VALUES $rows"
		[ "$(value coordinator "$(stored "$table")")" = "${WANT[$table]}" ] || fail "$DB: $table could not be restored"
	done
}

RESULTS=() # "DB PASS TABLE OPERATION OUTCOME"
# judge PASS OUTPUT: each operation's outcome, from a script's output; printed when not intact, or nodes differ
judge() {
	local pass=$1 output=$2 table operation got want outcome detail first
	while IFS= read -r marker; do
		read -r _ table operation <<<"$marker"
		got=$(awk -v m="$marker" '$0 == m { on = 1; next } /^@@ / { on = 0 } on' <<<"$output")
		want=${WANT[$table]}
		if [[ $operation == router* ]]; then
			want=$(grep "^${got%%|*}|" <<<"$want" || true)
		fi
		if [[ $got == ERROR:* ]]; then
			outcome=error detail="error (${got#ERROR: })"
		elif [ -n "$got" ] && [ "$got" = "$want" ]; then
			outcome=intact detail=intact
		else
			outcome=wrong
			first=$(comm -13 <(sort <<<"$want") <(sort <<<"$got") | head -n 1)
			detail="WRONG: $(comm -13 <(sort <<<"$want") <(sort <<<"$got") | wc -l) of $(wc -l <<<"$got") rows differ,"
			detail+=" e.g. $first for $(grep -m1 "^${first%%|*}|" <<<"${WANT[$table]}" || echo nothing)"
		fi
		case $pass in
		uniform | updated) [ "$outcome" = intact ] || echo "  $table $operation: $detail" ;;
		*) echo "  $table $operation: $detail" ;;
		esac
		RESULTS+=("$DB $pass $table $operation $outcome")
	done < <(grep '^@@ ' <<<"$output")
}

# pass NAME MOVES(yes|no): every operation on every table (the readers on the workers beside the coordinator's
# script, which writes to other tables)
pass() {
	local name=$1 moves=$2 node output table
	log "$DB, $name: $(versions)$([ "$name" != mixed_text ] || echo ', citus.enable_binary_protocol = off') ($((SECONDS - started)) s)"
	local pids=()
	for node in worker1 worker2; do
		{ reader_script "$node" | sql "$node" -At >"$scratch/$node.out" 2>/dev/null || true; } &
		pids+=($!)
	done
	output=$(coordinator_script | sql coordinator -At 2>/dev/null) || true
	for node in "${pids[@]}"; do wait "$node"; done
	for node in worker1 worker2; do judge "$name" "$(cat "$scratch/$node.out")"; done
	judge "$name" "$output"
	output=$(for table in "${TABLES[@]}"; do copy_from_stdin "$table"; done)
	judge "$name" "$output"
	if [ "$moves" = yes ]; then
		output=$(moves_script | sql coordinator -At 2>/dev/null) || true
		judge "$name" "$output"
		restore
	fi
	case $name in
	uniform | updated) echo "  $(printf '%s\n' "${RESULTS[@]}" | awk -v p="$DB $name" 'index($0, p " ") == 1 && $5 == "intact"' | wc -l) operations intact" ;;
	esac
}

binary_protocol() { # binary_protocol on|off: citus.enable_binary_protocol on every node
	local node
	for node in "${NODES[@]}"; do
		psql_on "${PORT[$node]}" -d postgres -c "ALTER SYSTEM SET citus.enable_binary_protocol = $1" -c 'SELECT pg_reload_conf()' >/dev/null
	done
	sleep 0.5
}

# The update as doc/citus.md gives it (its sql citus-update block, run on the coordinator): every node updated, as
# each node's catalog and the block's own check (run_command_on_all_nodes) say.
update_through_coordinator() {
	local block output
	block=$(awk '/^```sql citus-update$/ { on = 1; next } /^```/ { on = 0 } on' "$IDENTITIES_ROOT/doc/citus.md")
	[ -n "$block" ] || fail "doc/citus.md has no sql citus-update block"
	output=$(sql coordinator -At <<<"$block")
	[ "$(versions)" = "coordinator=$current worker1=$current worker2=$current" ] ||
		fail "$DB: doc/citus.md's update on the coordinator did not update every node: $(versions)"
	[ "$(cut -d'|' -f2 <<<"$output" | xargs)" = "$current $current $current" ] ||
		fail "$DB: doc/citus.md's check shows $output"
}
# all_nodes: the version on every node, coordinator first, as doc/citus.md's check reads it
all_nodes() {
	value coordinator "SELECT string_agg(result, ' ' ORDER BY nodeid) FROM run_command_on_all_nodes(
		\$\$SELECT extversion FROM pg_extension WHERE extname = 'identities'\$\$)"
}

# Coordinator at 0.1.0, worker1 updated alone: with the binary protocol on and off (shard moves too); the update.
cluster old_coordinator worker1 worker2
tables
pass uniform no
update_alone worker1
[ "$(all_nodes)" = "0.1.0 $current 0.1.0" ] || fail "$DB: run_command_on_all_nodes shows $(all_nodes)"
pass mixed yes
binary_protocol off
pass mixed_text no
binary_protocol on
update_through_coordinator
# Coordinator and worker2 updated alone, worker1 at 0.1.0; the update, after which every operation is intact.
cluster new_coordinator worker1 worker2
tables
update_alone coordinator
update_alone worker2
pass mixed no
update_through_coordinator
pass updated no

# A worker added after the update gets the coordinator's version.
cluster late_node worker1
sql coordinator -c 'ALTER EXTENSION identities UPDATE'
sql coordinator -c "SELECT citus_add_node('$IDENTITIES_WORK', ${PORT[worker2]})" >/dev/null
[ "$(versions)" = "coordinator=$current worker1=$current worker2=$current" ] ||
	fail "late_node: a worker added after the update is not at the coordinator's version: $(versions)"
log "late_node: worker2 added after the update: $(versions) ($((SECONDS - started)) s)"

# ---- the outcomes against EXPECTED ----
log "outcomes ($((SECONDS - started)) s)"
declare -A SEEN
observed=$(printf '%s\n' "${RESULTS[@]}" | awk -v header="$(grep -m1 '^# database' <<<"$EXPECTED")" '
	BEGIN { n = split(header, h, " "); for (i = 5; i <= n; i++) column[h[i]] = i }
	$2 != "updated" { row = $1 " " $2 " " $3; if (!(row in seen)) order[++rows] = row; cells[row, $4] = $5; seen[row] = 1 }
	END { for (r = 1; r <= rows; r++) { line = order[r]; for (i = 5; i <= n; i++) line = line " " ((order[r], h[i]) in cells ? cells[order[r], h[i]] : "-"); print line } }')
for result in "${RESULTS[@]}"; do
	read -r db pass table operation outcome <<<"$result"
	SEEN["$db $pass $table $operation"]=1
	[ "$outcome" != wrong ] || fail "$db, $pass, $table, $operation: a value was read or stored as another"
	case $pass in
	updated) want=intact ;;
	*)
		# the column of that operation in EXPECTED's header, on the line of that database, pass and table
		want=$(awk -v row="$db $pass $table" -v op="$operation" '
			$1 == "#" && $2 == "database" { for (i = 5; i <= NF; i++) column[$i] = i - 1 }
			$1 " " $2 " " $3 == row { print $column[op] }' <<<"$EXPECTED")
		;;
	esac
	[ "$outcome" = "$want" ] || fail "$db, $pass, $table, $operation: $outcome, expected ${want:-nothing}"
done
[ "$failures" = 0 ] || printf 'the outcomes observed (EXPECTED'"'"'s form):\n%s\n' "$observed"
# every outcome EXPECTED lists was seen, and every pass ran every operation
count=$((3 * (9 + 11 + 9 + 9 + 9)))
[ "${#RESULTS[@]}" = "$count" ] && [ "${#SEEN[@]}" = "$count" ] || fail "${#RESULTS[@]} outcomes (${#SEEN[@]} distinct), expected $count"
errors=$(printf '%s\n' "${RESULTS[@]}" | awk '$5 == "error"' | wc -l)
[ "$failures" != 0 ] || echo "${#RESULTS[@]} outcomes as expected, none wrong: every node on $current, every value intact; $errors operations refused"

crashes=$(grep -HE 'terminated by signal|PANIC|TRAP' "$IDENTITIES_WORK"/citus-wire-*.log 2>/dev/null || true)
[ -z "$crashes" ] || fail "a node crashed:
$crashes"

echo "citus_wire_versions: $failures failure(s), $((SECONDS - started)) s"
[ "$failures" = 0 ]
