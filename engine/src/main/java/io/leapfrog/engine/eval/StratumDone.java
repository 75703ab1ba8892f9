package io.leapfrog.engine.eval;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * A finished stratum, as an evaluation reports it ({@link io.leapfrog.engine.Progress}): its place among the
 * program's strata (from 1), its relations, whether it was recursive, its rounds (1 for a stratum that is
 * not), the tuples its relations hold now (their counts where only counted), its time, and the part of
 * that time spent planning its rules (variable orders, measured on the data for larger joins).
 */
public record StratumDone(int index, int strata, List<String> relations, boolean recursive, int rounds, long tuples,
                          Duration time, Duration planning) {
    /** One line: {@code stratum 3 of 7: path (recursive, 12 rounds): 1,234,567 tuples in 2.310 s}. */
    public String line() {
        return String.format(Locale.ROOT, "stratum %d of %d: %s%s: %,d %s in %.3f s", index, strata,
                String.join(", ", relations), recursive ? " (recursive, " + rounds + (rounds == 1 ? " round)" : " rounds)")
                        : "", tuples, tuples == 1 ? "tuple" : "tuples", time.toNanos() / 1e9);
    }
}
