package io.leapfrog.exec.fixpoint;

import io.leapfrog.exec.storage.Relation;

/**
 * The values [min, max] a relation of a recursive stratum can hold: rules compute no values, so every
 * value of a derived tuple is a value of the starting tuples, of an earlier relation a lookup reads, or a
 * constant of a head. The fixpoints' indexes address values by their place in it (the GPU's
 * DeviceIndex, the CPU's {@link BucketedGroups}).
 */
public record ValueRange(int min, int max) {
    public long span() {
        return (long) max - min + 1;
    }

    public static ValueRange of(FixpointProgram p, Relation[] known, Relation[] delta) {
        long[] mm = {Integer.MAX_VALUE, Integer.MIN_VALUE};
        for (int i = 0; i < known.length; i++) {
            take(known[i], mm);
            take(delta[i], mm);
        }
        for (FixpointProgram.Rule r : p.rules()) {
            for (FixpointProgram.Lookup l : r.lookups()) {
                if (!l.isRecursive()) {
                    take(l.relation(), mm);
                }
            }
            for (int c = 0; c < r.headVars().length; c++) {
                if (r.headVars()[c] == FixpointProgram.CONST) {
                    mm[0] = Math.min(mm[0], r.headConsts()[c]);
                    mm[1] = Math.max(mm[1], r.headConsts()[c]);
                }
            }
        }
        return mm[0] > mm[1] ? new ValueRange(0, 0) : new ValueRange((int) mm[0], (int) mm[1]);
    }

    private static void take(Relation r, long[] mm) {
        for (int c = 0; c < r.arity(); c++) {
            int[] col = r.column(c);
            for (int i = 0; i < r.size(); i++) {
                mm[0] = Math.min(mm[0], col[i]);
                mm[1] = Math.max(mm[1], col[i]);
            }
        }
    }
}
