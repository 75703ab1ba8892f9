package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.KernelArg;
import io.leapfrog.exec.gpu.KernelCall;
import io.leapfrog.kernels.layout.LfProgram;
import io.leapfrog.kernels.layout.LfReduceOp;

import static io.leapfrog.exec.gpu.KernelArg.i32;
import static io.leapfrog.exec.gpu.KernelArg.i64;
import static io.leapfrog.exec.gpu.KernelArg.ptr;

/**
 * Launches of LFTJ-GPU's kernels (kernels/src/main/cuda/lftj_kernels.cuh): one thread per driver value
 * of [lo, hi), each running the join below its value, with the plan in constant memory. {@code variant}:
 * the per-thread state's size (GpuPlan.variant, e.g. v4p4), a suffix of the kernel's name.
 * KernelDeclarationsTest checks every method against the kernel's declaration.
 */
public final class LftjKernels {
    private LftjKernels() {
    }

    /** {@code lftj_count_<variant>}: the bindings below driver values [lo, hi), into {@code total}. */
    public static KernelCall count(String variant, int lo, int hi, DeviceBuffer total) {
        return KernelCall.of("lftj_count_" + variant, i32(lo), i32(hi), ptr(total));
    }

    /**
     * {@code lftj_reduce_<variant>}: {@code op} over the value of {@code value} in the bindings below
     * driver values [lo, hi) that {@code keep} keeps, into {@code out} (DeviceReduction).
     */
    public static KernelCall reduce(String variant, int lo, int hi, LfProgram value, LfProgram keep, LfReduceOp op,
                                    DeviceBuffer out) {
        return KernelCall.of("lftj_reduce_" + variant, i32(lo), i32(hi), KernelArg.struct(value, "reduced value"),
                KernelArg.struct(keep, "kept bindings"), i32(op.code), ptr(out));
    }

    /** {@code lftj_count_each_<variant>}: the bindings below each driver value of [lo, hi), in {@code counts}. */
    public static KernelCall countEach(String variant, int lo, int hi, DeviceBuffer counts) {
        return KernelCall.of("lftj_count_each_" + variant, i32(lo), i32(hi), ptr(counts));
    }

    /**
     * {@code lftj_write_<variant>}: the rows [rowLo, rowHi) below driver values [lo, hi) into {@code out},
     * each value's first row at its offset, the longs of {@code offsets} from index {@code firstOffset} on.
     */
    public static KernelCall write(String variant, int lo, int hi, DeviceBuffer offsets, int firstOffset, long rowLo,
                                   long rowHi, DeviceBuffer out) {
        return KernelCall.of("lftj_write_" + variant, i32(lo), i32(hi), ptr(offsets, 8L * firstOffset), i64(rowLo),
                i64(rowHi), ptr(out));
    }
}
