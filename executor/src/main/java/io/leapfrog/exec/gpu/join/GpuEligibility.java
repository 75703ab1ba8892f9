package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.kernels.layout.KernelConstants;

import java.util.ArrayList;
import java.util.List;

/**
 * Which joins the GPU kernels can run: conjunctive joins with bounds, within the sizes the kernels'
 * plan holds ({@link KernelConstants}: LF_MAX_VARS, ...). The rule reads the join's shape alone (its levels' participants,
 * bounds, filters and computed values), never data: the engine calls it for {@code explain}, before any
 * relation exists, to say whether a rule's join can go to the GPU, and the GPU executor keeps every join
 * it rejects on the CPU.
 */
public final class GpuEligibility {
    private GpuEligibility() {
    }

    /**
     * Why the GPU kernels cannot run a join of {@code varCount} variables whose levels (one per variable,
     * in join order) have these shapes; null when they can. One sentence, without a final period.
     */
    public static String reason(int varCount, List<JoinQuery.LevelShape> levels) {
        if (varCount == 0) {
            return "the body binds no variable";
        }
        if (varCount > KernelConstants.LF_MAX_VARS) {
            return "the join has " + varCount + " variables; the GPU kernels take at most " + KernelConstants.LF_MAX_VARS;
        }
        if (levels.size() != varCount) {
            throw new IllegalArgumentException("a join of " + varCount + " variables has " + varCount
                    + " levels, not " + levels.size());
        }
        int slots = 0;
        for (int l = 0; l < levels.size(); l++) {
            JoinQuery.LevelShape s = levels.get(l);
            if (s.computed()) {
                return "variable " + l + " of the join order is computed (an expression or aggregate), which runs on the CPU";
            }
            if (s.filterCount() > 0) {
                return "level " + l + " has a filter (arithmetic comparison, !=, negation, filter-relation test or built-in), which runs on the CPU";
            }
            if (s.atom().length > KernelConstants.LF_MAX_PARTS) {
                return "level " + l + " intersects " + s.atom().length + " lists; the GPU kernels take at most " + KernelConstants.LF_MAX_PARTS;
            }
            if (s.lowerVars().length > KernelConstants.LF_MAX_BOUNDS || s.upperVars().length > KernelConstants.LF_MAX_BOUNDS) {
                return "level " + l + " has more than " + KernelConstants.LF_MAX_BOUNDS + " variable bounds on one side";
            }
            slots += s.atom().length;
        }
        if (slots > KernelConstants.LF_MAX_SLOTS) {
            return "the join has " + slots + " trie positions to track; the GPU kernels take at most " + KernelConstants.LF_MAX_SLOTS;
        }
        return null;
    }

    /** {@link #reason(int, List)} for a built query. */
    public static String reason(JoinQuery q) {
        int n = q.varCount();
        if (n == 0 || n > KernelConstants.LF_MAX_VARS) {
            return reason(n, List.of());
        }
        List<JoinQuery.LevelShape> levels = new ArrayList<>(n);
        for (int l = 0; l < n; l++) {
            levels.add(q.shape(l));
        }
        return reason(n, levels);
    }
}
