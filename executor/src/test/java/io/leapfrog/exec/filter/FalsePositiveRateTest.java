package io.leapfrog.exec.filter;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Measured false-positive rates over 10^7 random probes against the declared and the predicted rate. */
class FalsePositiveRateTest {
    private static final int PROBES = 10_000_000;

    @ParameterizedTest
    @CsvSource({"RSQF, 400000, 0.001", "SQF, 600000, 0.01"})
    void measuredRateIsWithinTheDeclaredOne(FilterKind kind, int keys, double declared) {
        SplittableRandom random = new SplittableRandom(keys);
        long[] members = random.longs(keys).toArray();
        QuotientFilter f = QuotientFilters.build(members, declared, kind, Multiplicity.SET);
        boolean[] hits = new boolean[members.length];
        assertEquals(members.length, f.mightContainAll(members, hits), "no false negatives");

        // random probes collide with a member with probability about 6e5 / 2^64, so every hit is a false positive
        long falsePositives = 0;
        long[] batch = new long[1 << 16];
        long[] bits = new long[batch.length >>> 6];
        for (int done = 0; done < PROBES; done += batch.length) {
            for (int i = 0; i < batch.length; i++) {
                batch[i] = random.nextLong();
            }
            falsePositives += f.mightContainAll(batch, bits);
        }
        int probes = (PROBES / batch.length + (PROBES % batch.length == 0 ? 0 : 1)) * batch.length;
        double measured = (double) falsePositives / probes;
        assertTrue(measured <= declared, "measured " + measured + " over declared " + declared);
        // the prediction is exact in expectation; 10% is many standard deviations at these counts
        double predicted = f.falsePositiveRate();
        assertTrue(Math.abs(measured - predicted) < 0.1 * predicted,
                "measured " + measured + " but predicted " + predicted + " for " + f);
    }
}
