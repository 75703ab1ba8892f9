package io.leapfrog.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * A directed edge list in two parallel int arrays. The SNAP graphs of ../shared/data are stored with
 * {@code src < dst} on every line, so read as directed edges they are already oriented: each clique
 * appears exactly once as an increasing sequence of node ids. Every engine in the bench gets these
 * same oriented edges.
 */
public record EdgeList(int[] src, int[] dst) {

    public EdgeList {
        if (src.length != dst.length) {
            throw new IllegalArgumentException("src and dst differ in length");
        }
    }

    public int size() {
        return src.length;
    }

    /** Whether the edges are in strictly increasing (src, dst) order, hence also free of duplicates. */
    public boolean isSortedAndDistinct() {
        for (int i = 1; i < src.length; i++) {
            if (src[i] < src[i - 1] || (src[i] == src[i - 1] && dst[i] <= dst[i - 1])) {
                return false;
            }
        }
        return true;
    }

    /** The same edges sorted by (src, dst), each once. */
    public EdgeList distinct() {
        if (isSortedAndDistinct()) {
            return this;
        }
        long[] keys = new long[src.length];
        for (int i = 0; i < src.length; i++) {
            keys[i] = ((long) src[i] << 32) | (dst[i] & 0xFFFF_FFFFL);
        }
        Arrays.parallelSort(keys);
        int m = 0;
        for (int i = 0; i < keys.length; i++) {
            if (i == 0 || keys[i] != keys[i - 1]) {
                keys[m++] = keys[i];
            }
        }
        int[] s = new int[m];
        int[] d = new int[m];
        for (int i = 0; i < m; i++) {
            s[i] = (int) (keys[i] >> 32);
            d[i] = (int) keys[i];
        }
        return new EdgeList(s, d);
    }

    /** One more than the largest node id. */
    public int nodeCount() {
        int max = -1;
        for (int i = 0; i < src.length; i++) {
            max = Math.max(max, Math.max(src[i], dst[i]));
        }
        return max + 1;
    }

    /**
     * Reads a SNAP-style edge list: {@code #} comment lines, then {@code u v} per line separated by
     * whitespace; gzip when the name ends in {@code .gz}. Malformed lines are reported with file and line.
     */
    public static EdgeList read(Path file) {
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw, 1 << 16) : raw;
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.US_ASCII), 1 << 16)) {
            int[] src = new int[1024];
            int[] dst = new int[1024];
            int n = 0;
            String line;
            int lineNo = 0;
            while ((line = reader.readLine()) != null) {
                lineNo++;
                String t = line.strip();
                if (t.isEmpty() || t.charAt(0) == '#') {
                    continue;
                }
                String[] parts = t.split("\\s+");
                if (parts.length != 2) {
                    throw new BenchException(file + ":" + lineNo + ": expected two node ids separated by whitespace, got '" + line + "'");
                }
                if (n == src.length) {
                    src = Arrays.copyOf(src, n * 2);
                    dst = Arrays.copyOf(dst, n * 2);
                }
                try {
                    src[n] = Integer.parseInt(parts[0]);
                    dst[n] = Integer.parseInt(parts[1]);
                } catch (NumberFormatException e) {
                    throw new BenchException(file + ":" + lineNo + ": node ids must be integers, got '" + line + "'");
                }
                n++;
            }
            return new EdgeList(Arrays.copyOf(src, n), Arrays.copyOf(dst, n));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The same undirected graph with nodes renumbered by increasing (degree, id) and every edge
     * oriented from the lower to the higher new number: the orientation the C++ counter builds
     * inside its kernel, which keeps out-degrees small (O(sqrt m)). Cliques and their counts are unchanged.
     */
    public EdgeList orientedByDegree() {
        int n = nodeCount();
        int[] degree = new int[n];
        for (int i = 0; i < src.length; i++) {
            degree[src[i]]++;
            degree[dst[i]]++;
        }
        long[] keys = new long[n];
        for (int v = 0; v < n; v++) {
            keys[v] = ((long) degree[v] << 32) | v;
        }
        Arrays.sort(keys);
        int[] rank = new int[n];
        for (int r = 0; r < n; r++) {
            rank[(int) keys[r]] = r;
        }
        int[] s = new int[src.length];
        int[] d = new int[src.length];
        for (int i = 0; i < src.length; i++) {
            int a = rank[src[i]];
            int b = rank[dst[i]];
            s[i] = Math.min(a, b);
            d[i] = Math.max(a, b);
        }
        return new EdgeList(s, d);
    }

    /** Writes the edges as tab-separated {@code u v} lines (a Souffle .facts file). */
    public void writeTsv(Path file) {
        StringBuilder sb = new StringBuilder(src.length * 12);
        for (int i = 0; i < src.length; i++) {
            sb.append(src[i]).append('\t').append(dst[i]).append('\n');
        }
        try {
            Files.writeString(file, sb, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
