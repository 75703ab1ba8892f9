package io.leapfrog.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * GDlog (harp-lab/gdlog), a GPU Datalog engine, through its benchmark programs {@code TC} and {@code SG}
 * built from source into {@code <peers-bin>/gdlog/} (bench/README.md). Each run is one process on the
 * graph's edge file; the query time is the computation GDlog's own timers report ({@link GdlogOutput}),
 * the whole process's time is the wall time. GDlog has no points-to program.
 */
public final class GdlogPeer implements Peer {
    private final Path dir;
    private final double timeoutSeconds;
    private Path factsDir;

    /** @param peersBin the directory holding {@code gdlog/TC} and {@code gdlog/SG} */
    public GdlogPeer(Path peersBin, double timeoutSeconds) {
        this.dir = peersBin.resolve("gdlog");
        this.timeoutSeconds = timeoutSeconds;
    }

    @Override
    public String name() {
        return "gdlog";
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query.isTransitiveClosure() || query == BenchQuery.SG;
    }

    private Path binary(BenchQuery q) {
        return dir.resolve(q == BenchQuery.SG ? "SG" : "TC");
    }

    @Override
    public double load(Workload workload) throws IOException, NotBuiltException {
        unload();
        Path binary = binary(workload.query());
        if (!Files.isExecutable(binary)) {
            throw new NotBuiltException("no GDlog program at " + binary + " (build harp-lab/gdlog's TC and SG as "
                    + "bench/README.md says, into bench/peers-bin/gdlog)");
        }
        // GDlog counts the rows by the newlines and takes any one character between the two numbers:
        // tab-separated lines, each ending in a newline, as writeTsv writes them.
        factsDir = FactFiles.write(Map.of(Workload.GRAPH, workload.graph()), r -> "edge.facts");
        return Double.NaN; // each run's process reads the file
    }

    @Override
    public Measurement run(Workload workload) throws QueryTimeoutException {
        boolean sg = workload.query() == BenchQuery.SG;
        String edges = factsDir.resolve("edge.facts").toString();
        // TC's second argument (0: with its eager merge buffer, the default configuration) is required.
        List<String> command = sg ? List.of(binary(workload.query()).toString(), edges)
                : List.of(binary(workload.query()).toString(), edges, "0");
        long start = System.nanoTime();
        // GDlog's main builds std::locale(""), which aborts when the environment names a locale not installed.
        String out = ExternalProcess.run(command, Map.of("LC_ALL", "C"), timeoutSeconds);
        double wall = (System.nanoTime() - start) / 1e9;
        GdlogOutput r = sg ? GdlogOutput.ofSg(out) : GdlogOutput.ofTc(out);
        return new Measurement(r.count(), r.seconds(), Double.NaN, wall);
    }

    @Override
    public void unload() {
        FactFiles.delete(factsDir);
        factsDir = null;
    }
}
