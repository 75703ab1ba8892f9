#!/usr/bin/env bash
# Builds a DuckDB JDBC jar for the GPU machine: the driver's classes and only its linux-amd64 library,
# stripped of symbols (about 15 MB instead of 73 MB), so that the GPU differential tests there compare
# with DuckDB directly. It does not fit the device tool's 64 MiB carry beside the kit, so it travels in
# a call of its own, which leaves it on the warm machine for the next call (docs/gpu-testing.md):
#   scripts/device-duckdb.sh                      here: makes .device-duckdb/duckdb_jdbc-linux-amd64.jar
#   scripts/device-run.sh stage-duckdb            there, carry [".device-duckdb"]: keeps it in /tmp
#   scripts/device-run.sh tests                   there, carry [".device"], within the machine's idle time
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
version=$(sed -n 's:.*<duckdb.version>\(.*\)</duckdb.version>.*:\1:p' pom.xml | head -1)
version="${version:-1.1.3}"
src="$HOME/.m2/repository/org/duckdb/duckdb_jdbc/$version/duckdb_jdbc-$version.jar"
[ -f "$src" ] || mvn -B -q dependency:get -Dartifact="org.duckdb:duckdb_jdbc:$version" >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && jar xf "$src")
find "$work" -maxdepth 1 -name 'libduckdb_java.so_*' ! -name 'libduckdb_java.so_linux_amd64' -delete
strip --strip-unneeded "$work/libduckdb_java.so_linux_amd64"
mkdir -p .device-duckdb
rm -f .device-duckdb/*.jar
(cd "$work" && jar cfm "$root/.device-duckdb/duckdb_jdbc-linux-amd64.jar" META-INF/MANIFEST.MF -C "$work" .)
echo "[device-duckdb] $root/.device-duckdb/duckdb_jdbc-linux-amd64.jar ($(du -h .device-duckdb/duckdb_jdbc-linux-amd64.jar | cut -f1))"
