# The helpers the integration tests share (test/suite runs each test/integration/*.sh with IDENTITIES_WORK,
# PRELOADED_PORT and PLAIN_PORT set). A test sources this file instead of scripts/common.sh, which it brings:
#   source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
# What a test sets before it calls them:
#   port          the server sql and value talk to when no port is named
#   database      the database they use when none is named (postgres when unset)
#   fail_prefix   what fail writes before its message (a test's name and ": ", empty by default)
#   fail_counts   yes: fail counts the failure in $failures and returns, for a test that reports every failed
#                 check at its end; otherwise fail ends the test (exit 1)
source "$(dirname "${BASH_SOURCE[0]}")/../../../scripts/common.sh"

failures=0

# fail MESSAGE...: a failed check, said on one line.
fail() {
	echo "${fail_prefix:-}$*"
	[ "${fail_counts:-no}" = yes ] || exit 1
	failures=$((failures + 1))
}

# sql_on PORT DATABASE [psql options...]: psql as postgres, unaligned and tuples only (psql_on: -X, ON_ERROR_STOP).
sql_on() { psql_on "$1" -d "$2" -At "${@:3}"; }

# sql [PORT] [DATABASE] [psql options...]: sql_on with PORT (a number) $port and DATABASE (a first word that is not
# an option) $database, else postgres, when they are left out: sql -c 'SELECT 1', sql shop -c ..., sql 55534 -c ...
sql() {
	local on_port=${port:-} on_database=${database:-postgres}
	if [[ ${1:-} =~ ^[0-9]+$ ]]; then
		on_port=$1
		shift
	fi
	if [ $# -gt 0 ] && [[ $1 != -* ]]; then
		on_database=$1
		shift
	fi
	sql_on "$on_port" "$on_database" "$@"
}

# value [PORT] [DATABASE] QUERY: what QUERY returns, unaligned and tuples only, through sql (or a test's own sql,
# whose first words name its server: value NODE QUERY).
value() {
	local query=${*: -1}
	sql "${@:1:$#-1}" -At -c "$query"
}

# ok DESCRIPTION / not_ok DESCRIPTION: a check that passed, or failed, counted in $passed and $failed (the tests that
# end with "N passed, N failed"); not_ok writes $not_ok_prefix ("not ok - " by default) before the description.
passed=0
failed=0
ok() { echo "ok - $*"; passed=$((passed + 1)); }
not_ok() { echo "${not_ok_prefix-not ok - }$*"; failed=$((failed + 1)); }

# servers_stopped_on_exit [PATH...]: when the test ends, however it ends, the servers it started (start_server) are
# stopped and the PATHs (their data directories, scratch files) removed; their logs stay for test/suite's crash check.
servers_stopped_on_exit() {
	STARTED_SERVERS=()
	removed_on_exit=("$@")
	trap 'stop_servers; rm -rf "${removed_on_exit[@]}"' EXIT
}

# portable_edition [--schema NAME] [--root TREE]: the directory of the portable edition's built forms (portable/build
# --out: the extension script, the plain script in the schema NAME, public by default, the pg_tle form and the
# updates), built from TREE (this tree by default) and readable by the postgres user. A suite run builds each once,
# in $IDENTITIES_WORK/portable-build, named by a digest of what the build reads (portable/, sql/ and the tree's
# lists, formats.tsv) and NAME: a later test reuses it while they are unchanged. The files are shared: a
# test copies what it wants to change.
portable_edition() {
	local schema=public root=$IDENTITIES_ROOT
	while [ $# -gt 0 ]; do
		case $1 in
		--schema) schema=$2; shift 2 ;;
		--root) root=$2; shift 2 ;;
		*) echo "usage: portable_edition [--schema NAME] [--root TREE]" >&2; return 2 ;;
		esac
	done
	local key
	# everything portable/build reads: its sources, the native SQL, the lists and the catalog of errors
	key=$(cd "$root" && { find portable sql src/core/messages.def src/core/error.hpp -type f -print0
		find . -maxdepth 1 -name '*.tsv' -print0; } | sort -z |
		xargs -0 sha256sum | { cat; echo "$schema"; } | sha256sum)
	local built=$IDENTITIES_WORK/portable-build/${key:0:24}
	if [ ! -d "$built" ]; then
		rm -rf "$built.tmp"
		mkdir -p "$IDENTITIES_WORK/portable-build"
		bash "$root/portable/build" --out "$built.tmp" --schema "$schema" >/dev/null || return 1
		chmod -R a+rX "$IDENTITIES_WORK/portable-build"
		mv "$built.tmp" "$built"
	fi
	echo "$built"
}

# need_citus: Citus built and installed for this major (ensure_citus, scripts/citus.sh: the test sources it), or the
# test skipped (exit 77) where it cannot be had.
need_citus() {
	local status=0
	ensure_citus || status=$?
	if [ "$status" = 2 ]; then
		echo "skipped: $CITUS_SKIP_REASON"
		exit 77
	fi
	[ "$status" = 0 ] || { echo "${fail_prefix:-}Citus could not be built or installed for PostgreSQL $PG_MAJOR"; exit 1; }
}

# work_dir_for_postgres: $IDENTITIES_WORK writable by the postgres user; made here (own_work=yes, for the test's
# cleanup to remove) when the test runs alone, outside test/suite.
work_dir_for_postgres() {
	own_work=no
	if [ -z "${IDENTITIES_WORK:-}" ]; then
		make_work_dir
		own_work=yes
	elif ! as_postgres test -w "$IDENTITIES_WORK"; then
		chown postgres: "$IDENTITIES_WORK" && chmod 755 "$IDENTITIES_WORK"
	fi
}

# pg_tle_where_available: tle=yes with pg_tle built and installed for this major (ensure_pg_tle, scripts/pg_tle.sh:
# the test sources it), tle=no where it cannot be had (the test runs its other forms); a failed build fails the test.
pg_tle_where_available() {
	local status=0
	ensure_pg_tle || status=$?
	case $status in
	0) tle=yes ;;
	2) tle=no ;;
	*) echo "FAILED: pg_tle could not be built or installed"; exit 1 ;;
	esac
}
