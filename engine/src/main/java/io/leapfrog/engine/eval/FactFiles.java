package io.leapfrog.engine.eval;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.exec.storage.SymbolTable;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Souffle fact files: one tuple per line, columns separated by the delimiter (tab by default),
 * symbols verbatim, numbers in decimal (or 0x/0b prefixed). Outputs are written to a temporary file
 * in the target directory and renamed into place, so an error never leaves a half-written file.
 */
public final class FactFiles {
    private FactFiles() {
    }

    public static Relation read(Path file, String delimiter, List<String> columnTypes, SymbolTable symbols) {
        int arity = columnTypes.size();
        RelationBuilder b = new RelationBuilder(arity);
        int[] tuple = new int[arity];
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            int lineNo = 0;
            while ((line = r.readLine()) != null) {
                lineNo++;
                if (line.endsWith("\r")) {
                    line = line.substring(0, line.length() - 1);
                }
                if (line.isEmpty() && arity > 0) {
                    continue;
                }
                String[] cols = arity == 0 ? new String[0] : line.split(java.util.regex.Pattern.quote(delimiter), -1);
                if (cols.length != arity) {
                    throw new LeapfrogException(file + ":" + lineNo + ": error: expected " + arity + " column(s) separated by "
                            + describe(delimiter) + ", found " + cols.length + ": \"" + line + "\"");
                }
                for (int c = 0; c < arity; c++) {
                    tuple[c] = "symbol".equals(columnTypes.get(c)) ? symbols.intern(cols[c])
                            : parseNumber(cols[c], file, lineNo, c);
                }
                b.add(tuple);
            }
        } catch (NoSuchFileException e) {
            throw new LeapfrogException("error: cannot open fact file " + file
                    + ". Create it (it may be empty) or point -F at the directory that holds it.");
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot read fact file " + file + ": " + e.getMessage(), e);
        }
        return b.build();
    }

    private static String describe(String delimiter) {
        return delimiter.equals("\t") ? "tabs" : "'" + delimiter + "'";
    }

    private static int parseNumber(String s, Path file, int lineNo, int column) {
        String t = s.trim();
        try {
            if (t.startsWith("0x") || t.startsWith("0X")) {
                return (int) Long.parseLong(t.substring(2), 16);
            }
            if (t.startsWith("0b") || t.startsWith("0B")) {
                return (int) Long.parseLong(t.substring(2), 2);
            }
            return (int) Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new LeapfrogException(file + ":" + lineNo + ": error: column " + (column + 1)
                    + " must be a number, found \"" + s + "\"");
        }
    }

    /** Writes tuples as delimiter-separated lines, atomically (temporary file, then rename). */
    public static void write(Path file, String delimiter, List<String> lines) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
            try {
                try (Writer w = new BufferedWriter(Files.newBufferedWriter(tmp, StandardCharsets.UTF_8))) {
                    for (String l : lines) {
                        w.write(l);
                        w.write('\n');
                    }
                }
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** A relation's rows rendered as lines (numbers in decimal, symbols as their text). */
    public static List<String> lines(Relation r, List<String> columnTypes, SymbolTable symbols, String delimiter) {
        java.util.ArrayList<String> out = new java.util.ArrayList<>(r.size());
        if (columnTypes.isEmpty()) { // a nullary relation holds or not; Souffle writes "()" when it holds
            if (r.size() > 0) {
                out.add("()");
            }
            return out;
        }
        StringBuilder sb = new StringBuilder();
        for (int row = 0; row < r.size(); row++) {
            sb.setLength(0);
            for (int c = 0; c < columnTypes.size(); c++) {
                if (c > 0) {
                    sb.append(delimiter);
                }
                int v = r.get(row, c);
                sb.append("symbol".equals(columnTypes.get(c)) ? symbols.symbol(v) : Integer.toString(v));
            }
            out.add(sb.toString());
        }
        return out;
    }
}
