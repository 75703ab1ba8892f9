package io.leapfrog.exec.io;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

import static io.leapfrog.exec.storage.ColumnType.FLOAT;
import static io.leapfrog.exec.storage.ColumnType.NUMBER;
import static io.leapfrog.exec.storage.ColumnType.SYMBOL;
import static io.leapfrog.exec.storage.ColumnType.UNSIGNED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FactIoTest {
    @TempDir
    Path dir;

    private Path file(String name, String content) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, content);
        return p;
    }

    @Test
    void readsTabSeparatedFactsWithSymbolsVerbatim() throws IOException {
        SymbolTable st = new SymbolTable();
        Path p = file("e.facts", "a b\t1\n\"q\"\t-2\r\nc\t+16\n");
        Relation r = new FactReader(new ColumnType[]{SYMBOL, NUMBER}, st).read(p);
        assertEquals(3, r.size());
        assertTrue(r.contains(new int[]{st.lookup("a b"), 1}));
        assertTrue(r.contains(new int[]{st.lookup("\"q\""), -2}));
        assertTrue(r.contains(new int[]{st.lookup("c"), 16}));
    }

    @Test
    void anEmptyLineIsTheEmptySymbolOnlyInAOneColumnSymbolRelation() throws IOException {
        SymbolTable st = new SymbolTable();
        Relation symbols = new FactReader(new ColumnType[]{SYMBOL}, st).read(file("s.facts", "a\n\nb\n\n"));
        assertEquals(3, symbols.size());   // as Souffle reads it: a, the empty symbol, b
        assertTrue(symbols.contains(new int[]{st.lookup("")}));
        // anywhere else Souffle stops at an empty line (a last one included), and so does the reader
        String[][] cases = {{"n.facts", "1\n\n2\n"}, {"end.facts", "1\n2\n\n"}, {"crlf.facts", "1\r\n\r\n"}};
        for (String[] c : cases) {
            Path p = file(c[0], c[1]);
            LeapfrogException e = assertThrows(LeapfrogException.class,
                    () -> new FactReader(new ColumnType[]{NUMBER}, st).read(p), c[0]);
            assertTrue(e.getMessage().startsWith(p + ":" + (c[0].equals("end.facts") ? 3 : 2) + ": error: empty line,"
                    + " where a tuple of 1 column is expected"), e.getMessage());
        }
        for (ColumnType[] types : new ColumnType[][]{{SYMBOL, SYMBOL}, {UNSIGNED}, {FLOAT}, {SYMBOL, NUMBER}}) {
            Path p = file("t.facts", "\n");
            assertThrows(LeapfrogException.class, () -> new FactReader(types, st).read(p));
        }
        // a symbol read from another file column than the first needs that column: not on an empty line
        Path third = file("third.facts", "a\tb\tc\n\n");
        CsvStyle column2 = new CsvStyle("\t", false, false, false, java.util.List.of(2));
        LeapfrogException e = assertThrows(LeapfrogException.class,
                () -> new FactReader(new ColumnType[]{SYMBOL}, st).style(column2).read(third));
        assertTrue(e.getMessage().startsWith(third + ":2: error: empty line"), e.getMessage());
        // SNAP edge lists (a layout of their own, which Souffle does not read) skip blank lines
        Relation snap = new FactReader(ColumnType.repeat(NUMBER, 2), st).read(file("g.txt", "# graph\n0\t1\n\n1\t2\n"));
        assertEquals(2, snap.size());
    }

    @Test
    void linesEndAtNewlinesOnlyAndARfc4180QuotedFieldGoesOnOverThem() throws IOException {
        SymbolTable st = new SymbolTable();
        // a carriage return is data except right before the newline, as Souffle's getline reads it
        Relation r = new FactReader(new ColumnType[]{SYMBOL}, st).read(file("cr.facts", "a\rb\nc\r\r\nd\r"));
        assertEquals(3, r.size());
        assertTrue(r.contains(new int[]{st.lookup("a\rb")}));
        assertTrue(r.contains(new int[]{st.lookup("c\r")}));
        assertTrue(r.contains(new int[]{st.lookup("d")}));
        Path numbers = file("cr2.facts", "1\r2\n");
        LeapfrogException e = assertThrows(LeapfrogException.class,
                () -> new FactReader(new ColumnType[]{NUMBER}, st).read(numbers));
        assertTrue(e.getMessage().startsWith(numbers + ":1: error: not a number: '1\r2'"), e.getMessage());
        // RFC 4180: a quoted field keeps the line ends inside it (\r\n too); errors name the lines they reach
        CsvStyle csv = new CsvStyle(",", false, true, false);
        Relation q = new FactReader(new ColumnType[]{SYMBOL, NUMBER}, st).style(csv)
                .read(file("m.csv", "\"a\nb\",1\n\"c\r\n\r\nd\"\"\",2\r\nplain,3\n"));
        assertEquals(3, q.size());
        assertTrue(q.contains(new int[]{st.lookup("a\nb"), 1}));
        assertTrue(q.contains(new int[]{st.lookup("c\r\n\r\nd\""), 2}));
        assertTrue(q.contains(new int[]{st.lookup("plain"), 3}));
        Path bad = file("m2.csv", "\"a\nb\",x\n");
        e = assertThrows(LeapfrogException.class, () -> new FactReader(new ColumnType[]{SYMBOL, NUMBER}, st).style(csv).read(bad));
        assertTrue(e.getMessage().startsWith(bad + ":2: error: not a number: 'x' in column 2"), e.getMessage());
        Path open = file("m3.csv", "1,ok\n2,\"never\nclosed\n");
        e = assertThrows(LeapfrogException.class, () -> new FactReader(new ColumnType[]{NUMBER, SYMBOL}, st).style(csv).read(open));
        assertTrue(e.getMessage().startsWith(open + ":2: error: unbalanced quote in column 2"), e.getMessage());
    }

    @Test
    void readsCsvAndOtherDelimiters() throws IOException {
        SymbolTable st = new SymbolTable();
        Relation csv = FactReader.csv(ColumnType.repeat(NUMBER, 3), st).read(file("t.csv", "1,2,3\n1,2,3\n4, 5,6\n"));
        assertEquals(2, csv.size());
        assertTrue(csv.contains(new int[]{4, 5, 6}));
        Relation bar = new FactReader(ColumnType.repeat(NUMBER, 2), st).delimiter("||").read(file("b.txt", "7||8\n"));
        assertTrue(bar.contains(new int[]{7, 8}));
        Relation u = new FactReader(new ColumnType[]{UNSIGNED, FLOAT}, st).read(file("u.facts", "4294967295\t1.5\n"));
        assertEquals(4294967295L, io.leapfrog.common.UnsignedCodec.value(u.get(0, 0)));
        assertEquals(1.5f, Float.intBitsToFloat(u.get(0, 1)));
    }

    @Test
    void readsSnapEdgeListsAndGzipByMagicBytes() throws IOException {
        String text = "# Directed graph\n# FromNodeId\tToNodeId\n0\t1\n1  2\n\t2 0 \n";
        Path gz = dir.resolve("g.txt"); // no .gz suffix: detection is by content
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        Relation r = FactReader.snap(ColumnType.repeat(NUMBER, 2), new SymbolTable()).read(gz);
        assertEquals(Relation.of(2, new int[][]{{0, 1}, {1, 2}, {2, 0}}), r);
    }

    @Test
    void malformedLinesNameFileAndLine() throws IOException {
        SymbolTable st = new SymbolTable();
        Path p = file("bad.facts", "1\t2\n1\t2\t3\n");
        LeapfrogException e = assertThrows(LeapfrogException.class,
                () -> new FactReader(ColumnType.repeat(NUMBER, 2), st).read(p));
        assertEquals(p + ":2: error: expected 2 columns, found 3 (line: 1\t2\t3)", e.getMessage());
        Path q = file("nan.facts", "1\tx\n");
        e = assertThrows(LeapfrogException.class, () -> new FactReader(ColumnType.repeat(NUMBER, 2), st).read(q));
        assertTrue(e.getMessage().startsWith(q + ":1: error: not a number: 'x' in column 2"), e.getMessage());
        Path big = file("big.facts", "2147483648\n");
        e = assertThrows(LeapfrogException.class, () -> new FactReader(ColumnType.repeat(NUMBER, 1), st).read(big));
        assertTrue(e.getMessage().startsWith(big + ":1: error: number out of range: '2147483648' in column 1"), e.getMessage());
        Path few = file("few.txt", "# c\n5\n");
        e = assertThrows(LeapfrogException.class, () -> FactReader.snap(ColumnType.repeat(NUMBER, 2), st).read(few));
        assertEquals(few + ":2: error: expected 2 columns, found 1 (line: 5)", e.getMessage());
        e = assertThrows(LeapfrogException.class,
                () -> new FactReader(ColumnType.repeat(NUMBER, 1), st).read(dir.resolve("missing.facts")));
        assertEquals("error: cannot open fact file " + dir.resolve("missing.facts") + ": no such file or directory",
                e.getMessage());
    }

    @Test
    void bytesOfSymbolsComeOutAsTheyWentIn() throws IOException {
        byte[] in = {'1', '\t', 'c', 'a', 'f', (byte) 0xE9, '\n', '2', '\t', (byte) 0xC3, (byte) 0xA9, (byte) 0xFF, '\n'};
        Path p = dir.resolve("latin1.facts");
        Files.write(p, in);
        SymbolTable st = new SymbolTable();
        ColumnType[] types = {NUMBER, SYMBOL};
        Relation r = new FactReader(types, st).read(p);
        assertTrue(r.contains(new int[]{2, st.lookup("\u00e9\udcff")}), "valid UTF-8 stays a character");
        Path out = dir.resolve("out.facts");
        FactWriter.write(out, r, types, st, "\t");
        assertArrayEquals(in, Files.readAllBytes(out));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        FactWriter.write(new PrintStream(printed, true, StandardCharsets.UTF_8), r, types, st, "\t");
        assertArrayEquals(in, printed.toByteArray());
    }

    @Test
    void enumerationColumnsHoldOnlyTheirValues() throws IOException {
        SymbolTable st = new SymbolTable();
        java.util.List<java.util.Set<String>> days = java.util.Arrays.asList(null, java.util.Set.of("$Mon", "$Tue"));
        FactReader reader = new FactReader(new ColumnType[]{SYMBOL, SYMBOL}, st).style(CsvStyle.DEFAULT).enumValues(days);
        assertEquals(2, reader.read(file("ok.facts", "x\t$Mon\ny\t$Tue\n")).size());
        Path bad = file("bad.facts", "x\t$Mon\n$Thu\t$Thu\n");
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> reader.read(bad));
        assertTrue(e.getMessage().startsWith(bad + ":2: error: '$Thu' in column 2 is not a value of its enumeration type"),
                e.getMessage());
        // Souffle allows white space before the '$' and the branch's name, not after it
        Relation spaced = reader.read(file("sp.facts", "x\t $Mon\ny\t$ \u000BTue\n"));
        assertTrue(spaced.contains(new int[]{st.lookup("x"), st.lookup("$Mon")}));
        assertTrue(spaced.contains(new int[]{st.lookup("y"), st.lookup("$Tue")}));
        for (String field : new String[]{"$Mon ", "Mon", "$mon", "$Mon()", ""}) {
            Path p = file("b.facts", "x\t" + field + "\n");
            assertThrows(LeapfrogException.class, () -> reader.read(p), field);
        }
    }

    @Test
    void aByteOrderMarkIsDataAsInSouffle() throws IOException {
        SymbolTable st = new SymbolTable();
        Path numbers = dir.resolve("bom.facts");
        Files.write(numbers, new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '7', '\t', '8', '\n'});
        LeapfrogException e = assertThrows(LeapfrogException.class,
                () -> new FactReader(ColumnType.repeat(NUMBER, 2), st).read(numbers));
        assertTrue(e.getMessage().contains(":1: error: not a number") && e.getMessage().contains("byte-order mark"), e.getMessage());
        Path symbols = dir.resolve("bom2.facts");
        Files.write(symbols, new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', '\n', (byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '\n'});
        Relation r = new FactReader(new ColumnType[]{SYMBOL}, st).read(symbols);
        assertTrue(r.contains(new int[]{st.lookup("\uFEFFa")}), "the symbol keeps the mark's bytes");
        assertTrue(r.contains(new int[]{st.lookup("\uFEFF")}));
        Path header = dir.resolve("bom3.csv");
        Files.write(header, new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'x', '\n', '5', '\n'});
        assertEquals(Relation.of(1, new int[][]{{5}}),
                new FactReader(new ColumnType[]{NUMBER}, st).style(new CsvStyle(",", true, true, false)).read(header),
                "a header line, mark and all, is skipped");
    }

    @Test
    void numbersAreAsStrictAsSouffles() throws IOException {
        SymbolTable st = new SymbolTable();
        for (String bad : new String[]{"0x10", "5 ", "1.0", "0b1"}) {
            Path p = file("n.facts", bad + "\n");
            LeapfrogException e = assertThrows(LeapfrogException.class,
                    () -> new FactReader(new ColumnType[]{NUMBER}, st).read(p), bad);
            assertTrue(e.getMessage().startsWith(p + ":1: error: not a number: '" + bad + "' in column 1"), e.getMessage());
        }
        Relation u = new FactReader(new ColumnType[]{UNSIGNED, FLOAT}, st).read(file("u.facts", "0xff\t 1e3\n0b11\t0x1p-1\n"));
        assertEquals(3L, io.leapfrog.common.UnsignedCodec.value(u.get(0, 0)));
        assertEquals(0.5f, Float.intBitsToFloat(u.get(0, 1)));
        assertEquals(255L, io.leapfrog.common.UnsignedCodec.value(u.get(1, 0)));
        assertEquals(1000f, Float.intBitsToFloat(u.get(1, 1)));
        Path neg = file("neg.facts", "-0\t1\n");
        LeapfrogException e = assertThrows(LeapfrogException.class,
                () -> new FactReader(new ColumnType[]{UNSIGNED, FLOAT}, st).read(neg));
        assertTrue(e.getMessage().startsWith(neg + ":1: error: not an unsigned number: '-0' in column 1"), e.getMessage());
        Path huge = file("f.facts", "1\t1e39\n");
        e = assertThrows(LeapfrogException.class, () -> new FactReader(new ColumnType[]{UNSIGNED, FLOAT}, st).read(huge));
        assertTrue(e.getMessage().startsWith(huge + ":1: error: float out of range: '1e39' in column 2"), e.getMessage());
    }

    @Test
    void snapHeaderMakesAnInputASnapEdgeList() throws IOException {
        Path p = file("ca.txt", "# SNAP graph\n# nodes 3\n0\t1\n1 2\n# trailing comment\n");
        Relation r = new FactReader(ColumnType.repeat(NUMBER, 2), new SymbolTable()).read(p);
        assertEquals(Relation.of(2, new int[][]{{0, 1}, {1, 2}}), r);
        // With a symbol column a '#' line may be a tuple: it is read as one, as Souffle does.
        SymbolTable st = new SymbolTable();
        Relation s = new FactReader(new ColumnType[]{SYMBOL, NUMBER}, st).read(file("s.facts", "#x\t1\n"));
        assertTrue(s.contains(new int[]{st.lookup("#x"), 1}));
        // A '#' line after the first is no header: an error as in Souffle.
        Path late = file("late.facts", "0\t1\n# no\n");
        LeapfrogException e = assertThrows(LeapfrogException.class,
                () -> new FactReader(ColumnType.repeat(NUMBER, 2), new SymbolTable()).read(late));
        assertTrue(e.getMessage().startsWith(late + ":2: error: expected 2 columns, found 1"), e.getMessage());
    }

    @Test
    void damagedGzipAndDirectoriesGetASentence() throws IOException {
        ColumnType[] types = {NUMBER};
        Path twoBytes = dir.resolve("two.gz");
        Files.write(twoBytes, new byte[]{0x1f, (byte) 0x8b});
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> new FactReader(types, new SymbolTable()).read(twoBytes));
        assertEquals("error: cannot read fact file " + twoBytes + ": damaged gzip data (it ends before the compressed data"
                + " does)", e.getMessage());
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(gz)) {
            out.write("1\n2\n3\n".repeat(1000).getBytes(StandardCharsets.UTF_8));
        }
        byte[] whole = gz.toByteArray();
        Path cut = dir.resolve("cut.gz");
        Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
        e = assertThrows(LeapfrogException.class, () -> new FactReader(types, new SymbolTable()).read(cut));
        assertTrue(e.getMessage().startsWith("error: cannot read fact file " + cut + ": damaged gzip data ("), e.getMessage());
        whole[whole.length / 2] ^= 0x55;
        Path flipped = dir.resolve("flipped.gz");
        Files.write(flipped, whole);
        e = assertThrows(LeapfrogException.class, () -> new FactReader(types, new SymbolTable()).read(flipped));
        assertTrue(e.getMessage().contains("damaged gzip data"), e.getMessage());
        Path sub = Files.createDirectory(dir.resolve("d.facts"));
        e = assertThrows(LeapfrogException.class, () -> new FactReader(types, new SymbolTable()).read(sub));
        assertTrue(e.getMessage().startsWith("error: cannot read fact file " + sub + ": it is a directory"), e.getMessage());
    }

    @Test
    void writesSortedRowsAtomicallyAndRoundTrips() throws IOException {
        SymbolTable st = new SymbolTable();
        int a = st.intern("alpha");
        int b = st.intern("beta");
        Relation r = Relation.of(2, new int[][]{{b, -3}, {a, 10}, {a, 2}});
        Path out = dir.resolve("sub/r.csv");
        ColumnType[] types = {SYMBOL, NUMBER};
        FactWriter.write(out, r, types, st, "\t");
        assertEquals("alpha\t2\nalpha\t10\nbeta\t-3\n", Files.readString(out));
        assertEquals(r, new FactReader(types, st).read(out));
        // overwrite in place; no temporary files left behind
        FactWriter.write(out, Relation.of(2, new int[][]{{a, 1}}), types, st, ",");
        assertEquals("alpha,1\n", Files.readString(out));
        try (var files = Files.list(out.getParent())) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void failedWriteLeavesOldFileAndNoTemporary() throws IOException {
        SymbolTable st = new SymbolTable();
        Path out = file("keep.csv", "old\n");
        Relation bad = Relation.of(1, new int[][]{{42}}); // symbol id 42 does not exist
        assertThrows(IllegalArgumentException.class,
                () -> FactWriter.write(out, bad, new ColumnType[]{SYMBOL}, st, "\t"));
        assertEquals("old\n", Files.readString(out));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void writesToPrintStreamAndNullary() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        int one = io.leapfrog.common.UnsignedCodec.encode(1);
        int two = io.leapfrog.common.UnsignedCodec.encode(2);
        FactWriter.write(ps, Relation.of(2, new int[][]{{2, one}, {1, two}}), new ColumnType[]{NUMBER, UNSIGNED}, new SymbolTable(), "\t");
        FactWriter.write(ps, Relation.of(0, new int[][]{{}}), new ColumnType[0], new SymbolTable(), "\t");
        assertEquals("1\t2\n2\t1\n()\n", bytes.toString(StandardCharsets.UTF_8));
        assertFalse(bytes.toString(StandardCharsets.UTF_8).isEmpty());
        assertArrayEquals(new ColumnType[]{NUMBER, SYMBOL}, ColumnType.fromNames(java.util.List.of("number", "symbol")));
    }

    @Test
    void readsRfc4180QuotedFieldsAndSkipsAHeaderLine() throws IOException {
        SymbolTable st = new SymbolTable();
        CsvStyle style = new CsvStyle(",", true, true, false);
        Path p = file("q.csv", "id,text\n1,\"a, \"\"b\"\"\"\n2,plain\n\"3\",\"\"\n");
        Relation r = new FactReader(new ColumnType[]{NUMBER, SYMBOL}, st).style(style).read(p);
        assertEquals(3, r.size());
        assertTrue(r.contains(new int[]{1, st.lookup("a, \"b\"")}));
        assertTrue(r.contains(new int[]{2, st.lookup("plain")}));
        assertTrue(r.contains(new int[]{3, st.lookup("")}));
        LeapfrogException open = assertThrows(LeapfrogException.class, () -> new FactReader(new ColumnType[]{NUMBER, SYMBOL}, st)
                .style(style).read(file("bad.csv", "id,text\n1,\"never closed\n")));
        assertTrue(open.getMessage().contains("bad.csv:2: error: unbalanced quote in column 2"), open.getMessage());
        LeapfrogException after = assertThrows(LeapfrogException.class, () -> new FactReader(new ColumnType[]{NUMBER, SYMBOL}, st)
                .style(style).read(file("bad2.csv", "id,text\n1,\"x\"y\n")));
        assertTrue(after.getMessage().contains("expected the delimiter right after the quoted field"), after.getMessage());
    }

    @Test
    void writesHeadersQuotedSymbolsAndGzipAsSouffleDoes() throws IOException {
        SymbolTable st = new SymbolTable();
        Relation r = Relation.of(2, new int[][]{{1, st.intern("a,b")}, {2, st.intern("say \"hi\"")}});
        Path out = dir.resolve("out.csv.gz");
        CsvStyle style = new CsvStyle(",", true, true, true);
        FactWriter.write(out, r, new ColumnType[]{NUMBER, SYMBOL}, st, style, style.headerLine(java.util.List.of("n", "s")));
        byte[] raw = Files.readAllBytes(out);
        assertEquals(0x1f, raw[0] & 0xff, "gzip magic");
        String text = new String(new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(raw)).readAllBytes(),
                StandardCharsets.UTF_8);
        // Souffle's WriteStreamCSV: every symbol quoted, a quote inside written as \"" (backslash, quote, quote)
        assertEquals("n,s\n1,\"a,b\"\n2,\"say \\\"\"hi\\\"\"\"\n", text);
    }
}
