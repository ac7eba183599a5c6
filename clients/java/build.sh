#!/usr/bin/env bash
# Builds identities-pgjdbc.jar with the JDK alone (javac and jar; no Maven), against Debian's pgjdbc: the jar
# pom.xml describes (org.pgxn.identities:identities-pgjdbc), with the same classes and automatic module name.
#
#   clients/java/build.sh [OUTPUT_DIR]     OUTPUT_DIR defaults to clients/java/build
#
# PGJDBC_JAR names another pgjdbc jar (42.5.2 or later) to compile against; the jar made runs on Java 11 and later.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
output=${1:-$here/build}
pgjdbc=${PGJDBC_JAR:-/usr/share/java/postgresql.jar}
# The Java package, which is also the jar's automatic module name (pom.xml says the same).
package=org.pgxn.identities.pgjdbc
classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
javac --release 11 -Xlint:all -Werror -encoding UTF-8 -cp "$pgjdbc" -d "$classes" "$here/src/${package//.//}"/*.java
printf 'Automatic-Module-Name: %s\n' "$package" >"$classes/MANIFEST.MF"
mkdir -p "$output"
jar --create --file "$output/identities-pgjdbc.jar" --manifest "$classes/MANIFEST.MF" -C "$classes" org
echo "$output/identities-pgjdbc.jar"
