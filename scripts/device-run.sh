#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, with .device/kit.tgz carried (scripts/device-kit.sh).
#   scripts/device-run.sh tests [--select-class C ...]   the gpu-tagged tests (JUnit console launcher), or those of C
#   scripts/device-run.sh bench BENCH-ARGS...   the bench harness (GPU peers, CUDA counter, CuPy)
#   scripts/device-run.sh bench-ab DIR ROUNDS BENCH-ARGS...
#                                              A/B: the bench with the base build's Leapfrog jars in DIR
#                                              (scripts/device-base-jars.sh: .device-base) and with the kit's, alternating
#                                              for ROUNDS rounds; the table (io.leapfrog.bench.AbTable) in $OUT/ab.csv;
#                                              LEAPFROG_AB_HEAD_ARGS: options for the head's bench only (a flag the base lacks)
#   scripts/device-run.sh leapfrog ARGS...      the leapfrog command of the bundle
#   scripts/device-run.sh main CLASS ARGS...    a main class of the kit (e.g. io.leapfrog.bench.GpuLatency)
#   scripts/device-run.sh stage-duckdb          keeps the carried .device-duckdb jar for later calls (scripts/device-duckdb.sh)
# LEAPFROG_JAVA_OPTS adds JVM options (e.g. -XX:+UnlockDiagnosticVMOptions); LEAPFROG_XMX sets the heap;
# LEAPFROG_WRAP wraps the java of `main` (e.g. in ncu). LEAPFROG_JUNIT_DETAILS=testfeed makes `tests` print each
# test as it ends (the default tree prints only at the end, so a run cut by a time limit would show nothing).
# Logs and reports go to $OUT when it is set.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out="${OUT:-$root/.device/out}"
mkdir -p "$out"
duckdb=/tmp/leapfrog-duckdb/duckdb_jdbc-linux-amd64.jar
if [ "${1:-}" = stage-duckdb ]; then
    # Keeps the carried .device-duckdb jar in /tmp, where later calls on this warm machine find it.
    mkdir -p "$(dirname "$duckdb")" && cp .device-duckdb/duckdb_jdbc-linux-amd64.jar "$duckdb" \
        && echo "[device-run] DuckDB staged: $(du -h "$duckdb" | cut -f1)"
    exit
fi
kit=/tmp/leapfrog-kit
# A warm machine keeps the kit unpacked from an earlier call: unpack again when the carried kit differs.
# A call that carries no kit (to leave room for other files) uses the one a warm machine unpacked.
if [ -f .device/kit.tgz ]; then
    sum=$(md5sum .device/kit.tgz | cut -d' ' -f1)
    if [ ! -x "$kit/bin/leapfrog" ] || [ "$(cat "$kit/.kit-md5" 2>/dev/null)" != "$sum" ]; then
        rm -rf "$kit" /tmp/kit && mkdir -p /tmp && tar -C /tmp -xzf .device/kit.tgz && mv /tmp/kit "$kit" && echo "$sum" > "$kit/.kit-md5"
    fi
elif [ -x "$kit/bin/leapfrog" ]; then
    echo "[device-run] no .device/kit.tgz carried: using the kit unpacked by an earlier call (commit $(cat "$kit/COMMIT" 2>/dev/null))"
else
    echo "[device-run] no .device/kit.tgz carried and none unpacked on this machine: carry .device (scripts/device-kit.sh)" >&2
    exit 2
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
# DuckDB's JDBC driver ($duckdb), when an earlier call on this machine staged it: the GPU differential
# tests then compare with DuckDB as well as with nested loops.
# Explicit jar lists: JUnit's launcher does not expand "dir/*" as the java launcher does.
cp="$kit/test-classes:$(ls "$kit"/lib/*.jar "$kit"/testlib/*.jar | grep -v console-standalone | tr '\n' ':')"
if [ -f "$duckdb" ]; then
    cp="$cp$duckdb:"
fi
jvm=(-Djava.library.path="$kit/native" -Dleapfrog.shared="$kit/shared" -Xmx${LEAPFROG_XMX:-48g})
# Extra JVM options (GPU options are flags: `leapfrog ... --gpu-profile`, `bench --gpu-resident-counts`).
read -r -a extra <<< "${LEAPFROG_JAVA_OPTS:-}"
jvm+=("${extra[@]}")
# A command that wraps java for `main`, e.g. LEAPFROG_WRAP="ncu --set full -k lw_block_count_v4 -o $OUT/r".
read -r -a wrap <<< "${LEAPFROG_WRAP:-}"

what="${1:-tests}"
shift || true
case "$what" in
    tests)
        # Given --select-class NAME (and more selectors), those classes only; else every gpu-tagged test.
        # jqwik's database of failing seeds goes to $out: the tests' own setting (target/) is a build folder.
        if [ "${1:-}" = "--select-class" ]; then select=("$@"); else select=(--scan-classpath "$kit/test-classes" "$@"); fi
        "$java" "${jvm[@]}" -jar "$kit/testlib/junit-platform-console-standalone-1.10.3.jar" execute \
            -cp "$cp" --include-tag gpu "${select[@]}" --config "jqwik.database=$out/jqwik-database" \
            --details="${LEAPFROG_JUNIT_DETAILS:-tree}" --disable-banner --disable-ansi-colors --reports-dir "$out/junit" 2>&1 | tee "$out/gpu-tests.log"
        exit "${PIPESTATUS[0]}"
        ;;
    bench)
        if [ ! -x bench/native/build/cuda_triangles ] && command -v nvcc >/dev/null; then
            bash bench/native/build-cuda.sh || echo "warning: the CUDA counter did not build"
        fi
        "$java" "${jvm[@]}" -cp "$cp" io.leapfrog.bench.Bench --shared "$kit/shared" "$@"
        ;;
    bench-ab)
        base_dir="$1"; rounds="$2"; shift 2
        if [ ! -x bench/native/build/cuda_triangles ] && command -v nvcc >/dev/null; then
            bash bench/native/build-cuda.sh || echo "warning: the CUDA counter did not build"
        fi
        others=$(echo "$cp" | tr ':' '\n' | grep -v '/leapfrog-[a-z]*[.-]' | grep -v '^$' | paste -sd: -)
        head_cp="$others:$(ls "$kit"/lib/leapfrog-*.jar "$kit"/testlib/leapfrog-*.jar | paste -sd: -)"
        base_cp="$others:$(ls "$base_dir"/leapfrog-*.jar | paste -sd: -)"
        mkdir -p "$out/ab"
        runs=()
        read -r -a head_args <<< "${LEAPFROG_AB_HEAD_ARGS:-}"
        for r in $(seq 1 "$rounds"); do
            for side in base head; do
                side_cp="$base_cp"
                side_args=()
                [ "$side" = head ] && side_cp="$head_cp" && side_args=("${head_args[@]}")
                echo "[device-run] A/B round $r of $rounds: $side"
                "$java" "${jvm[@]}" -cp "$side_cp" io.leapfrog.bench.Bench --shared "$kit/shared" "$@" "${side_args[@]}" \
                    --csv "$out/ab/$side-$r.csv" || exit 1
                runs+=("$side=$out/ab/$side-$r.csv")
            done
        done
        "$java" -cp "$head_cp" io.leapfrog.bench.AbTable --base "$(cat "$base_dir/COMMIT")" \
            --head "$(cat "$kit/COMMIT" 2>/dev/null || echo kit)" \
            --command "${LEAPFROG_AB_HEAD_ARGS:+LEAPFROG_AB_HEAD_ARGS='$LEAPFROG_AB_HEAD_ARGS' }scripts/device-run.sh bench-ab $base_dir $rounds $*" \
            --out "$out/ab.csv" "${runs[@]}"
        ;;
    main)
        "${wrap[@]}" "$java" "${jvm[@]}" -cp "$cp" "$@"
        ;;
    leapfrog)
        "$java" "${jvm[@]}" -cp "$kit/lib/*" io.leapfrog.cli.Main "$@"
        ;;
    *)
        echo "usage: scripts/device-run.sh tests|bench|bench-ab|main|leapfrog|stage-duckdb ..." >&2
        exit 2
        ;;
esac
