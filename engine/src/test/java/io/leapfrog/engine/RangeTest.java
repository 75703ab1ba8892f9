package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Souffle's range(from, to[, step]): each value from {@code from} by {@code step} while short of
 * {@code to} (counting down when the step is negative, or when no step is given and from > to), a
 * zero step giving from once unless from == to. Checked against a direct enumeration on random
 * triples, as a generator bound by other atoms, as a test of a variable atoms bind, and under count.
 */
class RangeTest {
    @TempDir
    Path dir;

    @Test
    void generatesWhatSouffleGeneratesOnRandomArguments() throws Exception {
        Random random = new Random(11);
        List<String> triples = new ArrayList<>();
        TreeSet<String> withStep = new TreeSet<>();
        TreeSet<String> withoutStep = new TreeSet<>();
        for (int i = 0; i < 200; i++) {
            int from = random.nextInt(41) - 20;
            int to = random.nextInt(41) - 20;
            int step = random.nextInt(9) - 4;
            triples.add(from + "\t" + to + "\t" + step);
            for (long v : expected(from, to, step)) {
                withStep.add(from + "\t" + to + "\t" + step + "\t" + v);
            }
            for (long v : expected(from, to, from <= to ? 1 : -1)) {
                withoutStep.add(from + "\t" + to + "\t" + v);
            }
        }
        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("arg", triples.toArray(String[]::new));
        t.run("""
                .decl arg(from:number, to:number, step:number)
                .input arg
                .decl stepped(from:number, to:number, step:number, v:number)
                .output stepped
                stepped(a, b, s, v) :- arg(a, b, s), v = range(a, b, s).
                .decl plain(from:number, to:number, v:number)
                .output plain
                plain(a, b, v) :- arg(a, b, _), range(a, b) = v.
                """);
        assertEquals(new ArrayList<>(withStep), t.output("stepped"));
        assertEquals(new ArrayList<>(withoutStep), t.output("plain"));
    }

    @Test
    void testsBoundValuesAndFeedsAggregates() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl n(x:number)
                n(x) :- x = range(0, 6).
                .decl inside(x:number)
                .output inside
                inside(x) :- n(x), x = range(2, 9, 2).
                .decl total(k:number)
                .output total
                total(k) :- k = count : { n(x), _y = range(0, x) }.
                .decl none(x:number)
                .output none
                none(x) :- x = range(3, 3).
                """);
        assertEquals(List.of("2", "4"), t.output("inside"));
        assertEquals(List.of("15"), t.output("total"));
        assertEquals(List.of(), t.output("none"));
    }

    private static List<Long> expected(long from, long to, long step) {
        List<Long> out = new ArrayList<>();
        if (step > 0) {
            for (long v = from; v < to; v += step) {
                out.add(v);
            }
        } else if (step < 0) {
            for (long v = from; v > to; v += step) {
                out.add(v);
            }
        } else if (from != to) {
            out.add(from);
        }
        return out;
    }
}
