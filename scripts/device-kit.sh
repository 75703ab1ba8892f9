#!/usr/bin/env bash
# Builds what the GPU machine needs to run Leapfrog's gpu-tagged tests and GPU benchmarks: it has the
# NVIDIA driver and nvcc but no Java or Maven. The kit is the dist bundle (jlink'd runtime, jars, JCuda's
# driver library) plus the test classes, JUnit's console launcher, the bench jar, the shared graphs and
# Souffle's conformance programs.
# Output: .device/kit.tgz (git-ignored; the device tool carries it: carry [".device"]).
# On the device: scripts/device-run.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
shared="${LEAPFROG_SHARED:-$root/../shared}"
version=$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -1)

mvn -B -q -Pdist install -DskipTests
mvn -B -q dependency:build-classpath -pl tests -Dmdep.includeScope=test -Dmdep.outputFile="$root/target/tests.cp" >/dev/null
mvn -B -q dependency:get -Dartifact=org.junit.platform:junit-platform-console-standalone:1.10.3 >/dev/null

kit="$root/.device/kit"
rm -rf "$kit"
mkdir -p "$kit/testlib" "$kit/shared"
cp -r "dist/leapfrog-$version/." "$kit/"
# Test dependencies the bundle lacks. DuckDB (73 MB with every platform's library) stays behind: the
# GPU differential test then compares with the nested-loop evaluator, and CI compares the same seeds'
# CPU results with DuckDB.
tr ':' '\n' < "$root/target/tests.cp" | while read -r jar; do
    base=$(basename "$jar")
    artifact=$(basename "$(dirname "$(dirname "$jar")")")
    case "$artifact" in
        duckdb_jdbc|kuzu|jcuda-natives|junit-*|opentest4j|apiguardian-api|archunit*) continue ;;
    esac
    if [ ! -f "$kit/lib/$artifact.jar" ] && [ ! -f "$kit/lib/$base" ]; then
        cp "$jar" "$kit/testlib/"
    fi
done
cp ~/.m2/repository/org/junit/platform/junit-platform-console-standalone/1.10.3/junit-platform-console-standalone-1.10.3.jar "$kit/testlib/"
cp -r tests/target/test-classes "$kit/test-classes"
cp bench/target/leapfrog-bench-"$version".jar "$kit/testlib/"
if [ -d "$shared/data" ]; then
    cp -r "$shared/data" "$kit/shared/data"
fi
# Souffle's test programs, for the conformance suite on the GPU (GpuConformanceTest).
if [ -d "$shared/conformance" ]; then
    cp -r "$shared/conformance" "$kit/shared/conformance"
fi
git rev-parse --short HEAD > "$kit/COMMIT"
tar -C "$root/.device" -czf "$root/.device/kit.tgz" kit
rm -rf "$kit"
echo "[device-kit] $root/.device/kit.tgz ($(du -h "$root/.device/kit.tgz" | cut -f1))"
