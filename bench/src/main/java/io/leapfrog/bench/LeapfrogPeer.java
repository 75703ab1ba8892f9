package io.leapfrog.bench;

import io.leapfrog.common.CountRangeException;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.planner.PlannerOptions;
import io.leapfrog.engine.LoadedProgram;
import io.leapfrog.engine.OutputSummary;
import io.leapfrog.engine.RunResult;
import io.leapfrog.exec.gpu.join.GpuOptions;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

/**
 * Leapfrog through its public library API ({@link Engine}): the Datalog programs in the resources
 * {@code queries/*.dl}, the graph written once as {@code e.facts} in a temporary directory.
 *
 * <p>{@link Engine#run} loads the facts and evaluates in one call, so the query time is the evaluation
 * time the engine reports for the stratum computing the counted relation ({@link OutputSummary#time()}),
 * and the load time is the rest of the run's wall time (reading e.facts, building its tries, writing
 * the one-line output). The closure size comes from {@code .printsize tc} ({@link RunResult#printSizes()},
 * with its stratum's time). A graph search ({@link BenchQuery#search()}) runs in a stratum of its own that no
 * summary reports, so its query time is the whole run, as the mining programs' is their whole process.
 *
 * <p>A clique count past 2^31 - 1 does not fit the count aggregate's 32-bit number (the engine stops
 * with a {@link CountRangeException}); the peer then counts the same body with the {@code .printsize}
 * form of the program ({@code queries/<query>-printsize.dl}, 64 bits, nothing stored) for the rest of
 * the cell, and says so on stderr.
 */
public final class LeapfrogPeer implements Peer {

    private final Engine engine;
    private final String name;
    private final double timeoutSeconds;
    /** Cancels a run past the time limit; one daemon thread for all the peers. */
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "bench-leapfrog-timeout");
        t.setDaemon(true);
        return t;
    });
    /** False for the peer "leapfrog-no-renumber": clique counts over the ids as given (see {@link #run}). */
    private Path factsDir;
    private Path outDir;
    private LoadedProgram program;
    /** The cell counts with the .printsize form of its program (its count did not fit a number). */
    private boolean countBySize;
    /** The number of maximum cliques of the cell's graph was printed. */
    private boolean reportedMaximumCliques;

    /** The engine on the CPU ("leapfrog"). */
    public LeapfrogPeer(int threads) {
        this(threads, EngineOptions.Device.CPU, GpuOptions.defaults());
    }

    /**
     * The engine with {@code --device device}: CPU is the peer "leapfrog", GPU the peer "leapfrog-gpu"
     * (every join on the GPU, the planner's strategy, relations loaded per run); {@code gpu}: how its GPU
     * joins run.
     */
    public LeapfrogPeer(int threads, EngineOptions.Device device, GpuOptions gpu) {
        this(threads, device, gpu, true);
    }

    /**
     * @param renumberByDegree false: the engine's clique counts read the graph with the ids as given, not
     *                         renumbered by degree ({@link PlannerOptions.DegreeOrder#NEVER}),
     *                         as the peer "leapfrog-no-renumber", to measure what the renumbering gains
     */
    public LeapfrogPeer(int threads, EngineOptions.Device device, GpuOptions gpu, boolean renumberByDegree) {
        this(threads, device, gpu, renumberByDegree, Double.POSITIVE_INFINITY);
    }

    /**
     * @param timeoutSeconds a run still going after this long is cancelled ({@link Engine#cancel()}) and
     *                       reported as timed out
     */
    public LeapfrogPeer(int threads, EngineOptions.Device device, GpuOptions gpu, boolean renumberByDegree,
                        double timeoutSeconds) {
        this.timeoutSeconds = timeoutSeconds;
        // .printsize lines are read from the RunResult; keep them off the table's stdout.
        PrintStream quiet = new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8);
        PlannerOptions planner = PlannerOptions.defaults()
                .withDegreeOrder(renumberByDegree ? PlannerOptions.DegreeOrder.MEASURE : PlannerOptions.DegreeOrder.NEVER);
        this.engine = new Engine(new EngineOptions(threads, device, gpu, planner, quiet));
        String base = device == EngineOptions.Device.CPU ? "leapfrog" : "leapfrog-" + device.label();
        this.name = renumberByDegree ? base : base + "-no-renumber";
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean supports(BenchQuery query) {
        return true;
    }

    /** The program of a query, as stored in the resources. */
    public static String programText(BenchQuery q) {
        return q.search() != null ? q.search().program() : resource(q.program());
    }

    /** The program counting a clique query's bindings with {@code .printsize} (64 bits), as stored in the resources. */
    static String sizeProgramText(BenchQuery q) {
        return resource(q.id() + "-printsize");
    }

    private static String resource(String name) {
        try (InputStream in = LeapfrogPeer.class.getResourceAsStream("/queries/" + name + ".dl")) {
            if (in == null) {
                throw new BenchException("missing resource queries/" + name + ".dl");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public double load(Workload workload) throws IOException {
        unload();
        factsDir = Files.createTempDirectory("leapfrog-bench-facts");
        outDir = Files.createTempDirectory("leapfrog-bench-out");
        workload.relations().forEach((relation, tuples) -> tuples.writeTsv(factsDir.resolve(relation + ".facts")));
        program = engine.parse(programText(workload.query()), workload.query().program() + ".dl");
        countBySize = false;
        reportedMaximumCliques = false;
        return Double.NaN; // the engine loads inside each run; see the class comment
    }

    @Override
    public Measurement run(Workload workload) throws IOException, QueryTimeoutException {
        BenchQuery q = workload.query();
        RunResult r;
        try {
            r = runProgram();
        } catch (CountRangeException e) {
            if (countBySize || q.answeredBySize()) {
                throw e;
            }
            System.err.printf("bench: %s: the count %,d is past 2^31 - 1; this cell counts with .printsize%n", name,
                    e.count());
            program = engine.parse(sizeProgramText(q), q.id() + "-printsize.dl");
            countBySize = true;
            r = runProgram();
        }
        String relation = q.answerRelation();
        double total = r.totalTime().toNanos() / 1e9;
        boolean sized = countBySize || q.answeredBySize();
        OutputSummary summary = (sized ? r.printSizes() : r.outputs()).stream()
                .filter(s -> s.relation().equals(relation)).findFirst().orElse(null);
        if (summary == null) {
            throw new BenchException("leapfrog: the run reported no summary for " + relation);
        }
        // A graph search runs in a stratum of its own, whose time no summary reports: a search's query time
        // is the whole run, as a mining program's is its whole process.
        boolean search = q.search() != null;
        double query = search ? total : summary.time().toNanos() / 1e9;
        long count;
        if (q.search() != null && q.search().kind() == GraphSearch.Kind.MAX_CLIQUE) {
            count = maximumCliques(workload, outDir.resolve(relation + ".csv"));
        } else {
            count = sized ? summary.rows() : singleNumber(outDir.resolve(relation + ".csv"));
        }
        return new Measurement(count, query, search ? Double.NaN : total - query, total);
    }

    /**
     * The size of the maximum cliques, from the one row (size, member rows of all maximum cliques); how many
     * there are goes to stderr once per cell, since the table compares the size (a peer lists one clique).
     */
    private long maximumCliques(Workload workload, Path csv) throws IOException {
        String text = Files.readString(csv).strip();
        String[] cells = text.split("[,\\t]");
        try {
            long size = Long.parseLong(cells[0].strip());
            long members = Long.parseLong(cells[1].strip());
            if (!reportedMaximumCliques) {
                System.err.printf("bench: %s: %s: %,d maximum clique(s) of size %d%n", name, workload.dataset(),
                        size == 0 ? 0 : members / size, size);
                reportedMaximumCliques = true;
            }
            return size;
        } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
            throw new BenchException("leapfrog: expected 'size,members' in " + csv + ", found '" + text + "'");
        }
    }

    private RunResult runProgram() throws QueryTimeoutException {
        if (Double.isInfinite(timeoutSeconds)) {
            return engine.run(program, factsDir, outDir);
        }
        AtomicBoolean cancelled = new AtomicBoolean();
        ScheduledFuture<?> timer = TIMER.schedule(() -> {
            cancelled.set(true);
            engine.cancel();
        }, (long) (timeoutSeconds * 1000), TimeUnit.MILLISECONDS);
        try {
            return engine.run(program, factsDir, outDir);
        } catch (RuntimeException e) {
            if (cancelled.get()) {
                throw new QueryTimeoutException(timeoutSeconds);
            }
            throw e;
        } finally {
            timer.cancel(false);
            // A cancel that came as the run ended leaves this thread's interrupt flag: clear it for the next run.
            Thread.interrupted();
        }
    }

    /** The one value of a one-row, one-column output file. */
    private static long singleNumber(Path csv) throws IOException {
        String text = Files.readString(csv).strip();
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new BenchException("leapfrog: expected a single number in " + csv + ", found '" + text + "'");
        }
    }

    @Override
    public void unload() throws IOException {
        for (Path dir : new Path[] {factsDir, outDir}) {
            if (dir != null) {
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        }
        factsDir = null;
        outDir = null;
        program = null;
    }

    @Override
    public void close() throws IOException {
        unload();
        engine.close();
    }
}
