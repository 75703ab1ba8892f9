package io.leapfrog.exec.mining;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;

import java.util.Locale;

/**
 * The cliques of k vertices counted on the GPU (kernels/src/main/cuda/clique_kernels.cuh): the same DAG as
 * {@link KCliques} (edges from the earlier to the later vertex of a degeneracy order), each root's later
 * neighbours as a bit matrix in device memory, and a task per (root, later neighbour) taken by a group of
 * lanes holding one 32-bit word of each set apiece. The roots go to the device in windows of at most
 * {@link #WINDOW_BYTES} of matrices, so device memory bounds no graph; a root's later neighbours must be at most
 * {@link #MAX_LATER_NEIGHBOURS} (the degeneracy bounds them).
 *
 * <p>Counts are exact in 64 bits: a count past {@code 2^63 - 1} is an error, never a wrapped number.
 */
public final class GpuKCliques {
    /** The largest k the kernels take: a task's stack holds fewer than k frames of each thread in shared memory. */
    public static final int MAX_K = 32;
    /** The widest bit matrix: 32 lanes of 32-bit words. */
    public static final int MAX_LATER_NEIGHBOURS = 1024;
    /** Device bytes of bit matrices in one window. */
    static final long WINDOW_BYTES = 256L << 20;
    /** From this k on, the pivoting search counts; below it, listing (docs/mining.md says why). */
    public static final int PIVOTING_FROM_K = 7;
    /** The binomials' largest r, as the kernels lay the table out (KC_BINOM_COLUMNS - 1). */
    private static final int BINOMIAL_R = 32;
    private static final int ROWS_BLOCK = 256;
    private static final int COUNT_BLOCK = 128;

    /** The search the GPU uses for cliques of {@code k} vertices: pivoting from {@link #PIVOTING_FROM_K}. */
    public static KCliqueSearch searchFor(int k) {
        return k >= PIVOTING_FROM_K ? KCliqueSearch.PIVOTING : KCliqueSearch.LISTING;
    }

    private GpuKCliques() {
    }

    /** Why the cliques of {@code k} vertices of {@code g} are not counted on the GPU, or null when they can be. */
    public static String ineligible(Graph g, int k) {
        if (k < 3) {
            return "cliques of " + k + " vertices are read off the graph";
        }
        if (k > MAX_K) {
            return "k = " + k + " is past the GPU's " + MAX_K;
        }
        int later = g.oriented().maxOutDegree();
        if (later > MAX_LATER_NEIGHBOURS) {
            return String.format(Locale.ROOT, "a vertex has %,d later neighbours, past the GPU's %,d", later,
                    MAX_LATER_NEIGHBOURS);
        }
        return null;
    }

    /** The number of cliques of {@code k} vertices, by the search {@link #searchFor} picks. */
    public static long count(GpuDevice device, Graph g, int k) {
        return count(device, g, k, searchFor(k));
    }

    /**
     * The number of cliques of {@code k} vertices of {@code g}, counted on {@code device} by {@code search}.
     *
     * @throws IllegalArgumentException when {@link #ineligible} gives a reason
     * @throws LeapfrogException when the count passes {@code 2^63 - 1}, or the calling thread is interrupted
     */
    public static long count(GpuDevice device, Graph g, int k, KCliqueSearch search) {
        return count(device, g, k, search, WINDOW_BYTES);
    }

    /**
     * As {@link #count(GpuDevice, Graph, int, KCliqueSearch)}, with windows of {@code windowBytes} of bit matrices (a
     * root's own matrix is never split, so a window holds at least one root).
     */
    public static long count(GpuDevice device, Graph g, int k, KCliqueSearch search, long windowBytes) {
        String why = ineligible(g, k);
        if (why != null) {
            throw new IllegalArgumentException(why);
        }
        InterruptCheck.atEntry();
        if (k - 1 > g.degeneracy().degeneracy()) {
            return 0;
        }
        OrientedGraph dag = g.oriented();
        int[] roots = roots(dag, k);
        if (roots.length == 0) {
            return 0;
        }
        int group = groupFor(dag.maxOutDegree());
        long[] binom = new Binomials(MAX_LATER_NEIGHBOURS, BINOMIAL_R).table();
        return device.run(() -> {
            Window w = new Window(device, dag, roots, windowBytes);
            try {
                return w.count(group, k, search, binom);
            } finally {
                w.close();
            }
        });
    }

    /** The roots that start a k-clique's search: core number and later neighbours at least k - 1. */
    private static int[] roots(OrientedGraph dag, int k) {
        int n = 0;
        int[] out = new int[dag.size()];
        for (int r = 0; r < dag.size(); r++) {
            if (dag.core(r) >= k - 1 && dag.outDegree(r) >= k - 1) {
                out[n++] = r;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }

    /** Lanes per task: the fewest (a power of two) whose words hold the widest matrix's row. */
    static int groupFor(int maxLater) {
        int words = Math.max(1, (maxLater + 31) >>> 5);
        return Integer.highestOneBit(words) == words ? words : Integer.highestOneBit(words) << 1;
    }

    /** One count's device buffers: the DAG, a window's roots and matrices, the task counter and the totals. */
    private static final class Window {
        private final GpuDevice device;
        private final OrientedGraph dag;
        private final int[] roots;
        private final long windowBytes;
        private DeviceBuffer offsets;
        private DeviceBuffer targets;
        private DeviceBuffer windowRoots;
        private DeviceBuffer rowBase;
        private DeviceBuffer taskStart;
        private DeviceBuffer rows;
        private DeviceBuffer binom;
        private DeviceBuffer counters;

        Window(GpuDevice device, OrientedGraph dag, int[] roots, long windowBytes) {
            this.device = device;
            this.dag = dag;
            this.roots = roots;
            this.windowBytes = windowBytes;
        }

        long count(int group, int k, KCliqueSearch search, long[] binomials) {
            int n = dag.size();
            int[] off = new int[n + 1];
            for (int r = 0; r <= n; r++) {
                off[r] = dag.start(r);
            }
            int[] tgt = dag.targets();
            offsets = device.allocate(4L * (n + 1), "k-clique DAG offsets");
            targets = device.allocate(4L * Math.max(1, tgt.length), "k-clique DAG targets");
            device.upload(off, 0, n + 1, offsets, 0);
            device.upload(tgt, 0, tgt.length, targets, 0);
            binom = device.allocate(8L * binomials.length, "k-clique binomials");
            device.upload(binomials, 0, binomials.length, binom, 0);
            counters = device.allocate(8L * 4, "k-clique counters");
            device.fill(counters, 0, 8, 0);

            long maxWords = Math.max(1, windowBytes / 4);
            long biggest = 0;
            for (int r : roots) {
                biggest = Math.max(biggest, matrixWords(dag.outDegree(r)));
            }
            long rowWords = Math.max(maxWords, biggest);
            rows = device.allocate(4L * rowWords, "k-clique bit matrices");
            int cap = windowCapacity(rowWords);
            windowRoots = device.allocate(4L * cap, "k-clique window roots");
            rowBase = device.allocate(8L * cap, "k-clique matrix offsets");
            taskStart = device.allocate(4L * (cap + 1), "k-clique task starts");

            String kernel = CliqueKernels.countKernel(group);
            int frames = Math.max(1, k - 2);
            int shared = (search == KCliqueSearch.PIVOTING ? 3 : 1) * frames * COUNT_BLOCK * 4;
            int blocks = device.maxResidentBlocks(kernel, COUNT_BLOCK, shared);
            int[] ids = new int[cap];
            long[] bases = new long[cap];
            int[] starts = new int[cap + 1];
            for (int from = 0; from < roots.length; ) {
                InterruptCheck.atEntry();
                int count = 0;
                long words = 0;
                int tasks = 0;
                while (from + count < roots.length) {
                    int d = dag.outDegree(roots[from + count]);
                    long m = matrixWords(d);
                    if (count > 0 && words + m > rowWords) {
                        break;
                    }
                    ids[count] = roots[from + count];
                    bases[count] = words;
                    starts[count] = tasks;
                    words += m;
                    tasks += d;
                    count++;
                }
                starts[count] = tasks;
                device.upload(ids, 0, count, windowRoots, 0);
                device.upload(bases, 0, count, rowBase, 0);
                device.upload(starts, 0, count + 1, taskStart, 0);
                device.fill(rows, 0, words, 0);
                device.launch(CliqueKernels.rows(offsets, targets, windowRoots, count, rowBase, rows), 32L * count, ROWS_BLOCK);
                device.fill(counters, 24, 2, 0);
                device.launchGrid(CliqueKernels.count(group, rowBase, taskStart, count, rows, k, search == KCliqueSearch.PIVOTING, binom,
                        counters), blocks, COUNT_BLOCK, shared);
                from += count;
            }
            long[] totals = new long[3];
            device.download(counters, 0, totals, 0, 3);
            if (totals[2] != 0 || totals[1] != 0 || totals[0] < 0) {
                throw Binomials.countTooLarge();
            }
            return totals[0];
        }

        /** Roots a window may hold: every root's matrix is at least one word, so no more than the words. */
        private int windowCapacity(long rowWords) {
            return (int) Math.min(roots.length, rowWords);
        }

        void close() {
            DeviceBuffer.closeAll(offsets, targets, windowRoots, rowBase, taskStart, rows, binom, counters);
        }
    }

    private static long matrixWords(int later) {
        return (long) later * ((later + 31) >>> 5);
    }
}
