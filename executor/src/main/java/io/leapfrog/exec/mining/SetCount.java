package io.leapfrog.exec.mining;

/**
 * How many vertex sets a search found and how many members they have in all: the rows of its call
 * without members (one per set) and with them (one per member of each set), in 64 bits.
 */
public record SetCount(long sets, long members) {
    /** No set. */
    public static final SetCount NONE = new SetCount(0, 0);

    public SetCount plus(SetCount o) {
        return new SetCount(sets + o.sets, members + o.members);
    }

    /** The rows of a call: {@link #members} with them, {@link #sets} without. */
    public long rows(boolean withMembers) {
        return withMembers ? members : sets;
    }
}
