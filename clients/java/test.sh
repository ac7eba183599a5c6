#!/usr/bin/env bash
# identities-jdbc's checks against a real server: test/clients/run runs this as root inside the PostgreSQL 18
# chroot (Debian forky), with libpq's PGHOST (the socket directory), PGPORT, PGUSER and PGDATABASE.
#
#   clients/java/test.sh
#
# Installs what is missing from Debian (the JDK, pgjdbc, junixsocket for the Unix socket), builds the jar, the
# checks and the README's example programs into /var/cache/identities-client-builds/java/KEY (KEY: a hash of
# the sources, the README's examples, the JDK's and pgjdbc's versions; a warm run compiles nothing), then runs
# test/IdentitiesJdbcTest.java ("ok - NAME" / "not ok - NAME" lines) and each of the README's examples as one
# more check. Exits 1 on any failure; 77 with "skipped: why" when the packages cannot be installed.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
packages=(default-jdk-headless libpostgresql-jdbc-java libjunixsocket-java)
pgjdbc=/usr/share/java/postgresql.jar
junixsocket=/usr/share/java/junixsocket-common.jar

missing=()
for package in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "installing ${missing[*]}"
	if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		"${missing[@]}"; } >/tmp/identities-java-apt.log 2>&1; then
		tail -n 5 /tmp/identities-java-apt.log
		echo "skipped: apt-get could not install ${missing[*]}"
		exit 77
	fi
fi

# The README's examples: each ```java block, byte for byte, is a program (into DIR/example-N.java; or, without
# DIR, all of them to the standard output).
readme_examples() {
	awk -v dir="${1:-}" '$0 == "```java" { n++; file = dir == "" ? "/dev/stdout" : dir "/example-" n ".java"; next }
		file != "" && $0 == "```" { if (dir != "") close(file); file = ""; next }
		file != "" { print > file }' "$here/README.md"
}

key=$({
	cat "$here/build.sh" "$here"/src/identities/jdbc/*.java "$here"/test/*.java
	readme_examples
	javac -version 2>&1
	dpkg-query -W -f='${Version}' libpostgresql-jdbc-java
} | sha256sum | cut -c1-16)
cache=/var/cache/identities-client-builds/java
build=$cache/$key
if [ ! -f "$build/ready" ]; then
	echo "building identities-jdbc.jar, the checks and the README's examples into $build"
	rm -rf "$cache"
	mkdir -p "$build/examples"
	readme_examples "$build/examples"
	# A public class lives in the file of its name.
	for example in "$build"/examples/example-*.java; do
		mv "$example" "$build/examples/$(grep -m 1 -oE 'public class [A-Za-z0-9_]+' "$example" | cut -d ' ' -f 3).java"
	done
	if ! { bash "$here/build.sh" "$build" >/dev/null &&
		javac -encoding UTF-8 -cp "$build/identities-jdbc.jar:$pgjdbc" -d "$build/test" "$here"/test/*.java &&
		javac -encoding UTF-8 -cp "$build/identities-jdbc.jar:$pgjdbc" -d "$build/examples" "$build"/examples/*.java; }; then
		echo "not ok - identities-jdbc, its checks and the README's examples compile"
		exit 1
	fi
	touch "$build/ready"
fi

# junixsocket loads its native library: allowed up front, so Java 24 and later print no warning about it.
java_run() {
	java --enable-native-access=ALL-UNNAMED -cp "$1:$build/identities-jdbc.jar:$pgjdbc:$junixsocket" "${@:2}"
}
java_run "$build/test" IdentitiesJdbcTest
status=$?

# The examples connect as an application does, with a pgjdbc URL; this one reaches the server's Unix socket.
if [[ ${PGHOST:-} == /* ]]; then
	JDBC_URL="jdbc:postgresql://localhost:$PGPORT/$PGDATABASE?user=$PGUSER&socketFactory=org.newsclub.net.unix.AFUNIXSocketFactory\$FactoryArg&socketFactoryArg=$PGHOST/.s.PGSQL.$PGPORT"
else
	JDBC_URL="jdbc:postgresql://${PGHOST:-localhost}:${PGPORT:-5432}/${PGDATABASE:-postgres}?user=${PGUSER:-$USER}"
fi
for example in "$build"/examples/*.java; do
	name=$(basename "$example" .java)
	if output=$(JDBC_URL=$JDBC_URL java_run "$build/examples" "$name" 2>&1); then
		echo "ok - the README's example $name: $(tail -n 1 <<<"$output")"
	else
		echo "$output"
		echo "not ok - the README's example $name"
		status=1
	fi
done
exit $status
