#!/usr/bin/env bash
# Compiles the native launch path (src/main/native) into a resource of the executor's jar.
#   build-native.sh SRC_DIR OUT_DIR JAVA_HOME
# Linux x86-64 and aarch64 with gcc only; elsewhere, or without gcc, the build goes on without it and
# the GPU runtime launches through JCuda alone (slower per launch, the same answers).
set -euo pipefail
src="$1"; out="$2"; jhome="$3"
arch=$(uname -m)
case "$(uname -s)-$arch" in
    Linux-x86_64|Linux-aarch64) ;;
    *) echo "[native] $(uname -s)-$arch: no native launch path for this platform; GPU launches go through JCuda alone."; exit 0 ;;
esac
dir="$out/io/leapfrog/native/linux-$arch"
if ! command -v gcc >/dev/null 2>&1; then
    echo "[native] gcc was not found on the PATH: building without the native launch path (GPU launches go through JCuda alone)."
    rm -f "$dir/libleapfrog_launch.so"
    exit 0
fi
mkdir -p "$dir"
gcc -O2 -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -shared -fPIC \
    -I"$jhome/include" -I"$jhome/include/linux" \
    -o "$dir/libleapfrog_launch.so" "$src/leapfrog_launch.c" -ldl
echo "[native] built libleapfrog_launch.so (linux-$arch): the native launch path for small GPU counts"
