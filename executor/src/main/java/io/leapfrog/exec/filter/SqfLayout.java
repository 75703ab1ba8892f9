package io.leapfrog.exec.filter;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The standard quotient filter's slots: each slot is {@code r + 3} bits, packed, with bit 0 <em>occupied</em>
 * (a run with this home slot exists), bit 1 <em>continuation</em> (this slot holds a run's second or later
 * copy), bit 2 <em>shifted</em> (the value here is not in its home slot) and the remainder in the bits above.
 * A slot is empty when its three metadata bits are zero. Finding a run walks back to the cluster start (the
 * first unshifted slot) and forward again counting runs, as in Bender et al.
 */
final class SqfLayout extends SlotLayout {
    private static final long OCCUPIED = 1;
    private static final long CONTINUATION = 2;
    private static final long SHIFTED = 4;
    private static final long METADATA = 7;

    final PackedInts slots;

    SqfLayout(int quotientBits, int remainderBits) {
        super(quotientBits, remainderBits);
        this.slots = new PackedInts(totalSlots, remainderBits + 3);
    }

    private boolean occupied(int s) {
        return (slots.get(s) & OCCUPIED) != 0;
    }

    private boolean continuation(int s) {
        return s < totalSlots && (slots.get(s) & CONTINUATION) != 0;
    }

    private boolean shifted(int s) {
        return (slots.get(s) & SHIFTED) != 0;
    }

    private boolean empty(int s) {
        return s >= totalSlots || (slots.get(s) & METADATA) == 0;
    }

    /** The slot where the run of occupied home slot {@code home} starts. */
    private int runStart(int home) {
        int b = home;
        while (shifted(b)) {
            b--;
        }
        int s = b;
        while (b != home) {
            do {
                s++;
            } while (continuation(s));
            do {
                b++;
            } while (!occupied(b));
        }
        return s;
    }

    @Override
    boolean contains(int quotient, long remainder) {
        if (!occupied(quotient)) {
            return false;
        }
        int s = runStart(quotient);
        do {
            long v = slots.get(s) >>> 3;
            if (v == remainder) {
                return true;
            }
            if (v > remainder) {
                return false;
            }
            s++;
        } while (continuation(s));
        return false;
    }

    @Override
    int count(int quotient, long remainder) {
        if (!occupied(quotient)) {
            return 0;
        }
        int s = runStart(quotient);
        int n = 0;
        do {
            long v = slots.get(s) >>> 3;
            if (v > remainder) {
                break;
            }
            if (v == remainder) {
                n++;
            }
            s++;
        } while (continuation(s));
        return n;
    }

    @Override
    int regionStart(int home) {
        int s = home;
        if (empty(s)) {
            return s;
        }
        while (shifted(s)) {
            s--;
        }
        return s;
    }

    @Override
    int nextOccupied(int from) {
        for (int s = from; s < homeSlots; s++) {
            if (occupied(s)) {
                return s;
            }
        }
        return -1;
    }

    @Override
    int decode(int start, FingerprintList out) {
        if (empty(start)) {
            return start;
        }
        long home = start;
        int s = start;
        while (!empty(s)) {
            long slot = slots.get(s);
            if (s != start && (slot & CONTINUATION) == 0) {
                do {
                    home++;
                } while (!occupied((int) home));
            }
            out.add((home << remainderBits) | (slot >>> 3));
            s++;
        }
        return s;
    }

    @Override
    void encode(int start, int clearEnd, long[] fps, int from, int to) {
        int end = (int) Math.max(clearEnd, placementEnd(start, fps, from, to));
        for (int s = start; s < end; s++) {
            slots.set(s, 0);
        }
        int pos = start;
        long previousHome = -1;
        for (int i = from; i < to; i++) {
            long home = fps[i] >>> remainderBits;
            long flags = 0;
            if (home != previousHome) {
                pos = (int) Math.max(pos, home);
                slots.set(home, slots.get(home) | OCCUPIED);
                previousHome = home;
            } else {
                flags |= CONTINUATION;
            }
            if (pos != home) {
                flags |= SHIFTED;
            }
            long occupiedBit = slots.get(pos) & OCCUPIED;
            slots.set(pos, ((fps[i] & remainderMask) << 3) | flags | occupiedBit);
            pos++;
        }
    }

    @Override
    long bodyBytes() {
        return 8L * slots.words.length;
    }

    @Override
    void writeBody(ByteBuffer out) {
        for (long w : slots.words) {
            out.putLong(w);
        }
    }

    @Override
    void readBody(ByteBuffer in) {
        for (int i = 0; i < slots.words.length; i++) {
            slots.words[i] = in.getLong();
        }
    }

    @Override
    boolean sameBits(SlotLayout other) {
        return other instanceof SqfLayout o && Arrays.equals(slots.words, o.slots.words);
    }
}
