package io.leapfrog.engine.eval;

import io.leapfrog.exec.io.CsvStyle;
import io.leapfrog.exec.io.FactReader;
import io.leapfrog.exec.io.FactWriter;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The engine's side of fact IO: maps relation schemas to the executor's column types and delegates to
 * its {@link FactReader} (Souffle facts, any delimiter, gzip, line-numbered errors, range checks) and
 * {@link FactWriter} (temp-file-then-rename writes of regular files only; nullary relations as "()").
 */
public final class FactFiles {
    private FactFiles() {
    }

    public static ColumnType[] types(List<String> columnTypes) {
        return ColumnType.fromNames(columnTypes);
    }

    public static Relation read(Path file, String delimiter, List<String> columnTypes, SymbolTable symbols) {
        return new FactReader(types(columnTypes), symbols).delimiter(delimiter).read(file);
    }

    /** Reads facts from a stream (standard input) laid out in {@code style}; {@code source} names it in messages. */
    public static Relation read(java.io.InputStream in, String source, CsvStyle style, List<String> columnTypes,
                                SymbolTable symbols) {
        return read(in, source, style, columnTypes, null, symbols);
    }

    /** As above, enumeration-typed columns limited to their values ({@link FactReader#enumValues}; null: none). */
    public static Relation read(java.io.InputStream in, String source, CsvStyle style, List<String> columnTypes,
                                List<Set<String>> enumValues, SymbolTable symbols) {
        return new FactReader(types(columnTypes), symbols).style(style).enumValues(enumValues).read(in, source);
    }

    /** Reads a fact file laid out in {@code style} (header line, quoted fields). */
    public static Relation read(Path file, CsvStyle style, List<String> columnTypes, SymbolTable symbols) {
        return read(file, style, columnTypes, null, symbols);
    }

    /** As above, enumeration-typed columns limited to their values ({@link FactReader#enumValues}; null: none). */
    public static Relation read(Path file, CsvStyle style, List<String> columnTypes, List<Set<String>> enumValues,
                                SymbolTable symbols) {
        return new FactReader(types(columnTypes), symbols).style(style).enumValues(enumValues).read(file);
    }

    /** Writes the relation atomically in {@code style}, after {@code header} when not null. */
    public static void write(Path file, Relation r, List<String> columnTypes, SymbolTable symbols, CsvStyle style,
                             String header) {
        FactWriter.write(file, r, types(columnTypes), symbols, style, header);
    }

    public static void print(PrintStream out, Relation r, List<String> columnTypes, SymbolTable symbols, CsvStyle style) {
        FactWriter.write(out, r, types(columnTypes), symbols, style);
    }

    /** Writes the relation atomically; an error leaves the previous file (or none) in place. */
    public static void write(Path file, Relation r, List<String> columnTypes, SymbolTable symbols, String delimiter) {
        FactWriter.write(file, r, types(columnTypes), symbols, delimiter);
    }

    public static void print(PrintStream out, Relation r, List<String> columnTypes, SymbolTable symbols, String delimiter) {
        FactWriter.write(out, r, types(columnTypes), symbols, delimiter);
    }

    /** A relation's rows rendered as lines (numbers in decimal, symbols as their text). */
    public static List<String> lines(Relation r, List<String> columnTypes, SymbolTable symbols, String delimiter) {
        List<String> out = new ArrayList<>(r.size());
        if (columnTypes.isEmpty()) { // a nullary relation holds or not; Souffle writes "()" when it holds
            if (r.size() > 0) {
                out.add("()");
            }
            return out;
        }
        ColumnType[] types = types(columnTypes);
        StringBuilder sb = new StringBuilder();
        for (int row = 0; row < r.size(); row++) {
            sb.setLength(0);
            for (int c = 0; c < types.length; c++) {
                if (c > 0) {
                    sb.append(delimiter);
                }
                sb.append(types[c].format(r.get(row, c), symbols));
            }
            out.add(sb.toString());
        }
        return out;
    }
}
