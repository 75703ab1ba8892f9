package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * An engine limited to fewer threads than cores builds large relations' tries and statistics on a pool
 * of its own thread count (StorageThreadsTest checks that a scoped pass stays on its pool).
 */
class StorageThreadsEngineTest {

    @TempDir
    Path dir;

    private static Set<Thread> storageThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("leapfrog-storage-")).collect(Collectors.toSet());
    }

    @Test
    void aLargeRelationIsBuiltOnTheEnginesOwnThreads() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() > 1, "one core: the engine uses the common pool");
        int n = 300_000; // over RowChunks.PARALLEL_ROWS (2^18): its passes run in chunks
        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("e", IntStream.range(0, n).mapToObj(i -> i + "\t" + (i + 1)).toArray(String[]::new));
        Set<Thread> before = storageThreads();
        try (Engine engine = t.engine(1)) {
            engine.run(engine.parse("""
                    .decl e(x:number, y:number)
                    .input e
                    .decl paths(c:number)
                    .output paths
                    paths(c) :- c = count : { e(x, y), e(y, z) }.
                    """, "test.dl"), dir.resolve("facts"), dir.resolve("out"));
            Set<Thread> created = storageThreads(); // (closing the engine ends them)
            created.removeAll(before);
            assertFalse(created.isEmpty(), "no storage thread of the engine ran: " + storageThreads());
        }
        assertEquals(List.of(Integer.toString(n - 1)), t.output("paths"));
    }
}
