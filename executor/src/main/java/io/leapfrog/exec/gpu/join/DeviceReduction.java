package io.leapfrog.exec.gpu.join;

import io.leapfrog.common.SouffleArithmetic;
import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.KernelArg;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.ValueProgram;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The host side of a reducing kernel ({@code lw_reduce}, {@code lftj_reduce_*}): the reduced value's
 * program as the kernel's {@code LfProgram} parameter, and the four longs the kernel accumulates into:
 * the number of bindings; the operation's value, which starts at its identity (0, Long.MAX_VALUE or
 * Long.MIN_VALUE, as the kernels' {@code lf_identity}); and an evaluation error (code, operand), which
 * {@link #result} raises as the CPU's evaluation would.
 */
final class DeviceReduction implements AutoCloseable {
    private final GpuDevice dev;
    final DeviceBuffer out;

    private DeviceReduction(GpuDevice dev, DeviceBuffer out) {
        this.dev = dev;
        this.out = out;
    }

    static DeviceReduction start(GpuDevice dev, ResidentTries mem, Reduction.Op op) {
        DeviceBuffer out = mem.allocate(32, "reduction");
        dev.fill(out, 0, 8, 0);   // all four longs (fill counts ints)
        // little-endian words of Long.MAX_VALUE / Long.MIN_VALUE
        if (op == Reduction.Op.MIN) {
            dev.fill(out, 8, 1, -1);
            dev.fill(out, 12, 1, Integer.MAX_VALUE);
        } else if (op == Reduction.Op.MAX) {
            dev.fill(out, 12, 1, Integer.MIN_VALUE);
        }
        return new DeviceReduction(dev, out);
    }

    /** What the kernels accumulated (waits for them); a division or modulo by zero throws. */
    Reduction.Result result() {
        long[] r = new long[4];
        dev.download(out, 0, r, 0, 4);
        if (r[2] == ERR_DIV_ZERO || r[2] == ERR_MOD_ZERO) {
            // The CPU's evaluation raises the same error for the same operands.
            SouffleArithmetic.apply(r[2] == ERR_DIV_ZERO ? "/" : "%", (int) r[3], 0);
        }
        if (r[2] != 0) {
            throw new IllegalStateException("unknown evaluation error " + r[2] + " from a reduction kernel");
        }
        return new Reduction.Result(r[0], r[0] == 0 ? 0 : r[1]);
    }

    /** The kernels' LF_ERR_DIV_ZERO and LF_ERR_MOD_ZERO (program.cuh). */
    private static final long ERR_DIV_ZERO = 1;
    private static final long ERR_MOD_ZERO = 2;

    /** Bytes of the kernels' {@code LfProgram} (program.cuh): n, pad, op[MAX_LENGTH], arg[MAX_LENGTH]. */
    static final int PROGRAM_BYTES = 8 + 8 * ValueProgram.MAX_LENGTH;

    /**
     * A program as an {@code LfProgram} kernel parameter: the reduced value, or the filter of the bindings
     * reduced ({@code keep}), where null is the empty program (n = 0: every binding).
     */
    static KernelArg program(ValueProgram p) {
        ByteBuffer b = ByteBuffer.allocate(PROGRAM_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        if (p == null) {
            return KernelArg.struct(b.array(), 4, "every binding");
        }
        b.putInt(0, p.length());
        for (int i = 0; i < p.length(); i++) {
            b.putInt(8 + 4 * i, p.code(i));
            b.putInt(8 + 4 * ValueProgram.MAX_LENGTH + 4 * i, p.arg(i));
        }
        return KernelArg.struct(b.array(), 4, "value program " + p);
    }

    @Override
    public void close() {
        out.close();
    }
}
