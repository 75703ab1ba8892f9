package io.leapfrog.exec.io;

/** Lines of plain decimal numbers parsed straight from bytes (the fact readers' fast path). */
final class NumberLines {
    private NumberLines() {
    }

    /**
     * Parses {@code b[from..to)} into {@code tuple} when it is exactly {@code tuple.length} fields of an
     * optional '-' and up to ten decimal digits within the 32-bit range, separated by {@code delimiter};
     * false (tuple undefined) for anything else, which the general, field-by-field path then reads (and
     * reports, with its line number, when it is wrong).
     */
    static boolean parse(byte[] b, int from, int to, byte delimiter, int[] tuple) {
        int i = from;
        for (int c = 0; c < tuple.length; c++) {
            if (c > 0) {
                if (i >= to || b[i] != delimiter) {
                    return false;
                }
                i++;
            }
            boolean negative = i < to && b[i] == '-';
            if (negative) {
                i++;
            }
            int digitsFrom = i;
            long v = 0;
            while (i < to && i - digitsFrom < 11 && b[i] >= '0' && b[i] <= '9') {
                v = v * 10 + (b[i++] - '0');
            }
            int digits = i - digitsFrom;
            if (digits == 0 || digits > 10) {
                return false;
            }
            v = negative ? -v : v;
            if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
                return false;
            }
            tuple[c] = (int) v;
        }
        return i == to;
    }
}
