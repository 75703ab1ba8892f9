package io.leapfrog.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The hand-written CUDA triangle counter (bench/native/cuda_triangles.cu, built by build-cuda.sh with
 * nvcc -O3): degree-oriented CSR, one thread per oriented edge, merge intersection. It runs once per
 * workload on the graph's binary edge file, timing a warm-up and then as many kernel runs as the bench
 * asks for (CUDA events around the counting kernel), each handed out by {@link #run}; its file read,
 * orientation, CSR build and copy are the load time.
 */
public final class CudaCounterPeer extends TimedProcessPeer {
    private final Path binary;
    private final double timeoutSeconds;
    private final int runs;

    /** @param runs every run the bench makes of a cell, warm-ups included */
    public CudaCounterPeer(Path nativeDir, int runs, double timeoutSeconds) {
        super("the CUDA counter");
        this.binary = nativeDir.resolve("build/cuda_triangles");
        this.timeoutSeconds = timeoutSeconds;
        this.runs = runs;
        if (!Files.isExecutable(binary)) {
            throw new BenchException("no CUDA counter at " + binary + ": run bench/native/build-cuda.sh (needs nvcc)");
        }
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public double load(Workload workload) throws QueryTimeoutException {
        String out = ExternalProcess.run(List.of(binary.toString(), BinaryEdgeFiles.of(workload).toString(),
                Integer.toString(runs)), timeoutSeconds);
        timed.read(out, "run_seconds");
        String load = ExternalProcess.value(out, "load_seconds");
        String prep = ExternalProcess.value(out, "prep_seconds");
        if (load == null || prep == null) {
            throw new BenchException("unexpected output from the CUDA counter:\n" + out);
        }
        return Double.parseDouble(load) + Double.parseDouble(prep);
    }
}
