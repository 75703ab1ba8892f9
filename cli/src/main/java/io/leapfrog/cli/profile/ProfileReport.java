package io.leapfrog.cli.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.leapfrog.common.LeapfrogException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A profile written by {@code run --profile} ({@link ProfileRecorder}), summed up for a reader: the strata
 * by time, the rules by their total time over all their evaluations, each recursive stratum's rounds, and
 * where the joins ran. Rendered as terminal tables ({@link #lines}) or a self-contained HTML page with bar
 * charts of where the time went ({@link #html}).
 */
public final class ProfileReport {
    /** A rule's evaluations summed. */
    record RuleTotal(String rule, int stratum, int evaluations, long tuples, double ms, double slowestMs) {
    }

    /** A stratum as it finished. */
    record StratumTotal(int stratum, String relations, boolean recursive, int rounds, long tuples, double ms, double planningMs) {
    }

    /** A recursive stratum's rounds: how many, where they ran, and the slowest. */
    record Rounds(int stratum, int count, String where, int slowestRound, double slowestMs, long slowestNew, double ms) {
    }

    private final String program;
    private final int threads;
    private final String device;
    private final double totalMs;
    private final List<StratumTotal> strata = new ArrayList<>();
    private final List<RuleTotal> rules = new ArrayList<>();
    private final List<Rounds> rounds = new ArrayList<>();
    private final List<String> devices = new ArrayList<>();

    private ProfileReport(JsonNode root) {
        program = root.path("program").asText();
        threads = root.path("threads").asInt();
        device = root.path("device").asText();
        totalMs = root.path("total_ms").asDouble();
        for (JsonNode s : root.path("strata")) {
            List<String> rels = new ArrayList<>();
            s.path("relations").forEach(r -> rels.add(r.asText()));
            strata.add(new StratumTotal(s.path("stratum").asInt(), String.join(", ", rels), s.path("recursive").asBoolean(),
                    s.path("rounds").asInt(), s.path("tuples").asLong(), s.path("ms").asDouble(), s.path("planning_ms").asDouble()));
        }
        Map<String, double[]> byRule = new LinkedHashMap<>();   // evaluations, tuples, ms, slowest, stratum
        for (JsonNode r : root.path("rules")) {
            double[] t = byRule.computeIfAbsent(r.path("rule").asText(), k -> new double[]{0, 0, 0, 0, r.path("stratum").asInt()});
            double ms = r.path("ms").asDouble();
            t[0]++;
            t[1] += r.path("tuples").asLong();
            t[2] += ms;
            t[3] = Math.max(t[3], ms);
        }
        byRule.forEach((rule, t) -> rules.add(new RuleTotal(rule, (int) t[4], (int) t[0], (long) t[1], t[2], t[3])));
        // The hash fixpoints run all of a stratum's rules at once in a round: their rounds count as one entry.
        Map<String, double[]> fixpoints = new LinkedHashMap<>();   // rounds, new tuples, ms, slowest, stratum
        for (JsonNode r : root.path("rounds")) {
            String where = r.path("where").asText();
            if (where.equals("rules")) {
                continue;
            }
            int stratum = r.path("stratum").asInt();
            double[] t = fixpoints.computeIfAbsent("stratum " + stratum + ": the rounds on the " + where
                    + " (all its rules at once)", k -> new double[]{0, 0, 0, 0, stratum});
            double ms = r.path("ms").asDouble();
            t[0] += r.path("last").asInt() - r.path("first").asInt() + 1;
            t[1] += Math.max(0, r.path("new").asLong());
            t[2] += ms;
            t[3] = Math.max(t[3], ms);
        }
        fixpoints.forEach((what, t) -> rules.add(new RuleTotal(what, (int) t[4], (int) t[0], (long) t[1], t[2], t[3])));
        rules.sort(Comparator.comparingDouble(RuleTotal::ms).reversed());
        Map<Integer, List<JsonNode>> byStratum = new LinkedHashMap<>();
        for (JsonNode r : root.path("rounds")) {
            byStratum.computeIfAbsent(r.path("stratum").asInt(), k -> new ArrayList<>()).add(r);
        }
        byStratum.forEach((s, list) -> {
            JsonNode slowest = list.get(0);
            double ms = 0;
            int count = 0;
            java.util.TreeSet<String> where = new java.util.TreeSet<>();
            for (JsonNode r : list) {
                ms += r.path("ms").asDouble();
                count = Math.max(count, r.path("last").asInt());
                where.add(r.path("where").asText());
                if (r.path("ms").asDouble() > slowest.path("ms").asDouble()) {
                    slowest = r;
                }
            }
            rounds.add(new Rounds(s, count, String.join(" + ", where), slowest.path("first").asInt(),
                    slowest.path("ms").asDouble(), slowest.path("new").asLong(), ms));
        });
        root.path("devices").forEach(d -> devices.add(d.asText()));
    }

    /** Reads a profile file; a missing, unreadable or foreign file is a {@link LeapfrogException} saying which. */
    public static ProfileReport read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new LeapfrogException("error: no profile file " + file + " (write one with leapfrog run --profile "
                    + file + " ...)");
        } catch (JsonProcessingException e) {
            throw new LeapfrogException("error: " + file + " is not a Leapfrog profile (not JSON: "
                    + e.getOriginalMessage() + ")");
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot read profile file " + file + ": " + e.getMessage());
        }
        if (root == null || root.path("format").asInt() != ProfileRecorder.FORMAT || !root.has("rules")) {
            throw new LeapfrogException("error: " + file + " is not a Leapfrog profile (no format " + ProfileRecorder.FORMAT
                    + " header); write one with leapfrog run --profile");
        }
        return new ProfileReport(root);
    }

    private double share(double ms) {
        return totalMs <= 0 ? 0 : 100 * ms / totalMs;
    }

    private static String f(String fmt, Object... args) {
        return String.format(Locale.ROOT, fmt, args);
    }

    /** The report as terminal text: a header, then the strata, the rules (at most {@code maxRules}), the rounds and devices. */
    public List<String> lines(int maxRules) {
        List<String> out = new ArrayList<>();
        out.add(f("profile of %s: %.3f s in all, %d threads, --device %s", program, totalMs / 1e3, threads, device));
        out.add("");
        out.add("strata (each as it finished):");
        out.add(f("  %4s  %10s  %6s  %12s  %7s  %14s  %s", "#", "time (s)", "share", "planning (s)", "rounds", "tuples",
                "relations"));
        for (StratumTotal s : strata) {
            out.add(f("  %4d  %10.3f  %5.1f%%  %12.3f  %7s  %,14d  %s%s", s.stratum(), s.ms() / 1e3, share(s.ms()),
                    s.planningMs() / 1e3,
                    s.recursive() ? String.valueOf(s.rounds()) : "-", s.tuples(), s.relations(), s.recursive() ? " (recursive)" : ""));
        }
        out.add("");
        out.add("rules by time (all their evaluations; a recursive round evaluates a rule once per atom over its stratum;"
                + " a hash fixpoint's rounds count as one entry):");
        out.add(f("  %10s  %6s  %6s  %14s  %11s  %s", "time (s)", "share", "evals", "tuples", "slowest (s)", "rule"));
        for (RuleTotal r : rules.subList(0, Math.min(maxRules, rules.size()))) {
            out.add(f("  %10.3f  %5.1f%%  %6d  %,14d  %11.3f  %s", r.ms() / 1e3, share(r.ms()), r.evaluations(), r.tuples(),
                    r.slowestMs() / 1e3, r.rule()));
        }
        if (rules.size() > maxRules) {
            out.add(f("  ... %d more rules", rules.size() - maxRules));
        }
        if (!rounds.isEmpty()) {
            out.add("");
            out.add("recursive rounds:");
            out.add(f("  %7s  %7s  %10s  %-28s  %s", "stratum", "rounds", "time (s)", "slowest round", "where"));
            for (Rounds r : rounds) {
                out.add(f("  %7d  %7d  %10.3f  %-28s  %s", r.stratum(), r.count(), r.ms() / 1e3,
                        f("%d: %.3f s, %s new", r.slowestRound(), r.slowestMs() / 1e3,
                                r.slowestNew() < 0 ? "?" : f("%,d", r.slowestNew())), r.where()));
            }
        }
        if (!devices.isEmpty()) {
            out.add("");
            out.add("where the joins ran:");
            devices.forEach(d -> out.add("  " + d));
        }
        return out;
    }

    /** The report as one self-contained HTML page: bar charts (inline SVG) of the strata's and the rules' time, and the tables. */
    public String html() {
        StringBuilder h = new StringBuilder();
        h.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Leapfrog profile: ")
                .append(esc(program)).append("</title>\n<style>body{font:14px sans-serif;margin:24px;color:#222}"
                        + "table{border-collapse:collapse;margin:8px 0 24px}td,th{padding:3px 10px;border-bottom:1px solid #ddd;"
                        + "text-align:right}td.l,th.l{text-align:left}h2{margin-top:28px}</style></head><body>\n");
        h.append("<h1>Profile of ").append(esc(program)).append("</h1>\n<p>")
                .append(esc(f("%.3f s in all, %d threads, --device %s", totalMs / 1e3, threads, device))).append("</p>\n");
        h.append("<h2>Where the time went: strata</h2>\n");
        List<String[]> bars = new ArrayList<>();
        for (StratumTotal s : strata) {
            bars.add(new String[]{"stratum " + s.stratum() + ": " + s.relations(), String.valueOf(s.ms())});
        }
        chart(h, "strata", bars);
        h.append("<h2>Where the time went: rules</h2>\n");
        bars.clear();
        for (RuleTotal r : rules.subList(0, Math.min(25, rules.size()))) {
            bars.add(new String[]{r.rule(), String.valueOf(r.ms())});
        }
        chart(h, "rules", bars);
        h.append("<h2>Strata</h2>\n<table><tr><th>#</th><th>time (s)</th><th>share</th><th>planning (s)</th>"
                + "<th>rounds</th><th>tuples</th><th class=\"l\">relations</th></tr>\n");
        for (StratumTotal s : strata) {
            h.append(f("<tr><td>%d</td><td>%.3f</td><td>%.1f%%</td><td>%.3f</td><td>%s</td><td>%,d</td><td class=\"l\">%s</td></tr>%n",
                    s.stratum(), s.ms() / 1e3, share(s.ms()), s.planningMs() / 1e3, s.recursive() ? String.valueOf(s.rounds()) : "-",
                    s.tuples(), esc(s.relations() + (s.recursive() ? " (recursive)" : ""))));
        }
        h.append("</table>\n");
        h.append("<h2>Rules</h2>\n<table><tr><th>time (s)</th><th>share</th><th>evaluations</th><th>tuples</th>"
                + "<th>slowest (s)</th><th class=\"l\">rule</th></tr>\n");
        for (RuleTotal r : rules) {
            h.append(f("<tr><td>%.3f</td><td>%.1f%%</td><td>%d</td><td>%,d</td><td>%.3f</td><td class=\"l\">%s</td></tr>%n",
                    r.ms() / 1e3, share(r.ms()), r.evaluations(), r.tuples(), r.slowestMs() / 1e3, esc(r.rule())));
        }
        h.append("</table>\n");
        if (!rounds.isEmpty()) {
            h.append("<h2>Recursive rounds</h2>\n<table><tr><th>stratum</th><th>rounds</th><th>time (s)</th>"
                    + "<th>slowest round</th><th>its time (s)</th><th>its new tuples</th><th class=\"l\">where</th></tr>\n");
            for (Rounds r : rounds) {
                h.append(f("<tr><td>%d</td><td>%d</td><td>%.3f</td><td>%d</td><td>%.3f</td><td>%s</td><td class=\"l\">%s</td></tr>%n",
                        r.stratum(), r.count(), r.ms() / 1e3, r.slowestRound(), r.slowestMs() / 1e3,
                        r.slowestNew() < 0 ? "?" : f("%,d", r.slowestNew()), esc(r.where())));
            }
            h.append("</table>\n");
        }
        if (!devices.isEmpty()) {
            h.append("<h2>Where the joins ran</h2>\n<ul>\n");
            devices.forEach(d -> h.append("<li>").append(esc(d)).append("</li>\n"));
            h.append("</ul>\n");
        }
        return h.append("</body></html>\n").toString();
    }

    /** A horizontal bar chart, one bar per {label, milliseconds}, scaled to the largest. */
    private void chart(StringBuilder h, String id, List<String[]> bars) {
        double max = 0;
        for (String[] b : bars) {
            max = Math.max(max, Double.parseDouble(b[1]));
        }
        int rowH = 22;
        int width = 900;
        int barX = 360;
        h.append(f("<svg id=\"chart-%s\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"time by %s\">%n", id, width,
                bars.size() * rowH + 4, id));
        for (int i = 0; i < bars.size(); i++) {
            double ms = Double.parseDouble(bars.get(i)[1]);
            double w = max <= 0 ? 0 : (width - barX - 90) * ms / max;
            int y = i * rowH + 2;
            String label = bars.get(i)[0];
            if (label.length() > 52) {
                label = label.substring(0, 51) + "\u2026";
            }
            h.append(f("<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\">%s</text>", barX - 8, y + 15, esc(label)));
            h.append(f("<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"#2a6fdb\"/>", barX, y,
                    Math.max(1, w), rowH - 6));
            h.append(f("<text x=\"%.1f\" y=\"%d\" font-size=\"12\">%.3f s (%.1f%%)</text>%n", barX + Math.max(1, w) + 6,
                    y + 15, ms / 1e3, share(ms)));
        }
        h.append("</svg>\n");
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
