package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfTable;

/**
 * A level of the level-wise join on the device: {@code rows} bindings of variables 0..cols-1 (one
 * int column each) and the trie positions (slots) later levels read, as the kernels' LfTable.
 */
final class DeviceTable implements AutoCloseable {
    final int rows;
    final int cols;
    final int slotMask;
    private final DeviceBuffer bind;
    private final DeviceBuffer slots;
    /** Rows per column in the buffers (more than {@code rows} for a slice), and this table's first row. */
    private final int stride;
    private final int first;
    private final boolean owner;

    private DeviceTable(int rows, int cols, int slotMask, DeviceBuffer bind, DeviceBuffer slots, int stride, int first,
                        boolean owner) {
        this.rows = rows;
        this.cols = cols;
        this.slotMask = slotMask;
        this.bind = bind;
        this.slots = slots;
        this.stride = stride;
        this.first = first;
        this.owner = owner;
    }

    /** The one empty binding the join starts from. */
    static DeviceTable root() {
        return new DeviceTable(1, 0, 0, null, null, 1, 0, true);
    }

    /** Rows [from, to) of this table, sharing its memory (closing the slice frees nothing). */
    DeviceTable slice(int from, int to) {
        if (from < 0 || to > rows || from > to) {
            throw new IllegalArgumentException("slice [" + from + ", " + to + ") of " + rows + " rows");
        }
        return new DeviceTable(to - from, cols, slotMask, bind, slots, stride, first + from, false);
    }

    static long bytes(long rows, int cols, int slotMask) {
        return 4L * rows * (cols + Integer.bitCount(slotMask));
    }

    static DeviceTable allocate(ResidentTries mem, int rows, int cols, int slotMask) {
        DeviceBuffer b = cols == 0 ? null : mem.allocate(4L * rows * cols, "level table bindings");
        DeviceBuffer s = null;
        try {
            if (slotMask != 0) {
                s = mem.allocate(4L * rows * Integer.bitCount(slotMask), "level table positions");
            }
        } catch (RuntimeException e) {
            if (b != null) {
                b.close();
            }
            throw e;
        }
        return of(rows, cols, slotMask, b, s);
    }

    /** The table of {@code rows} rows in {@code bind} (cols columns) and {@code slots} (the slots of slotMask), which it owns. */
    static DeviceTable of(int rows, int cols, int slotMask, DeviceBuffer bind, DeviceBuffer slots) {
        return new DeviceTable(rows, cols, slotMask, bind, slots, rows, 0, true);
    }

    /** The LfTable struct, passed to kernels by value. */
    LfTable struct() {
        LfTable t = new LfTable().rows(rows);
        for (int c = 0; c < cols; c++) {
            t.bind(c, bind.address() + 4L * ((long) stride * c + first));
        }
        int i = 0;
        for (int s = 0; s < KernelConstants.LF_MAX_SLOTS; s++) {
            if ((slotMask & (1 << s)) != 0) {
                t.slot(s, slots.address() + 4L * ((long) stride * i++ + first));
            }
        }
        return t;
    }

    @Override
    public void close() {
        if (!owner) {
            return;
        }
        if (bind != null) {
            bind.close();
        }
        if (slots != null) {
            slots.close();
        }
    }
}
