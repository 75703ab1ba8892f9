package io.leapfrog.exec.filter;

/** Select on 64-bit words: the position of the k-th set bit, by byte popcounts and a table within the byte. */
final class BitSelect {
    /** {@code IN_BYTE[b * 8 + k]}: position of the k-th (from 0) set bit of byte {@code b}. */
    private static final byte[] IN_BYTE = new byte[256 * 8];

    static {
        for (int b = 0; b < 256; b++) {
            int k = 0;
            for (int i = 0; i < 8; i++) {
                if ((b >>> i & 1) != 0) {
                    IN_BYTE[b * 8 + k++] = (byte) i;
                }
            }
        }
    }

    private BitSelect() {
    }

    /** Position of the {@code k}-th (from 0) set bit of {@code word}, which has more than {@code k} set bits. */
    static int select(long word, int k) {
        int shift = 0;
        while (true) {
            int b = (int) (word >>> shift) & 0xFF;
            int c = Integer.bitCount(b);
            if (k < c) {
                return shift + IN_BYTE[b * 8 + k];
            }
            k -= c;
            shift += 8;
        }
    }
}
