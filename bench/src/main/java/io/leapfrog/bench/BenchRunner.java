package io.leapfrog.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Runs every workload on every engine that supports it: load once, warm up, then timed runs until
 * {@code runs} are done or the cell's time budget is spent (a slow engine gets fewer runs, at least one).
 * A failing or timed-out engine gets a row with its status; the others go on.
 */
public final class BenchRunner {

    /**
     * How many runs and how long each cell may take. Warm-up is at least {@code warmup} runs and goes on
     * until {@code warmupSeconds} have passed (as JMH's time-based warm-up iterations: a JIT-compiled
     * engine's millisecond queries are still being compiled during their first few dozen runs), except
     * for engines whose runs are fixed in advance. {@code reference}: the engine whose count is the exact
     * answer for a graph without a known one (generated R-MAT graphs); null for none.
     */
    public record Settings(int runs, int warmup, double warmupSeconds, double timeoutSeconds, double cellBudgetSeconds,
                           String reference) {
        public Settings(int runs, int warmup, double timeoutSeconds, double cellBudgetSeconds) {
            this(runs, warmup, 0, timeoutSeconds, cellBudgetSeconds, null);
        }
    }

    /** The status of a cell whose run was cancelled at the time limit. */
    public static final String TIMEOUT = "timeout";
    /** The status of a cell whose engine has no program for it on this machine. */
    public static final String NOT_BUILT = "not built";

    private final Settings settings;
    private final PrintStream progress;

    public BenchRunner(Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    public List<CellResult> run(List<Workload> workloads, List<Peer> peers) {
        return run(workloads, peers, done -> { });
    }

    /**
     * Measures each workload with each peer that supports it; after each workload, {@code soFar} gets every
     * cell measured until then (so a run cut short by a time limit leaves what it measured).
     */
    public List<CellResult> run(List<Workload> workloads, List<Peer> peers, java.util.function.Consumer<List<CellResult>> soFar) {
        List<CellResult> cells = new ArrayList<>();
        for (Workload w : workloads) {
            List<CellResult> row = new ArrayList<>();
            for (Peer peer : peers) {
                if (peer.supports(w.query())) {
                    CellResult cell = measure(w, peer);
                    progress.printf("%-10s %-16s %-13s %12s %-4s median %s s  (%s)%n", w.query().id(), w.dataset(),
                            peer.name(), cell.count() < 0 ? "-" : Long.toString(cell.count()), cell.correct(),
                            String.format(java.util.Locale.ROOT, "%.4f", cell.query_seconds().median()), cell.status());
                    row.add(cell);
                }
            }
            cells.addAll(CountCheck.check(w, row, settings.reference(), progress));
            soFar.accept(List.copyOf(cells));
        }
        return cells;
    }

    private CellResult measure(Workload w, Peer peer) {
        List<Double> times = new ArrayList<>();
        List<Double> perRunLoads = new ArrayList<>();
        List<Double> walls = new ArrayList<>();
        double loadSeconds = Double.NaN;
        long count = -1;
        String status = "ok";
        try {
            loadSeconds = peer.load(w);
            int timedRuns = settings.runs();
            double warmFor = peer.runsAreFixedInAdvance() ? 0 : settings.warmupSeconds();
            long warmStart = System.nanoTime();
            for (int i = 0; i < settings.warmup() || (System.nanoTime() - warmStart) / 1e9 < warmFor; i++) {
                Measurement m = peer.run(w);
                count = m.count();
                if (m.querySeconds() > settings.cellBudgetSeconds()) {
                    // So slow that warming up cannot matter: keep this run as the only timed one.
                    times.add(m.querySeconds());
                    if (!Double.isNaN(m.wallSeconds())) {
                        walls.add(m.wallSeconds());
                    }
                    timedRuns = 0;
                    break;
                }
            }
            double spent = 0;
            for (int i = 0; i < timedRuns; i++) {
                Measurement m = peer.run(w);
                if (count >= 0 && m.count() != count) {
                    status = "error: counts differ between runs (" + count + " vs " + m.count() + ")";
                }
                count = m.count();
                times.add(m.querySeconds());
                if (!Double.isNaN(m.loadSeconds())) {
                    perRunLoads.add(m.loadSeconds());
                }
                if (!Double.isNaN(m.wallSeconds())) {
                    walls.add(m.wallSeconds());
                }
                spent += m.querySeconds();
                if (spent > settings.cellBudgetSeconds()) {
                    break;
                }
            }
        } catch (QueryTimeoutException e) {
            status = TIMEOUT;
        } catch (NotBuiltException e) {
            status = NOT_BUILT;
            progress.println("bench: " + peer.name() + ": " + e.getMessage());
        } catch (Exception | OutOfMemoryError | StackOverflowError e) {
            // One engine failing (not supported yet, out of memory) must not end the whole bench.
            String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            status = "error: " + msg.lines().findFirst().orElse(msg);
        } finally {
            try {
                peer.unload();
            } catch (Exception e) {
                progress.println("warning: " + peer.name() + " could not unload: " + e.getMessage());
            }
        }
        if (Double.isNaN(loadSeconds) && !perRunLoads.isEmpty()) {
            loadSeconds = Stats.of(perRunLoads.stream().mapToDouble(Double::doubleValue).toArray()).median();
        }
        Stats stats = Stats.of(times.stream().mapToDouble(Double::doubleValue).toArray());
        if (status.equals(TIMEOUT) && times.isEmpty()) {
            // The time limit is a lower bound on the query time; ratios against it are bounds too.
            double t = settings.timeoutSeconds();
            stats = new Stats(t, t, t, 0);
        }
        if (!status.equals("ok") && times.isEmpty()) {
            count = -1;
        }
        double wall = walls.isEmpty() ? Double.NaN
                : Stats.of(walls.stream().mapToDouble(Double::doubleValue).toArray()).median();
        OptionalLong expected = w.expected();
        return new CellResult(w.query(), w.dataset(), peer.name(), count, expected, stats, loadSeconds, wall, status,
                w.inputTuples(), false);
    }
}
