# Every function of the native edition has a twin in the portable edition (the same name and argument types, the
# types of either edition standing for each other) unless portable/native-only.tsv names it and says why: both
# editions installed in one database, their functions compared in the catalog. Fails on a native function without a
# twin that no line names, on a line that names none (stale), on a line that names a function the portable edition
# has, and when doc/portable.md's table is not what portable/native-only-table makes of the list.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
host_major_only # the catalogs compared are made by the same scripts on every major
port=$PRELOADED_PORT
database=portable_twins
list=$IDENTITIES_ROOT/portable/native-only.tsv
failed=0
not_ok() { echo "FAILED: $*"; failed=$((failed + 1)); }
cleanup() { psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true; }
trap cleanup EXIT
cleanup
psql_on $port -d postgres -c "CREATE DATABASE $database" >/dev/null
build=$(mktemp -d)
bash "$IDENTITIES_ROOT/portable/build" --out "$build" --schema portable >/dev/null
chmod -R a+rX "$build"
psql_on $port -d $database -c 'CREATE SCHEMA native' -c 'CREATE EXTENSION identities SCHEMA native' >/dev/null
psql_on $port -d $database -f "$build/identities_portable.sql" >/dev/null
rm -rf "$build"

# name(identity arguments) of each edition's functions, the schema names taken out of the types
signatures() { # signatures SCHEMA
	psql_on $port -d $database -At -c "SET search_path = pg_catalog" -c "
		SELECT p.proname || '(' || replace(replace(pg_get_function_identity_arguments(p.oid), 'native.', ''),
			'portable.', '') || ')'
		FROM pg_proc p WHERE p.pronamespace = '$1'::regnamespace ORDER BY 1"
}
native=$(signatures native)
portable=$(signatures portable)
native_only=$(comm -23 <(sort -u <<<"$native") <(sort -u <<<"$portable"))
patterns=$(grep -v '^#' "$list" | cut -f 1)

unlisted=$(grep -v -E -f <(printf '%s\n' "$patterns") <<<"$native_only" || true)
[ -z "$unlisted" ] || not_ok "native functions without a portable twin that portable/native-only.tsv does not name: $(paste -sd ' ' <<<"$unlisted")"
while IFS= read -r pattern; do
	grep -E -- "$pattern" <<<"$native_only" >/dev/null || not_ok "portable/native-only.tsv names no native-only function: $pattern"
	twinned=$(grep -E -- "$pattern" <<<"$portable" || true)
	[ -z "$twinned" ] || not_ok "portable/native-only.tsv names functions the portable edition has: $(paste -sd ' ' <<<"$twinned")"
done <<<"$patterns"

# Twins are declared alike: the same argument names and defaults, the same result type; and labelled alike: the
# native label, unless portable/own-labels.tsv names the function (portable/build fails on a label it does not name)
declarations() { # declarations SCHEMA: name(identity arguments), name(argument types), the arguments as declared, the result, the label (between unit separators: a field may be empty)
	psql_on $port -d $database -At -F $'\x1f' -c "SET search_path = pg_catalog" -c "
		SELECT replace(replace(p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')', 'native.', ''), 'portable.', ''),
			replace(replace(replace(p.oid::regprocedure::text, 'native.', ''), 'portable.', ''), ' ', ''),
			replace(replace(pg_get_function_arguments(p.oid), 'native.', ''), 'portable.', ''),
			replace(replace(pg_get_function_result(p.oid), 'native.', ''), 'portable.', ''),
			coalesce(obj_description(p.oid, 'pg_proc'), '(none)')
		FROM pg_proc p WHERE p.pronamespace = '$1'::regnamespace ORDER BY 1"
}
own_labels=$(grep -v '^#' "$IDENTITIES_ROOT/portable/own-labels.tsv" | cut -f 1)
compared=0
while IFS=$'\x1f' read -r signature key native_arguments native_result native_label _ portable_arguments portable_result portable_label; do
	compared=$((compared + 1))
	[ "$native_arguments" = "$portable_arguments" ] ||
		not_ok "$signature: declared with ($native_arguments) in sql/, ($portable_arguments) in portable/sql"
	[ "$native_result" = "$portable_result" ] ||
		not_ok "$signature: returns $native_result in sql/, $portable_result in portable/sql"
	[ "$portable_label" != '(none)' ] || not_ok "$signature: no label in the portable edition"
	if grep -Fx -- "$key" <<<"$own_labels" >/dev/null; then # name(argument types), as the list writes them
		[ "$native_label" != "$portable_label" ] || not_ok "$signature: portable/own-labels.tsv names it, but its label is the native one"
	else
		[ "$native_label" = "$portable_label" ] || not_ok "$signature: labelled \"$portable_label\" in the portable edition, \"$native_label\" in the native one"
	fi
done < <(join -t $'\x1f' <(declarations native | sort -t $'\x1f' -k 1,1) <(declarations portable | sort -t $'\x1f' -k 1,1))

# doc/portable.md's tables are the lists'
shown=$(sed -n '/^<!-- own-labels begin/,/^<!-- own-labels end/p' "$IDENTITIES_ROOT/doc/portable.md" | sed '1d;$d')
[ "$shown" = "$(bash "$IDENTITIES_ROOT/portable/own-labels-table")" ] ||
	not_ok "doc/portable.md's table of labels of the portable edition's own is not portable/own-labels-table's output"
shown=$(sed -n '/^<!-- native-only begin/,/^<!-- native-only end/p' "$IDENTITIES_ROOT/doc/portable.md" | sed '1d;$d')
[ "$shown" = "$(bash "$IDENTITIES_ROOT/portable/native-only-table")" ] ||
	not_ok "doc/portable.md's table of native-only functions is not portable/native-only-table's output"

twins=$(comm -12 <(sort -u <<<"$native") <(sort -u <<<"$portable") | wc -l)
echo "twins' declarations and labels compared: $compared"
echo "native functions: $(wc -l <<<"$native"), with a portable twin: $twins, native-only: $(wc -l <<<"$native_only") under $(wc -l <<<"$patterns") lines of portable/native-only.tsv"
[ "$failed" -eq 0 ]
