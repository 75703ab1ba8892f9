package io.leapfrog.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One file of bench/results: comment lines {@code # key: value} (the run's {@link RunProvenance} keys, which
 * every file must have, and optionally {@code title}, {@code peer} and {@code note}), then a CSV header and
 * its rows. Fields are RFC 4180 (double quotes around a field holding a comma or a quote), as
 * {@link ResultTable} writes them.
 */
public record ResultFile(String name, Map<String, List<String>> comments, List<String> columns, List<List<String>> rows) {

    /** Optional comment keys: a heading for the results page, the engines ratios are taken against, remarks. */
    public static final List<String> OPTIONAL_KEYS = List.of("title", "peer", "note");

    public static ResultFile read(Path file) {
        try {
            return parse(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses a results file's text; {@code name} is the file name, for messages. */
    public static ResultFile parse(String name, String text) {
        Map<String, List<String>> comments = new LinkedHashMap<>();
        List<String> columns = null;
        List<List<String>> rows = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].endsWith("\r") ? lines[i].substring(0, lines[i].length() - 1) : lines[i];
            String where = name + ":" + (i + 1) + ": ";
            if (line.isBlank()) {
                continue;
            }
            if (line.startsWith("#")) {
                if (columns != null) {
                    throw new BenchException(where + "a comment after the CSV header; put every '# key: value' line first");
                }
                int colon = line.indexOf(':');
                String key = colon < 0 ? "" : line.substring(1, colon).strip();
                if (!RunProvenance.KEYS.contains(key) && !OPTIONAL_KEYS.contains(key)) {
                    throw new BenchException(where + "expected '# key: value' with key one of "
                            + String.join(", ", RunProvenance.KEYS) + ", " + String.join(", ", OPTIONAL_KEYS)
                            + ", found: " + line);
                }
                String value = line.substring(colon + 1).strip();
                if (value.isEmpty()) {
                    throw new BenchException(where + "'# " + key + ":' has no value");
                }
                if (RunProvenance.KEYS.contains(key) && comments.containsKey(key)) {
                    throw new BenchException(where + "a second '# " + key + ":' line");
                }
                comments.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
                continue;
            }
            List<String> fields = fields(line, where);
            if (columns == null) {
                columns = fields;
            } else if (fields.size() != columns.size()) {
                throw new BenchException(where + "expected " + columns.size() + " fields as in the header, found "
                        + fields.size());
            } else {
                rows.add(fields);
            }
        }
        for (String key : RunProvenance.KEYS) {
            if (!comments.containsKey(key)) {
                throw new BenchException(name + ": no '# " + key + ": ...' line; every results file starts with "
                        + "'# command:', '# machine:', '# commit:' and '# date:' lines (bench/README.md)");
            }
        }
        if (columns == null) {
            throw new BenchException(name + ": no CSV header after the comment lines");
        }
        return new ResultFile(name, comments, List.copyOf(columns), List.copyOf(rows));
    }

    /** The single value of a comment key, or null. */
    public String comment(String key) {
        List<String> v = comments.get(key);
        return v == null ? null : String.join(" ", v);
    }

    /** The position of a column, or -1. */
    public int column(String columnName) {
        return columns.indexOf(columnName);
    }

    /** Splits one CSV line into its fields (RFC 4180; a quoted field may hold commas and doubled quotes). */
    static List<String> fields(String line, String where) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        while (true) {
            if (i < line.length() && line.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= line.length()) {
                        throw new BenchException(where + "a quoted field is not closed");
                    }
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < line.length() && line.charAt(i) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        field.append(c);
                    }
                }
                if (i < line.length() && line.charAt(i) != ',') {
                    throw new BenchException(where + "expected ',' after a quoted field");
                }
            } else {
                while (i < line.length() && line.charAt(i) != ',') {
                    field.append(line.charAt(i++));
                }
            }
            out.add(field.toString());
            field.setLength(0);
            if (i >= line.length()) {
                return out;
            }
            i++;   // the comma
        }
    }
}
