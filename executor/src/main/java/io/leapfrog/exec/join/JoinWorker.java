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
    private final boolean counting;
    private final TupleSink sink;
    long count;
    /** Index range of the level-0 driver (participant 0) this worker currently covers. */
    int chunkLo;
    int chunkHi = Integer.MAX_VALUE;

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
        for (int l = 0; l < n; l++) {
            cur[l] = new int[levels[l].width()];
            end[l] = new int[levels[l].width()];
        }
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
        if (lv.computed != null) {
            return visitComputed(l, lv, lb, ub);
        }
        int m = lv.width();
        int[] c = cur[l];
        int[] e = end[l];
        for (int i = 0; i < m; i++) {
            int[] vals = lv.vals[i];
            int[] off = lv.parentOffsets[i];
            int lo;
            int hi;
            if (off == null) {
                lo = 0;
                hi = vals.length;
                if (l == 0 && i == 0) {
                    lo = Math.max(lo, chunkLo);
                    hi = Math.min(hi, chunkHi);
                }
            } else {
                int parent = pos[lv.atom[i]][lv.trieLevel[i] - 1];
                lo = off[parent];
                hi = off[parent + 1];
            }
            lo = Seek.gallop(vals, lo, hi, lb);
            if (lo >= hi) {
                return false;
            }
            c[i] = lo;
            e[i] = hi;
        }
        if (counting && l == n - 1 && k == n && lv.filters.length == 0) {
            count += countLast(lv, m, c, e, ub);
            return false;
        }
        if (m == 1) {
            int[] a = lv.vals[0];
            int[] p = pos[lv.atom[0]];
            int t = lv.trieLevel[0];
            for (int i = c[0], hi = e[0]; i < hi; i++) {
                int v = a[i];
                if (v > ub) {
                    return false;
                }
                p[t] = i;
                c[0] = i;
                copyAliases(lv, c);
                binding[l] = v;
                if (accept(l, lv)) {
                    return true;
                }
            }
            return false;
        }
        return leapfrog(l, lv, m, c, e, ub);
    }

    private boolean leapfrog(int l, JoinQuery.Level lv, int m, int[] c, int[] e, long ub) {
        int[][] vals = lv.vals;
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
                    for (int i = 0; i < m; i++) {
                        pos[lv.atom[i]][lv.trieLevel[i]] = c[i];
                    }
                    copyAliases(lv, c);
                    binding[l] = key;
                    if (accept(l, lv)) {
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

    /** Number of values common to all participants within [.., ub] (last level, counting, no filters). */
    private static long countLast(JoinQuery.Level lv, int m, int[] c, int[] e, long ub) {
        int[][] vals = lv.vals;
        if (m == 1) {
            return Seek.gallop(vals[0], c[0], e[0], ub + 1) - c[0];
        }
        if (m == 2) {
            return countPair(vals[0], c[0], e[0], vals[1], c[1], e[1], ub);
        }
        long found = 0;
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

    /** Size of the intersection of two sorted ranges, up to ub: merge, galloping over long gaps. */
    private static long countPair(int[] a, int i, int ie, int[] b, int j, int je, long ub) {
        long found = 0;
        if (ie - i > je - j) {
            int[] t = a;
            a = b;
            b = t;
            int x = i;
            i = j;
            j = x;
            x = ie;
            ie = je;
            je = x;
        }
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
        long v = lv.computed.apply(binding);
        if (v == ValueFunction.NONE || v < lb || v > ub) {
            return false;
        }
        int value = (int) v;
        int m = lv.width();
        int[] c = cur[l];
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
            c[i] = idx;
            pos[lv.atom[i]][lv.trieLevel[i]] = idx;
        }
        copyAliases(lv, c);
        binding[l] = value;
        return accept(l, lv);
    }

    private void copyAliases(JoinQuery.Level lv, int[] c) {
        int[] aa = lv.aliasAtom;
        for (int i = 0; i < aa.length; i++) {
            pos[aa[i]][lv.aliasTrieLevel[i]] = c[lv.aliasOf[i]];
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
