package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.KernelCompiler;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Depth-first counts compiled for their plan's shape ({@link ShapedKernel}): the kernel of a shape once
 * it is compiled and loaded, else null while the {@link KernelCompiler} compiles it in the background (or
 * could not), and the caller launches the table-driven kernel. A shape's kernel is named after a hash
 * of its source, so one name never stands for two kernels.
 *
 * <p>{@code GpuOptions.shapedKernels} turns them on (the default); without nvcc they are off, silently.
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

    /** Whether the join's options ask for them and its compiler has an nvcc (without one, the table-driven kernels are all there is). */
    static boolean enabled(DeviceJoin j) {
        return j.options().shapedKernels() && j.compiler().available();
    }

    /**
     * The name of {@code shape}'s kernel, loaded on the join's device; or null (turned off, not compiled yet,
     * or not compilable: then the join's warnings say why, once a compile failed). With
     * {@code GpuOptions.awaitShapedKernels} it waits for the compile (tests and benchmarks that must measure the
     * compiled kernel).
     */
    static String kernel(DeviceJoin j, ShapedKernel shape) {
        if (!enabled(j)) {
            return null;
        }
        GpuDevice dev = j.dev();
        KernelCompiler compiler = j.compiler();
        Named n = SOURCES.computeIfAbsent(new Compiled(shape, dev.sassArch()), c -> named(c.shape(), c.arch()));
        if (dev.hasShaped(n.name())) {
            return n.name();
        }
        byte[] cubin = compiler.cubinIfReady(n.key(), n.source(), n.arch());
        if (cubin == null && j.options().awaitShapedKernels()) {
            compiler.awaitCompiles(Double.POSITIVE_INFINITY);
            cubin = compiler.cubinIfReady(n.key(), n.source(), n.arch());
        }
        if (cubin == null) {
            String failed = compiler.failure(n.key());
            if (failed != null) {
                j.warnings().accept("a GPU kernel for this query's shape could not be compiled (" + failed
                        + "); the table-driven kernels run instead. Name an nvcc of CUDA 12 or newer (--gpu-nvcc), or"
                        + " turn these kernels off (--no-gpu-shaped-kernels)");
            }
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
