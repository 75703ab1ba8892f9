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
    private final GpuDevice dev;
    private boolean inConstantMemory;

    EncodedPlan(GpuDevice dev, GpuPlan plan, byte[] bytes) {
        this.dev = dev;
        this.plan = plan;
        this.bytes = bytes;
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
