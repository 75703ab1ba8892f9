package io.leapfrog.exec.fixpoint;

import java.util.Arrays;

/**
 * A scratch set of ints, emptied in constant time and reused: the values added since the last
 * {@link #clear}, each once, in the order first added ({@link #values}[0..{@link #size})). Slots are
 * taken for the current generation only, so clearing is a new generation, not a pass over the table.
 */
final class IntScratchSet {
    int[] values = new int[256];
    int size;
    private int[] slots = new int[1024];
    private int[] generation = new int[1024];
    private int now = 1;

    void clear() {
        size = 0;
        if (++now == Integer.MAX_VALUE) {
            Arrays.fill(generation, 0);
            now = 1;
        }
    }

    void add(int v) {
        if (2 * (size + 1) > slots.length) {
            grow();
        }
        int mask = slots.length - 1;
        int i = TupleKeys.mix(v) & mask;
        while (generation[i] == now) {
            if (slots[i] == v) {
                return;
            }
            i = (i + 1) & mask;
        }
        generation[i] = now;
        slots[i] = v;
        if (size == values.length) {
            values = Arrays.copyOf(values, 2 * size);
        }
        values[size++] = v;
    }

    private void grow() {
        slots = new int[2 * slots.length];
        generation = new int[slots.length];
        now = 1;
        int mask = slots.length - 1;
        for (int k = 0; k < size; k++) {
            int i = TupleKeys.mix(values[k]) & mask;
            while (generation[i] == now) {
                i = (i + 1) & mask;
            }
            generation[i] = now;
            slots[i] = values[k];
        }
    }
}
