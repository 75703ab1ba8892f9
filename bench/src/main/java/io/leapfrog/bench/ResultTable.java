package io.leapfrog.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Renders the cells as an aligned text table and as CSV. {@code wall_s} is the median whole run where the
 * engine reads its input anew each run (an external program from start to exit, Leapfrog's Engine.run).
 * Ratios are this engine's median query time
 * divided by the reference engine's median on the same query and dataset in the same run (so 2.0x
 * means twice as slow as the reference, 0.1x ten times faster).
 */
public final class ResultTable {

    static final List<String> REFERENCES = List.of("cpp", "duckdb", "kuzu");

    private final List<CellResult> cells;
    private final List<String> references;

    public ResultTable(List<CellResult> cells) {
        this(cells, REFERENCES);
    }

    /** @param references the engines each row's time is divided by, one "vs_" column each */
    public ResultTable(List<CellResult> cells, List<String> references) {
        this.cells = List.copyOf(cells);
        this.references = List.copyOf(references);
    }

    public List<CellResult> cells() {
        return cells;
    }

    /**
     * median(engine) / median(reference) on the cell's query and dataset, if the cell finished and the
     * reference finished or timed out. Against a timed-out reference the ratio is an upper bound
     * (the reference took at least the time limit), rendered with a leading "<".
     */
    public Optional<String> ratio(CellResult cell, String reference, boolean forCsv) {
        if (!cell.ok()) {
            return Optional.empty();
        }
        return cells.stream()
                .filter(c -> (c.ok() || c.status().equals(BenchRunner.TIMEOUT)) && c.engine().equals(reference)
                        && c.query() == cell.query() && c.dataset().equals(cell.dataset()))
                .findFirst()
                .map(ref -> (ref.ok() ? "" : "<") + formatRatio(
                        cell.query_seconds().median() / ref.query_seconds().median(), forCsv));
    }

    /** Two decimals from 1 up, three significant digits below (0.0029x), whole numbers from 100. */
    static String formatRatio(double r, boolean forCsv) {
        if (forCsv) {
            return String.format(Locale.ROOT, "%.6g", r);
        }
        if (r >= 100) {
            return String.format(Locale.ROOT, "%.0fx", r);
        }
        if (r >= 1) {
            return String.format(Locale.ROOT, "%.2fx", r);
        }
        return new java.math.BigDecimal(r).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString() + "x";
    }

    private List<String> header() {
        List<String> h = new ArrayList<>(List.of("query", "dataset", "engine", "count", "correct", "runs",
                "median_s", "min_s", "max_s", "load_s", "wall_s", "edges_per_s"));
        references.forEach(r -> h.add("vs_" + r));
        h.add("status");
        return h;
    }

    private List<List<String>> rows(boolean forCsv) {
        List<List<String>> rows = new ArrayList<>();
        for (CellResult c : cells) {
            List<String> row = new ArrayList<>();
            row.add(c.query().id());
            row.add(c.dataset());
            row.add(c.engine());
            row.add(c.count() < 0 ? "" : Long.toString(c.count()));
            row.add(c.correct());
            row.add(Integer.toString(c.query_seconds().runs()));
            row.add(seconds(c.query_seconds().median()));
            row.add(seconds(c.query_seconds().min()));
            row.add(seconds(c.query_seconds().max()));
            row.add(seconds(c.loadSeconds()));
            row.add(seconds(c.wallSeconds()));
            row.add(c.ok() && c.edges() > 0 ? rate(c.edges() / c.query_seconds().median(), forCsv) : "");
            for (String ref : references) {
                row.add(ratio(c, ref, forCsv).orElse(""));
            }
            row.add(c.status());
            rows.add(row);
        }
        return rows;
    }

    /** Edges per second: 1.23e9 in the text table, plain digits in CSV. */
    private static String rate(double r, boolean forCsv) {
        return forCsv ? String.format(Locale.ROOT, "%.0f", r) : String.format(Locale.ROOT, "%.3g", r);
    }

    /** Four decimals; under 10 ms three significant digits, so a 16 microsecond kernel does not read 0.0000. */
    private static String seconds(double s) {
        if (Double.isNaN(s)) {
            return "";
        }
        return s > 0 && s < 0.01 ? String.format(Locale.ROOT, "%.3g", s) : String.format(Locale.ROOT, "%.4f", s);
    }

    /** The aligned text table. */
    public String toText() {
        List<String> header = header();
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows(false));
        int[] width = new int[header.size()];
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (List<String> row : all) {
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                boolean left = i < 3 || i == row.size() - 1 || i == 4;
                String pad = " ".repeat(width[i] - cell.length());
                sb.append(left ? cell + pad : pad + cell);
                sb.append(i == row.size() - 1 ? "" : "  ");
            }
            sb.append(System.lineSeparator());
        }
        return sb.toString();
    }

    /** The same as CSV with a header row (ratios unformatted, status quoted when needed). */
    public String toCsv() {
        return toCsv(null);
    }

    /**
     * The results file: the run's provenance as comment lines (command, machine, commit, date; none when
     * {@code provenance} is null), then the CSV.
     */
    public String toCsv(RunProvenance provenance) {
        StringBuilder sb = new StringBuilder(provenance == null ? "" : provenance.header());
        sb.append(String.join(",", header())).append('\n');
        for (List<String> row : rows(true)) {
            List<String> quoted = row.stream().map(ResultTable::csvField).toList();
            sb.append(String.join(",", quoted)).append('\n');
        }
        return sb.toString();
    }

    private static String csvField(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n")) {
            return "\"" + s.replace("\"", "\"\"").replace("\n", " ") + "\"";
        }
        return s;
    }

    /** Writes {@link #toCsv(RunProvenance)} to the file (a temporary file, then a rename). */
    public void writeCsv(Path file, RunProvenance provenance) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Path tmp = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
            Files.writeString(tmp, toCsv(provenance), StandardCharsets.UTF_8);
            Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
