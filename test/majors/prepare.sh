# Inside a chroot (test/majors/run): identities built and installed for the chroot's major, and first for
# IDENTITIES_ALSO_MAJOR when set (another major the same release packages: 18 beside 19 in sid, for pg_upgrade),
# with libfaketime (clocks set back). IDENTITIES_SKIP_BUILD=yes keeps what a suite installed for the chroot's major.
# Says "prepared" when done.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
cd "$IDENTITIES_ROOT"
if [ -n "${IDENTITIES_ALSO_MAJOR:-}" ]; then
	use_major "$IDENTITIES_ALSO_MAJOR"
	install_dependencies
	build_and_install
	make -s PG_CONFIG="$PG_CONFIG" clean >/dev/null
fi
use_major "$IDENTITIES_PG_MAJOR"
install_dependencies libfaketime
if [ "${IDENTITIES_SKIP_BUILD:-no}" != yes ] || [ ! -f "$("$PG_CONFIG" --pkglibdir)/identities.so" ]; then
	build_and_install
fi
echo prepared
