#!/usr/bin/env bash
# An ORM layer of identities-psycopg, inside the Debian forky chroot against its PostgreSQL 18 (test/clients/run
# --pg 18 sqlalchemy|django; libpq's PG* variables name the server):
#
#   clients/python/test_orm.sh sqlalchemy   SQLAlchemy 2.0 and Alembic (python3-sqlalchemy, python3-alembic), with the
#                                           adapter's own round trips on forky's psycopg (3.3)
#   clients/python/test_orm.sh django       Django 5.2 (python3-django, with Debian's django-stubs for mypy)
#
# Installs Debian's packages when missing, builds and installs the identities-psycopg wheel with that extra into a
# throwaway venv, runs mypy on the layer and the README's programs (tests/typing_check.py) and tests/test_NAME.py.
# Prints "ok - NAME" / "not ok - NAME" per check.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../../scripts/common.sh"
orm=${1:-}
case $orm in
sqlalchemy) packages=(python3-sqlalchemy python3-alembic python3-greenlet mypy) ;;
django) packages=(python3-django python3-django-stubs mypy) ;;
*) echo "usage: clients/python/test_orm.sh sqlalchemy|django" >&2; exit 2 ;;
esac
install_dependencies "${packages[@]}" || { echo "skipped: Debian's ${packages[*]} could not be installed"; exit 77; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work  # the tests' scratch projects too
# A venv made anew each run, at the same place: mypy's cache (tests/typing_check.py) holds for one python path.
venv=/var/cache/identities-client-builds/python/venv
bash "$here/install_wheel.sh" "$venv" "$orm" || exit 1
python=$venv/bin/python
status=0
if [ "$orm" = sqlalchemy ]; then # once in forky: the adapter on psycopg 3.3 (the host has 3.1)
	"$python" "$here/tests/test_identities_psycopg.py" | sed -E 's/^(not )?ok - /&psycopg 3.3: /' || status=1
fi
"$python" "$here/tests/typing_check.py" "$orm" || status=1
"$python" "$here/tests/test_$orm.py" || status=1
exit $status
