package io.leapfrog.exec.mining;

import java.util.Arrays;

/**
 * The branch and bound of the quasi-clique search over one root task's {@link BitGraph}, in the style of
 * Quick and Quick+ (Liu and Wong 2008; Guo et al. 2020). A task is a pair (S, E): the vertices taken and
 * the candidates that may still join; it stands for every set Q with S ⊆ Q ⊆ S ∪ E. A task branches by
 * taking its candidates one at a time (the set-enumeration tree: each later branch leaves out the earlier
 * candidates), and before that its pruning rules shrink E, move vertices into S, or drop the task.
 *
 * <p>Each rule drops only sets that are no answer: sets that are not γ-quasi-cliques, have fewer than
 * minSize vertices, or lie strictly inside another quasi-clique. So every maximal quasi-clique of at least
 * minSize vertices whose first vertex is the root is emitted; the emitted sets are quasi-cliques of at
 * least minSize vertices, some not maximal, which the caller filters out.
 *
 * <p>Notation in comments: for a vertex x, in(x) = |N(x) ∩ S| and ex(x) = |N(x) ∩ E|; a set Q of the task
 * is S ∪ T with t = |T| extra vertices, and needs every member to have ⌈γ(|S| + t − 1)⌉ neighbours in Q.
 * One instance per thread.
 */
final class QuasiSearch {
    private static final int CHECK_EVERY = 4096;

    private final QuasiThresholds thresholds;
    private final int minSize;
    private final VertexSets found;
    private final StopSignal stop;

    private BitGraph graph;
    private long[] rows;
    private int words;
    /** Per depth d: the set S at {@code 3d·words}, E at {@code (3d+1)·words}, the branch vertices at {@code (3d+2)·words}. */
    private long[] sets = new long[0];
    /** Scratch bit sets: S ∪ E; a row AND a set; the vertices a rule marks (forced into S, or a cover set). */
    private long[] union = new long[0];
    private long[] spare = new long[0];
    private long[] forced = new long[0];
    /** in(x) and ex(x) of the members of S ∪ E, as {@link #prune} last computed them. */
    private int[] inS = new int[0];
    private int[] inE = new int[0];
    /** The members of S and of E, as listed last. */
    private int[] listS = new int[0];
    private int[] listE = new int[0];
    /** For the upper and lower bounds: candidates per value of in(u), and the sums of the t largest. */
    private int[] histogram = new int[0];
    private long[] topSum = new long[0];
    /** A set being emitted, as graph vertices. */
    private int[] emitted = new int[0];
    /** Whether the set S of the task {@link #prune} last settled is itself a γ-quasi-clique. */
    private boolean settledIsQuasiClique;
    /** The word range [lo, hi) holding S ∪ E of the task being pruned. */
    private int lo;
    private int hi;
    private long tasks;

    QuasiSearch(QuasiThresholds thresholds, int minSize, VertexSets found, StopSignal stop) {
        this.thresholds = thresholds;
        this.minSize = minSize;
        this.found = found;
        this.stop = stop;
    }

    /** Searches the task of the root (local vertex 0) with every other vertex of {@code g} a candidate. */
    void run(BitGraph g) {
        this.graph = g;
        this.rows = g.rows();
        this.words = g.words();
        int m = g.size();
        ensureScratch(m);
        ensureDepth(0);
        int s = offS(0);
        int e = offE(0);
        Arrays.fill(sets, s, s + 2 * words, 0L);
        sets[s] = 1L;
        for (int v = 1; v < m; v++) {
            sets[e + (v >>> 6)] |= 1L << v;
        }
        if (prune(0, 0)) {
            settle(0);
        }
    }

    /**
     * After task d was pruned and kept: searches its branches, then emits S itself when it is a
     * quasi-clique of at least minSize vertices and no branch found a quasi-clique strictly containing it
     * (a set strictly inside a quasi-clique is no answer). Returns whether S is a quasi-clique or one
     * strictly containing S was found: either way the parent task's S lies strictly inside a quasi-clique.
     */
    private boolean settle(int d) {
        boolean quasiClique = settledIsQuasiClique;
        boolean larger = !empty(offE(d)) && expand(d);
        if (quasiClique && !larger && count(offS(d)) >= minSize) {
            emitUnlessExtendable(sets, offS(d));
        }
        return quasiClique || larger;
    }

    /**
     * Branches task d (pruned, with a candidate left). Returns whether it found a quasi-clique strictly
     * containing its S.
     */
    private boolean expand(int d) {
        if (++tasks % CHECK_EVERY == 0) {
            stop.check();
        }
        int s = offS(d);
        int e = offE(d);
        int b = offB(d);
        int sizeS = count(s);
        int sizeE = count(e);
        chooseBranches(d, sizeS);
        boolean larger = false;
        int failed = -1;
        for (int w = 0; w < words; w++) {
            // A copy of the word: the branch set of depth d does not change below, and sets may be reallocated.
            long pending = sets[b + w];
            while (pending != 0) {
                int v = (w << 6) + Long.numberOfTrailingZeros(pending);
                pending &= pending - 1;
                if (sizeS + sizeE < minSize) {
                    return larger;
                }
                // Lookahead: when all of S ∪ E is a quasi-clique, every other set left in this task lies
                // strictly inside it, so it is the task's only possible answer.
                failed = shortMember(s, e, sizeS + sizeE, failed);
                if (failed < 0) {
                    emitUnlessExtendable(union, 0);
                    return true;
                }
                sets[e + w] &= ~(1L << v);
                sizeE--;
                ensureDepth(d + 1);
                int cs = offS(d + 1);
                int ce = offE(d + 1);
                System.arraycopy(sets, s, sets, cs, words);
                sets[cs + w] |= 1L << v;
                System.arraycopy(sets, e, sets, ce, words);
                if (prune(d + 1, v)) {
                    larger |= settle(d + 1);
                }
            }
        }
        return larger;
    }

    /**
     * Cover-vertex rule (Quick): take u in E with in(u) >= ⌈γ|S|⌉ such that every v in S not adjacent to u
     * also has in(v) >= ⌈γ|S|⌉, and let C = E ∩ N(u) ∩ (the neighbourhoods of those v). If S ∪ T with
     * T ⊆ C is a quasi-clique, so is S ∪ T ∪ {u}: u gets |T| new neighbours against a bound that grows by
     * at most |T| (⌈γ(|S|+|T|)⌉ <= ⌈γ|S|⌉ + |T|); members of T and of S adjacent to u gain one against a
     * bound that grows by at most one; the v not adjacent to u have in(v) + |T| >= ⌈γ(|S|+|T|)⌉ by the
     * same sum. So no such set is maximal, and the branches whose extra vertices all lie in C are skipped:
     * the vertices of C stay candidates but are not branched on, which puts them after all others in
     * this task's order. The u with the largest C is used. Writes the branch vertices E \ C of task d.
     */
    private void chooseBranches(int d, int sizeS) {
        int s = offS(d);
        int e = offE(d);
        int b = offB(d);
        int least = thresholds.need(sizeS);
        int sizeE = list(e, listE);
        int countS = list(s, listS);
        int best = 0;
        boolean any = false;
        for (int i = 0; i < sizeE; i++) {
            int u = listE[i];
            if (inS[u] < least || inE[u] <= best) {
                continue;
            }
            int ru = u * words;
            for (int w = lo; w < hi; w++) {
                spare[w] = rows[ru + w] & sets[e + w];
            }
            boolean usable = true;
            for (int j = 0; j < countS && usable; j++) {
                int v = listS[j];
                if (!graph.adjacent(u, v)) {
                    if (inS[v] < least) {
                        usable = false;
                    } else {
                        int rv = v * words;
                        for (int w = lo; w < hi; w++) {
                            spare[w] &= rows[rv + w];
                        }
                    }
                }
            }
            if (!usable) {
                continue;
            }
            int c = 0;
            for (int w = lo; w < hi; w++) {
                c += Long.bitCount(spare[w]);
            }
            if (c > best) {
                best = c;
                any = true;
                for (int w = lo; w < hi; w++) {
                    forced[w] = spare[w];
                }
            }
        }
        for (int w = 0; w < words; w++) {
            sets[b + w] = sets[e + w];
        }
        if (any) {
            for (int w = lo; w < hi; w++) {
                sets[b + w] &= ~forced[w];
            }
        }
    }

    /**
     * Applies the rules to task d, whose S has just taken {@code added}, until none changes it. Returns
     * false when the task holds no answer; when true, {@link #inS}, {@link #inE}, {@link #listS},
     * {@link #listE}, [lo, hi) and {@link #settledIsQuasiClique} describe the task as left.
     */
    private boolean prune(int d, int added) {
        int s = offS(d);
        int e = offE(d);
        if (!shareRule(s, e, added)) {
            return false;
        }
        while (true) {
            range(s, e);
            int sizeS = list(s, listS);
            int sizeE = list(e, listE);
            if (sizeS + sizeE < minSize) {
                return false;
            }
            degrees(s, e, listS, sizeS);
            degrees(s, e, listE, sizeE);
            // Degree rule (Type II) and the first bounds on t. For v in S, Q = S ∪ T gives v at most
            // in(v) + min(t, ex(v)) neighbours, so:
            // - |Q| <= maxSize(in(v) + ex(v)), hence t <= that − |S| (upper bound U_min);
            // - t must reach the least t with in(v) + t >= ⌈γ(|S| + t − 1)⌉ (lower bound L_min);
            // - no t works when in(v) + ex(v) < ⌈γ(|S| + ex(v) − 1)⌉: in(v) + t − ⌈γ(|S| + t − 1)⌉ does not
            //   fall while t grows to ex(v) (the bound grows by at most one a step), and beyond ex(v) v
            //   gains no neighbour while the bound grows.
            // Both bounds are monotone in the degrees, so the smallest in(v) and in(v) + ex(v) give them.
            // Also t >= minSize − |S| and t <= |E|.
            long sumS = 0;
            int leastIn = Integer.MAX_VALUE;
            int leastDegree = Integer.MAX_VALUE;
            for (int i = 0; i < sizeS; i++) {
                int v = listS[i];
                if (inS[v] + inE[v] < thresholds.need(sizeS + inE[v] - 1)) {
                    return false;
                }
                leastIn = Math.min(leastIn, inS[v]);
                leastDegree = Math.min(leastDegree, inS[v] + inE[v]);
                sumS += inS[v];
            }
            int upperMin = Math.min(sizeE, thresholds.maxSize(leastDegree) - sizeS);
            int lowerMin = Math.max(Math.max(0, minSize - sizeS), thresholds.minExtension(leastIn, sizeS));
            if (lowerMin > upperMin) {
                return false;
            }
            // Upper and lower bound (Quick): the members of S have sumS + Σ_{u in T} in(u) neighbours in Q
            // together, at most sumS plus the t largest in(u) of E, and need |S|·⌈γ(|S| + t − 1)⌉. U is
            // the largest t in [L_min, U_min] meeting that, L the smallest; no answer has t outside [L, U].
            fillTopSums(sizeS, sizeE, upperMin);
            int upper = upperMin;
            while (upper >= lowerMin && !sumsSuffice(sumS, sizeS, upper)) {
                upper--;
            }
            if (upper < lowerMin) {
                return false;
            }
            int lower = lowerMin;
            while (!sumsSuffice(sumS, sizeS, lower)) {
                lower++;
            }
            // Degree rule with the bounds (Type II): v in S needs in(v) + min(t, ex(v)) >= ⌈γ(|S| + t − 1)⌉
            // for some t in [L, U]. The slack in(v) + min(t, ex(v)) − γ(|S| + t − 1) rises (or stays, at
            // γ = 1) until t = ex(v) and falls after, so t = ex(v) clamped to [L, U] is the best t.
            for (int i = 0; i < sizeS; i++) {
                int v = listS[i];
                int t = clamp(inE[v], lower, upper);
                if (inS[v] + Math.min(t, inE[v]) < thresholds.need(sizeS + t - 1)) {
                    return false;
                }
            }
            // The same for a candidate u (Type I), in a Q with u in T: u has at most in(u) + min(t − 1, ex(u))
            // neighbours in Q, t in [max(L, 1), U]; a u that fails for the best t is in no answer here.
            int first = Math.max(lower, 1) - 1;
            int last = upper - 1;
            boolean removed = false;
            for (int i = 0; i < sizeE; i++) {
                int u = listE[i];
                boolean drop;
                if (last < first) {
                    drop = true;
                } else {
                    int t = clamp(inE[u], first, last);
                    drop = inS[u] + Math.min(t, inE[u]) < thresholds.need(sizeS + t);
                }
                if (drop) {
                    sets[e + (u >>> 6)] &= ~(1L << u);
                    removed = true;
                }
            }
            if (removed) {
                continue;
            }
            // Critical vertex (Quick): every answer has at least |S| + L vertices, so each v in S needs
            // ⌈γ(|S| + L − 1)⌉ neighbours in it; when in(v) + ex(v) is exactly that, every answer holds all
            // of v's candidates, which move into S. All critical vertices of this state are used at once:
            // each conclusion holds for every answer of this task, so for every answer of the smaller one.
            int critical = thresholds.need(sizeS + lower - 1);
            boolean anyForced = false;
            for (int w = lo; w < hi; w++) {
                forced[w] = 0L;
            }
            for (int i = 0; i < sizeS; i++) {
                int v = listS[i];
                if (inE[v] > 0 && inS[v] + inE[v] <= critical) {
                    int rv = v * words;
                    for (int w = lo; w < hi; w++) {
                        forced[w] |= rows[rv + w] & sets[e + w];
                    }
                    anyForced = true;
                }
            }
            if (!anyForced) {
                boolean quasiClique = true;
                int need = thresholds.need(sizeS - 1);
                for (int i = 0; i < sizeS && quasiClique; i++) {
                    quasiClique = inS[listS[i]] >= need;
                }
                settledIsQuasiClique = quasiClique;
                return true;
            }
            int moved = 0;
            for (int w = lo; w < hi; w++) {
                sets[s + w] |= forced[w];
                sets[e + w] &= ~forced[w];
            }
            for (int w = lo; w < hi; w++) {
                long bits = forced[w];
                while (bits != 0) {
                    listE[moved++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                    bits &= bits - 1;
                }
            }
            // listE is free again until the next round lists E; it holds the moved vertices meanwhile.
            for (int i = 0; i < moved; i++) {
                if (!shareRule(s, e, listE[i])) {
                    return false;
                }
            }
        }
    }

    /**
     * Common-neighbour rule, a strengthening of the diameter rule (γ >= 0.5 puts any two members of a
     * quasi-clique within two hops, Pei et al. 2005): two members of a quasi-clique of s vertices share at
     * least 2⌈γ(s−1)⌉ − s common neighbours in it when adjacent and two more when not (see
     * {@link QuasiThresholds}), all inside S ∪ E here. A candidate sharing too few with the vertex just
     * added leaves E (an answer holding it has at least |S| + 1 vertices); a member of S sharing too few
     * with it ends the task (an answer has at least |S|).
     */
    private boolean shareRule(int s, int e, int added) {
        range(s, e);
        int sizeS = 0;
        for (int w = lo; w < hi; w++) {
            union[w] = sets[s + w] | sets[e + w];
            sizeS += Long.bitCount(sets[s + w]);
        }
        int ra = added * words;
        for (int w = lo; w < hi; w++) {
            spare[w] = rows[ra + w] & union[w];
        }
        int near = thresholds.sharedByAdjacent(Math.max(minSize, sizeS + 1));
        int far = thresholds.sharedByNonAdjacent(Math.max(minSize, sizeS + 1));
        for (int w = lo; w < hi; w++) {
            long bits = sets[e + w];
            while (bits != 0) {
                int y = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (sharedWith(y) < (graph.adjacent(added, y) ? near : far)) {
                    sets[e + w] &= ~(1L << y);
                }
            }
        }
        near = thresholds.sharedByAdjacent(Math.max(minSize, sizeS));
        far = thresholds.sharedByNonAdjacent(Math.max(minSize, sizeS));
        for (int w = lo; w < hi; w++) {
            long bits = sets[s + w];
            while (bits != 0) {
                int v = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (v != added && sharedWith(v) < (graph.adjacent(added, v) ? near : far)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** |N(y) ∩ spare|: y's common neighbours with the added vertex inside S ∪ E, as {@link #shareRule} set up. */
    private int sharedWith(int y) {
        int ry = y * words;
        int c = 0;
        for (int w = lo; w < hi; w++) {
            c += Long.bitCount(rows[ry + w] & spare[w]);
        }
        return c;
    }

    /** Whether the members of S, with the t members of E of most neighbours in S, can have the neighbours S needs. */
    private boolean sumsSuffice(long sumS, int sizeS, int t) {
        return sumS + topSum[t] >= (long) sizeS * thresholds.need(sizeS + t - 1);
    }

    /** topSum[t] for t <= upTo: the sum of the t largest in(u), u in E (a counting sort: in(u) <= |S|). */
    private void fillTopSums(int sizeS, int sizeE, int upTo) {
        for (int k = 0; k <= sizeS; k++) {
            histogram[k] = 0;
        }
        for (int i = 0; i < sizeE; i++) {
            histogram[inS[listE[i]]]++;
        }
        topSum[0] = 0;
        int t = 0;
        for (int k = sizeS; k >= 0 && t < upTo; k--) {
            for (int c = histogram[k]; c > 0 && t < upTo; c--) {
                topSum[t + 1] = topSum[t] + k;
                t++;
            }
        }
    }

    /** in(x) and ex(x) for the listed vertices. */
    private void degrees(int s, int e, int[] list, int size) {
        for (int i = 0; i < size; i++) {
            int x = list[i];
            int rx = x * words;
            int a = 0;
            int b = 0;
            for (int w = lo; w < hi; w++) {
                long r = rows[rx + w];
                a += Long.bitCount(r & sets[s + w]);
                b += Long.bitCount(r & sets[e + w]);
            }
            inS[x] = a;
            inE[x] = b;
        }
    }

    /**
     * Puts S ∪ E into {@link #union} and looks for a member with fewer than ⌈γ(size−1)⌉ neighbours in it,
     * trying {@code hint} (the last one found) first. Returns it, or -1 when S ∪ E is a quasi-clique.
     */
    private int shortMember(int s, int e, int size, int hint) {
        range(s, e);
        for (int w = lo; w < hi; w++) {
            union[w] = sets[s + w] | sets[e + w];
        }
        for (int w = 0; w < lo; w++) {
            union[w] = 0L;
        }
        for (int w = hi; w < words; w++) {
            union[w] = 0L;
        }
        int need = thresholds.need(size - 1);
        if (hint >= 0 && (union[hint >>> 6] & (1L << hint)) != 0 && degreeIn(hint, union) < need) {
            return hint;
        }
        for (int w = lo; w < hi; w++) {
            long bits = union[w];
            while (bits != 0) {
                int x = (w << 6) + Long.numberOfTrailingZeros(bits);
                bits &= bits - 1;
                if (degreeIn(x, union) < need) {
                    return x;
                }
            }
        }
        return -1;
    }

    private int degreeIn(int x, long[] set) {
        int rx = x * words;
        int c = 0;
        for (int w = lo; w < hi; w++) {
            c += Long.bitCount(rows[rx + w] & set[w]);
        }
        return c;
    }

    /**
     * Emits the quasi-clique X at {@code bits[off..off+words)} unless X ∪ {x} is one for a local vertex x
     * (then X is not maximal). This catches the sets a sibling branch or an earlier lookahead already
     * extended, at the cost of a few row operations. A vertex after the root outside the local graph can
     * not extend X: it was left out because it is in no quasi-clique of at least minSize vertices with the
     * root, and X ∪ {x} would be one. Vertices before the root are left to the final filter.
     */
    private void emitUnlessExtendable(long[] bits, int off) {
        int size = 0;
        for (int w = 0; w < words; w++) {
            size += Long.bitCount(bits[off + w]);
        }
        // In X ∪ {x} each member needs ⌈γ·|X|⌉ neighbours; x adds at most one, so a member one short must
        // be adjacent to x, and a member two or more short rules every x out.
        int need = thresholds.need(size);
        for (int w = 0; w < words; w++) {
            spare[w] = ~bits[off + w];
        }
        int tail = graph.size() & 63;
        if (tail != 0) {
            spare[words - 1] &= (1L << tail) - 1;
        }
        for (int w = 0; w < words; w++) {
            long x = bits[off + w];
            while (x != 0) {
                int v = (w << 6) + Long.numberOfTrailingZeros(x);
                x &= x - 1;
                int d = degreeIn(v, bits, off);
                if (d < need - 1) {
                    emit(bits, off);
                    return;
                }
                if (d == need - 1) {
                    int rv = v * words;
                    for (int k = 0; k < words; k++) {
                        spare[k] &= rows[rv + k];
                    }
                }
            }
        }
        for (int w = 0; w < words; w++) {
            long x = spare[w];
            while (x != 0) {
                int v = (w << 6) + Long.numberOfTrailingZeros(x);
                x &= x - 1;
                if (degreeIn(v, bits, off) >= need) {
                    return;
                }
            }
        }
        emit(bits, off);
    }

    /** |N(x) ∩ X| over all words, X at {@code set[off..off+words)}. */
    private int degreeIn(int x, long[] set, int off) {
        int rx = x * words;
        int c = 0;
        for (int w = 0; w < words; w++) {
            c += Long.bitCount(rows[rx + w] & set[off + w]);
        }
        return c;
    }

    /** Adds the set at {@code bits[off..off+words)} as graph vertices. */
    private void emit(long[] bits, int off) {
        int k = 0;
        for (int w = 0; w < words; w++) {
            long x = bits[off + w];
            while (x != 0) {
                emitted[k++] = graph.member((w << 6) + Long.numberOfTrailingZeros(x));
                x &= x - 1;
            }
        }
        found.add(emitted, k);
    }

    /** Sets [lo, hi) to the words where S ∪ E has members (everything below lies in them). */
    private void range(int s, int e) {
        int a = 0;
        while (a < words && (sets[s + a] | sets[e + a]) == 0) {
            a++;
        }
        int z = words;
        while (z > a && (sets[s + z - 1] | sets[e + z - 1]) == 0) {
            z--;
        }
        lo = a;
        hi = z;
    }

    private int list(int off, int[] into) {
        int k = 0;
        for (int w = lo; w < hi; w++) {
            long x = sets[off + w];
            while (x != 0) {
                into[k++] = (w << 6) + Long.numberOfTrailingZeros(x);
                x &= x - 1;
            }
        }
        return k;
    }

    private int count(int off) {
        int c = 0;
        for (int w = 0; w < words; w++) {
            c += Long.bitCount(sets[off + w]);
        }
        return c;
    }

    private boolean empty(int off) {
        for (int w = 0; w < words; w++) {
            if (sets[off + w] != 0) {
                return false;
            }
        }
        return true;
    }

    private static int clamp(int x, int low, int high) {
        return Math.max(low, Math.min(x, high));
    }

    private int offS(int d) {
        return 3 * d * words;
    }

    private int offE(int d) {
        return (3 * d + 1) * words;
    }

    private int offB(int d) {
        return (3 * d + 2) * words;
    }

    private void ensureDepth(int d) {
        long need = (3L * d + 3) * words;
        if (sets.length < need) {
            long grown = Math.max(need, 2L * sets.length);
            sets = Arrays.copyOf(sets, (int) Math.min(grown, Integer.MAX_VALUE - 8));
        }
    }

    private void ensureScratch(int m) {
        if (inS.length < m) {
            inS = new int[m];
            inE = new int[m];
            listS = new int[m];
            listE = new int[m];
            emitted = new int[m];
            histogram = new int[m + 1];
            topSum = new long[m + 1];
        }
        if (union.length < words) {
            union = new long[words];
            spare = new long[words];
            forced = new long[words];
        }
    }
}
