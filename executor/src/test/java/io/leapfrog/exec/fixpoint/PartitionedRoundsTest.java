package io.leapfrog.exec.fixpoint;

import io.leapfrog.exec.fixpoint.FixpointProgram.Lookup;
import io.leapfrog.exec.fixpoint.FixpointProgram.Rule;
import io.leapfrog.exec.fixpoint.FixpointProgram.Test;
import io.leapfrog.exec.fixpoint.FixpointProgram.TestKind;
import io.leapfrog.exec.storage.Relation;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The CPU's non-linear rounds against a naive evaluation written out in Java: an Andersen-style points-to
 * analysis (lookups into the stratum by either column, chains, a comparison) with a unary relation fed by
 * it, on random constraints over values that are dense (groups addressed directly) or spread over the
 * whole int range, Integer.MIN_VALUE among them (hashed groups), with one to three threads and windows
 * from one candidate (an adding phase after every candidate) to the default.
 */
class PartitionedRoundsTest {
    private static final int P = 0;
    private static final int Q = 1;
    private static final int R = 2;
    private static final int O = 3;
    private static final int IGNORED = FixpointProgram.IGNORED;

    @Property(tries = 60)
    void pointsToMatchesANaiveEvaluation(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        int nodes = 2 + rnd.nextInt(40);
        int[] value = TestValues.of(rnd, nodes, rnd.nextBoolean());
        Relation addressOf = random(rnd, value, 1 + rnd.nextInt(2 * nodes));
        Relation assign = random(rnd, value, rnd.nextInt(2 * nodes));
        Relation load = random(rnd, value, rnd.nextInt(nodes));
        Relation store = random(rnd, value, rnd.nextInt(nodes));
        FixpointProgram program = pointsTo(assign, load, store);

        int threads = 1 + rnd.nextInt(3);
        long window = switch (rnd.nextInt(3)) {
            case 0 -> 1;
            case 1 -> 1 + rnd.nextInt(50);
            default -> PartitionedRounds.WINDOW;
        };
        ExecutorService pool = threads > 1 ? Executors.newFixedThreadPool(threads - 1) : null;
        CpuFixpoint.Outcome got;
        try {
            got = new PartitionedRounds(program, pool, threads, window).run(
                    new Relation[]{Relation.empty(2), Relation.empty(1)}, new Relation[]{addressOf, Relation.empty(1)},
                    new boolean[]{true, true}, CpuFixpoint.HandOver.NEVER, CpuFixpoint.RoundListener.NONE, System.nanoTime());
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }

        Set<List<Integer>> pts = naivePointsTo(addressOf, assign, load, store);
        Set<List<Integer>> obj = new HashSet<>();
        for (List<Integer> t : pts) {
            obj.add(List.of(t.get(1)));
        }
        assertEquals(pts.size(), got.sizes()[0]);
        assertEquals(obj.size(), got.sizes()[1]);
        assertEquals(pts, TestValues.rows(got.relations()[0]));
        assertEquals(obj, TestValues.rows(got.relations()[1]));
    }

    /**
     * {@code pts(p, o) :- addressOf(p, o).} (the start), {@code pts(p, o) :- assign(p, q), pts(q, o).},
     * {@code pts(p, o) :- load(p, q), pts(q, r), pts(r, o).}, {@code pts(r, o) :- store(p, q), pts(p, r),
     * pts(q, o), r != o.} and {@code obj(o) :- pts(_, o).}, one variant per atom of the stratum.
     */
    private static FixpointProgram pointsTo(Relation assign, Relation load, Relation store) {
        Test rNotO = Test.compare(TestKind.NE, 2, R, 0, O, 0);
        List<Rule> rules = List.of(
                new Rule("assign", 0, 0, new int[]{Q, O}, List.of(Lookup.of(assign, 1, Q, 0, P)), List.of(),
                        new int[]{P, O}, new int[2]),
                new Rule("load, delta of pts(q, r)", 0, 0, new int[]{Q, R},
                        List.of(Lookup.of(load, 1, Q, 0, P), Lookup.recursive(0, 0, R, 0, O)), List.of(),
                        new int[]{P, O}, new int[2]),
                new Rule("load, delta of pts(r, o)", 0, 0, new int[]{R, O},
                        List.of(Lookup.recursive(0, 1, R, 0, Q), Lookup.of(load, 1, Q, 0, P)), List.of(),
                        new int[]{P, O}, new int[2]),
                new Rule("store, delta of pts(p, r)", 0, 0, new int[]{P, R},
                        List.of(Lookup.of(store, 0, P, 0, Q), Lookup.recursive(0, 0, Q, 0, O)), List.of(rNotO),
                        new int[]{R, O}, new int[2]),
                new Rule("store, delta of pts(q, o)", 0, 0, new int[]{Q, O},
                        List.of(Lookup.of(store, 1, Q, 0, P), Lookup.recursive(0, 0, P, 0, R)), List.of(rNotO),
                        new int[]{R, O}, new int[2]),
                new Rule("obj", 0, 1, new int[]{IGNORED, O}, List.of(), List.of(), new int[]{O}, new int[1]));
        return new FixpointProgram(List.of("pts", "obj"), new int[]{2, 1}, rules);
    }

    private static Set<List<Integer>> naivePointsTo(Relation addressOf, Relation assign, Relation load, Relation store) {
        Set<List<Integer>> pts = TestValues.rows(addressOf);
        Set<List<Integer>> as = TestValues.rows(assign);
        Set<List<Integer>> ld = TestValues.rows(load);
        Set<List<Integer>> st = TestValues.rows(store);
        while (true) {
            java.util.Map<Integer, Set<Integer>> from = new java.util.HashMap<>();
            for (List<Integer> t : pts) {
                from.computeIfAbsent(t.get(0), k -> new HashSet<>()).add(t.get(1));
            }
            Set<List<Integer>> next = new HashSet<>(pts);
            for (List<Integer> a : as) {
                for (int o : from.getOrDefault(a.get(1), Set.of())) {
                    next.add(List.of(a.get(0), o));
                }
            }
            for (List<Integer> l : ld) {
                for (int r : from.getOrDefault(l.get(1), Set.of())) {
                    for (int o : from.getOrDefault(r, Set.of())) {
                        next.add(List.of(l.get(0), o));
                    }
                }
            }
            for (List<Integer> s : st) {
                for (int r : from.getOrDefault(s.get(0), Set.of())) {
                    for (int o : from.getOrDefault(s.get(1), Set.of())) {
                        if (r != o) {
                            next.add(List.of(r, o));
                        }
                    }
                }
            }
            if (next.size() == pts.size()) {
                return pts;
            }
            pts = next;
        }
    }

    private static Relation random(Random rnd, int[] value, int tuples) {
        int[][] rows = new int[tuples][];
        for (int i = 0; i < tuples; i++) {
            rows[i] = new int[]{value[rnd.nextInt(value.length)], value[rnd.nextInt(value.length)]};
        }
        return tuples == 0 ? Relation.empty(2) : Relation.of(2, rows);
    }
}
