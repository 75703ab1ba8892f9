package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.KernelArg;
import io.leapfrog.exec.gpu.KernelCall;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfFusedArgs;
import io.leapfrog.kernels.layout.LfPlan;
import io.leapfrog.kernels.layout.LfWarpArgs;

/**
 * Launches of the count-only kernels that take the plan as a parameter: the fused count
 * (kernels/src/main/cuda/fused_kernels.cuh) and the block count (block_kernels.cuh), with its resident
 * form (resident.cuh, which also takes LwResidentArgs: ResidentKernel.withResidentArguments).
 * KernelDeclarationsTest checks every method against the kernel's declaration.
 */
public final class CountKernels {
    private static final String BLOCK_COUNT = "lw_block_count";
    /** Levels the block count's shorter plan parameters have room for (lw_block_count_v4, _v8: LfPlanOf). */
    private static final int[] PLAN_HEADS = {4, 8};

    private CountKernels() {
    }

    /** {@code lw_fused_count} (a cooperative launch): the count of {@code plan} in the workspace {@code a} describes. */
    public static KernelCall fusedCount(LfPlan plan, LfFusedArgs a) {
        return KernelCall.of("lw_fused_count", KernelArg.struct(plan, "plan"), KernelArg.struct(a, "fused count workspace"));
    }

    /**
     * Levels the block count's plan parameter has room for, for a plan of {@code levels} levels: the fewest
     * of {@link #PLAN_HEADS} that hold them, else all ({@code LF_MAX_VARS}).
     */
    static int planHead(int levels) {
        for (int head : PLAN_HEADS) {
            if (levels <= head) {
                return head;
            }
        }
        return KernelConstants.LF_MAX_VARS;
    }

    /** The table-driven block count whose plan parameter has room for {@code head} levels ({@link #planHead}). */
    public static String blockCount(int head) {
        return head == KernelConstants.LF_MAX_VARS ? BLOCK_COUNT : BLOCK_COUNT + "_v" + head;
    }

    /**
     * A block count of {@code plan}, whose first {@code head} levels its plan parameter takes: {@code kernel}
     * is the table-driven one ({@link #blockCount}) or one compiled for the plan's shape with the same
     * parameters (ShapedKernel).
     */
    public static KernelCall blockCount(String kernel, int head, LfPlan plan, LfWarpArgs a) {
        return KernelCall.of(kernel, planParameter(head, plan), KernelArg.struct(a, "depth-first count arguments"));
    }

    /**
     * The resident form of a block count ({@code <kernel>_resident}), but for its last parameter, which
     * ResidentKernel adds at each launch.
     */
    public static KernelCall residentBlockCount(String kernel, int head, LfPlan plan, LfWarpArgs a) {
        return blockCount(ResidentCount.kernel(kernel), head, plan, a);
    }

    private static KernelArg planParameter(int head, LfPlan plan) {
        return KernelArg.struct(head == KernelConstants.LF_MAX_VARS ? plan : plan.head(head), "plan");
    }
}
