package io.leapfrog.exec.filter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QuotientFiltersTest {
    @Test
    void widthsFollowTheExpectedKeysAndRate() {
        // 1000 keys: 2^11 home slots hold 1536 at 75%; 1000 / 0.01 = 10^5 needs 17 fingerprint bits
        QuotientFilter rsqf = QuotientFilters.create(1000, 0.01, FilterKind.RSQF);
        assertEquals(11, rsqf.quotientBits());
        assertEquals(6, rsqf.remainderBits());
        QuotientFilter sqf = QuotientFilters.create(1000, 0.01, FilterKind.SQF);
        assertEquals(11, sqf.quotientBits());
        assertEquals(8, sqf.remainderBits());
        assertEquals(16, QuotientFilters.create(1000, 1e-5, FilterKind.SQF).remainderBits());
        assertEquals(6, QuotientFilters.create(1, 0.5, FilterKind.RSQF).quotientBits());
    }

    @Test
    void badParametersAreRefusedWithTheReason() {
        assertEquals("expected keys must be between 1 and " + QuotientFilters.MAX_EXPECTED_KEYS + ", not 0",
                assertThrows(IllegalArgumentException.class,
                        () -> QuotientFilters.create(0, 0.01, FilterKind.RSQF)).getMessage());
        assertEquals("the false-positive rate must be above 0 and below 1, not 1.0",
                assertThrows(IllegalArgumentException.class,
                        () -> QuotientFilters.create(10, 1.0, FilterKind.RSQF)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> QuotientFilters.create(10, Double.NaN, FilterKind.SQF)).getMessage().contains("NaN"));
        assertEquals("an SQF has 8- or 16-bit remainders, and 1000 keys at a false-positive rate of 1.0E-9 need 29;"
                        + " use an RSQF or a higher rate",
                assertThrows(IllegalArgumentException.class,
                        () -> QuotientFilters.create(1000, 1e-9, FilterKind.SQF)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> QuotientFilters.create(1000, 1e-15, FilterKind.RSQF)).getMessage().contains("at most 32-bit"));
        assertEquals("quotient bits must be between 6 and 30, not 31", assertThrows(IllegalArgumentException.class,
                () -> QuotientFilters.withWidths(FilterKind.RSQF, Multiplicity.SET, 31, 8)).getMessage());
        QuotientFilter f = QuotientFilters.create(10, 0.01, FilterKind.RSQF);
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> f.mightContainAll(new long[100], new boolean[99])).getMessage()
                .contains("has 99 elements but the keys need 100"));
    }

    @ParameterizedTest
    @EnumSource(FilterKind.class)
    void growthKeepsEveryMemberAndTheFingerprints(FilterKind kind) {
        QuotientFilter f = QuotientFilters.create(100, 0.001, kind);
        int q0 = f.quotientBits();
        int p = f.quotientBits() + f.remainderBits();
        long[] keys = new SplittableRandom(7).longs(20_000).toArray();
        for (long k : keys) {
            f.insert(k);
            assertTrue(f.fill() <= 0.75);
        }
        assertTrue(f.quotientBits() >= q0 + 7, "grew to q=" + f.quotientBits());
        assertEquals(p, f.quotientBits() + f.remainderBits());
        for (long k : keys) {
            assertTrue(f.mightContain(k));
        }
        // the same fingerprints bulk-built at the final widths give the same bytes
        QuotientFilter bulk = QuotientFilters.withWidths(kind, Multiplicity.SET, f.quotientBits(), f.remainderBits());
        bulk.insertAll(keys);
        assertArrayEquals(f.toBytes(), bulk.toBytes());
    }

    @ParameterizedTest
    @EnumSource(FilterKind.class)
    void aRunPastTheOverflowTailGrowsTheFilter(FilterKind kind) {
        // a key whose home is the last slot: 700 copies outrun the 320-slot tail of 2^10 home slots
        long key = 0;
        while (FingerprintHash.fingerprint(key, 20) >>> 10 != 1023) {
            key++;
        }
        QuotientFilter f = QuotientFilters.withWidths(kind, Multiplicity.COUNTING, 10, 10);
        for (int i = 0; i < 700; i++) {
            f.insert(key);
        }
        assertTrue(f.quotientBits() > 10, "grew to q=" + f.quotientBits());
        assertEquals(700, f.count(key));
        assertEquals(1, f.distinctFingerprints());
        assertArrayEquals(f.toBytes(), QuotientFilters.fromBytes(f.toBytes()).toBytes());
    }

    @Test
    void aFilterThatCannotGrowSaysSo() {
        QuotientFilter f = QuotientFilters.withWidths(FilterKind.RSQF, Multiplicity.COUNTING, 6, 1);
        for (int i = 0; i < 48; i++) {
            f.insert(42);
        }
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> f.insert(42));
        assertTrue(e.getMessage().startsWith("the filter cannot hold 48 fingerprints of 7 bits"), e.getMessage());
        assertEquals(48, f.count(42));
    }

    @ParameterizedTest
    @EnumSource(FilterKind.class)
    void countingCountsAndDeletesOneCopyAtATime(FilterKind kind) {
        QuotientFilter f = QuotientFilters.create(1000, 0.001, kind, Multiplicity.COUNTING);
        for (int i = 0; i < 5; i++) {
            assertTrue(f.insert(9));
        }
        f.insert(10);
        assertEquals(5, f.count(9));
        assertEquals(6, f.size());
        assertEquals(2, f.distinctFingerprints());
        assertTrue(f.delete(9));
        assertEquals(4, f.count(9));
        assertEquals(4, f.deleteAll(new long[] {9, 9, 9, 9, 9}));
        assertFalse(f.mightContain(9));
        assertFalse(f.delete(9), "a delete of an absent key changes nothing");
        assertTrue(f.mightContain(10));
        assertEquals(1, f.size());
    }

    @ParameterizedTest
    @EnumSource(FilterKind.class)
    void setInsertsOfAPresentKeyChangeNothing(FilterKind kind) {
        QuotientFilter f = QuotientFilters.create(1000, 0.001, kind);
        assertTrue(f.insert(5));
        byte[] before = f.toBytes();
        assertFalse(f.insert(5));
        assertArrayEquals(before, f.toBytes());
        assertEquals(1, f.count(5));
    }

    @ParameterizedTest
    @EnumSource(FilterKind.class)
    void batchInsertEqualsOneByOne(FilterKind kind) {
        long[] keys = new SplittableRandom(3).longs(50_000, 0, 30_000).toArray();
        for (Multiplicity m : Multiplicity.values()) {
            QuotientFilter batch = QuotientFilters.create(60_000, 0.001, kind, m);
            batch.insertAll(keys);
            QuotientFilter single = QuotientFilters.create(60_000, 0.001, kind, m);
            for (long k : keys) {
                single.insert(k);
            }
            assertArrayEquals(single.toBytes(), batch.toBytes(), m.toString());
            int bits = batch.quotientBits() + batch.remainderBits();
            long distinctFingerprints = Arrays.stream(keys).map(k -> FingerprintHash.fingerprint(k, bits)).distinct().count();
            assertEquals(m == Multiplicity.SET ? distinctFingerprints : keys.length, batch.size());
            assertEquals(distinctFingerprints, batch.distinctFingerprints());
        }
    }

    @Test
    void mergeOfDifferentWidthsKeepsTheShorterFingerprints() {
        long[] a = new SplittableRandom(1).longs(5000).toArray();
        long[] b = new SplittableRandom(2).longs(20_000).toArray();
        QuotientFilter fa = QuotientFilters.build(a, 0.0001, FilterKind.RSQF, Multiplicity.COUNTING);
        QuotientFilter fb = QuotientFilters.build(b, 0.01, FilterKind.SQF, Multiplicity.COUNTING);
        QuotientFilter merged = fa.merge(fb);
        assertEquals(FilterKind.RSQF, merged.kind());
        assertEquals(Math.min(fa.quotientBits() + fa.remainderBits(), fb.quotientBits() + fb.remainderBits()),
                merged.quotientBits() + merged.remainderBits());
        assertEquals(25_000, merged.size());
        for (long k : a) {
            assertTrue(merged.mightContain(k));
        }
        for (long k : b) {
            assertTrue(merged.mightContain(k));
        }
        assertEquals(5000, fa.size(), "inputs are unchanged");
        assertEquals(20_000, fb.size());
    }

    @Test
    void batchLookupsAgreeWithSingleOnes() {
        SplittableRandom random = new SplittableRandom(5);
        long[] members = random.longs(3000).toArray();
        QuotientFilter f = QuotientFilters.build(members, 0.05, FilterKind.RSQF, Multiplicity.SET);
        long[] probes = new long[6000];
        System.arraycopy(members, 0, probes, 0, 3000);
        for (int i = 3000; i < probes.length; i++) {
            probes[i] = random.nextLong();
        }
        boolean[] hits = new boolean[probes.length];
        long[] bits = new long[(probes.length + 63) / 64];
        long n = f.mightContainAll(probes, hits);
        assertEquals(n, f.mightContainAll(probes, bits));
        assertEquals(n, f.countContained(probes));
        for (int i = 0; i < probes.length; i++) {
            assertEquals(f.mightContain(probes[i]), hits[i]);
            assertEquals(hits[i], (bits[i >>> 6] >>> i & 1) != 0);
        }
        assertTrue(n >= 3000 && n < 3000 + 3000 * 0.05 * 1.5, "hits " + n);
    }
}
