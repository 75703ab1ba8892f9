package io.leapfrog.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The lossless text encoding of symbols read from and written to data files: UTF-8 where the bytes are
 * valid UTF-8, and every other byte {@code b} (0x80..0xFF) as the lone low surrogate {@code U+DC00 + b}
 * (Python's "surrogateescape"). Souffle keeps a symbol's bytes as they are; decoding with this charset
 * and encoding back gives the same bytes for any input, so a Latin-1 symbol is written as it was read
 * instead of as U+FFFD. Valid UTF-8 never decodes to a lone surrogate (UTF-8 cannot encode surrogates),
 * so the escapes cannot be confused with characters of the text.
 *
 * <p>A lone surrogate outside U+DC80..U+DCFF (only possible in strings made by Java code) is encoded as
 * '?', as the UTF-8 encoder does.
 */
public final class ByteText {
    /** The charset; decoding and encoding never fail. */
    public static final Charset CHARSET = new EscapingUtf8();

    private static final char ESCAPE_BASE = 0xDC00;

    private ByteText() {
    }

    /** {@code bytes[from..to)} decoded losslessly. */
    public static String decode(byte[] bytes, int from, int to) {
        if (isAscii(bytes, from, to)) {
            return new String(bytes, from, to - from, StandardCharsets.ISO_8859_1);
        }
        char[] out = new char[to - from];
        int n = 0;
        int i = from;
        while (i < to) {
            int b = bytes[i] & 0xFF;
            int len = sequenceLength(bytes, i, to);
            if (b < 0x80) {
                out[n++] = (char) b;
                i++;
            } else if (len == 0) {
                out[n++] = (char) (ESCAPE_BASE + b);
                i++;
            } else {
                int cp = b & (0xFF >> (len + 1));
                for (int k = 1; k < len; k++) {
                    cp = (cp << 6) | (bytes[i + k] & 0x3F);
                }
                n += Character.toChars(cp, out, n);
                i += len;
            }
        }
        return new String(out, 0, n);
    }

    /** The bytes of {@code s}: UTF-8, with each escape turned back into its byte. */
    public static byte[] encode(String s) {
        ByteBuffer bb = ByteBuffer.allocate(s.length() * 3);
        CoderResult r = CHARSET.newEncoder().onMalformedInput(CodingErrorAction.REPLACE)
                .encode(CharBuffer.wrap(s), bb, true);
        if (r.isError()) {
            throw new IllegalStateException(r.toString()); // the encoder replaces, never reports
        }
        bb.flip();
        byte[] out = new byte[bb.remaining()];
        bb.get(out);
        return out;
    }

    /**
     * A reader of {@code in} decoded losslessly. Use it rather than an {@code InputStreamReader} with
     * {@link #CHARSET}: the JDK's stream decoder resets a decoder at the end of the input without flushing
     * it, which would drop a sequence cut by the end of the file.
     */
    public static Reader reader(InputStream in) {
        return new DecodingReader(in);
    }

    /** Whether {@code c} stands for a byte that was not valid UTF-8. */
    public static boolean isEscape(char c) {
        return c >= ESCAPE_BASE + 0x80 && c <= ESCAPE_BASE + 0xFF;
    }

    private static boolean isAscii(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * The length of the valid UTF-8 sequence starting at {@code b[i]} (a byte of 0x80 or more), or 0 when
     * the bytes there (up to {@code to}) are not one; the shortest form only, no surrogates, at most U+10FFFF.
     */
    static int sequenceLength(byte[] b, int i, int to) {
        int b0 = b[i] & 0xFF;
        int len;
        int lo = 0x80;
        int hi = 0xBF;  // the allowed range of the second byte
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            len = 2;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            len = 3;
            lo = b0 == 0xE0 ? 0xA0 : 0x80;
            hi = b0 == 0xED ? 0x9F : 0xBF;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            len = 4;
            lo = b0 == 0xF0 ? 0x90 : 0x80;
            hi = b0 == 0xF4 ? 0x8F : 0xBF;
        } else {
            return 0;
        }
        if (i + len > to) {
            return 0;
        }
        int b1 = b[i + 1] & 0xFF;
        if (b1 < lo || b1 > hi) {
            return 0;
        }
        for (int k = 2; k < len; k++) {
            int bk = b[i + k] & 0xFF;
            if (bk < 0x80 || bk > 0xBF) {
                return 0;
            }
        }
        return len;
    }

    /** Decodes whole buffers of bytes, holding back a sequence the buffer cuts until more bytes or the end come. */
    private static final class DecodingReader extends Reader {
        private final InputStream in;
        private final byte[] bytes = new byte[1 << 16];
        private int held;           // bytes at the front of {@code bytes} not decoded yet
        private String chars = "";
        private int next;
        private boolean eof;

        DecodingReader(InputStream in) {
            this.in = in;
        }

        @Override
        public int read(char[] cbuf, int off, int len) throws IOException {
            while (next == chars.length()) {
                if (eof) {
                    return -1;
                }
                int n = in.read(bytes, held, bytes.length - held);
                if (n < 0) {
                    eof = true;
                    chars = decode(bytes, 0, held);
                    held = 0;
                } else {
                    int filled = held + n;
                    int cut = completeUpTo(bytes, filled);
                    chars = decode(bytes, 0, cut);
                    held = filled - cut;
                    System.arraycopy(bytes, cut, bytes, 0, held);
                }
                next = 0;
            }
            int n = Math.min(len, chars.length() - next);
            chars.getChars(next, next + n, cbuf, off);
            next += n;
            return n;
        }

        /** The end of the bytes that can be decoded now: before a last sequence that more bytes could complete. */
        private static int completeUpTo(byte[] b, int filled) {
            for (int i = filled - 1; i >= Math.max(0, filled - 3); i--) {
                int lead = b[i] & 0xFF;
                if (lead >= 0xC0) {
                    int need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
                    return i + need > filled ? i : filled;
                }
                if (lead < 0x80) {
                    return filled;
                }
            }
            return filled;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    private static final class EscapingUtf8 extends Charset {
        EscapingUtf8() {
            super("x-leapfrog-utf-8-bytes", new String[0]);
        }

        @Override
        public boolean contains(Charset cs) {
            return cs instanceof EscapingUtf8 || StandardCharsets.UTF_8.contains(cs);
        }

        @Override
        public CharsetDecoder newDecoder() {
            return new Decoder(this);
        }

        @Override
        public CharsetEncoder newEncoder() {
            return new Encoder(this);
        }
    }

    /**
     * Decodes as {@link #decode} does. A sequence cut by the end of a buffer is held back until more
     * input comes; at the end of the input ({@link #implFlush}) its bytes are escapes. (For streams use
     * {@link #reader}: the JDK's stream decoder never flushes.)
     */
    private static final class Decoder extends CharsetDecoder {
        private final byte[] pending = new byte[4];
        private int pendingLength;

        Decoder(Charset cs) {
            super(cs, 1.0f, 1.0f);
        }

        @Override
        protected CoderResult decodeLoop(ByteBuffer in, CharBuffer out) {
            while (true) {
                if (pendingLength > 0) {
                    while (pendingLength < 4 && in.hasRemaining() && pendingLength < expectedLength(pending[0])) {
                        pending[pendingLength++] = in.get();
                    }
                    if (pendingLength < expectedLength(pending[0])) {
                        return CoderResult.UNDERFLOW;  // still incomplete: wait for more input or the flush
                    }
                    CoderResult r = emitPending(out, pendingLength);
                    if (r != null) {
                        return r;
                    }
                    continue;
                }
                if (!in.hasRemaining()) {
                    return CoderResult.UNDERFLOW;
                }
                if (!out.hasRemaining()) {
                    return CoderResult.OVERFLOW;
                }
                byte b = in.get(in.position());
                if (b >= 0) {
                    out.put((char) b);
                    in.get();
                    continue;
                }
                int need = expectedLength(b);
                if (need == 0) {
                    out.put((char) (ESCAPE_BASE + (b & 0xFF)));
                    in.get();
                    continue;
                }
                // Copy the sequence (as far as the buffer holds it) and decode it from the copy.
                pending[0] = in.get();
                pendingLength = 1;
            }
        }

        /**
         * Decodes the first {@code available} pending bytes: a whole valid sequence as its character, else
         * the first byte as an escape (the rest is kept and looked at again). Null when done, OVERFLOW when
         * {@code out} lacks room (nothing is consumed then).
         */
        private CoderResult emitPending(CharBuffer out, int available) {
            int len = pending[0] >= 0 ? 0 : sequenceLength(pending, 0, available);
            if (pending[0] >= 0) {
                if (!out.hasRemaining()) {
                    return CoderResult.OVERFLOW;
                }
                out.put((char) pending[0]);
                len = 1;
            } else if (len > 0) {
                int cp = pending[0] & (0xFF >> (len + 1));
                for (int k = 1; k < len; k++) {
                    cp = (cp << 6) | (pending[k] & 0x3F);
                }
                if (out.remaining() < Character.charCount(cp)) {
                    return CoderResult.OVERFLOW;
                }
                out.put(Character.toChars(cp));
            } else {
                if (!out.hasRemaining()) {
                    return CoderResult.OVERFLOW;
                }
                out.put((char) (ESCAPE_BASE + (pending[0] & 0xFF)));
                len = 1;
            }
            System.arraycopy(pending, len, pending, 0, pendingLength - len);
            pendingLength -= len;
            return null;
        }

        @Override
        protected CoderResult implFlush(CharBuffer out) {
            while (pendingLength > 0) {
                CoderResult r = emitPending(out, pendingLength);
                if (r != null) {
                    return r;
                }
            }
            return CoderResult.UNDERFLOW;
        }

        @Override
        protected void implReset() {
            pendingLength = 0;
        }

        /** The length a lead byte announces (0 for a byte that starts no valid sequence). */
        private static int expectedLength(byte lead) {
            int b = lead & 0xFF;
            if (b < 0x80) {
                return 1;
            }
            return b >= 0xC2 && b <= 0xDF ? 2 : b >= 0xE0 && b <= 0xEF ? 3 : b >= 0xF0 && b <= 0xF4 ? 4 : 0;
        }
    }

    /** UTF-8, with the escapes U+DC80..U+DCFF written as their bytes. */
    private static final class Encoder extends CharsetEncoder {
        Encoder(Charset cs) {
            super(cs, 1.1f, 4.0f, new byte[] {'?'});
        }

        @Override
        protected CoderResult encodeLoop(CharBuffer in, ByteBuffer out) {
            while (in.hasRemaining()) {
                char c = in.get(in.position());
                int cp = c;
                int consumed = 1;
                if (Character.isHighSurrogate(c)) {
                    if (in.remaining() < 2) {
                        return CoderResult.UNDERFLOW; // its pair may come with the next buffer
                    }
                    char d = in.get(in.position() + 1);
                    if (!Character.isLowSurrogate(d)) {
                        return CoderResult.malformedForLength(1);
                    }
                    cp = Character.toCodePoint(c, d);
                    consumed = 2;
                } else if (isEscape(c)) {
                    if (!out.hasRemaining()) {
                        return CoderResult.OVERFLOW;
                    }
                    out.put((byte) (c - ESCAPE_BASE));
                    in.get();
                    continue;
                } else if (Character.isLowSurrogate(c)) {
                    return CoderResult.malformedForLength(1);
                }
                int need = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
                if (out.remaining() < need) {
                    return CoderResult.OVERFLOW;
                }
                if (need == 1) {
                    out.put((byte) cp);
                } else if (need == 2) {
                    out.put((byte) (0xC0 | cp >> 6)).put((byte) (0x80 | cp & 0x3F));
                } else if (need == 3) {
                    out.put((byte) (0xE0 | cp >> 12)).put((byte) (0x80 | cp >> 6 & 0x3F)).put((byte) (0x80 | cp & 0x3F));
                } else {
                    out.put((byte) (0xF0 | cp >> 18)).put((byte) (0x80 | cp >> 12 & 0x3F))
                            .put((byte) (0x80 | cp >> 6 & 0x3F)).put((byte) (0x80 | cp & 0x3F));
                }
                in.position(in.position() + consumed);
            }
            return CoderResult.UNDERFLOW;
        }
    }
}
