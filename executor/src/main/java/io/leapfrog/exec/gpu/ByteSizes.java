package io.leapfrog.exec.gpu;

import java.util.Locale;

/** Byte counts for people: 512 B, 3.4 KiB, 1.2 GiB. */
public final class ByteSizes {
    private ByteSizes() {
    }

    public static String format(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2f %s" : v < 100 ? "%.1f %s" : "%.0f %s", v, units[u]);
    }
}
