package io.leapfrog.exec.join;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * A {@code min} or {@code max} aggregate with witness variables ({@code best(d, x) :- d = min c : { cost(x, c) }.}):
 * the extremum of a value over a join's bindings, and the witnesses' values in a binding that reaches it;
 * when several do, the lexicographically smallest witness tuple, so that answers do not depend on the
 * order in which threads or devices find bindings.
 *
 * <p>Two ways to compute it, with the same answer: {@link #byEnumeration} folds every enumerated
 * binding (one pass: what the CPU does), and {@link #inPasses} runs one plain reduction per unknown
 * (the extremum, then the smallest first witness among the bindings at the extremum, then the smallest
 * second witness among those with that first witness, ...), which a device reduces without
 * materialising any binding.
 *
 * @param extremum      the MIN or MAX reduction of the value over every binding
 * @param witnessLevels the join levels of the witness variables, in the aggregate's order
 */
public record WitnessedReduction(Reduction extremum, int[] witnessLevels) {

    public WitnessedReduction {
        if (extremum.op() == Reduction.Op.SUM || extremum.op() == Reduction.Op.FSUM || extremum.keep() != null) {
            throw new IllegalArgumentException("witnesses belong to a min or max over every binding, not " + extremum);
        }
        if (witnessLevels.length == 0) {
            throw new IllegalArgumentException("no witness variables: use a plain Reduction");
        }
        witnessLevels = witnessLevels.clone();
    }

    /** How many bindings there were, the extremum (meaningless without bindings) and its witnesses (null then). */
    public record Result(long bindings, long value, int[] witness) {
        /** Same bindings count, value and witness values. */
        public boolean sameAs(Result o) {
            return bindings == o.bindings && (bindings == 0 || (value == o.value && Arrays.equals(witness, o.witness)));
        }

        @Override
        public String toString() {
            return bindings == 0 ? "no bindings" : bindings + " bindings, " + value + " at " + Arrays.toString(witness);
        }
    }

    /** The answer from every binding {@code executor} enumerates (each sink folds its thread's share). */
    public Result byEnumeration(JoinExecutor executor, JoinQuery q, int threads, String label) {
        extremum.check(q);
        List<Sink> parts = executor.run(q, threads, Sink::new, label);
        Sink all = new Sink();
        for (Sink s : parts) {
            all.merge(s);
        }
        return all.result();
    }

    /** The answer for a body with exactly one binding (no join to run). */
    public Result of(int[] binding) {
        Sink one = new Sink();
        one.accept(binding);
        return one.result();
    }

    /** Whether the passes' narrowing programs stay within the kernels' limits ({@link ValueProgram#MAX_LENGTH}). */
    public boolean fitsPasses() {
        int[] any = new int[witnessLevels.length];
        return narrowing(0, any, witnessLevels.length - 1) != null;
    }

    /**
     * The answer from 1 + (number of witnesses) plain reductions, each run by {@code reduce}.
     * Requires {@link #fitsPasses}.
     */
    public Result inPasses(Function<Reduction, Reduction.Result> reduce) {
        Reduction.Result first = reduce.apply(extremum);
        if (first.bindings() == 0) {
            return new Result(0, 0, null);
        }
        int best = (int) first.value();
        int[] witness = new int[witnessLevels.length];
        for (int i = 0; i < witnessLevels.length; i++) {
            ValueProgram keep = narrowing(best, witness, i);
            if (keep == null) {
                throw new IllegalStateException("the narrowing program does not fit the kernels' limits; check fitsPasses()");
            }
            Reduction.Result r = reduce.apply(new Reduction(ValueProgram.variable(witnessLevels[i]), Reduction.Op.MIN, keep));
            if (r.bindings() == 0) {
                throw new IllegalStateException("no binding reaches the extremum " + best + " found by the first pass");
            }
            witness[i] = (int) r.value();
        }
        return new Result(first.bindings(), best, witness);
    }

    /** value == best, and witness j == known[j] for every j < i: the bindings pass i reduces over. */
    private ValueProgram narrowing(int best, int[] known, int i) {
        ValueProgram.Builder b = new ValueProgram.Builder().append(extremum.value()).constant(best).apply(ValueProgram.Op.EQ);
        for (int j = 0; j < i; j++) {
            b.variable(witnessLevels[j]).constant(known[j]).apply(ValueProgram.Op.EQ).apply(ValueProgram.Op.LAND);
        }
        return b.fits() ? b.build() : null;
    }

    /** One thread's fold: the extremum so far and the smallest witness tuple that reached it. */
    public final class Sink implements TupleSink {
        private final int[] stack = new int[ValueProgram.MAX_STACK];
        private final ExtremumFold fold = new ExtremumFold(extremum.op() == Reduction.Op.MIN, witnessLevels);

        @Override
        public void accept(int[] binding) {
            fold.offer(extremum.value().eval(binding, stack), binding);
        }

        void merge(Sink o) {
            fold.merge(o.fold);
        }

        Result result() {
            return new Result(fold.count(), fold.count() == 0 ? 0 : fold.value(), fold.witness());
        }
    }
}
