package io.leapfrog.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Souffle (souffle-lang/souffle), the reference Datalog engine, through its compiled programs
 * {@code <peers-bin>/souffle/{tc,sg,andersen}} (the same rules as Leapfrog's, each with {@code .printsize}
 * of its answer; bench/README.md). Each run is one process reading the fact files; Souffle prints no
 * timing, so the query time is the process's wall time, reading the facts included.
 */
public final class SoufflePeer implements Peer {
    private final Path dir;
    private final int threads;
    private final double timeoutSeconds;
    private Path factsDir;
    private Path outDir;

    /** @param peersBin the directory holding {@code souffle/<program>} */
    public SoufflePeer(Path peersBin, int threads, double timeoutSeconds) {
        this.dir = peersBin.resolve("souffle");
        this.threads = threads;
        this.timeoutSeconds = timeoutSeconds;
    }

    @Override
    public String name() {
        return "souffle";
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query.isRecursive();
    }

    private Path binary(BenchQuery q) {
        return dir.resolve(q.program());
    }

    @Override
    public double load(Workload workload) throws IOException, NotBuiltException {
        unload();
        Path binary = binary(workload.query());
        if (!Files.isExecutable(binary)) {
            throw new NotBuiltException("no Souffle program at " + binary + " (compile queries/"
                    + workload.query().program() + ".dl's rules with souffle -o as bench/README.md says)");
        }
        // Souffle's programs name the graph "edge"; the points-to relations keep their names.
        factsDir = FactFiles.write(workload.relations(),
                r -> (r.equals(Workload.GRAPH) ? "edge" : r) + ".facts");
        outDir = Files.createTempDirectory("leapfrog-bench-souffle-out");
        return Double.NaN; // each run's process reads the files
    }

    @Override
    public Measurement run(Workload workload) throws QueryTimeoutException {
        List<String> command = List.of(binary(workload.query()).toString(), "-F", factsDir.toString(),
                "-D", outDir.toString(), "-j", Integer.toString(threads));
        long start = System.nanoTime();
        String out = ExternalProcess.run(command, Map.of(), timeoutSeconds);
        double wall = (System.nanoTime() - start) / 1e9;
        long size = printedSize(out, workload.query().answerRelation());
        return new Measurement(size, wall, Double.NaN, wall);
    }

    /** The size a {@code .printsize} line ("{@code <relation>\t<size>}") of Souffle's output gives for the relation. */
    static long printedSize(String output, String relation) {
        for (String line : output.split("\\R")) {
            int tab = line.indexOf('\t');
            if (tab > 0 && line.substring(0, tab).equals(relation)) {
                String v = line.substring(tab + 1).strip();
                try {
                    return Long.parseLong(v);
                } catch (NumberFormatException e) {
                    throw new BenchException("unexpected output from Souffle: the size of " + relation + " is '" + v + "'");
                }
            }
        }
        throw new BenchException("unexpected output from Souffle: no '" + relation + "<TAB><size>' line in:\n"
                + (output.isBlank() ? "(no output)" : output.strip()));
    }

    @Override
    public void unload() {
        FactFiles.delete(factsDir);
        FactFiles.delete(outDir);
        factsDir = null;
        outDir = null;
    }
}
