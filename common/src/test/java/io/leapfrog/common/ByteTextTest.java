package io.leapfrog.common;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ByteTextTest {

    @Test
    void latin1ByteIsAnEscapeAndComesBack() {
        byte[] cafe = {'c', 'a', 'f', (byte) 0xE9};
        String s = ByteText.decode(cafe, 0, cafe.length);
        assertEquals("caf\uDCE9", s);
        assertArrayEquals(cafe, ByteText.encode(s));
    }

    @Test
    void validUtf8DecodesAsUtf8() {
        String text = "café – 𝄞 漢字 \u0000 \uFFFD";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        assertEquals(text, ByteText.decode(bytes, 0, bytes.length));
        assertArrayEquals(bytes, ByteText.encode(text));
    }

    @Test
    void encodedSurrogatesAndOverlongFormsAreEscapedBytes() {
        byte[] bytes = {(byte) 0xED, (byte) 0xB3, (byte) 0xA9, (byte) 0xC0, (byte) 0xAF, (byte) 0xF4, (byte) 0x90,
                (byte) 0x80, (byte) 0x80};
        String s = ByteText.decode(bytes, 0, bytes.length);
        assertEquals(bytes.length, s.length());
        s.chars().forEach(c -> assertEquals(true, ByteText.isEscape((char) c), Integer.toHexString(c)));
        assertArrayEquals(bytes, ByteText.encode(s));
    }

    /** Any bytes, decoded whole, through a reader in small reads, and written back, are the same bytes. */
    @Test
    void everyByteStringRoundTripsThroughEveryPath() throws IOException {
        Random random = new Random(29);
        for (int round = 0; round < 3000; round++) {
            byte[] bytes = randomBytes(random);
            String whole = ByteText.decode(bytes, 0, bytes.length);
            assertEquals(whole, readInSmallPieces(bytes, 1 + random.nextInt(5)), () -> hex(bytes));
            assertArrayEquals(bytes, ByteText.encode(whole), () -> hex(bytes));
            assertEquals(whole, new String(bytes, ByteText.CHARSET), () -> hex(bytes));
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            try (Writer w = new OutputStreamWriter(sink, ByteText.CHARSET)) {
                for (int i = 0; i < whole.length(); i++) {
                    w.write(whole.charAt(i)); // one char at a time: a surrogate pair split across writes
                }
            }
            assertArrayEquals(bytes, sink.toByteArray(), () -> hex(bytes));
            String utf8 = new String(bytes, StandardCharsets.UTF_8);
            if (!utf8.contains("\uFFFD")) {
                assertEquals(utf8, whole, "valid UTF-8 decodes as UTF-8");
            }
        }
    }

    private static String readInSmallPieces(byte[] bytes, int piece) throws IOException {
        StringBuilder sb = new StringBuilder();
        try (Reader r = ByteText.reader(new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, piece));
            }
        })) {
            char[] buf = new char[3];
            for (int n; (n = r.read(buf)) >= 0; ) {
                sb.append(buf, 0, n);
            }
        }
        return sb.toString();
    }

    /** Mostly well-formed UTF-8 with damage: cut sequences, stray continuation bytes, Latin-1. */
    private static byte[] randomBytes(Random random) {
        StringBuilder sb = new StringBuilder();
        int n = random.nextInt(12);
        for (int i = 0; i < n; i++) {
            sb.appendCodePoint(switch (random.nextInt(4)) {
                case 0 -> 'a' + random.nextInt(26);
                case 1 -> 0x80 + random.nextInt(0x700);
                case 2 -> 0xE000 + random.nextInt(0x1000);
                default -> 0x10000 + random.nextInt(0x10000);
            });
        }
        byte[] b = sb.toString().getBytes(StandardCharsets.UTF_8);
        for (int k = random.nextInt(4); k > 0 && b.length > 0; k--) {
            b[random.nextInt(b.length)] = (byte) random.nextInt(256);
        }
        if (b.length > 0 && random.nextBoolean()) {
            b = java.util.Arrays.copyOf(b, random.nextInt(b.length));
        }
        return b;
    }

    private static String hex(byte[] b) {
        return java.util.HexFormat.ofDelimiter(" ").formatHex(b);
    }
}
