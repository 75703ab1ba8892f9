#!/usr/bin/env bash
# Builds the hand-written C++ clique counter into bench/native/build/ (git-ignored).
# The bench harness runs this when the binary is missing or older than its source.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$here/build"
"${CXX:-g++}" -O3 -march=native -fopenmp -std=c++17 -Wall -Wextra \
    -o "$here/build/clique_counter.tmp" "$here/clique_counter.cpp" -lz
mv -f "$here/build/clique_counter.tmp" "$here/build/clique_counter"
