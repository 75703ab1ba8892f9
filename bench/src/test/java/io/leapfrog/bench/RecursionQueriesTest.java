package io.leapfrog.bench;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The recursive queries' answers, by each in-process engine and (where built) Souffle, against references
 * computed here by other means: a BFS per node for tc, a naive fixpoint for sg, a worklist solver for andersen.
 */
class RecursionQueriesTest {

    /** sg by its two rules, applied to a fixpoint over sets. */
    static long sameGenerationSize(EdgeList g) {
        Set<Long> sg = new HashSet<>();
        int n = g.nodeCount();
        List<List<Integer>> children = new java.util.ArrayList<>();
        for (int v = 0; v < n; v++) {
            children.add(new java.util.ArrayList<>());
        }
        for (int i = 0; i < g.size(); i++) {
            children.get(g.src()[i]).add(g.dst()[i]);
        }
        for (List<Integer> c : children) {
            for (int x : c) {
                for (int y : c) {
                    if (x != y) {
                        sg.add((long) x * n + y);
                    }
                }
            }
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (Long ab : List.copyOf(sg)) {
                for (int x : children.get((int) (ab / n))) {
                    for (int y : children.get((int) (ab % n))) {
                        grew |= sg.add((long) x * n + y);
                    }
                }
            }
        }
        return sg.size();
    }

    private static long count(Peer peer, Workload w) throws Exception {
        try {
            peer.load(w);
            return peer.run(w).count();
        } finally {
            peer.unload();
        }
    }

    private static Workload graph(BenchQuery q, EdgeList g) {
        return new Workload(q, "g", g, null, OptionalLong.empty());
    }

    private static Workload pointsTo(int variables, long seed) {
        return new Workload(BenchQuery.ANDERSEN, "pts", PointsToInputs.generate(variables, seed).relations(), null,
                OptionalLong.empty());
    }

    @Test
    void leapfrogAndDuckDbAgreeWithTheReferences() throws Exception {
        try (LeapfrogPeer leapfrog = new LeapfrogPeer(2); DuckDbPeer duckdb = new DuckDbPeer(2, 60)) {
            for (long seed = 1; seed <= 3; seed++) {
                EdgeList g = ClosureGraphs.random(60, 90, seed);
                long tc = ClosureGraphs.closureSize(g);
                long sg = sameGenerationSize(g);
                for (Peer p : List.<Peer>of(leapfrog, duckdb)) {
                    assertEquals(tc, count(p, graph(BenchQuery.TC, g)), p.name() + " tc, seed " + seed);
                    assertEquals(sg, count(p, graph(BenchQuery.SG, g)), p.name() + " sg, seed " + seed);
                }
            }
            for (int variables : new int[] {64, 500, 1_500}) {
                Workload w = pointsTo(variables, variables);
                long expected = AndersenReference.pointsToSize(PointsToInputs.generate(variables, variables));
                assertEquals(expected, count(leapfrog, w), "andersen, " + variables + " variables");
            }
        }
    }

    /** Souffle's compiled programs, when bench/peers-bin holds them (they are built from source, not kept in git). */
    @Test
    void souffleAgreesWithTheReferences() throws Exception {
        Path bin = RepoLayout.repoRoot().resolve("bench/peers-bin");
        Assumptions.assumeTrue(Files.isExecutable(bin.resolve("souffle/tc")) && Files.isExecutable(bin.resolve("souffle/sg"))
                && Files.isExecutable(bin.resolve("souffle/andersen")), "no Souffle programs in " + bin);
        SoufflePeer souffle = new SoufflePeer(bin, 2, 60);
        EdgeList g = ClosureGraphs.random(60, 90, 5);
        assertEquals(ClosureGraphs.closureSize(g), count(souffle, graph(BenchQuery.TC, g)));
        assertEquals(sameGenerationSize(g), count(souffle, graph(BenchQuery.SG, g)));
        assertEquals(AndersenReference.pointsToSize(PointsToInputs.generate(1_500, 3)), count(souffle, pointsTo(1_500, 3)));
    }
}
