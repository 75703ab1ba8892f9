package io.leapfrog.exec.filter;

/** The slot schemes. Both store the same fingerprints in the same slots; they differ in their metadata. */
public enum FilterKind {
    /** Standard quotient filter: three metadata bits in every slot; remainders of 8 or 16 bits when created. */
    SQF(1),
    /** Rank-and-select quotient filter: occupieds and runends bitmaps and an offset per 64-slot block. */
    RSQF(2);

    /** The kind's byte in the binary format. */
    final int code;

    FilterKind(int code) {
        this.code = code;
    }

    static FilterKind ofCode(int code) {
        for (FilterKind k : values()) {
            if (k.code == code) {
                return k;
            }
        }
        return null;
    }

    SlotLayout newLayout(int quotientBits, int remainderBits) {
        return this == SQF ? new SqfLayout(quotientBits, remainderBits) : new RsqfLayout(quotientBits, remainderBits);
    }
}
