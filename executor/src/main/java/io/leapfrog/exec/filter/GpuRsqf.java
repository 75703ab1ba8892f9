package io.leapfrog.exec.filter;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;

import java.util.Arrays;

/**
 * A rank-and-select quotient filter held in GPU memory (from the device's pool), with the CPU filter's hash and
 * slot layout: built on the device from keys, or uploaded from a CPU filter, then looked up in batches, one
 * thread per key. Its bits equal those of a CPU RSQF of the same widths holding the same fingerprints, so
 * {@link #download()} gives that filter and either side answers for the other.
 *
 * <p>The geometry is fixed: a build that would pass 75% of the home slots, or run past the overflow tail, is
 * refused rather than grown (grow on the CPU and upload). The build hashes and sorts on the host and lays the
 * slots out on the device. Uses the device's lock for each call; close it to return the memory.
 */
public final class GpuRsqf implements AutoCloseable {
    private static final int BLOCK = 256;
    /** Sorted fingerprints per thread in the build's placement scan. */
    private static final int CHUNK = 64;
    /** Keys per lookup launch, bounding the device memory a batch takes. */
    private static final int LOOKUP_BATCH = 1 << 24;

    private final GpuDevice device;
    private final Multiplicity multiplicity;
    private final int quotientBits;
    private final int remainderBits;
    private final int blocks;
    private final long size;
    private final long distinct;
    private final DeviceBuffer occupieds;
    private final DeviceBuffer runends;
    private final DeviceBuffer offsets;
    private final DeviceBuffer remainders;
    private final int remainderWords;

    private GpuRsqf(GpuDevice device, Multiplicity multiplicity, int quotientBits, int remainderBits, long size, long distinct) {
        this.device = device;
        this.multiplicity = multiplicity;
        this.quotientBits = quotientBits;
        this.remainderBits = remainderBits;
        this.size = size;
        this.distinct = distinct;
        int slots = SlotLayout.totalSlots(quotientBits);
        this.blocks = slots >>> 6;
        this.remainderWords = PackedInts.wordsFor(slots, remainderBits);
        DeviceBuffer occ = null;
        DeviceBuffer run = null;
        DeviceBuffer off = null;
        try {
            occ = device.allocate(8L * blocks, "quotient filter occupieds");
            run = device.allocate(8L * blocks, "quotient filter runends");
            off = device.allocate(4L * blocks, "quotient filter offsets");
            this.remainders = device.allocate(8L * remainderWords, "quotient filter remainders");
        } catch (RuntimeException e) {
            DeviceBuffer.closeAll(occ, run, off);
            throw e;
        }
        this.occupieds = occ;
        this.runends = run;
        this.offsets = off;
    }

    /** The CPU filter (an RSQF from {@link QuotientFilters}) copied to the device. */
    public static GpuRsqf upload(GpuDevice device, QuotientFilter filter) {
        if (!(filter instanceof GrowingQuotientFilter g) || !(g.layout() instanceof RsqfLayout layout)) {
            throw new IllegalArgumentException("only an RSQF made by QuotientFilters can be uploaded, not " + filter);
        }
        return device.run(() -> {
            GpuRsqf f = new GpuRsqf(device, g.multiplicity(), layout.quotientBits, layout.remainderBits, g.size(),
                    g.distinctFingerprints());
            device.upload(layout.occupieds, 0, f.blocks, f.occupieds, 0);
            device.upload(layout.runends, 0, f.blocks, f.runends, 0);
            device.upload(layout.offsets, 0, f.blocks, f.offsets, 0);
            device.upload(layout.remainders.words, 0, f.remainderWords, f.remainders, 0);
            return f;
        });
    }

    /**
     * A filter of {@code 2^quotientBits} home slots and {@code remainderBits}-bit remainders holding the keys
     * (each insert a copy when counting), built on the device.
     */
    public static GpuRsqf build(GpuDevice device, long[] keys, Multiplicity multiplicity, int quotientBits, int remainderBits) {
        if (multiplicity == null) {
            throw new IllegalArgumentException("a filter needs a multiplicity (SET or COUNTING)");
        }
        QuotientFilters.checkWidths(quotientBits, remainderBits);
        int bits = quotientBits + remainderBits;
        long[] fps = new long[keys.length];
        for (int i = 0; i < keys.length; i++) {
            fps[i] = FingerprintHash.fingerprint(keys[i], bits);
        }
        Arrays.parallelSort(fps);
        if (multiplicity == Multiplicity.SET) {
            fps = Arrays.stream(fps).distinct().toArray();
        }
        long maxStored = (long) (GrowingQuotientFilter.MAX_FILL * (1L << quotientBits));
        if (fps.length > maxStored) {
            throw new IllegalArgumentException(fps.length + " fingerprints pass 75% of the 2^" + quotientBits
                    + " home slots (" + maxStored + "); build with more quotient bits");
        }
        long[] sorted = fps;
        long distinct = GrowingQuotientFilter.countDistinct(sorted);
        return device.run(() -> {
            GpuRsqf f = new GpuRsqf(device, multiplicity, quotientBits, remainderBits, sorted.length, distinct);
            try {
                f.layOut(sorted);
            } catch (RuntimeException e) {
                f.close();
                throw e;
            }
            return f;
        });
    }

    /** Writes the sorted fingerprints into the (zeroed here) slots. */
    private void layOut(long[] sorted) {
        device.fill(occupieds, 0, 2L * blocks, 0);
        device.fill(runends, 0, 2L * blocks, 0);
        device.fill(offsets, 0, blocks, 0);
        device.fill(remainders, 0, 2L * remainderWords, 0);
        int n = sorted.length;
        if (n == 0) {
            return;
        }
        int chunks = (n + CHUNK - 1) / CHUNK;
        try (DeviceBuffer fps = device.allocate(8L * n, "quotient filter fingerprints");
             DeviceBuffer chunkMax = device.allocate(8L * chunks, "quotient filter placement")) {
            device.upload(sorted, 0, n, fps, 0);
            device.launch(FilterKernels.placeChunks(fps, n, remainderBits, CHUNK, chunkMax), chunks, BLOCK);
            long[] carry = new long[chunks];
            device.download(chunkMax, 0, carry, 0, chunks);
            // exclusive prefix maxima of home - index, carried into each chunk
            long running = Long.MIN_VALUE;
            for (int c = 0; c < chunks; c++) {
                long m = carry[c];
                carry[c] = running;
                running = Math.max(running, m);
            }
            long end = (long) n + running;   // one past the last fingerprint's slot
            if (end > SlotLayout.totalSlots(quotientBits)) {
                throw new IllegalArgumentException("the fingerprints need " + end + " slots and the filter has "
                        + SlotLayout.totalSlots(quotientBits) + "; build with more quotient bits");
            }
            device.upload(carry, 0, chunks, chunkMax, 0);
            device.launch(FilterKernels.rsqfWrite(fps, n, remainderBits, CHUNK, chunkMax, occupieds, runends, offsets,
                    remainders), chunks, BLOCK);
            device.sync();
        }
    }

    /**
     * Sets bit {@code i} of {@code bits} (word {@code i >>> 6}) to whether {@code keys[i]} may be present and
     * returns how many are set.
     */
    public long mightContainAll(long[] keys, long[] bits) {
        long words = (keys.length + 63L) >>> 6;
        if (bits.length < words) {
            throw new IllegalArgumentException("the output long (bit) array has " + bits.length
                    + " elements but the keys need " + words + "; pass a larger array");
        }
        return device.run(() -> {
            long hitsTotal = 0;
            int batch = Math.min(LOOKUP_BATCH, Math.max(64, keys.length));
            try (DeviceBuffer keyBuf = device.allocate(8L * batch, "quotient filter lookup keys");
                 DeviceBuffer hitBuf = device.allocate(4L * ((batch + 31) / 32), "quotient filter lookup hits")) {
                int[] hits = new int[(batch + 31) / 32];
                for (int from = 0; from < keys.length; from += batch) {
                    int n = Math.min(batch, keys.length - from);
                    device.upload(keys, from, n, keyBuf, 0);
                    device.launch(FilterKernels.rsqfLookup(occupieds, runends, offsets, remainders, quotientBits,
                            remainderBits, keyBuf, n, hitBuf), n, BLOCK);
                    int hitWords = (n + 31) / 32;
                    device.download(hitBuf, 0, hits, 0, hitWords);
                    // batches start at multiples of 64 keys, so each 32-bit word lands in one half of a long
                    for (int w = 0; w < hitWords; w++) {
                        int key = from + 32 * w;
                        long word = hits[w] & 0xFFFFFFFFL;
                        if (32 * w + 32 > n) {
                            word &= (1L << (n - 32 * w)) - 1;
                        }
                        bits[key >>> 6] = (key & 63) == 0 ? word : bits[key >>> 6] | word << 32;
                        hitsTotal += Long.bitCount(word);
                    }
                }
            }
            return hitsTotal;
        });
    }

    /** The filter's bits copied back into a CPU filter. */
    public QuotientFilter download() {
        return device.run(() -> {
            RsqfLayout layout = new RsqfLayout(quotientBits, remainderBits);
            device.download(occupieds, 0, layout.occupieds, 0, blocks);
            device.download(runends, 0, layout.runends, 0, blocks);
            device.download(offsets, 0, layout.offsets, 0, blocks);
            device.download(remainders, 0, layout.remainders.words, 0, remainderWords);
            return new GrowingQuotientFilter(FilterKind.RSQF, multiplicity, layout, size, distinct);
        });
    }

    public int quotientBits() {
        return quotientBits;
    }

    public int remainderBits() {
        return remainderBits;
    }

    /** Stored copies. */
    public long size() {
        return size;
    }

    /** Device bytes of the slots. */
    public long deviceBytes() {
        return occupieds.bytes() + runends.bytes() + offsets.bytes() + remainders.bytes();
    }

    @Override
    public void close() {
        device.run(() -> {
            DeviceBuffer.closeAll(occupieds, runends, offsets, remainders);
            return null;
        });
    }
}
