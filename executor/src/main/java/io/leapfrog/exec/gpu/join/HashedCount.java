package io.leapfrog.exec.gpu.join;

/**
 * Which kernel counts a level-wise join's last level when a participant's list is shared by runs of
 * rows (levelwise_hash.cuh): {@code -Dleapfrog.gpu.hashedCount=narrow} (the default: 8 warps per block,
 * tables of 1,024 slots, lists of up to 512 values), {@code wide} (4 warps, 2,048 slots, up to 1,024)
 * or {@code off} (lw_count's binary searches only). The three exist to be measured against each other.
 */
enum HashedCount {
    NARROW("lw_count_hash", 256, 512),
    WIDE("lw_count_hash_wide", 128, 1024),
    OFF(null, 0, 0);

    final String kernel;
    final int block;
    /** Longest list a warp's table holds. */
    final int capacity;

    HashedCount(String kernel, int block, int capacity) {
        this.kernel = kernel;
        this.block = block;
        this.capacity = capacity;
    }

    static HashedCount fromProperty() {
        String v = System.getProperty("leapfrog.gpu.hashedCount", "narrow");
        return switch (v) {
            case "narrow" -> NARROW;
            case "wide" -> WIDE;
            case "off" -> OFF;
            default -> throw new IllegalArgumentException(
                    "-Dleapfrog.gpu.hashedCount=" + v + ": use narrow, wide or off");
        };
    }
}
