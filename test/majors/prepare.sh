# Inside a chroot (test/majors/run): identities built and installed for the chroot's major, and first for
# IDENTITIES_ALSO_MAJOR when set (another major the same release packages: 18 beside 19 in sid, for pg_upgrade),
# with libfaketime (clocks set back), and pg_tle for both where PG_TLE_SOURCE is set (the portable edition's
# databases of pg_upgrade.sh). IDENTITIES_SKIP_BUILD=yes keeps what a suite installed for the chroot's major.
# Says "prepared" when done.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
source "$IDENTITIES_ROOT/scripts/pg_tle.sh"
pg_tle() { # pg_tle for the major in use: built, already there, or not available (pg_upgrade.sh then goes without)
	local status=0
	ensure_pg_tle || status=$?
	[ "$status" != 1 ]
}
cd "$IDENTITIES_ROOT"
if [ -n "${IDENTITIES_ALSO_MAJOR:-}" ]; then
	use_major "$IDENTITIES_ALSO_MAJOR"
	install_dependencies
	build_and_install
	make -s PG_CONFIG="$PG_CONFIG" clean >/dev/null
	pg_tle
fi
use_major "$IDENTITIES_PG_MAJOR"
install_dependencies libfaketime
if [ "${IDENTITIES_SKIP_BUILD:-no}" != yes ] || [ ! -f "$("$PG_CONFIG" --pkglibdir)/identities.so" ]; then
	build_and_install
fi
pg_tle
echo prepared
