package io.leapfrog.exec.filter;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The binary form of a filter, little-endian: a 40-byte header, then the slots.
 *
 * <pre>
 * offset size field
 *  0     4    magic "LFQF" (bytes 0x4C 0x46 0x51 0x46)
 *  4     2    version, 1
 *  6     1    kind: 1 SQF, 2 RSQF
 *  7     1    multiplicity: 0 set, 1 counting
 *  8     1    q, quotient bits (6..30)
 *  9     1    r, remainder bits (1..32, q + r at most 62)
 * 10     2    reserved, 0
 * 12     4    hash: 1 (fmix64, top q + r bits)
 * 16     8    stored copies
 * 24     8    distinct fingerprints
 * 32     8    slots (2^q home slots plus the overflow tail)
 * 40          SQF: the packed slots, (r + 3) bits each, as u64 words
 *             RSQF: occupieds (u64 per block), runends (u64 per block), offsets (u32 per block),
 *                   then the packed r-bit remainders as u64 words
 * </pre>
 *
 * A read checks every field and that the slots are exactly the canonical layout of the fingerprints they
 * hold, so a damaged or hand-made file is refused rather than answering wrongly.
 */
final class FilterFormat {
    static final int HEADER_BYTES = 40;
    static final int VERSION = 1;
    private static final int MAGIC = 0x4651464C;

    private FilterFormat() {
    }

    static byte[] write(GrowingQuotientFilter f) {
        SlotLayout layout = f.layout();
        if (f.sizeInBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("the filter takes " + f.sizeInBytes()
                    + " bytes, more than one byte array holds; its binary form is limited to 2 GiB");
        }
        ByteBuffer out = ByteBuffer.allocate((int) f.sizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(MAGIC);
        out.putShort((short) VERSION);
        out.put((byte) f.kind().code);
        out.put((byte) (f.multiplicity() == Multiplicity.COUNTING ? 1 : 0));
        out.put((byte) layout.quotientBits);
        out.put((byte) layout.remainderBits);
        out.putShort((short) 0);
        out.putInt(FingerprintHash.ID_FMIX64);
        out.putLong(f.size());
        out.putLong(f.distinctFingerprints());
        out.putLong(layout.totalSlots);
        layout.writeBody(out);
        return out.array();
    }

    static long bodyBytes(FilterKind kind, int q, int r) {
        long slots = SlotLayout.totalSlots(q);
        return kind == FilterKind.SQF
                ? 8L * PackedInts.wordsFor(slots, r + 3)
                : 20L * (slots >>> 6) + 8L * PackedInts.wordsFor(slots, r);
    }

    static GrowingQuotientFilter read(ByteBuffer source) {
        ByteBuffer in = source.slice().order(ByteOrder.LITTLE_ENDIAN);
        if (in.remaining() < HEADER_BYTES) {
            throw bad("it has " + in.remaining() + " bytes, fewer than the " + HEADER_BYTES + "-byte header");
        }
        if (in.getInt() != MAGIC) {
            throw bad("it does not start with the magic bytes \"LFQF\"");
        }
        int version = Short.toUnsignedInt(in.getShort());
        if (version != VERSION) {
            throw bad("its format version is " + version + " and this build reads version " + VERSION);
        }
        int kindCode = Byte.toUnsignedInt(in.get());
        FilterKind kind = FilterKind.ofCode(kindCode);
        if (kind == null) {
            throw bad("its kind byte is " + kindCode + " (1 is SQF, 2 is RSQF)");
        }
        int multiplicityCode = Byte.toUnsignedInt(in.get());
        if (multiplicityCode > 1) {
            throw bad("its multiplicity byte is " + multiplicityCode + " (0 is set, 1 is counting)");
        }
        Multiplicity multiplicity = multiplicityCode == 1 ? Multiplicity.COUNTING : Multiplicity.SET;
        int q = Byte.toUnsignedInt(in.get());
        int r = Byte.toUnsignedInt(in.get());
        if (q < GrowingQuotientFilter.MIN_QUOTIENT_BITS || q > GrowingQuotientFilter.MAX_QUOTIENT_BITS
                || r < 1 || r > GrowingQuotientFilter.MAX_REMAINDER_BITS) {
            throw bad("its widths q=" + q + ", r=" + r + " are out of range (q 6..30, r 1..32)");
        }
        int reserved = Short.toUnsignedInt(in.getShort());
        int hash = in.getInt();
        if (reserved != 0 || hash != FingerprintHash.ID_FMIX64) {
            throw bad("its reserved field is " + reserved + " and its hash is " + hash + " (expected 0 and 1)");
        }
        long size = in.getLong();
        long distinct = in.getLong();
        long slots = in.getLong();
        if (slots != SlotLayout.totalSlots(q)) {
            throw bad("it declares " + slots + " slots where q=" + q + " has " + SlotLayout.totalSlots(q));
        }
        long body = bodyBytes(kind, q, r);
        if (in.remaining() != body) {
            throw bad("its slots take " + in.remaining() + " bytes where a " + kind + " with q=" + q + ", r=" + r
                    + " takes " + body);
        }
        SlotLayout layout = kind.newLayout(q, r);
        layout.readBody(in);
        long[] fps;
        try {
            fps = layout.extract(-1);
        } catch (RuntimeException e) {
            throw bad("its slots are not a valid " + kind + " layout");
        }
        for (int i = 1; i < fps.length; i++) {
            if (fps[i] < fps[i - 1] || (multiplicity == Multiplicity.SET && fps[i] == fps[i - 1])) {
                throw bad("its runs are not sorted" + (multiplicity == Multiplicity.SET ? " and distinct" : ""));
            }
        }
        if (fps.length != size || GrowingQuotientFilter.countDistinct(fps) != distinct) {
            throw bad("it declares " + size + " copies of " + distinct + " fingerprints but holds " + fps.length
                    + " of " + GrowingQuotientFilter.countDistinct(fps));
        }
        SlotLayout canonical = kind.newLayout(q, r);
        if (!canonical.build(fps, fps.length) || !canonical.sameBits(layout)) {
            throw bad("its slots are not the canonical layout of the fingerprints they hold");
        }
        return new GrowingQuotientFilter(kind, multiplicity, layout, size, distinct);
    }

    private static IllegalArgumentException bad(String why) {
        return new IllegalArgumentException("not a readable quotient filter: " + why);
    }
}
