#!/usr/bin/env bash
# Compiles the native launch library (src/main/native/leapfrog_launch.c: kernel launches straight into
# the CUDA driver, for io.leapfrog.exec.gpu.NativeLaunch) into a resource next to the fatbin.
#   build-launcher.sh SRC_DIR OUT_DIR JAVA_HOME
# It links against libc alone (the driver is found at run time), so a C compiler and the JDK's JNI
# headers are all it needs. Without them the build goes on without it and launches go through JCuda.
set -euo pipefail
src="$1"; out="$2"; jdk="$3"
mkdir -p "$out"
lib="$out/libleapfrog_launch.so"
if [[ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]]; then
    echo "[kernels] the native launch library is built for Linux x86_64 only: launches go through JCuda."
    rm -f "$lib"
    exit 0
fi
cc=$(command -v cc || command -v gcc || true)
if [[ -z "$cc" || ! -f "$jdk/include/jni.h" ]]; then
    echo "[kernels] no C compiler or no JNI headers ($jdk/include/jni.h): building without the native launch library; launches go through JCuda."
    rm -f "$lib"
    exit 0
fi
"$cc" -O2 -Wall -Wextra -Werror -shared -fPIC -I"$jdk/include" -I"$jdk/include/linux" \
    -o "$lib.tmp" "$src/leapfrog_launch.c" -ldl
mv -f "$lib.tmp" "$lib"
echo "[kernels] built libleapfrog_launch.so (kernel launches straight into the driver)"
