package io.leapfrog.exec.fixpoint;

import io.leapfrog.common.LeapfrogException;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * What the CPU fixpoints share about a round: a relation's delta kept as the pieces its threads found it
 * in (their sizes, one array when one is needed), and waiting for a round's helper threads.
 */
final class DeltaPieces {
    private DeltaPieces() {
    }

    static long total(List<long[]> pieces) {
        long n = 0;
        for (long[] d : pieces) {
            n += d.length;
        }
        return n;
    }

    /** The tuples of every relation's delta. */
    static long totalOf(List<List<long[]>> deltas) {
        long n = 0;
        for (List<long[]> d : deltas) {
            n += total(d);
        }
        return n;
    }

    static long[] concat(List<long[]> parts) {
        int n = 0;
        for (long[] a : parts) {
            n = Math.addExact(n, a.length);
        }
        long[] out = new long[n];
        int at = 0;
        for (long[] a : parts) {
            System.arraycopy(a, 0, out, at, a.length);
            at += a.length;
        }
        return out;
    }

    /** Waits for a helper of the fixpoint of {@code relations}; its failure is rethrown as it was. */
    static void await(Future<?> f, List<String> relations) {
        try {
            f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LeapfrogException("error: evaluation interrupted in the fixpoint of " + relations);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
