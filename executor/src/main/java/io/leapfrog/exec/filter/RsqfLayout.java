package io.leapfrog.exec.filter;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The rank-and-select quotient filter's slots (Pandey et al.): remainders packed at {@code r} bits, and per block
 * of 64 slots an <em>occupieds</em> word (bit {@code i}: a run with home slot {@code 64b + i} exists), a
 * <em>runends</em> word (bit {@code i}: slot {@code 64b + i} holds the last copy of a run) and an
 * <em>offset</em>: how many slots at the start of the block are taken by runs whose home lies in an earlier
 * block. The run of home {@code h} ends at the {@code k}-th runend at or after {@code 64b + offset[b]}, where
 * {@code k} is the rank of {@code h} among the block's occupieds, so a lookup reads one or two blocks whatever
 * the fill.
 */
final class RsqfLayout extends SlotLayout {
    final int blocks;
    final long[] occupieds;
    final long[] runends;
    final int[] offsets;
    final PackedInts remainders;

    RsqfLayout(int quotientBits, int remainderBits) {
        super(quotientBits, remainderBits);
        this.blocks = totalSlots >>> 6;
        this.occupieds = new long[blocks];
        this.runends = new long[blocks];
        this.offsets = new int[blocks];
        this.remainders = new PackedInts(totalSlots, remainderBits);
    }

    private boolean occupied(int s) {
        return (occupieds[s >>> 6] & (1L << s)) != 0;
    }

    private boolean runend(int s) {
        return (runends[s >>> 6] & (1L << s)) != 0;
    }

    /** Index of the {@code rank}-th (from 1) set runend bit at or after slot {@code from}. */
    private int selectRunend(int from, int rank) {
        int w = from >>> 6;
        long bits = runends[w] & (-1L << from);
        while (true) {
            int c = Long.bitCount(bits);
            if (rank <= c) {
                return (w << 6) + BitSelect.select(bits, rank - 1);
            }
            rank -= c;
            bits = runends[++w];
        }
    }

    /** Where the run of occupied home slot {@code home} ends. */
    private int runEnd(int home) {
        int b = home >>> 6;
        int rank = Long.bitCount(occupieds[b] & (-1L >>> (63 - (home & 63))));
        return selectRunend((b << 6) + offsets[b], rank);
    }

    /**
     * The end of the last run whose home is before {@code x} when that end is at or after {@code x - 1}; some
     * value below {@code x} otherwise.
     */
    private int endOfRunsBefore(int x) {
        int b = x >>> 6;
        long before = occupieds[b] & ((1L << x) - 1);
        int blockStart = b << 6;
        if ((x & 63) == 0 || before == 0) {
            return blockStart + offsets[b] - 1;
        }
        return selectRunend(blockStart + offsets[b], Long.bitCount(before));
    }

    private int previousOccupied(int from) {
        int w = from >>> 6;
        long bits = occupieds[w] & (-1L >>> (63 - (from & 63)));
        while (bits == 0) {
            bits = occupieds[--w];
        }
        return (w << 6) + 63 - Long.numberOfLeadingZeros(bits);
    }

    @Override
    int nextOccupied(int from) {
        if (from >= totalSlots) {
            return -1;
        }
        int w = from >>> 6;
        long bits = occupieds[w] & (-1L << from);
        while (bits == 0) {
            if (++w == blocks) {
                return -1;
            }
            bits = occupieds[w];
        }
        return (w << 6) + Long.numberOfTrailingZeros(bits);
    }

    private int nextRunend(int from) {
        int w = from >>> 6;
        long bits = runends[w] & (-1L << from);
        while (bits == 0) {
            bits = runends[++w];
        }
        return (w << 6) + Long.numberOfTrailingZeros(bits);
    }

    @Override
    boolean contains(int quotient, long remainder) {
        if (!occupied(quotient)) {
            return false;
        }
        int s = runEnd(quotient);
        while (true) {
            long v = remainders.get(s);
            if (v == remainder) {
                return true;
            }
            if (v < remainder || --s < quotient || runend(s)) {
                return false;
            }
        }
    }

    @Override
    int count(int quotient, long remainder) {
        if (!occupied(quotient)) {
            return 0;
        }
        int n = 0;
        int s = runEnd(quotient);
        while (true) {
            long v = remainders.get(s);
            if (v < remainder) {
                return n;
            }
            if (v == remainder) {
                n++;
            }
            if (--s < quotient || runend(s)) {
                return n;
            }
        }
    }

    @Override
    int regionStart(int home) {
        if (endOfRunsBefore(home) < home) {
            return home;
        }
        int y = previousOccupied(home - 1);
        while (endOfRunsBefore(y) >= y) {
            y = previousOccupied(y - 1);
        }
        return y;
    }

    @Override
    int decode(int start, FingerprintList out) {
        if (!occupied(start)) {
            return start;
        }
        int pos = start;
        int home = start;
        while (home >= 0 && home <= pos) {
            int end = nextRunend(pos);
            long high = (long) home << remainderBits;
            for (int s = pos; s <= end; s++) {
                out.add(high | remainders.get(s));
            }
            pos = end + 1;
            home = nextOccupied(home + 1);
            if (home >= 0 && home > pos) {
                break;
            }
            // a run whose home is inside the cluster starts right after the previous one
        }
        return pos;
    }

    @Override
    void encode(int start, int clearEnd, long[] fps, int from, int to) {
        int end = (int) Math.max(clearEnd, placementEnd(start, fps, from, to));
        for (int s = start; s < end; s++) {
            remainders.set(s, 0);
            long bit = ~(1L << s);
            occupieds[s >>> 6] &= bit;
            runends[s >>> 6] &= bit;
        }
        // offsets of blocks that start inside the region are recomputed; the others do not depend on it
        int firstBlock = (start >>> 6) + 1;
        int lastBlock = (end - 1) >> 6;
        for (int b = firstBlock; b <= lastBlock; b++) {
            offsets[b] = 0;
        }
        int pos = start;
        int i = from;
        while (i < to) {
            int home = (int) (fps[i] >>> remainderBits);
            pos = Math.max(pos, home);
            occupieds[home >>> 6] |= 1L << home;
            do {
                remainders.set(pos++, fps[i++] & remainderMask);
            } while (i < to && (fps[i] >>> remainderBits) == home);
            int runEnd = pos - 1;
            runends[runEnd >>> 6] |= 1L << runEnd;
            // this run is the last one with a home before every block start in (home, runEnd]
            for (int b = (home >>> 6) + 1; b <= (runEnd >>> 6); b++) {
                offsets[b] = runEnd - (b << 6) + 1;
            }
        }
    }

    @Override
    long bodyBytes() {
        return 20L * blocks + 8L * remainders.words.length;
    }

    @Override
    void writeBody(ByteBuffer out) {
        for (long w : occupieds) {
            out.putLong(w);
        }
        for (long w : runends) {
            out.putLong(w);
        }
        for (int o : offsets) {
            out.putInt(o);
        }
        for (long w : remainders.words) {
            out.putLong(w);
        }
    }

    @Override
    void readBody(ByteBuffer in) {
        for (int i = 0; i < blocks; i++) {
            occupieds[i] = in.getLong();
        }
        for (int i = 0; i < blocks; i++) {
            runends[i] = in.getLong();
        }
        for (int i = 0; i < blocks; i++) {
            offsets[i] = in.getInt();
        }
        for (int i = 0; i < remainders.words.length; i++) {
            remainders.words[i] = in.getLong();
        }
    }

    @Override
    boolean sameBits(SlotLayout other) {
        return other instanceof RsqfLayout o && Arrays.equals(occupieds, o.occupieds)
                && Arrays.equals(runends, o.runends) && Arrays.equals(offsets, o.offsets)
                && Arrays.equals(remainders.words, o.remainders.words);
    }
}
