package io.leapfrog.exec.fixpoint;

import io.leapfrog.exec.fixpoint.FixpointProgram.Lookup;
import io.leapfrog.exec.fixpoint.FixpointProgram.Rule;
import io.leapfrog.exec.storage.Relation;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The CPU's linear rounds against a closure computed by search: transitive closure written right-linear
 * (the head keeps the delta tuple's first column, so a relation only counted lets go of the groups that
 * stop growing) and left-linear (it does not), on random graphs over values that are dense (groups become
 * bitmaps) or spread over the int range with its ends among them (groups stay tables, then settle sorted),
 * with one to three threads, the closure returned or only counted; and same generation, whose rounds
 * join a run of delta tuples to the union of its second lookups.
 */
class CpuFixpointTest {
    private static final int X = 0;
    private static final int Y = 1;
    private static final int Z = 2;

    @Property(tries = 80)
    void transitiveClosureMatchesASearchFromEachNode(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        int nodes = 2 + rnd.nextInt(rnd.nextBoolean() ? 40 : 400);
        int[] value = TestValues.of(rnd, nodes, rnd.nextBoolean());
        int[][] rows = randomPairs(rnd, value, 1 + rnd.nextInt(3 * nodes));
        Relation e = Relation.of(2, rows);
        boolean rightLinear = rnd.nextBoolean();
        boolean materialise = rnd.nextBoolean();
        int threads = 1 + rnd.nextInt(3);

        Rule rule = rightLinear
                ? new Rule("tc(x, z) :- tc(x, y), e(y, z)", 0, 0, new int[]{X, Y}, List.of(Lookup.of(e, 0, Y, 0, Z)),
                        List.of(), new int[]{X, Z}, new int[2])
                : new Rule("tc(x, z) :- e(x, y), tc(y, z)", 0, 0, new int[]{Y, Z}, List.of(Lookup.of(e, 1, Y, 0, X)),
                        List.of(), new int[]{X, Z}, new int[2]);
        FixpointProgram program = new FixpointProgram(List.of("tc"), new int[]{2}, List.of(rule));
        CpuFixpoint.Outcome got = new CpuFixpoint(threads).run(program, new Relation[]{Relation.empty(2)},
                new Relation[]{e}, new boolean[]{materialise}, CpuFixpoint.HandOver.NEVER);

        Set<List<Integer>> closure = closure(rows);
        assertEquals(closure.size(), got.sizes()[0]);
        if (materialise) {
            assertEquals(closure, TestValues.rows(got.relations()[0]));
        } else {
            assertNull(got.relations()[0]);
        }
    }

    /**
     * Same generation, {@code sg(x, y) :- e(a, x), sg(a, b), e(b, y)} from {@code sg(x, y) :- e(p, x),
     * e(p, y), x != y}: the shape whose runs of delta tuples are joined to the union of their second
     * lookups (the lookups given in either order).
     */
    @Property(tries = 60)
    void sameGenerationMatchesANaiveEvaluation(@ForAll @IntRange(min = 1, max = 1_000_000) int seed) {
        Random rnd = new Random(seed);
        int nodes = 2 + rnd.nextInt(rnd.nextBoolean() ? 30 : 200);
        int[] value = TestValues.of(rnd, nodes, rnd.nextBoolean());
        int[][] rows = randomPairs(rnd, value, 1 + rnd.nextInt(2 * nodes));
        Relation e = Relation.of(2, rows);
        Map<Integer, Set<Integer>> next = new HashMap<>();
        for (int[] r : rows) {
            next.computeIfAbsent(r[0], k -> new HashSet<>()).add(r[1]);
        }
        Set<List<Integer>> sg = new HashSet<>();
        for (Set<Integer> children : next.values()) {
            for (int x : children) {
                for (int y : children) {
                    if (x != y) {
                        sg.add(List.of(x, y));
                    }
                }
            }
        }
        int[][] start = sg.stream().map(t -> new int[]{t.get(0), t.get(1)}).toArray(int[][]::new);
        while (true) {
            Set<List<Integer>> more = new HashSet<>(sg);
            for (List<Integer> t : sg) {
                for (int x : next.getOrDefault(t.get(0), Set.of())) {
                    for (int y : next.getOrDefault(t.get(1), Set.of())) {
                        more.add(List.of(x, y));
                    }
                }
            }
            if (more.size() == sg.size()) {
                break;
            }
            sg = more;
        }
        int a = 0;
        int b = 1;
        int x = 2;
        int y = 3;
        List<Lookup> lookups = rnd.nextBoolean()
                ? List.of(Lookup.of(e, 0, a, 0, x), Lookup.of(e, 0, b, 0, y))
                : List.of(Lookup.of(e, 0, b, 0, y), Lookup.of(e, 0, a, 0, x));
        Rule rule = new Rule("sg(x, y) :- e(a, x), sg(a, b), e(b, y)", 0, 0, new int[]{a, b}, lookups, List.of(),
                new int[]{x, y}, new int[2]);
        FixpointProgram program = new FixpointProgram(List.of("sg"), new int[]{2}, List.of(rule));
        Relation delta = start.length == 0 ? Relation.empty(2) : Relation.of(2, start);
        CpuFixpoint.Outcome got = new CpuFixpoint(1 + rnd.nextInt(3)).run(program, new Relation[]{Relation.empty(2)},
                new Relation[]{delta}, new boolean[]{true}, CpuFixpoint.HandOver.NEVER);
        assertEquals(sg.size(), got.sizes()[0]);
        assertEquals(sg, TestValues.rows(got.relations()[0]));
    }

    /** n pairs of the given values, drawn at random (repeats allowed). */
    private static int[][] randomPairs(Random rnd, int[] value, int n) {
        int[][] rows = new int[n][];
        for (int i = 0; i < n; i++) {
            rows[i] = new int[]{value[rnd.nextInt(value.length)], value[rnd.nextInt(value.length)]};
        }
        return rows;
    }

    private static Set<List<Integer>> closure(int[][] edges) {
        Map<Integer, Set<Integer>> next = new HashMap<>();
        for (int[] e : edges) {
            next.computeIfAbsent(e[0], k -> new HashSet<>()).add(e[1]);
        }
        Set<List<Integer>> out = new HashSet<>();
        for (int from : next.keySet()) {
            Set<Integer> seen = new HashSet<>();
            ArrayDeque<Integer> todo = new ArrayDeque<>(next.get(from));
            while (!todo.isEmpty()) {
                int v = todo.poll();
                if (seen.add(v)) {
                    out.add(List.of(from, v));
                    todo.addAll(next.getOrDefault(v, Set.of()));
                }
            }
        }
        return out;
    }
}
