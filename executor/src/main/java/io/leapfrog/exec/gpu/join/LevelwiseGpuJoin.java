package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuOutOfMemoryException;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.storage.Trie;
import io.leapfrog.kernels.layout.LfTable;

/**
 * The level-wise ("GPU-optimized") join: binds one variable per step for all partial bindings at once.
 * For level L and a table of the bindings of levels 0..L-1:
 * <ol>
 *   <li>{@code lw_sizes}: each row's driver, the participant with the fewest values in the level's bounds;</li>
 *   <li>a prefix sum of those sizes numbers the candidates (row r owns [offsets[r], offsets[r+1]));</li>
 *   <li>{@code lw_flags}: each warp takes an equal contiguous range of candidates (its first row found by
 *       load-balancing search, the rest stepped through) and checks each candidate in every other
 *       participant by binary search, four per lane in lockstep; a prefix sum of the flags places the hits;</li>
 *   <li>{@code lw_scatter} writes the next table, which the next level expands in turn.</li>
 * </ol>
 * At the last level a count needs no table: {@code lw_count} reduces the hits on the device (and
 * {@code lw_count_bits} those of rows whose two lists are rows of one core bitmap, {@link CoreBitmaps}), and
 * {@code lw_reduce} their sum, minimum or maximum of one variable ({@link #reduce}). Past the
 * output variables, {@code lw_exists} runs the leapfrog triejoin from each row to find one extension.
 *
 * <p>Memory: the candidates of a level are processed in windows sized from the memory left (half of
 * it per level, so deeper levels keep room); a window whose allocations fail is halved and redone.
 * Each window's table is expanded to the end before the next window starts (depth first), so at any
 * time one table per level is alive. Only a window of a single candidate that cannot fit makes the
 * join fail (and the executor fall back to the CPU).
 */
final class LevelwiseGpuJoin implements GpuJoinOperator {
    static final LevelwiseGpuJoin INSTANCE = new LevelwiseGpuJoin();

    private static final int BLOCK = 256;
    /** Candidates per warp in the candidate kernels once the device is full (the fastest on an H100). */
    private static final int CHUNK = 512;
    /**
     * Warps per multiprocessor worth filling before a warp takes more than one lane's worth (32) of
     * candidates: on a small level the join is latency-bound, and a warp's time grows with its steps.
     */
    private static final int WARPS_PER_SM = 32;
    /** Largest candidate window (the flags scan is 32-bit). */
    private static final long MAX_WINDOW = 1L << 30;
    /** Rows each warp of lw_count_bits walks (a warp counts each of their bitmap rows in turn). */
    private static final int BIT_ROWS_PER_WARP = 32;
    /** Most rows copied back at once. */
    private static final int CHUNK_ROWS = 1 << 22;

    private LevelwiseGpuJoin() {
    }

    @Override
    public boolean countOnly() {
        return false;
    }

    @Override
    public String toString() {
        return "level-wise join";
    }

    /** The count, level by level (the selector tries the count-only operators first). */
    @Override
    public long count(DeviceJoin j) {
        return new Walk(j).count(j.plan().loaded());
    }

    @Override
    public void enumerate(DeviceJoin j, HostRows rows) {
        new Walk(j).enumerate(j.plan().loaded(), rows);
    }

    /** The reduction over every binding, the last level reduced on the device (no per-hit memory). */
    @Override
    public Reduction.Result reduce(DeviceJoin j, Reduction r) {
        return new Walk(j).reduce(j.plan().loaded(), r);
    }

    /** One join's walk through the levels: its tables, windows and running count or reduction. */
    private static final class Walk {
        private final GpuDevice dev;
        private final ResidentTries mem;
        private final GpuJoinStats stats;
        private GpuPlan plan;
        private boolean counting;
        private long count;
        /** Set when counting for a reduction: the last level reduces instead of counting. */
        private Reduction reduction;
        private Reduction.Result reduced;
        private HostRows out;

        Walk(DeviceJoin j) {
            this.dev = j.dev();
            this.mem = j.mem();
            this.stats = j.stats();
        }

        long count(GpuPlan p) {
            this.plan = p;
            this.counting = true;
            this.count = 0;
            process(0, DeviceTable.root());
            return count;
        }

        /** The reduction over every binding, the last level reduced on the device (no per-hit memory). */
        Reduction.Result reduce(GpuPlan p, Reduction r) {
            r.check(p.query);
            this.plan = p;
            this.counting = true;
            this.reduction = r;
            this.reduced = r.none();
            process(0, DeviceTable.root());
            return reduced;
        }

        void enumerate(GpuPlan p, HostRows rows) {
            this.plan = p;
            this.counting = false;
            this.out = rows;
            process(0, DeviceTable.root());
        }

        private void process(int level, DeviceTable in) {
            int n = plan.nvars;
            int k = plan.outVars;
            if (in.rows == 0) {
                return;
            }
            if (level == n) {
                copyBack(in, n);
                return;
            }
            if (level == k) {
                existentialTail(in, level);
                return;
            }
            int rows = in.rows;
            LfTable table = in.struct();
            DeviceBuffer[] work = new DeviceBuffer[3];
            try {
                work[0] = mem.allocate(8L * (rows + 1), "candidate offsets");
                work[1] = mem.allocate(4L * rows, "row drivers");
                work[2] = mem.allocate(4L * rows, "row driver starts");
            } catch (GpuOutOfMemoryException e) {
                DeviceBuffer.closeAll(work);
                halve(level, in, e);
                return;
            }
            DeviceBuffer offsets = work[0];
            DeviceBuffer drv = work[1];
            DeviceBuffer drvLo = work[2];
            boolean countsHere = counting && level == n - 1 && k == n;
            boolean bitRows = countsHere && reduction == null && sharesCoreBitmap(level);
            try {
                dev.launch(LevelwiseKernels.sizes(table, level, bitRows, offsets, drv, drvLo), rows, BLOCK);
                long total = DeviceScan.longs(dev, mem, offsets, offsets, rows);
                stats.candidates += total;
                if (total == 0 && !bitRows) {
                    return;
                }
                if (countsHere) {
                    if (reduction != null) {
                        reduced = reduced.merge(reduceLast(table, level, offsets, drv, drvLo, total), reduction.op());
                    } else {
                        count += countLast(in, level, bitRows, offsets, drv, drvLo, total);
                    }
                    stats.windows[level] = Math.max(stats.windows[level], 1);
                    return;
                }
                int keep = plan.keepSlotsAfter(level);
                long perCandidate = 4 + DeviceTable.bytes(1, level + 1, keep);
                long cap = Math.max(1, Math.min(MAX_WINDOW, mem.available() / 2 / perCandidate));
                long windows = 0;
                for (long o0 = 0; o0 < total; ) {
                    Interrupts.check();
                    long w = Math.min(cap, total - o0);
                    DeviceTable next;
                    try {
                        next = expand(table, level, offsets, drv, drvLo, o0, o0 + w, keep);
                    } catch (GpuOutOfMemoryException e) {
                        if (w == 1) {
                            throw e;
                        }
                        cap = Math.max(1, w / 2);
                        stats.halvings++;
                        continue;
                    }
                    o0 += w;
                    windows++;
                    if (next != null) {
                        try (next) {
                            process(level + 1, next);
                        }
                    }
                }
                stats.windows[level] = Math.max(stats.windows[level], windows);
            } finally {
                DeviceBuffer.closeAll(work);
            }
        }

        /**
         * Blocks for a candidate kernel over {@code candidates} candidates (each warp takes an equal
         * contiguous range of them): a warp per {@link #CHUNK} candidates, at most 64 blocks per
         * multiprocessor; a level too small to fill the device that way gets smaller ranges (down to 32
         * candidates, one step of a warp), so its latency is one or two steps rather than four.
         */
        private int warpBlocks(long candidates) {
            long warpsPerBlock = BLOCK / 32;
            long fill = (long) dev.multiprocessors() * WARPS_PER_SM;
            long chunk = Math.max(32, Math.min(CHUNK, (candidates / fill + 31) / 32 * 32));
            long warps = (candidates + chunk - 1) / chunk;
            return (int) Math.max(1, Math.min((warps + warpsPerBlock - 1) / warpsPerBlock, (long) dev.multiprocessors() * 64));
        }

        /** Processes the two halves of {@code in} in turn: its level's working arrays did not fit for all rows. */
        private void halve(int level, DeviceTable in, GpuOutOfMemoryException e) {
            if (in.rows <= 1) {
                throw e;
            }
            stats.halvings++;
            int mid = in.rows / 2;
            process(level, in.slice(0, mid));
            process(level, in.slice(mid, in.rows));
        }

        /** Hits among candidates [o0, o1) of {@code level}, as the next level's table (null when none). */
        private DeviceTable expand(LfTable table, int level, DeviceBuffer offsets, DeviceBuffer drv, DeviceBuffer drvLo,
                                   long o0, long o1, int keep) {
            int w = (int) (o1 - o0);
            try (DeviceBuffer flags = mem.allocate(4L * (w + 1), "candidate flags")) {
                dev.launchGrid(LevelwiseKernels.flags(table, level, offsets, o0, o1, drv, drvLo, flags), warpBlocks(w), BLOCK);
                int hits = DeviceScan.ints(dev, mem, flags, flags, w);
                if (hits == 0) {
                    return null;
                }
                DeviceTable next = DeviceTable.allocate(mem, hits, level + 1, keep);
                dev.launchGrid(LevelwiseKernels.scatter(table, next.struct(), level, offsets, o0, o1, drv, drvLo, flags, keep),
                        warpBlocks(w), BLOCK);
                return next;
            }
        }

        /** Whether {@code level}'s two participants read one trie level that has a core bitmap (lw_count_bits). */
        private boolean sharesCoreBitmap(int level) {
            Trie t = plan.sharedTrieLevel(level);
            return t != null && mem.hasCoreBitmap(t, plan.partTrieLevel[level][0]);
        }

        /**
         * Counts the hits among all candidates of the last level; no per-candidate memory. With
         * {@code bitRows}, the rows lw_sizes gave to bitmap counting are counted by lw_count_bits into the
         * same sum (a warp per row, {@link #BIT_ROWS_PER_WARP} rows per warp).
         */
        private long countLast(DeviceTable in, int level, boolean bitRows, DeviceBuffer offsets, DeviceBuffer drv,
                               DeviceBuffer drvLo, long total) {
            LfTable table = in.struct();
            try (DeviceBuffer sum = mem.allocate(8, "join count")) {
                dev.fill(sum, 0, 2, 0);
                if (total > 0) {
                    dev.launchGrid(LevelwiseKernels.count(table, level, offsets, 0, total, drv, drvLo, sum), warpBlocks(total), BLOCK);
                }
                if (bitRows) {
                    long warps = (in.rows + BIT_ROWS_PER_WARP - 1) / BIT_ROWS_PER_WARP;
                    stats.bitmapCounts++;
                    dev.launch(LevelwiseKernels.countBits(table, level, drv, BIT_ROWS_PER_WARP, sum), 32 * warps, BLOCK);
                }
                return dev.readLong(sum, 0);
            }
        }

        /** The reduction over the hits among all candidates of the last level; no per-candidate memory. */
        private Reduction.Result reduceLast(LfTable table, int level, DeviceBuffer offsets, DeviceBuffer drv, DeviceBuffer drvLo,
                                            long total) {
            try (DeviceReduction out = DeviceReduction.start(dev, mem, reduction.op())) {
                dev.launchGrid(LevelwiseKernels.reduce(table, level, offsets, 0, total, drv, drvLo,
                        DeviceReduction.program(reduction.value()), DeviceReduction.program(reduction.keep()),
                        DeviceReduction.op(reduction.op()), out.out), warpBlocks(total), BLOCK);
                return out.result();
            }
        }

        /** Rows of {@code in} (bindings of the output variables) that extend to a full binding. */
        private void existentialTail(DeviceTable in, int level) {
            DeviceBuffer flags;
            try {
                flags = mem.allocate(4L * (in.rows + 1), "extension flags");
            } catch (GpuOutOfMemoryException e) {
                halve(level, in, e);
                return;
            }
            try (flags) {
                dev.launch(LevelwiseKernels.exists(plan.variant(), in.struct(), level, in.slotMask, flags), in.rows, BLOCK);
                int hits = DeviceScan.ints(dev, mem, flags, flags, in.rows);
                if (counting) {
                    count += hits;
                    return;
                }
                if (hits == 0) {
                    return;
                }
                if (level == 0) {
                    out.appendEmpty();
                    return;
                }
                try (DeviceTable kept = DeviceTable.allocate(mem, hits, level, 0)) {
                    dev.launch(LevelwiseKernels.compact(in.struct(), kept.struct(), level, flags), in.rows, BLOCK);
                    copyBack(kept, level);
                }
            }
        }

        /** Copies the first {@code cols} columns of every row back to the host, in chunks (smaller when memory is short). */
        private void copyBack(DeviceTable t, int cols) {
            int chunk = Math.min(t.rows, Math.max(1, CHUNK_ROWS / Math.max(1, cols)));
            DeviceBuffer buf = null;
            while (buf == null) {
                try {
                    buf = mem.allocate(4L * chunk * cols, "result rows");
                } catch (GpuOutOfMemoryException e) {
                    if (chunk == 1) {
                        throw e;
                    }
                    chunk = Math.max(1, chunk / 2);
                    stats.halvings++;
                }
            }
            LfTable table = t.struct();
            try (DeviceBuffer rowsBuf = buf) {
                int[] host = new int[chunk * cols];
                for (int r0 = 0; r0 < t.rows; r0 += chunk) {
                    int r1 = Math.min(t.rows, r0 + chunk);
                    int rows = r1 - r0;
                    dev.launch(LevelwiseKernels.rows(table, cols, r0, r1, rowsBuf), (long) rows * cols, BLOCK);
                    dev.download(rowsBuf, 0, host, 0, rows * cols);
                    out.append(host, rows);
                    stats.rowsBack += rows;
                }
            }
        }
    }
}
