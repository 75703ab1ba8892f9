"""What a Python user would write to count triangles on the GPU with CuPy sparse matrices.

Usage: python3 cupy_triangles.py <edges.bin> [timed_runs]
  edges.bin: little-endian uint32 pairs (u, v), one undirected edge per pair.
Builds U, the upper triangle of the adjacency matrix (float32 CSR, as GPU sparse examples use), and
counts sum((U @ U) .* U): every triangle a < b < c is one path a-b-c closed by the edge a-c.
Prints one line per timed run, "seconds <s>" (CUDA events around the product, the mask and the sum,
after one untimed warm-up), then "count <n>" (the float sum rounded), or "error <message>" when CuPy
fails (for instance out of memory). The count is reported as computed: the float32 accumulation
may be wrong on large graphs, which the bench reports next to the exact counts.
"""
import sys

import numpy as np


def main():
    path = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    try:
        import cupy as cp
        import cupyx.scipy.sparse as sp
    except Exception as e:  # noqa: BLE001 - report any import failure as the peer's error
        print(f"error cupy unavailable: {e}")
        return 0
    edges = np.fromfile(path, dtype=np.uint32).reshape(-1, 2)
    lo = np.minimum(edges[:, 0], edges[:, 1]).astype(np.int32)
    hi = np.maximum(edges[:, 0], edges[:, 1]).astype(np.int32)
    n = int(max(lo.max(), hi.max())) + 1 if len(lo) else 1
    try:
        rows = cp.asarray(lo)
        cols = cp.asarray(hi)
        data = cp.ones(len(lo), dtype=cp.float32)
        upper = sp.coo_matrix((data, (rows, cols)), shape=(n, n)).tocsr()
        start, stop = cp.cuda.Event(), cp.cuda.Event()
        total = None
        for r in range(runs + 1):
            start.record()
            total = (upper @ upper).multiply(upper).sum()
            stop.record()
            stop.synchronize()
            if r > 0:
                print(f"seconds {cp.cuda.get_elapsed_time(start, stop) / 1000.0:.6f}", flush=True)
        print(f"count {int(round(float(total)))}")
    except Exception as e:  # noqa: BLE001 - out of memory and friends are results here
        msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        print(f"error {type(e).__name__}: {msg}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
