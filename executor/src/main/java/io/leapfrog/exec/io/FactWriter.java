package io.leapfrog.exec.io;

import io.leapfrog.common.ByteText;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a {@link Relation} one tuple per line in its sorted order, columns joined by a delimiter,
 * numbers in decimal and symbols resolved, encoded with {@link ByteText} (a symbol's bytes as they were
 * read). Files are written through an {@link OutputSet}: to a temporary in the same directory, then renamed over the target, so readers never see a half-written file, an
 * error leaves the previous file (or none) in place, and only a regular file is ever replaced.
 */
public final class FactWriter {
    private FactWriter() {
    }

    /** Writes {@code r} to {@code file} atomically (parent directories are created). */
    public static void write(Path file, Relation r, ColumnType[] types, SymbolTable symbols, String delimiter) {
        write(file, r, types, symbols, CsvStyle.delimited(delimiter), null);
    }

    /**
     * Writes {@code r} to {@code file} atomically in {@code style} (gzip-compressed when it says so), after
     * a header line when {@code header} is not null.
     */
    public static void write(Path file, Relation r, ColumnType[] types, SymbolTable symbols, CsvStyle style, String header) {
        try (OutputSet set = OutputSet.open()) {
            set.write(file, content(r, types, symbols, style, header));
            set.commit();
        }
    }

    /**
     * The file {@code r} makes in {@code style} (gzip-compressed when it says so), after a header line when
     * {@code header} is not null: for an {@link OutputSet} that writes several files together.
     */
    public static OutputSet.Content content(Relation r, ColumnType[] types, SymbolTable symbols, CsvStyle style,
                                            String header) {
        return raw -> {
            GZIPOutputStream gzip = style.gzip() ? new GZIPOutputStream(raw, 1 << 16) : null;
            Writer w = new BufferedWriter(new OutputStreamWriter(gzip != null ? gzip : raw, ByteText.CHARSET),
                    1 << 16);
            if (header != null) {
                w.append(header).append('\n');
            }
            write(w, r, types, symbols, style);
            w.flush();
            if (gzip != null) {
                gzip.finish();
            }
        };
    }

    /** Writes {@code r} to a print stream (for {@code IO=stdout}); the stream is flushed, not closed. */
    public static void write(PrintStream out, Relation r, ColumnType[] types, SymbolTable symbols, String delimiter) {
        write(out, r, types, symbols, CsvStyle.delimited(delimiter));
    }

    /** Writes {@code r} to a print stream in {@code style} (its gzip flag does not apply); flushed, not closed. */
    public static void write(PrintStream out, Relation r, ColumnType[] types, SymbolTable symbols, CsvStyle style) {
        Writer w = new BufferedWriter(new OutputStreamWriter(out, ByteText.CHARSET), 1 << 16);
        try {
            write(w, r, types, symbols, style);
            w.flush();
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot write to standard output: " + e.getMessage());
        }
        // a PrintStream keeps its failures to itself: ask, so that rows that went nowhere are an error
        if (out.checkError()) {
            throw new LeapfrogException("error: cannot write to standard output; the output is incomplete");
        }
    }

    /** Writes the lines of {@code r} to {@code w} (not flushed or closed). */
    public static void write(Writer w, Relation r, ColumnType[] types, SymbolTable symbols, String delimiter) throws IOException {
        write(w, r, types, symbols, CsvStyle.delimited(delimiter));
    }

    /** Writes the lines of {@code r} to {@code w} in {@code style} (not flushed or closed). */
    public static void write(Writer w, Relation r, ColumnType[] types, SymbolTable symbols, CsvStyle style) throws IOException {
        String delimiter = style.delimiter();
        if (types.length != r.arity()) {
            throw new IllegalArgumentException(types.length + " column types for a relation of arity " + r.arity());
        }
        int arity = r.arity();
        if (arity == 0) {
            // Souffle prints the empty tuple of a nullary relation as "()".
            if (r.size() > 0) {
                w.append("()\n");
            }
            return;
        }
        StringBuilder sb = new StringBuilder(64);
        for (int i = 0; i < r.size(); i++) {
            sb.setLength(0);
            for (int c = 0; c < arity; c++) {
                if (c > 0) {
                    sb.append(delimiter);
                }
                int v = r.get(i, c);
                if (types[c] == ColumnType.NUMBER) {
                    sb.append(v);
                } else if (types[c] == ColumnType.SYMBOL) {
                    sb.append(style.symbol(symbols.symbol(v)));
                } else {
                    sb.append(types[c].format(v, symbols));
                }
            }
            sb.append('\n');
            w.append(sb);
        }
    }
}
