package io.leapfrog.bench;

/**
 * A GPU triangle-counting peer that runs as one external program per workload, timing a warm-up and
 * then as many runs as the bench asks for in its own process (the CUDA counter, the CuPy script): its
 * load starts the program and reads the timed runs, each of which {@link #run} then hands out.
 */
abstract class TimedProcessPeer implements Peer {
    /** The program's timed runs of the current workload. */
    protected final TimedRuns timed;

    TimedProcessPeer(String program) {
        this.timed = new TimedRuns(program);
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query == BenchQuery.TRIANGLES;
    }

    @Override
    public Measurement run(Workload workload) {
        return timed.next();
    }

    @Override
    public boolean runsAreFixedInAdvance() {
        return true;
    }

    @Override
    public void unload() {
        timed.clear();
    }
}
