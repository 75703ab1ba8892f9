package io.leapfrog.cli.console;

import io.leapfrog.engine.OutputSummary;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The run summary: one aligned line per output relation, e.g. {@code triangles  1 row  0.012 s}. */
public final class Summary {
    private Summary() {
    }

    public static List<String> lines(List<OutputSummary> outputs) {
        int nameWidth = 0;
        int countWidth = 0;
        for (OutputSummary s : outputs) {
            nameWidth = Math.max(nameWidth, s.relation().length());
            countWidth = Math.max(countWidth, Long.toString(s.rows()).length());
        }
        List<String> lines = new ArrayList<>(outputs.size());
        for (OutputSummary s : outputs) {
            // Counts right-aligned, units left-aligned: "    1 row " over "74180 rows".
            String unit = s.rows() == 1 ? "row " : "rows";
            lines.add(pad(s.relation(), nameWidth) + "  " + padLeft(Long.toString(s.rows()), countWidth) + " "
                    + unit + "  " + seconds(s.time()));
        }
        return lines;
    }

    /** "1 row", "42 rows". */
    static String rows(long n) {
        return n + (n == 1 ? " row" : " rows");
    }

    /** Seconds with millisecond precision, e.g. "0.012 s"; the locale never turns the point into a comma. */
    public static String seconds(Duration d) {
        return String.format(Locale.ROOT, "%.3f s", d.toNanos() / 1e9);
    }

    private static String pad(String s, int width) {
        return s + " ".repeat(Math.max(0, width - s.length()));
    }

    private static String padLeft(String s, int width) {
        return " ".repeat(Math.max(0, width - s.length())) + s;
    }
}
