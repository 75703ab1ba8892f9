package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.KernelArg;
import io.leapfrog.exec.gpu.KernelCall;
import io.leapfrog.kernels.layout.LfProgram;
import io.leapfrog.kernels.layout.LfReduceOp;
import io.leapfrog.kernels.layout.LfTable;

import static io.leapfrog.exec.gpu.KernelArg.i32;
import static io.leapfrog.exec.gpu.KernelArg.i64;
import static io.leapfrog.exec.gpu.KernelArg.ptr;

/**
 * Launches of the level-wise join's kernels (kernels/src/main/cuda/levelwise_kernels.cuh), one method a
 * kernel, its parameters named and typed as the kernel declares them. {@code level}: the level bound,
 * read from the plan in constant memory; candidates [o0, o1): the window of the level's candidates a
 * launch takes. KernelDeclarationsTest checks every method against the kernel's declaration.
 */
public final class LevelwiseKernels {
    private LevelwiseKernels() {
    }

    /**
     * {@code lw_sizes}: per row of {@code in}, its driver's candidates ({@code sizes}), the driver and the
     * index of its first candidate; with {@code bitRows} (a count's last level), rows left to lw_count_bits.
     */
    public static KernelCall sizes(LfTable in, int level, boolean bitRows, DeviceBuffer sizes, DeviceBuffer drv,
                                   DeviceBuffer drvLo) {
        return KernelCall.of("lw_sizes", table(in), i32(level), i32(bitRows ? 1 : 0), ptr(sizes), ptr(drv), ptr(drvLo));
    }

    /** {@code lw_count_bits}: the hits of the rows lw_sizes left to the core bitmap, {@code rowsPerWarp} rows a warp, into {@code total}. */
    public static KernelCall countBits(LfTable in, int level, DeviceBuffer drv, int rowsPerWarp, DeviceBuffer total) {
        return KernelCall.of("lw_count_bits", table(in), i32(level), ptr(drv), i32(rowsPerWarp), ptr(total));
    }

    /** {@code lw_count}: the hits among candidates [o0, o1) of the last level, into {@code total}. */
    public static KernelCall count(LfTable in, int level, DeviceBuffer offsets, long o0, long o1, DeviceBuffer drv,
                                   DeviceBuffer drvLo, DeviceBuffer total) {
        return KernelCall.of("lw_count", table(in), i32(level), ptr(offsets), i64(o0), i64(o1), ptr(drv), ptr(drvLo),
                ptr(total));
    }

    /** {@code lw_flags}: 1 per hit among candidates [o0, o1), 0 per miss, in {@code flags}. */
    public static KernelCall flags(LfTable in, int level, DeviceBuffer offsets, long o0, long o1, DeviceBuffer drv,
                                   DeviceBuffer drvLo, DeviceBuffer flags) {
        return KernelCall.of("lw_flags", table(in), i32(level), ptr(offsets), i64(o0), i64(o1), ptr(drv), ptr(drvLo),
                ptr(flags));
    }

    /** {@code lw_scatter}: the hits among candidates [o0, o1) as rows of {@code out}, placed by the scan of their flags. */
    public static KernelCall scatter(LfTable in, LfTable out, int level, DeviceBuffer offsets, long o0, long o1,
                                     DeviceBuffer drv, DeviceBuffer drvLo, DeviceBuffer flagScan, int keepSlots) {
        return KernelCall.of("lw_scatter", table(in), KernelArg.struct(out, "next table"), i32(level), ptr(offsets), i64(o0),
                i64(o1), ptr(drv), ptr(drvLo), ptr(flagScan), i32(keepSlots));
    }

    /** {@code lw_compact}: the rows of {@code in} whose flag scan steps up, their first {@code ncols} columns, into {@code out}. */
    public static KernelCall compact(LfTable in, LfTable out, int ncols, DeviceBuffer flagScan) {
        return KernelCall.of("lw_compact", table(in), KernelArg.struct(out, "kept rows"), i32(ncols), ptr(flagScan));
    }

    /** {@code lw_rows}: rows [r0, r1) of the first {@code ncols} columns, row-major, into {@code out}. */
    public static KernelCall rows(LfTable in, int ncols, int r0, int r1, DeviceBuffer out) {
        return KernelCall.of("lw_rows", table(in), i32(ncols), i32(r0), i32(r1), ptr(out));
    }

    /**
     * {@code lw_exists_<variant>}: per row of {@code in} (holding the slots {@code validSlots}), 1 in
     * {@code flags} when it extends to a full binding. {@code variant}: the per-thread state's size
     * (GpuPlan.variant, e.g. v4p4).
     */
    public static KernelCall exists(String variant, LfTable in, int level, int validSlots, DeviceBuffer flags) {
        return KernelCall.of("lw_exists_" + variant, table(in), i32(level), i32(validSlots), ptr(flags));
    }

    /**
     * {@code lw_reduce}: {@code op} over the value of {@code value} in the hits among candidates [o0, o1)
     * of the last level that {@code keep} keeps, into {@code out} (DeviceReduction).
     */
    public static KernelCall reduce(LfTable in, int level, DeviceBuffer offsets, long o0, long o1, DeviceBuffer drv,
                                    DeviceBuffer drvLo, LfProgram value, LfProgram keep, LfReduceOp op, DeviceBuffer out) {
        return KernelCall.of("lw_reduce", table(in), i32(level), ptr(offsets), i64(o0), i64(o1), ptr(drv), ptr(drvLo),
                KernelArg.struct(value, "reduced value"), KernelArg.struct(keep, "kept bindings"), i32(op.code), ptr(out));
    }

    private static KernelArg table(LfTable in) {
        return KernelArg.struct(in, "level table");
    }
}
