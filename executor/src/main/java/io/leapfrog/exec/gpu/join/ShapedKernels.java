package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.KernelCompiler;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Depth-first counts compiled for their plan's shape ({@link ShapedKernel}): the kernel of a shape once
 * it is compiled and loaded, else null while {@link KernelCompiler} compiles it in the background (or
 * could not), and the caller launches the table-driven kernel. A shape's kernel is named after a hash
 * of its source, so one name never stands for two kernels.
 *
 * <p>{@code -Dleapfrog.gpu.shaped=false} turns them off.
 */
final class ShapedKernels {
    private static final String PREFIX = "lw_block_count_s";
    /** Each shape's kernel name and source, made once. */
    private static final Map<ShapedKernel, String[]> SOURCES = new ConcurrentHashMap<>();

    private ShapedKernels() {
    }

    static boolean enabled() {
        return !"false".equals(System.getProperty("leapfrog.gpu.shaped"));
    }

    /**
     * The name of the kernel for the shape of {@code encoded}'s plan (with task participants {@code task},
     * kept slots {@code keep}, a plan parameter of {@code head} levels), loaded on {@code dev}; or null
     * (turned off, not compiled yet, or not compilable). With {@code -Dleapfrog.gpu.shaped.wait=true} it
     * waits for the compile (tests and benchmarks that must measure the compiled kernel).
     */
    static String kernel(GpuDevice dev, EncodedPlan encoded, int[] task, int[] keep, int head) {
        if (!enabled()) {
            return null;
        }
        ShapedKernel shape = ShapedKernel.of(encoded.bytes, encoded.plan.nvars, head, task, keep);
        String[] named = SOURCES.computeIfAbsent(shape, ShapedKernels::named);
        if (dev.hasShaped(named[0])) {
            return named[0];
        }
        byte[] cubin = KernelCompiler.cubinIfReady(named[1], dev.sassArch());
        if (cubin == null && Boolean.getBoolean("leapfrog.gpu.shaped.wait")) {
            KernelCompiler.awaitCompiles(Double.POSITIVE_INFINITY);
            cubin = KernelCompiler.cubinIfReady(named[1], dev.sassArch());
        }
        if (cubin == null) {
            return null;
        }
        dev.loadShaped(named[0], cubin);
        return named[0];
    }

    /** {name, source}: the source with a placeholder name hashed, then named after its hash. */
    private static String[] named(ShapedKernel shape) {
        String placeholder = PREFIX + "_";
        String name = PREFIX + KernelCompiler.sha256(shape.source(placeholder)).substring(0, 24);
        return new String[] {name, shape.source(name)};
    }
}
