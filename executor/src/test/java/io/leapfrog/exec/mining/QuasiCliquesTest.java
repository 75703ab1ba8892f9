package io.leapfrog.exec.mining;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.Relation;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Maximal γ-quasi-cliques against the definition (every vertex subset of random graphs tested), against
 * maximal cliques at γ = 1, and on graphs with known answers. Graphs come from relations with self-loops,
 * duplicate rows, both directions of an edge and values that are not 0..n-1; every search runs on one
 * thread and on three.
 */
class QuasiCliquesTest {
    private static final String[] GAMMAS = {"0.5", "0.6", "0.75", "0.9", "1.0"};
    /** The same γ as fractions, written out here so that the brute force does not depend on {@link Gamma}. */
    private static final long[][] FRACTIONS = {{1, 2}, {3, 5}, {3, 4}, {9, 10}, {1, 1}};
    private static final int[] TAUS = {1, 2, 3, 4, 5, 7};
    private static final double[] DENSITIES = {0.15, 0.35, 0.55, 0.75, 0.9};

    @Property(tries = 700)
    void smallRandomGraphsMatchTheBruteForce(@ForAll @IntRange(min = 0, max = 1_000_000_000) int seed) {
        Random rnd = new Random(seed);
        RandomGraph raw = RandomGraph.of(rnd, 2 + rnd.nextInt(12), DENSITIES[rnd.nextInt(DENSITIES.length)]);
        assertMatchesBruteForce(raw, rnd.nextInt(GAMMAS.length), TAUS[rnd.nextInt(TAUS.length)]);
    }

    @Test
    void largerRandomGraphsMatchTheBruteForce() {
        for (int seed = 0; seed < 15; seed++) {
            Random rnd = new Random(1000 + seed);
            int n = 16 + seed % 5;
            RandomGraph raw = RandomGraph.of(rnd, n, DENSITIES[1 + seed % 4]);
            assertMatchesBruteForce(raw, seed % GAMMAS.length, new int[]{1, 3, 5, 8}[seed % 4]);
        }
    }

    @Test
    void aQuasiCliqueThatNoSingleVertexExtendsCanStillLieInsideALargerOne() {
        // γ = 0.75: the triangle {0, 1, 2} is a quasi-clique, adding 3 or 4 alone breaks the bound (1 or 2
        // would have 2 of 3 neighbours), but {0, 1, 2, 3, 4} is one (each member has 3 of 4).
        int[][] edges = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 2}, {1, 4}, {2, 3}, {3, 4}, {3, 5}};
        Graph g = Graph.undirected(Relation.of(2, edges));
        List<String> got = text(QuasiCliques.maximal(g, Gamma.parse("0.75"), 3, 1).sorted());
        assertTrue(got.contains("[0, 1, 2, 3, 4]"), got.toString());
        assertFalse(got.contains("[0, 1, 2]"), got.toString());
        int[] masks = new int[6];
        for (int[] e : edges) {
            masks[e[0]] |= 1 << e[1];
            masks[e[1]] |= 1 << e[0];
        }
        List<int[]> want = QuasiBruteForce.maximal(6, masks, 3, 4, 3);
        want.sort(Arrays::compare);
        assertEquals(text(want), got);
    }

    @Property(tries = 150)
    void gammaOneGivesTheMaximalCliques(@ForAll @IntRange(min = 0, max = 1_000_000_000) int seed) {
        Random rnd = new Random(seed);
        int n = 5 + rnd.nextInt(36);
        RandomGraph raw = RandomGraph.of(rnd, n, DENSITIES[rnd.nextInt(DENSITIES.length)]);
        int tau = 1 + rnd.nextInt(5);
        Graph g = Graph.undirected(raw.relation);
        List<int[]> cliques = new ArrayList<>();
        bronKerbosch(raw.neighbours, 0L, present(raw), 0L, cliques);
        List<int[]> want = new ArrayList<>();
        for (int[] c : cliques) {
            if (c.length >= tau) {
                want.add(raw.toGraphNumbers(c));
            }
        }
        want.sort(Arrays::compare);
        for (int threads : new int[]{1, 3}) {
            assertEquals(text(want), text(QuasiCliques.maximal(g, Gamma.of(1, 1), tau, threads).sorted()),
                    "seed " + seed + ", τ " + tau + ", threads " + threads);
        }
    }

    @Test
    void aCompleteGraphIsOneQuasiCliqueForEveryGammaAndSize() {
        for (int n = 2; n <= 14; n++) {
            List<int[]> rows = new ArrayList<>();
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    rows.add(new int[]{10 * a - 3, 10 * b - 3});
                }
            }
            Graph g = Graph.undirected(Relation.of(2, rows.toArray(new int[0][])));
            int[] all = new int[n];
            Arrays.setAll(all, i -> i);
            for (String gamma : GAMMAS) {
                for (int tau = 1; tau <= n + 1; tau++) {
                    List<int[]> got = QuasiCliques.maximal(g, Gamma.parse(gamma), tau, 1 + tau % 3).sorted();
                    List<int[]> want = tau <= n ? List.<int[]>of(all) : List.of();
                    assertEquals(text(want), text(got), "K" + n + ", γ " + gamma + ", τ " + tau);
                }
            }
        }
    }

    @Test
    void rowsGiveEachSetsMembersAsTheRelationsValues() {
        // Two 4-cliques on values {-7, 5, 12, 40} and {12, 40, 99, 1000} sharing an edge, and a pendant 3.
        int[][] rows = {{-7, 5}, {-7, 12}, {-7, 40}, {5, 12}, {5, 40}, {12, 40}, {40, 12}, {12, 99}, {12, 1000},
                {40, 99}, {40, 1000}, {99, 1000}, {1000, 3}, {3, 3}, {77, 77}, {5, 5}, {5, -7}};
        Graph g = Graph.undirected(Relation.of(2, rows));
        VertexSets sets = QuasiCliques.maximal(g, Gamma.parse("0.9"), 3, 2);
        Relation members = sets.rows(g, true);
        Map<Integer, TreeSet<Integer>> byId = new TreeMap<>();
        for (int r = 0; r < members.size(); r++) {
            byId.computeIfAbsent(members.get(r, 0), id -> new TreeSet<>()).add(members.get(r, 1));
        }
        assertEquals("{0=[-7, 5, 12, 40], 1=[12, 40, 99, 1000]}", byId.toString());
        assertEquals(2, sets.rows(g, false).size());
    }

    @Property(tries = 25)
    void graphsWithHubsGiveTheMaximalCliquesAtGammaOne(@ForAll @IntRange(min = 0, max = 1_000_000_000) int seed) {
        // Hubs give root tasks of more than 64 candidates, so the search runs on rows of several words.
        Random rnd = new Random(seed);
        BigGraph raw = BigGraph.withHubs(rnd, 100 + rnd.nextInt(101));
        int tau = 1 + rnd.nextInt(4);
        List<int[]> want = new ArrayList<>();
        for (int[] c : raw.maximalCliques()) {
            if (c.length >= tau) {
                want.add(c);
            }
        }
        want.sort(Arrays::compare);
        Graph g = Graph.undirected(raw.relation(raw.identity()));
        for (int threads : new int[]{1, 3}) {
            assertEquals(text(want), text(raw.original(g, QuasiCliques.maximal(g, Gamma.of(1, 1), tau, threads))),
                    "seed " + seed + ", τ " + tau + ", threads " + threads);
        }
    }

    /*
     * A fixed jqwik seed: some graphs of this family (about one seed in a few thousand, e.g. 298545145: a
     * near-clique, γ 0.6, τ 12) have millions of quasi-cliques, whose maximality filter does not finish
     * in a test's time (docs/mining.md, Limits); the same 25 graphs run every build.
     */
    @Property(tries = 25, seed = "20261127")
    void onLargerGraphsEachAnswerIsAMaximalQuasiCliqueWhateverTheNumbering(
            @ForAll @IntRange(min = 0, max = 1_000_000_000) int seed) {
        Random rnd = new Random(seed);
        boolean hubs = rnd.nextBoolean();
        BigGraph raw = hubs ? BigGraph.withHubs(rnd, 100 + rnd.nextInt(81))
                : BigGraph.nearClique(rnd, 100 + rnd.nextInt(81), 66 + rnd.nextInt(10), rnd.nextInt(6), rnd.nextInt(4));
        String gamma = new String[]{"0.6", "0.75", "0.9"}[rnd.nextInt(3)];
        int tau = hubs ? 3 + rnd.nextInt(3) : 8 + rnd.nextInt(50);
        Graph g = Graph.undirected(raw.relation(raw.identity()));
        List<int[]> got = raw.original(g, QuasiCliques.maximal(g, Gamma.parse(gamma), tau, 1));
        String where = "seed " + seed + ", γ " + gamma + ", τ " + tau;
        // Another numbering changes the search order and every local numbering, not the answer.
        int[] shuffled = raw.shuffledValues(rnd);
        Graph h = Graph.undirected(raw.relation(shuffled));
        assertEquals(text(got), text(raw.original(h, QuasiCliques.maximal(h, Gamma.parse(gamma), tau, 3), shuffled)), where);
        assertEachIsAMaximalQuasiClique(raw, got, Gamma.parse(gamma), tau, where);
    }

    /**
     * What can be checked without the brute force: each set is a quasi-clique of at least τ vertices that
     * no single vertex extends, and none lies inside another.
     */
    private static void assertEachIsAMaximalQuasiClique(BigGraph raw, List<int[]> sets, Gamma gamma, int tau,
                                                        String where) {
        long num = gamma.numerator();
        long den = gamma.denominator();
        for (int[] s : sets) {
            assertTrue(s.length >= tau, where);
            assertTrue(raw.isQuasiClique(s, num, den), where + ": " + Arrays.toString(s));
            for (int x = 0; x < raw.n; x++) {
                if (Arrays.binarySearch(s, x) < 0) {
                    int[] bigger = Arrays.copyOf(s, s.length + 1);
                    bigger[s.length] = x;
                    Arrays.sort(bigger);
                    assertFalse(raw.isQuasiClique(bigger, num, den), where + ": " + Arrays.toString(bigger));
                }
            }
        }
        for (int[] a : sets) {
            for (int[] b : sets) {
                assertFalse(a.length < b.length && Arrays.stream(a).allMatch(v -> Arrays.binarySearch(b, v) >= 0),
                        where + ": " + Arrays.toString(a) + " inside " + Arrays.toString(b));
            }
        }
    }

    @Test
    void aLargeNearCliqueTakesItsOutsidersAsGammaAllows() {
        // 70 vertices less 3 disjoint edges, 3 pairwise non-adjacent outsiders adjacent to 66 of them.
        BigGraph raw = BigGraph.nearClique(new Random(3), 150, 70, 3, 3);
        Graph g = Graph.undirected(raw.relation(raw.identity()));
        int[] withOutsiders = new int[73];
        Arrays.setAll(withOutsiders, i -> i);
        for (int threads : new int[]{1, 3}) {
            // γ = 0.9: 73 vertices need 65 neighbours each; the outsiders have 66, the clique 68 or more.
            assertEquals(text(List.of(withOutsiders)),
                    text(raw.original(g, QuasiCliques.maximal(g, Gamma.parse("0.9"), 10, threads))));
            // γ = 0.95: an outsider, with 66 neighbours, fits in 70 vertices but not in 71, so it can take
            // the place of a clique vertex it misses; too many answers to list, each checked instead.
            List<int[]> swaps = raw.original(g, QuasiCliques.maximal(g, Gamma.parse("0.95"), 10, threads));
            assertTrue(swaps.size() > 1);
            assertEachIsAMaximalQuasiClique(raw, swaps, Gamma.parse("0.95"), 10, "γ 0.95");
            // γ = 1: one end of each missing edge, 8 ways, with the outsiders adjacent to all chosen.
            List<int[]> want = new ArrayList<>();
            for (int[] c : raw.maximalCliques()) {
                if (c.length >= 10) {
                    want.add(c);
                }
            }
            want.sort(Arrays::compare);
            assertTrue(want.size() >= 8);
            assertEquals(text(want), text(raw.original(g, QuasiCliques.maximal(g, Gamma.of(1, 1), 10, threads))));
        }
    }

    @Test
    void rejectsASizeOrThreadCountBelowOne() {
        Graph g = Graph.undirected(Relation.of(2, new int[][]{{1, 2}}));
        assertThrows(IllegalArgumentException.class, () -> QuasiCliques.maximal(g, Gamma.parse("0.8"), 0, 1));
        assertThrows(IllegalArgumentException.class, () -> QuasiCliques.maximal(g, Gamma.parse("0.8"), 2, 0));
    }

    @Test
    void anInterruptedCallerStopsTheSearch() {
        Random rnd = new Random(5);
        Graph g = Graph.undirected(RandomGraph.of(rnd, 40, 0.5).relation);
        for (int threads : new int[]{1, 3}) {
            Thread.currentThread().interrupt();
            try {
                LeapfrogException e = assertThrows(LeapfrogException.class,
                        () -> QuasiCliques.maximal(g, Gamma.parse("0.6"), 3, threads));
                assertEquals("error: the quasi-clique search was interrupted", e.getMessage());
            } finally {
                Thread.interrupted();
            }
        }
    }

    private static void assertMatchesBruteForce(RandomGraph raw, int gammaIndex, int tau) {
        Graph g = Graph.undirected(raw.relation);
        int[] present = raw.presentVertices();
        assertEquals(present.length, g.size());
        // Brute force over the vertices with a neighbour (a vertex with only a self-loop is no vertex).
        int[] compact = new int[present.length];
        for (int i = 0; i < present.length; i++) {
            for (int j = 0; j < present.length; j++) {
                if ((raw.neighbours[present[i]] & (1L << present[j])) != 0) {
                    compact[i] |= 1 << j;
                }
            }
        }
        long[] f = FRACTIONS[gammaIndex];
        List<int[]> want = new ArrayList<>();
        for (int[] s : QuasiBruteForce.maximal(present.length, compact, f[0], f[1], tau)) {
            int[] rawMembers = new int[s.length];
            for (int i = 0; i < s.length; i++) {
                rawMembers[i] = present[s[i]];
            }
            want.add(raw.toGraphNumbers(rawMembers));
        }
        want.sort(Arrays::compare);
        for (int threads : new int[]{1, 3}) {
            VertexSets got = QuasiCliques.maximal(g, Gamma.parse(GAMMAS[gammaIndex]), tau, threads);
            assertEquals(text(want), text(got.sorted()),
                    raw + ", γ " + GAMMAS[gammaIndex] + ", τ " + tau + ", threads " + threads);
        }
    }

    private static List<String> text(List<int[]> sets) {
        List<String> out = new ArrayList<>();
        for (int[] s : sets) {
            out.add(Arrays.toString(s));
        }
        return out;
    }

    private static long present(RandomGraph raw) {
        long all = 0;
        for (int v : raw.presentVertices()) {
            all |= 1L << v;
        }
        return all;
    }

    /** Maximal cliques with Tomita's pivot: r the clique, p the candidates, x the excluded. */
    private static void bronKerbosch(long[] nb, long r, long p, long x, List<int[]> out) {
        if (p == 0 && x == 0) {
            int[] c = new int[Long.bitCount(r)];
            int k = 0;
            for (long rest = r; rest != 0; rest &= rest - 1) {
                c[k++] = Long.numberOfTrailingZeros(rest);
            }
            out.add(c);
            return;
        }
        int pivot = -1;
        int most = -1;
        for (long rest = p | x; rest != 0; rest &= rest - 1) {
            int u = Long.numberOfTrailingZeros(rest);
            int c = Long.bitCount(p & nb[u]);
            if (c > most) {
                most = c;
                pivot = u;
            }
        }
        for (long rest = p & ~nb[pivot]; rest != 0; rest &= rest - 1) {
            int v = Long.numberOfTrailingZeros(rest);
            bronKerbosch(nb, r | (1L << v), p & nb[v], x & nb[v], out);
            p &= ~(1L << v);
            x |= 1L << v;
        }
    }

    /**
     * A random graph on raw vertices 0..n-1 (at most 64) given to the search as a relation over other
     * values, each edge as one row, its reverse, both, or one twice, with self-loops sprinkled in.
     */
    private static final class RandomGraph {
        final int n;
        final long[] neighbours;
        final int[] value;
        final Relation relation;
        final String description;

        private RandomGraph(int n, long[] neighbours, int[] value, Relation relation, String description) {
            this.n = n;
            this.neighbours = neighbours;
            this.value = value;
            this.relation = relation;
            this.description = description;
        }

        static RandomGraph of(Random rnd, int n, double density) {
            long seed = rnd.nextLong();
            Random r = new Random(seed);
            int[] value = new int[n];
            int base = r.nextInt(2001) - 1000;
            int step = 1 + r.nextInt(40);
            List<Integer> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(base + i * step);
            }
            java.util.Collections.shuffle(values, r);
            for (int i = 0; i < n; i++) {
                value[i] = values.get(i);
            }
            long[] nb = new long[n];
            List<int[]> rows = new ArrayList<>();
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    if (r.nextDouble() < density) {
                        nb[a] |= 1L << b;
                        nb[b] |= 1L << a;
                        int[] ab = {value[a], value[b]};
                        int[] ba = {value[b], value[a]};
                        switch (r.nextInt(4)) {
                            case 0 -> rows.add(ab);
                            case 1 -> rows.add(ba);
                            case 2 -> {
                                rows.add(ab);
                                rows.add(ba);
                            }
                            default -> {
                                rows.add(ab);
                                rows.add(ab.clone());
                            }
                        }
                    }
                }
                if (r.nextInt(5) == 0) {
                    rows.add(new int[]{value[a], value[a]});
                }
            }
            java.util.Collections.shuffle(rows, r);
            Relation rel = Relation.of(2, rows.toArray(new int[0][]));
            return new RandomGraph(n, nb, value, rel, "n " + n + ", density " + density + ", graph seed " + seed);
        }

        /** The raw vertices with a neighbour, in increasing raw number. */
        int[] presentVertices() {
            int k = 0;
            int[] out = new int[n];
            for (int v = 0; v < n; v++) {
                if (neighbours[v] != 0) {
                    out[k++] = v;
                }
            }
            return Arrays.copyOf(out, k);
        }

        /** Raw vertices as the graph numbers them (by increasing value among the present vertices), sorted. */
        int[] toGraphNumbers(int[] rawMembers) {
            int[] present = presentVertices();
            int[] values = new int[present.length];
            Map<Integer, Integer> rank = new HashMap<>();
            for (int i = 0; i < present.length; i++) {
                values[i] = value[present[i]];
            }
            Arrays.sort(values);
            for (int i = 0; i < values.length; i++) {
                rank.put(values[i], i);
            }
            int[] out = new int[rawMembers.length];
            for (int i = 0; i < rawMembers.length; i++) {
                out[i] = rank.get(value[rawMembers[i]]);
            }
            Arrays.sort(out);
            return out;
        }

        @Override
        public String toString() {
            return description;
        }
    }

    /** A graph on vertices 0..n-1 too large for the brute force, as bit sets of neighbours. */
    private static final class BigGraph {
        final int n;
        final BitSet[] neighbours;

        private BigGraph(int n, BitSet[] neighbours) {
            this.n = n;
            this.neighbours = neighbours;
        }

        /**
         * A sparse random graph (about three neighbours per vertex) with three hubs joined to a third of
         * the vertices each and a dense block of 14.
         */
        static BigGraph withHubs(Random rnd, int n) {
            BitSet[] nb = new BitSet[n];
            for (int v = 0; v < n; v++) {
                nb[v] = new BitSet(n);
            }
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    boolean hub = a < 3 && rnd.nextInt(3) == 0;
                    boolean block = a >= 3 && b < 3 + 14 && rnd.nextInt(10) < 8;
                    if (hub || block || rnd.nextInt(n) < 3) {
                        nb[a].set(b);
                        nb[b].set(a);
                    }
                }
            }
            return new BigGraph(n, nb);
        }

        /**
         * A clique on vertices 0..clique-1 less a matching of {@code missing} edges, {@code outsiders}
         * vertices joined to all but four of the clique (the first ones), and a sparse random rest: root
         * tasks of more than 64 candidates.
         */
        static BigGraph nearClique(Random rnd, int n, int clique, int missing, int outsiders) {
            BitSet[] nb = new BitSet[n];
            for (int v = 0; v < n; v++) {
                nb[v] = new BitSet(n);
            }
            for (int a = 0; a < n; a++) {
                for (int b = a + 1; b < n; b++) {
                    boolean inside = b < clique && !(b == a + 1 && a % 2 == 0 && a < 2 * missing);
                    boolean outsider = a < clique - 4 && b >= clique && b < clique + outsiders;
                    if (inside || outsider || (b >= clique && rnd.nextInt(n) < 3)) {
                        nb[a].set(b);
                        nb[b].set(a);
                    }
                }
            }
            return new BigGraph(n, nb);
        }

        int[] identity() {
            int[] v = new int[n];
            Arrays.setAll(v, i -> 7 * i - 300);
            return v;
        }

        int[] shuffledValues(Random rnd) {
            List<Integer> v = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                v.add(1_000_000 - 13 * i);
            }
            java.util.Collections.shuffle(v, rnd);
            return v.stream().mapToInt(Integer::intValue).toArray();
        }

        Relation relation(int[] value) {
            List<int[]> rows = new ArrayList<>();
            for (int a = 0; a < n; a++) {
                for (int b = neighbours[a].nextSetBit(a + 1); b >= 0; b = neighbours[a].nextSetBit(b + 1)) {
                    rows.add(new int[]{value[b], value[a]});
                }
                rows.add(new int[]{value[a], value[a]});
            }
            return Relation.of(2, rows.toArray(new int[0][]));
        }

        /** The answer in vertices 0..n-1, each sorted, the list sorted, for the graph built with {@link #identity()}. */
        List<int[]> original(Graph g, VertexSets sets) {
            return original(g, sets, identity());
        }

        List<int[]> original(Graph g, VertexSets sets, int[] value) {
            Map<Integer, Integer> raw = new HashMap<>();
            for (int i = 0; i < n; i++) {
                raw.put(value[i], i);
            }
            List<int[]> out = new ArrayList<>();
            for (int[] s : sets.sorted()) {
                int[] o = new int[s.length];
                for (int i = 0; i < s.length; i++) {
                    o[i] = raw.get(g.value(s[i]));
                }
                Arrays.sort(o);
                out.add(o);
            }
            out.sort(Arrays::compare);
            return out;
        }

        boolean isQuasiClique(int[] s, long num, long den) {
            for (int v : s) {
                int d = 0;
                for (int u : s) {
                    if (neighbours[v].get(u)) {
                        d++;
                    }
                }
                if ((long) d * den < num * (s.length - 1)) {
                    return false;
                }
            }
            return true;
        }

        /** Maximal cliques among the vertices with a neighbour (Bron–Kerbosch with Tomita's pivot). */
        List<int[]> maximalCliques() {
            BitSet p = new BitSet(n);
            for (int v = 0; v < n; v++) {
                if (!neighbours[v].isEmpty()) {
                    p.set(v);
                }
            }
            List<int[]> out = new ArrayList<>();
            expand(new BitSet(n), p, new BitSet(n), out);
            return out;
        }

        private void expand(BitSet r, BitSet p, BitSet x, List<int[]> out) {
            if (p.isEmpty() && x.isEmpty()) {
                out.add(r.stream().toArray());
                return;
            }
            BitSet px = (BitSet) p.clone();
            px.or(x);
            int pivot = -1;
            int most = -1;
            for (int u = px.nextSetBit(0); u >= 0; u = px.nextSetBit(u + 1)) {
                BitSet c = (BitSet) p.clone();
                c.and(neighbours[u]);
                if (c.cardinality() > most) {
                    most = c.cardinality();
                    pivot = u;
                }
            }
            BitSet todo = (BitSet) p.clone();
            todo.andNot(neighbours[pivot]);
            for (int v = todo.nextSetBit(0); v >= 0; v = todo.nextSetBit(v + 1)) {
                BitSet r2 = (BitSet) r.clone();
                r2.set(v);
                BitSet p2 = (BitSet) p.clone();
                p2.and(neighbours[v]);
                BitSet x2 = (BitSet) x.clone();
                x2.and(neighbours[v]);
                expand(r2, p2, x2, out);
                p.clear(v);
                x.set(v);
            }
        }
    }
}
