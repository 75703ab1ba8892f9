package io.leapfrog.bench;

import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.gpu.join.GpuOptions;
import io.leapfrog.exec.join.JoinCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Trie;

/**
 * Leapfrog's GPU join strategies through the executor's API (the GPU counterpart of
 * {@link LeapfrogJoinPeer}): the same hand-written clique queries over the trie of e, run by a
 * {@link GpuJoinExecutor} forced to one strategy. Load builds the trie and copies it to the device
 * (the first count); query time is a count with the trie resident, the plan upload and every kernel
 * included; the query is built once ({@link PreparedQuery}), so a run after the first reuses its plan.
 * The executor's options are the defaults (resident counts off) unless the harness gives others
 * ({@code --gpu-resident-counts}).
 */
public final class GpuJoinPeer implements Peer {
    private final GpuJoinExecutor.Strategy strategy;
    private final GpuOptions options;
    private final double timeoutSeconds;
    private final boolean renumbered;
    private GpuJoinExecutor executor;
    private GpuJoinReport report;
    private Trie edges;
    private final PreparedQuery prepared = new PreparedQuery();

    /**
     * @param options        how the executor runs GPU joins; its strategy is replaced by {@code strategy}
     * @param timeoutSeconds a run is interrupted between kernel launches after this long
     * @param renumbered     count over the graph with its nodes renumbered by degree, as the engine does when
     *                       that measures less work: the peer "gpu-levelwise-renumbered" (or gpu-lftj-...);
     *                       the renumbering, on the CPU, is part of the load time
     */
    public GpuJoinPeer(GpuJoinExecutor.Strategy strategy, GpuOptions options, double timeoutSeconds, boolean renumbered) {
        this.strategy = strategy;
        this.options = options.withStrategy(strategy);
        this.timeoutSeconds = timeoutSeconds;
        this.renumbered = renumbered;
    }

    @Override
    public String name() {
        return renumbered ? strategy.label + "-renumbered" : strategy.label;
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query.isJoinCount();
    }

    @Override
    public double load(Workload workload) {
        long start = System.nanoTime();
        edges = LeapfrogJoinPeer.trieOf(workload.graph(), renumbered);
        report = new GpuJoinReport();
        executor = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, options, report);
        // Copies the trie to the device with a cheap query over it (counting e's tuples); the harness's
        // warm-up run then warms the clique query's kernels.
        long tuples = executor.count(JoinCompiler.inVariableOrder(2).atom(edges, 0, 1).build(), 1, "upload");
        if (tuples != edges.size()) {
            throw new BenchException(strategy.label + " counted " + tuples + " edges, expected " + edges.size());
        }
        return (System.nanoTime() - start) / 1e9;
    }

    @Override
    public Measurement run(Workload workload) throws Exception {
        JoinQuery q = prepared.of(workload.query(), edges);
        Measurement m = LeapfrogJoinPeer.withTimeout(() -> executor.count(q, 1, workload.query().id()), timeoutSeconds);
        GpuJoinReport.Entry last = report.last();
        if (!last.where().equals(strategy.label)) {
            throw new BenchException(strategy.label + " did not run on the GPU: " + last.where() + " (" + last.why() + ")");
        }
        return m;
    }

    @Override
    public void unload() {
        if (executor != null) {
            executor.close();
        }
        executor = null;
        edges = null;
    }
}
