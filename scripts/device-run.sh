#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, with .device/kit.tgz carried (scripts/device-kit.sh).
#   scripts/device-run.sh tests                 the gpu-tagged tests (JUnit console launcher)
#   scripts/device-run.sh bench BENCH-ARGS...   the bench harness (GPU peers, CUDA counter, CuPy)
#   scripts/device-run.sh leapfrog ARGS...      the leapfrog command of the bundle
#   scripts/device-run.sh main CLASS ARGS...    a main class of the kit (e.g. io.leapfrog.bench.GpuLatency)
# LEAPFROG_JAVA_OPTS adds JVM options (e.g. -Dleapfrog.gpu.profile=true); LEAPFROG_XMX sets the heap.
# Logs and reports go to $OUT when it is set.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out="${OUT:-$root/.device/out}"
mkdir -p "$out"
kit=/tmp/leapfrog-kit
if [ ! -x "$kit/bin/leapfrog" ]; then
    rm -rf "$kit" && mkdir -p /tmp && tar -C /tmp -xzf .device/kit.tgz && mv /tmp/kit "$kit"
fi
java="$kit/runtime/bin/java"
# JCuda's driver library needs libcuda.so.1 from the NVIDIA driver: make sure the loader finds it.
if ! ldconfig -p 2>/dev/null | grep -q 'libcuda.so.1 '; then
    for d in /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib64 /usr/lib/x86_64-linux-gnu /usr/local/cuda/compat; do
        if [ -e "$d/libcuda.so.1" ]; then
            export LD_LIBRARY_PATH="$d${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
            break
        fi
    done
fi
# Explicit jar lists: JUnit's launcher does not expand "dir/*" as the java launcher does.
cp="$kit/test-classes:$(ls "$kit"/lib/*.jar "$kit"/testlib/*.jar | grep -v console-standalone | tr '\n' ':')"
jvm=(-Djava.library.path="$kit/native" -Dleapfrog.shared="$kit/shared" -Xmx${LEAPFROG_XMX:-48g})
# Extra JVM options, e.g. LEAPFROG_JAVA_OPTS=-Dleapfrog.gpu.profile=true (per-kernel times on exit).
read -r -a extra <<< "${LEAPFROG_JAVA_OPTS:-}"
jvm+=("${extra[@]}")
what="${1:-tests}"
shift || true
case "$what" in
    tests)
        "$java" "${jvm[@]}" -jar "$kit/testlib/junit-platform-console-standalone-1.10.3.jar" execute \
            -cp "$cp" --include-tag gpu --scan-classpath "$kit/test-classes" \
            --details=tree --disable-banner --disable-ansi-colors --reports-dir "$out/junit" "$@" 2>&1 | tee "$out/gpu-tests.log"
        exit "${PIPESTATUS[0]}"
        ;;
    bench)
        if [ ! -x bench/native/build/cuda_triangles ] && command -v nvcc >/dev/null; then
            bash bench/native/build-cuda.sh || echo "warning: the CUDA counter did not build"
        fi
        "$java" "${jvm[@]}" -cp "$cp" io.leapfrog.bench.Bench --shared "$kit/shared" "$@"
        ;;
    main)
        "$java" "${jvm[@]}" -cp "$cp" "$@"
        ;;
    leapfrog)
        "$java" "${jvm[@]}" -cp "$kit/lib/*" io.leapfrog.cli.Main "$@"
        ;;
    *)
        echo "usage: scripts/device-run.sh tests|bench|main|leapfrog ..." >&2
        exit 2
        ;;
esac
