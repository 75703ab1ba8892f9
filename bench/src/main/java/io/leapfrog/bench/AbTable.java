package io.leapfrog.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table of an A/B bench ({@code bench/ab}): the results files of alternating rounds of the same bench
 * on a base and a head build, reduced to one row per cell (query, dataset, engine) with the median of each
 * side's round medians and their ratio head/base. A cell whose two sides counted differently is an error:
 * a change that alters answers is not a speed-up. Written as a results file (bench/results convention) with
 * both commits on its commit line.
 *
 * <pre>AbTable --base SHA --head SHA --command "bench/ab ..." [--out FILE] base=FILE.csv head=FILE.csv ...</pre>
 */
public final class AbTable {
    private AbTable() {
    }

    /** One cell's runs: the count and each round's median seconds, per side. */
    static final class Cell {
        String count;
        final List<Double> base = new ArrayList<>();
        final List<Double> head = new ArrayList<>();
    }

    public static void main(String[] args) throws IOException {
        String base = null;
        String head = null;
        String command = null;
        Path out = null;
        Map<String, Cell> cells = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--base" -> base = args[++i];
                case "--head" -> head = args[++i];
                case "--command" -> command = args[++i];
                case "--out" -> out = Path.of(args[++i]);
                default -> {
                    int eq = args[i].indexOf('=');
                    if (eq < 0) {
                        throw new BenchException("expected side=FILE.csv, found " + args[i]);
                    }
                    add(cells, args[i].substring(0, eq), Path.of(args[i].substring(eq + 1)));
                }
            }
        }
        if (base == null || head == null || command == null) {
            throw new BenchException("usage: AbTable --base SHA --head SHA --command TEXT [--out FILE] side=FILE ...");
        }
        String text = table(cells, new RunProvenance(command, RunProvenance.describeMachine(), base + " (base), " + head
                + " (head)", LocalDate.now(ZoneOffset.UTC)));
        System.out.print(text);
        if (out != null) {
            Files.writeString(out, text, StandardCharsets.UTF_8);
        }
    }

    /** Adds a run's rows (a bench CSV, with or without its comment lines) to the cells of {@code side}. */
    static void add(Map<String, Cell> cells, String side, Path csv) {
        List<String> lines;
        try {
            lines = Files.readAllLines(csv, StandardCharsets.UTF_8).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> header = Arrays.asList(lines.get(0).split(","));
        int query = column(header, "query", csv);
        int dataset = column(header, "dataset", csv);
        int engine = column(header, "engine", csv);
        int count = column(header, "count", csv);
        int median = column(header, "median_s", csv);
        int status = header.indexOf("status");
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (status >= 0 && !f[status].equals("ok")) {
                throw new BenchException(csv + ": cell " + f[query] + " " + f[dataset] + " " + f[engine] + " is " + f[status]);
            }
            Cell c = cells.computeIfAbsent(f[query] + "," + f[dataset] + "," + f[engine], k -> new Cell());
            if (c.count != null && !c.count.equals(f[count])) {
                throw new BenchException("the two sides count " + f[query] + " on " + f[dataset] + " by " + f[engine]
                        + " differently: " + c.count + " and " + f[count]);
            }
            c.count = f[count];
            double seconds = Double.parseDouble(f[median]);
            switch (side) {
                case "base" -> c.base.add(seconds);
                case "head" -> c.head.add(seconds);
                default -> throw new BenchException("a side is base or head, not " + side);
            }
        }
    }

    private static int column(List<String> header, String name, Path csv) {
        int i = header.indexOf(name);
        if (i < 0) {
            throw new BenchException(csv + " has no column " + name);
        }
        return i;
    }

    static String table(Map<String, Cell> cells, RunProvenance provenance) {
        StringBuilder sb = new StringBuilder(provenance.header());
        sb.append("# title: A/B: the same bench on the base and the head build, alternating rounds\n");
        sb.append("query,dataset,engine,count,rounds,base_median_s,head_median_s,head_vs_base\n");
        for (Map.Entry<String, Cell> e : cells.entrySet()) {
            Cell c = e.getValue();
            double b = median(c.base);
            double h = median(c.head);
            sb.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%.3f%n", e.getKey(), c.count,
                    Math.min(c.base.size(), c.head.size()), b, h, h / b));
        }
        return sb.toString();
    }

    private static double median(List<Double> xs) {
        double[] s = xs.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (s.length == 0) {
            return Double.NaN;
        }
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
