package io.leapfrog.exec.gpu.fixpoint;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuOutOfMemoryException;
import io.leapfrog.kernels.layout.LfFixSet;

/**
 * A relation of a recursive stratum resident on the device for the whole fixpoint: an open-addressing
 * hash set of its tuples' keys, kept at most half full, and the log of its tuples in the order they were
 * found, whose tail is the last round's delta. The set grows by doubling (every tuple reinserted from the
 * log), the log by copying into a larger buffer; both only between kernels.
 */
final class DeviceTupleSet implements AutoCloseable {
    private static final long MIN_CAPACITY = 1L << 16;
    private static final long MIN_LOG = 1L << 16;
    private static final int BLOCK = GpuFixpoint.THREADS;

    private final GpuDevice dev;
    final int arity;
    private DeviceBuffer slots;
    private long capacity;
    private DeviceBuffer log;
    private long logCapacity;
    /** The log's length (8 bytes), then the flag of the all-ones key (4 bytes). */
    private final DeviceBuffer counters;
    /** The log's length as last read. */
    private long size;
    private final LfFixSet view = new LfFixSet();

    private DeviceTupleSet(GpuDevice dev, int arity) {
        this.dev = dev;
        this.arity = arity;
        this.counters = dev.allocate(16, "fixpoint set counters");
    }

    /** A set holding the distinct keys {@code initial[0..n)}. */
    static DeviceTupleSet of(GpuDevice dev, int arity, long[] initial, int n) {
        DeviceTupleSet s = new DeviceTupleSet(dev, arity);
        try {
            s.logCapacity = Math.max(MIN_LOG, 2L * n);
            s.log = dev.allocate(8 * s.logCapacity, "fixpoint log");
            dev.upload(initial, 0, n, s.log, 0);
            dev.upload(new long[]{n, 0}, 0, 2, s.counters, 0);
            s.size = n;
            s.rebuild(Math.max(MIN_CAPACITY, Long.highestOneBit(Math.max(1, 4L * n - 1)) << 1));
            return s;
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
    }

    long size() {
        return size;
    }

    /** Reads the log's length from the device (a synchronisation). */
    long readSize() {
        size = dev.readLong(counters, 0);
        return size;
    }

    /**
     * Makes room for at least {@code wanted} new tuples where memory allows and returns how many fit
     * without growing again (at least 1, or a GpuOutOfMemoryException when none does).
     */
    long reserve(long wanted) {
        long setRoom = capacity / 2 - size;
        if (setRoom < wanted && setRoom < capacity / 4) {
            long target = capacity;
            while (target / 2 - size < Math.min(wanted, target / 4)) {
                target *= 2;
            }
            try {
                rebuild(target);
            } catch (GpuOutOfMemoryException e) {
                if (setRoom < 1) {
                    throw e;
                }
            }
            setRoom = capacity / 2 - size;
        }
        long logRoom = logCapacity - size;
        long need = Math.min(wanted, setRoom);
        if (logRoom < need) {
            try {
                growLog(Math.max(2 * logCapacity, size + need));
            } catch (GpuOutOfMemoryException e) {
                if (logRoom < 1) {
                    throw e;
                }
            }
            logRoom = logCapacity - size;
        }
        return Math.max(1, Math.min(need, logRoom));
    }

    /** A table of {@code newCapacity} slots holding every tuple of the log. */
    private void rebuild(long newCapacity) {
        DeviceBuffer fresh = dev.allocate(8 * newCapacity, "fixpoint hash set");
        if (slots != null) {
            slots.close();
        }
        slots = fresh;
        capacity = newCapacity;
        dev.fill(slots, 0, 2 * newCapacity, -1);
        dev.launch(FixpointKernels.insert(view(), log, size), Math.min(size, 1L << 24), BLOCK);
    }

    private void growLog(long newCapacity) {
        DeviceBuffer fresh = dev.allocate(8 * newCapacity, "fixpoint log");
        dev.copy(log, 0, fresh, 0, 8 * size);
        log.close();
        log = fresh;
        logCapacity = newCapacity;
    }

    /** The kernels' view of this set (pointers as they are now). */
    LfFixSet view() {
        view.slots(slots.address());
        view.mask(capacity - 1);
        view.log(log.address());
        view.logCount(counters.address());
        view.hasFull(counters.address() + 8);
        return view;
    }

    DeviceBuffer log() {
        return log;
    }

    /** Device bytes this set holds. */
    long bytes() {
        return 8 * capacity + 8 * logCapacity + 16;
    }

    /** The log's tuples [from, from + n) as keys. */
    long[] download(long from, int n) {
        long[] out = new long[n];
        dev.download(log, 8 * from, out, 0, n);
        return out;
    }

    @Override
    public void close() {
        DeviceBuffer.closeAll(slots, log, counters);
    }
}
