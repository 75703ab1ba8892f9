package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.kernels.layout.KernelConstants;

/**
 * What the fused and the depth-first count share around their launch: the header words the host zeroes
 * (LW_FUSED_* words, the trace words after them), the trace switch ({@code GpuOptions.traceCounts}), and
 * the result the last block hands over in mapped host memory (GpuDevice.awaitResult): the LW_RESULT_*
 * words, the count, the overflow flag, and the epoch. Both argument structs end alike: {@code trace},
 * {@code result}, {@code epoch}.
 */
final class CountHandover {
    static final int RESULT_COUNT = KernelConstants.LW_RESULT_COUNT;
    static final int RESULT_OVERFLOW = KernelConstants.LW_RESULT_OVERFLOW;
    /** The result's words before the epoch, which await returns. */
    static final int RESULT_WORDS = KernelConstants.LW_RESULT_EPOCH;

    /** Where a count's arguments take the handover's words: the trace switch, the result slot and its epoch. */
    interface Fields {
        void set(int trace, long result, long epoch);
    }

    final boolean trace;
    /** Header words the host zeroes and, with the trace, reads back. */
    final int words;
    private final long epoch;

    private CountHandover(boolean trace, long epoch) {
        this.trace = trace;
        this.words = KernelConstants.LW_FUSED_HEADER_WORDS + (trace ? KernelConstants.LW_FUSED_TRACE_WORDS : 0);
        this.epoch = epoch;
    }

    /**
     * Writes the trace switch (1 with {@code trace}) and the result slot, its epoch new, into the count's
     * arguments ({@code fields}), and queues the zeroing of {@code header}'s words unless {@code zeroed}
     * (its trace words are zeroed with the trace on all the same): call it just before the launch.
     */
    static CountHandover prepare(GpuDevice dev, DeviceBuffer header, boolean zeroed, boolean trace, Fields fields) {
        long[] slot = dev.resultSlot();
        CountHandover h = new CountHandover(trace, slot[1]);
        fields.set(h.trace ? 1 : 0, slot[0], slot[1]);
        if (!zeroed || h.trace) {
            dev.fill(header, 0, 2L * h.words, 0);
        }
        return h;
    }

    /** The result words the kernel handed over (count, overflow), once it has. */
    long[] await(GpuDevice dev) {
        return dev.awaitResult(epoch, KernelConstants.LW_RESULT_EPOCH, RESULT_WORDS);
    }

    /** With the trace, the header words read back (for FusedTrace); null without. */
    long[] traceWords(GpuDevice dev, DeviceBuffer header) {
        if (!trace) {
            return null;
        }
        long[] words = new long[this.words];
        dev.download(header, 0, words, 0, this.words);
        return words;
    }
}
