package io.leapfrog.engine;

import io.leapfrog.common.IoFailures;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.SouffleNumbers;
import io.leapfrog.exec.io.CsvStyle;
import io.leapfrog.exec.io.FactReader;
import io.leapfrog.planner.sql.ColumnKind;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The fact files of a directory as relations, for SQL without a program (as DuckDB reads CSV files):
 * every {@code NAME.csv}, {@code NAME.tsv} or {@code NAME.facts} (gzipped too) is a relation NAME, with
 * its column types sniffed from its first 1,000 lines (number when every value is a 32-bit integer,
 * float when every value is a number, else symbol). A .csv is comma-separated with RFC 4180 quoting, the
 * others tab-separated. The first line of a .csv or .tsv is a header, naming the columns, when each of its
 * fields is text that is not a number while some column below it holds numbers only; otherwise columns
 * are c1, c2, ... Names become Datalog identifiers (other characters as '_'; a keyword gets a '_' after it).
 * <p>
 * Empty cells are SQL NULLs, as DuckDB reads them: a column whose sampled cells include an empty one
 * (or one of blanks) is typed by its other cells, and declared as text of a nullable type
 * ({@value #NULLABLE_NUMBER}, {@value #NULLABLE_FLOAT}, {@value #NULLABLE_SYMBOL}, each a subtype of
 * symbol), which SQL reads as a nullable INTEGER, DOUBLE or VARCHAR: an empty cell is NULL, any other the
 * value it spells ({@link ColumnKind}).
 */
public final class FileTables {
    /** Declared type of a number column with empty cells: SQL reads it as a nullable INTEGER. */
    public static final String NULLABLE_NUMBER = "nullable_number";
    /** Declared type of a float column with empty cells: SQL reads it as a nullable DOUBLE. */
    public static final String NULLABLE_FLOAT = "nullable_float";
    /** Declared type of a symbol column with empty cells: SQL reads it as a nullable VARCHAR. */
    public static final String NULLABLE_SYMBOL = "nullable_symbol";

    private static final Pattern FILE = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\.(csv|tsv|facts)(\\.gz)?");
    private static final int SAMPLE_LINES = 1000;
    /** Words the Datalog lexer keeps for itself: not usable as relation or attribute names. */
    private static final Set<String> KEYWORDS = Set.of("count", "sum", "min", "max", "mean", "range", "cat",
            "strlen", "substr", "contains", "match", "to_number", "to_string", "ord", "as", "nil", "band", "bor",
            "bxor", "bshl", "bshr", "bshru", "bnot", "land", "lor", "lxor", "lnot", "true", "false");

    private FileTables() {
    }

    /** Declarations and inputs of one relation per fact file of {@code dir} (empty text when there are none). */
    public static String program(Path dir) {
        return program(dir, null);
    }

    /**
     * As {@link #program(Path)}, but only the tables whose names occur as words in {@code sql} are read
     * (the others are declared, and empty): a query over one file of a large directory reads that file.
     */
    public static String program(Path dir, String sql) {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot list " + dir + ": " + IoFailures.reason(e));
        }
        Map<String, Path> byName = new LinkedHashMap<>();
        StringBuilder program = new StringBuilder();
        Set<String> nullableTypes = new java.util.TreeSet<>();
        for (Path file : files) {
            Matcher m = FILE.matcher(file.getFileName().toString());
            if (!m.matches()) {
                continue;
            }
            String name = identifier(m.group(1));
            Path other = byName.putIfAbsent(name, file);
            if (other != null) {
                throw new LeapfrogException("error: " + other.getFileName() + " and " + file.getFileName() + " would both be"
                        + " table " + name + "; rename one, or write a program that declares the tables (-p)");
            }
            boolean csv = m.group(2).equals("csv");
            Table t = sniff(file, csv ? "," : "\t", !m.group(2).equals("facts"));
            if (t == null) {
                continue; // empty: no columns to declare
            }
            program.append(".decl ").append(name).append('(');
            for (int c = 0; c < t.columns.size(); c++) {
                program.append(c == 0 ? "" : ", ").append(t.columns.get(c)).append(':').append(t.types.get(c));
                if (nullableKind(t.types.get(c)) != null) {
                    nullableTypes.add(t.types.get(c));
                }
            }
            program.append(")\n");
            if (sql != null && !Pattern.compile("\\b" + Pattern.quote(name) + "\\b", Pattern.CASE_INSENSITIVE).matcher(sql).find()) {
                continue;
            }
            program.append(".input ").append(name).append("(filename=\"").append(escape(file.getFileName().toString()))
                    .append("\", delimiter=\"").append(csv ? "," : "\\t").append('"')
                    .append(csv ? ", rfc4180=true" : "").append(t.header ? ", headers=true" : "").append(")\n");
        }
        StringBuilder types = new StringBuilder();
        for (String type : nullableTypes) {
            types.append(".type ").append(type).append(" <: symbol\n");
        }
        return types.append(program).toString();
    }

    /**
     * The SQL column kind of a column declared with one of the nullable text types, or null for any
     * other type (which SQL reads by its base type).
     */
    public static ColumnKind nullableKind(String declaredType) {
        return switch (declaredType) {
            case NULLABLE_NUMBER -> ColumnKind.NULLABLE_NUMBER;
            case NULLABLE_FLOAT -> ColumnKind.NULLABLE_FLOAT;
            case NULLABLE_SYMBOL -> ColumnKind.NULLABLE_SYMBOL;
            default -> null;
        };
    }

    private record Table(List<String> columns, List<String> types, boolean header) { }

    private static Table sniff(Path file, String delimiter, boolean mayHaveHeader) {
        List<List<String>> rows;
        try (InputStream raw = Files.newInputStream(file)) {
            CsvStyle style = new CsvStyle(delimiter, false, delimiter.equals(","), false);
            rows = FactReader.records(raw, file.toString(), style, SAMPLE_LINES);   // lines as the reader splits them
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot read fact file " + file + ": " + IoFailures.reason(e));
        }
        if (rows.isEmpty()) {
            return null;
        }
        // the width of the first line that is not empty: the fact reader refuses an empty line in a file of
        // several columns (at its line), and reads it as an empty cell of a one-column file
        int arity = rows.stream().filter(r -> r.size() > 1 || !r.get(0).isEmpty()).findFirst().map(List::size).orElse(1);
        if (arity > 1) {
            rows = rows.stream().filter(r -> r.size() > 1 || !r.get(0).isEmpty()).toList();
        }
        boolean header = mayHaveHeader && rows.size() > 1 && looksLikeHeader(rows);
        List<List<String>> data = header ? rows.subList(1, rows.size()) : rows;
        List<String> types = new ArrayList<>();
        for (int c = 0; c < arity; c++) {
            types.add(typeOf(data, c));
        }
        List<String> columns = new ArrayList<>();
        Set<String> used = new LinkedHashSet<>();
        for (int c = 0; c < arity; c++) {
            String name = header ? identifier(rows.get(0).get(c)) : "c" + (c + 1);
            String unique = name;
            for (int k = 2; !used.add(unique.toLowerCase(Locale.ROOT)); k++) {
                unique = name + "_" + k;
            }
            columns.add(unique);
        }
        return new Table(columns, types, header);
    }

    /** Every field of the first line is text, and some column holds numbers only below it. */
    private static boolean looksLikeHeader(List<List<String>> rows) {
        List<String> first = rows.get(0);
        for (String f : first) {
            if (f.isBlank() || isNumber(f.strip())) {
                return false;
            }
        }
        List<List<String>> rest = rows.subList(1, rows.size());
        for (int c = 0; c < first.size(); c++) {
            String type = typeOf(rest, c);
            if (!type.equals("symbol") && !type.equals(NULLABLE_SYMBOL)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The column's type: number when every non-empty cell is a 32-bit integer, float when every one is a
     * number, else symbol, each as it will be read: a cell of a number or float column by the fact reader,
     * as Souffle reads it (decimal only, no space after it, the float range); with an empty cell among them,
     * the nullable text type of that kind, whose cells SQL reads as DuckDB does ({@link ColumnKind}: the
     * space around them removed, a DOUBLE exactly).
     */
    private static String typeOf(List<List<String>> rows, int c) {
        boolean ints = true;
        boolean numbers = true;
        boolean sqlInts = true;
        boolean sqlNumbers = true;
        boolean empty = false;
        int filled = 0;
        for (List<String> r : rows) {
            String v = c < r.size() ? r.get(c) : "";
            if (v.isBlank()) {
                empty = true;
                continue;
            }
            filled++;
            ints &= isInt(v);
            numbers &= ints || isNumber(v);
            sqlInts &= ColumnKind.isIntegerCell(v);
            sqlNumbers &= sqlInts || ColumnKind.isDoubleCell(v);
        }
        if (empty) {   // a nullable column: SQL reads its cells (ColumnKind)
            ints = sqlInts;
            numbers = sqlNumbers;
        }
        if (filled == 0 || !numbers) {
            return empty ? NULLABLE_SYMBOL : "symbol";
        }
        if (ints) {
            return empty ? NULLABLE_NUMBER : "number";
        }
        return empty ? NULLABLE_FLOAT : "float";
    }

    /** A number as the fact reader reads one (SouffleNumbers: decimal, 32 bits, the whole text). */
    private static boolean isInt(String v) {
        try {
            SouffleNumbers.factNumber(v);
            return true;
        } catch (NumberFormatException | ArithmeticException e) {
            return false;
        }
    }

    /** A number, or a float as the fact reader reads one; not a word such as "nan" or "inf". */
    private static boolean isNumber(String v) {
        if (isInt(v)) {
            return true;
        }
        try {
            SouffleNumbers.factFloat(v);
            return !Character.isLetter(v.strip().charAt(0));
        } catch (NumberFormatException | ArithmeticException e) {
            return false;
        }
    }

    /**
     * A Datalog identifier for a file or column name. A header's byte-order mark (a spreadsheet's CSV starts
     * with one) is no part of its first name; the header line itself is skipped by the reader.
     */
    static String identifier(String name) {
        StringBuilder sb = new StringBuilder();
        for (char ch : (name.startsWith("\uFEFF") ? name.substring(1) : name).strip().toCharArray()) {
            sb.append(Character.isLetterOrDigit(ch) && ch < 0x80 ? ch : '_');
        }
        String id = sb.length() == 0 || Character.isDigit(sb.charAt(0)) ? "c_" + sb : sb.toString();
        if (id.startsWith("_") && id.length() == 1) {
            id = "c_";
        }
        return KEYWORDS.contains(id.toLowerCase(Locale.ROOT)) ? id + "_" : id;
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
