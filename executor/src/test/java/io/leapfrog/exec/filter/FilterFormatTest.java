package io.leapfrog.exec.filter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FilterFormatTest {
    private static QuotientFilter sample(FilterKind kind, Multiplicity m) {
        long[] keys = new SplittableRandom(11).longs(5000, 0, 4000).toArray();
        return QuotientFilters.build(keys, 0.01, kind, m);
    }

    @ParameterizedTest
    @EnumSource(FilterKind.class)
    void roundTripIsByteIdentical(FilterKind kind) throws IOException {
        for (Multiplicity m : Multiplicity.values()) {
            QuotientFilter f = sample(kind, m);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            f.writeTo(out);
            QuotientFilter back = QuotientFilters.readFrom(new ByteArrayInputStream(out.toByteArray()));
            assertArrayEquals(out.toByteArray(), back.toBytes());
            assertEquals(f.size(), back.size());
            assertEquals(f.distinctFingerprints(), back.distinctFingerprints());
            assertEquals(m, back.multiplicity());
            assertEquals(kind, back.kind());
            for (long k = 0; k < 5000; k++) {
                assertEquals(f.count(k), back.count(k));
            }
            assertEquals(f.sizeInBytes(), out.size());
        }
    }

    @Test
    void headerFieldsAreLittleEndianAtTheirOffsets() {
        QuotientFilter f = sample(FilterKind.RSQF, Multiplicity.COUNTING);
        ByteBuffer b = ByteBuffer.wrap(f.toBytes()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals('L', b.get(0));
        assertEquals('F', b.get(1));
        assertEquals('Q', b.get(2));
        assertEquals('F', b.get(3));
        assertEquals(1, b.getShort(4));
        assertEquals(2, b.get(6));
        assertEquals(1, b.get(7));
        assertEquals(f.quotientBits(), b.get(8));
        assertEquals(f.remainderBits(), b.get(9));
        assertEquals(1, b.getInt(12));
        assertEquals(5000, b.getLong(16));
        assertEquals(f.distinctFingerprints(), b.getLong(24));
        assertEquals(SlotLayout.totalSlots(f.quotientBits()), b.getLong(32));
    }

    private static String refusal(byte[] bytes) {
        return assertThrows(IllegalArgumentException.class, () -> QuotientFilters.fromBytes(bytes)).getMessage();
    }

    @Test
    void damagedBytesAreRefusedWithTheReason() {
        byte[] good = sample(FilterKind.RSQF, Multiplicity.SET).toBytes();
        assertEquals("not a readable quotient filter: it has 3 bytes, fewer than the 40-byte header",
                refusal(new byte[3]));
        byte[] magic = good.clone();
        magic[0] = 'X';
        assertEquals("not a readable quotient filter: it does not start with the magic bytes \"LFQF\"", refusal(magic));
        byte[] version = good.clone();
        version[4] = 9;
        assertEquals("not a readable quotient filter: its format version is 9 and this build reads version 1",
                refusal(version));
        byte[] kind = good.clone();
        kind[6] = 7;
        assertTrue(refusal(kind).contains("kind byte is 7"));
        byte[] truncated = java.util.Arrays.copyOf(good, good.length - 8);
        assertTrue(refusal(truncated).contains("its slots take"));
        byte[] count = good.clone();
        ByteBuffer.wrap(count).order(ByteOrder.LITTLE_ENDIAN).putLong(16, 4999);
        assertTrue(refusal(count).contains("declares 4999 copies"));
        // a runend bit cleared: the run merges into the next, which is not a sorted, canonical layout
        byte[] runend = good.clone();
        int blocks = SlotLayout.totalSlots(good[8]) / 64;
        int firstRunends = 40 + 8 * blocks;
        int at = firstRunends;
        while (runend[at] == 0) {
            at++;
        }
        runend[at] &= (byte) (runend[at] - 1);
        assertTrue(refusal(runend).startsWith("not a readable quotient filter: it"));
        byte[] sqfBody = sample(FilterKind.SQF, Multiplicity.SET).toBytes();
        sqfBody[sqfBody.length / 2] ^= 0x5a;
        assertTrue(refusal(sqfBody).startsWith("not a readable quotient filter: it"));
    }
}
