package io.leapfrog.exec.storage;

/**
 * The smallest and largest value of the first {@code n} entries of an int column, and whether the
 * values are dense enough for an array indexed by value (counting sort, bitmaps) to beat comparison
 * sorting: those arrays cost one slot per value in the span, so the span must stay a small multiple of
 * the number of rows.
 */
record ValueSpan(int min, int max) {

    /** Slots allowed per row, plus a floor so that small columns of small values always qualify. */
    private static final long SLOTS_PER_ROW = 4;
    private static final long SLOTS_FLOOR = 1 << 12;

    static ValueSpan of(int[] col, int n) {
        RowChunks rows = new RowChunks(n, RowChunks.forRows(n));
        if (rows.count() == 1) {
            return of(col, 0, n);
        }
        ValueSpan[] spans = new ValueSpan[rows.count()];
        rows.forEach(c -> spans[c] = of(col, rows.from(c), rows.to(c)));
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (ValueSpan s : spans) {
            min = Math.min(min, s.min);
            max = Math.max(max, s.max);
        }
        return new ValueSpan(min, max);
    }

    private static ValueSpan of(int[] col, int from, int to) {
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = from; i < to; i++) {
            int v = col[i];
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return new ValueSpan(min, max);
    }

    /** Number of values from min to max, inclusive (as a long: the span of all ints exceeds an int). */
    long width() {
        return (long) max - min + 1;
    }

    /** True when an array of {@link #width()} slots is cheap next to {@code n} rows. */
    boolean denseFor(int n, long slotsPerRow) {
        return width() <= Math.max(SLOTS_FLOOR, slotsPerRow * n);
    }

    boolean denseFor(int n) {
        return denseFor(n, SLOTS_PER_ROW);
    }
}
