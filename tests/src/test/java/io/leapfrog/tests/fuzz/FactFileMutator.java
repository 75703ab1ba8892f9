package io.leapfrog.tests.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * Breaks a tab-separated fact file: encodings (Latin-1, invalid UTF-8, UTF-16, a byte-order mark,
 * NUL), field counts and widths, delimiters, line ends, numbers past their types' ranges or in other
 * spellings, and gzip damage (truncated, bytes flipped, the header alone). {@link Kind#GZIP_INTACT}
 * keeps the content: the run must give the same answer as with the plain file.
 */
final class FactFileMutator {
    enum Kind { LATIN1, INVALID_UTF8, UTF16, BOM, NUL, FIELD_DROPPED, FIELD_ADDED, EMPTY_LINE, TRAILING_TAB,
        WIDE_FIELD, DELIMITER, CRLF, HUGE_NUMBER, GZIP_INTACT, GZIP_TRUNCATED, GZIP_FLIPPED, GZIP_HEADER_ONLY,
        EMPTY, NO_FINAL_NEWLINE }

    private static final String[] NUMBERS = {"2147483648", "-2147483649", "4294967296", "99999999999999999999",
        "-0", "0x10", "+5", " 5", "5 ", "1e400", "NaN", "inf", "-inf", "1_000", "", "1.", ".5", "0b1", "१"};
    private static final String[] DELIMITERS = {",", " ", ";", "|", "\t\t", "\u00a0"};

    private final Random rnd;

    FactFileMutator(Random rnd) {
        this.rnd = rnd;
    }

    Kind pick() {
        return Kind.values()[rnd.nextInt(Kind.values().length)];
    }

    byte[] apply(Kind kind, byte[] file) {
        String s = new String(file, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(s.lines().toList());
        if (lines.isEmpty()) {
            lines.add("1");
        }
        int i = rnd.nextInt(lines.size());
        String[] fields = lines.get(i).split("\t", -1);
        int f = rnd.nextInt(fields.length);
        return switch (kind) {
            case LATIN1 -> splice(file, new byte[] {'c', 'a', 'f', (byte) 0xE9});
            case INVALID_UTF8 -> splice(file, new byte[] {(byte) 0xC3, '(', (byte) 0xFF, (byte) 0xED, (byte) 0xA0, (byte) 0x80});
            case UTF16 -> s.getBytes(StandardCharsets.UTF_16LE);
            case BOM -> concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, file);
            case NUL -> splice(file, new byte[] {0});
            case FIELD_DROPPED -> withLine(lines, i, String.join("\t", List.of(fields).subList(0, fields.length - 1)));
            case FIELD_ADDED -> withLine(lines, i, lines.get(i) + "\t1");
            case EMPTY_LINE -> withLine(lines, i, "\n" + lines.get(i));
            case TRAILING_TAB -> withLine(lines, i, lines.get(i) + "\t");
            case WIDE_FIELD -> withField(lines, i, fields, f, (rnd.nextBoolean() ? "7" : "w").repeat(1 + rnd.nextInt(200_000)));
            case DELIMITER -> withLine(lines, i, String.join(DELIMITERS[rnd.nextInt(DELIMITERS.length)], fields));
            case CRLF -> (String.join("\r\n", lines) + "\r\n").getBytes(StandardCharsets.UTF_8);
            case HUGE_NUMBER -> withField(lines, i, fields, f, NUMBERS[rnd.nextInt(NUMBERS.length)]);
            case GZIP_INTACT -> gzip(file);
            case GZIP_TRUNCATED -> {
                byte[] gz = gzip(file);
                yield java.util.Arrays.copyOf(gz, rnd.nextInt(gz.length));
            }
            case GZIP_FLIPPED -> {
                byte[] gz = gzip(file);
                gz[rnd.nextInt(gz.length)] ^= (byte) (1 << rnd.nextInt(8));
                yield gz;
            }
            case GZIP_HEADER_ONLY -> new byte[] {0x1F, (byte) 0x8B};
            case EMPTY -> new byte[0];
            case NO_FINAL_NEWLINE -> String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
        };
    }

    private byte[] splice(byte[] file, byte[] what) {
        int at = rnd.nextInt(file.length + 1);
        return concat(concat(java.util.Arrays.copyOf(file, at), what), java.util.Arrays.copyOfRange(file, at, file.length));
    }

    private static byte[] withLine(List<String> lines, int i, String line) {
        List<String> copy = new ArrayList<>(lines);
        copy.set(i, line);
        return (String.join("\n", copy) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] withField(List<String> lines, int i, String[] fields, int f, String value) {
        String[] copy = fields.clone();
        copy[f] = value;
        return withLine(lines, i, String.join("\t", copy));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    static byte[] gzip(byte[] content) {
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        try (GZIPOutputStream z = new GZIPOutputStream(o)) {
            z.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return o.toByteArray();
    }
}
