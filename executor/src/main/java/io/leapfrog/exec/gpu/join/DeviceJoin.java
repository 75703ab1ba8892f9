package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.KernelCompiler;
import io.leapfrog.exec.gpu.PhaseClock;

import java.util.function.Consumer;

/**
 * One join on the device, as every {@link GpuJoinOperator} gets it: the device (its context current),
 * the executor's resident tries with the join's tries pinned, the plan encoded for them, where the join
 * records what it did, and the executor's options, phase clock, kernel compiler and warnings.
 *
 * @param warnings takes one sentence per problem the join worked around (the executor's report keeps them)
 */
record DeviceJoin(GpuDevice dev, ResidentTries mem, EncodedPlan plan, GpuJoinStats stats, GpuOptions options,
                  PhaseClock clock, KernelCompiler compiler, Consumer<String> warnings) {
}
