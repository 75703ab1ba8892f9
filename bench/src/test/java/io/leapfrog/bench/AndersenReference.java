package io.leapfrog.bench;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Andersen's analysis solved the textbook way, independently of every engine: a points-to set per node and
 * a graph of subset edges (q -> p when pts(q) must be in pts(p)), grown by the loads and stores as the sets
 * grow, with a worklist of the nodes whose set changed.
 */
final class AndersenReference {
    private AndersenReference() {
    }

    /** The number of (pointer, object) pairs in the least solution: the size of the andersen query's pointsTo. */
    static long pointsToSize(PointsToInputs in) {
        int n = 1 + max(in.addressOf(), in.assign(), in.load(), in.store());
        BitSet[] pts = new BitSet[n];
        List<Set<Integer>> subset = new ArrayList<>(n);
        List<List<Integer>> loadsFrom = new ArrayList<>(n);   // q -> p for load(p, q): p = *q
        List<List<Integer>> storesTo = new ArrayList<>(n);    // p -> q for store(p, q): *p = q
        for (int v = 0; v < n; v++) {
            pts[v] = new BitSet();
            subset.add(new HashSet<>());
            loadsFrom.add(new ArrayList<>());
            storesTo.add(new ArrayList<>());
        }
        EdgeList a = in.addressOf();
        for (int i = 0; i < a.size(); i++) {
            pts[a.src()[i]].set(a.dst()[i]);
        }
        EdgeList c = in.assign();
        for (int i = 0; i < c.size(); i++) {
            subset.get(c.dst()[i]).add(c.src()[i]);
        }
        EdgeList l = in.load();
        for (int i = 0; i < l.size(); i++) {
            loadsFrom.get(l.dst()[i]).add(l.src()[i]);
        }
        EdgeList s = in.store();
        for (int i = 0; i < s.size(); i++) {
            storesTo.get(s.src()[i]).add(s.dst()[i]);
        }
        Deque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        for (int v = 0; v < n; v++) {
            if (!pts[v].isEmpty()) {
                work.add(v);
                queued[v] = true;
            }
        }
        while (!work.isEmpty()) {
            int v = work.poll();
            queued[v] = false;
            List<Integer> newEdges = new ArrayList<>();   // pairs (from, to), flattened
            for (int r = pts[v].nextSetBit(0); r >= 0; r = pts[v].nextSetBit(r + 1)) {
                for (int p : loadsFrom.get(v)) {     // p = *v: pts(r) in pts(p)
                    if (subset.get(r).add(p)) {
                        newEdges.add(r);
                        newEdges.add(p);
                    }
                }
                for (int q : storesTo.get(v)) {      // *v = q: pts(q) in pts(r)
                    if (subset.get(q).add(r)) {
                        newEdges.add(q);
                        newEdges.add(r);
                    }
                }
            }
            for (int i = 0; i < newEdges.size(); i += 2) {
                int from = newEdges.get(i);
                int to = newEdges.get(i + 1);
                if (from != v && grow(pts, from, to) && !queued[to]) {
                    work.add(to);
                    queued[to] = true;
                }
            }
            for (int w : subset.get(v)) {
                if (grow(pts, v, w) && !queued[w]) {
                    work.add(w);
                    queued[w] = true;
                }
            }
        }
        long total = 0;
        for (BitSet b : pts) {
            total += b.cardinality();
        }
        return total;
    }

    /** pts(to) |= pts(from); whether it grew. */
    private static boolean grow(BitSet[] pts, int from, int to) {
        int before = pts[to].cardinality();
        pts[to].or(pts[from]);
        return pts[to].cardinality() != before;
    }

    private static int max(EdgeList... lists) {
        int m = 0;
        for (EdgeList e : lists) {
            for (int i = 0; i < e.size(); i++) {
                m = Math.max(m, Math.max(e.src()[i], e.dst()[i]));
            }
        }
        return m;
    }
}
