package io.leapfrog.exec.gpu.join;

import io.leapfrog.common.SouffleArithmetic;
import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.ValueProgram;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfError;
import io.leapfrog.kernels.layout.LfProgram;
import io.leapfrog.kernels.layout.LfReduceOp;

/**
 * The host side of a reducing kernel ({@code lw_reduce}, {@code lftj_reduce_*}): the operation's code
 * ({@link LfReduceOp}), the reduced value's program as the kernel's {@code LfProgram} parameter, and the
 * LF_REDUCED_* words the kernel accumulates into: the number of bindings; the operation's value, which
 * starts at its identity (0, Long.MAX_VALUE or Long.MIN_VALUE, as the kernels' {@code lf_identity}); and
 * an evaluation error (code, operand), which {@link #result} raises as the CPU's evaluation would.
 */
final class DeviceReduction implements AutoCloseable {
    private final GpuDevice dev;
    final DeviceBuffer out;

    private DeviceReduction(GpuDevice dev, DeviceBuffer out) {
        this.dev = dev;
        this.out = out;
    }

    static DeviceReduction start(GpuDevice dev, ResidentTries mem, Reduction.Op op) {
        DeviceBuffer out = mem.allocate(8L * KernelConstants.LF_REDUCED_WORDS, "reduction");
        dev.fill(out, 0, 2L * KernelConstants.LF_REDUCED_WORDS, 0);   // every word (fill counts ints)
        // little-endian halves of Long.MAX_VALUE / Long.MIN_VALUE
        long value = 8L * KernelConstants.LF_REDUCED_VALUE;
        if (op == Reduction.Op.MIN) {
            dev.fill(out, value, 1, -1);
            dev.fill(out, value + 4, 1, Integer.MAX_VALUE);
        } else if (op == Reduction.Op.MAX) {
            dev.fill(out, value + 4, 1, Integer.MIN_VALUE);
        }
        return new DeviceReduction(dev, out);
    }

    /** What the kernels accumulated (waits for them); a division or modulo by zero throws. */
    Reduction.Result result() {
        long[] r = new long[KernelConstants.LF_REDUCED_WORDS];
        dev.download(out, 0, r, 0, r.length);
        long bindings = r[KernelConstants.LF_REDUCED_BINDINGS];
        long error = r[KernelConstants.LF_REDUCED_ERROR];
        if (error == LfError.DIV_ZERO.code || error == LfError.MOD_ZERO.code) {
            // The CPU's evaluation raises the same error for the same operands.
            SouffleArithmetic.apply(error == LfError.DIV_ZERO.code ? "/" : "%", (int) r[KernelConstants.LF_REDUCED_ERROR_ARG], 0);
        }
        if (error != LfError.NONE.code) {
            throw new IllegalStateException("unknown evaluation error " + error + " from a reduction kernel");
        }
        return new Reduction.Result(bindings, bindings == 0 ? 0 : r[KernelConstants.LF_REDUCED_VALUE]);
    }

    /** The kernels' code of a reduction's operation. */
    static LfReduceOp op(Reduction.Op op) {
        return switch (op) {
            case SUM -> LfReduceOp.SUM;
            case MIN -> LfReduceOp.MIN;
            case MAX -> LfReduceOp.MAX;
            case FSUM -> LfReduceOp.FSUM;
        };
    }

    /**
     * A program as the kernels' {@code LfProgram} parameter: the reduced value, or the filter of the
     * bindings reduced ({@code keep}), where null is the empty program (n = 0: every binding).
     */
    static LfProgram program(ValueProgram p) {
        LfProgram b = new LfProgram();
        if (p == null) {
            return b;
        }
        b.n(p.length());
        for (int i = 0; i < p.length(); i++) {
            b.op(i, p.code(i)).arg(i, p.arg(i));
        }
        return b;
    }

    @Override
    public void close() {
        out.close();
    }
}
