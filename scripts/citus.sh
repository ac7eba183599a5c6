# Citus for the scale-out tests (test/integration/citus.sh). Source it after common.sh; it never copies Citus
# code into this repository. ensure_citus returns:
#   0  Citus is installed for $PG_CONFIG (already there, or built here from the tarball in CITUS_SOURCE)
#   1  building or installing it failed (the end of the build log is printed)
#   2  Citus is not available here: CITUS_SKIP_REASON says why (the test is then skipped, not passed)
#
# A Citus that was not built by this script (no marker file beside citus.so) is used as it is. Otherwise,
# with CITUS_SOURCE naming a Citus source tarball whose configure accepts this PostgreSQL major (or
# CITUS_SOURCE_DIR, a directory of citus-VERSION.tar.gz tarballs: the newest one that accepts it), it is built
# once per Citus version and PostgreSQL minor version: extracted into a scratch directory, configured
# --without-libcurl, made, and installed with DESTDIR into $IDENTITIES_CACHE/citus-VERSION-pgMINOR/stage. Every
# later use copies that stage into / (seconds). A marker beside citus.so records what was installed, so a
# cached chroot whose PostgreSQL or tarball has changed gets a fresh build.

# Bump when the recipe below changes, so every machine builds Citus anew.
CITUS_RECIPE=3
# Build dependencies beyond postgresql-server-dev-NN. Configured --without-libcurl, except where the server's own
# headers define HAVE_LIBCURL (PostgreSQL 18's OAuth client): Citus then compiles its curl code whatever it is told,
# so it must link libcurl too. Either way it sends no usage statistics (only a build with
# ENABLE_CITUS_STATISTICS_COLLECTION, which configure never defines, would).
CITUS_BUILD_PACKAGES=(liblz4-dev libzstd-dev libkrb5-dev libicu-dev libselinux1-dev libxslt1-dev libpam0g-dev
	libreadline-dev libcurl4-openssl-dev)

citus_skip() {
	CITUS_SKIP_REASON=$1
	return 2
}

ensure_citus() {
	CITUS_SKIP_REASON=
	local pkglibdir marker
	pkglibdir=$("$PG_CONFIG" --pkglibdir) || return 1
	marker=$pkglibdir/citus.identities-build
	# Someone's own Citus (a package, a build of theirs): use it as it is.
	if [ -f "$pkglibdir/citus.so" ] && [ ! -f "$marker" ]; then
		echo "Citus: installed for PostgreSQL $PG_MAJOR ($pkglibdir/citus.so)"
		return 0
	fi
	local source=${CITUS_SOURCE:-}
	if [ -z "$source" ] && [ -n "${CITUS_SOURCE_DIR:-}" ]; then
		source=$(citus_source_for_major "$CITUS_SOURCE_DIR") || { citus_skip "$source"; return; }
	fi
	if [ -z "$source" ]; then
		if [ -f "$pkglibdir/citus.so" ]; then
			echo "Citus: $(cat "$marker") (built by an earlier run; CITUS_SOURCE is not set)"
			return 0
		fi
		citus_skip "no Citus installed for PostgreSQL $PG_MAJOR, and CITUS_SOURCE (a Citus source tarball) is not set"
		return
	fi
	[ -f "$source" ] && [ -r "$source" ] || { citus_skip "CITUS_SOURCE ($source) is not a readable file"; return; }

	local version supported
	version=$(citus_tarball_version "$source")
	[ -n "$version" ] || { citus_skip "CITUS_SOURCE ($source) is not a Citus source tarball (no configure with a version)"; return; }
	supported=$(citus_tarball_majors "$source")
	if [ -n "$supported" ] && [[ " $supported " != *" $PG_MAJOR "* ]]; then
		citus_skip "Citus $version supports PostgreSQL ${supported// /, } only, not $PG_MAJOR"
		return
	fi

	local pg_version sha key
	pg_version=$("$PG_CONFIG" --version | awk '{ print $2 }')
	sha=$(sha256sum "$source" | cut -c1-64)
	key="citus-$version-pg$pg_version"
	local stamp="$key recipe $CITUS_RECIPE sha256 $sha"
	if [ -f "$pkglibdir/citus.so" ] && [ "$(cat "$marker" 2>/dev/null)" = "$stamp" ]; then
		echo "Citus: $version, installed for PostgreSQL $pg_version by an earlier run"
		return 0
	fi

	local cache=$IDENTITIES_CACHE/$key
	mkdir -p "$IDENTITIES_CACHE" || return 1
	(
		# One build at a time per key, should two runs meet here.
		flock 9
		if [ "$(cat "$cache/.ready" 2>/dev/null)" != "$stamp" ]; then
			citus_build "$source" "$cache" "$version" "$pg_version" || exit 1
			echo "$stamp" >"$cache/.ready"
		fi
	) 9>"$IDENTITIES_CACHE/$key.lock" || return 1
	rm -f "$IDENTITIES_CACHE/$key.lock"
	# Into /, keeping the directories that are there as they are.
	tar -C "$cache/stage" -cf - . | tar -C / --no-overwrite-dir -xf - || return 1
	echo "$stamp" >"$marker"
	echo "Citus: $version, installed for PostgreSQL $pg_version from $cache"
}

# citus_tarball_version TARBALL, citus_tarball_majors TARBALL: a Citus source tarball's version, and the PostgreSQL
# majors its configure accepts (empty when it does not say), read from its configure script.
citus_tarball_version() {
	tar -xzOf "$1" --wildcards '*/configure' 2>/dev/null | sed -n "s/^PACKAGE_VERSION='\(.*\)'$/\1/p"
}
citus_tarball_majors() {
	tar -xzOf "$1" --wildcards '*/configure' 2>/dev/null | grep -m1 'elif test "$version_num" != ' |
		grep -oE "'[0-9]+'" | tr -d "'" | xargs
}

# citus_source_for_major DIR: the newest citus-*.tar.gz of DIR whose configure accepts $PG_MAJOR; otherwise
# prints why there is none and fails.
citus_source_for_major() {
	local dir=$1 tarball version majors found=() refused=()
	for tarball in "$dir"/citus-*.tar.gz; do
		[ -f "$tarball" ] || continue
		version=$(citus_tarball_version "$tarball")
		[ -n "$version" ] || continue
		majors=$(citus_tarball_majors "$tarball")
		if [ -z "$majors" ] || [[ " $majors " == *" $PG_MAJOR "* ]]; then
			found+=("$version $tarball")
		else
			refused+=("Citus $version supports PostgreSQL ${majors// /, } only")
		fi
	done
	if [ ${#found[@]} = 0 ]; then
		if [ ${#refused[@]} = 0 ]; then
			echo "CITUS_SOURCE_DIR ($dir) holds no Citus source tarball (citus-VERSION.tar.gz)"
		else
			echo "no Citus in CITUS_SOURCE_DIR supports PostgreSQL $PG_MAJOR ($(IFS=';'; echo "${refused[*]}" | sed 's/;/; /g'))"
		fi
		return 1
	fi
	printf '%s\n' "${found[@]}" | sort -V -k1,1 | tail -n 1 | cut -d' ' -f2-
}

# citus_build SOURCE CACHE VERSION PG_VERSION: the build itself, into CACHE/stage (replaced).
citus_build() {
	local source=$1 cache=$2 version=$3 pg_version=$4
	log "building Citus $version for PostgreSQL $pg_version (once; about 2 minutes on 2 cores)"
	install_dependencies "${CITUS_BUILD_PACKAGES[@]}" || return 1
	local scratch started=$SECONDS
	scratch=$(mktemp -d /tmp/citus-build.XXXXXX)
	rm -rf "$cache"
	mkdir -p "$cache"
	local build_log=$cache/build.log
	tar -C "$scratch" -xzf "$source" || { rm -rf "$scratch"; return 1; }
	local tree
	tree=$(find "$scratch" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	# PostgreSQL 15 minor releases from 15.14 on export have_createdb_privilege(), and Citus 13.2's static copy
	# for 15 then clashes with its declaration: rename the copy (only when the server's headers declare it and
	# Citus still defines its own).
	local compat=$tree/src/include/pg_version_compat.h
	if [ "$PG_MAJOR" = 15 ] &&
		grep -q 'have_createdb_privilege' "$("$PG_CONFIG" --includedir-server)/commands/dbcommands.h" 2>/dev/null &&
		[ -f "$compat" ] && grep -q '^have_createdb_privilege(void)' "$compat"; then
		echo "Citus: renaming its own have_createdb_privilege (PostgreSQL $pg_version declares one)" >"$build_log"
		awk '
			/^static inline bool$/ { held = $0; next }
			held != "" {
				if ($0 ~ /^have_createdb_privilege\(void\)/)
					print "#define have_createdb_privilege citus_compat_have_createdb_privilege"
				print held
				held = ""
			}
			{ print }' "$compat" >"$compat.new" && mv "$compat.new" "$compat"
	fi
	local status=0 curl=--without-libcurl
	grep -q '^#define HAVE_LIBCURL 1' "$("$PG_CONFIG" --includedir-server)/pg_config.h" && curl=--with-libcurl
	(
		cd "$tree" &&
			PG_CONFIG=$PG_CONFIG ./configure "$curl" &&
			make -j2 &&
			make install DESTDIR="$cache/stage"
	) >>"$build_log" 2>&1 || status=1
	rm -rf "$scratch"
	if [ $status != 0 ] || [ ! -f "$cache/stage$("$PG_CONFIG" --pkglibdir)/citus.so" ]; then
		echo "building Citus $version failed; the end of $build_log:" >&2
		tail -n 30 "$build_log" >&2
		return 1
	fi
	echo "Citus: built in $((SECONDS - started)) s"
}
