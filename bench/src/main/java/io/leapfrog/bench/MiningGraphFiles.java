package io.leapfrog.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;

/**
 * A graph written in the input formats of the CPU mining peers (../shared/peers/README.md), each written
 * once per graph and kept in a cache directory (bench/target/mining-inputs) under a name made of the
 * dataset and a hash of its edges, so a later bench run on the same graph reads the file again.
 *
 * <p>Every format gets the same simple undirected graph as Leapfrog's mining predicates see it: each edge
 * once whatever its direction, self-loops dropped, the vertices (the values occurring in an edge) numbered
 * 0..n-1 in value order. So there are no isolated vertices, and a peer counting single-vertex maximal cliques
 * or a vertex with no edge counts what Leapfrog does.
 */
final class MiningGraphFiles {

    /** The formats, by peer. */
    enum Format {
        /** PMC: MatrixMarket pattern, 1-based, lower triangle only (its reader stops at the first upper entry). */
        MATRIX_MARKET("mtx"),
        /** quick-cliques: "n 2m", then "u,v" in both directions, 0-based. */
        QUICK_CLIQUES("qc"),
        /** kClist: "u v" per edge, 0-based, no header. */
        EDGE_LINES("edges"),
        /** FastQC: "n m", then "v nb1 nb2 ..." per vertex, no trailing spaces. */
        ADJACENCY_LINES("adj");

        private final String extension;

        Format(String extension) {
            this.extension = extension;
        }
    }

    /** The simple undirected graph: {@code lo[i] < hi[i]}, sorted, distinct, over vertices 0..n-1. */
    private record Simple(int n, int[] lo, int[] hi) {
    }

    private final Path cacheDir;

    MiningGraphFiles(Path cacheDir) {
        this.cacheDir = cacheDir;
    }

    /** The file of a graph in a format, written now unless the cache holds it. */
    Path file(String dataset, EdgeList graph, Format format) {
        Path file = cacheDir.resolve(safe(dataset) + "-" + Long.toHexString(hash(graph)) + "." + format.extension);
        if (Files.isRegularFile(file)) {
            return file;
        }
        try {
            Files.createDirectories(cacheDir);
            Path tmp = Files.createTempFile(cacheDir, "writing-", ".tmp");
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.US_ASCII)) {
                write(simple(graph), format, w);
            }
            // Another bench process may write the same file: either complete copy is the same.
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static String safe(String dataset) {
        return dataset.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static long hash(EdgeList g) {
        long h = 1125899906842597L ^ g.size();
        for (int i = 0; i < g.size(); i++) {
            h = 31 * h + g.src()[i];
            h = 31 * h + g.dst()[i];
        }
        return h;
    }

    private static void write(Simple g, Format format, BufferedWriter w) throws IOException {
        int m = g.lo.length;
        switch (format) {
            case MATRIX_MARKET -> {
                w.write("%%MatrixMarket matrix coordinate pattern symmetric\n");
                w.write(g.n + " " + g.n + " " + m + "\n");
                for (int i = 0; i < m; i++) {
                    w.write((g.hi[i] + 1) + " " + (g.lo[i] + 1) + "\n");
                }
            }
            case QUICK_CLIQUES -> {
                w.write(g.n + " " + 2L * m + "\n");
                int[][] adj = adjacency(g);
                for (int v = 0; v < g.n; v++) {
                    for (int u : adj[v]) {
                        w.write(v + "," + u + "\n");
                    }
                }
            }
            case EDGE_LINES -> {
                for (int i = 0; i < m; i++) {
                    w.write(g.lo[i] + " " + g.hi[i] + "\n");
                }
            }
            case ADJACENCY_LINES -> {
                w.write(g.n + " " + m + "\n");
                int[][] adj = adjacency(g);
                StringBuilder line = new StringBuilder();
                for (int v = 0; v < g.n; v++) {
                    line.setLength(0);
                    line.append(v);
                    for (int u : adj[v]) {
                        line.append(' ').append(u);
                    }
                    w.write(line.append('\n').toString());
                }
            }
        }
    }

    /** Each vertex's neighbours, ascending. */
    private static int[][] adjacency(Simple g) {
        int[] degree = new int[g.n];
        for (int i = 0; i < g.lo.length; i++) {
            degree[g.lo[i]]++;
            degree[g.hi[i]]++;
        }
        int[][] adj = new int[g.n][];
        for (int v = 0; v < g.n; v++) {
            adj[v] = new int[degree[v]];
        }
        int[] fill = new int[g.n];
        for (int i = 0; i < g.lo.length; i++) {
            adj[g.lo[i]][fill[g.lo[i]]++] = g.hi[i];
            adj[g.hi[i]][fill[g.hi[i]]++] = g.lo[i];
        }
        for (int[] a : adj) {
            Arrays.sort(a);
        }
        return adj;
    }

    /** The graph's edges as one undirected simple graph over its vertices renumbered 0..n-1 in value order. */
    static Simple simple(EdgeList g) {
        int[] values = new int[2 * g.size()];
        int k = 0;
        for (int i = 0; i < g.size(); i++) {
            if (g.src()[i] != g.dst()[i]) {
                values[k++] = g.src()[i];
                values[k++] = g.dst()[i];
            }
        }
        int[] vertices = sortedDistinct(Arrays.copyOf(values, k));
        long[] keys = new long[k / 2];
        for (int i = 0; i < k; i += 2) {
            int a = Arrays.binarySearch(vertices, values[i]);
            int b = Arrays.binarySearch(vertices, values[i + 1]);
            keys[i / 2] = ((long) Math.min(a, b) << 32) | Math.max(a, b);
        }
        Arrays.parallelSort(keys);
        int m = 0;
        for (int i = 0; i < keys.length; i++) {
            if (i == 0 || keys[i] != keys[i - 1]) {
                keys[m++] = keys[i];
            }
        }
        long[] edges = Arrays.copyOf(keys, m);
        int[] lo = new int[edges.length];
        int[] hi = new int[edges.length];
        for (int i = 0; i < edges.length; i++) {
            lo[i] = (int) (edges[i] >>> 32);
            hi[i] = (int) edges[i];
        }
        return new Simple(vertices.length, lo, hi);
    }

    /** The values sorted, each once (in place, then trimmed). */
    private static int[] sortedDistinct(int[] values) {
        Arrays.parallelSort(values);
        int m = 0;
        for (int i = 0; i < values.length; i++) {
            if (i == 0 || values[i] != values[i - 1]) {
                values[m++] = values[i];
            }
        }
        return Arrays.copyOf(values, m);
    }
}
