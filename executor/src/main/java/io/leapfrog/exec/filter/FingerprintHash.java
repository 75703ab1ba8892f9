package io.leapfrog.exec.filter;

/**
 * The one hash of the quotient filters: a 64-bit key goes through MurmurHash3's 64-bit finalizer
 * ({@code fmix64}), a bijection on 64-bit words made of shifts, xors and two multiplications modulo 2^64, so
 * the GPU kernels compute the same value with plain 64-bit integer operations. A filter of {@code p} fingerprint
 * bits keeps the top {@code p} bits of that value; the top {@code q} of those are the quotient (the home slot)
 * and the low {@code r = p - q} the remainder. Because the fingerprint is a prefix of the hash, a
 * {@code p}-bit fingerprint shifted right by {@code p - p'} is the key's {@code p'}-bit fingerprint, which is
 * how filters of different widths merge.
 */
public final class FingerprintHash {
    /** The hash's identifier in the binary format. */
    static final int ID_FMIX64 = 1;

    private FingerprintHash() {
    }

    /** MurmurHash3's {@code fmix64}. */
    public static long mix(long key) {
        long h = key;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    /** The key's fingerprint of {@code bits} bits (1 to 63): the top bits of {@link #mix}, as a non-negative long. */
    public static long fingerprint(long key, int bits) {
        return mix(key) >>> (64 - bits);
    }
}
