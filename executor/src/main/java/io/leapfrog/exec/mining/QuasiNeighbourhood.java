package io.leapfrog.exec.mining;

import java.util.Arrays;

/**
 * The candidate graph of one root task of the quasi-clique search. The task of root r owns the
 * quasi-clique whose first member in the search order is r, so its candidates are later vertices; of
 * those it keeps only vertices that can share a γ-quasi-clique of at least {@code minSize} vertices with r
 * (tests below), then peels the rest to the vertices with enough neighbours among the kept ones. One
 * instance per thread: its per-vertex arrays are clean again after each load.
 */
final class QuasiNeighbourhood {
    private static final int FREE = -1;
    private static final int LATER_NEIGHBOUR = -2;

    private final Graph graph;
    private final int[] adjacency;
    private final int[] order;
    private final int[] position;
    private final QuasiThresholds thresholds;
    private final int minSize;
    /** Per vertex: its common neighbours with the root among the root's later neighbours; 0 between loads. */
    private final int[] shared;
    /** Per vertex: its index among the kept vertices, or a mark; FREE between loads. */
    private final int[] local;
    private int[] later = new int[16];
    private int[] touched = new int[16];
    private int[] members = new int[16];
    private int[] degree = new int[16];
    private boolean[] gone = new boolean[16];
    private int[] queue = new int[16];

    /**
     * @param order    the vertices the search may use, in search order
     * @param position each vertex's index in {@code order}, or -1 for a vertex pruned beforehand
     */
    QuasiNeighbourhood(Graph graph, int[] order, int[] position, QuasiThresholds thresholds, int minSize) {
        this.graph = graph;
        this.adjacency = graph.adjacency();
        this.order = order;
        this.position = position;
        this.thresholds = thresholds;
        this.minSize = minSize;
        this.shared = new int[graph.size()];
        this.local = new int[graph.size()];
        Arrays.fill(local, FREE);
    }

    /**
     * Fills {@code into} with the root (local vertex 0) and its candidates in search order; false, with
     * {@code into} untouched, when no quasi-clique of at least minSize vertices can start at the root.
     */
    boolean load(int root, BitGraph into) {
        int p = position[root];
        int laterCount = 0;
        for (int j = graph.start(root), end = graph.start(root + 1); j < end; j++) {
            int y = adjacency[j];
            if (position[y] > p) {
                later = grow(later, laterCount);
                later[laterCount++] = y;
            }
        }
        // The root has at most laterCount neighbours in any quasi-clique of its task, which caps its size.
        if (thresholds.maxSize(laterCount) < minSize) {
            return false;
        }
        for (int i = 0; i < laterCount; i++) {
            local[later[i]] = LATER_NEIGHBOUR;
        }
        // Common neighbours of the root and each later vertex, counted among the root's later neighbours
        // (every common neighbour inside a quasi-clique of this task is one). A vertex sharing fewer than
        // two members of a quasi-clique of at least minSize vertices must share cannot be in one with the
        // root; for a non-neighbour the bound is at least one, the diameter-2 rule of γ >= 0.5.
        int pair = Math.max(minSize, 2);
        int needAdjacent = thresholds.sharedByAdjacent(pair);
        int needFar = thresholds.sharedByNonAdjacent(pair);
        int touchedCount = 0;
        for (int i = 0; i < laterCount; i++) {
            int w = later[i];
            for (int j = graph.start(w), end = graph.start(w + 1); j < end; j++) {
                int y = adjacency[j];
                if (position[y] > p && shared[y]++ == 0) {
                    touched = grow(touched, touchedCount);
                    touched[touchedCount++] = y;
                }
            }
        }
        int count = 0;
        members = grow(members, count);
        members[count++] = root;
        for (int i = 0; i < laterCount; i++) {
            int y = later[i];
            if (shared[y] >= needAdjacent) {
                members = grow(members, count);
                members[count++] = y;
            }
        }
        for (int i = 0; i < touchedCount; i++) {
            int y = touched[i];
            if (local[y] != LATER_NEIGHBOUR && shared[y] >= needFar) {
                members = grow(members, count);
                members[count++] = y;
            }
        }
        for (int i = 0; i < touchedCount; i++) {
            shared[touched[i]] = 0;
        }
        for (int i = 0; i < laterCount; i++) {
            local[later[i]] = FREE;
        }
        int kept = peel(count);
        boolean rootKept = !gone[0];
        if (!rootKept || kept < minSize) {
            for (int i = 0; i < count; i++) {
                local[members[i]] = FREE;
            }
            return false;
        }
        // Kept vertices in search order (the root first, as it comes first), then their edges.
        int[] positions = queue.length >= kept ? queue : (queue = new int[kept]);
        int m = 0;
        for (int i = 0; i < count; i++) {
            local[members[i]] = FREE;
            if (!gone[i]) {
                positions[m++] = position[members[i]];
            }
        }
        Arrays.sort(positions, 0, m);
        into.reset(m);
        for (int i = 0; i < m; i++) {
            int v = order[positions[i]];
            into.setMember(i, v);
            local[v] = i;
        }
        for (int i = 0; i < m; i++) {
            int v = into.member(i);
            for (int j = graph.start(v), end = graph.start(v + 1); j < end; j++) {
                int u = local[adjacency[j]];
                if (u >= 0) {
                    into.connect(i, u);
                }
            }
        }
        for (int i = 0; i < m; i++) {
            local[into.member(i)] = FREE;
        }
        return true;
    }

    /**
     * Removes, until none is left, the members with fewer than ⌈γ(minSize−1)⌉ neighbours among the members:
     * each member of a quasi-clique of at least minSize vertices has that many in it. Leaves
     * {@code local[member] = index} and {@code gone[index]}; returns the members kept.
     */
    private int peel(int count) {
        if (degree.length < count) {
            degree = new int[Math.max(count, 2 * degree.length)];
            gone = new boolean[degree.length];
            queue = new int[degree.length];
        }
        for (int i = 0; i < count; i++) {
            local[members[i]] = i;
        }
        int least = thresholds.need(minSize - 1);
        int head = 0;
        int tail = 0;
        for (int i = 0; i < count; i++) {
            int v = members[i];
            int d = 0;
            for (int j = graph.start(v), end = graph.start(v + 1); j < end; j++) {
                if (local[adjacency[j]] >= 0) {
                    d++;
                }
            }
            degree[i] = d;
            gone[i] = d < least;
            if (gone[i]) {
                queue[tail++] = i;
            }
        }
        while (head < tail) {
            int v = members[queue[head++]];
            for (int j = graph.start(v), end = graph.start(v + 1); j < end; j++) {
                int u = local[adjacency[j]];
                if (u >= 0 && !gone[u] && --degree[u] < least) {
                    gone[u] = true;
                    queue[tail++] = u;
                }
            }
        }
        return count - tail;
    }

    private static int[] grow(int[] a, int used) {
        return used < a.length ? a : Arrays.copyOf(a, 2 * a.length);
    }
}
