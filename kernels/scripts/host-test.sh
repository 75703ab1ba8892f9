#!/usr/bin/env bash
# Builds and runs the host-side test of the per-thread join code (src/test/cpp) with g++.
#   host-test.sh SRC_DIR TEST_DIR BUILD_DIR
set -euo pipefail
src="$1"; test="$2"; build="$3"
if ! command -v g++ >/dev/null 2>&1; then
    echo "[kernels] g++ was not found: skipping the host-side kernel logic test."
    exit 0
fi
mkdir -p "$build"
g++ -O2 -std=c++17 -Wall -Werror -I"$src" "$test/lftj_host_test.cpp" -o "$build/lftj_host_test"
"$build/lftj_host_test"
