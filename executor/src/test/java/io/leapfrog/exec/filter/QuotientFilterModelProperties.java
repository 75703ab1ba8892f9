package io.leapfrog.exec.filter;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random interleavings of inserts, deletes, batch inserts and merges against a multiset of keys, on small
 * filters (16-bit fingerprints over a few thousand keys, so fingerprints collide and the filters grow). Since
 * the hash is known, the model predicts the stored fingerprints exactly: a counting filter stores one copy
 * per live insert; a set filter one fingerprint per live key, where deleting a key removes its fingerprint and
 * so every key sharing it.
 */
class QuotientFilterModelProperties {
    private static final int Q = 6;
    private static final int R = 10;
    private static final int P = Q + R;

    /** op: 0 insert, 1 delete (of a live key when there is one), 2 batch insert, 3 merge with a fresh filter. */
    record Op(int kind, long key, long[] batch) {
        @Override
        public String toString() {
            return switch (kind) {
                case 0 -> "insert " + key;
                case 1 -> "delete " + key;
                case 2 -> "insertAll " + Arrays.toString(batch);
                default -> "merge " + Arrays.toString(batch);
            };
        }
    }

    @Provide
    Arbitrary<List<Op>> ops() {
        Arbitrary<Long> key = Arbitraries.longs().between(0, 3000);
        Arbitrary<long[]> batch = key.array(long[].class).ofMaxSize(120);
        Arbitrary<Op> op = Combinators.combine(Arbitraries.integers().between(0, 9), key, batch)
                .as((k, x, b) -> new Op(k < 5 ? 0 : k < 8 ? 1 : k < 9 ? 2 : 3, x, b));
        return op.list().ofMinSize(50).ofMaxSize(400);
    }

    private static long fp(long key) {
        return FingerprintHash.fingerprint(key, P);
    }

    @Property(tries = 40)
    void rsqfCountingMatchesMultiset(@ForAll("ops") List<Op> ops) {
        check(FilterKind.RSQF, Multiplicity.COUNTING, ops);
    }

    @Property(tries = 40)
    void sqfCountingMatchesMultiset(@ForAll("ops") List<Op> ops) {
        check(FilterKind.SQF, Multiplicity.COUNTING, ops);
    }

    @Property(tries = 40)
    void rsqfSetMatchesModel(@ForAll("ops") List<Op> ops) {
        check(FilterKind.RSQF, Multiplicity.SET, ops);
    }

    @Property(tries = 40)
    void sqfSetMatchesModel(@ForAll("ops") List<Op> ops) {
        check(FilterKind.SQF, Multiplicity.SET, ops);
    }

    @Property(tries = 40)
    void sqfAndRsqfGiveTheSameAnswers(@ForAll("ops") List<Op> ops) {
        for (Multiplicity m : Multiplicity.values()) {
            QuotientFilter sqf = run(FilterKind.SQF, m, ops, new HashMap<>());
            QuotientFilter rsqf = run(FilterKind.RSQF, m, ops, new HashMap<>());
            assertArrayEquals(((GrowingQuotientFilter) sqf).fingerprints(), ((GrowingQuotientFilter) rsqf).fingerprints());
            for (long k = 0; k <= 3100; k++) {
                assertEquals(sqf.mightContain(k), rsqf.mightContain(k), "key " + k);
                assertEquals(sqf.count(k), rsqf.count(k), "key " + k);
            }
        }
    }

    private void check(FilterKind kind, Multiplicity m, List<Op> ops) {
        Map<Long, Integer> live = new HashMap<>();
        QuotientFilter f = run(kind, m, ops, live);
        List<Long> expected = new ArrayList<>();
        for (Map.Entry<Long, Integer> e : live.entrySet()) {
            assertTrue(f.mightContain(e.getKey()), "false negative for " + e.getKey());
            for (int c = 0; c < (m == Multiplicity.COUNTING ? e.getValue() : 1); c++) {
                expected.add(fp(e.getKey()));
            }
        }
        long[] sorted = expected.stream().mapToLong(Long::longValue).sorted().toArray();
        long[] want = m == Multiplicity.SET ? Arrays.stream(sorted).distinct().toArray() : sorted;
        GrowingQuotientFilter g = (GrowingQuotientFilter) f;
        assertArrayEquals(want, g.fingerprints());
        assertEquals(want.length, f.size());
        assertEquals(Arrays.stream(want).distinct().count(), f.distinctFingerprints());
        for (long k = 0; k <= 3100; k++) {
            long fpk = fp(k);
            long copies = Arrays.stream(want).filter(x -> x == fpk).count();
            assertEquals(copies, f.count(k), "count of " + k);
            assertEquals(copies > 0, f.mightContain(k), "membership of " + k);
        }
        assertTrue(f.fill() <= GrowingQuotientFilter.MAX_FILL);
        // reading back checks the slots are the canonical layout of the fingerprints
        assertArrayEquals(f.toBytes(), QuotientFilters.fromBytes(f.toBytes()).toBytes());
    }

    /** Applies the ops to a fresh filter and to {@code live} (key to live inserts). */
    private QuotientFilter run(FilterKind kind, Multiplicity m, List<Op> ops, Map<Long, Integer> live) {
        QuotientFilter f = QuotientFilters.withWidths(kind, m, Q, R);
        boolean counting = m == Multiplicity.COUNTING;
        for (Op op : ops) {
            switch (op.kind()) {
                case 0 -> {
                    f.insert(op.key());
                    live.merge(op.key(), 1, Integer::sum);
                }
                case 1 -> {
                    long k = live.isEmpty() ? op.key() : nth(live, op.key());
                    boolean removed = f.delete(k);
                    assertEquals(live.containsKey(k), removed, "delete " + k);
                    if (counting) {
                        live.computeIfPresent(k, (x, c) -> c == 1 ? null : c - 1);
                    } else {
                        live.keySet().removeIf(x -> fp(x) == fp(k));
                    }
                }
                case 2 -> {
                    f.insertAll(op.batch());
                    for (long k : op.batch()) {
                        live.merge(k, 1, Integer::sum);
                    }
                }
                default -> {
                    QuotientFilter other = QuotientFilters.withWidths(kind, m, Q, R);
                    other.insertAll(op.batch());
                    f = f.merge(other);
                    for (long k : op.batch()) {
                        live.merge(k, 1, Integer::sum);
                    }
                }
            }
        }
        return f;
    }

    private static long nth(Map<Long, Integer> live, long pick) {
        long[] keys = live.keySet().stream().mapToLong(Long::longValue).sorted().toArray();
        return keys[(int) (pick % keys.length)];
    }
}
