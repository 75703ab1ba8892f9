package io.leapfrog.exec.join;

import io.leapfrog.exec.storage.RootRank;

import java.util.Arrays;

/**
 * One thread's leapfrog triejoin state: the binding, the trie position of every atom at every level,
 * and the leapfrog cursors of every join level. {@link #visit(int)} recurses one level per variable;
 * all state lives in preallocated arrays, so the hot loop neither allocates nor boxes.
 */
final class JoinWorker {
    private final JoinQuery.Level[] levels;
    private final int n;
    private final int k;
    final int[] binding;
    /** pos[atom][trieLevel]: index into that trie level's values of the atom's current node. */
    private final int[][] pos;
    /** Leapfrog cursors and range ends per join level and participant. */
    private final int[][] cur;
    private final int[][] end;
    /** The participants each level leapfrogs over, as used: plain, or with a cache buffer in slot 0. */
    private final Parts[] plain;
    private final Parts[] producer;
    private final Parts[] consumer;
    /** Per producer level: the materialised intersection and its length. */
    private final int[][] buffer;
    private final int[] bufferLen;
    /** The bounds each level ran with, so a consumer can check that the buffer covers its range. */
    private final long[] levelLb;
    private final long[] levelUb;
    /** Scratch cursors for building a buffer. */
    private final int[] scratchC;
    private final int[] scratchE;
    private final int[][] scratchV;
    private final boolean counting;
    private final TupleSink sink;
    /** from, to and step of a generated level (levels below it reuse it only after it is done with it). */
    private final long[] rangeScratch = new long[3];
    long count;
    /** Bindings that passed each level's filters, when the query counts them ({@link JoinQuery#countLevelRows}); else null. */
    final long[] levelRows;
    /**
     * When set, the worker estimates the join's work instead of producing results ({@link WorkEstimate}:
     * every level visit adds what its leapfrog walks), and level 1 binds only every stride-th of its
     * candidates.
     */
    WorkEstimate measuring;
    /** Index range of the level-0 driver (participant 0) this worker currently covers. */
    int chunkLo;
    int chunkHi = Integer.MAX_VALUE;

    /**
     * Participants of one level in one mode; atom -1 marks the cache buffer (slot 0). First-level
     * participants whose trie has a {@link RootRank} are not leapfrogged but probed: a candidate the
     * leapfrogged participants agree on is looked up in each probe's table, which also gives its position.
     */
    private static final class Parts {
        final int[] atom;
        final int[] trieLevel;
        final int[][] vals;
        final int[][] parentOffsets;
        final int[] probeAtom;
        final RootRank[] probeRank;

        private Parts(int m, int probes) {
            atom = new int[m];
            trieLevel = new int[m];
            vals = new int[m][];
            parentOffsets = new int[m][];
            probeAtom = new int[probes];
            probeRank = new RootRank[probes];
        }

        /**
         * The participants {@code members} of lv, after the buffer {@code buf} in slot 0 when it is not
         * null. Probed are the members with a rank table, except that one member must be leapfrogged when
         * there is no buffer: the first (the driver, at level 0), or else the one with fewest values.
         */
        static Parts of(JoinQuery q, JoinQuery.Level lv, int[] members, int[] buf, boolean keepFirst) {
            RootRank[] rank = new RootRank[members.length];
            int probes = 0;
            for (int i = 0; i < members.length; i++) {
                int p = members[i];
                if (lv.parentOffsets[p] == null) {
                    rank[i] = q.atomTrie(lv.atom[p]).rootRank();
                    probes += rank[i] == null ? 0 : 1;
                }
            }
            if (buf == null && probes > 0 && probes == members.length) {
                int keep = 0;
                for (int i = 1; i < members.length && !keepFirst; i++) {
                    if (lv.vals[members[i]].length < lv.vals[members[keep]].length) {
                        keep = i;
                    }
                }
                rank[keep] = null;
                probes--;
            } else if (keepFirst && members.length > 0 && rank[0] != null) {
                rank[0] = null;
                probes--;
            }
            int slot = buf == null ? 0 : 1;
            Parts parts = new Parts(slot + members.length - probes, probes);
            if (buf != null) {
                parts.atom[0] = -1;
                parts.vals[0] = buf;
            }
            int probe = 0;
            for (int i = 0; i < members.length; i++) {
                int p = members[i];
                if (rank[i] != null) {
                    parts.probeAtom[probe] = lv.atom[p];
                    parts.probeRank[probe++] = rank[i];
                } else {
                    parts.atom[slot] = lv.atom[p];
                    parts.trieLevel[slot] = lv.trieLevel[p];
                    parts.vals[slot] = lv.vals[p];
                    parts.parentOffsets[slot++] = lv.parentOffsets[p];
                }
            }
            return parts;
        }

        /** Whether v is in every probed first level; records its positions there. */
        boolean probe(int v, int[][] pos) {
            for (int i = 0; i < probeAtom.length; i++) {
                int at = probeRank[i].positionOf(v);
                if (at < 0) {
                    return false;
                }
                pos[probeAtom[i]][0] = at;
            }
            return true;
        }
    }

    JoinWorker(JoinQuery q, TupleSink sink) {
        this.levels = q.levels;
        this.n = q.varCount;
        this.levelRows = q.levelRows() == null ? null : new long[q.varCount];
        this.k = q.outputVars;
        this.binding = new int[n];
        this.pos = new int[q.atomCount][];
        for (int a = 0; a < q.atomCount; a++) {
            pos[a] = new int[q.atomArity[a]];
        }
        this.cur = new int[n][];
        this.end = new int[n][];
        this.plain = new Parts[n];
        this.producer = new Parts[n];
        this.consumer = new Parts[n];
        this.buffer = new int[n][];
        this.bufferLen = new int[n];
        this.levelLb = new long[n];
        this.levelUb = new long[n];
        int maxWidth = 1;
        for (int l = 0; l < n; l++) {
            JoinQuery.Level lv = levels[l];
            int w = lv.width() + 1;
            maxWidth = Math.max(maxWidth, w);
            cur[l] = new int[w];
            end[l] = new int[w];
            int[] all = new int[lv.width()];
            Arrays.setAll(all, i -> i);
            plain[l] = Parts.of(q, lv, all, null, l == 0);
            if (lv.cacheG != null) {
                int size = Integer.MAX_VALUE;
                for (int g : lv.cacheG) {
                    size = Math.min(size, lv.vals[g].length);
                }
                buffer[l] = new int[size];
                producer[l] = Parts.of(q, lv, lv.prodRest, buffer[l], false);
            }
        }
        for (int l = 1; l < n; l++) {
            if (levels[l].consRest != null) {
                consumer[l] = Parts.of(q, levels[l], levels[l].consRest, buffer[l - 1], false);
            }
        }
        this.scratchC = new int[maxWidth];
        this.scratchE = new int[maxWidth];
        this.scratchV = new int[maxWidth][];
        this.sink = sink;
        this.counting = sink == null;
    }

    /** Runs the whole join (or the current level-0 chunk). */
    void runAll() {
        if (k == 0) {
            if (visit(0)) {
                emit();
            }
        } else {
            visit(0);
        }
    }

    private void emit() {
        if (counting) {
            count++;
        } else {
            sink.accept(binding);
        }
    }

    /**
     * Binds variable l and everything after it. Returns true when, in the existential tail (levels
     * at or past outputVars), a complete extension was found, so the caller can stop.
     */
    boolean visit(int l) {
        if (l == n) {
            return true;
        }
        JoinQuery.Level lv = levels[l];
        long lb = lv.lowerConst;
        long ub = lv.upperConst;
        int[] lvars = lv.lowerVars;
        for (int i = 0; i < lvars.length; i++) {
            long b = (long) binding[lvars[i]] + lv.lowerAdd[i];
            if (b > lb) {
                lb = b;
            }
        }
        int[] uvars = lv.upperVars;
        for (int i = 0; i < uvars.length; i++) {
            long b = (long) binding[uvars[i]] - lv.upperSub[i];
            if (b < ub) {
                ub = b;
            }
        }
        if (lb > ub) {
            return false;
        }
        levelLb[l] = lb;
        levelUb[l] = ub;
        if (lv.computed != null) {
            return visitComputed(l, lv, lb, ub);
        }
        if (lv.generated != null) {
            return visitGenerated(l, lv, lb, ub);
        }
        Parts parts;
        int bufEnd = 0;
        if (consumer[l] != null && lb >= levelLb[l - 1] && ub <= levelUb[l - 1]) {
            parts = consumer[l];
            bufEnd = bufferLen[l - 1];
        } else if (producer[l] != null) {
            bufEnd = fillBuffer(l, lv, lb, ub);
            if (bufEnd == 0) {
                return false;
            }
            parts = producer[l];
        } else {
            parts = plain[l];
        }
        int[][] vals = parts.vals;
        int m = vals.length;
        int[] c = cur[l];
        int[] e = end[l];
        for (int i = 0; i < m; i++) {
            int[] off = parts.parentOffsets[i];
            int lo;
            int hi;
            if (parts.atom[i] < 0) {
                lo = 0;
                hi = bufEnd;
            } else if (off == null) {
                lo = 0;
                hi = vals[i].length;
                if (l == 0 && i == 0) {
                    lo = Math.max(lo, chunkLo);
                    hi = Math.min(hi, chunkHi);
                }
            } else {
                int parent = pos[parts.atom[i]][parts.trieLevel[i] - 1];
                lo = off[parent];
                hi = off[parent + 1];
            }
            lo = GallopingSearch.gallop(vals[i], lo, hi, lb);
            if (lo >= hi) {
                return false;
            }
            c[i] = lo;
            e[i] = hi;
        }
        if (measuring != null) {
            if (!measuring.visit(l, c, e, m)) {
                return false;
            }
            if (l == 1) {
                return sampleLevel(l, lv, parts, m, c, e, ub);
            }
        }
        if (counting && l == n - 1 && k == n && lv.filters.length == 0 && parts.probeAtom.length == 0) {
            long last = countLast(vals, m, c, e, ub);
            count += last;
            if (levelRows != null) {
                levelRows[l] += last;
            }
            return false;
        }
        if (m == 1) {
            int[] a = vals[0];
            int atom = parts.atom[0];
            int t = parts.trieLevel[0];
            for (int i = c[0], hi = e[0]; i < hi; i++) {
                int v = a[i];
                if (v > ub) {
                    return false;
                }
                if (!parts.probe(v, pos)) {
                    continue;
                }
                if (atom >= 0) {
                    pos[atom][t] = i;
                }
                copyAliases(lv);
                binding[l] = v;
                if (accept(l, lv)) {
                    return true;
                }
            }
            return false;
        }
        return leapfrog(l, lv, parts, m, c, e, ub);
    }

    /**
     * Measuring ({@link WorkEstimate}): binds level l only to every stride-th value of its shortest
     * range that the other participants contain, each found by a gallop, instead of leapfrogging the
     * whole range.
     */
    private boolean sampleLevel(int l, JoinQuery.Level lv, Parts parts, int m, int[] c, int[] e, long ub) {
        int[][] vals = parts.vals;
        int d = 0;
        for (int i = 1; i < m; i++) {
            if (e[i] - c[i] < e[d] - c[d]) {
                d = i;
            }
        }
        if (measuring.candidatesOnly) {
            measuring.countCandidates(e[d] - c[d]);
            return false;
        }
        int stride = measuring.stride;
        for (int j = c[d] + measuring.firstSampled(e[d] - c[d]); j < e[d]; j += stride) {
            int v = vals[d][j];
            if (v > ub) {
                return false;
            }
            c[d] = j;
            boolean all = true;
            for (int i = 0; i < m; i++) {
                if (i != d) {
                    int ci = GallopingSearch.gallop(vals[i], c[i], e[i], v);
                    if (ci >= e[i]) {
                        return false;
                    }
                    c[i] = ci;
                    all &= vals[i][ci] == v;
                }
            }
            if (all) {
                bind(l, lv, parts, m, c, v);
            }
        }
        return false;
    }

    /**
     * Binds level l to {@code value}, found at cursors c of its m participants: records the atoms'
     * trie positions, then checks the level's filters and goes on ({@link #accept}; true to stop).
     */
    private boolean bind(int l, JoinQuery.Level lv, Parts parts, int m, int[] c, int value) {
        if (!parts.probe(value, pos)) {
            return false;
        }
        for (int i = 0; i < m; i++) {
            if (parts.atom[i] >= 0) {
                pos[parts.atom[i]][parts.trieLevel[i]] = c[i];
            }
        }
        copyAliases(lv);
        binding[l] = value;
        return accept(l, lv);
    }

    /** Intersects the producer's cached participants (within [lb, ub]) into its buffer; returns the length. */
    private int fillBuffer(int l, JoinQuery.Level lv, long lb, long ub) {
        int[] g = lv.cacheG;
        int m = g.length;
        int[] c = scratchC;
        int[] e = scratchE;
        int[][] v = scratchV;
        for (int i = 0; i < m; i++) {
            int p = g[i];
            int[] vals = lv.vals[p];
            int[] off = lv.parentOffsets[p];
            int lo = 0;
            int hi = vals.length;
            if (off != null) {
                int parent = pos[lv.atom[p]][lv.trieLevel[p] - 1];
                lo = off[parent];
                hi = off[parent + 1];
            }
            lo = GallopingSearch.gallop(vals, lo, hi, lb);
            if (lo >= hi) {
                bufferLen[l] = 0;
                return 0;
            }
            c[i] = lo;
            e[i] = hi;
            v[i] = vals;
        }
        int len = intersectInto(v, m, c, e, ub, buffer[l]);
        bufferLen[l] = len;
        return len;
    }

    private boolean leapfrog(int l, JoinQuery.Level lv, Parts parts, int m, int[] c, int[] e, long ub) {
        int[][] vals = parts.vals;
        int key = Integer.MIN_VALUE;
        for (int i = 0; i < m; i++) {
            int v = vals[i][c[i]];
            if (v > key) {
                key = v;
            }
        }
        if (key > ub) {
            return false;
        }
        int matched = 0;
        int p = 0;
        while (true) {
            int[] a = vals[p];
            int ci = c[p];
            int v = a[ci];
            if (v < key) {
                ci = GallopingSearch.gallop(a, ci + 1, e[p], key);
                if (ci >= e[p]) {
                    return false;
                }
                c[p] = ci;
                v = a[ci];
            }
            if (v == key) {
                if (++matched == m) {
                    if (bind(l, lv, parts, m, c, key)) {
                        return true;
                    }
                    ci = c[p] + 1;
                    if (ci >= e[p]) {
                        return false;
                    }
                    c[p] = ci;
                    key = a[ci];
                    if (key > ub) {
                        return false;
                    }
                    matched = 1;
                }
            } else {
                key = v;
                if (key > ub) {
                    return false;
                }
                matched = 1;
            }
            p = p + 1 == m ? 0 : p + 1;
        }
    }

    /** Number of values common to all ranges, up to ub (last level, counting, no filters). */
    private static long countLast(int[][] vals, int m, int[] c, int[] e, long ub) {
        if (m == 1) {
            return GallopingSearch.gallop(vals[0], c[0], e[0], ub + 1) - c[0];
        }
        if (m == 2) {
            return countPair(vals[0], c[0], e[0], vals[1], c[1], e[1], ub);
        }
        return intersectInto(vals, m, c, e, ub, null);
    }

    /**
     * Leapfrogs m sorted ranges (cursors c, ends e; each non-empty), writing common values up to ub
     * into out (when not null); returns how many there are. Moves the cursors.
     */
    private static int intersectInto(int[][] vals, int m, int[] c, int[] e, long ub, int[] out) {
        if (m == 1) {
            int[] a = vals[0];
            int i = c[0];
            int hi = e[0];
            int len = 0;
            while (i < hi && a[i] <= ub) {
                if (out != null) {
                    out[len] = a[i];
                }
                len++;
                i++;
            }
            return len;
        }
        if (m == 2 && out != null) {
            return mergePair(vals[0], c[0], e[0], vals[1], c[1], e[1], ub, out);
        }
        int found = 0;
        int key = Integer.MIN_VALUE;
        for (int i = 0; i < m; i++) {
            key = Math.max(key, vals[i][c[i]]);
        }
        if (key > ub) {
            return 0;
        }
        int matched = 0;
        int p = 0;
        while (true) {
            int[] a = vals[p];
            int ci = c[p];
            int v = a[ci];
            if (v < key) {
                ci = GallopingSearch.gallop(a, ci + 1, e[p], key);
                if (ci >= e[p]) {
                    return found;
                }
                c[p] = ci;
                v = a[ci];
            }
            if (v == key) {
                if (++matched == m) {
                    if (out != null) {
                        out[found] = key;
                    }
                    found++;
                    ci++;
                    if (ci >= e[p]) {
                        return found;
                    }
                    c[p] = ci;
                    key = a[ci];
                    if (key > ub) {
                        return found;
                    }
                    matched = 1;
                }
            } else {
                key = v;
                if (key > ub) {
                    return found;
                }
                matched = 1;
            }
            p = p + 1 == m ? 0 : p + 1;
        }
    }

    /** Writes the intersection of two sorted ranges, up to ub, into out; returns its length. */
    private static int mergePair(int[] a, int i, int ie, int[] b, int j, int je, long ub, int[] out) {
        if (ie - i > je - j) {
            return mergePair(b, j, je, a, i, ie, ub, out);
        }
        int len = 0;
        if ((long) (je - j) > 8L * (ie - i)) {
            for (; i < ie; i++) {
                int v = a[i];
                if (v > ub) {
                    break;
                }
                j = GallopingSearch.gallop(b, j, je, v);
                if (j >= je) {
                    break;
                }
                if (b[j] == v) {
                    out[len++] = v;
                    j++;
                }
            }
            return len;
        }
        ie = upTo(a, i, ie, ub);
        je = upTo(b, j, je, ub);
        // Branch-free merge: on short, interleaved lists the comparisons are unpredictable, and a
        // mispredicted branch costs more than the unconditional store and the two adds.
        while (i < ie && j < je) {
            int x = a[i];
            int y = b[j];
            out[len] = x;
            len += x == y ? 1 : 0;
            i += x <= y ? 1 : 0;
            j += y <= x ? 1 : 0;
        }
        return len;
    }

    /** The end of the part of sorted {@code a[from, to)} that is at most ub. */
    private static int upTo(int[] a, int from, int to, long ub) {
        return to == from || a[to - 1] <= ub ? to : GallopingSearch.gallop(a, from, to, ub + 1);
    }

    /** Size of the intersection of two sorted ranges, up to ub: merge, galloping over long gaps. */
    private static long countPair(int[] a, int i, int ie, int[] b, int j, int je, long ub) {
        if (ie - i > je - j) {
            return countPair(b, j, je, a, i, ie, ub);
        }
        long found = 0;
        // a is the shorter range: gallop in b when it is much longer, else a plain merge.
        if ((long) (je - j) > 8L * (ie - i)) {
            for (; i < ie; i++) {
                int v = a[i];
                if (v > ub) {
                    break;
                }
                j = GallopingSearch.gallop(b, j, je, v);
                if (j >= je) {
                    break;
                }
                if (b[j] == v) {
                    found++;
                    j++;
                }
            }
            return found;
        }
        ie = upTo(a, i, ie, ub);
        je = upTo(b, j, je, ub);
        while (i < ie && j < je) {   // branch-free merge, as in mergePair
            int x = a[i];
            int y = b[j];
            found += x == y ? 1 : 0;
            i += x <= y ? 1 : 0;
            j += y <= x ? 1 : 0;
        }
        return found;
    }

    private boolean visitComputed(int l, JoinQuery.Level lv, long lb, long ub) {
        if (measuring != null && (!measuring.visit(l, 0) || (l == 1 && measuring.firstSampled(1) != 0))) {
            return false; // a computed level 1 has one candidate per binding: every stride-th goes on
        }
        long v = lv.computed.apply(binding);
        if (v == ValueFunction.NONE || v < lb || v > ub) {
            return false;
        }
        return bindDerived(l, lv, (int) v);
    }

    /**
     * A generated level (Souffle's range): each value of the range within [lb, ub] is bound in turn, as
     * a computed value is. Counting up (step > 0) stops at ub, counting down at lb.
     */
    private boolean visitGenerated(int l, JoinQuery.Level lv, long lb, long ub) {
        if (measuring != null && !measuring.visit(l, 0)) {
            return false;
        }
        long[] r = rangeScratch;
        if (!lv.generated.bounds(binding, r)) {
            return false;
        }
        long from = r[0];
        long to = r[1];
        long step = r[2];
        if (step > 0) {
            for (long v = from; v < to && v <= ub; v += step) {
                if (v >= lb && bindDerived(l, lv, (int) v)) {
                    return true;
                }
            }
        } else if (step < 0) {
            for (long v = from; v > to && v >= lb; v += step) {
                if (v <= ub && bindDerived(l, lv, (int) v)) {
                    return true;
                }
            }
        } else if (from != to && from >= lb && from <= ub) {
            return bindDerived(l, lv, (int) from);
        }
        return false;
    }

    /** Binds level l to a computed or generated value that every atom of the level must hold; goes on. */
    private boolean bindDerived(int l, JoinQuery.Level lv, int value) {
        int m = lv.width();
        for (int i = 0; i < m; i++) {
            int[] vals = lv.vals[i];
            int[] off = lv.parentOffsets[i];
            int lo = 0;
            int hi = vals.length;
            if (off != null) {
                int parent = pos[lv.atom[i]][lv.trieLevel[i] - 1];
                lo = off[parent];
                hi = off[parent + 1];
            }
            int idx = GallopingSearch.find(vals, lo, hi, value);
            if (idx < 0) {
                return false;
            }
            pos[lv.atom[i]][lv.trieLevel[i]] = idx;
        }
        copyAliases(lv);
        binding[l] = value;
        return accept(l, lv);
    }

    /** Duplicate participants take their representative's position (not needed for buffered last levels). */
    private void copyAliases(JoinQuery.Level lv) {
        int[] aa = lv.aliasAtom;
        for (int i = 0; i < aa.length; i++) {
            int t = lv.aliasTrieLevel[i];
            pos[aa[i]][t] = pos[lv.atom[lv.aliasOf[i]]][t];
        }
    }

    /** Checks level l's filters, then continues with level l+1. Returns true to stop (existential hit). */
    private boolean accept(int l, JoinQuery.Level lv) {
        LevelFilter[] fs = lv.filters;
        for (int i = 0; i < fs.length; i++) {
            if (!fs[i].test(binding)) {
                return false;
            }
        }
        if (levelRows != null) {
            levelRows[l]++;
        }
        int next = l + 1;
        if (next < k) {
            visit(next);
            return false;
        }
        if (next == k) {
            if (k == n || visit(next)) {
                emit();
            }
            return false;
        }
        return visit(next);
    }
}
