#!/usr/bin/env bash
# identities-pgjdbc's checks against a real server: test/clients/run runs this as root inside the PostgreSQL 18
# chroot (Debian forky), with libpq's PGHOST (the socket directory), PGPORT, PGUSER and PGDATABASE.
#
#   clients/java/test.sh
#
# Installs what is missing from Debian (the JDK, pgjdbc, junixsocket for the Unix socket, Maven and the plugins
# pom.xml's build uses), builds the jar (build.sh), the checks and the README's example programs into
# /var/cache/identities-client-builds/java/KEY, and pom.xml's jar with Maven offline against Debian's repository
# (/usr/share/maven-repo) beside them (KEY: a hash of the sources, pom.xml, the README's examples, the JDK's,
# pgjdbc's and Maven's versions; a warm run compiles nothing), then runs test/IdentitiesPgjdbcTest.java ("ok -
# NAME" / "not ok - NAME" lines), one check that pom.xml's jar is build.sh's (the coordinate, the classes, the
# module name, the version of the extension and the other clients), and each of the README's examples as one more
# check. Exits 1 on any failure; 77 with "skipped: why" when the packages cannot be installed.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The known answers the checks read (test/vectors/README.md): test/clients/run's copy, or the repository's.
export IDENTITIES_VECTORS=${IDENTITIES_VECTORS:-$here/../../test/vectors}
packages=(default-jdk-headless libpostgresql-jdbc-java libjunixsocket-java
	maven libmaven-compiler-plugin-java libmaven-jar-plugin-java libmaven-resources-plugin-java libsurefire-java)
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

# The Java package's directory (pom.xml and build.sh name the package; test.sh checks they agree).
sources=$here/src/org/pgxn/identities/pgjdbc

# debian_version GROUP_PATH ARTIFACT: the version of Debian's package of that artifact in its Maven repository.
debian_version() {
	find "/usr/share/maven-repo/$1/$2" -mindepth 1 -maxdepth 1 -type d ! -name debian -printf '%f\n' | sort -V | tail -n 1
}
# maven_build DIR: pom.xml's jar, built in DIR (a copy of pom.xml and src/) by Maven offline, with the plugins'
# and pgjdbc's versions that Debian packages.
maven_build() {
	local dir=$1 options=() plugin
	rm -rf "$dir" && mkdir -p "$dir" && cp -r "$here/pom.xml" "$here/src" "$dir/" || return 1
	for plugin in compiler jar resources surefire; do
		options+=("-Dmaven-$plugin-plugin.version=$(debian_version org/apache/maven/plugins "maven-$plugin-plugin")")
	done
	(cd "$dir" && mvn -o -B -q -Dmaven.repo.local=/usr/share/maven-repo \
		-Dpgjdbc.version="$(debian_version org/postgresql postgresql)" "${options[@]}" package)
}

key=$({
	cat "$here/build.sh" "$here/pom.xml" "$sources"/*.java "$here"/test/*.java
	readme_examples
	javac -version 2>&1
	dpkg-query -W -f='${Version}' "${packages[@]}"
} | sha256sum | cut -c1-16)
cache=/var/cache/identities-client-builds/java
build=$cache/$key
if [ ! -f "$build/ready" ]; then
	echo "building identities-pgjdbc.jar, the checks, the README's examples and pom.xml's jar into $build"
	rm -rf "$cache"
	mkdir -p "$build/examples"
	readme_examples "$build/examples"
	# A public class lives in the file of its name.
	for example in "$build"/examples/example-*.java; do
		mv "$example" "$build/examples/$(grep -m 1 -oE 'public class [A-Za-z0-9_]+' "$example" | cut -d ' ' -f 3).java"
	done
	if ! { bash "$here/build.sh" "$build" >/dev/null &&
		javac -encoding UTF-8 -cp "$build/identities-pgjdbc.jar:$pgjdbc" -d "$build/test" "$here"/test/*.java &&
		javac -encoding UTF-8 -cp "$build/identities-pgjdbc.jar:$pgjdbc" -d "$build/examples" "$build"/examples/*.java; }; then
		echo "not ok - identities-pgjdbc, its checks and the README's examples compile"
		exit 1
	fi
	# Its outcome is a check of its own, below: the build does not stop for it.
	maven_build "$build/maven" >"$build/maven.log" 2>&1 && touch "$build/maven.built"
	touch "$build/ready"
fi

# junixsocket loads its native library: allowed up front, so Java 24 and later print no warning about it.
java_run() {
	java --enable-native-access=ALL-UNNAMED -cp "$1:$build/identities-pgjdbc.jar:$pgjdbc:$junixsocket" "${@:2}"
}
java_run "$build/test" IdentitiesPgjdbcTest
status=$?

# pom_agrees: pom.xml's coordinate and Maven's jar against build.sh's jar (the same classes and automatic module
# name, the artifactId its name), and its version the extension's and the other clients'.
pom_agrees() {
	local unpacked version client client_version coordinate field
	[ -f "$build/maven.built" ] || { echo "mvn -o package failed:"; tail -n 20 "$build/maven.log"; return 1; }
	unpacked=$(mktemp -d)
	mkdir "$unpacked/maven" "$unpacked/build"
	(cd "$unpacked/maven" && jar xf "$build"/maven/target/identities-pgjdbc-*.jar) &&
		(cd "$unpacked/build" && jar xf "$build/identities-pgjdbc.jar") || { rm -rf "$unpacked"; return 1; }
	classes() { (cd "$unpacked/$1" && find . -name '*.class' | sort); }
	module() { sed -n 's/^Automatic-Module-Name: *//p' "$unpacked/$1/META-INF/MANIFEST.MF" | tr -d '\r'; }
	coordinate=$(for field in groupId artifactId version; do
		sed -n "s/^$field=//p" "$unpacked"/maven/META-INF/maven/*/*/pom.properties
	done | tr -d '\r' | paste -sd :)
	version=$(sed -n "s/^default_version = '\(.*\)'/\1/p" "$here/../../identities.control")
	local problems=()
	[ "$coordinate" = "org.pgxn.identities:identities-pgjdbc:$version" ] ||
		problems+=("the coordinate is $coordinate, not org.pgxn.identities:identities-pgjdbc:$version")
	[ "$(classes maven)" = "$(classes build)" ] || problems+=("Maven's classes differ from build.sh's")
	[ -n "$(classes build)" ] && [ "$(classes build | sed 's|^\./\(.*\)/[^/]*$|\1|' | sort -u)" = org/pgxn/identities/pgjdbc ] ||
		problems+=("the classes are not all in package org.pgxn.identities.pgjdbc")
	[ "$(module maven)" = org.pgxn.identities.pgjdbc ] && [ "$(module build)" = org.pgxn.identities.pgjdbc ] ||
		problems+=("the automatic module names are \"$(module maven)\" (Maven) and \"$(module build)\" (build.sh)")
	for client in node/package.json python/pyproject.toml rust/Cargo.toml dotnet/Identities.Npgsql/Identities.Npgsql.csproj \
		dotnet/Identities.EntityFrameworkCore/Identities.EntityFrameworkCore.csproj; do
		client_version=$(grep -m 1 -oE '("version": "|^version = "|<Version>)[^"<]*' "$here/../$client" | sed 's/.*[">]//')
		[ "$client_version" = "$version" ] || problems+=("clients/$client has version $client_version, not $version")
	done
	rm -rf "$unpacked"
	[ ${#problems[@]} = 0 ] || { printf '%s\n' "${problems[@]}"; return 1; }
}
if output=$(pom_agrees 2>&1); then
	echo "ok - pom.xml's org.pgxn.identities:identities-pgjdbc: mvn -o package makes build.sh's classes and module name"
else
	echo "$output"
	echo "not ok - pom.xml's org.pgxn.identities:identities-pgjdbc: mvn -o package makes build.sh's classes and module name"
	status=1
fi

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
