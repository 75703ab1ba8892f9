package io.leapfrog.exec.storage;

import java.util.function.IntConsumer;

/**
 * Rows 0 .. n-1 cut into contiguous chunks of nearly equal size, for the linear passes over a large
 * relation (its trie, its statistics) that split by rows: each chunk is one task of the storage pool
 * ({@link StorageThreads}).
 */
final class RowChunks {
    /** Below this many rows a pass runs on the calling thread: forking costs more than it saves. */
    static final int PARALLEL_ROWS = 1 << 18;
    /** Rows per chunk at least, so that a chunk's fixed cost stays small next to its rows. */
    private static final int MIN_CHUNK_ROWS = 1 << 16;

    private final int n;
    private final int count;

    RowChunks(int n, int chunks) {
        this.n = n;
        this.count = Math.max(1, Math.min(chunks, Math.max(n, 1)));
    }

    /** The chunk count for a pass over n rows: one below {@link #PARALLEL_ROWS}, else a few per core. */
    static int forRows(int n) {
        if (n < PARALLEL_ROWS) {
            return 1;
        }
        int cores = StorageThreads.parallelism();
        return Math.max(1, Math.min(4 * cores, n / MIN_CHUNK_ROWS));
    }

    int count() {
        return count;
    }

    int from(int chunk) {
        return (int) ((long) n * chunk / count);
    }

    int to(int chunk) {
        return (int) ((long) n * (chunk + 1) / count);
    }

    /** Runs {@code body} for every chunk, in parallel when there are several; returns when all are done. */
    void forEach(IntConsumer body) {
        if (count == 1) {
            body.accept(0);
        } else {
            StorageThreads.forEach(count, body);
        }
    }
}
