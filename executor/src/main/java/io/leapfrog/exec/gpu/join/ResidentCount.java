package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.KernelCall;
import io.leapfrog.exec.gpu.ResidentKernel;
import io.leapfrog.kernels.layout.LfPlan;
import io.leapfrog.kernels.layout.LfWarpArgs;

import java.util.Arrays;

/**
 * A depth-first count ({@link DepthFirstCount}) as a job of the resident form of its block count's kernel
 * ({@link ResidentKernel}, kernels/src/main/cuda/resident.cuh): the same kernel with the same grid and
 * arguments, left running between counts, its result words pointed at the resident kernels' mailbox. The
 * kernel running serves a count when it was launched alike over the same tries ({@link Key}): the same
 * query run again, or another query object of the same plan over them. docs/gpu.md, "Resident counts".
 */
final class ResidentCount {
    private ResidentCount() {
    }

    /** The name of the resident form of a block count's kernel (resident.cuh, ShapedKernel.source). */
    static String kernel(String count) {
        return count + "_resident";
    }

    /**
     * Whether the join's count goes to a resident kernel: the options ask for resident counts, the count is
     * not traced (the trace is per launch), and the device can take it now ({@link ResidentKernel#usable}).
     */
    static boolean applies(DeviceJoin j) {
        return j.options().residentCounts() && !j.options().traceCounts() && ResidentKernel.usable(j.dev());
    }

    /** The count's result words, or null where the resident kernel gave up ({@link ResidentKernel#run}). */
    static long[] count(DeviceJoin j, DepthFirstCount.Launch l) {
        GpuDevice dev = j.dev();
        EncodedPlan encoded = j.plan();
        Key key = encoded.prepared.residentKey;
        if (key == null || key.launch != l) {   // made once for the prepared launch
            key = new Key(l, encoded.generation, kernel(l.kernel()), Arrays.copyOf(encoded.bytes, LfPlan.headBytes(l.head())),
                    arguments(l.args(), ResidentKernel.mailbox(dev)));
            encoded.prepared.residentKey = key;
        }
        Key k = key;
        ResidentKernel r = ResidentKernel.of(dev, k, l.blocks(), l.block(), l.shared(), () -> k.call(),
                j.options().residentIdle(), j.warnings());
        return r.run(CountHandover.RESULT_WORDS);
    }

    /**
     * The resident kernel's count arguments: the launch's, their result in the resident kernels' mailbox
     * (whose job word is the epoch), without the trace.
     */
    static byte[] arguments(LfWarpArgs launch, long mailbox) {
        return new LfWarpArgs(launch.array().clone()).trace(0).result(mailbox).epoch(0).array();
    }

    /**
     * What a resident count's kernel is launched with, made for a prepared {@code launch}. Equal ones (the
     * launch aside) count alike: the plan's bytes hold the tries' addresses, and the generation says the
     * data there is what it was ({@link ResidentTries#generation}), so a kernel that staged the tries at its
     * launch still holds them.
     */
    static final class Key {
        final DepthFirstCount.Launch launch;
        final long generation;
        final String kernel;
        /** The plan parameter's bytes: the head of the plan the launch's kernel takes. */
        final byte[] plan;
        final byte[] args;

        Key(DepthFirstCount.Launch launch, long generation, String kernel, byte[] plan, byte[] args) {
            this.launch = launch;
            this.generation = generation;
            this.kernel = kernel;
            this.plan = plan;
            this.args = args;
        }

        /** The resident kernel's launch but for its resident arguments (ResidentKernel adds them). */
        KernelCall call() {
            return CountKernels.residentBlockCount(launch.kernel(), launch.head(), new LfPlan(Arrays.copyOf(plan, LfPlan.BYTES)),
                    new LfWarpArgs(args));
        }

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Key r && generation == r.generation && kernel.equals(r.kernel)
                    && launch.blocks() == r.launch.blocks() && launch.block() == r.launch.block()
                    && launch.shared() == r.launch.shared() && Arrays.equals(plan, r.plan) && Arrays.equals(args, r.args);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hash(generation, kernel, Arrays.hashCode(plan));
        }
    }
}
