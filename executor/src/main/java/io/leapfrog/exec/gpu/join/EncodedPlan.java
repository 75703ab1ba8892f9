package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.GpuDevice;

/**
 * A join's plan encoded for the kernels (the LfPlan bytes, with the device addresses of its pinned
 * tries), copied to the kernels' constant memory only when a kernel that reads it from there runs: the
 * fused count passes the bytes as a launch parameter instead, and saves the copy.
 */
final class EncodedPlan {
    final GpuPlan plan;
    final byte[] bytes;
    /** The plan as kept for the query's next run: where the depth-first count keeps its launch. */
    final PreparedPlan prepared;
    /** The resident tries' generation the bytes were encoded at ({@link ResidentTries#generation}). */
    final long generation;
    private final GpuDevice dev;
    private final ResidentTries.Lookup tries;
    private boolean inConstantMemory;

    /**
     * {@code tries}: where the plan's tries are, pinned in {@code mem} for as long as this plan is used;
     * the bytes are the prepared plan's when they were encoded for the same addresses.
     */
    EncodedPlan(GpuDevice dev, PreparedPlan prepared, ResidentTries mem, ResidentTries.Lookup tries) {
        this.dev = dev;
        this.plan = prepared.plan;
        this.prepared = prepared;
        this.tries = tries;
        this.bytes = prepared.encodedFor(mem, tries);
        this.generation = mem.generation();
    }

    /** The device arrays the plan searches ({@link GpuPlan#searchedArrays}). */
    java.util.List<long[]> searchedArrays() {
        return plan.searchedArrays(tries);
    }

    /** The plan, after copying it to constant memory ({@code c_plan}) if it is not there yet. */
    GpuPlan loaded() {
        if (!inConstantMemory) {
            dev.setConstant("c_plan", bytes);
            inConstantMemory = true;
        }
        return plan;
    }
}
