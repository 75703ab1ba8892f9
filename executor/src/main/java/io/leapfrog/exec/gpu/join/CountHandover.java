package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;

import java.nio.ByteBuffer;

/**
 * What the fused and the depth-first count share around their launch: the header words the host zeroes
 * (fused.cuh's LW_FUSED_* words, the trace words after them), the trace switch
 * ({@code GpuOptions.traceCounts}), and the result the last block hands over in mapped host
 * memory (GpuDevice.awaitResult): [0] the count, [1] 1 when a level outgrew the workspace, [2] the epoch.
 * Both argument structs end alike: {@code trace}, then {@code result} and {@code epoch} 8 bytes apart.
 */
final class CountHandover {
    static final int RESULT_COUNT = 0;
    static final int RESULT_OVERFLOW = 1;
    static final int RESULT_WORDS = 2;
    private static final int RESULT_EPOCH = 2;

    final boolean trace;
    /** Header words the host zeroes and, with the trace, reads back. */
    final int words;
    private final long epoch;

    private CountHandover(boolean trace, long epoch) {
        this.trace = trace;
        this.words = FusedLevelwiseCount.HEADER_WORDS + (trace ? FusedLevelwiseCount.TRACE_WORDS : 0);
        this.epoch = epoch;
    }

    /**
     * Writes the trace switch ({@code trace}, at {@code traceAt}) and the result slot (at {@code resultAt},
     * its epoch after it) into {@code args}, and queues the zeroing of {@code header}'s words unless
     * {@code zeroed} (its trace words are zeroed with the trace on all the same): call it just before
     * the launch.
     */
    static CountHandover prepare(GpuDevice dev, DeviceBuffer header, boolean zeroed, boolean trace, ByteBuffer args,
                                 int traceAt, int resultAt) {
        long[] slot = dev.resultSlot();
        CountHandover h = new CountHandover(trace, slot[1]);
        args.putInt(traceAt, h.trace ? 1 : 0);
        args.putLong(resultAt, slot[0]);
        args.putLong(resultAt + 8, slot[1]);
        if (!zeroed || h.trace) {
            dev.fill(header, 0, 2L * h.words, 0);
        }
        return h;
    }

    /** The result words the kernel handed over (count, overflow), once it has. */
    long[] await(GpuDevice dev) {
        return dev.awaitResult(epoch, RESULT_EPOCH, RESULT_WORDS);
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
