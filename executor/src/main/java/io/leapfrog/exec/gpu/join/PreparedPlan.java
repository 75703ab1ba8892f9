package io.leapfrog.exec.gpu.join;

/**
 * A query's GPU plan, kept for the next run of the same query object as a prepared statement keeps its
 * plan: the compiled plan always, and while the resident tries stay as they were
 * ({@link ResidentTries#generation}) its encoding for their device addresses and its depth-first
 * count's launch ({@link DepthFirstCount.Launch}). A small count spends about as long planning,
 * encoding and setting up its launch on the host as its kernel runs; a query run again skips all three.
 */
final class PreparedPlan {
    final GpuPlan plan;
    /** The resident tries' generation {@link #encoded} is for (unique in the process: it names the resident set too). */
    private long generation;
    private byte[] encoded;
    /** The depth-first count's launch for {@link #encoded}, made by the first count that needs it; or null. */
    DepthFirstCount.Launch depthFirst;
    /** What a resident kernel for {@link #depthFirst} is launched with (made by its first resident count), or null. */
    ResidentCount.Key residentKey;

    private long trieBytes = -1;

    PreparedPlan(GpuPlan plan) {
        this.plan = plan;
    }

    /**
     * Bytes the plan's tries take on the device with core bitmaps under {@code bitmaps}
     * ({@link ResidentTries#bytesOf}; tries do not change, and one executor keeps one policy).
     */
    long trieBytes(GpuOptions.CoreBitmapPolicy bitmaps) {
        if (trieBytes < 0) {
            long n = 0;
            for (io.leapfrog.exec.storage.Trie t : plan.tries) {
                n += ResidentTries.bytesOf(t, bitmaps);
            }
            trieBytes = n;
        }
        return trieBytes;
    }

    /** The plan encoded for {@code lease}, the tries pinned now in {@code mem}: again only when they moved. */
    byte[] encodedFor(ResidentTries mem, ResidentTries.Lookup lease) {
        if (encoded == null || mem.generation() != generation) {
            encoded = plan.encode(lease);
            depthFirst = null;
            generation = mem.generation();
        }
        return encoded;
    }
}
