package io.leapfrog.exec.join;

/**
 * A running minimum or maximum over bindings, with the witness tuple (the values of chosen join
 * levels) of a binding that reached it: on ties the lexicographically smallest, so that the answer does
 * not depend on the order in which threads find bindings. Without witness levels it is a plain min/max.
 * Offering a binding allocates only when it becomes the new witness.
 */
public final class ExtremumFold {
    private final boolean min;
    private final int[] witnessLevels;
    private long count;
    private long value;
    private int[] witness;

    /** @param min true for a minimum, false for a maximum */
    public ExtremumFold(boolean min, int[] witnessLevels) {
        this.min = min;
        this.witnessLevels = witnessLevels;
    }

    /** Folds in one binding whose value is {@code v}. */
    public void offer(long v, int[] binding) {
        if (count++ == 0 || (min ? v < value : v > value) || (v == value && smallerWitness(binding))) {
            value = v;
            witness = witnessOf(binding);
        }
    }

    /** Folds in another fold's bindings. */
    public void merge(ExtremumFold o) {
        if (o.count == 0) {
            return;
        }
        boolean take = count == 0 || (min ? o.value < value : o.value > value)
                || (o.value == value && java.util.Arrays.compare(o.witness, witness) < 0);
        count += o.count;
        if (take) {
            value = o.value;
            witness = o.witness;
        }
    }

    /** How many bindings were folded in. */
    public long count() {
        return count;
    }

    /** The extremum (meaningless while {@link #count} is 0). */
    public long value() {
        return value;
    }

    /** The witness values at the extremum, in the order of the witness levels (null while count is 0). */
    public int[] witness() {
        return witness;
    }

    private boolean smallerWitness(int[] binding) {
        for (int i = 0; i < witnessLevels.length; i++) {
            int x = binding[witnessLevels[i]];
            if (x != witness[i]) {
                return x < witness[i];
            }
        }
        return false;
    }

    private int[] witnessOf(int[] binding) {
        int[] w = new int[witnessLevels.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = binding[witnessLevels[i]];
        }
        return w;
    }
}
