#!/usr/bin/env bash
# Builds and runs the host-side tests of the kernels' logic (src/test/cpp: the per-thread join, the quotient
# filter) with g++.
#   host-test.sh SRC_DIR LAYOUT_DIR TEST_DIR BUILD_DIR   (LAYOUT_DIR: where layout_gen.cuh was generated)
set -euo pipefail
src="$1"; layout="$2"; test="$3"; build="$4"
if ! command -v g++ >/dev/null 2>&1; then
    echo "[kernels] g++ was not found: skipping the host-side kernel logic test."
    exit 0
fi
mkdir -p "$build"
g++ -O2 -std=c++17 -Wall -Werror -I"$src" -I"$layout" "$test/lftj_host_test.cpp" -o "$build/lftj_host_test"
"$build/lftj_host_test"
g++ -O2 -std=c++17 -Wall -Werror -I"$src" -I"$layout" "$test/filter_host_test.cpp" -o "$build/filter_host_test"
"$build/filter_host_test"
