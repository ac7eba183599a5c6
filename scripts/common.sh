# Shared by scripts/demo, test/run and bench/run: dependencies, build, throwaway servers.
# Source it; it expects to run as root (apt-get, make install) and runs PostgreSQL as the postgres user.

IDENTITIES_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source "$IDENTITIES_ROOT/scripts/majors.sh"

# use_major MAJOR: the PostgreSQL the following functions build for and run. Inside a chroot the runner
# passes IDENTITIES_PG_MAJOR; on the host it is the host's own major unless a script chooses another.
use_major() {
	PG_MAJOR=$1
	PG_BIN=/usr/lib/postgresql/$PG_MAJOR/bin
	PG_CONFIG=$PG_BIN/pg_config
	IDENTITIES_PACKAGES=(postgresql-$PG_MAJOR postgresql-server-dev-$PG_MAJOR postgresql-client-$PG_MAJOR
		libssl-dev g++ make cmake libgtest-dev python3)
}
use_major "${IDENTITIES_PG_MAJOR:-$HOST_MAJOR}"

log() { printf '\n== %s\n' "$*"; }

# Installs the Debian packages that are missing; extra package names may be passed.
install_dependencies() {
	local missing=() package
	for package in "${IDENTITIES_PACKAGES[@]}" "$@"; do
		dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" != 0 ]; then
		echo "missing packages: ${missing[*]}; run as root (sudo) to install them" >&2
		return 1
	fi
	log "installing ${missing[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# Builds and installs the extension with PGXS. Objects left by a build for another PostgreSQL (a chroot's copy
# keeps its objects between runs, run_in_chroot) are cleaned first: make would take them as up to date.
build_and_install() {
	log "building and installing the extension"
	local stamp=$IDENTITIES_ROOT/.built-for want
	want=$("$PG_CONFIG" --version) || return 1
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" != "$want" ]; then
		make -C "$IDENTITIES_ROOT" -s PG_CONFIG="$PG_CONFIG" clean >/dev/null
	fi
	make -C "$IDENTITIES_ROOT" -s PG_CONFIG="$PG_CONFIG" >/dev/null &&
		make -C "$IDENTITIES_ROOT" -s PG_CONFIG="$PG_CONFIG" install >/dev/null && echo "$want" >"$stamp"
}

# host_major_only: a test that test/run --all runs once, on the host's major, and not again in the chroots of the
# other majors (IDENTITIES_MATRIX_CHROOT, test/run): skipped there (exit 77), saying so.
host_major_only() {
	if [ "${IDENTITIES_MATRIX_CHROOT:-no}" = yes ]; then
		echo "skipped: run on the host's major by test/run --all"
		exit 77
	fi
}

as_postgres() {
	if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

# A scratch directory the postgres user owns; removed by cleanup_servers.
make_work_dir() {
	IDENTITIES_WORK=$(mktemp -d /tmp/identities.XXXXXX)
	chmod 755 "$IDENTITIES_WORK"
	[ "$(id -u)" = 0 ] && chown postgres: "$IDENTITIES_WORK"
	STARTED_SERVERS=()
}

# start_server NAME PORT PRELOAD(yes|no) [extra postgresql.conf lines...]: a throwaway server on a Unix socket.
start_server() {
	local name=$1 port=$2 preload=$3
	shift 3
	local data=$IDENTITIES_WORK/$name
	as_postgres "$PG_BIN/initdb" -D "$data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
	{
		echo "port = $port"
		echo "listen_addresses = ''"
		echo "unix_socket_directories = '$IDENTITIES_WORK'"
		echo "max_connections = 60"
		echo "fsync = off"
		[ "$preload" = yes ] && echo "shared_preload_libraries = 'identities'"
		local line
		for line in "$@"; do echo "$line"; done
	} | as_postgres tee -a "$data/postgresql.conf" >/dev/null
	as_postgres "$PG_BIN/pg_ctl" -D "$data" -l "$IDENTITIES_WORK/$name.log" -w start >/dev/null
	STARTED_SERVERS+=("$data")
}

stop_servers() {
	local data
	for data in "${STARTED_SERVERS[@]}"; do
		as_postgres "$PG_BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || true
	done
	STARTED_SERVERS=()
}

# The lines of this run's server logs that show a crash: a backend killed by a signal, a PANIC, a failed assertion.
crash_lines() {
	[ -n "${IDENTITIES_WORK:-}" ] || return 0
	grep -HE 'terminated by signal|PANIC|TRAP' "$IDENTITIES_WORK"/*.log 2>/dev/null
	return 0
}

cleanup_servers() {
	stop_servers
	[ -n "${IDENTITIES_WORK:-}" ] && rm -rf "$IDENTITIES_WORK"
}

# psql_on PORT [psql args...]: psql as postgres against a throwaway server.
psql_on() {
	local port=$1
	shift
	as_postgres env PGOPTIONS="-c client_min_messages=warning" "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$IDENTITIES_WORK" -p "$port" -U postgres "$@"
}
