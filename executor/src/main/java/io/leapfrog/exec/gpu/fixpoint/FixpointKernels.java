package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.KernelArg;
import io.leapfrog.exec.gpu.KernelCall;
import io.leapfrog.kernels.layout.LfFixRule;
import io.leapfrog.kernels.layout.LfFixSet;

import static io.leapfrog.exec.gpu.KernelArg.i32;
import static io.leapfrog.exec.gpu.KernelArg.i64;
import static io.leapfrog.exec.gpu.KernelArg.ptr;

/**
 * Launches of the fixpoint's kernels (kernels/src/main/cuda/fixpoint_kernels.cuh), typed as the kernels
 * declare them (KernelLaunchesTest checks each against its declaration).
 */
public final class FixpointKernels {
    private FixpointKernels() {
    }

    /** {@code fix_count}: how many head tuples each of {@code n} delta tuples can make, into {@code counts}. */
    public static KernelCall count(LfFixRule rule, DeviceBuffer delta, long deltaByte, long n, DeviceBuffer counts) {
        return KernelCall.of("fix_count", KernelArg.struct(rule, "fixpoint rule"), ptr(delta, deltaByte), i64(n), ptr(counts));
    }

    /** {@code fix_expand}: outputs [lo, hi) of the scanned counts into the head's set. */
    public static KernelCall expand(LfFixRule rule, DeviceBuffer delta, long deltaByte, DeviceBuffer offsets, long n, long lo, long hi,
                             LfFixSet set) {
        return KernelCall.of("fix_expand", KernelArg.struct(rule, "fixpoint rule"), ptr(delta, deltaByte), ptr(offsets), i64(n),
                i64(lo), i64(hi), KernelArg.struct(set, "fixpoint set"));
    }

    /** {@code fix_insert}: {@code n} keys into the set, appending nothing. */
    public static KernelCall insert(LfFixSet set, DeviceBuffer keys, long n) {
        return KernelCall.of("fix_insert", KernelArg.struct(set, "fixpoint set"), ptr(keys), i64(n));
    }

    /** {@code fix_index_count}: the tuples of each key of column {@code column} of {@code log[0..n)}, into {@code counts}. */
    public static KernelCall indexCount(DeviceBuffer log, long n, int column, int base, DeviceBuffer counts) {
        return KernelCall.of("fix_index_count", ptr(log), i64(n), i32(column), i32(base), ptr(counts));
    }

    /** {@code fix_index_place}: each tuple's other column at its key's cursor in {@code values}. */
    public static KernelCall indexPlace(DeviceBuffer log, long n, int column, int base, DeviceBuffer cursor, DeviceBuffer values) {
        return KernelCall.of("fix_index_place", ptr(log), i64(n), i32(column), i32(base), ptr(cursor), ptr(values));
    }
}
