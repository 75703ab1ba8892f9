package io.leapfrog.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The hand-written CUDA triangle counter (bench/native/cuda_triangles.cu, built by build-cuda.sh with
 * nvcc -O3): degree-oriented CSR, one thread per oriented edge, merge intersection. Each run is one
 * process on the graph's binary edge file; the time compared is the median kernel time it reports
 * (CUDA events around the counting kernel); its file read, orientation, CSR build and copy are the
 * load time.
 */
public final class CudaCounterPeer implements Peer {
    private final Path binary;
    private final double timeoutSeconds;

    public CudaCounterPeer(Path nativeDir, double timeoutSeconds) {
        this.binary = nativeDir.resolve("build/cuda_triangles");
        this.timeoutSeconds = timeoutSeconds;
        if (!Files.isExecutable(binary)) {
            throw new BenchException("no CUDA counter at " + binary + ": run bench/native/build-cuda.sh (needs nvcc)");
        }
    }

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query == BenchQuery.TRIANGLES;
    }

    @Override
    public double load(Workload workload) {
        BinaryEdgeFiles.of(workload);
        return Double.NaN;
    }

    @Override
    public Measurement run(Workload workload) throws QueryTimeoutException {
        String out = ExternalProcess.run(List.of(binary.toString(), BinaryEdgeFiles.of(workload).toString(), "1"),
                timeoutSeconds);
        String count = ExternalProcess.value(out, "count");
        String kernel = ExternalProcess.value(out, "kernel_seconds");
        String load = ExternalProcess.value(out, "load_seconds");
        String prep = ExternalProcess.value(out, "prep_seconds");
        if (count == null || kernel == null) {
            throw new BenchException("unexpected output from the CUDA counter:\n" + out);
        }
        double loadSeconds = Double.parseDouble(load) + Double.parseDouble(prep);
        return new Measurement(Long.parseLong(count), Double.parseDouble(kernel), loadSeconds);
    }

    @Override
    public void unload() {
    }
}
