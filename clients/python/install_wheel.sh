#!/usr/bin/env bash
# Builds the identities-psycopg wheel offline with Debian's setuptools and installs it into a new venv that sees
# Debian's own packages (psycopg, SQLAlchemy, Django: PEP 668 keeps pip out of the system's Python):
#
#   clients/python/install_wheel.sh VENV [EXTRAS]      EXTRAS: sqlalchemy, django or sqlalchemy,django
#
# The install goes through pip's resolver without an index, so the wheel's requirements (and the extras') must be
# met by what Debian installed. The build runs on a copy: setuptools leaves build/ and *.egg-info in its source.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
venv=$1 extras=${2:-}
install_dependencies python3-psycopg python3-pip python3-setuptools python3-venv python3-wheel >&2

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/source"
cp -r "$IDENTITIES_ROOT/clients/python/"{pyproject.toml,README.md,identities_psycopg} "$work/source/"
rm -rf "$venv"
/usr/bin/python3 -m venv --system-site-packages --without-pip "$venv"
"$venv/bin/python" -m pip wheel --quiet --no-deps --no-build-isolation --no-index --no-cache-dir \
	--wheel-dir "$work/dist" "$work/source"
wheel=$(echo "$work"/dist/identities_psycopg-*.whl)
"$venv/bin/python" -m pip install --quiet --no-index --no-cache-dir "$wheel${extras:+[$extras]}"
echo "# installed $(basename "$wheel")${extras:+ [$extras]} into $venv"
