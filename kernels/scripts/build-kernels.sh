#!/usr/bin/env bash
# Compiles the CUDA kernels into one fatbin resource and checks every kernel with ptxas.
#   build-kernels.sh SRC_DIR LAYOUT_DIR OUT_DIR REPORT_FILE
# LAYOUT_DIR holds layout_gen.cuh, which LayoutGenerator wrote from src/main/layout/layout.def.
# The fatbin holds SASS for sm_80 and sm_90 (fast start on A100/H100-class GPUs) and PTX for
# compute_75, which the driver JIT-compiles for any other GPU of compute capability 7.5 or newer
# (CUDA 13's nvcc cannot target older GPUs; see kernels/README.md).
# Without nvcc the build goes on without kernels (a CPU-only artifact) and says so.
set -euo pipefail
src="$1"; layout="$2"; out="$3"; report="$4"
mkdir -p "$out" "$(dirname "$report")"
if ! command -v nvcc >/dev/null 2>&1; then
    echo "[kernels] nvcc was not found on the PATH: building a CPU-only artifact without GPU kernels."
    echo "[kernels] --device gpu will say that this build has no kernels. Install the CUDA toolkit (nvcc) and rebuild to get them."
    rm -f "$out/leapfrog.fatbin"
    rm -rf "$out/cuda"
    exit 0
fi
# A fatbin newer than every source (and this script) is kept: nvcc takes over a minute.
if [[ -f "$out/leapfrog.fatbin" && -f "$report" && -d "$out/cuda" \
      && -z "$(find "$src" "$layout" "${BASH_SOURCE[0]}" -newer "$out/leapfrog.fatbin" -print -quit)" ]]; then
    echo "[kernels] leapfrog.fatbin is up to date"
    exit 0
fi
flags=(-O3 -std=c++17 -lineinfo -I"$layout")
# One nvcc run: ptxas (-v) reports registers, stack and spills of every kernel for both SASS targets.
nvcc "${flags[@]}" -fatbin -Xptxas -v \
    -gencode arch=compute_80,code=sm_80 \
    -gencode arch=compute_90,code=sm_90 \
    -gencode arch=compute_75,code=compute_75 \
    -o "$out/leapfrog.fatbin" "$src/leapfrog.cu" 2> "$report" || { cat "$report" >&2; exit 1; }
# The headers, for kernels generated at run time for one plan's shape (ShapedKernels in the executor),
# which nvcc compiles against them wherever it is found then; cuda/headers.txt lists them.
rm -rf "$out/cuda" && mkdir -p "$out/cuda"
cp "$src"/*.cuh "$layout"/*.cuh "$out/cuda/"
(cd "$out/cuda" && ls *.cuh > headers.txt)
kernels=$(grep -c "Compiling entry function .* for 'sm_90'" "$report" || true)
spills=$(grep -E "[1-9][0-9]* bytes spill (stores|loads)" "$report" || true)
if [[ -n "$spills" ]]; then
    rm -f "$out/leapfrog.fatbin"
    echo "[kernels] ptxas reports register spills (see $report):" >&2
    echo "$spills" >&2
    exit 1
fi
maxregs=$(grep -oE "Used [0-9]+ registers" "$report" | awk '{print $2}' | sort -n | tail -1)
echo "[kernels] built leapfrog.fatbin: $kernels kernels, sm_80 + sm_90 SASS, compute_75 PTX; ptxas: no spills, at most $maxregs registers ($(nvcc --version | tail -1))"
