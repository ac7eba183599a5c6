# Logical replication (CREATE PUBLICATION / CREATE SUBSCRIPTION) between two servers, of tables holding every
# type and generated value of the extension (distributedid, DistributedId128, iuid, siq, Snowflake, HotGuid,
# LUUID, UUIDv7, public ids, encoders' text), edge values and NULLs included: once through a text subscription
# and once through a binary one (the types' send/receive functions). The initial table sync and the changes
# streamed after it (INSERTs, UPDATEs that change a key, DELETEs, found on the subscriber by primary keys of our
# types, by REPLICA IDENTITY FULL through the types' = operators, and routed into partitions under
# iuid_country_ops) arrive identical: every column's text and binary form, row by row. On the subscriber the
# unique, btree and hash indexes on our types are valid, enforce uniqueness and serve lookups that find the
# rows; a public id made on the publisher decodes there (the same key).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"

publisher=55501 subscriber=55502
key=$(head -c 32 /dev/urandom | base64)
STARTED_SERVERS=()
# the data directories go when the servers stop; their logs stay, for the suite's crash check
finish() {
	stop_servers
	as_postgres rm -rf "$IDENTITIES_WORK/logical_subscriber" "$IDENTITIES_WORK/logical_publisher"
}
trap finish EXIT
# what the servers log from here on (a rerun in the same scratch directory appends to the logs)
declare -A log_start
for server in logical_subscriber logical_publisher; do
	log_start[$server]=$(($(stat -c %s "$IDENTITIES_WORK/$server.log" 2>/dev/null || echo 0) + 1))
done
new_log() { tail -c +"${log_start[$1]}" "$IDENTITIES_WORK/$1.log"; }
# the subscriber first, so that stop_servers stops it before its publisher
start_server logical_subscriber $subscriber yes "identities.public_key = '$key'" \
	"max_worker_processes = 16" "max_logical_replication_workers = 10" "wal_retrieve_retry_interval = 200ms"
start_server logical_publisher $publisher yes "wal_level = logical" "identities.public_key = '$key'"

fail() { echo "$*"; exit 1; }
sql() { local port=$1 db=$2; shift 2; psql_on "$port" -d "$db" -X -At "$@"; }
# The subscriber's last logged error, to say why replication did not arrive.
last_error() {
	local line
	line=$(new_log logical_subscriber | grep -E 'ERROR|FATAL' | tail -n 1 || true)
	echo "${line:-no error}"
}

# The same tables on both sides (on the subscriber, DEFAULTs are never evaluated for replicated rows).
schema="
CREATE EXTENSION identities;
CREATE TABLE ids (
	id distributedid PRIMARY KEY DEFAULT distributedid_generate(),
	n integer NOT NULL,
	distributedid128 uuid UNIQUE DEFAULT distributedid128_generate(),
	iuid iuid UNIQUE DEFAULT iuid_generate(42, 7),
	siq siq UNIQUE DEFAULT siq_generate('message'),
	snowflake bigint UNIQUE DEFAULT snowflake_generate(),
	hotguid uuid DEFAULT hotguid_generate(17),
	luuid uuid,
	uuidv7 uuid DEFAULT uuidv7_generate(),
	public_distributedid text, public_bigint text, public_numeric uuid, public_uuid uuid,
	alphanumeric_distributedid text, hexadecimal_distributedid text, alphanumeric_uuid text, hexadecimal_uuid text,
	alphanumeric_bigint text, hexadecimal_bigint text, alphanumeric_numeric text,
	siq_did text, siq_cb32 text, siq_base64 text, siq_uuid uuid, siq_numeric numeric, siq_bytea bytea,
	distributedid_numeric numeric, distributedid_bytea bytea, distributedid128_numeric numeric);
CREATE TABLE by_iuid (id iuid PRIMARY KEY DEFAULT iuid_generate(42, 7), n integer NOT NULL, payload text);
CREATE TABLE by_siq (id siq PRIMARY KEY DEFAULT siq_generate('event'), n integer NOT NULL, payload text);
-- no key: the subscriber finds the rows to update or delete by comparing every column
CREATE TABLE by_everything (distributedid distributedid, iuid iuid, siq siq, distributedid128 uuid, n integer NOT NULL);
ALTER TABLE by_everything REPLICA IDENTITY FULL;
CREATE INDEX by_everything_distributedid_hash ON by_everything USING hash (distributedid);
CREATE INDEX by_everything_siq_btree ON by_everything (siq);
CREATE TABLE rides (id iuid PRIMARY KEY DEFAULT iuid_generate(42, 7), n integer NOT NULL)
	PARTITION BY RANGE (id iuid_country_ops);
CREATE TABLE rides_0_99 PARTITION OF rides FOR VALUES FROM (MINVALUE) TO (iuid_country_boundary(100));
CREATE TABLE rides_100_255 PARTITION OF rides FOR VALUES FROM (iuid_country_boundary(100)) TO (MAXVALUE);"
# Each table's key for ordering its rows.
declare -A keys=([ids]=id [by_iuid]=id [by_siq]=id [by_everything]=n [rides]=id)
tables="ids by_iuid by_siq by_everything rides"

# insert_ids SOURCE: rows of ids from a query of (n, id, distributedid128, iuid, siq, snowflake, hotguid, luuid,
# uuidv7), with every derived form computed from them
insert_ids() {
	sql $publisher source -c "
		INSERT INTO ids
		SELECT id, n, distributedid128, iuid, siq, snowflake, hotguid, luuid, uuidv7,
		       to_alphanumeric(public_id(id)), to_hexadecimal(public_id(snowflake)), public_id(id::numeric),
		       -- the nil uuid is laid out as the number 0's public id plaintext: it has none
		       CASE WHEN distributedid128 <> '00000000-0000-0000-0000-000000000000' THEN public_id(distributedid128) END,
		       to_alphanumeric(id), to_hexadecimal(id), to_alphanumeric(distributedid128), to_hexadecimal(uuidv7),
		       to_alphanumeric(snowflake), to_hexadecimal(snowflake), to_alphanumeric(id::numeric),
		       siq_to_did(siq), siq_to_cb32(siq), siq_to_base64(siq), siq_to_uuid(siq), siq::numeric, siq::bytea,
		       id::numeric, id::bytea, distributedid128_to_numeric(distributedid128)
		FROM ($1) AS source (n, id, distributedid128, iuid, siq, snowflake, hotguid, luuid, uuidv7)" >/dev/null
}
generated="SELECT n, distributedid_generate(), distributedid128_generate(), iuid_generate(n % 256, n % 13),
	siq_generate('message'), snowflake_generate(), hotguid_generate(n), luuid_generate('ids', n), uuidv7_generate()"
# fill FIRST LAST: generated rows n = FIRST … LAST in every table
fill() {
	insert_ids "$generated FROM generate_series($1, $2) AS n"
	sql $publisher source -c "
		INSERT INTO by_iuid SELECT iuid_generate(n % 256, n % 256), n, 'ride ' || n FROM generate_series($1, $2) AS n;
		INSERT INTO by_siq SELECT siq_generate(CASE n % 3 WHEN 0 THEN 'user' WHEN 1 THEN 'thread' ELSE 'content' END), n,
		                          'post ' || n FROM generate_series($1, $2) AS n;
		INSERT INTO by_everything SELECT distributedid_generate(), iuid_generate(7, 1), siq_generate('event'),
		                                 distributedid128_generate(), n FROM generate_series($1, $2) AS n;
		INSERT INTO rides (id, n) SELECT iuid_generate(n % 256, 1), n FROM generate_series($1, $2) AS n;
		INSERT INTO rides (n) SELECT -n FROM generate_series($1, $1 + 9) AS n;  -- DEFAULT ids, country 42" >/dev/null
}

# --- the publisher: tables, the initial rows (the smallest values, and NULLs), a publication of all ---
sql $publisher postgres -c "CREATE DATABASE source" >/dev/null
sql $publisher source -c "$schema" >/dev/null
fill 1 2000
insert_ids "VALUES (-1, '0'::distributedid, '00000000-0000-0000-0000-000000000000'::uuid,
	'00000000-0000-8000-8000-000000000000'::iuid, '0'::siq, 0::bigint, hotguid_generate(0), luuid_generate(0, 0),
	'00000000-0000-7000-8000-000000000000'::uuid),
	(-2, '1', NULL, NULL, NULL, NULL, NULL, NULL, NULL)"
sql $publisher source -c "
	INSERT INTO by_iuid VALUES ('00000000-0000-8000-8000-000000000000', -1, NULL);
	INSERT INTO by_siq VALUES ('0', -1, NULL);
	-- Not NULL in the hash-indexed column: from 17 on, an apply worker matching a REPLICA IDENTITY FULL row looks
	-- it up through a hash index too, which cannot find NULL (with text columns alike), and skips the change.
	INSERT INTO by_everything VALUES ('0', '00000000-0000-8000-8000-000000000000', '0', NULL, -1),
	                                 ('2', NULL, NULL, NULL, -2);
	INSERT INTO rides VALUES ('00000000-0000-8000-8000-000000000000', -100000);
	CREATE PUBLICATION everything FOR ALL TABLES WITH (publish_via_partition_root = true);" >/dev/null
published=$(sql $publisher source -c "SELECT count(*) FROM pg_publication_tables WHERE pubname = 'everything'")
[ "$published" = 5 ] || fail "the publication has $published tables, not 5"

# --- the subscriber: the same tables in two databases, one subscription each, text and binary ---
for mode in text binary; do
	binary=false
	[ $mode = binary ] && binary=true
	sql $subscriber postgres -c "CREATE DATABASE ${mode}_copy" >/dev/null
	sql $subscriber ${mode}_copy -c "$schema" >/dev/null
	sql $subscriber ${mode}_copy -c "CREATE SUBSCRIPTION everything_$mode
		CONNECTION 'host=$IDENTITIES_WORK port=$publisher dbname=source user=postgres'
		PUBLICATION everything WITH (binary = $binary)" >/dev/null
	[ "$(sql $subscriber ${mode}_copy -c "SELECT subbinary FROM pg_subscription WHERE subname = 'everything_$mode'")" = \
		"$([ $mode = binary ] && echo t || echo f)" ] || fail "$mode subscription: binary is not $binary"
done

# wait_until DESCRIPTION SQL_CHECK_ON_THE_SUBSCRIBER: both databases answer t within 60 s
wait_until() {
	local mode deadline=$((SECONDS + 60))
	for mode in text binary; do
		until [ "$(sql $subscriber ${mode}_copy -c "$2")" = t ]; do
			[ $SECONDS -lt $deadline ] || fail "$mode subscription: $1 within 60 s; subscriber log: $(last_error)"
			sleep 0.2
		done
	done
}
wait_until "the initial sync did not finish" \
	"SELECT count(*) FILTER (WHERE srsubstate = 'r') = $published FROM pg_subscription_rel"
wait_until "the apply worker is not running" \
	"SELECT coalesce(bool_or(pid IS NOT NULL), false) FROM pg_stat_subscription WHERE relid IS NULL"

# --- streamed changes: new rows (the largest values too), UPDATEs of keys and of other columns, DELETEs ---
fill 2001 2500
insert_ids "VALUES (-3, '9999999999999999999999999999'::distributedid, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid,
	'ffffffff-ffff-8fff-bfff-ffffffffffff'::iuid, 'ffffffffffffffffffffffffffff'::siq, 9223372036854775807::bigint,
	hotguid_generate(4294967295), luuid_generate(4095, 281474976710655), 'ffffffff-ffff-7fff-bfff-ffffffffffff'::uuid)"
sql $publisher source -c "
	INSERT INTO by_iuid VALUES ('ffffffff-ffff-8fff-bfff-ffffffffffff', -3, 'largest');
	INSERT INTO by_siq VALUES ('ffffffffffffffffffffffffffff', -3, 'largest');
	INSERT INTO by_everything VALUES ('9999999999999999999999999999', 'ffffffff-ffff-8fff-bfff-ffffffffffff',
	                                  'ffffffffffffffffffffffffffff', 'ffffffff-ffff-ffff-ffff-ffffffffffff', -3);
	INSERT INTO rides VALUES ('ffffffff-ffff-8fff-bfff-ffffffffffff', -100003);
	UPDATE ids SET (id, public_distributedid) = (SELECT g, to_alphanumeric(public_id(g)) FROM distributedid_generate() AS g)
	WHERE n = 10;
	UPDATE ids SET (id, public_distributedid) = ('9999999999999999999999999998', to_alphanumeric(public_id(9999999999999999999999999998)))
	WHERE id = '1';
	UPDATE ids SET hotguid = NULL, siq = siq_generate('user'), iuid = NULL WHERE id = '0';
	DELETE FROM ids WHERE n IN (11, 2011);
	UPDATE by_iuid SET payload = 'updated' WHERE n = 20;
	UPDATE by_iuid SET id = iuid_generate(1, 1) WHERE n IN (21, 2021);
	DELETE FROM by_iuid WHERE n IN (22, 2022) OR id = '00000000-0000-8000-8000-000000000000';
	UPDATE by_siq SET payload = 'updated' WHERE n = 30;
	UPDATE by_siq SET id = siq_generate('tag') WHERE n IN (31, 2031);
	DELETE FROM by_siq WHERE n IN (32, 2032);
	UPDATE by_everything SET siq = siq_generate('tag'), distributedid = '1' WHERE n IN (40, 2040, -1);
	UPDATE by_everything SET n = 100000 WHERE n = -2;
	DELETE FROM by_everything WHERE n IN (41, 2041, -3);
	UPDATE rides SET id = iuid_generate(200, 2) WHERE n IN (50, 2050);  -- country 50 to 200: another partition
	UPDATE rides SET n = -n WHERE id = '00000000-0000-8000-8000-000000000000';
	DELETE FROM rides WHERE n IN (51, 2051, -100003);" >/dev/null

# digests DB PORT: for each table, its row count and the md5 of every row's text, ordered by its key
digests() {
	local table query=""
	for table in $tables; do
		query+="${query:+ UNION ALL }SELECT '$table', count(*), md5(coalesce(string_agg(t::text, E'\n' ORDER BY t.${keys[$table]}), ''))
			FROM $table AS t"
	done
	sql "$2" "$1" -F ' ' -c "$query"
}
# binary_digest DB PORT TABLE [COLUMNS]: md5 of the binary COPY of the table (the send form of every value)
binary_digest() {
	sql "$2" "$1" -c "COPY (SELECT ${4:-*} FROM $3 ORDER BY ${keys[$3]}) TO STDOUT (FORMAT binary)" | md5sum
}
# column_differences DB: the columns whose text or binary form differs from the publisher's, per table
column_differences() {
	local table column differing=""
	for table in $tables; do
		for column in $(sql $publisher source -c "SELECT attname FROM pg_attribute
				WHERE attrelid = '$table'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum"); do
			local digest="SELECT md5(string_agg(coalesce($column::text, 'NULL'), ',' ORDER BY ${keys[$table]})) FROM $table"
			[ "$(sql $publisher source -c "$digest")" = "$(sql $subscriber "$1" -c "$digest")" ] &&
				[ "$(binary_digest source $publisher "$table" "$column")" = "$(binary_digest "$1" $subscriber "$table" "$column")" ] ||
				differing+=" $table.$column"
		done
	done
	echo "${differing:- (none: rows differ in number or order)}"
}

expected=$(digests source $publisher)
grep -q '^ids 2501 ' <<<"$expected" || fail "the publisher's ids do not hold the 2501 rows expected: $expected"
for mode in text binary; do
	deadline=$((SECONDS + 60))
	until [ "$(digests ${mode}_copy $subscriber)" = "$expected" ]; do
		[ $SECONDS -lt $deadline ] ||
			fail "$mode subscription: the subscriber's data differs after 60 s in$(column_differences ${mode}_copy); subscriber log: $(last_error)"
		sleep 0.2
	done
	for table in $tables; do
		got=$(binary_digest ${mode}_copy $subscriber $table)
		want=$(binary_digest source $publisher $table)
		[ "$got" = "$want" ] || fail "$mode subscription: the binary form of $table differs in$(column_differences ${mode}_copy)"
	done
done

# nothing was refused on the way, not even once and then retried
errors=$({ new_log logical_publisher; new_log logical_subscriber; } | grep -E 'ERROR|FATAL|PANIC' || true)
[ -z "$errors" ] || fail "errors in the servers' logs: $(head -n 1 <<<"$errors")"

# --- the subscriber's indexes: every index of the publisher, valid, unique where declared, used by lookups ---
index_list="SELECT indexrelid::regclass || ' ' || indisvalid || ' ' || indisunique || ' ' || indisready
	FROM pg_index JOIN pg_class ON pg_class.oid = indexrelid
	WHERE relnamespace = 'public'::regnamespace ORDER BY 1"
indexes=$(sql $publisher source -c "$index_list")
[ "$(wc -l <<<"$indexes")" = 12 ] || fail "the publisher has too few indexes: $indexes"
amcheck=$(sql $subscriber postgres -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'amcheck'")
for mode in text binary; do
	db=${mode}_copy
	[ "$(sql $subscriber $db -c "$index_list")" = "$indexes" ] || fail "$mode subscription: the subscriber's indexes differ"
	if [ "$amcheck" = 1 ]; then
		sql $subscriber $db -c "CREATE EXTENSION amcheck" >/dev/null
		checked=$(sql $subscriber $db -c "SELECT count(bt_index_check(c.oid, true)) FROM pg_index i
			JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
			WHERE a.amname = 'btree' AND c.relkind = 'i' AND c.relnamespace = 'public'::regnamespace") ||
			fail "$mode subscription: amcheck finds a corrupt btree index on the subscriber"
		[ "$checked" = 10 ] || fail "$mode subscription: amcheck checked only $checked btree indexes"
	fi
	# a lookup through each index of a single column (on the tables that hold rows: partitions, not their
	# parent), with the largest value of that column: the same rows as on the publisher, through that index
	lookups=$(sql $subscriber $db -F ' ' -c "SELECT c.relname, t.relname, a.attname FROM pg_index i
		JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
		JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
		WHERE i.indnatts = 1 AND t.relkind = 'r' AND t.relnamespace = 'public'::regnamespace ORDER BY 1")
	[ "$(wc -l <<<"$lookups")" = 11 ] || fail "$mode subscription: too few indexes to look up through: $lookups"
	while read -r index table column; do
		value=$(sql $publisher source -c "SELECT $column FROM $table WHERE $column IS NOT NULL ORDER BY $column DESC LIMIT 1")
		[ -n "$value" ] || fail "no value of $table.$column to look up"
		lookup="SELECT string_agg(t::text, E'\n' ORDER BY t::text) FROM $table AS t WHERE $column = '$value'"
		found=$(sql $subscriber $db -c "SET enable_seqscan = off" -c "SET enable_bitmapscan = off" -c "$lookup")
		[ -n "$found" ] && [ "$found" = "$(sql $publisher source -c "$lookup")" ] ||
			fail "$mode subscription: a lookup of $table.$column = '$value' through $index found: $found"
		plan=$(sql $subscriber $db -c "SET enable_seqscan = off" -c "SET enable_bitmapscan = off" -c "EXPLAIN (COSTS OFF) $lookup")
		grep -qE "Index (Only )?Scan using $index on" <<<"$plan" ||
			fail "$mode subscription: a lookup of $table.$column does not use $index: $(tr '\n' ' ' <<<"$plan")"
	done <<<"$lookups"
	# uniqueness is enforced on the replicated data
	for duplicate in "INSERT INTO ids (id, n) VALUES ('9999999999999999999999999999', 0)" \
		"INSERT INTO by_iuid VALUES ('ffffffff-ffff-8fff-bfff-ffffffffffff', 0)" \
		"INSERT INTO by_siq VALUES ('ffffffffffffffffffffffffffff', 0)" \
		"INSERT INTO rides VALUES ('00000000-0000-8000-8000-000000000000', 0)" \
		"INSERT INTO ids (id, n, siq) VALUES ('5', 0, 'ffffffffffffffffffffffffffff')"; do
		output=$(sql $subscriber $db -c "$duplicate" 2>&1) &&
			fail "$mode subscription: a duplicate was accepted: $duplicate"
		grep -q 'duplicate key value violates unique constraint' <<<"$output" ||
			fail "$mode subscription: unexpected error from: $duplicate: $output"
	done
	# public ids made on the publisher decode on the subscriber (the same key)
	wrong=$(sql $subscriber $db -c "SELECT count(*) FILTER (WHERE public_id_to_distributedid(alphanumeric_to_uuid(public_distributedid)) IS DISTINCT FROM id
		OR (public_id_to_uuid(public_uuid) IS DISTINCT FROM distributedid128 AND public_uuid IS NOT NULL)
		OR public_id_to_bigint(hexadecimal_to_uuid(public_bigint)) IS DISTINCT FROM snowflake) FROM ids
		WHERE public_distributedid IS NOT NULL")
	[ "$wrong" = 0 ] || fail "$mode subscription: $wrong public ids do not decode on the subscriber"
done
