package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Souffle's {@code $} counter ({@code autoinc()}) in heads: every binding of the body, one per tuple an
 * atom matches (wildcards included, as Souffle's loop nest visits them), takes a number of its own, and
 * the numbers of a run are 0, 1, 2, ... without repetition across rules and facts.
 */
class CounterTest {
    @TempDir
    Path dir;

    @Test
    void everyBodyTupleGetsItsOwnNumber() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl b(x:number, y:number)
                b(1, 2). b(1, 3). b(2, 5). b(7, 7).
                .decl a(x:number, id:number)
                .output a
                a(x, $) :- b(x, _).
                .decl c(id:number, s:symbol)
                .output c
                c(autoinc() + 100, s) :- s = "one"; s = "two".
                """, 4);
        List<String> a = t.output("a");
        assertEquals(4, a.size(), a.toString());
        TreeSet<String> xs = new TreeSet<>();
        TreeSet<Integer> ids = new TreeSet<>();
        for (String line : a) {
            xs.add(line.split("\t")[0]);
            ids.add(Integer.parseInt(line.split("\t")[1]));
        }
        assertEquals(List.of("1", "2", "7"), List.copyOf(xs));
        List<String> c = t.output("c");
        assertEquals(2, c.size(), c.toString());
        for (String line : c) {
            ids.add(Integer.parseInt(line.split("\t")[0]) - 100);
        }
        assertEquals(List.of(0, 1, 2, 3, 4, 5), List.copyOf(ids), "six evaluations, six distinct numbers from 0");
    }
}
