package io.leapfrog.tests.load;

import io.leapfrog.engine.Database;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.LoadedProgram;
import io.leapfrog.engine.RunResult;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The embedding API under load: 16 threads issue mixed Datalog queries and SQL against one engine and one
 * evaluated database, each answer compared with the one the same query gave alone, while the heap is
 * sampled: after a warm-up its floor must not rise. The default build runs it for {@link #DEFAULT_SECONDS}
 * seconds; {@code mvn -pl tests test -Dtest=EmbeddingLoadTest -Dleapfrog.load.seconds=600} runs it for ten
 * minutes (and, on a GPU machine, {@code scripts/device-run.sh tests --select-class
 * io.leapfrog.tests.load.EmbeddingLoadTest} runs the GPU variant too).
 */
class EmbeddingLoadTest {
    private static final int DEFAULT_SECONDS = 20;
    private static final int THREADS = 16;
    /** How far the heap's floor may rise past the warm-up's: allocation noise, not a leak. */
    private static final long HEAP_SLACK = 48L << 20;

    private static final String PROGRAM = """
            .decl edge(x:number, y:number)
            .decl name(v:number, s:symbol)
            .decl path(x:number, y:number)
            path(x, y) :- edge(x, y).
            path(x, z) :- path(x, y), edge(y, z).
            .decl deg(v:number, n:number)
            deg(v, n) :- edge(v, _), n = count : { edge(v, _) }.
            """;

    @Test
    void cpuAnswersStayRightAndTheHeapFlat() throws Exception {
        load(EngineOptions.defaults().withDevice(EngineOptions.Device.CPU));
    }

    @Tag("gpu")
    @Test
    void gpuAnswersStayRightAndTheHeapFlat() throws Exception {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        load(EngineOptions.defaults().withDevice(EngineOptions.Device.GPU));
    }

    private static void load(EngineOptions options) throws Exception {
        long seconds = Long.getLong("leapfrog.load.seconds", DEFAULT_SECONDS);
        try (Engine engine = new Engine(options.withOut(new PrintStream(OutputStream.nullOutputStream())))) {
            LoadedProgram program = engine.parse(PROGRAM, "load.dl");
            SymbolTable symbols = Engine.symbolTable(program);
            RunResult run = engine.evaluate(program, symbols, facts(symbols));
            Database db = engine.database(run);
            List<Query> queries = queries();
            List<String> expected = new ArrayList<>();
            for (Query q : queries) {
                expected.add(q.answer(engine, db));
            }
            long empty = expected.stream().filter(a -> a.startsWith("0:")).count();
            assertTrue(empty <= queries.size() / 5, empty + " of " + queries.size() + " queries have no answer: " + expected);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicLong answered = new AtomicLong();
            long end = System.nanoTime() + seconds * 1_000_000_000L;
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                SplittableRandom rnd = new SplittableRandom(t);
                Thread thread = new Thread(() -> {
                    try {
                        while (System.nanoTime() < end && failure.get() == null) {
                            int i = rnd.nextInt(queries.size());
                            String got = queries.get(i).answer(engine, db);
                            assertEquals(expected.get(i), got, queries.get(i).text());
                            answered.incrementAndGet();
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "load-" + t);
                threads.add(thread);
                thread.start();
            }
            List<Long> floors = sampleHeap(end, failure);
            for (Thread thread : threads) {
                thread.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("a query under load failed", failure.get());
            }
            assertTrue(answered.get() >= THREADS, "answered " + answered.get());
            assertNull(heapGrowth(floors), "heap floors (MiB) " + floors.stream().map(b -> b >> 20).toList());
        }
    }

    /** Used heap after a collection, about once a second until {@code end}. */
    private static List<Long> sampleHeap(long end, AtomicReference<Throwable> failure) throws InterruptedException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        List<Long> samples = new ArrayList<>();
        while (System.nanoTime() < end && failure.get() == null) {
            Thread.sleep(1000);
            System.gc();
            samples.add(memory.getHeapMemoryUsage().getUsed());
        }
        return samples;
    }

    /**
     * Why the samples show growth, or null: the lowest of the last third against the lowest of the second
     * (the first third is the warm-up).
     */
    private static String heapGrowth(List<Long> samples) {
        int third = samples.size() / 3;
        if (third == 0) {
            return null;
        }
        long middle = samples.subList(third, 2 * third).stream().mapToLong(Long::longValue).min().orElseThrow();
        long last = samples.subList(2 * third, samples.size()).stream().mapToLong(Long::longValue).min().orElseThrow();
        return last <= middle + HEAP_SLACK ? null : "the heap's floor rose from " + (middle >> 20) + " to " + (last >> 20) + " MiB";
    }

    /** A random graph of 600 vertices and 2,400 edges, and a name per vertex ("v0", "v1", ...). */
    private static Map<String, Relation> facts(SymbolTable symbols) {
        SplittableRandom rnd = new SplittableRandom(29);
        int[][] edges = new int[2400][];
        for (int i = 0; i < edges.length; i++) {
            edges[i] = new int[] {rnd.nextInt(600), rnd.nextInt(600)};
        }
        int[][] names = new int[600][];
        for (int v = 0; v < names.length; v++) {
            names[v] = new int[] {v, symbols.intern("v" + v)};
        }
        return Map.of("edge", Relation.of(2, edges), "name", Relation.of(2, names));
    }

    private static List<Query> queries() {
        List<Query> q = new ArrayList<>();
        for (int v : new int[] {0, 7, 42, 313, 599}) {
            q.add(new Query(false, "path(" + v + ", y)"));
            q.add(new Query(false, "name(x, \"v" + v + "\"), path(x, y), name(y, s)"));
            q.add(new Query(true, "SELECT n.s FROM name n JOIN edge e ON e.y = n.v WHERE e.x = " + v));
            q.add(new Query(false, "edge(" + v + ", y), deg(y, n), n > 3"));
            q.add(new Query(true, "SELECT count(*) FROM path WHERE x = " + v));
            q.add(new Query(true, "SELECT e1.x, count(*) AS c FROM edge e1 JOIN edge e2 ON e1.y = e2.x WHERE e1.x < " + (v + 5)
                    + " GROUP BY e1.x ORDER BY e1.x"));
        }
        q.add(new Query(false, "edge(x, y), edge(y, z), edge(x, z)"));
        q.add(new Query(false, "path(x, x), x < 50"));
        q.add(new Query(true, "SELECT n, count(*) FROM deg GROUP BY n ORDER BY n"));
        q.add(new Query(true, "SELECT count(*) FROM edge a, edge b, edge c WHERE a.y = b.x AND b.y = c.x AND c.y = a.x"));
        return q;
    }

    /** A Datalog query (a rule body) or a SQL query, and its answer as sorted text. */
    private record Query(boolean sql, String text) {
        String answer(Engine engine, Database db) {
            List<String> rows = new ArrayList<>();
            if (sql) {
                engine.sql(db, text).rows().forEach(r -> rows.add(String.join(",", r)));
            } else {
                engine.query(db, text).rows().forEach(r -> rows.add(String.join(",", r)));
            }
            rows.sort(null);
            return rows.size() + ":" + String.join(";", rows);
        }
    }
}
