package io.leapfrog.exec.io;

import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

import static io.leapfrog.exec.storage.ColumnType.NUMBER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Byte ranges parsed side by side must give exactly what the line-by-line reader gives. */
class ChunkedNumberReaderTest {

    @TempDir
    Path dir;

    private static Relation lineByLine(String text, int arity) {
        ColumnType[] types = ColumnType.repeat(NUMBER, arity);
        return new FactReader(types, new SymbolTable())
                .read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "t.facts");
    }

    private Relation inRanges(String text, int arity, long chunkBytes) throws IOException {
        Path f = dir.resolve("t.facts");
        Files.writeString(f, text);
        try (FileChannel ch = FileChannel.open(f)) {
            return ChunkedNumberReader.read(ch, arity, (byte) '\t', chunkBytes);
        }
    }

    /** Random lines of numbers with every line ending, empty lines and an unterminated last line. */
    private static String randomFacts(SplittableRandom r, int lines, int arity) {
        String[] ends = {"\n", "\r\n", "\r", "\n\n", "\r\n\r\n"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            for (int c = 0; c < arity; c++) {
                if (c > 0) {
                    sb.append('\t');
                }
                int v = r.nextInt(4) == 0 ? r.nextInt() : r.nextInt(-50, 1000);
                sb.append(v);
            }
            if (i < lines - 1 || r.nextBoolean()) {
                sb.append(ends[r.nextInt(ends.length)]);
            }
        }
        return sb.toString();
    }

    @Test
    void everyRangeSizeReadsWhatTheLineReaderReads() throws IOException {
        SplittableRandom r = new SplittableRandom(11);
        for (int trial = 0; trial < 30; trial++) {
            int arity = 1 + r.nextInt(3);
            String text = randomFacts(r, 1 + r.nextInt(300), arity);
            Relation expected = lineByLine(text, arity);
            for (long chunk : new long[]{1, 2, 3, 7, 16, 61, 1000, 1 << 20}) {
                Relation got = inRanges(text, arity, chunk);
                assertNotNull(got, "trial " + trial + ", ranges of " + chunk);
                assertEquals(expected, got, "trial " + trial + ", ranges of " + chunk);
            }
        }
    }

    @Test
    void aLineThatIsNotPlainNumbersLeavesTheFileToTheLineReader() throws IOException {
        for (String text : new String[]{"1\t2\n3\tx\n5\t6\n", "1\t2\n0x10\t3\n", "1\t2\n 4\t5\n", "1\t2\n3\t4\t5\n",
                "1\t2\n2147483648\t1\n", "1\t2\n-\t1\n"}) {
            for (long chunk : new long[]{1, 4, 1000}) {
                assertNull(inRanges(text, 2, chunk), text + " in ranges of " + chunk);
            }
        }
    }

    @Test
    void aLargeFileIsReadInRangesThroughTheFactReader() throws IOException {
        SplittableRandom r = new SplittableRandom(3);
        StringBuilder sb = new StringBuilder();
        while (sb.length() < ChunkedNumberReader.CHUNKED_FROM + 1000) {
            sb.append(r.nextInt(1 << 20)).append('\t').append(r.nextInt(1 << 20)).append('\n');
        }
        String text = sb.toString();
        Path f = dir.resolve("big.facts");
        Files.writeString(f, text);
        Relation viaPath = new FactReader(ColumnType.repeat(NUMBER, 2), new SymbolTable()).read(f);
        assertNotNull(ChunkedNumberReader.read(f, 2, (byte) '\t'), "the file is read in ranges");
        assertEquals(lineByLine(text, 2), viaPath);
    }
}
