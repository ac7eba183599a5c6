#!/usr/bin/env bash
# Builds identities-jdbc.jar with the JDK alone (javac and jar; no Maven), against Debian's pgjdbc:
#
#   clients/java/build.sh [OUTPUT_DIR]     OUTPUT_DIR defaults to clients/java/build
#
# PGJDBC_JAR names another pgjdbc jar (42.5.2 or later) to compile against; the jar made runs on Java 11 and later.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
output=${1:-$here/build}
pgjdbc=${PGJDBC_JAR:-/usr/share/java/postgresql.jar}
classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
javac --release 11 -Xlint:all -Werror -encoding UTF-8 -cp "$pgjdbc" -d "$classes" "$here"/src/identities/jdbc/*.java
printf 'Automatic-Module-Name: identities.jdbc\n' >"$classes/MANIFEST.MF"
mkdir -p "$output"
jar --create --file "$output/identities-jdbc.jar" --manifest "$classes/MANIFEST.MF" -C "$classes" identities
echo "$output/identities-jdbc.jar"
