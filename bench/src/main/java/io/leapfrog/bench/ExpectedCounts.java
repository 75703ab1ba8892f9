package io.leapfrog.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The exact triangle and 4-clique counts of the SNAP graphs, read from the markdown table of
 * {@code ../shared/data/README.md} (columns "graph", "triangles", "4-cliques"; numbers may carry
 * thousands separators). When that file is absent, the copy bundled as the resource
 * {@code expected-counts.md} (the same table, copied from that README) is used.
 */
public final class ExpectedCounts {

    private final Map<String, Long> counts = new HashMap<>();

    private ExpectedCounts() {
    }

    /** The counts from {@code dataDir/README.md}, or the bundled copy when it does not exist. */
    public static ExpectedCounts load(Path dataDir) {
        Path readme = dataDir.resolve("README.md");
        try {
            if (Files.isRegularFile(readme)) {
                return parse(Files.readString(readme));
            }
            try (InputStream in = ExpectedCounts.class.getResourceAsStream("/expected-counts.md")) {
                if (in == null) {
                    return new ExpectedCounts();
                }
                return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + readme + ": " + e.getMessage(), e);
        }
    }

    /** Parses the first markdown table that has "graph", "triangles" and "4-cliques" columns. */
    public static ExpectedCounts parse(String markdown) {
        ExpectedCounts result = new ExpectedCounts();
        int graphCol = -1;
        int triCol = -1;
        int fourCol = -1;
        for (String line : markdown.split("\\R")) {
            String t = line.strip();
            if (!t.startsWith("|")) {
                if (graphCol >= 0 && !result.counts.isEmpty()) {
                    break; // the table ended
                }
                continue;
            }
            List<String> cells = cells(t);
            if (graphCol < 0) {
                graphCol = indexOf(cells, "graph");
                triCol = indexOf(cells, "triangles");
                fourCol = indexOf(cells, "4-cliques");
                if (graphCol < 0 || triCol < 0 || fourCol < 0) {
                    graphCol = -1;
                }
                continue;
            }
            if (cells.get(0).startsWith("-") || cells.get(0).startsWith(":")) {
                continue; // the alignment row
            }
            String graph = cells.get(graphCol);
            number(cells, triCol).ifPresent(n -> result.counts.put(key(BenchQuery.TRIANGLES, graph), n));
            number(cells, fourCol).ifPresent(n -> result.counts.put(key(BenchQuery.FOUR_CLIQUES, graph), n));
        }
        return result;
    }

    /** The exact count of {@code query} on {@code dataset}, if known. */
    public Optional<Long> get(BenchQuery query, String dataset) {
        return Optional.ofNullable(counts.get(key(query, dataset)));
    }

    public int size() {
        return counts.size();
    }

    private static String key(BenchQuery q, String dataset) {
        return q.id() + "/" + dataset;
    }

    private static List<String> cells(String row) {
        String inner = row.substring(1, row.endsWith("|") && row.length() > 1 ? row.length() - 1 : row.length());
        return List.of(inner.split("\\|", -1)).stream().map(String::strip).toList();
    }

    private static int indexOf(List<String> cells, String name) {
        for (int i = 0; i < cells.size(); i++) {
            if (cells.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }

    /** A count like "1,612,010"; empty for text such as "not computed". */
    private static Optional<Long> number(List<String> cells, int col) {
        if (col >= cells.size()) {
            return Optional.empty();
        }
        String digits = cells.get(col).replace(",", "").replace("_", "");
        if (!digits.matches("\\d+")) {
            return Optional.empty();
        }
        return Optional.of(Long.parseLong(digits));
    }
}
