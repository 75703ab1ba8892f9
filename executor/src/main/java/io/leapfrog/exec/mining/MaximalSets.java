package io.leapfrog.exec.mining;

import java.util.Arrays;
import java.util.List;

/**
 * Keeps the sets of a collection that no other set of it strictly contains. Sets are taken largest
 * first, so a set can only lie inside a set kept before it. Sets that share no vertex, even through a
 * chain of other sets, never contain one another, so each group of sets so connected is filtered on its
 * own. A group whose vertices times sets is modest keeps, per vertex, a bit row over its kept sets: a set
 * lies inside a kept one when the AND of its members' rows, over the kept sets larger than it, is not
 * empty. A larger group lists, per vertex, the kept sets holding it, and compares the set with those of
 * its rarest member.
 */
final class MaximalSets {
    /** The most longs the bit rows of one group may take (32 MiB). */
    private static final long MAX_ROW_WORDS = 1L << 22;

    private MaximalSets() {
    }

    /** The sets of {@code candidates} (members below {@code vertices}) inside no other one. */
    static VertexSets of(VertexSets candidates, int vertices) {
        return of(candidates, vertices, MAX_ROW_WORDS);
    }

    /** The same, with bit rows for the groups whose rows take at most {@code maxRowWords} longs. */
    static VertexSets of(VertexSets candidates, int vertices, long maxRowWords) {
        List<int[]> unique = candidates.sorted();
        int[][] sets = largestFirst(unique);
        int[][] groups = groups(sets, vertices);
        VertexSets out = new VertexSets();
        int[] local = new int[vertices];
        Arrays.fill(local, -1);
        for (int[] group : groups) {
            int count = 0;
            for (int i : group) {
                for (int v : sets[i]) {
                    if (local[v] < 0) {
                        local[v] = count++;
                    }
                }
            }
            long cells = (long) count * ((group.length + 63) >>> 6);
            if (cells <= Math.min(maxRowWords, Integer.MAX_VALUE - 8)) {
                new BitRows(count, group.length).filter(sets, group, local, out);
            } else {
                new Postings(count).filter(sets, group, local, out);
            }
            for (int i : group) {
                for (int v : sets[i]) {
                    local[v] = -1;
                }
            }
        }
        return out;
    }

    /** The sets by size, largest first (ties in their given order). */
    private static int[][] largestFirst(List<int[]> sets) {
        int largest = 0;
        for (int[] s : sets) {
            largest = Math.max(largest, s.length);
        }
        int[] start = new int[largest + 2];
        for (int[] s : sets) {
            start[largest - s.length + 1]++;
        }
        for (int k = 1; k < start.length; k++) {
            start[k] += start[k - 1];
        }
        int[][] out = new int[sets.size()][];
        for (int[] s : sets) {
            out[start[largest - s.length]++] = s;
        }
        return out;
    }

    /** The indexes of the sets, grouped by connection through shared vertices, each group in index order. */
    private static int[][] groups(int[][] sets, int vertices) {
        int[] parent = new int[vertices];
        for (int v = 0; v < vertices; v++) {
            parent[v] = v;
        }
        for (int[] s : sets) {
            int a = s.length == 0 ? 0 : find(parent, s[0]);
            for (int i = 1; i < s.length; i++) {
                int b = find(parent, s[i]);
                if (a != b) {
                    parent[Math.max(a, b)] = Math.min(a, b);
                    a = Math.min(a, b);
                }
            }
        }
        int[] size = new int[vertices];
        int[] group = new int[sets.length];
        for (int i = 0; i < sets.length; i++) {
            group[i] = sets[i].length == 0 ? -1 : find(parent, sets[i][0]);
            if (group[i] >= 0) {
                size[group[i]]++;
            }
        }
        int count = 0;
        int[] id = new int[vertices];
        for (int v = 0; v < vertices; v++) {
            id[v] = size[v] > 0 ? count++ : -1;
        }
        int[][] out = new int[count][];
        int[] filled = new int[count];
        for (int v = 0; v < vertices; v++) {
            if (size[v] > 0) {
                out[id[v]] = new int[size[v]];
            }
        }
        for (int i = 0; i < sets.length; i++) {
            if (group[i] >= 0) {
                int g = id[group[i]];
                out[g][filled[g]++] = i;
            }
        }
        return out;
    }

    private static int find(int[] parent, int v) {
        while (parent[v] != v) {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        return v;
    }

    /** A group filtered with a bit row per vertex over the group's kept sets. */
    private static final class BitRows {
        private final int rowWords;
        private final long[] rows;
        private final int[] keptWith;
        private int[] members = new int[16];
        /** The words still holding a kept set with every member so far, and those sets. */
        private int[] word = new int[16];
        private long[] bits = new long[16];

        BitRows(int vertices, int sets) {
            this.rowWords = (sets + 63) >>> 6;
            this.rows = new long[vertices * rowWords];
            this.keptWith = new int[vertices];
        }

        void filter(int[][] sets, int[] group, int[] local, VertexSets out) {
            int kept = 0;
            int larger = 0;
            int previousSize = -1;
            for (int i : group) {
                int[] q = sets[i];
                if (q.length != previousSize) {
                    larger = kept;
                    previousSize = q.length;
                }
                int k = rarestFirst(q, local);
                if (!insideLarger(k, larger)) {
                    int at = kept >>> 6;
                    long bit = 1L << kept;
                    for (int j = 0; j < k; j++) {
                        rows[members[j] * rowWords + at] |= bit;
                        keptWith[members[j]]++;
                    }
                    kept++;
                    out.add(q, q.length);
                }
            }
        }

        /**
         * Whether a kept set among the first {@code larger} (all larger than the set) holds every member:
         * the words where the two rarest members' rows meet, then those words narrowed member by member.
         */
        private boolean insideLarger(int k, int larger) {
            int used = (larger + 63) >>> 6;
            if (used == 0) {
                return false;
            }
            if (word.length < used) {
                word = new int[Math.max(used, 2 * word.length)];
                bits = new long[word.length];
            }
            int r0 = members[0] * rowWords;
            int r1 = members[k > 1 ? 1 : 0] * rowWords;
            int live = 0;
            for (int w = 0; w < used; w++) {
                long x = rows[r0 + w] & rows[r1 + w];
                if (x != 0) {
                    word[live] = w;
                    bits[live++] = x;
                }
            }
            // Kept sets of the last word past the boundary are as large as this set or smaller.
            if (live > 0 && word[live - 1] == used - 1 && (larger & 63) != 0) {
                bits[live - 1] &= (1L << larger) - 1;
                if (bits[live - 1] == 0) {
                    live--;
                }
            }
            for (int j = 2; j < k && live > 0; j++) {
                int rj = members[j] * rowWords;
                int keep = 0;
                for (int i = 0; i < live; i++) {
                    long x = bits[i] & rows[rj + word[i]];
                    if (x != 0) {
                        word[keep] = word[i];
                        bits[keep++] = x;
                    }
                }
                live = keep;
            }
            return live > 0;
        }

        /**
         * The set's members as local vertices in {@link #members}, the two in the fewest kept sets first
         * (their rows' AND is the first, and usually the smallest, cut).
         */
        private int rarestFirst(int[] q, int[] local) {
            if (members.length < q.length) {
                members = new int[Math.max(q.length, 2 * members.length)];
            }
            for (int j = 0; j < q.length; j++) {
                members[j] = local[q[j]];
            }
            for (int first = 0; first < Math.min(2, q.length); first++) {
                int best = first;
                for (int j = first + 1; j < q.length; j++) {
                    if (keptWith[members[j]] < keptWith[members[best]]) {
                        best = j;
                    }
                }
                int t = members[first];
                members[first] = members[best];
                members[best] = t;
            }
            return q.length;
        }
    }

    /** A group filtered through, per vertex, the list of kept sets holding it. */
    private static final class Postings {
        private final int[][] keptWith;
        private final int[] keptCount;
        private int[][] kept = new int[16][];
        private int keptSize;

        Postings(int vertices) {
            this.keptWith = new int[vertices][];
            this.keptCount = new int[vertices];
        }

        void filter(int[][] sets, int[] group, int[] local, VertexSets out) {
            for (int i : group) {
                int[] q = sets[i];
                if (insideKept(q, local)) {
                    continue;
                }
                if (keptSize == kept.length) {
                    kept = Arrays.copyOf(kept, 2 * kept.length);
                }
                int id = keptSize++;
                kept[id] = q;
                for (int v : q) {
                    int lv = local[v];
                    int[] ids = keptWith[lv];
                    if (ids == null) {
                        ids = keptWith[lv] = new int[4];
                    } else if (keptCount[lv] == ids.length) {
                        ids = keptWith[lv] = Arrays.copyOf(ids, 2 * ids.length);
                    }
                    ids[keptCount[lv]++] = id;
                }
                out.add(q, q.length);
            }
        }

        private boolean insideKept(int[] q, int[] local) {
            int rarest = local[q[0]];
            for (int v : q) {
                if (keptCount[local[v]] < keptCount[rarest]) {
                    rarest = local[v];
                }
            }
            for (int i = 0; i < keptCount[rarest]; i++) {
                int[] r = kept[keptWith[rarest][i]];
                if (r.length > q.length && subset(q, r)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Whether sorted {@code q} is a subset of sorted {@code r}. */
    static boolean subset(int[] q, int[] r) {
        int i = 0;
        for (int j = 0; j < q.length; j++) {
            while (i < r.length && r[i] < q[j]) {
                i++;
            }
            if (i == r.length || r[i] != q[j] || r.length - i < q.length - j) {
                return false;
            }
            i++;
        }
        return true;
    }
}
