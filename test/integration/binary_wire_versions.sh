# Binary-mode logical replication between a database on extension 0.1.0 (distributedid and siq sent as their
# 12 and 14 stored bytes) and one on 0.2.0 (sent as numeric's binary form), both served by this library: in either
# direction every value is refused loudly (an error in the subscriber's log, retried: by the subscriber's receive,
# or by the publisher's send for a value whose raw bytes are also numeric's form), and no row arrives with another
# value. Besides generated ids, the values whose form has the other form's length: distributedids of two base-10000
# digits and siqs of three (numeric's form is 12 and 14 bytes), and raw forms that are numeric's form of another
# number. Switched to text mode (ALTER SUBSCRIPTION ... SET (binary = false)) the same changes arrive intact, the
# way through a mixed-version upgrade.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"

publisher=55511 subscriber=55512
servers_stopped_on_exit "$IDENTITIES_WORK/wire_subscriber" "$IDENTITIES_WORK/wire_publisher"
declare -A log_start
for server in wire_subscriber wire_publisher; do
	log_start[$server]=$(($(stat -c %s "$IDENTITIES_WORK/$server.log" 2>/dev/null || echo 0) + 1))
done
new_log() { tail -c +"${log_start[$1]}" "$IDENTITIES_WORK/$1.log"; }
# the subscriber first, so that stop_servers stops it before its publisher
start_server wire_subscriber $subscriber yes "max_worker_processes = 16" "max_logical_replication_workers = 10" \
	"wal_retrieve_retry_interval = 200ms"
start_server wire_publisher $publisher yes "wal_level = logical"


# The rows of each case: (d, s), written in one transaction.
declare -A ROWS=(
	[generated]="SELECT distributedid_generate(), siq_generate('message') FROM generate_series(1, 20)"
	[two_digit_distributedid]="VALUES ('10001'::distributedid, NULL::siq), ('12345678', NULL), ('99999999', NULL), ('50005000', NULL)"
	[three_digit_siq]="VALUES (NULL::distributedid, '5f60811'::siq), (NULL, '1cbe991a14'), (NULL, 'e8d4a50fff'), (NULL, '5f5e101')"
	[numeric_looking_distributedid]="VALUES ('2417870085973332059029505'::distributedid, NULL::siq), ('2417870085973332139841070', NULL)"
	[numeric_looking_siq]="VALUES (NULL::distributedid, '0003000200000000000100010001'::siq), (NULL, '000300020000000004d2162e2334')"
)

# replicate SOURCE_VERSION TARGET_VERSION CASE: a binary subscription from a database of one version to one of the
# other, the rows of that case
replicate() {
	local from=$1 to=$2 case=$3 source target
	source="source_${from//./_}" target="target_${to//./_}"
	sql $publisher postgres -c "CREATE DATABASE $source"
	sql $subscriber postgres -c "CREATE DATABASE $target"
	sql $publisher $source -c "CREATE EXTENSION identities VERSION '$from'"
	sql $subscriber $target -c "CREATE EXTENSION identities VERSION '$to'"
	for side in "$publisher $source" "$subscriber $target"; do
		sql $side -c "CREATE TABLE t (n integer PRIMARY KEY, d distributedid, s siq)"
	done
	sql $publisher $source -c "CREATE PUBLICATION wire FOR TABLE t"
	sql $subscriber $target -c "CREATE SUBSCRIPTION wire
		CONNECTION 'host=$IDENTITIES_WORK port=$publisher dbname=$source user=postgres'
		PUBLICATION wire WITH (binary = true, copy_data = false)"
	# the apply worker is running before the rows are written
	for _ in $(seq 1 100); do
		[ "$(sql $subscriber $target -c "SELECT count(*) FROM pg_stat_subscription WHERE subname = 'wire' AND pid IS NOT NULL")" = 1 ] && break
		sleep 0.1
	done
	sql $publisher $source -c "INSERT INTO t SELECT row_number() OVER (), d, s FROM (${ROWS[$case]}) AS r(d, s)"
	local expected error=""
	expected=$(sql $publisher $source -c "SELECT string_agg(concat_ws(' ', n, d, s), ',' ORDER BY n) FROM t")
	for _ in $(seq 1 100); do
		error=$(new_log wire_subscriber | grep -E 'ERROR: .*(binary|insufficient data)' | tail -n 1 || true)
		[ -n "$error" ] && break
		sleep 0.1
	done
	[ -n "$error" ] || fail "$from -> $to, $case: no apply error in binary mode; the subscriber has $(sql $subscriber $target -c 'SELECT count(*) FROM t') rows"
	echo "$from -> $to, $case, binary: ${error#*ERROR:  }"
	# nothing arrived, let alone another value
	[ "$(sql $subscriber $target -c 'SELECT count(*) FROM t')" = 0 ] || fail "$from -> $to, $case: rows arrived in binary mode: $(sql $subscriber $target -c 'TABLE t')"
	# in text mode the same changes arrive intact
	sql $subscriber $target -c "ALTER SUBSCRIPTION wire SET (binary = false)"
	local got=""
	for _ in $(seq 1 150); do
		got=$(sql $subscriber $target -c "SELECT string_agg(concat_ws(' ', n, d, s), ',' ORDER BY n) FROM t")
		[ "$got" = "$expected" ] && break
		sleep 0.2
	done
	[ "$got" = "$expected" ] || fail "$from -> $to, $case: text mode did not deliver the rows: $got"
	echo "$from -> $to, $case, text: the $(sql $subscriber $target -c 'SELECT count(*) FROM t') rows arrived intact"
	sql $subscriber $target -c "DROP SUBSCRIPTION wire"
	sql $subscriber postgres -c "DROP DATABASE $target"
	sql $publisher postgres -c "DROP DATABASE $source"
	log_start[wire_subscriber]=$(($(stat -c %s "$IDENTITIES_WORK/wire_subscriber.log") + 1))
}

current=$(sed -nE "s/^default_version = '(.*)'$/\1/p" "$IDENTITIES_ROOT/identities.control")
for case in generated two_digit_distributedid three_digit_siq numeric_looking_distributedid numeric_looking_siq; do
	replicate "$current" 0.1.0 "$case"
	replicate 0.1.0 "$current" "$case"
done
