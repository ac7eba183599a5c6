# pg_tle (AWS's Trusted Language Extensions) for the portable edition's tests (portable_pg_tle.sh, portable_update.sh,
# test/majors): installed as managed services install it. Source it after common.sh; it never copies pg_tle code
# into this repository.
# ensure_pg_tle returns (require_pg_tle, at the end, ends a test by them):
#   0  pg_tle is installed for $PG_CONFIG (already there, or built here from the tarball in PG_TLE_SOURCE)
#   1  building or installing it failed (the end of the build log is printed)
#   2  pg_tle is not available here: PG_TLE_SKIP_REASON says why (the test is then skipped, not passed)
# Built once per pg_tle tarball and PostgreSQL minor version into $IDENTITIES_CACHE/pg_tle-VERSION-pgMINOR/stage
# (make USE_PGXS=1 install DESTDIR=...); every later use copies that stage into / (a marker beside pg_tle.so
# records which).

# Bump when the recipe below changes, so every machine builds pg_tle anew.
PG_TLE_RECIPE=1

ensure_pg_tle() {
	PG_TLE_SKIP_REASON=
	local pkglibdir marker source=${PG_TLE_SOURCE:-}
	pkglibdir=$("$PG_CONFIG" --pkglibdir) || return 1
	marker=$pkglibdir/pg_tle.identities-build
	if [ -f "$pkglibdir/pg_tle.so" ] && [ ! -f "$marker" ]; then
		echo "pg_tle: installed for PostgreSQL $PG_MAJOR ($pkglibdir/pg_tle.so)"
		return 0
	fi
	if [ -z "$source" ]; then
		[ -f "$pkglibdir/pg_tle.so" ] && { echo "pg_tle: $(cat "$marker") (built by an earlier run)"; return 0; }
		PG_TLE_SKIP_REASON="no pg_tle installed for PostgreSQL $PG_MAJOR, and PG_TLE_SOURCE (a pg_tle source tarball) is not set"
		return 2
	fi
	if [ ! -r "$source" ]; then
		PG_TLE_SKIP_REASON="PG_TLE_SOURCE ($source) is not a readable file"
		return 2
	fi
	local version pg_version sha stamp cache
	version=$(basename "$source" | sed -n 's/^pg_tle-\(.*\)\.tar\.gz$/\1/p')
	pg_version=$("$PG_CONFIG" --version | awk '{ print $2 }')
	sha=$(sha256sum "$source" | cut -c1-64)
	stamp="pg_tle-$version-pg$pg_version recipe $PG_TLE_RECIPE sha256 $sha"
	if [ -f "$pkglibdir/pg_tle.so" ] && [ "$(cat "$marker" 2>/dev/null)" = "$stamp" ]; then
		echo "pg_tle: $version, installed for PostgreSQL $pg_version by an earlier run"
		return 0
	fi
	cache=$IDENTITIES_CACHE/pg_tle-$version-pg$pg_version
	mkdir -p "$IDENTITIES_CACHE" || return 1
	if [ "$(cat "$cache/.ready" 2>/dev/null)" != "$stamp" ]; then
		log "building pg_tle $version for PostgreSQL $pg_version (once)"
		install_dependencies flex bison libkrb5-dev || return 1 # its own guc-file scanner; the server headers include gssapi.h
		local scratch tree
		scratch=$(mktemp -d /tmp/pg_tle-build.XXXXXX)
		rm -rf "$cache" && mkdir -p "$cache"
		tar -C "$scratch" -xzf "$source" || { rm -rf "$scratch"; return 1; }
		tree=$(find "$scratch" -mindepth 1 -maxdepth 1 -type d | head -n 1)
		if ! { make -C "$tree" USE_PGXS=1 PG_CONFIG="$PG_CONFIG" -j2 &&
			make -C "$tree" USE_PGXS=1 PG_CONFIG="$PG_CONFIG" install DESTDIR="$cache/stage"; } >"$cache/build.log" 2>&1; then
			tail -n 30 "$cache/build.log"
			rm -rf "$scratch"
			return 1
		fi
		rm -rf "$scratch"
		echo "$stamp" >"$cache/.ready"
	fi
	tar -C "$cache/stage" -cf - . | tar -C / --no-overwrite-dir -xf - || return 1
	echo "$stamp" >"$marker"
	echo "pg_tle: $version, installed for PostgreSQL $pg_version from $cache"
}

# require_pg_tle: ensure_pg_tle for a test, which ends here where pg_tle cannot be had: exit 77 (skipped, its
# reason the last line printed) where it is not available, exit 1 where building or installing it failed.
require_pg_tle() {
	local status=0
	ensure_pg_tle || status=$?
	case $status in
	0) ;;
	2) echo "skipped: $PG_TLE_SKIP_REASON"; exit 77 ;;
	*) exit 1 ;;
	esac
}
