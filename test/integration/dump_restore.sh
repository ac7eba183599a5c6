# pg_dump and restore of a database using every type and every operator class of the extension: tables with
# every format and generated value (edge values and NULLs included), column defaults calling the generators,
# generated columns and CHECKs calling its functions, primary keys, RANGE partitions under the default and the
# routing opclasses, HASH and LIST partitions keyed by our types, and one index per opclass of the extension,
# generated from the catalog (so a new opclass is covered, and one without an index fails the test). Restored
# three ways: the custom format through a parallel pg_restore, the plain format through psql, and the schema
# alone filled by a binary COPY of every table (the types' send and receive functions). Each copy holds the same
# rows (every column's text), the same tables, columns, defaults, constraints, partition bounds and index
# definitions; its indexes are valid (amcheck's bt_index_check, when amcheck is installed) and, forced, find the
# same rows as a sequential scan of the original.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
port=$PRELOADED_PORT
dump=$IDENTITIES_WORK/identities.dump
copies="restored_custom restored_plain copied_binary"

databases() { psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $*" >/dev/null; }
cleanup() { for db in dumped $copies; do databases "$db" || true; done; }
trap cleanup EXIT
for db in dumped $copies; do
	databases "$db"
	psql_on $port -d postgres -c "CREATE DATABASE $db" >/dev/null
done

sql dumped -v ON_ERROR_STOP=1 >/dev/null <"$(dirname "${BASH_SOURCE[0]}")/include/everything.sql"
opclasses="FROM pg_opclass AS opc JOIN pg_am AS am ON am.oid = opc.opcmethod
	JOIN pg_depend AS d ON d.classid = 'pg_opclass'::regclass AND d.objid = opc.oid AND d.deptype = 'e'
	JOIN pg_extension AS e ON e.oid = d.refobjid AND e.extname = 'identities'"
column_of="(SELECT attname FROM pg_attribute WHERE attrelid = 'everything'::regclass AND atttypid = opc.opcintype
	AND attnum > 0 AND NOT attisdropped ORDER BY attnum LIMIT 1)"
[ "$(sql dumped -c "SELECT count(*) $opclasses")" -ge 14 ] || fail "fewer than 14 opclasses in the extension"
missing=$(sql dumped -c "SELECT string_agg(opc.opcname || ' (' || am.amname || ', ' || format_type(opc.opcintype, NULL) || ')', ', ')
	$opclasses WHERE $column_of IS NULL")
[ -z "$missing" ] || fail "no column of everything has the type of: $missing"
# every opclass of the extension is used by an index of the database
unused="SELECT coalesce(string_agg(opc.opcname || ' (' || am.amname || ')', ', '), '') $opclasses
	WHERE NOT EXISTS (SELECT FROM pg_index AS i WHERE opc.oid = ANY (i.indclass::oid[]))"
unused_here=$(sql dumped -c "$unused")
[ -z "$unused_here" ] || fail "opclasses without an index: $unused_here"

# --- the three copies ---
as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U postgres -Fc -f "$dump" dumped
output=$(as_postgres "$PG_BIN/pg_restore" -h "$IDENTITIES_WORK" -p $port -U postgres --exit-on-error --jobs 2 \
	-d restored_custom "$dump" 2>&1) || fail "pg_restore of the custom format failed: $(head -n 1 <<<"$output")"
output=$(as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U postgres -Fp dumped |
	psql_on $port -d restored_plain -X -v ON_ERROR_STOP=1 2>&1 >/dev/null) ||
	fail "psql of the plain format failed: $(head -n 1 <<<"$output")"
output=$(as_postgres "$PG_BIN/pg_dump" -h "$IDENTITIES_WORK" -p $port -U postgres -Fp --schema-only dumped |
	psql_on $port -d copied_binary -X -v ON_ERROR_STOP=1 2>&1 >/dev/null) ||
	fail "psql of the plain format (schema only) failed: $(head -n 1 <<<"$output")"
for table in $(sql dumped -c "SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'"); do
	sql dumped -c "COPY $table TO STDOUT (FORMAT binary)" | sql copied_binary -c "COPY $table FROM STDIN (FORMAT binary)" ||
		fail "the binary COPY of $table failed"
done

# --- what must be the same: rows, tables, columns, defaults, constraints, partitions, indexes, sequences ---
# The digests are generated from the catalog: every table (partitioned parents too) by its rows' text.
data_digests="SELECT format('SELECT %L || '' '' || count(*) || '' '' || md5(coalesce(string_agg(t::text, E''\n'' ORDER BY t::text), '''')) FROM %I AS t', relname, relname)
	FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') ORDER BY relname
	\\gexec"
declare -A schema=(
	[columns]="SELECT attrelid::regclass || '.' || attname || ' ' || format_type(atttypid, atttypmod) || ' ' || attnotnull
		|| ' ' || attgenerated::text FROM pg_attribute JOIN pg_class ON pg_class.oid = attrelid
		WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') AND attnum > 0 AND NOT attisdropped ORDER BY 1"
	[defaults]="SELECT adrelid::regclass || '.' || attname || ' ' || pg_get_expr(adbin, adrelid) FROM pg_attrdef
		JOIN pg_attribute ON attrelid = adrelid AND attnum = adnum JOIN pg_class ON pg_class.oid = adrelid
		WHERE relnamespace = 'public'::regnamespace ORDER BY 1"
	[constraints]="SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
		WHERE connamespace = 'public'::regnamespace ORDER BY 1"
	[partitions]="SELECT oid::regclass || ' ' || coalesce(pg_get_partkeydef(oid), '') || ' ' || coalesce(pg_get_expr(relpartbound, oid), '')
		FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p') ORDER BY 1"
	[indexes]="SELECT indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1"
	[sequences]="SELECT last_value || ' ' || is_called FROM everything_luuid"
)
expected_data=$(sql dumped <<<"$data_digests")
[ "$(wc -l <<<"$expected_data")" -ge 45 ] || fail "too few tables: $expected_data"
grep -q '^everything 3003 ' <<<"$expected_data" || fail "everything does not hold 3003 rows: $expected_data"
for db in $copies; do
	data=$(sql $db <<<"$data_digests")
	[ "$data" = "$expected_data" ] ||
		fail "$db: the rows differ in: $(diff <(echo "$data") <(echo "$expected_data") | grep '^>' | cut -d ' ' -f 2 | tr '\n' ' ')"
	for part in columns defaults constraints partitions indexes sequences; do
		[ $db = copied_binary ] && [ $part = sequences ] && continue  # a schema-only dump does not set sequences
		got=$(sql $db -c "${schema[$part]}")
		want=$(sql dumped -c "${schema[$part]}")
		[ -n "$want" ] && [ "$got" = "$want" ] ||
			fail "$db: the $part differ: $(diff <(echo "$got") <(echo "$want") | grep '^[<>]' | head -n 2 | tr '\n' ' ')"
	done
	unused_here=$(sql $db -c "$unused")
	[ -z "$unused_here" ] || fail "$db: opclasses without an index: $unused_here"
	invalid=$(sql $db -c "SELECT string_agg(indexrelid::regclass::text, ', ') FROM pg_index WHERE NOT (indisvalid AND indisready AND indislive)")
	[ -z "$invalid" ] || fail "$db: invalid indexes: $invalid"
done

# --- the indexes work: amcheck on every btree index, and each index (of a column), forced, finds the same rows ---
amcheck=$(sql postgres -c "SELECT count(*) FROM pg_available_extensions WHERE name = 'amcheck'")
if [ "$amcheck" = 1 ]; then
	for db in $copies; do
		sql $db -c "CREATE EXTENSION amcheck" >/dev/null
		checked=$(sql $db -c "SELECT count(bt_index_check(c.oid, true)) FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid
			JOIN pg_am AS am ON am.oid = c.relam WHERE am.amname = 'btree' AND c.relkind = 'i'
			AND c.relnamespace = 'public'::regnamespace" 2>&1) || fail "$db: amcheck: $(grep -m 1 ERROR <<<"$checked")"
		[ "$checked" -ge 40 ] || fail "$db: amcheck checked only $checked btree indexes"
	done
fi
# through_indexes(): for each index whose first key is a column (of a table holding rows, not a partitioned
# parent), the rows where that column is >= its median (= for hash indexes), with the opclass's own operator,
# and whether the plan used that index ('this'), another ('other') or none
through_indexes=$(cat <<'SQL'
CREATE FUNCTION pg_temp.through_indexes() RETURNS TABLE (index_name name, uses text, result text) LANGUAGE plpgsql AS $f$
DECLARE
	ix record;
	value text;
	query text;
	plan text;
	line text;
BEGIN
	FOR ix IN
		SELECT c.relname AS index, t.relname AS tab, a.attname AS col, format_type(a.atttypid, NULL) AS type,
		       (SELECT format('OPERATOR(%I.%s)', n.nspname, o.oprname) FROM pg_amop AS p
		        JOIN pg_operator AS o ON o.oid = p.amopopr JOIN pg_namespace AS n ON n.oid = o.oprnamespace
		        WHERE p.amopfamily = opc.opcfamily AND p.amoplefttype = opc.opcintype AND p.amoprighttype = opc.opcintype
		          AND p.amopstrategy = CASE am.amname WHEN 'hash' THEN 1 ELSE 4 END) AS operator
		FROM pg_index AS i JOIN pg_class AS c ON c.oid = i.indexrelid JOIN pg_class AS t ON t.oid = i.indrelid
		JOIN pg_am AS am ON am.oid = c.relam JOIN pg_opclass AS opc ON opc.oid = i.indclass[0]
		JOIN pg_attribute AS a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
		WHERE t.relkind = 'r' AND t.relnamespace = 'public'::regnamespace AND i.indpred IS NULL ORDER BY 1
	LOOP
		EXECUTE format('SELECT %1$I::text FROM %2$I WHERE %1$I IS NOT NULL ORDER BY %1$I
		                LIMIT 1 OFFSET (SELECT count(%1$I) / 2 FROM %2$I)', ix.col, ix.tab) INTO value;
		index_name := ix.index;
		uses := 'empty';
		result := NULL;
		IF value IS NOT NULL THEN
			query := format('SELECT count(*) || '' '' || md5(string_agg(t::text, E''\n'' ORDER BY t::text))
			                 FROM %I AS t WHERE %I %s %L::%s', ix.tab, ix.col, ix.operator, value, ix.type);
			plan := '';
			FOR line IN EXECUTE 'EXPLAIN (COSTS OFF) ' || query LOOP
				plan := plan || line || E' \n';
			END LOOP;
			uses := CASE WHEN plan ~ ('(using|on) ' || ix.index || ' ') THEN 'this'
			             WHEN plan ~ 'Index' THEN 'other' ELSE 'none' END;
			EXECUTE query INTO result;
		END IF;
		RETURN NEXT;
	END LOOP;
END
$f$;
SQL
)
indexed="SELECT index_name || ' ' || uses || ' ' || coalesce(result, '') FROM pg_temp.through_indexes()"
expected=$(sql dumped -c "SET enable_indexscan = off" -c "SET enable_indexonlyscan = off" -c "SET enable_bitmapscan = off" \
	-c "$through_indexes" -c "$indexed" | cut -d ' ' -f 1,3-)
[ "$(wc -l <<<"$expected")" -ge 45 ] || fail "too few indexes to look through: $expected"
for db in dumped $copies; do
	through=$(sql $db -c "SET enable_seqscan = off" -c "$through_indexes" -c "$indexed")
	bad=$(grep -E '^[^ ]+ (none|empty)' <<<"$through" || true)
	[ -z "$bad" ] || fail "$db: indexes not used or on an empty table: $(tr '\n' ' ' <<<"$bad")"
	bad=$(grep -E '^opclass_' <<<"$through" | grep -v '^[^ ]* this ' || true)
	[ -z "$bad" ] || fail "$db: an opclass's query does not use its index: $(tr '\n' ' ' <<<"$bad")"
	[ "$(cut -d ' ' -f 1,3- <<<"$through")" = "$expected" ] ||
		fail "$db: indexes find other rows than a sequential scan: $(diff <(cut -d ' ' -f 1,3- <<<"$through") <(echo "$expected") | grep '^<' | cut -d ' ' -f 2 | tr '\n' ' ')"
done
