# PostgreSQL majors other than the host's: each runs in a Debian chroot of the release that packages it,
# built once with debootstrap and kept in a cache directory outside the clone. Sourced by common.sh.
#
#   major  suite                         why
#   15     the host (Debian 12)          bookworm's own packages
#   17     trixie                        Debian 13 packages 17; its binaries need trixie's libc
#   18     forky                         Debian testing packages 18
#   19     sid + experimental            the release candidate is only in experimental
#
# The archive is the one the host's apt already uses (read from its sources), never a name written here.

IDENTITIES_MAJORS=(15 17 18 19)
HOST_MAJOR=15
IDENTITIES_CACHE=${IDENTITIES_CACHE:-/var/cache/identities}
# Bump when the recipe below changes, so every machine builds its chroots anew.
CHROOT_RECIPE=1
CHROOT_PACKAGES=(g++ make cmake libssl-dev libgtest-dev ca-certificates)
# The "clean" chroots, where identities is never built, for installing its Debian packages (test/packages/run):
# PostgreSQL and what `pg_buildext installcheck` needs (its server-dev package and make), no build tools of ours.
# Each major's build chroot is a copy of its clean one with CHROOT_PACKAGES added.
CLEAN_CHROOT_RECIPE=1
CLEAN_CHROOT_PACKAGES=(make ca-certificates)

chroot_suite() {
	case $1 in
	15) echo bookworm ;; # the host's: only clean chroots (packages tested where identities was never built)
	17) echo trixie ;;
	18) echo forky ;;
	19) echo sid ;;
	*) return 1 ;;
	esac
}

# chroot_dir MAJOR [FLAVOR]: FLAVOR "build" (the default: the suite runs and builds there) or "clean".
chroot_dir() {
	local suite
	suite=$(chroot_suite "$1") || return 1
	case ${2:-build} in
	build) echo "$IDENTITIES_CACHE/chroot-pg$1-$suite-r$CHROOT_RECIPE" ;;
	clean) echo "$IDENTITIES_CACHE/clean-pg$1-$suite-r$CLEAN_CHROOT_RECIPE" ;;
	*) return 1 ;;
	esac
}

# The URI of the host's Debian archive: the first deb source of the host's own release (not -security).
host_mirror() {
	local codename uri
	codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
	uri=$(awk -v want="$codename" '
		/^URIs:/ { uri = $2 }
		/^Suites:/ { for (i = 2; i <= NF; i++) if ($i == want && uri != "") { print uri; exit } }
		/^$/ { uri = "" }' /etc/apt/sources.list.d/*.sources 2>/dev/null)
	if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
		uri=$(awk -v want="$codename" '$1 == "deb" && $0 !~ /\[.*\]/ && $3 == want { print $2; exit }
			$1 == "deb" && $0 ~ /\[.*\]/ && $4 == want { print $3; exit }' /etc/apt/sources.list)
	fi
	[ -n "$uri" ] || { echo "no Debian archive for $codename in the host's apt sources" >&2; return 1; }
	echo "$uri"
}

# chroot_mount DIR / chroot_unmount DIR: what servers and package scripts need inside a chroot.
chroot_mount() {
	local dir=$1
	mountpoint -q "$dir/proc" || mount -t proc proc "$dir/proc"
	mkdir -p "$dir/dev/shm"
	mountpoint -q "$dir/dev/shm" || mount -t tmpfs -o mode=1777 shm "$dir/dev/shm"
}

chroot_unmount() {
	local dir=$1
	mountpoint -q "$dir/dev/shm" && umount "$dir/dev/shm"
	mountpoint -q "$dir/proc" && umount "$dir/proc"
	return 0
}

# in_chroot DIR COMMAND...: runs a command inside a chroot with a clean environment.
in_chroot() {
	local dir=$1
	shift
	chroot "$dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
		DEBIAN_FRONTEND=noninteractive CI="${CI:-}" "$@"
}

ensure_debootstrap() {
	command -v debootstrap >/dev/null && return 0
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap; } >&2
}

# ensure_chroot MAJOR [FLAVOR]: builds the chroot of that major (and flavor, as chroot_dir) unless the cache has
# it; prints its directory.
ensure_chroot() {
	local major=$1 flavor=${2:-build} dir suite mirror
	dir=$(chroot_dir "$major" "$flavor") || { echo "PostgreSQL $major is not one of ${IDENTITIES_MAJORS[*]}" >&2; return 1; }
	if [ -f "$dir/.identities-ready" ]; then
		echo "$dir"
		return 0
	fi
	[ "$(id -u)" = 0 ] || { echo "building the PostgreSQL $major chroot needs root" >&2; return 1; }
	if [ "$flavor" = build ]; then
		# The build chroot is the clean one plus the build tools: one debootstrap per release serves both.
		local clean
		clean=$(ensure_chroot "$major" clean) || return 1
		log "building the PostgreSQL $major chroot from its clean one in $dir (once)" >&2
		rm -rf "$dir.building"
		cp -a "$clean" "$dir.building" || return 1
		rm -f "$dir.building/.identities-ready"
		chroot_mount "$dir.building"
		local installed=0
		in_chroot "$dir.building" sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${CHROOT_PACKAGES[*]}" \
			>"$IDENTITIES_CACHE/build-tools-pg$major.log" 2>&1 || installed=1
		chroot_unmount "$dir.building"
		if [ $installed != 0 ]; then
			echo "installing the build tools in the PostgreSQL $major chroot failed; see $IDENTITIES_CACHE/build-tools-pg$major.log" >&2
			tail -n 20 "$IDENTITIES_CACHE/build-tools-pg$major.log" >&2
			return 1
		fi
		cp "$clean/.identities-ready" "$dir.building/.identities-ready"
		mv "$dir.building" "$dir"
		echo "$dir"
		return 0
	fi
	ensure_debootstrap || return 1
	suite=$(chroot_suite "$major")
	mirror=$(host_mirror) || return 1
	local building=$dir.building
	chroot_unmount "$building" 2>/dev/null
	rm -rf "$building"
	mkdir -p "$IDENTITIES_CACHE"
	log "building a $suite chroot for PostgreSQL $major in $dir (once; a few minutes)" >&2
	local packages=("${CLEAN_CHROOT_PACKAGES[@]}") log_file=$IDENTITIES_CACHE/debootstrap-clean-pg$major.log
	# bookworm's debootstrap has no script for forky: sid's fits every suite after trixie.
	local script=()
	[ "$suite" = forky ] && script=(/usr/share/debootstrap/scripts/sid)
	[ "$suite" != sid ] && packages+=("postgresql-$major" "postgresql-server-dev-$major")
	if ! debootstrap --variant=minbase --include="$(IFS=,; echo "${packages[*]}")" \
		"$suite" "$building" "$mirror" "${script[@]}" >"$log_file" 2>&1; then
		echo "debootstrap failed; see $log_file" >&2
		tail -n 20 "$log_file" >&2
		return 1
	fi
	# Release files of sid and experimental on some mirrors are past their Valid-Until date.
	echo 'Acquire::Check-Valid-Until "false";' >"$building/etc/apt/apt.conf.d/99identities-valid-until"
	echo "deb $mirror $suite main" >"$building/etc/apt/sources.list"
	chroot_mount "$building"
	local status=0
	if [ "$suite" = "$(. /etc/os-release && echo "$VERSION_CODENAME")" ]; then
		# The host's own release: its apt sources as they are (with updates and security, where the host's
		# PostgreSQL comes from, and the minor version its packages depend on).
		rm -f "$building/etc/apt/sources.list"
		cp /etc/apt/sources.list.d/*.sources "$building/etc/apt/sources.list.d/" 2>/dev/null
		[ -f /etc/apt/sources.list ] && cp /etc/apt/sources.list "$building/etc/apt/sources.list"
		in_chroot "$building" sh -c "apt-get update -qq && apt-get dist-upgrade -y -qq" >>"$log_file" 2>&1 || status=1
	fi
	if [ "$major" = 19 ]; then
		echo "deb $mirror experimental main" >"$building/etc/apt/sources.list.d/experimental.list"
		# Per-package pins: -t experimental would pull experimental's perl, which conflicts with sid's perl-base.
		in_chroot "$building" sh -c "apt-get update -qq && apt-get dist-upgrade -y -qq &&
			apt-get install -y -qq --no-install-recommends postgresql-19/experimental \
				postgresql-server-dev-19/experimental libpq5/experimental libpq-dev/experimental" \
			>>"$log_file" 2>&1 || status=1
	fi
	chroot_unmount "$building"
	if [ $status != 0 ] || [ ! -x "$building/usr/lib/postgresql/$major/bin/postgres" ]; then
		echo "installing PostgreSQL $major in the chroot failed; see $log_file" >&2
		tail -n 20 "$log_file" >&2
		return 1
	fi
	in_chroot "$building" dpkg-query -W -f='${Version}\n' "postgresql-$major" >"$building/.identities-ready"
	mv "$building" "$dir"
	echo "$dir"
}

# chroot_postgres_version DIR MAJOR: the packaged PostgreSQL version inside a ready chroot.
chroot_postgres_version() { cat "$1/.identities-ready"; }

# run_in_chroot MAJOR SCRIPT [ARGS...]: runs one of this repository's scripts (a path relative to its root)
# inside the chroot of MAJOR, on a fresh copy of the work tree, with /proc and /dev/shm mounted for the
# time it runs. IDENTITIES_KEEP_MOUNTS=yes leaves them mounted (a demo server that keeps running).
run_in_chroot() {
	local major=$1 script=$2
	shift 2
	local dir
	dir=$(ensure_chroot "$major") || return 1
	local copy=$dir/root/identities kept=$dir/root/identities-build-outputs.tar
	# The objects of the previous copy stay (make compares their times with the sources', which tar keeps), so
	# a script run after a suite, in the same chroot, does not build again what did not change.
	rm -f "$kept"
	[ -d "$copy" ] && (cd "$copy" && find . \( -path ./build -o -name '*.o' -o -name '*.bc' -o -name '*.so' \
		-o -path './src/*/*.d' -o -path ./.built-for \) -prune -print0 | tar --null -cf "$kept" -T -)
	rm -rf "$copy"
	mkdir -p "$copy"
	tar -C "$IDENTITIES_ROOT" --exclude=./.git --exclude=./build --exclude='*.o' --exclude='*.bc' --exclude='*.so' \
		--exclude='src/*/*.d' --exclude=./.built-for --exclude=node_modules -cf - . | tar -C "$copy" -xf -
	[ -f "$kept" ] && tar -C "$copy" -xf "$kept" && rm -f "$kept"
	# CITUS_SOURCE (a Citus source tarball, scripts/citus.sh) or CITUS_SOURCE_DIR (a directory of them): a copy
	# inside the chroot, and its path there.
	local citus_env=()
	rm -rf "$dir/root/citus-source"
	if [ -n "${CITUS_SOURCE:-}" ]; then
		citus_env=("CITUS_SOURCE=$CITUS_SOURCE")
		if [ -f "$CITUS_SOURCE" ] && mkdir -p "$dir/root/citus-source" && cp "$CITUS_SOURCE" "$dir/root/citus-source/"; then
			citus_env=("CITUS_SOURCE=/root/citus-source/$(basename "$CITUS_SOURCE")")
		fi
	elif [ -n "${CITUS_SOURCE_DIR:-}" ]; then
		citus_env=("CITUS_SOURCE_DIR=$CITUS_SOURCE_DIR")
		if [ -d "$CITUS_SOURCE_DIR" ] && mkdir -p "$dir/root/citus-source" &&
			cp "$CITUS_SOURCE_DIR"/citus-*.tar.gz "$dir/root/citus-source/" 2>/dev/null; then
			citus_env=("CITUS_SOURCE_DIR=/root/citus-source")
		fi
	fi
	# PG_TLE_SOURCE (a pg_tle source tarball, scripts/pg_tle.sh): a copy inside the chroot, and its path there.
	rm -rf "$dir/root/pg_tle-source"
	if [ -n "${PG_TLE_SOURCE:-}" ]; then
		citus_env+=("PG_TLE_SOURCE=$PG_TLE_SOURCE")
		if [ -f "$PG_TLE_SOURCE" ] && mkdir -p "$dir/root/pg_tle-source" && cp "$PG_TLE_SOURCE" "$dir/root/pg_tle-source/"; then
			citus_env[-1]="PG_TLE_SOURCE=/root/pg_tle-source/$(basename "$PG_TLE_SOURCE")"
		fi
	fi
	chroot_mount "$dir"
	local status=0
	# IDENTITIES_CHROOT_ENV: further NAME=value words for the script's environment.
	# shellcheck disable=SC2086
	in_chroot "$dir" IDENTITIES_PG_MAJOR="$major" ${IDENTITIES_CHROOT_ENV:-} "${citus_env[@]}" bash "/root/identities/$script" "$@" || status=$?
	[ "${IDENTITIES_KEEP_MOUNTS:-no}" = yes ] || chroot_unmount "$dir"
	return $status
}

# The major of this machine's own packages: the host's, or the chroot's when running inside one.
is_local_major() { [ "$1" = "${IDENTITIES_PG_MAJOR:-$HOST_MAJOR}" ] || [ -x "/usr/lib/postgresql/$1/bin/postgres" ]; }
