package io.leapfrog.exec.gpu.join;

/**
 * What one GPU join did: windows per level (more than one means the level was split to fit memory),
 * window halvings after an allocation failed, device memory peak, bytes uploaded, rows copied back.
 */
public final class GpuJoinStats {
    final long[] windows = new long[17];
    long halvings;
    long peakBytes;
    long uploadedBytes;
    long rowsBack;
    long candidates;
    long bitmapCounts;
    long fusedCounts;
    long fusedOverflows;
    long depthFirstCounts;
    long shapedCounts;
    long residentCounts;
    String depthFirstDeclined;
    FusedTrace fusedTrace;

    /** Windows at level {@code l} (for LFTJ-GPU, level 0 counts driver windows). */
    public long windows(int l) {
        return windows[l];
    }

    /** Largest window count over the levels: 1 when nothing was split. */
    public long maxWindows() {
        long m = 0;
        for (long w : windows) {
            m = Math.max(m, w);
        }
        return m;
    }

    public long halvings() {
        return halvings;
    }

    public long peakBytes() {
        return peakBytes;
    }

    public long uploadedBytes() {
        return uploadedBytes;
    }

    public long rowsBack() {
        return rowsBack;
    }

    /** Last levels whose rows could be counted from a core bitmap (lw_count_bits launched). */
    public long bitmapCounts() {
        return bitmapCounts;
    }

    /** Counts made in one cooperative launch ({@link FusedLevelwiseCount}). */
    public long fusedCounts() {
        return fusedCounts;
    }

    /** Counts made depth first ({@link DepthFirstCount}): launched, or taken by a resident kernel. */
    public long depthFirstCounts() {
        return depthFirstCounts;
    }

    /** Depth-first counts made by a kernel compiled for the plan's shape ({@link ShapedKernels}). */
    public long shapedCounts() {
        return shapedCounts;
    }

    /** Depth-first counts taken as a job by a kernel left running between counts ({@code ResidentKernel}). */
    public long residentCounts() {
        return residentCounts;
    }

    /** Why the depth-first count did not take this count (DepthFirstCount), or null. */
    public String depthFirstDeclined() {
        return depthFirstDeclined;
    }

    /** Fused counts that outgrew their workspace, after which the level-wise join counted. */
    public long fusedOverflows() {
        return fusedOverflows;
    }

    /** With {@code GpuOptions.traceCounts}, the last fused or depth-first count's steps; null otherwise. */
    public FusedTrace fusedTrace() {
        return fusedTrace;
    }

    /** Candidates checked by the level-wise join (0 for LFTJ-GPU); rows counted from bitmaps add none. */
    public long candidates() {
        return candidates;
    }
}
