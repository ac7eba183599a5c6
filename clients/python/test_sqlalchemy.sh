#!/usr/bin/env bash
# SQLAlchemy 2.0 and Alembic with identities_psycopg.sqlalchemy, inside the Debian forky chroot against its
# PostgreSQL 18 (test/clients/run --pg 18 sqlalchemy; libpq's PG* variables name the server): Debian's
# python3-sqlalchemy, python3-alembic and python3-psycopg (3.3), the identities-psycopg wheel built and installed
# into a throwaway venv, then the adapter's own round trips on this psycopg, mypy on the README's programs (the
# package is typed), and tests/test_sqlalchemy.py. Prints "ok - NAME" / "not ok - NAME" per check.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../../scripts/common.sh"
install_dependencies python3-sqlalchemy python3-alembic python3-greenlet mypy ||
	{ echo "skipped: Debian's SQLAlchemy, Alembic and mypy could not be installed"; exit 77; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work  # the tests' scratch projects too
# A venv made anew each run, at the same place: mypy's cache (tests/typing_check.py) holds for one python path.
venv=/var/cache/identities-client-builds/python/venv
bash "$here/install_wheel.sh" "$venv" sqlalchemy || exit 1
python=$venv/bin/python
status=0
"$python" "$here/tests/test_identities_psycopg.py" | sed -E 's/^(not )?ok - /&psycopg 3.3: /' || status=1
"$python" "$here/tests/typing_check.py" sqlalchemy || status=1
"$python" "$here/tests/test_sqlalchemy.py" || status=1
exit $status
