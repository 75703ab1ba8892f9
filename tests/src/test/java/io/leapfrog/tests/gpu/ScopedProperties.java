package io.leapfrog.tests.gpu;

import java.util.LinkedHashMap;
import java.util.Map;

/** System properties set while it is open (the GPU executor's tuning knobs); closing restores what was there. */
public final class ScopedProperties implements AutoCloseable {
    private final Map<String, String> before = new LinkedHashMap<>();

    private ScopedProperties(Map<String, String> values) {
        values.forEach((k, v) -> before.put(k, System.setProperty(k, v)));
    }

    public static ScopedProperties set(Map<String, String> values) {
        return new ScopedProperties(values);
    }

    /** Core bitmaps for every trie level of at least one value, each within {@code bytes} (io.leapfrog.exec.gpu.join.CoreBitmaps). */
    public static ScopedProperties coreBitmaps(long bytes) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("leapfrog.gpu.coreBitmaps", "true");
        v.put("leapfrog.gpu.coreBitmaps.minValues", "1");
        v.put("leapfrog.gpu.coreBitmaps.minRows", "1");
        v.put("leapfrog.gpu.coreBitmaps.bytes", Long.toString(bytes));
        return new ScopedProperties(v);
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
