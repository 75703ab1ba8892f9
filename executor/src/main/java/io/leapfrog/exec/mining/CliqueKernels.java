package io.leapfrog.exec.mining;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.KernelCall;

import static io.leapfrog.exec.gpu.KernelArg.i32;
import static io.leapfrog.exec.gpu.KernelArg.ptr;

/**
 * Launches of the k-clique kernels (kernels/src/main/cuda/clique_kernels.cuh). KernelLaunchesTest checks every
 * method against the kernel's declaration.
 */
public final class CliqueKernels {
    /** The group widths the count kernels are compiled for: lanes per task. */
    public static final int[] GROUPS = {1, 2, 4, 8, 16, 32};

    private CliqueKernels() {
    }

    /** {@code kc_rows}: each window root's symmetric bit matrix of its later neighbours, into zeroed rows. */
    public static KernelCall rows(DeviceBuffer offsets, DeviceBuffer targets, DeviceBuffer roots, int count,
                                  DeviceBuffer rowBase, DeviceBuffer rows) {
        return KernelCall.of("kc_rows", ptr(offsets), ptr(targets), ptr(roots), i32(count), ptr(rowBase), ptr(rows));
    }

    /** The count kernel for groups of {@code group} lanes (one of {@link #GROUPS}). */
    public static String countKernel(int group) {
        return "kc_count_" + group;
    }

    /**
     * {@code kc_count_G}: the k-cliques of the window's tasks added to {@code totals} (low word, carries,
     * overflow flag), tasks dealt through its fourth word.
     */
    public static KernelCall count(int group, DeviceBuffer rowBase, DeviceBuffer taskStart, int roots, DeviceBuffer rows, int k,
                                   boolean pivoting, DeviceBuffer binom, DeviceBuffer totals) {
        return KernelCall.of(countKernel(group), ptr(rowBase), ptr(taskStart), i32(roots), ptr(rows), i32(k),
                i32(pivoting ? 1 : 0), ptr(binom), ptr(totals));
    }
}
