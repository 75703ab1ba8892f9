package io.leapfrog.exec.io;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.leapfrog.exec.storage.ColumnType.NUMBER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Lines of numbers parsed from bytes must read exactly as the decoded, field-by-field path reads them. */
class NumericFactLinesTest {

    private static Relation read(String text, ColumnType... types) {
        return new FactReader(types, new SymbolTable()).read(stream(text), "t.facts");
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void plainAndOtherNumberLinesMix() {
        String text = "1\t2\n-7\t0\r\n+16\t3\n 4\t 5\n007\t-0\r\n2147483647\t-2147483648";
        Relation r = read(text, NUMBER, NUMBER);
        assertEquals(Relation.of(2, new int[][]{{1, 2}, {-7, 0}, {16, 3}, {4, 5}, {7, 0},
                {Integer.MAX_VALUE, Integer.MIN_VALUE}}), r);
    }

    @Test
    void errorsAreReportedAsByTheFieldParser() {
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> read("1\t2\n3\t4\n2147483648\t1\n", NUMBER, NUMBER));
        assertEquals("t.facts:3: error: number out of range: '2147483648' in column 1"
                + " (numbers are signed 32-bit: -2147483648..2147483647)", e.getMessage());
        e = assertThrows(LeapfrogException.class, () -> read("1\t2\r\n3\t4\t5\n", NUMBER, NUMBER));
        assertEquals("t.facts:2: error: expected 2 columns, found 3 (line: 3\t4\t5)", e.getMessage());
        e = assertThrows(LeapfrogException.class, () -> read("1\r\n2\n-\n", NUMBER));
        assertEquals("t.facts:3: error: not a number: '-' in column 1 (fact files hold numbers in decimal, as Souffle"
                + " reads them; no space after it)", e.getMessage());
        e = assertThrows(LeapfrogException.class, () -> read("12345678901\n", NUMBER));
        assertEquals("t.facts:1: error: number out of range: '12345678901' in column 1"
                + " (numbers are signed 32-bit: -2147483648..2147483647)", e.getMessage());
    }

    @Test
    void csvNumbersAndSymbolColumns() {
        SymbolTable st = new SymbolTable();
        Relation r = FactReader.csv(new ColumnType[]{NUMBER, ColumnType.SYMBOL}, st).read(stream("1,x\n2,12\n"), "t.csv");
        assertEquals(Relation.of(2, new int[][]{{1, st.lookup("x")}, {2, st.lookup("12")}}), r);
    }

    @Test
    void splitsLinesAsSoufflesGetlineDoes() throws IOException {
        Random rnd = new Random(13);
        String alphabet = "ab\n\r\u00e9\t1";
        for (int trial = 0; trial < 300; trial++) {
            StringBuilder sb = new StringBuilder();
            int len = rnd.nextInt(trial < 200 ? 30 : 200_000);
            for (int i = 0; i < len; i++) {
                sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
            // std::getline: lines end at '\n' (none after a final one); Souffle drops one '\r' before it
            List<String> want = new ArrayList<>();
            String text = sb.toString();
            for (int from = 0; from < text.length(); ) {
                int nl = text.indexOf('\n', from);
                String line = nl < 0 ? text.substring(from) : text.substring(from, nl);
                want.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
                from = nl < 0 ? text.length() : nl + 1;
            }
            List<String> got = new ArrayList<>();
            ByteLines lines = new ByteLines(stream(text));
            while (lines.next()) {
                got.add(lines.text());
            }
            assertEquals(want, got);
        }
        String longLine = "x".repeat(150_000); // longer than the buffer: it grows
        ByteLines lines = new ByteLines(stream(longLine + "\r\n" + longLine));
        assertEquals(true, lines.next());
        assertEquals(longLine, lines.text());
        assertEquals(true, lines.next());
        assertEquals(longLine, lines.text());
        assertEquals(false, lines.next());
    }
}
