package io.leapfrog.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A CPU graph-mining program built from source into {@code <peers-bin>} by
 * {@code bench/peers/build-mining-peers.sh} (../shared/peers/README.md): PMC (maximum clique), quick-cliques
 * (maximal cliques), kClist (k-cliques) and FastQC with its maximality post-filter (maximal quasi-cliques).
 * Each run is one process (FastQC: two, the miner and the filter, one after the other) on the graph written
 * once per dataset in the program's format ({@link MiningGraphFiles}); the time is the whole run's wall time,
 * from the start to the exit, reading the graph included, since not all of them time themselves (kClist
 * prints whole seconds only).
 */
public final class MiningPeer implements Peer {

    /** The programs, their place under the peers' directory, their input format and what they answer. */
    public enum Tool {
        PMC("pmc", "pmc/pmc", MiningGraphFiles.Format.MATRIX_MARKET, GraphSearch.Kind.MAX_CLIQUE),
        QUICK_CLIQUES("quick-cliques", "quick-cliques/qc", MiningGraphFiles.Format.QUICK_CLIQUES,
                GraphSearch.Kind.MAXIMAL_CLIQUES),
        KCLIST("kclist", "kclist/kClistNodeParallel", MiningGraphFiles.Format.EDGE_LINES, GraphSearch.Kind.K_CLIQUES),
        FASTQC("fastqc", "fastqc/FastQC", MiningGraphFiles.Format.ADJACENCY_LINES, GraphSearch.Kind.QUASI_CLIQUES);

        private final String peerName;
        private final String program;
        private final MiningGraphFiles.Format format;
        private final GraphSearch.Kind answers;

        Tool(String peerName, String program, MiningGraphFiles.Format format, GraphSearch.Kind answers) {
            this.peerName = peerName;
            this.program = program;
            this.format = format;
            this.answers = answers;
        }

        public String peerName() {
            return peerName;
        }
    }

    private static final Pattern PMC_SIZE = Pattern.compile("^Size \\(omega\\): (\\d+)", Pattern.MULTILINE);
    private static final Pattern PMC_HEURISTIC = Pattern.compile("^Heuristic found clique of size (\\d+)", Pattern.MULTILINE);
    private static final Pattern QC_COUNT = Pattern.compile("(\\d+) maximal cliques");
    private static final Pattern KCLIST_COUNT = Pattern.compile("^Number of (\\d+)-cliques: (\\d+)", Pattern.MULTILINE);
    private static final Pattern FASTQC_COUNT = Pattern.compile("^# of returned QCs: (\\d+)", Pattern.MULTILINE);
    private static final Pattern MAXIMAL_COUNT = Pattern.compile("#maximal cliques: (\\d+)");

    private final Tool tool;
    private final Path peersBin;
    private final MiningGraphFiles files;
    private final int threads;
    private final double timeoutSeconds;
    private Path input;
    private Path workDir;

    /**
     * @param peersBin the directory holding the programs ({@code pmc/pmc}, ...)
     * @param inputCache where the graphs in the programs' formats are kept between runs
     */
    public MiningPeer(Tool tool, Path peersBin, Path inputCache, int threads, double timeoutSeconds) {
        this.tool = tool;
        this.peersBin = peersBin;
        this.files = new MiningGraphFiles(inputCache);
        this.threads = threads;
        this.timeoutSeconds = timeoutSeconds;
    }

    @Override
    public String name() {
        return tool.peerName;
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query.search() != null && query.search().kind() == tool.answers;
    }

    private Path binary(String program) {
        return peersBin.resolve(program);
    }

    @Override
    public double load(Workload workload) throws IOException, NotBuiltException {
        unload();
        List<Path> needed = new ArrayList<>(List.of(binary(tool.program)));
        if (tool == Tool.FASTQC) {
            needed.add(binary("fastqc/maximal"));
        }
        for (Path p : needed) {
            if (!Files.isExecutable(p)) {
                throw new NotBuiltException("no " + tool.peerName + " program at " + p
                        + " (build it with bench/peers/build-mining-peers.sh, bench/README.md)");
            }
        }
        input = files.file(workload.dataset(), workload.graph(), tool.format);
        // FastQC writes its sets to ./output and the filter its answer beside it: a directory of their own.
        workDir = Files.createTempDirectory("leapfrog-bench-" + tool.peerName);
        return Double.NaN; // each run's process reads the file
    }

    @Override
    public Measurement run(Workload workload) throws QueryTimeoutException {
        GraphSearch search = workload.query().search();
        String file = input.toString();
        long start = System.nanoTime();
        long count = switch (tool) {
            case PMC -> pmcSize(exec(List.of("-f", file, "-a", "0", "-t", Integer.toString(threads))));
            case QUICK_CLIQUES -> number(QC_COUNT, 1, exec(List.of("--input-file=" + file, "--algorithm=degeneracy")));
            case KCLIST -> kCliques(exec(List.of(Integer.toString(threads), Integer.toString(search.k()), file)), search.k());
            case FASTQC -> fastQc(search, file, start);
        };
        double wall = (System.nanoTime() - start) / 1e9;
        return new Measurement(count, wall, Double.NaN, wall);
    }

    private String exec(List<String> arguments) throws QueryTimeoutException {
        List<String> command = new ArrayList<>();
        command.add(binary(tool.program).toString());
        command.addAll(arguments);
        return ExternalProcess.run(command, Map.of(), workDir, timeoutSeconds);
    }

    /** FastQC's candidate sets, then its maximality filter over them, within one run's time limit. */
    private long fastQc(GraphSearch search, String file, long start) throws QueryTimeoutException {
        String mined = exec(List.of("-f", file, "-g", search.gamma(), "-u", Integer.toString(search.minSize()), "-q", "1"));
        if (number(FASTQC_COUNT, 1, mined) == 0) {
            return 0; // the filter reads no empty file
        }
        double left = timeoutSeconds - (System.nanoTime() - start) / 1e9;
        if (left <= 0) {
            throw new QueryTimeoutException(timeoutSeconds);
        }
        List<String> filter = List.of(binary("fastqc/maximal").toString(), "output", "max_output");
        return maximalSets(ExternalProcess.runToExit(filter, Map.of(), workDir, left));
    }

    /** The filter's count of maximal sets; it exits with that count modulo 256, which must agree. */
    static long maximalSets(ExternalProcess.Exited filter) {
        long count = number(MAXIMAL_COUNT, 1, filter.output());
        if ((count & 0xFF) != filter.status()) {
            throw new BenchException("fastqc/maximal failed (exit " + filter.status() + ", not its count " + count
                    + " modulo 256): " + filter.output().strip());
        }
        return count;
    }

    /** PMC prints "Size (omega)" after its search, or only its heuristic's clique when that met the upper bound. */
    static long pmcSize(String out) {
        Matcher m = PMC_SIZE.matcher(out);
        if (m.find()) {
            return Long.parseLong(m.group(1));
        }
        if (out.contains("Heuristic found optimal solution.")) {
            return number(PMC_HEURISTIC, 1, out);
        }
        throw unexpected("pmc", out);
    }

    static long kCliques(String out, int k) {
        Matcher m = KCLIST_COUNT.matcher(out);
        if (!m.find() || Integer.parseInt(m.group(1)) != k) {
            throw unexpected("kclist", out);
        }
        return Long.parseLong(m.group(2));
    }

    private static long number(Pattern p, int group, String out) {
        Matcher m = p.matcher(out);
        if (!m.find()) {
            throw unexpected(p.pattern(), out);
        }
        return Long.parseLong(m.group(group));
    }

    private static BenchException unexpected(String what, String out) {
        return new BenchException("unexpected output (looked for " + what + ") in:\n"
                + (out.isBlank() ? "(no output)" : out.strip()));
    }

    @Override
    public void unload() {
        FactFiles.delete(workDir);
        workDir = null;
        input = null;
    }
}
