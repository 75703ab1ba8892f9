package io.leapfrog.bench;

import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuJoinReport;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Trie;

/**
 * Leapfrog's GPU join strategies through the executor's API (the GPU counterpart of
 * {@link LeapfrogJoinPeer}): the same hand-written clique queries over the trie of e, run by a
 * {@link GpuJoinExecutor} forced to one strategy. Load builds the trie and copies it to the device
 * (the first count); query time is a count with the trie resident, the plan upload and every kernel
 * included.
 */
public final class GpuJoinPeer implements Peer {
    private final GpuJoinExecutor.Strategy strategy;
    private GpuJoinExecutor executor;
    private GpuJoinReport report;
    private Trie edges;

    public GpuJoinPeer(GpuJoinExecutor.Strategy strategy) {
        this.strategy = strategy;
    }

    @Override
    public String name() {
        return strategy.label;
    }

    @Override
    public boolean supports(BenchQuery query) {
        return !query.isTransitiveClosure();
    }

    @Override
    public double load(Workload workload) {
        long start = System.nanoTime();
        edges = LeapfrogJoinPeer.trieOf(workload.graph());
        report = new GpuJoinReport();
        executor = new GpuJoinExecutor(GpuJoinExecutor.Mode.GPU, strategy, 0, 0, report);
        executor.count(LeapfrogJoinPeer.query(workload.query(), edges), 1, "upload");
        return (System.nanoTime() - start) / 1e9;
    }

    @Override
    public Measurement run(Workload workload) {
        long start = System.nanoTime();
        long count = executor.count(LeapfrogJoinPeer.query(workload.query(), edges), 1, workload.query().id());
        double seconds = (System.nanoTime() - start) / 1e9;
        GpuJoinReport.Entry last = report.entries().get(report.entries().size() - 1);
        if (!last.where().equals(strategy.label)) {
            throw new BenchException(strategy.label + " did not run on the GPU: " + last.where() + " (" + last.why() + ")");
        }
        return Measurement.of(count, seconds);
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
