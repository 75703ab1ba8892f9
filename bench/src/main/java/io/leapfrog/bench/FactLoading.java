package io.leapfrog.bench;

import io.leapfrog.exec.io.FactReader;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * How fast a large fact file of two number columns loads: {@link FactReader#read(Path)} (byte ranges
 * parsed side by side on the storage threads) against the same reader over a stream (line by line, one
 * thread), alternating, medians of the runs after one warm-up of each. The file is a path, or
 * {@code rmat-N}: that R-MAT graph written (sorted, as the bench writes e.facts) to a temporary file.
 * Run: {@code java ... io.leapfrog.bench.FactLoading FILE|rmat-N [runs]}.
 */
public final class FactLoading {
    private FactLoading() {
    }

    public static void main(String[] args) throws IOException {
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Path file = factFile(args[0]);
        ColumnType[] types = ColumnType.repeat(ColumnType.NUMBER, 2);
        double[] ranges = new double[runs];
        double[] lines = new double[runs];
        long rows = -1;
        for (int i = -1; i < runs; i++) {
            long t0 = System.nanoTime();
            Relation a = new FactReader(types, new SymbolTable()).read(file);
            long t1 = System.nanoTime();
            Relation b;
            try (InputStream in = Files.newInputStream(file)) {
                b = new FactReader(types, new SymbolTable()).read(in, file.toString());
            }
            long t2 = System.nanoTime();
            if (!a.equals(b)) {
                throw new IllegalStateException("the two reads differ");
            }
            rows = a.size();
            if (i >= 0) {
                ranges[i] = (t1 - t0) / 1e9;
                lines[i] = (t2 - t1) / 1e9;
            }
        }
        double r = median(ranges);
        double l = median(lines);
        System.out.printf("%s: %,d bytes, %,d rows, %d cores; in ranges %.3f s, line by line %.3f s (%.2fx), medians of %d%n",
                args[0], Files.size(file), rows, Runtime.getRuntime().availableProcessors(), r, l, l / r, runs);
        if (args[0].startsWith("rmat-")) {
            Files.delete(file);
        }
    }

    private static Path factFile(String arg) throws IOException {
        int scale = RmatGraphs.scaleOf(arg);
        if (scale < 0) {
            return Path.of(arg);
        }
        Path f = Files.createTempFile("leapfrog-fact-loading", ".facts");
        RmatGraphs.generate(scale, 16, 1).writeTsv(f);
        return f;
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
