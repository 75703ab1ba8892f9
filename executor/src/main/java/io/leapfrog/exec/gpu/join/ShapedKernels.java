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
 * <p>{@code -Dleapfrog.gpu.shaped=false} turns them off; without nvcc they are off.
 */
final class ShapedKernels {
    private static final String PREFIX = "lw_block_count_s";
    /** Each shape's kernel name, source and compile key for each architecture, made once. */
    private static final Map<Compiled, Named> SOURCES = new ConcurrentHashMap<>();

    /** A shape compiled for one architecture (a process may drive devices of several kinds). */
    private record Compiled(ShapedKernel shape, String arch) {
    }

    /** A shape's kernel: its name, its source, and the compiler's key of the source for {@code arch}. */
    private record Named(String name, String source, String arch, String key) {
    }

    private ShapedKernels() {
    }

    /** On unless turned off, where nvcc is found (without it the table-driven kernels are all there is, silently). */
    static boolean enabled() {
        return !"false".equals(System.getProperty("leapfrog.gpu.shaped")) && KernelCompiler.available();
    }

    /**
     * The name of {@code shape}'s kernel, loaded on {@code dev}; or null (turned off, not compiled yet, or
     * not compilable). With {@code -Dleapfrog.gpu.shaped.wait=true} it waits for the compile (tests and
     * benchmarks that must measure the compiled kernel).
     */
    static String kernel(GpuDevice dev, ShapedKernel shape) {
        if (!enabled()) {
            return null;
        }
        Named n = SOURCES.computeIfAbsent(new Compiled(shape, dev.sassArch()), c -> named(c.shape(), c.arch()));
        if (dev.hasShaped(n.name())) {
            return n.name();
        }
        byte[] cubin = KernelCompiler.cubinIfReady(n.key(), n.source(), n.arch());
        if (cubin == null && Boolean.getBoolean("leapfrog.gpu.shaped.wait")) {
            KernelCompiler.awaitCompiles(Double.POSITIVE_INFINITY);
            cubin = KernelCompiler.cubinIfReady(n.key(), n.source(), n.arch());
        }
        if (cubin == null) {
            return null;
        }
        dev.loadShaped(cubin, n.name(), ResidentCount.kernel(n.name()));
        return n.name();
    }

    /** The shape's kernel: its source with a placeholder name hashed, then named after the hash. */
    private static Named named(ShapedKernel shape, String arch) {
        String name = PREFIX + KernelCompiler.sha256(shape.source(PREFIX + "_")).substring(0, 24);
        String source = shape.source(name);
        return new Named(name, source, arch, KernelCompiler.key(source, arch));
    }
}
