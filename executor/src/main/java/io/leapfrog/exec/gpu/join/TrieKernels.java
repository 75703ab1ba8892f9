package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.KernelCall;

import static io.leapfrog.exec.gpu.KernelArg.i32;
import static io.leapfrog.exec.gpu.KernelArg.ptr;

/**
 * Launches of the kernels that build a resident trie's search structures
 * (kernels/src/main/cuda/rank_kernels.cuh). KernelDeclarationsTest checks every method against the
 * kernel's declaration.
 */
public final class TrieKernels {
    private TrieKernels() {
    }

    /** {@code lf_build_rank}: the rank table of a first trie level's {@code len} values from {@code min} on. */
    public static KernelCall buildRank(DeviceBuffer vals, int len, int min, DeviceBuffer rank) {
        return KernelCall.of("lf_build_rank", ptr(vals), i32(len), i32(min), ptr(rank));
    }

    /**
     * {@code lf_build_bits}: the core bitmap (cleared first) of a trie level, nodes [row0, row0 + rows) of
     * the level above and columns [col0, col0 + 32 * words).
     */
    public static KernelCall buildBits(DeviceBuffer vals, DeviceBuffer parentOff, int row0, int rows, int col0, int words,
                                       DeviceBuffer bits) {
        return KernelCall.of("lf_build_bits", ptr(vals), ptr(parentOff), i32(row0), i32(rows), i32(col0), i32(words), ptr(bits));
    }
}
