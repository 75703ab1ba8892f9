package io.leapfrog.bench;

/**
 * The C++ baseline. Each run is one process that reads the gzip edge list itself; the time compared is
 * the kernel time it reports (orientation, CSR build and counting), excluding its file load.
 */
public final class NativeCounterPeer implements Peer {

    private final NativeCounter counter;
    private final int threads;

    public NativeCounterPeer(NativeCounter counter, int threads) {
        this.counter = counter;
        this.threads = threads;
        counter.buildIfStale();
    }

    @Override
    public String name() {
        return "cpp";
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query == BenchQuery.TRIANGLES || query == BenchQuery.FOUR_CLIQUES;
    }

    @Override
    public double load(Workload workload) {
        if (workload.sourceFile() == null) {
            throw new BenchException("the C++ counter reads SNAP files only");
        }
        return Double.NaN; // the process loads on every run and reports it
    }

    @Override
    public Measurement run(Workload workload) {
        NativeCounter.Result r = counter.run(workload.query().id(), workload.sourceFile(), threads);
        return new Measurement(r.count(), r.kernelSeconds(), r.loadSeconds());
    }

    @Override
    public void unload() {
    }
}
