#!/usr/bin/env bash
# identitiespgx's checks, inside the PostgreSQL 18 (Debian forky) chroot, against the server that libpq's PG*
# variables name (test/clients/run go). Installs Debian's Go and pgx v5 when missing, builds offline against
# Debian's Go sources (a go.work outside the tree replaces each module by its directory under /usr/share/gocode,
# GOPROXY=off), keeps Go's build cache in the chroot, and prints one "ok - NAME" or "not ok - NAME" line per check:
# the package's tests (go test -v), gofmt and go vet, the README's example program, and the README's sqlc overrides.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cache=/var/cache/identities-client-builds/go

missing=()
for package in golang-go golang-github-jackc-pgx-v5-dev; do
	dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
	mkdir -p "$cache"
	if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$cache/apt.log" 2>&1; then
		tail -n 20 "$cache/apt.log"
		echo "skipped: apt-get could not install ${missing[*]}"
		exit 77
	fi
fi

# readme_block LANGUAGE SECTION: the first ```LANGUAGE block of README.md's "## SECTION".
readme_block() {
	awk -v fence="\`\`\`$1" -v section="## $2" '/^## / { in_section = ($0 == section) }
		in_section && $0 == fence { in_block = 1; next }
		in_block && $0 == "```" { exit }
		in_block { print }' "$here/README.md"
}

# The README's go.work: every module pgx needs, from Debian's packages; nothing is downloaded.
mkdir -p "$cache/gocache" "$cache/gopath" "$cache/app"
readme_block go.work Install | sed "s|^use \.\$|use $here|" >"$cache/go.work"
export GOWORK=$cache/go.work GOCACHE=$cache/gocache GOPATH=$cache/gopath GOPROXY=off GOTOOLCHAIN=local GOFLAGS=
cd "$here" || exit 1
failed=0

# check NAME COMMAND...: one check, the command's output shown when it fails.
check() {
	local name=$1 output
	shift
	if output=$("$@" 2>&1); then
		echo "ok - $name"
	else
		echo "not ok - $name"
		sed 's/^/# /' <<<"$output"
		failed=1
	fi
}

formatted() {
	local unformatted
	unformatted=$(gofmt -l .) || return 1
	[ -z "$unformatted" ] || { echo "gofmt would change: $unformatted"; return 1; }
}
check "gofmt finds nothing to change" formatted
check "go vet finds nothing" go vet ./...

# go test -v: each top-level test becomes one check, with its output under a failing one.
go test -v -count=1 ./identitiespgx >"$cache/go-test.log" 2>&1
test_status=$?
awk '
	/^=== RUN   [^\/]*$/ { detail = ""; failing = 0; next }
	/^--- PASS: / { print "ok - " $3; detail = ""; next }
	/^--- FAIL: / { print "not ok - " $3; printf "%s", detail; detail = ""; failing = 1; next }
	/^(=== |    --- |PASS$|FAIL$|ok  |FAIL\t)/ { next }
	failing { print "# " $0; next }
	{ detail = detail "# " $0 "\n" }
	END { printf "%s", detail }
' "$cache/go-test.log"
if [ $test_status != 0 ]; then
	grep -q '^--- FAIL: ' "$cache/go-test.log" || echo "not ok - the Go tests build and run"
	failed=1
fi

# The README's program is example/main.go, byte for byte; it runs as an application that installed the package
# the README's way (its go.mod and go.work) would run it.
check "the README's program is example/main.go, byte for byte" cmp <(readme_block go "A first program") example/main.go
readme_block go "A first program" >"$cache/app/main.go"
readme_block go.mod Install | sed "s|/path/to/identities/clients/go|$here|" >"$cache/app/go.mod"
readme_block go.work Install >"$cache/app/go.work"
if output=$(cd "$cache/app" && GOWORK=$cache/app/go.work go run . 2>&1); then
	echo "ok - the README's Go example: $(tail -n 1 <<<"$output")"
else
	echo "not ok - the README's Go example"
	sed 's/^/# /' <<<"$output"
	failed=1
fi

# sqlc is not packaged in Debian: the README's sqlc.yaml is checked against the package instead, each go_type an
# exported type of the package it imports.
sqlc_overrides() {
	local types
	types=$(readme_block yaml sqlc | awk '$1 == "import:" { module = $2 } $1 == "type:" { print module, $2 }')
	[ -n "$types" ] || { echo "no go_type in the README's sqlc.yaml"; return 1; }
	while read -r module type; do
		[ "$module" = "$(go list ./identitiespgx)" ] || { echo "go_type imports $module"; return 1; }
		go doc -c "$module.$type" >/dev/null 2>&1 || { echo "$module has no type $type"; return 1; }
	done <<<"$types"
}
check "the README's sqlc overrides name the package's types" sqlc_overrides

exit $failed
