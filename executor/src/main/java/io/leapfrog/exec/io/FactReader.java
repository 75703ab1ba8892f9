package io.leapfrog.exec.io;

import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.IoFailures;
import io.leapfrog.common.SouffleNumbers;
import io.leapfrog.common.UnsignedCodec;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.exec.storage.SymbolTable;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Reads a fact file into a {@link Relation}: Souffle {@code .facts} (tab-separated by default, any
 * delimiter), CSV ({@code ","}) or SNAP edge lists (whitespace-separated, '#' comments). Gzip input is
 * recognised by its magic bytes, whatever the file is called. Lines end at '\n' (a '\r' before it is
 * dropped, as Souffle drops it); a UTF-8 byte-order mark at the start is data, as in Souffle; an empty line is the
 * empty symbol of a one-column symbol relation and an error anywhere else, as in Souffle; with rfc4180 a
 * quoted field may go on over line ends. Lines are decoded with {@link io.leapfrog.common.ByteText}
 * (a symbol keeps its bytes); numbers are read as Souffle reads them ({@link SouffleNumbers}); a
 * default-layout file of a relation without symbol columns that starts with a '#' line is read as a SNAP
 * edge list. A malformed line is a {@link LeapfrogException} naming the file and line:
 * {@code file:LINE: error: expected 2 columns, found 3 (line: ...)}.
 * <pre>
 *   Relation r = new FactReader(types, symbols).delimiter(",").read(path);
 *   Relation e = FactReader.snap(ColumnType.repeat(ColumnType.NUMBER, 2), symbols).read(path);
 * </pre>
 */
public final class FactReader {
    private static final int MAX_SHOWN_LINE = 200;

    private final ColumnType[] types;
    private final SymbolTable symbols;
    private final FactFormat format;
    private final String delimiter;
    /** Skip the first line (Souffle's headers=true). */
    private final boolean skipHeader;
    /** Fields may be double-quoted (Souffle's rfc4180=true, {@link CsvStyle}). */
    private final boolean quoted;
    /** The file column of each relation column (Souffle's columns="4:7"), or null for the same order. */
    private final int[] fileColumns;
    /** Per column, the only symbols it may hold (an enumeration's "$Branch" values), or null: any; null: none restricted. */
    private final List<Set<String>> enumValues;
    /** The delimiter as one byte when lines of numbers may be parsed from bytes (see parseNumbers), else -1. */
    private final int fastDelimiter;

    /** A reader of Souffle {@code .facts} files (tab-separated). */
    public FactReader(ColumnType[] types, SymbolTable symbols) {
        this(types, symbols, FactFormat.DELIMITED, "\t");
    }

    private FactReader(ColumnType[] types, SymbolTable symbols, FactFormat format, String delimiter) {
        this(types, symbols, format, delimiter, false, false, null, null);
    }

    private FactReader(ColumnType[] types, SymbolTable symbols, FactFormat format, String delimiter, boolean skipHeader,
                       boolean quoted, int[] fileColumns, List<Set<String>> enumValues) {
        this.enumValues = enumValues;
        this.types = types.clone();
        this.symbols = symbols;
        this.format = format;
        this.delimiter = delimiter;
        this.skipHeader = skipHeader;
        this.quoted = quoted;
        this.fileColumns = fileColumns;
        if (fileColumns != null && fileColumns.length != types.length) {
            throw new LeapfrogException("error: columns names " + fileColumns.length + " file column"
                    + (fileColumns.length == 1 ? "" : "s") + " for a relation of " + types.length);
        }
        this.fastDelimiter = format == FactFormat.DELIMITED && delimiter.length() == 1 && delimiter.charAt(0) < 0x80
                && delimiter.charAt(0) != '-' && !Character.isDigit(delimiter.charAt(0)) ? delimiter.charAt(0) : -1;
        if (delimiter.isEmpty()) {
            throw new LeapfrogException("error: empty delimiter; give at least one character, e.g. delimiter=\",\"");
        }
    }

    /** A reader of SNAP edge lists (whitespace-separated columns, '#' comment lines). */
    public static FactReader snap(ColumnType[] types, SymbolTable symbols) {
        return new FactReader(types, symbols, FactFormat.SNAP, " ");
    }

    /** A reader of comma-separated files. */
    public static FactReader csv(ColumnType[] types, SymbolTable symbols) {
        return new FactReader(types, symbols, FactFormat.DELIMITED, ",");
    }

    /** The same reader with another column delimiter (delimited format). */
    public FactReader delimiter(String d) {
        return new FactReader(types, symbols, FactFormat.DELIMITED, d);
    }

    /** A delimited reader of files laid out in {@code style} (its gzip flag does not matter: gzip is detected). */
    public FactReader style(CsvStyle style) {
        if (style.rfc4180() && style.delimiter().contains("\"")) {
            throw new LeapfrogException("error: the delimiter cannot contain '\"' with rfc4180=true (quotes delimit fields)");
        }
        int[] columns = style.columns().isEmpty() ? null : style.columns().stream().mapToInt(Integer::intValue).toArray();
        return new FactReader(types, symbols, FactFormat.DELIMITED, style.delimiter(), style.headers(), style.rfc4180(),
                columns, enumValues);
    }

    /**
     * The same reader, checking the symbol columns of an enumeration type: {@code values.get(c)} is the set of
     * values column c may hold ("$Mon", ...), null for an unrestricted column; another value is an error at its
     * line, as Souffle reports an ADT value it does not know.
     */
    public FactReader enumValues(List<Set<String>> values) {
        if (values != null && values.size() != types.length) {
            throw new IllegalArgumentException(values.size() + " column restrictions for " + types.length + " columns");
        }
        return new FactReader(types, symbols, format, delimiter, skipHeader, quoted, fileColumns, values);
    }

    /** Reads {@code file} (gzip or plain). */
    public Relation read(Path file) {
        if (Files.isDirectory(file)) {
            throw new LeapfrogException("error: cannot read fact file " + file + ": it is a directory; name the"
                    + " file with filename=\"...\" (relative to the fact directory)");
        }
        InputStream in;
        try {
            in = Files.newInputStream(file);
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot open fact file " + file + ": " + IoFailures.reason(e));
        }
        try (in) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot read fact file " + file + ": " + IoFailures.reason(e));
        }
    }

    /**
     * Reads a stream (gzip or plain); {@code source} names it in error messages. Does not close it.
     * Lines of plain decimal numbers are parsed from the bytes ({@link #parseNumbers}); every other
     * line (symbols, hexadecimal, spaces, errors) is decoded and parsed field by field.
     */
    public Relation read(InputStream raw, String source) {
        int arity = types.length;
        RelationBuilder out = new RelationBuilder(arity, 1024);
        int[] tuple = new int[arity];
        long width = arity;     // fields a line must have at least (exactly, without a column selection)
        if (fileColumns != null) {
            for (int f : fileColumns) {
                width = Math.max(width, f + 1L);
            }
        }
        // grown when a line has the fields a large column selection needs (it cannot be larger than the line)
        String[] fields = new String[(int) Math.min(width, 64)];
        int lineNo = 0;
        FactFormat layout = format;
        try {
            ByteLines lines = new ByteLines(decompressed(raw));
            while (lines.next()) {
                lineNo++;
                if (lineNo == 1 && skipHeader) {
                    continue;
                }
                boolean empty = lines.start() == lines.end();
                if (empty && layout == FactFormat.SNAP) {
                    continue;
                }
                if (empty && !readsEmptyLine()) {
                    // Souffle stops here too: the line's one field, the empty text, is no number and no tuple
                    throw lineError(source, lineNo, "empty line, where a tuple of " + arity + " column"
                            + (arity == 1 ? "" : "s") + " is expected (an empty line is read only as the empty symbol"
                            + " of a one-column symbol relation)");
                }
                if (lineNo == 1 && !empty && startsSnapHeader(lines.bytes()[lines.start()])) {
                    layout = FactFormat.SNAP;
                }
                if (fileColumns == null && parseNumbers(lines.bytes(), lines.start(), lines.end(), tuple)) {
                    out.add(tuple, 0);
                    continue;
                }
                String line = lines.text();
                int found;
                if (layout == FactFormat.SNAP) {
                    if (line.charAt(0) == '#' || line.isBlank()) {
                        continue;
                    }
                    found = splitWhitespace(line, fields);
                } else {
                    Record r = splitRecord(lines, line, lineNo, source, delimiter, quoted, fields);
                    found = r.fields();
                    line = r.text();
                    lineNo = r.lastLine();
                    if (found >= width && fields.length < width) {
                        fields = new String[(int) width];
                        split(line, delimiter, quoted, fields);
                    }
                }
                if (fileColumns == null ? found != arity : found < width) {
                    throw lineError(source, lineNo, "expected " + (fileColumns == null ? "" : "at least ") + width
                            + " column" + (width == 1 ? "" : "s") + ", found " + found + " (line: " + shown(line) + ")");
                }
                for (int c = 0; c < arity; c++) {
                    tuple[c] = parse(fields[fileColumns == null ? c : fileColumns[c]], c, source, lineNo);
                }
                out.add(tuple, 0);
            }
        } catch (EOFException | ZipException e) {
            // Only the gzip stream throws these: a plain stream just ends.
            throw new LeapfrogException("error: cannot read fact file " + source + ": damaged gzip data ("
                    + (e instanceof EOFException ? "it ends before the compressed data does"
                    : IoFailures.reason(e)) + (lineNo > 0 ? ", after line " + lineNo : "") + ")");
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot read fact file " + source + ": " + IoFailures.reason(e)
                    + (lineNo > 0 ? " (after line " + lineNo + ")" : ""));
        }
        return out.build();
    }

    /**
     * Whether an empty line is a tuple: in a relation of one symbol column read from the file's first
     * column (the empty symbol, as Souffle reads it), unless that column holds an enumeration's values.
     */
    private boolean readsEmptyLine() {
        return types.length == 1 && types[0] == ColumnType.SYMBOL && (fileColumns == null || fileColumns[0] == 0)
                && (enumValues == null || enumValues.get(0) == null);
    }

    /**
     * Whether a file whose first line starts with {@code first} is a SNAP edge list: a '#' comment header,
     * in the default layout (tab-separated, no header line, unquoted), for a relation without symbol
     * columns, where such a line could never be a tuple. Souffle would stop at the header; reading the
     * file as SNAP takes nothing away that could be read otherwise.
     */
    private boolean startsSnapHeader(byte first) {
        if (first != '#' || format != FactFormat.DELIMITED || !delimiter.equals("\t") || skipHeader || quoted) {
            return false;
        }
        for (ColumnType t : types) {
            if (t == ColumnType.SYMBOL) {
                return false;
            }
        }
        return true;
    }

    /**
     * Parses {@code b[from..to)} into {@code tuple} when it is exactly {@code arity} NUMBER fields of
     * an optional '-' and up to ten decimal digits within the 32-bit range, separated by a one-byte
     * delimiter; false (tuple undefined) for anything else, which the general path then reads.
     */
    private boolean parseNumbers(byte[] b, int from, int to, int[] tuple) {
        if (fastDelimiter < 0) {
            return false;
        }
        int i = from;
        for (int c = 0; c < tuple.length; c++) {
            if (types[c] != ColumnType.NUMBER) {
                return false;
            }
            if (c > 0) {
                if (i >= to || b[i] != fastDelimiter) {
                    return false;
                }
                i++;
            }
            boolean negative = i < to && b[i] == '-';
            if (negative) {
                i++;
            }
            int digitsFrom = i;
            long v = 0;
            while (i < to && i - digitsFrom < 11 && b[i] >= '0' && b[i] <= '9') {
                v = v * 10 + (b[i++] - '0');
            }
            int digits = i - digitsFrom;
            if (digits == 0 || digits > 10) {
                return false;
            }
            v = negative ? -v : v;
            if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                return false; // the general path reports it
            }
            tuple[c] = (int) v;
        }
        return i == to;
    }

    /** The stream, decompressed when it starts with gzip's magic bytes (whatever the file is called). */
    public static InputStream decompressed(InputStream raw) throws IOException {
        BufferedInputStream in = new BufferedInputStream(raw, 1 << 16);
        in.mark(2);
        int b0 = in.read();
        int b1 = in.read();
        in.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            return new GZIPInputStream(in, 1 << 16);
        }
        return in;
    }

    /**
     * The first {@code max} records of a file laid out in {@code style} (gzip or plain), each as its fields,
     * split as {@link #read} splits lines (an empty line is one empty field; with rfc4180 a quoted field goes
     * on over line ends): for sniffing a file's layout. A malformed record is an error naming {@code source}
     * and its line.
     */
    public static List<List<String>> records(InputStream raw, String source, CsvStyle style, int max)
            throws IOException {
        List<List<String>> out = new ArrayList<>();
        ByteLines lines = new ByteLines(decompressed(raw));
        int lineNo = 0;
        while (out.size() < max && lines.next()) {
            lineNo++;
            Record r = splitRecord(lines, lines.text(), lineNo, source, style.delimiter(), style.rfc4180(), new String[0]);
            lineNo = r.lastLine();
            String[] fields = new String[r.fields()];
            split(r.text(), style.delimiter(), style.rfc4180(), fields);
            out.add(Arrays.asList(fields));
        }
        return out;
    }

    /** A record as {@link #splitRecord} read it: its field count, its text and the line it ends on. */
    private record Record(int fields, String text, int lastLine) {
    }

    /**
     * Splits the record that starts with {@code line} (line {@code lineNo}) into {@code fields}: with rfc4180 a
     * quoted field still open at the line's end goes on over the next lines, their ends kept, as Souffle reads
     * it. A quote still open at the file's end, or a malformed field, is an error at its line.
     */
    private static Record splitRecord(ByteLines lines, String line, int lineNo, String source, String delimiter,
                                      boolean quoted, String[] fields) throws IOException {
        int first = lineNo;
        int at = lineNo;
        String text = line;
        while (true) {
            try {
                return new Record(split(text, delimiter, quoted, fields), text, at);
            } catch (OpenQuote e) {
                String end = lines.crlf() ? "\r\n" : "\n";
                if (!lines.next()) {
                    throw lineError(source, first, e.getMessage());
                }
                at++;
                text = text + end + lines.text();
            } catch (IllegalArgumentException e) {
                throw lineError(source, at, e.getMessage());
            }
        }
    }

    /**
     * Splits a line on the delimiter into {@code fields}; returns the number of fields (it may exceed
     * fields.length: those are not stored). With {@code quoted} (rfc4180), a field that starts with '"'
     * runs to the closing quote ({@code ""} inside stands for one quote) and must be followed by the
     * delimiter or the line's end, else an IllegalArgumentException says what is wrong.
     */
    private static int split(String line, String delimiter, boolean quoted, String[] fields) {
        int n = 0;
        int start = 0;
        int dl = delimiter.length();
        while (true) {
            String f;
            int next;
            if (quoted && start < line.length() && line.charAt(start) == '"') {
                StringBuilder sb = new StringBuilder();
                int i = start + 1;
                boolean closed = false;
                while (i < line.length()) {
                    char c = line.charAt(i++);
                    if (c == '"' && i < line.length() && line.charAt(i) == '"') {
                        sb.append('"');
                        i++;
                    } else if (c == '"') {
                        closed = true;
                        break;
                    } else {
                        sb.append(c);
                    }
                }
                if (!closed) {
                    throw new OpenQuote(n + 1);
                }
                if (i < line.length() && !line.startsWith(delimiter, i)) {
                    throw new IllegalArgumentException("expected the delimiter right after the quoted field in column "
                            + (n + 1) + " (line: " + shown(line) + ")");
                }
                f = sb.toString();
                next = i < line.length() ? i : -1;
            } else {
                int at = line.indexOf(delimiter, start);
                f = at < 0 ? line.substring(start) : line.substring(start, at);
                next = at;
            }
            if (n < fields.length) {
                fields[n] = f;
            }
            n++;
            if (next < 0) {
                return n;
            }
            start = next + dl;
        }
    }

    /** A quoted field not closed on its line: it may go on over the next (rfc4180). */
    static final class OpenQuote extends IllegalArgumentException {
        OpenQuote(int column) {
            super("unbalanced quote in column " + column + ": the quoted field has no closing '\"' before the end of"
                    + " the file; with rfc4180=true a quoted field ends with '\"', and '\"\"' stands for a quote inside it");
        }
    }

    private static int splitWhitespace(String line, String[] fields) {
        int n = 0;
        int i = 0;
        int len = line.length();
        while (true) {
            while (i < len && isBlank(line.charAt(i))) {
                i++;
            }
            if (i == len) {
                return n;
            }
            int start = i;
            while (i < len && !isBlank(line.charAt(i))) {
                i++;
            }
            if (n < fields.length) {
                fields[n] = line.substring(start, i);
            }
            n++;
        }
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }

    private int parse(String field, int column, String source, int lineNo) {
        ColumnType t = types[column];
        if (t == ColumnType.SYMBOL) {
            Set<String> allowed = enumValues == null ? null : enumValues.get(column);
            if (allowed != null) {
                String value = enumValue(field);
                if (!allowed.contains(value)) {
                    throw lineError(source, lineNo, "'" + field + "' in column " + (column + 1) + " is not a value of its"
                            + " enumeration type; it holds " + String.join(", ", allowed));
                }
                return symbols.intern(value);
            }
            return symbols.intern(field);
        }
        String s = field;   // as it is: Souffle allows space before a number, not after it
        try {
            switch (t) {
                case FLOAT:
                    return FloatCodec.encode(SouffleNumbers.factFloat(s));
                case UNSIGNED:
                    return UnsignedCodec.encodeValue(SouffleNumbers.factUnsigned(s));
                default:
                    return SouffleNumbers.factNumber(s);
            }
        } catch (ArithmeticException e) {
            throw lineError(source, lineNo, switch (t) {
                case FLOAT -> "float out of range: '" + field + "' in column " + (column + 1)
                        + " (floats are 32-bit: normal magnitudes up to 3.4028235e38, or 0, inf, nan)";
                case UNSIGNED -> "unsigned number out of range: '" + field + "' in column " + (column + 1)
                        + " (unsigned values are 0.." + SouffleNumbers.UNSIGNED_MAX + ")";
                default -> "number out of range: '" + field + "' in column " + (column + 1)
                        + " (numbers are signed 32-bit: " + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE + ")";
            });
        } catch (NumberFormatException e) {
            throw lineError(source, lineNo, switch (t) {
                case FLOAT -> "not a float: '" + field + "' in column " + (column + 1)
                        + " (decimal or exponent notation, 0x hexadecimal, inf or nan; no space after it)";
                case UNSIGNED -> "not an unsigned number: '" + field + "' in column " + (column + 1)
                        + " (decimal, 0x hexadecimal or 0b binary, no sign '-'; no space after it)";
                default -> "not a number: '" + field + "' in column " + (column + 1)
                        + " (fact files hold numbers in decimal, as Souffle reads them; no space after it)";
            } + (field.startsWith("\uFEFF") ? "; the file starts with a UTF-8 byte-order mark (bytes EF BB BF), which"
                    + " is data here as in Souffle: save the file without it" : ""));
        }
    }

    /**
     * An enumeration value as Souffle reads one: white space before the '$' and before the branch's name is
     * allowed ({@code " $ Mon"} is {@code $Mon}), nothing after it; anything else comes back unchanged.
     */
    static String enumValue(String field) {
        int i = skipCSpace(field, 0);
        if (i == field.length() || field.charAt(i) != '$') {
            return field;
        }
        int name = skipCSpace(field, i + 1);
        return i == 0 && name == 1 ? field : "$" + field.substring(name);
    }

    /** Past C's isspace characters (space, \t, \n, \v, \f, \r) from {@code i}. */
    private static int skipCSpace(String s, int i) {
        while (i < s.length() && " \t\n\u000B\f\r".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        return i;
    }

    private static LeapfrogException lineError(String source, int line, String what) {
        return new LeapfrogException(source + ":" + line + ": error: " + what);
    }

    private static String shown(String line) {
        return line.length() <= MAX_SHOWN_LINE ? line : line.substring(0, MAX_SHOWN_LINE) + "...";
    }
}
