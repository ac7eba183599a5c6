#!/usr/bin/env bash
# identities-pg/postgraphile in a PostGraphile 5 API, tested through its HTTP endpoint (test.js), against PostgreSQL 18
# in Debian forky's chroot: PostGraphile 5 needs Node.js 22 or later, which forky packages (the host's is 20).
#
#   clients/node/postgraphile/test.sh prepare DIR   on the host: the API's dependencies (npm ci of package-lock.json,
#                                                   once per lock file) and identities-pg's files, into DIR
#   clients/node/postgraphile/test.sh               in the chroot, as root, with libpq's PG* variables: installs
#                                                   forky's nodejs if missing, installs the portable edition in a
#                                                   database of its own, runs test.js ("ok - ..." lines)
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=/var/cache/identities-client-builds/postgraphile # as the chroot sees it

if [ "${1:-}" = prepare ]; then
	dir=$2
	key=$(cat "$here/package.json" "$here/package-lock.json" | sha256sum | cut -c1-16)
	if [ ! -f "$dir/$key.installed" ]; then
		rm -rf "$dir" && mkdir -p "$dir" && cp "$here/package.json" "$here/package-lock.json" "$dir/" &&
			(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error --prefer-offline --engine-strict=false >/dev/null) &&
			touch "$dir/$key.installed" || { echo "not ok - PostGraphile: npm ci"; exit 1; }
	fi
	# identities-pg as an application installs it: the files its package.json ships (npm's prepare script makes
	# drizzle.d.mts, as npm pack would)
	rm -rf "$dir/node_modules/identities-pg" && mkdir -p "$dir/node_modules/identities-pg" &&
		(cd "$here/.." && npm run --silent prepare && cp package.json $(node -p "require('./package.json').files.join(' ')") "$dir/node_modules/identities-pg/") &&
		cp "$here/test.js" "$dir/" || { echo "not ok - PostGraphile: identities-pg copied into the API"; exit 1; }
	exit 0
fi

if ! command -v node >/dev/null; then
	echo "installing nodejs"
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nodejs; } \
		>/tmp/identities-postgraphile-apt.log 2>&1 || { tail -n 5 /tmp/identities-postgraphile-apt.log; echo "skipped: apt-get could not install nodejs"; exit 77; }
fi
[ -f "$build/test.js" ] || { echo "not ok - PostGraphile: $build was not prepared (test.sh prepare)"; exit 1; }
echo "# PostGraphile $(node -p "require('$build/node_modules/postgraphile/package.json').version") on Node.js $(node --version)"

# The portable edition's plain install, in schema ids, in a database of its own
portable=${PGDATABASE}_portable
out=$(mktemp -d)
bash "$here/../../../portable/build" --out "$out" --schema ids >/dev/null &&
	chmod -R a+rX "$out" &&
	psql -X -q -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $portable" -c "CREATE DATABASE $portable" &&
	psql -X -q -v ON_ERROR_STOP=1 -d "$portable" -f "$out/identities_portable.sql" >/dev/null ||
	{ echo "not ok - PostGraphile: the portable edition installed in $portable"; exit 1; }
rm -rf "$out"
cd "$build" && IDENTITIES_PORTABLE_DATABASE=$portable node test.js
status=$?
psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $portable"
exit $status
