package io.leapfrog.exec.io;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.StorageThreads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Reads a large plain fact file whose lines are all plain numbers in byte ranges parsed side by side on
 * the storage threads ({@link StorageThreads}), where the line-by-line reader parses on one thread. A
 * line belongs to the range holding its first byte; lines end at {@code \n}, {@code \r} or
 * {@code \r\n} and empty lines are skipped, as {@link ByteLines} splits them. The first line that is
 * not plain numbers (a symbol, hexadecimal, spaces, an error) ends the attempt: {@link #read} returns
 * null and the caller reads the file line by line, which parses or reports it with its line number.
 */
final class ChunkedNumberReader {
    /** Smaller files are read line by line: a range's fixed cost would not pay. */
    static final long CHUNKED_FROM = 32L << 20;
    /**
     * Bytes per range: small enough that a range's buffer and columns are ordinary young objects and
     * that there are many ranges to balance over the threads (a whole-file split into one range per
     * thread was slower than the line reader on 2 cores: buffers and columns of hundreds of MB).
     */
    static final long CHUNK = 2L << 20;
    /** Bytes read past a range's end to finish its last line; a plain line of numbers is far shorter. */
    private static final int TAIL = 1 << 16;

    private ChunkedNumberReader() {
    }

    /** The relation of a plain (not gzip) file of at least {@link #CHUNKED_FROM} bytes, or null (see the class comment). */
    static Relation read(Path file, int arity, byte delimiter) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < CHUNKED_FROM || gzip(ch)) {
                return null;
            }
            return read(ch, arity, delimiter, CHUNK);
        }
    }

    /** Parses {@code ch} in ranges of {@code chunkBytes}; null when a line is not plain numbers. */
    static Relation read(FileChannel ch, int arity, byte delimiter, long chunkBytes) throws IOException {
        long size = ch.size();
        int chunks = (int) ((size + chunkBytes - 1) / chunkBytes);
        int[][][] parts = new int[chunks][][];
        int[] counts = new int[chunks];
        AtomicBoolean plain = new AtomicBoolean(true);
        try {
            StorageThreads.forEach(chunks, i -> {
                if (!plain.get()) {
                    return;
                }
                long from = i * chunkBytes;
                Range r = new Range(arity);
                if (!r.parse(ch, from, Math.min(size, from + chunkBytes), size, delimiter)) {
                    plain.set(false);
                    return;
                }
                parts[i] = r.cols;
                counts[i] = r.n;
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        if (!plain.get()) {
            return null;
        }
        long total = 0;
        for (int c : counts) {
            total += c;
        }
        if (total > Integer.MAX_VALUE - 8) {
            return null; // the line-by-line reader reports the relation as too large
        }
        int[][] cols = new int[arity][(int) total];
        int at = 0;
        for (int i = 0; i < chunks; i++) {
            for (int c = 0; c < arity; c++) {
                System.arraycopy(parts[i][c], 0, cols[c], at, counts[i]);
            }
            at += counts[i];
            parts[i] = null;
        }
        return Relation.ofColumns(cols, at);
    }

    private static boolean gzip(FileChannel ch) throws IOException {
        ByteBuffer head = ByteBuffer.allocate(2);
        ch.read(head, 0);
        return head.position() == 2 && (head.get(0) & 0xff) == 0x1f && (head.get(1) & 0xff) == 0x8b;
    }

    private static boolean terminator(byte b) {
        return b == '\n' || b == '\r';
    }

    /** The tuples of one byte range, column by column. */
    private static final class Range {
        final int arity;
        final int[] tuple;
        int[][] cols;
        int n;

        Range(int arity) {
            this.arity = arity;
            this.tuple = new int[arity];
        }

        /** Parses the lines starting in [from, to) of a file of {@code size} bytes; false at a line that is not plain numbers. */
        boolean parse(FileChannel ch, long from, long to, long size, byte delimiter) {
            long readFrom = Math.max(0, from - 1);
            long readTo = Math.min(size, to + TAIL);
            int length = (int) (readTo - readFrom);
            byte[] b = readFully(ch, readFrom, length);
            int end = length;                               // b may be longer than the bytes read
            int p = (int) (from - readFrom);
            int limit = (int) (to - readFrom);
            if (from > 0 && !terminator(b[p - 1])) {
                while (p < end && !terminator(b[p])) { // the line holding `from` began in the range before
                    p++;
                }
            }
            cols = new int[arity][(limit - p) / 8 + 16];    // grown when lines are shorter than 8 bytes
            while (p < limit) {
                if (terminator(b[p])) {
                    p++;
                    continue;
                }
                int e = p;
                while (e < end && !terminator(b[e])) {
                    e++;
                }
                if (e == end && readTo < size) {
                    return false; // a line longer than the tail: not a plain line of numbers
                }
                if (!NumberLines.parse(b, p, e, delimiter, tuple)) {
                    return false;
                }
                add();
                p = e;
            }
            return true;
        }

        private void add() {
            if (n == cols[0].length) {
                for (int c = 0; c < arity; c++) {
                    cols[c] = Arrays.copyOf(cols[c], n + (n >> 1) + 16);
                }
            }
            for (int c = 0; c < arity; c++) {
                cols[c][n] = tuple[c];
            }
            n++;
        }

        /** A thread's buffer for its ranges, reused (a fresh array per range would be zeroed first). */
        private static final ThreadLocal<byte[]> SCRATCH = new ThreadLocal<>();

        private static byte[] readFully(FileChannel ch, long at, int length) {
            byte[] b = SCRATCH.get();
            if (b == null || b.length < length) {
                b = new byte[length];
                SCRATCH.set(b);
            }
            ByteBuffer buf = ByteBuffer.wrap(b, 0, length);
            try {
                while (buf.hasRemaining()) {
                    if (ch.read(buf, at + buf.position()) < 0) {
                        throw new IOException("the file ended early (it changed while being read)");
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return b;
        }
    }
}
