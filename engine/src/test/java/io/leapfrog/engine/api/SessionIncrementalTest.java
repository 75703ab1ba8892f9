package io.leapfrog.engine.api;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Facts added after an evaluation are taken in incrementally where the program is monotone downstream of
 * them, and the relations equal those of a fresh session evaluating every fact from scratch; where it is
 * not (negation, aggregates, after a retraction) the session evaluates from scratch.
 */
class SessionIncrementalTest {
    private static final String MONOTONE = """
            .decl edge(x:number, y:number)
            .decl name(x:number, s:symbol)
            .decl path(x:number, y:number)
            path(x, y) :- edge(x, y).
            path(x, z) :- path(x, y), edge(y, z).
            .decl named(a:symbol, b:symbol)
            named(a, b) :- path(x, y), name(x, a), name(y, b).
            .decl two(x:number, z:number)
            two(x, z) :- edge(x, y), edge(y, z), x != z.
            .decl sg(x:number, y:number)
            sg(x, y) :- edge(p, x), edge(p, y), x != y.
            sg(x, y) :- edge(a, x), sg(a, b), edge(b, y).
            .decl negated(x:number)
            negated(x) :- name(x, _), !fixed(x).
            .decl fixed(x:number)
            fixed(3).
            """;
    private static final List<String> RELATIONS = List.of("edge", "name", "path", "named", "two", "sg", "negated");

    @Property(tries = 15)
    void insertionsTakenInIncrementallyEqualEvaluatingFromScratch(@ForAll @IntRange(min = 1, max = 30) int nodes,
                                                                 @ForAll @IntRange(min = 0, max = 80) int edges,
                                                                 @ForAll @IntRange(min = 1, max = 4) int batches,
                                                                 @ForAll long seed) {
        Random rnd = new Random(seed);
        try (Session live = Session.open(MONOTONE, "m.dl", SessionTest.quiet())) {
            List<Object[]> all = new ArrayList<>();
            live.evaluate();
            for (int b = 0; b < batches; b++) {
                List<Object[]> batch = new ArrayList<>();
                for (int i = 0; i < edges / batches + 1; i++) {
                    batch.add(new Object[]{rnd.nextInt(nodes), rnd.nextInt(nodes)});
                }
                live.insertRows("edge", batch);
                all.addAll(batch);
                int v = rnd.nextInt(nodes);
                live.insert("name", v, "n" + v);
                all.add(new Object[]{v, "n" + v});
                if (rnd.nextBoolean()) {
                    live.insert("path", nodes + b, nodes + b + 1);   // facts given to a derived relation grow it too
                    all.add(new Object[]{nodes + b, nodes + b + 1, "path"});
                }
                Results maintained = live.evaluate();
                assertTrue(maintained.incremental(), "only insertions into relations read positively");
                try (Session fresh = Session.open(MONOTONE, "m.dl", SessionTest.quiet())) {
                    for (Object[] row : all) {
                        if (row.length == 3) {
                            fresh.insert("path", row[0], row[1]);
                        } else {
                            fresh.insert(row[1] instanceof String ? "name" : "edge", row);
                        }
                    }
                    Results scratch = fresh.evaluate();
                    assertFalse(scratch.incremental());
                    for (String relation : RELATIONS) {
                        assertEquals(sorted(scratch, relation), sorted(maintained, relation), relation + " after batch " + b);
                    }
                }
            }
        }
    }

    @Test
    void negationOrAggregatesOverWhatGrowsAndRetractionsEvaluateFromScratch() {
        String program = MONOTONE + ".decl degree(x:number, n:number)\ndegree(x, n) :- name(x, _), n = count : { edge(x, _) }.\n";
        try (Session s = Session.open(program, "m.dl", SessionTest.quiet())) {
            s.insert("edge", 1, 2);
            s.insert("name", 1, "a");
            assertFalse(s.evaluate().incremental(), "the first evaluation is from scratch");
            s.insert("edge", 1, 3);
            Results r = s.evaluate();
            assertFalse(r.incremental(), "an aggregate counts edge");
            assertEquals(List.of("1\t2"), sorted(r, "degree"));
        }
        try (Session s = Session.open(MONOTONE, "m.dl", SessionTest.quiet())) {
            s.insert("name", 1, "a");
            s.evaluate();
            s.insert("fixed", 1);
            Results r = s.evaluate();
            assertFalse(r.incremental(), "negated reads fixed under negation");
            assertEquals(List.of(), sorted(r, "negated"));
            s.insert("edge", 1, 2);
            assertTrue(s.evaluate().incremental(), "edge is read only positively");
            s.retract("edge", 1, 2);
            Results after = s.evaluate();
            assertFalse(after.incremental(), "a retraction evaluates from scratch");
            assertEquals(0, after.size("path"));
        }
    }

    private static List<String> sorted(Results r, String relation) {
        List<String> rows = new ArrayList<>(SessionTest.rows(r.rows(relation)));
        rows.sort(null);
        return rows;
    }
}
