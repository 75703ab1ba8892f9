package io.leapfrog.exec.gpu.join;

import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfFusedArgs;
import io.leapfrog.kernels.layout.LfWarpArgs;

import java.util.List;

/**
 * The trie arrays a count's blocks copy into their shared memory before they start (the fused count's
 * and the block count's spans: LfFusedArgs and LfWarpArgs list them alike), and where each goes.
 */
final class StagedSpans {
    private final long[] src = new long[KernelConstants.LW_FUSED_SPANS];
    private final int[] bytes = new int[KernelConstants.LW_FUSED_SPANS];
    private final int[] at = new int[KernelConstants.LW_FUSED_SPANS];
    private int n;
    private int end;

    private StagedSpans() {
    }

    /**
     * Chooses the trie arrays ({address, bytes}) to stage: in the given order (GpuPlan.searchedArrays: the
     * most searched first), each that still fits {@code limit} bytes, at 16-byte boundaries from byte
     * {@code from} (a multiple of 16) of the dynamic shared memory on; the kernels copy 16-byte words, so
     * an array must start at one. At most {@code LW_FUSED_SPANS}.
     */
    static StagedSpans choose(List<long[]> arrays, int limit, int from) {
        StagedSpans s = new StagedSpans();
        int place = from;
        for (long[] span : arrays) {
            long size = span[1];
            if (s.n == KernelConstants.LW_FUSED_SPANS || size == 0 || place + size > limit || (span[0] & 15) != 0) {
                continue;
            }
            s.src[s.n] = span[0];
            s.bytes[s.n] = (int) size;
            s.at[s.n] = place;
            place += (int) ((size + 15) & ~15L);
            s.n++;
        }
        s.end = place;
        return s;
    }

    /** Spans staged. */
    int count() {
        return n;
    }

    /** The dynamic shared memory a block needs up to the end of the last span ({@code from} when none is staged). */
    int end() {
        return end;
    }

    void writeTo(LfFusedArgs a) {
        for (int i = 0; i < n; i++) {
            a.spanSrc(i, src[i]).spanBytes(i, bytes[i]).spanAt(i, at[i]);
        }
        a.nSpans(n);
    }

    void writeTo(LfWarpArgs a) {
        for (int i = 0; i < n; i++) {
            a.spanSrc(i, src[i]).spanBytes(i, bytes[i]).spanAt(i, at[i]);
        }
        a.nSpans(n);
    }
}
