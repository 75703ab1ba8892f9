package io.leapfrog.bench;

import java.nio.file.Path;
import java.util.List;

/**
 * What a Python user would write on the same GPU: CuPy sparse matrices, sum((U @ U) .* U) with U the
 * upper triangle in float32 (bench/native/cupy_triangles.py). The script runs once per workload (CuPy's
 * start-up and kernel compilation would otherwise dominate); it times a warm-up and then as many runs
 * as the bench asks for, each handed out by {@link #run}. Its count is taken as printed: the float
 * accumulation can be wrong on large graphs, and the table's "correct" column shows it. A CuPy failure
 * (out of memory) is the cell's status.
 */
public final class CupyPeer extends TimedProcessPeer {
    private final Path script;
    private final String python;
    private final int runs;
    private final double timeoutSeconds;

    /** @param runs every run the bench makes of a cell, warm-ups included */
    public CupyPeer(Path nativeDir, int runs, double timeoutSeconds) {
        super("the CuPy script");
        this.script = nativeDir.resolve("cupy_triangles.py");
        this.python = System.getenv().getOrDefault("LEAPFROG_BENCH_PYTHON", "python3");
        this.runs = runs;
        this.timeoutSeconds = timeoutSeconds;
    }

    @Override
    public String name() {
        return "cupy";
    }

    @Override
    public double load(Workload workload) throws QueryTimeoutException {
        long start = System.nanoTime();
        String out = ExternalProcess.run(List.of(python, script.toString(), BinaryEdgeFiles.of(workload).toString(),
                Integer.toString(runs)), timeoutSeconds);
        String error = ExternalProcess.value(out, "error");
        if (error != null) {
            throw new BenchException("cupy: " + error);
        }
        timed.read(out, "seconds");
        return (System.nanoTime() - start) / 1e9 - timed.totalSeconds();
    }
}
