package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.ByteSizes;
import io.leapfrog.exec.gpu.DeviceMemoryPool;
import io.leapfrog.exec.gpu.GpuAbortedException;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuException;
import io.leapfrog.exec.gpu.GpuOutOfMemoryException;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.GpuUnavailableException;
import io.leapfrog.exec.gpu.KernelCompiler;
import io.leapfrog.exec.gpu.KernelProfile;
import io.leapfrog.exec.gpu.PhaseClock;
import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.exec.join.WitnessedReduction;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.join.TupleSink;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Runs each join on the GPU or the CPU and records the decision in a {@link GpuJoinReport}.
 *
 * <p>Mode {@code gpu}: every GPU-eligible join runs on the GPU (construction fails when there is none).
 * Mode {@code auto}: a join runs on the GPU when a GPU is present, the join is eligible, its inputs are
 * large enough for the GPU to pay off, and its relations fit the memory budget; otherwise on the CPU.
 * Joins the kernels cannot run (filters, computed values) stay on the CPU in both modes. A GPU join
 * that cannot fit even one window falls back to the CPU with a note in the report, and its partial
 * results are dropped. Tries stay resident on the device across joins until {@link #close()}.
 *
 * <p>On the GPU a join runs as one of the {@link GpuJoinOperator}s, which {@link GpuJoinSelector} picks
 * from the executor's {@link GpuOptions}; joins the kernels cannot run are those {@link GpuEligibility}
 * rejects. Warnings of the GPU runtime go into the report.
 */
public final class GpuJoinExecutor implements JoinExecutor, AutoCloseable {

    public enum Mode { AUTO, GPU }

    /** The GPU join algorithm: chosen by the executor, or forced. */
    public enum Strategy {
        AUTO("auto"), LFTJ("gpu-lftj"), LEVELWISE("gpu-levelwise");

        public final String label;

        Strategy(String label) {
            this.label = label;
        }

        public static Strategy parse(String s) {
            return switch (s.toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "lftj", "gpu-lftj" -> LFTJ;
                case "levelwise", "level-wise", "gpu-levelwise" -> LEVELWISE;
                default -> throw new IllegalArgumentException("unknown GPU strategy '" + s + "': use auto, lftj or levelwise");
            };
        }
    }

    /** Below this many input tuples, auto keeps a join on the CPU (transfers and launches would dominate). */
    public static final long DEFAULT_MIN_TUPLES = 200_000;
    /**
     * Auto mode: the least work, as the planner measured it on the data ({@link JoinQuery#measuredWork}),
     * of a join sent to the GPU; about 3 ms on one core, more than a small join costs through the engine
     * on an H100. Joins whose work was measured are decided by it, the
     * others by {@link #DEFAULT_MIN_TUPLES}.
     */
    public static final long MIN_MEASURED_WORK = 1L << 20;
    /**
     * In either mode, a recursive round whose delta holds fewer tuples than this joins on the CPU: its
     * launches and the upload of the relations it reads, which change every round, cost more than the join.
     * A stratum of a million one-tuple rounds would otherwise spend minutes in launches.
     */
    public static final long MIN_DELTA_TUPLES = 64;
    private static final String SMALL_DELTA = String.format(Locale.ROOT,
            "a recursive round whose delta holds fewer than %,d tuples", MIN_DELTA_TUPLES);
    /**
     * What an H100 running a join through this executor is worth in CPU cores, roughly, for
     * {@link #coresFor}: joins run 100-200 times faster there than on one core when small (the SNAP
     * 4-cliques, mostly fixed costs) and thousands of times faster when large (rmat-23 triangles; the
     * figures: docs/results.md); the smaller figure's side errs towards work done before the join.
     */
    static final double GPU_CORES = 500;

    private final Mode mode;
    private final GpuOptions options;
    private final GpuJoinSelector selector;
    private final long memoryLimit;
    private final long minTuples;
    private final GpuRuntime runtime;
    private final GpuJoinReport report;
    private final PhaseClock clock;
    private final KernelProfile profile;
    private final GpuDevice.Diagnostics diagnostics;
    private final KernelCompiler compiler;
    private ResidentTries resident;

    /** As {@link #GpuJoinExecutor(Mode, GpuOptions, long, GpuJoinReport)}, auto mode's smallest input {@link #DEFAULT_MIN_TUPLES}. */
    public GpuJoinExecutor(Mode mode, GpuOptions options, GpuJoinReport report) {
        this(mode, options, DEFAULT_MIN_TUPLES, report);
    }

    /**
     * @param options   the strategy, the memory budget ({@code memoryBudget}: device bytes this executor may
     *                  use, 0 for the device's budget) and everything else about how GPU joins run
     * @param minTuples auto mode: smallest input (tuples over the distinct tries) sent to the GPU, when the
     *                  join's work was not measured
     * @throws GpuUnavailableException in mode GPU when no GPU can be used
     */
    public GpuJoinExecutor(Mode mode, GpuOptions options, long minTuples, GpuJoinReport report) {
        this.mode = mode;
        this.options = options;
        this.selector = new GpuJoinSelector(options);
        this.memoryLimit = options.memoryBudget();
        this.minTuples = minTuples;
        this.report = report;
        this.clock = options.phaseTiming() ? PhaseClock.measuring() : PhaseClock.OFF;
        this.profile = options.profile() ? new KernelProfile() : null;
        this.diagnostics = new GpuDevice.Diagnostics(options.syncEachLaunch(), profile);
        this.compiler = options.compiler();
        this.runtime = options.runtime();
        if (mode == Mode.GPU && !runtime.available()) {
            throw new GpuUnavailableException("--device gpu: " + runtime.unavailableReason() + "; use --device auto or cpu");
        }
    }

    /**
     * {@link #GPU_CORES} for a join this executor sends to the GPU by its measured work (as {@link #decide}
     * does), else the CPU's threads (also for unmeasured work, which auto decides by input size instead).
     */
    @Override
    public double coresFor(long measuredWork, int threads) {
        boolean gpu = runtime.available() && (mode == Mode.GPU || (measuredWork >= 0 && !smallByWork(measuredWork)));
        return gpu ? GPU_CORES : threads;
    }

    /** Auto mode keeps a join whose measured work is below {@link #MIN_MEASURED_WORK} on the CPU. */
    private boolean smallByWork(long work) {
        return mode == Mode.AUTO && work >= 0 && work < MIN_MEASURED_WORK;
    }

    public GpuJoinReport report() {
        return report;
    }

    public GpuOptions options() {
        return options;
    }

    /** The strategy GPU joins use (the forced one, or the executor's choice for auto). */
    public String strategyLabel() {
        return selector.strategy().label;
    }

    /** With {@code GpuOptions.profile}: each kernel's and transfer's time so far, as a table; else none. */
    public List<String> profileLines() {
        return profile == null ? List.of() : profile.lines();
    }

    /**
     * With {@code GpuOptions.phaseTiming}: the calling thread's host time per phase of its joins since the last
     * call ({nanoseconds in all, marks}, in the order first marked); else empty.
     */
    public Map<String, long[]> phases() {
        return clock.drain();
    }

    /** The last query planned for the GPU (held weakly) and its plan, which a run of the same query object reuses. */
    private record LastPlan(java.lang.ref.WeakReference<JoinQuery> query, PreparedPlan prepared) {
    }

    private volatile LastPlan lastPlan;

    /** Where a join goes and why; for the GPU, its compiled plan and memory estimate. */
    private record Decision(Strategy strategy, String why, PreparedPlan plan, GpuMemoryEstimate estimate) {
        static Decision cpu(String why) {
            return new Decision(null, why, null, null);
        }

        boolean gpu() {
            return strategy != null;
        }
    }

    private Decision decide(JoinQuery q, boolean materialise) {
        LastPlan last = lastPlan;
        PreparedPlan prepared = last != null && last.query().get() == q ? last.prepared() : null;
        if (prepared == null) {
            String inelig = GpuEligibility.reason(q);
            if (inelig != null) {
                return Decision.cpu("not GPU-eligible: " + inelig);
            }
        }
        if (!runtime.available()) {
            return Decision.cpu("no GPU: " + runtime.unavailableReason());
        }
        String unusable = runtime.device().unusable();
        if (unusable != null) {
            return Decision.cpu(unusable);
        }
        long delta = q.deltaTuples();
        if (delta >= 0 && delta < MIN_DELTA_TUPLES) {
            return Decision.cpu(SMALL_DELTA);
        }
        if (mode == Mode.AUTO && delta >= 0 && delta < minTuples) {
            // A round's work grows with its delta, not with the whole relations it reads (and uploads each round).
            return Decision.cpu(String.format(Locale.ROOT, "auto: a recursive round over a delta of under %,d tuples",
                    minTuples));
        }
        if (prepared == null) {
            prepared = new PreparedPlan(GpuPlan.of(q));
            lastPlan = new LastPlan(new java.lang.ref.WeakReference<>(q), prepared);
        }
        GpuPlan plan = prepared.plan;
        long tuples = plan.inputTuples;
        long bytes = prepared.trieBytes(options.coreBitmaps());
        // Decided before touching the device, so that a run of small joins never starts it.
        long work = q.measuredWork();
        if (smallByWork(work)) {
            return Decision.cpu(String.format(Locale.ROOT, "auto: small join, measured work %,d; the GPU is used from %,d",
                    work, MIN_MEASURED_WORK));
        }
        if (mode == Mode.AUTO && work < 0 && tuples < minTuples) {
            return Decision.cpu(String.format(Locale.ROOT, "auto: small join, %,d input tuples; the GPU is used from %,d",
                    tuples, minTuples));
        }
        Strategy s = selector.strategy();
        long limit = limit(runtime.device().pool());
        GpuMemoryEstimate estimate = runtime.device().run(diagnostics,
                () -> GpuMemoryEstimate.of(plan, s, materialise, limit, resident, options.coreBitmaps()));
        if (mode == Mode.GPU) {
            return new Decision(s, "--device gpu", prepared, estimate);
        }
        if (bytes > limit / 2) {
            return Decision.cpu("auto: its relations need " + ByteSizes.format(bytes) + " on the GPU, more than half the "
                    + ByteSizes.format(limit) + " budget");
        }
        String size = work >= 0 ? String.format(Locale.ROOT, "measured work %,d", work)
                : String.format(Locale.ROOT, "%,d input tuples", tuples);
        return new Decision(s, String.format(Locale.ROOT, "auto: %s present, %s, relations %s of a %s budget",
                runtime.device().name(), size, ByteSizes.format(bytes), ByteSizes.format(limit)), prepared, estimate);
    }

    private long limit(DeviceMemoryPool pool) {
        return memoryLimit <= 0 ? pool.budget() : Math.min(memoryLimit, pool.budget());
    }

    @Override
    public long count(JoinQuery q, int threads, String label) {
        if (!q.passesGate()) {
            return 0;
        }
        return route(q, false, label, () -> LeapfrogJoin.count(q, threads),
                (d, stats) -> onDevice(d.plan(), stats, selector::count));
    }

    @Override
    public <S extends TupleSink> List<S> run(JoinQuery q, int threads, Supplier<S> sinks, String label) {
        if (!q.passesGate()) {
            return List.of(sinks.get());
        }
        return route(q, true, label, () -> LeapfrogJoin.run(q, threads, sinks), (d, stats) -> {
            // Rows wait on the host until the join has finished: a join abandoned for the CPU leaves no partial rows.
            HostRows rows = new HostRows(q.outputVars());
            onDevice(d.plan(), stats, j -> {
                selector.rows().enumerate(j, rows);
                return rows.rows();
            });
            S sink = sinks.get();
            rows.deliver(sink, q.varCount());
            return List.of(sink);
        });
    }

    @Override
    public Reduction.Result reduce(JoinQuery q, int threads, Reduction r, String label) {
        r.check(q);
        if (!q.passesGate()) {
            return r.none();
        }
        return route(q, false, label, () -> r.onCpu(q, threads), (d, stats) -> onDevice(d.plan(), stats,
                j -> selector.rows().reduce(j, r)));
    }

    /**
     * On the GPU, in passes that each reduce on the device ({@link WitnessedReduction#inPasses}): the
     * extremum, then each witness; no binding is materialised. On the CPU, one pass over the bindings.
     */
    @Override
    public WitnessedReduction.Result reduceWitnessed(JoinQuery q, int threads, WitnessedReduction r, String label) {
        r.extremum().check(q);
        if (!r.fitsPasses()) {
            return r.byEnumeration(this, q, threads, label);
        }
        if (!q.passesGate()) {
            return new WitnessedReduction.Result(0, 0, null);
        }
        return route(q, false, label, () -> r.byEnumeration(JoinExecutor.cpu(), q, threads, label),
                (d, stats) -> onDevice(d.plan(), stats, j -> r.inPasses(pass -> selector.rows().reduce(j, pass))));
    }

    private interface GpuJoin<T> {
        T run(Decision d, GpuJoinStats stats);
    }

    /**
     * Decides where the join goes, runs it there, and reports it. A GPU join that cannot fit one window, or
     * that the device fails (a kernel's error, an out-of-memory of the device, a lost device), runs on the
     * CPU instead, with a warning in the report: its rows are delivered only once the GPU join has finished,
     * so the CPU's answer is the whole answer. Only an abort (a deadline, Ctrl-C) is passed on.
     */
    private <T> T route(JoinQuery q, boolean materialise, String label, Supplier<T> onCpu, GpuJoin<T> onGpu) {
        clock.begin();
        long t0 = System.nanoTime();
        Decision d;
        try {
            d = decide(q, materialise);
        } catch (GpuAbortedException e) {
            throw e;
        } catch (GpuException e) {
            return fallBack(label, "planning for the GPU", e, null, onCpu, t0);
        }
        clock.mark("decide (plan, estimate)");
        t0 = System.nanoTime();
        if (!d.gpu()) {
            T r = onCpu.get();
            report.add(new GpuJoinReport.Entry(label, "cpu-lftj", d.why(), null, null, System.nanoTime() - t0));
            return r;
        }
        GpuJoinStats stats = new GpuJoinStats();
        try {
            T r = onGpu.run(d, stats);
            clock.mark("leave device");
            report.add(new GpuJoinReport.Entry(label, d.strategy().label, d.why(), d.estimate()::describe, stats, System.nanoTime() - t0));
            clock.mark("report");
            return r;
        } catch (GpuAbortedException e) {
            throw e;
        } catch (GpuException e) {
            return fallBack(label, d.strategy().label, e, d.estimate()::describe, onCpu, t0);
        }
    }

    private <T> T fallBack(String label, String from, GpuException e, Supplier<String> estimate, Supplier<T> onCpu, long t0) {
        T r = onCpu.get();
        report.add(new GpuJoinReport.Entry(label, "cpu-lftj", "warning: fell back from " + from + " because "
                + e.getMessage(), estimate, null, System.nanoTime() - t0));
        return r;
    }

    private interface DeviceWork<T> {
        T run(DeviceJoin j);
    }

    /**
     * Pins the query's tries on the device, encodes the plan for them, runs {@code work} on the join with
     * the executor's diagnostics; records memory use.
     */
    private <T> T onDevice(PreparedPlan prepared, GpuJoinStats stats, DeviceWork<T> work) {
        GpuPlan plan = prepared.plan;
        GpuDevice dev = runtime.device();
        return dev.run(diagnostics, () -> {
            clock.mark("enter device");
            DeviceMemoryPool pool = dev.pool();
            pool.setLimit(limit(pool));
            if (resident == null) {
                resident = new ResidentTries(dev, options.coreBitmaps());
            }
            long uploaded = resident.uploadedBytes();
            pool.resetPeak();
            try (ResidentTries.Lease lease = resident.pin(plan.tries)) {
                clock.mark("pin tries");
                EncodedPlan encoded = new EncodedPlan(dev, prepared, resident, lease);
                clock.mark("encode plan");
                T r = work.run(new DeviceJoin(dev, resident, encoded, stats, options, clock, compiler, report::warn));
                dev.sync();
                clock.mark("sync");
                return r;
            } finally {
                stats.peakBytes = pool.peak();
                stats.uploadedBytes = resident.uploadedBytes() - uploaded;
                pool.setLimit(0);
            }
        });
    }

    /** The device this executor's joins run on (a GpuUnavailableException when there is none). */
    public GpuDevice device() {
        return runtime.device();
    }

    /** The checks and measurements this executor's device work runs with. */
    public GpuDevice.Diagnostics diagnostics() {
        return diagnostics;
    }

    /** Device bytes this executor may use (0: the device's budget). */
    public long memoryLimit() {
        return memoryLimit;
    }

    /** Frees the tries this executor keeps resident, leaving the device to other work (a recursive stratum's fixpoint). */
    public void evictResidentTries() {
        if (resident != null) {
            runtime.device().cleanUp(resident::evictAll);
        }
    }

    /** Whether joins go to the GPU whenever they can (--device gpu) or where they pay (auto). */
    public Mode mode() {
        return mode;
    }

    /** Bytes of tries resident on the device now. */
    public long residentBytes() {
        if (resident == null) {
            return 0;
        }
        return runtime.device().run(resident::residentBytes);
    }

    /** Frees the resident tries. */
    @Override
    public void close() {
        if (resident != null) {
            ResidentTries r = resident;
            resident = null;
            runtime.device().cleanUp(r::evictAll);
        }
        lastPlan = null;
    }
}
