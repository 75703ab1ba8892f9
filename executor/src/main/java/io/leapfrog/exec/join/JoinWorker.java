package io.leapfrog.exec.join;

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
    /**
     * When set, the worker estimates the join's work instead of producing results ({@link WorkEstimate}:
     * every level visit adds what its leapfrog walks), and level 1 binds only every stride-th of its
     * candidates.
     */
    WorkEstimate measuring;
    /** Index range of the level-0 driver (participant 0) this worker currently covers. */
    int chunkLo;
    int chunkHi = Integer.MAX_VALUE;

    /** Participants of one level in one mode; atom -1 marks the cache buffer (slot 0). */
    private static final class Parts {
        final int[] atom;
        final int[] trieLevel;
        final int[][] vals;
        final int[][] parentOffsets;

        Parts(int m) {
            atom = new int[m];
            trieLevel = new int[m];
            vals = new int[m][];
            parentOffsets = new int[m][];
        }

        /** Slot 0 is a buffer; slots 1.. are the given participants of lv. */
        static Parts withBuffer(JoinQuery.Level lv, int[] rest, int[] buf) {
            Parts p = new Parts(rest.length + 1);
            p.atom[0] = -1;
            p.vals[0] = buf;
            for (int i = 0; i < rest.length; i++) {
                p.atom[i + 1] = lv.atom[rest[i]];
                p.trieLevel[i + 1] = lv.trieLevel[rest[i]];
                p.vals[i + 1] = lv.vals[rest[i]];
                p.parentOffsets[i + 1] = lv.parentOffsets[rest[i]];
            }
            return p;
        }

        static Parts of(JoinQuery.Level lv) {
            Parts p = new Parts(lv.width());
            for (int i = 0; i < lv.width(); i++) {
                p.atom[i] = lv.atom[i];
                p.trieLevel[i] = lv.trieLevel[i];
                p.vals[i] = lv.vals[i];
                p.parentOffsets[i] = lv.parentOffsets[i];
            }
            return p;
        }
    }

    JoinWorker(JoinQuery q, TupleSink sink) {
        this.levels = q.levels;
        this.n = q.varCount;
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
            plain[l] = Parts.of(lv);
            if (lv.cacheG != null) {
                int size = Integer.MAX_VALUE;
                for (int g : lv.cacheG) {
                    size = Math.min(size, lv.vals[g].length);
                }
                buffer[l] = new int[size];
                producer[l] = Parts.withBuffer(lv, lv.prodRest, buffer[l]);
            }
        }
        for (int l = 1; l < n; l++) {
            if (levels[l].consRest != null) {
                consumer[l] = Parts.withBuffer(levels[l], levels[l].consRest, buffer[l - 1]);
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
            lo = Seek.gallop(vals[i], lo, hi, lb);
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
        if (counting && l == n - 1 && k == n && lv.filters.length == 0) {
            count += countLast(vals, m, c, e, ub);
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
                    int ci = Seek.gallop(vals[i], c[i], e[i], v);
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
            lo = Seek.gallop(vals, lo, hi, lb);
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
                ci = Seek.gallop(a, ci + 1, e[p], key);
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
            return Seek.gallop(vals[0], c[0], e[0], ub + 1) - c[0];
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
                ci = Seek.gallop(a, ci + 1, e[p], key);
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
                j = Seek.gallop(b, j, je, v);
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
        while (i < ie && j < je) {
            int x = a[i];
            int y = b[j];
            if (x > ub || y > ub) {
                break;
            }
            if (x < y) {
                i++;
            } else if (x > y) {
                j++;
            } else {
                out[len++] = x;
                i++;
                j++;
            }
        }
        return len;
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
                j = Seek.gallop(b, j, je, v);
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
        while (i < ie && j < je) {
            int x = a[i];
            int y = b[j];
            if (x > ub || y > ub) {
                break;
            }
            if (x < y) {
                i++;
            } else if (x > y) {
                j++;
            } else {
                found++;
                i++;
                j++;
            }
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
            int idx = Seek.find(vals, lo, hi, value);
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
