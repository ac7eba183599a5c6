# The portable edition (portable/) gives the native edition's values: both installed in one database (native in
# the schema native, portable in the schema portable, installed by its plain script as a role that is no
# superuser), every file of portable/test/sameness/ compares them, on the known answers of test/vectors/*.tsv, on edge
# inputs (results and SQLSTATEs) and on random inputs, under one public id key: IDENTITIES_PORTABLE_SAMPLES of them
# per function (psql's :samples in the files; 100 000 unless set: test/run --all draws 10 000 on the chroots' majors,
# the host's draws 100 000).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/include/helpers.sh"
port=$PRELOADED_PORT
database=portable_sameness
key=$(head -c 32 /dev/urandom | base64)

cleanup() {
	psql_on $port -d postgres -c "DROP DATABASE IF EXISTS $database" >/dev/null || true
	psql_on $port -d postgres -c "DROP ROLE IF EXISTS portable_sameness_owner" >/dev/null || true
}
trap cleanup EXIT
cleanup
psql_on $port -d postgres >/dev/null <<SQL
CREATE ROLE portable_sameness_owner LOGIN NOSUPERUSER;
CREATE DATABASE $database;
GRANT CREATE ON DATABASE $database TO portable_sameness_owner;
SQL

build=$IDENTITIES_WORK/portable_sameness_build
as_postgres mkdir -p "$build"
portable=$(portable_edition --schema portable)
# (copied through tee: the postgres user may not read this clone, e.g. under /root in a chroot)
for file in "$portable/identities_portable.sql" "$IDENTITIES_ROOT/portable/test/sameness.sql" \
	"$IDENTITIES_ROOT/test/sql/include/vector_rows.sql"; do
	as_postgres tee "$build/$(basename "$file")" <"$file" >/dev/null
done
sql >/dev/null <<SQL
CREATE SCHEMA native;
CREATE EXTENSION identities SCHEMA native;
SQL
# The portable edition as a managed service's user installs it: no superuser (pgcrypto is a trusted extension).
sql -U portable_sameness_owner -f "$build/identities_portable.sql" >/dev/null
echo "SELECT portable.identities_public_key_set(:'key');" | sql -U portable_sameness_owner -v key="$key" >/dev/null
sql -v vector_rows_sql="$build/vector_rows.sql" -f "$build/sameness.sql" >/dev/null
# The known answers of test/vectors, which the checks compare both editions with (read here: psql passes each file's
# text to sameness.vector_rows)
for vectors in "$IDENTITIES_ROOT"/test/vectors/*.tsv; do
	echo "INSERT INTO sameness.vectors SELECT :'name', * FROM sameness.vector_rows(:'content');" |
		sql -v ON_ERROR_STOP=1 -v name="$(basename "$vectors" .tsv)" -v content="$(cat "$vectors")" >/dev/null
done

samples=${IDENTITIES_PORTABLE_SAMPLES:-100000}
[[ $samples =~ ^[1-9][0-9]*$ ]] || { echo "IDENTITIES_PORTABLE_SAMPLES must be a positive number"; exit 1; }
status=0
for check in "$IDENTITIES_ROOT"/portable/test/sameness/*.sql; do
	started=$SECONDS
	echo "-- $(basename "$check")"
	as_postgres tee "$build/check.sql" <"$check" >/dev/null
	sql -At -v samples="$samples" -c "SET identities.public_key = '$key'" -c "SET search_path = pg_catalog" \
		-f "$build/check.sql" || status=1
	echo "-- $(basename "$check"): $((SECONDS - started)) s, $samples random inputs per function"
done
exit $status
