package io.leapfrog.exec.mining;

import java.util.Arrays;

/**
 * A small induced subgraph as an adjacency matrix of bit rows: local vertices 0..size-1, each standing for
 * a vertex of the whole graph. One instance is refilled for task after task, so its arrays only grow.
 */
final class BitGraph {
    private int size;
    private int words;
    private long[] rows = new long[0];
    private int[] vertex = new int[0];

    /** Empties the graph and makes room for {@code size} local vertices with no edges. */
    void reset(int size) {
        this.size = size;
        this.words = (size + 63) >>> 6;
        long cells = (long) size * words;
        if (cells > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("a neighbourhood of " + size + " vertices is too large for a bit matrix");
        }
        if (rows.length < cells) {
            rows = new long[(int) Math.max(cells, Math.min(Integer.MAX_VALUE - 8, 2L * rows.length))];
        } else {
            Arrays.fill(rows, 0, (int) cells, 0L);
        }
        if (vertex.length < size) {
            vertex = new int[Math.max(size, 2 * vertex.length)];
        }
    }

    /** Local vertices. */
    int size() {
        return size;
    }

    /** Longs per row. */
    int words() {
        return words;
    }

    /** The rows, row i at {@code i * words()}. Shared, not copied. */
    long[] rows() {
        return rows;
    }

    /** The graph vertex local vertex {@code i} stands for. */
    int vertex(int i) {
        return vertex[i];
    }

    void setVertex(int i, int graphVertex) {
        vertex[i] = graphVertex;
    }

    /** Records the edge between local vertices i and j in i's row (the caller adds j's side). */
    void connect(int i, int j) {
        rows[i * words + (j >>> 6)] |= 1L << j;
    }

    boolean adjacent(int i, int j) {
        return (rows[i * words + (j >>> 6)] & (1L << j)) != 0;
    }
}
