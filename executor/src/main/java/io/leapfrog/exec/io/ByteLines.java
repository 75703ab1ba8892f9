package io.leapfrog.exec.io;

import java.io.IOException;
import java.io.InputStream;
import io.leapfrog.common.ByteText;

import java.util.Arrays;

/**
 * The lines of a byte stream, undecoded, split as Souffle's reader splits them (C++'s {@code getline}):
 * at each {@code \n}, one {@code \r} before it removed (a Windows line end); a {@code \r} anywhere else is
 * data. A reader can parse plain numeric lines straight from the bytes and decode only the others. UTF-8
 * never uses the bytes of {@code \n} and {@code \r} inside a multi-byte character, so the lines are the
 * same as those of the decoded text.
 */
final class ByteLines {
    private final InputStream in;
    private byte[] buf = new byte[1 << 16];
    private int filled;
    private int pos;
    private boolean eof;
    private boolean crlf;   // the current line ended with "\r\n" (the '\r' is not part of it)
    private int start;
    private int end;

    ByteLines(InputStream in) {
        this.in = in;
    }

    /**
     * Advances to the next line; false at the end of the stream. A UTF-8 byte-order mark at the start is data,
     * as Souffle reads it (the start of the first field).
     */
    boolean next() throws IOException {
        while (true) {
            for (int i = pos; i < filled; i++) {
                if (buf[i] == '\n') {
                    setLine(pos, i);
                    pos = i + 1;
                    return true;
                }
            }
            if (eof) {
                if (pos < filled) { // a last line without a terminator
                    setLine(pos, filled);
                    pos = filled;
                    return true;
                }
                return false;
            }
            fill();
        }
    }

    private void setLine(int from, int to) {
        crlf = to > from && buf[to - 1] == '\r';
        start = from;
        end = crlf ? to - 1 : to;
    }

    /** Keeps the unfinished line at the front of the buffer (growing it for long lines) and reads more. */
    private void fill() throws IOException {
        int rest = filled - pos;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, rest);
        } else if (rest == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        pos = 0;
        filled = rest;
        int n = in.read(buf, filled, buf.length - filled);
        if (n < 0) {
            eof = true;
        } else {
            filled += n;
        }
    }

    /** The buffer holding the current line, valid until the next call to {@link #next()}. */
    byte[] bytes() {
        return buf;
    }

    int start() {
        return start;
    }

    int end() {
        return end;
    }

    /** Whether the current line ended with {@code \r\n}: a quoted field continued on the next line keeps both. */
    boolean crlf() {
        return crlf;
    }

    /** The current line decoded losslessly ({@link ByteText}: bytes that are not UTF-8 become escapes). */
    String text() {
        return ByteText.decode(buf, start, end);
    }
}
