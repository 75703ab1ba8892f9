package io.leapfrog.engine;

import io.leapfrog.common.CountRangeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A count past the 32-bit number range is an error naming the aggregate, never a wrapped answer. */
class CountRangeTest {

    @TempDir
    Path dir;

    /** 1,300^3 = 2,197,000,000 bindings: just past 2^31 - 1. */
    private EngineTestSupport withThirteenHundredValues() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("a", IntStream.range(0, 1300).mapToObj(Integer::toString).toArray(String[]::new));
        return t;
    }

    @Test
    void aCountPastTheNumberRangeIsAnErrorAtTheAggregate() throws Exception {
        EngineTestSupport t = withThirteenHundredValues();
        CountRangeException e = assertThrows(CountRangeException.class, () -> t.run("""
                .decl a(x:number)
                .input a
                .decl n(c:number)
                .output n
                n(c) :- c = count : { a(x), a(y), a(z) }.
                """));
        assertTrue(e.getMessage().startsWith("test.dl:5:"), e.getMessage());
        assertTrue(e.getMessage().contains("the count is 2,197,000,000, past the largest number 2,147,483,647"),
                e.getMessage());
        assertTrue(e.getMessage().contains(".printsize"), e.getMessage());
        assertEquals(2_197_000_000L, e.count());
    }

    @Test
    void theSameBindingsCountedByPrintsizeAreExact() throws Exception {
        EngineTestSupport t = withThirteenHundredValues();
        RunResult r = t.run("""
                .decl a(x:number)
                .input a
                .decl triples(x:number, y:number, z:number)
                .printsize triples
                triples(x, y, z) :- a(x), a(y), a(z).
                """);
        assertEquals(List.of("triples\t2197000000"), r.printSizeLines());
        assertEquals(1, r.printSizes().size());
        OutputSummary size = r.printSizes().get(0);
        assertEquals("triples", size.relation());
        assertEquals(2_197_000_000L, size.rows());
        assertTrue(size.time().toNanos() > 0, "the stratum's time: " + size.time());
    }
}
