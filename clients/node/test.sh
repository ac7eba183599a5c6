#!/usr/bin/env bash
# identities-pg's checks against a real server (libpq's PG* variables; the database has the extension, the server
# preloads it), as test/clients/run runs them:
#   1. test.js: the node-postgres adapter's round trips, from this directory (npm ci: pg, pg-copy-streams);
#   2. npm pack: the tarball, and what it holds (drizzle.d.mts, which the package's prepare script copies from
#      drizzle.d.ts, among them);
#   3. app/: a throwaway application that installs the tarball by path and imports identities-pg by its name, with
#      node-postgres, postgres.js, Drizzle ORM (drizzle-kit generate and migrate) and Kysely: tsc --strict over its
#      typed programs, as ES modules and through require() (src/require-forms.cts), and the declarations refusing
#      what they must, then dist/test.js;
#   4. prisma/: the same with Prisma ORM 7 and @prisma/adapter-pg, when IDENTITIES_NODE_PRISMA=yes (its install
#      is ten times the others': test/clients/run asks for it against one major).
# Each application's dependencies are installed with npm ci once per package-lock.json, in
# $IDENTITIES_CACHE/node-NAME-HASH; its sources are copied there fresh and the tarball installed into it each run.
# Prints "ok - NAME" / "not ok - NAME" lines; exits 1 if any check failed.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=${IDENTITIES_CACHE:-/var/cache/identities}
npm_ci() { npm ci --no-audit --no-fund --loglevel=error --prefer-offline >/dev/null; }
status=0
fail() { echo "not ok - $1"; status=1; }

cd "$here" || exit 1
if npm_ci; then
	node test.js || status=1
else
	fail "npm ci (identities-pg's own test dependencies)"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tarball=$work/$(npm pack --silent --pack-destination "$work" 2>/dev/null)
expected="README.md core.d.ts core.js drizzle.d.mts drizzle.d.ts drizzle.js drizzle.mjs index.d.ts index.js \
kysely.d.mts kysely.d.ts kysely.js kysely.mjs package.json postgraphile.d.ts postgraphile.js postgres.d.ts postgres.js"
if [ -f "$tarball" ] && [ "$(tar -tzf "$tarball" | sed 's#^package/##' | sort | xargs)" = "$expected" ]; then
	echo "ok - npm pack makes ${tarball##*/} with the package's files only"
else
	fail "npm pack makes the tarball with the package's files only: $(tar -tzf "$tarball" 2>&1 | xargs)"
fi

# prepare_app NAME: $app, NAME's dependencies installed (cached), its sources fresh, the tarball installed.
prepare_app() {
	local name=$1 key
	key=$(cat "$here/$name/package.json" "$here/$name/package-lock.json" | sha256sum | cut -c1-16)
	app=$cache/node-$name-$key
	if [ ! -f "$app/.installed" ]; then
		rm -rf "$cache/node-$name-"*
		mkdir -p "$app" && cp "$here/$name/package.json" "$here/$name/package-lock.json" "$app/" &&
			(cd "$app" && npm_ci) && touch "$app/.installed" || { fail "$name: npm ci"; return 1; }
	fi
	find "$app" -mindepth 1 -maxdepth 1 ! -name node_modules ! -name package.json ! -name package-lock.json \
		! -name .installed -exec rm -rf {} +
	(cd "$here/$name" && tar -c --exclude=node_modules --exclude=dist --exclude=generated --exclude=package.json \
		--exclude=package-lock.json .) | tar -x -C "$app" || { fail "$name: copying its sources"; return 1; }
	# --no-save: the tarball changes with every edit, the lock file stays as committed
	(cd "$app" && npm install --no-save --no-audit --no-fund --loglevel=error --prefer-offline "$tarball" >/dev/null) ||
		{ fail "$name: npm install ${tarball##*/}"; return 1; }
}

# compile NAME: tsc --strict over the application.
compile() {
	local output
	if output=$(cd "$app" && npx tsc -p . 2>&1); then
		echo "ok - $1: tsc --strict compiles the typed programs against identities-pg's declarations"
	else
		echo "$output"
		fail "$1: tsc --strict compiles the typed programs against identities-pg's declarations"
		return 1
	fi
}

# check_declarations: identities-pg's own declarations, which the skipLibCheck of the applications spares (as it
# does the libraries'), type-checked in app/, which has every library they name.
check_declarations() {
	local output
	output=$(cd "$app" && npx tsc --ignoreConfig --noEmit --strict --module nodenext --moduleResolution nodenext \
		--target es2022 --types node node_modules/identities-pg/*.d.ts node_modules/identities-pg/*.d.mts 2>&1 |
		grep 'identities-pg/')
	if [ -z "$output" ]; then
		echo "ok - identities-pg's declarations (.d.ts, .d.mts) type-check"
	else
		echo "$output"
		fail "identities-pg's declarations (.d.ts, .d.mts) type-check"
	fi
}

if prepare_app app && compile app; then
	check_declarations
	(cd "$app" && node dist/test.js) || status=1
fi

if [ "${IDENTITIES_NODE_PRISMA:-no}" = yes ]; then
	if prepare_app prisma; then
		# prisma generate runs on Prisma's WebAssembly; the CLI still wants its schema engine, a native binary it
		# downloads apart from npm (for db pull and migrate): the stub stands for it and says so if ever run.
		if output=$(cd "$app" && PRISMA_SCHEMA_ENGINE_BINARY=$app/no-schema-engine npx prisma generate 2>&1); then
			echo "ok - prisma generate makes the client offline (no schema engine)"
			compile prisma && (cd "$app" && node dist/test.js) || status=1
		else
			echo "$output"
			fail "prisma generate makes the client offline (no schema engine)"
		fi
	fi
else
	echo "# Prisma: not run (IDENTITIES_NODE_PRISMA=yes runs it; test/clients/run does against one major)"
fi
exit $status
