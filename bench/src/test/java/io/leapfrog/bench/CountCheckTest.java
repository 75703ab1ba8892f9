package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Counts without a known answer: checked against the reference engine, else against each other. */
class CountCheckTest {
    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());
    private static final Workload UNKNOWN = new Workload(BenchQuery.TC, "g", ClosureGraphs.chain(3), null,
            OptionalLong.empty());

    private static CellResult cell(String engine, long count, String status) {
        return new CellResult(BenchQuery.TC, "g", engine, count, OptionalLong.empty(), new Stats(1, 1, 1, 1), 0,
                status, 2);
    }

    /** engine -> correct, after the check. */
    private static Map<String, String> check(String reference, CellResult... row) {
        return CountCheck.check(UNKNOWN, List.of(row), reference, QUIET).stream()
                .collect(Collectors.toMap(CellResult::engine, CellResult::correct));
    }

    @Test
    void enginesThatAgreeAreRight() {
        assertEquals(Map.of("leapfrog", "yes", "souffle", "yes", "gdlog", "?", "duckdb", "?"),
                check(null, cell("leapfrog", 9, "ok"), cell("souffle", 9, "ok"), cell("gdlog", -1, "not built"),
                        cell("duckdb", -1, BenchRunner.TIMEOUT)));
    }

    @Test
    void oneEngineAloneIsNotChecked() {
        assertEquals(Map.of("leapfrog", "?", "souffle", "?"),
                check(null, cell("leapfrog", 9, "ok"), cell("souffle", -1, "error: out of memory")));
    }

    @Test
    void theMajorityCountMakesTheOthersWrong() {
        assertEquals(Map.of("leapfrog", "yes", "souffle", "yes", "gdlog", "NO"),
                check(null, cell("leapfrog", 9, "ok"), cell("souffle", 9, "ok"), cell("gdlog", 8, "ok")));
    }

    @Test
    void withoutAMajorityEveryFinishedCountIsDisputed() {
        assertEquals(Map.of("leapfrog", "NO", "souffle", "NO", "duckdb", "?"),
                check(null, cell("leapfrog", 9, "ok"), cell("souffle", 8, "ok"), cell("duckdb", -1, "timeout")));
        assertEquals(Map.of("a", "NO", "b", "NO", "c", "NO", "d", "NO"),
                check(null, cell("a", 1, "ok"), cell("b", 1, "ok"), cell("c", 2, "ok"), cell("d", 2, "ok")));
    }

    @Test
    void theReferenceEnginesCountDecidesWhenItFinished() {
        assertEquals(Map.of("leapfrog-join", "yes", "a", "NO", "b", "NO"),
                check("leapfrog-join", cell("leapfrog-join", 5, "ok"), cell("a", 6, "ok"), cell("b", 6, "ok")));
        // Not finished: the others are checked against each other.
        assertEquals(Map.of("leapfrog-join", "?", "a", "yes", "b", "yes"),
                check("leapfrog-join", cell("leapfrog-join", -1, "timeout"), cell("a", 6, "ok"), cell("b", 6, "ok")));
    }

    @Test
    void aKnownAnswerIsLeftAsItIs() {
        Workload known = new Workload(BenchQuery.TC, "g", ClosureGraphs.chain(3), null, OptionalLong.of(3));
        List<CellResult> row = List.of(
                new CellResult(BenchQuery.TC, "g", "a", 3, OptionalLong.of(3), new Stats(1, 1, 1, 1), 0, "ok", 2),
                new CellResult(BenchQuery.TC, "g", "b", 4, OptionalLong.of(3), new Stats(1, 1, 1, 1), 0, "ok", 2));
        assertEquals(List.of("yes", "NO"),
                CountCheck.check(known, row, null, QUIET).stream().map(CellResult::correct).toList());
        assertSame(row, CountCheck.check(known, row, null, QUIET));
    }
}
