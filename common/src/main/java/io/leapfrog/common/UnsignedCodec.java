package io.leapfrog.common;

/**
 * How an {@code unsigned} value (32 bits, 0 .. 2^32-1) is stored in an int column: its bits with the
 * top bit flipped, so that the columns' signed order (tries, seeks, comparisons, min and max) is the
 * unsigned order, as {@link FloatCodec} does for floats. 0 is stored as Integer.MIN_VALUE.
 */
public final class UnsignedCodec {
    /** The largest unsigned value, 2^32-1. */
    public static final long MAX = 0xFFFF_FFFFL;

    private UnsignedCodec() {
    }

    /** The column value of the unsigned value whose 32 bits are {@code bits}. */
    public static int encode(int bits) {
        return bits ^ Integer.MIN_VALUE;
    }

    /** The 32 bits of the unsigned value stored as {@code stored}. */
    public static int decode(int stored) {
        return stored ^ Integer.MIN_VALUE;
    }

    /** The column value of {@code value}, which must be in 0 .. 2^32-1. */
    public static int encodeValue(long value) {
        if (value < 0 || value > MAX) {
            throw new IllegalArgumentException("unsigned value out of range: " + value);
        }
        return encode((int) value);
    }

    /** The unsigned value stored as {@code stored}, 0 .. 2^32-1. */
    public static long value(int stored) {
        return Integer.toUnsignedLong(decode(stored));
    }

    /** Decimal text of the value stored as {@code stored}. */
    public static String format(int stored) {
        return Integer.toUnsignedString(decode(stored));
    }
}
