package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Engine#cancel()} stops a long evaluation running on another thread, and the engine stays usable. */
class EngineCancelTest {

    @Test
    void cancelStopsALongFixpointAndTheEngineRunsTheNextProgram(@TempDir Path dir) throws Exception {
        Path facts = Files.createDirectories(dir.resolve("facts"));
        StringBuilder chain = new StringBuilder();
        for (int i = 0; i < 3_000; i++) {
            chain.append(i).append('\t').append(i + 1).append('\n');
        }
        Files.writeString(facts.resolve("e.facts"), chain);
        String closure = ".decl e(x:number, y:number)\n.input e\n.decl tc(x:number, y:number)\n.printsize tc\n"
                + "tc(x, y) :- e(x, y).\ntc(x, z) :- tc(x, y), e(y, z).\n";
        try (Engine engine = new Engine(EngineOptions.defaults().withThreads(2).withOut(nowhere()))) {
            LoadedProgram p = engine.parse(closure, "tc.dl");
            CompletableFuture<RunResult> run = CompletableFuture.supplyAsync(() -> engine.run(p, facts, dir.resolve("out")));
            Thread.sleep(300);
            assertTrue(!run.isDone(), "the closure of a 3,000-node chain takes longer than 0.3 s");
            long t0 = System.nanoTime();
            engine.cancel();
            ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(10, TimeUnit.SECONDS));
            assertInstanceOf(LeapfrogException.class, e.getCause());
            assertTrue(e.getCause().getMessage().contains("interrupted"), e.getCause().getMessage());
            assertTrue(System.nanoTime() - t0 < 10_000_000_000L, "stopped within 10 s: " + (System.nanoTime() - t0) / 1e9);

            RunResult small = engine.run(engine.parse(".decl a(x:number)\na(1).\n.printsize a\n", "a.dl"), null, null);
            assertTrue(small.printSizeLines().contains("a\t1"), small.printSizeLines().toString());
        }
    }

    @Test
    void cancelWithNothingRunningDoesNothing() throws IOException {
        try (Engine engine = new Engine(EngineOptions.defaults().withThreads(1).withOut(nowhere()))) {
            engine.cancel();
            RunResult r = engine.run(engine.parse(".decl a(x:number)\na(1).\n.printsize a\n", "a.dl"), null, null);
            assertTrue(r.printSizeLines().contains("a\t1"), r.printSizeLines().toString());
        }
    }

    private static java.io.PrintStream nowhere() {
        return new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
    }
}
