package io.leapfrog.exec.filter;

/**
 * A fixed number of unsigned values of one width (1 to 57 bits) packed back to back in a long array: value
 * {@code i} is bits {@code [i * width, (i + 1) * width)} of the array read as one little-endian bit string, so a
 * value may straddle two words. The array is the filter's storage and its serialized form.
 */
final class PackedInts {
    final int width;
    final long mask;
    final long[] words;

    PackedInts(long size, int width) {
        this(width, new long[wordsFor(size, width)]);
    }

    PackedInts(int width, long[] words) {
        this.width = width;
        this.mask = (1L << width) - 1;
        this.words = words;
    }

    static int wordsFor(long size, int width) {
        long words = (size * width + 63) >>> 6;
        if (words > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("a filter of " + size + " slots of " + width
                    + " bits does not fit in one Java array; use fewer expected keys or a higher false-positive rate");
        }
        return (int) words;
    }

    long get(long i) {
        long bit = i * width;
        int w = (int) (bit >>> 6);
        int shift = (int) (bit & 63);
        long v = words[w] >>> shift;
        if (shift + width > 64) {
            v |= words[w + 1] << (64 - shift);
        }
        return v & mask;
    }

    void set(long i, long value) {
        long bit = i * width;
        int w = (int) (bit >>> 6);
        int shift = (int) (bit & 63);
        words[w] = (words[w] & ~(mask << shift)) | (value << shift);
        if (shift + width > 64) {
            int spill = 64 - shift;
            words[w + 1] = (words[w + 1] & ~(mask >>> spill)) | (value >>> spill);
        }
    }
}
