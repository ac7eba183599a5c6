#!/usr/bin/env bash
# identities-postgres (clients/rust) against the server that libpq's variables (PGHOST, PGPORT, PGUSER,
# PGDATABASE) point at: builds the crate offline from Debian's packaged crates, then runs its unit tests (the
# numeric binary codec, the constructors and text forms, no server), its integration tests with tokio-postgres
# and with sqlx, and the README's two example programs (which must be examples/*.rs byte for byte).
# test/clients/run runs it as root inside the forky chroot; it installs the packages it lacks, keeps its build in
# /var/cache/identities-client-builds/rust (keyed by Cargo.toml and the installed packages' versions) and prints
# "ok - NAME" or "not ok - NAME" per test.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
# The known answers the tests read (test/vectors/README.md): test/clients/run's copy, or the repository's (the
# crate is built from a copy elsewhere).
export IDENTITIES_VECTORS=${IDENTITIES_VECTORS:-$PWD/../../test/vectors}

packages=(cargo rustc librust-uuid-dev librust-bytes-dev librust-postgres-types-dev librust-tokio-postgres-dev
	librust-sqlx-dev librust-tokio-dev librust-futures-util-dev)
missing=()
for package in "${packages[@]}"; do
	[ "$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null)" = installed ] || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "# installing ${missing[*]} with apt-get"
	apt_log=/tmp/identities-rust-apt.log
	if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >"$apt_log" 2>&1
	then
		tail -n 20 "$apt_log"
		echo "not ok - installing Debian's Rust packages (${missing[*]})"
		exit 1
	fi
fi

# Debian's crates instead of crates.io, and a target directory that outlives this copy of the tree: a new one
# when Cargo.toml or a package changes (the older ones are removed).
builds=/var/cache/identities-client-builds/rust
key=$({ cat Cargo.toml; dpkg-query -W cargo rustc 'librust-*'; } | sha256sum | cut -c1-16)
export CARGO_HOME=$builds/cargo-home CARGO_TARGET_DIR=$builds/target-$key
# A new target directory resolves the dependencies anew, among the packages installed now.
[ -d "$CARGO_TARGET_DIR" ] || rm -f "$builds/source/Cargo.lock"
mkdir -p "$CARGO_HOME" "$CARGO_TARGET_DIR"
find "$builds" -mindepth 1 -maxdepth 1 -name 'target-*' ! -name "target-$key" -exec rm -rf {} +
cat >"$CARGO_HOME/config.toml" <<'EOF'
[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "/usr/share/cargo/registry"

[net]
offline = true
EOF
export CARGO_TERM_COLOR=never

# The crate is built from a copy in the cache that only takes the files whose content changed: cargo decides
# what to rebuild by modification times, and this tree is a fresh copy each run, whose times say little (an
# older file put back would otherwise keep the build of the newer one).
source_dir=$PWD
stage=$builds/source
mkdir -p "$stage"
mapfile -t sources < <(find src tests examples -type f -name '*.rs')
for file in Cargo.toml "${sources[@]}"; do
	cmp -s "$file" "$stage/$file" || { mkdir -p "$stage/$(dirname "$file")" && cp "$file" "$stage/$file"; }
done
(cd "$stage" && find src tests examples -type f) | while read -r file; do
	[ -f "$file" ] || rm "$stage/$file"
done
cd "$stage"
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
failed=0

# cargo_step NAME LOG COMMAND...: runs cargo; on failure or on a warning about this crate, "not ok" with the output.
cargo_step() {
	local name=$1 output=$2 started=$SECONDS
	shift 2
	if ! "$@" >"$output" 2>&1; then
		grep -v '^ *\(Compiling\|Checking\|Locking\|Adding\) ' "$output" | tail -n 60 | sed 's/^/# /'
		echo "not ok - $name"
		failed=1
		return 1
	fi
	if grep -q '^warning' "$output"; then
		sed 's/^/# /' "$output" | grep -v '^# *\(Compiling\|Checking\) '
		echo "not ok - $name: warnings"
		failed=1
		return 1
	fi
	echo "ok - $name ($((SECONDS - started)) s)"
}

# The library with no driver feature. (Checking each driver's feature alone would compile sqlx once more with
# other features: minutes of a cold build, for what the build with both does not already catch.)
cargo_step "the library builds without a driver feature" "$log/check" cargo check --offline --lib --no-default-features
cargo_step "the tests and examples build with both drivers" "$log/build" cargo test --offline --all-features --no-run ||
	exit 1

# cargo test's lines ("test NAME ... ok|FAILED", each failure's output after "---- NAME stdout ----") become
# "ok - SUITE: NAME" / "not ok - SUITE: NAME" with the failure's output as "#" lines.
cargo test --offline --all-features --no-fail-fast --lib --tests >"$log/test" 2>&1
status=$?
awk '
	/^ *Running unittests src\/lib.rs/ { suite = "unit" }
	/^ *Running tests\/tokio_postgres.rs/ { suite = "tokio-postgres" }
	/^ *Running tests\/sqlx.rs/ { suite = "sqlx" }
	/^test .* \.\.\. (ok|FAILED)$/ {
		name = $0; sub(/^test /, "", name); sub(/ \.\.\. (ok|FAILED)$/, "", name)
		order[++count] = suite ": " name; passed[suite ": " name] = ($NF == "ok")
		next
	}
	/^---- .* stdout ----$/ {
		name = $0; sub(/^---- /, "", name); sub(/ stdout ----$/, "", name)
		current = suite ": " name
		next
	}
	/^(failures:|test result:)/ { current = "" }
	current != "" { detail[current] = detail[current] "# " $0 "\n" }
	END {
		for (i = 1; i <= count; i++) {
			if (passed[order[i]]) print "ok - " order[i]
			else { printf "%s", detail[order[i]]; print "not ok - " order[i]; failed = 1 }
		}
		exit failed
	}' "$log/test" || failed=1
if [ "$status" != 0 ] && [ "$failed" = 0 ]; then
	sed 's/^/# /' "$log/test" | tail -n 40
	echo "not ok - cargo test exited with status $status"
	failed=1
fi

# The README's ```rust blocks, in order: the example programs, byte for byte, each run against the server.
awk '/^```rust$/ { count++; inside = 1; next } /^```$/ { inside = 0 } inside { print > (dir "/readme-" count ".rs") }' \
	dir="$log" "$source_dir/README.md"
number=0
for example in tokio_postgres_rides sqlx_rides; do
	number=$((number + 1))
	name="the README's example $example"
	if ! cmp -s "$log/readme-$number.rs" "$source_dir/examples/$example.rs"; then
		diff "$log/readme-$number.rs" "$source_dir/examples/$example.rs" | sed 's/^/# /'
		echo "not ok - $name: README.md's block $number is not examples/$example.rs"
		failed=1
	elif output=$(cargo run --offline --quiet --all-features --example "$example" 2>&1); then
		echo "ok - $name: $(tail -n 1 <<<"$output")"
	else
		sed 's/^/# /' <<<"$output"
		echo "not ok - $name"
		failed=1
	fi
done
exit $failed
