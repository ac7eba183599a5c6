#!/usr/bin/env bash
# Django 5.2 with identities_psycopg.django, inside the Debian forky chroot against its PostgreSQL 18
# (test/clients/run --pg 18 django; libpq's PG* variables name the server): Debian's python3-django and
# python3-psycopg (3.3), the identities-psycopg wheel built and installed into a throwaway venv, then mypy on the
# Django layer and the README's Django programs (with Debian's django-stubs), and tests/test_django.py. Prints
# "ok - NAME" / "not ok - NAME" per check.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../../scripts/common.sh"
install_dependencies python3-django python3-django-stubs mypy ||
	{ echo "skipped: Debian's Django, its stubs and mypy could not be installed"; exit 77; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work  # the tests' scratch projects too
# A venv made anew each run, at the same place: mypy's cache (tests/typing_check.py) holds for one python path.
venv=/var/cache/identities-client-builds/python/venv
bash "$here/install_wheel.sh" "$venv" django || exit 1
python=$venv/bin/python
status=0
"$python" "$here/tests/typing_check.py" django || status=1
"$python" "$here/tests/test_django.py" || status=1
exit $status
