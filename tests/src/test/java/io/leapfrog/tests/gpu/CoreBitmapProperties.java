package io.leapfrog.tests.gpu;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Sets the core-bitmap system properties (io.leapfrog.exec.gpu.join.CoreBitmaps) for the tries uploaded
 * while it is open, so that a test can give small graphs core bitmaps; closing restores what was there.
 */
public final class CoreBitmapProperties implements AutoCloseable {
    private final Map<String, String> before = new LinkedHashMap<>();

    private CoreBitmapProperties(Map<String, String> values) {
        values.forEach((k, v) -> before.put(k, System.setProperty(k, v)));
    }

    /** Core bitmaps for every trie level of at least one value, each within {@code bytes}. */
    public static CoreBitmapProperties force(long bytes) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("leapfrog.gpu.coreBitmaps", "true");
        v.put("leapfrog.gpu.coreBitmaps.minValues", "1");
        v.put("leapfrog.gpu.coreBitmaps.minRows", "1");
        v.put("leapfrog.gpu.coreBitmaps.bytes", Long.toString(bytes));
        return new CoreBitmapProperties(v);
    }

    @Override
    public void close() {
        before.forEach((k, v) -> {
            if (v == null) {
                System.clearProperty(k);
            } else {
                System.setProperty(k, v);
            }
        });
    }
}
