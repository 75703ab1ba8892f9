package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuOutOfMemoryException;
import io.leapfrog.exec.storage.Trie;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tries copied to the device (one transfer per column), kept resident across joins so that the
 * relations of a program are uploaded once while they fit. Least recently used tries are evicted
 * when memory is needed; the tries of the join in progress are pinned. A trie whose Java object has
 * been garbage-collected (a replaced relation) is freed on the next use of the cache.
 *
 * <p>Used under the device's lock only.
 */
final class ResidentTries {

    /** Device addresses of a pinned set of tries. */
    interface Lookup {
        long values(Trie t, int level);

        long offsets(Trie t, int level);

        /** Device address of the trie's rank table ({@link RankTables}), or 0 when it has none. */
        long rank(Trie t);

        /** The core bitmap of t's level ({@link CoreBitmaps}), or null when it has none. */
        CoreBitmaps.OnDevice bits(Trie t, int level);
    }

    private static final class Entry {
        final Key key;
        final DeviceBuffer[] values;
        final DeviceBuffer[] offsets;
        final DeviceBuffer rank;
        /** Per level, its core bitmap or null, and their shapes. */
        final DeviceBuffer[] bits;
        final CoreBitmaps.Shape[] bitShapes;
        final long bytes;
        int pins;

        Entry(Key key, DeviceBuffer[] values, DeviceBuffer[] offsets, DeviceBuffer rank, DeviceBuffer[] bits,
              CoreBitmaps.Shape[] bitShapes, long bytes) {
            this.key = key;
            this.values = values;
            this.offsets = offsets;
            this.rank = rank;
            this.bits = bits;
            this.bitShapes = bitShapes;
            this.bytes = bytes;
        }

        void free() {
            DeviceBuffer.closeAll(rank);
            DeviceBuffer.closeAll(bits);
            DeviceBuffer.closeAll(values);
            DeviceBuffer.closeAll(offsets);
        }
    }

    /** Identity of a trie, without keeping it alive. */
    private static final class Key extends WeakReference<Trie> {
        final int hash;

        Key(Trie t, ReferenceQueue<Trie> q) {
            super(t, q);
            this.hash = System.identityHashCode(t);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Key k)) {
                return false;
            }
            Trie t = get();
            return t != null && t == k.get();
        }
    }

    private final GpuDevice device;
    private final GpuOptions.CoreBitmapPolicy bitmaps;
    private final ReferenceQueue<Trie> collected = new ReferenceQueue<>();
    /** Access-ordered: the first entry is the least recently used. */
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long residentBytes;
    private long uploadedBytes;
    /**
     * Changes whenever a trie is uploaded or freed: device addresses read at one generation hold until it
     * changes. Drawn from one counter for the process, so no two resident sets (of two executors, one
     * closed before the other uploaded to the same addresses) ever share a generation.
     */
    private long generation = GENERATIONS.incrementAndGet();
    private static final java.util.concurrent.atomic.AtomicLong GENERATIONS = new java.util.concurrent.atomic.AtomicLong();

    /** @param bitmaps which trie levels get core bitmaps when they are uploaded */
    ResidentTries(GpuDevice device, GpuOptions.CoreBitmapPolicy bitmaps) {
        this.device = device;
        this.bitmaps = bitmaps;
    }

    /** Bytes a trie takes on the device (its columns, its rank table and its core bitmaps under {@code bitmaps}). */
    static long bytesOf(Trie t, GpuOptions.CoreBitmapPolicy bitmaps) {
        return columnBytes(t) + CoreBitmaps.bytes(t, bitmaps);
    }

    /** Bytes of a trie's columns and rank table: all but its core bitmaps, which the device may lack room for. */
    private static long columnBytes(Trie t) {
        long n = RankTables.bytes(t);
        for (int[] v : t.values) {
            n += 4L * v.length;
        }
        for (int[] o : t.offsets) {
            n += 4L * o.length;
        }
        return n;
    }

    /** Uploads (or finds) every trie and pins them until the returned lease is closed. */
    Lease pin(Collection<Trie> tries) {
        purgeCollected();
        List<Entry> pinned = new ArrayList<>();
        Map<Trie, Entry> byTrie = new IdentityHashMap<>();
        try {
            for (Trie t : tries) {
                Entry e = entryFor(t);
                e.pins++;
                pinned.add(e);
                byTrie.put(t, e);
            }
        } catch (RuntimeException ex) {
            for (Entry e : pinned) {
                e.pins--;
            }
            throw ex;
        }
        return new Lease(pinned, byTrie);
    }

    private Entry entryFor(Trie t) {
        Entry found = entries.get(new Key(t, null));
        if (found != null) {
            return found;
        }
        Key key = new Key(t, collected);
        DeviceBuffer[] vals = new DeviceBuffer[t.arity];
        DeviceBuffer[] offs = new DeviceBuffer[Math.max(0, t.arity - 1)];
        DeviceBuffer rank = null;
        DeviceBuffer[] bits = new DeviceBuffer[t.arity];
        CoreBitmaps.Shape[] bitShapes = new CoreBitmaps.Shape[t.arity];
        try {
            for (int l = 0; l < t.arity; l++) {
                vals[l] = allocate(4L * t.values[l].length, "trie values (level " + l + ")");
                device.upload(t.values[l], 0, t.values[l].length, vals[l], 0);
            }
            for (int l = 0; l + 1 < t.arity; l++) {
                offs[l] = allocate(4L * t.offsets[l].length, "trie offsets (level " + l + ")");
                device.upload(t.offsets[l], 0, t.offsets[l].length, offs[l], 0);
            }
            rank = buildRank(t, vals);
            for (int l = 1; l < t.arity; l++) {
                CoreBitmaps.Shape s = CoreBitmaps.shape(t, l, bitmaps);
                bits[l] = s == null ? null : buildBits(s, vals[l], offs[l - 1], l);
                bitShapes[l] = bits[l] == null ? null : s;
            }
        } catch (RuntimeException ex) {
            DeviceBuffer.closeAll(vals);
            DeviceBuffer.closeAll(offs);
            DeviceBuffer.closeAll(bits);
            DeviceBuffer.closeAll(rank);
            throw ex;
        }
        long bytes = columnBytes(t);
        for (CoreBitmaps.Shape s : bitShapes) {
            bytes += s == null ? 0 : s.bytes();
        }
        Entry e = new Entry(key, vals, offs, rank, bits, bitShapes, bytes);
        entries.put(key, e);
        generation = GENERATIONS.incrementAndGet();
        residentBytes += bytes;
        uploadedBytes += bytes;
        return e;
    }

    /** The rank table of t's first level, built on the device from its uploaded values (null when t gets none). */
    private DeviceBuffer buildRank(Trie t, DeviceBuffer[] vals) {
        int span = t.arity == 0 ? 0 : RankTables.span(t.values[0]);
        if (span == 0) {
            return null;
        }
        DeviceBuffer rank = allocate(4L * span, "trie rank table");
        device.launch(TrieKernels.buildRank(vals[0], t.values[0].length, t.values[0][0], rank), t.values[0].length, 256);
        return rank;
    }

    /**
     * A core bitmap of the given shape, built on the device from a level's uploaded columns; null when the
     * device has no room for it (the joins then search, as without one).
     */
    private DeviceBuffer buildBits(CoreBitmaps.Shape s, DeviceBuffer vals, DeviceBuffer parentOffsets, int level) {
        DeviceBuffer bits;
        try {
            bits = device.allocate(s.bytes(), "trie core bitmap (level " + level + ")");
        } catch (GpuOutOfMemoryException e) {
            return null;
        }
        device.fill(bits, 0, s.bytes() / 4, 0);
        device.launch(TrieKernels.buildBits(vals, parentOffsets, s.row0(), s.rows(), s.col0(), s.words(), bits), 32L * s.rows(), 256);
        return bits;
    }

    /** Allocates, evicting unpinned tries (least recently used first) while the device has no room. */
    DeviceBuffer allocate(long bytes, String purpose) {
        while (true) {
            try {
                return device.allocate(bytes, purpose);
            } catch (GpuOutOfMemoryException oom) {
                if (!evictOne()) {
                    throw oom;
                }
            }
        }
    }

    /** Device bytes a working set can use: free under the budget, plus unpinned tries that would be evicted. */
    long available() {
        long evictable = 0;
        for (Entry e : entries.values()) {
            if (e.pins == 0) {
                evictable += e.bytes;
            }
        }
        return device.pool().available() + evictable;
    }

    /** Evicts the least recently used unpinned trie; false when there is none. */
    boolean evictOne() {
        Iterator<Entry> it = entries.values().iterator();
        while (it.hasNext()) {
            Entry e = it.next();
            if (e.pins == 0) {
                it.remove();
                residentBytes -= e.bytes;
                e.free();
                generation = GENERATIONS.incrementAndGet();
                return true;
            }
        }
        return false;
    }

    private void purgeCollected() {
        java.lang.ref.Reference<? extends Trie> r;
        while ((r = collected.poll()) != null) {
            Entry e = entries.remove(r);
            if (e != null) {
                residentBytes -= e.bytes;
                e.free();
                generation = GENERATIONS.incrementAndGet();
            }
        }
    }

    /** Frees every unpinned trie. */
    void evictAll() {
        while (evictOne()) {
            // keep going
        }
    }

    long residentBytes() {
        return residentBytes;
    }

    /**
     * The generation of the resident set: the same number twice means no trie was uploaded or freed in
     * between, so every address a lease gave then still holds, with the same data (PreparedPlan reuses an
     * encoded plan by it, ResidentCount a resident kernel).
     */
    long generation() {
        return generation;
    }

    /** Bytes uploaded since this cache was made (re-uploads after eviction count again). */
    long uploadedBytes() {
        return uploadedBytes;
    }

    /** Whether t is resident with a core bitmap at its level. */
    boolean hasCoreBitmap(Trie t, int level) {
        Entry e = entries.get(new Key(t, null));
        return e != null && level < e.bits.length && e.bits[level] != null;
    }

    boolean isResident(Trie t) {
        return entries.containsKey(new Key(t, null));
    }

    /** Pinned tries of one join; closing unpins them. */
    final class Lease implements Lookup, AutoCloseable {
        private final List<Entry> pinned;
        private final Map<Trie, Entry> byTrie;
        private boolean closed;

        Lease(List<Entry> pinned, Map<Trie, Entry> byTrie) {
            this.pinned = pinned;
            this.byTrie = byTrie;
        }

        @Override
        public long values(Trie t, int level) {
            return byTrie.get(t).values[level].address();
        }

        @Override
        public long offsets(Trie t, int level) {
            return byTrie.get(t).offsets[level].address();
        }

        @Override
        public long rank(Trie t) {
            DeviceBuffer r = byTrie.get(t).rank;
            return r == null ? 0 : r.address();
        }

        @Override
        public CoreBitmaps.OnDevice bits(Trie t, int level) {
            Entry e = byTrie.get(t);
            return e.bits[level] == null ? null : new CoreBitmaps.OnDevice(e.bits[level].address(), e.bitShapes[level]);
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                for (Entry e : pinned) {
                    e.pins--;
                }
            }
        }
    }
}
