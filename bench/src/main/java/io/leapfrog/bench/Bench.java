package io.leapfrog.bench;

import io.leapfrog.engine.EngineOptions;
import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.exec.gpu.join.GpuOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

/**
 * The bench harness: named queries on named datasets, against the C++ counter, DuckDB, Kuzu, GDlog and
 * Souffle in the same run. Prints the result table (and writes it as CSV with --csv, headed by the run's command, machine,
 * commit and date). See bench/README.md.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Runs named queries on named datasets with Leapfrog and its peers and prints a table "
                + "of counts (checked against the exact ones), median/min/max query seconds, load seconds "
                + "and ratios to the C++ counter, DuckDB and Kuzu.")
public final class Bench implements Callable<Integer> {

    @Option(names = "--datasets", split = ",", description = "datasets; each query runs on those of its kind: "
            + "clique queries on SNAP graphs <shared>/data/<name>.txt.gz and R-MAT graphs rmat-<scale> (a=0.57, "
            + "b=c=0.19, edge factor 16, labels permuted; seed --seed); tc and sg on the directed graphs "
            + "<shared>/data/more/<name>.facts.gz and directed R-MAT graphs rmat-tc-<scale> (edge factor 2); andersen on "
            + "generated points-to constraints pts-<variables> (default: per query, ca-GrQc,oregon1_010331,wiki-Vote,"
            + "ego-Facebook for cliques; CA-HepTH,fe-sphere,fe_body,SF.cedge,Gnutella31,usroad for tc and sg, and "
            + "rmat-tc-12,rmat-tc-14,rmat-tc-16 for tc; pts-10000,pts-100000,pts-1000000 for andersen)")
    List<String> datasets;

    @Option(names = "--queries", split = ",", description = "triangles, 4cliques, tc-chain, tc-random, tc, sg, andersen, "
            + "and the graph searches on the clique graphs: maxclique, kclique-5 .. kclique-9, maximal-cliques, "
            + "quasi-0.8-10, quasi-0.75-12, quasi-0.95-103 "
            + "(default: ${DEFAULT-VALUE})", defaultValue = "triangles,4cliques,tc-chain,tc-random")
    List<String> queries;

    @Option(names = "--engines", split = ",", description = "leapfrog (the Engine), leapfrog-join (the executor's CPU "
            + "join alone), gpu-lftj and gpu-levelwise (the GPU strategies on the same query), leapfrog-no-renumber (the "
            + "Engine never renumbering a clique query's graph by degree), leapfrog-join-renumbered and "
            + "gpu-levelwise-renumbered (the bare joins over the graph renumbered by degree), duckdb, kuzu, cpp (the "
            + "C++ counter), cuda (the hand-written CUDA triangle counter), cupy (CuPy sparse triangles), gdlog (GDlog's "
            + "TC and SG programs), souffle (compiled Souffle programs), pmc, quick-cliques, kclist, fastqc (the CPU "
            + "mining programs, for the graph searches) "
            + "(default: ${DEFAULT-VALUE})", defaultValue = "cpp,leapfrog,leapfrog-join,duckdb,kuzu")
    List<String> engines;

    @Option(names = "--ratios", split = ",", description = "engines every time is divided by, one vs_ column each "
            + "(default: ${DEFAULT-VALUE})", defaultValue = "cpp,duckdb,kuzu")
    List<String> ratios;

    @Option(names = "--reference", description = "the engine whose count is taken as exact on datasets without a "
            + "published count; when it did not run, the engines' counts are checked against each other "
            + "(default: ${DEFAULT-VALUE})", defaultValue = "leapfrog-join")
    String reference;

    @Option(names = "--runs", description = "timed runs per cell (default: ${DEFAULT-VALUE})", defaultValue = "5")
    int runs;

    @Option(names = "--warmup", description = "untimed runs before the timed ones (default: ${DEFAULT-VALUE})",
            defaultValue = "1")
    int warmup;

    @Option(names = "--warmup-seconds", description = "warm-up goes on past --warmup runs until this many seconds "
            + "have passed, for every engine run in this process and the C++ counter (the JIT compiles a millisecond "
            + "query's code during its first few dozen runs); the CUDA counter and CuPy time exactly --warmup "
            + "warm-ups (default: ${DEFAULT-VALUE})", defaultValue = "1")
    double warmupSeconds;

    @Option(names = "--threads", description = "threads for every engine (default: all cores)")
    Integer threads;

    @Option(names = "--csv", description = "also write the table as CSV to this file (after each workload, and at the end), headed by comment lines "
            + "naming the command, the machine, the commit and the date (the bench/results convention)")
    Path csv;

    @Option(names = "--commit", description = "the commit the CSV's header names (default: the checkout's HEAD, asked "
            + "of git; the device machine's copy of the tree has no git history, so pass it there)")
    String commit;

    @Spec
    CommandSpec spec;

    @Option(names = "--shared", description = "the shared directory holding data/ (default: -Dleapfrog.shared, "
            + "else ../shared next to the repository)")
    Path shared;

    @Option(names = "--timeout", description = "seconds after which one run is cancelled (Leapfrog, DuckDB, Kuzu, "
            + "leapfrog-join, the mining programs, the CUDA counter, CuPy, GDlog and Souffle; "
            + "default: ${DEFAULT-VALUE})", defaultValue = "300")
    double timeoutSeconds;

    @Option(names = "--peers-bin", description = "the directory of the external engines' programs, gdlog/{TC,SG}, "
            + "souffle/{tc,sg,andersen}, pmc/pmc, quick-cliques/qc, kclist/kClistNodeParallel, fastqc/{FastQC,maximal} (default: bench/peers-bin in the repository the bench runs in)")
    Path peersBin;

    @Option(names = "--cell-budget", description = "stop the timed runs of a cell once they took this many "
            + "seconds together (at least one run; default: ${DEFAULT-VALUE})", defaultValue = "60")
    double cellBudgetSeconds;

    @Option(names = "--chain-nodes", description = "nodes of the tc-chain graph; closure n(n-1)/2 "
            + "(default: ${DEFAULT-VALUE})", defaultValue = "1500")
    int chainNodes;

    @Option(names = "--random-nodes", description = "nodes of the tc-random graph (default: ${DEFAULT-VALUE})",
            defaultValue = "2000")
    int randomNodes;

    @Option(names = "--random-edges", description = "edges of the tc-random graph (default: ${DEFAULT-VALUE})",
            defaultValue = "3000")
    int randomEdges;

    @Option(names = "--degree-order", description = "renumber the nodes of the graphs by degree before "
            + "giving them to the engines, so that id order is degree order (the C++ and CUDA counters orient by degree "
            + "inside their kernels); R-MAT datasets are then named rmat-<scale>/deg (default: ids as stored)")
    boolean degreeOrder;

    @Option(names = "--seed", description = "seed of the tc-random and R-MAT graphs (default: ${DEFAULT-VALUE})",
            defaultValue = "42")
    long seed;

    @Option(names = "--gpu-resident-counts", description = "Leapfrog's GPU engines (leapfrog-gpu, leapfrog-auto, "
            + "gpu-levelwise, ...) leave the small counts' kernel running between counts (GpuOptions.residentCounts; "
            + "default: off, as for the engine)")
    boolean gpuResidentCounts;

    @Option(names = "--gpu-await-shaped-kernels", description = "Leapfrog's GPU engines wait for the small counts' "
            + "kernel compiled for the query's shape instead of counting with the table-driven kernel until it is "
            + "ready (GpuOptions.awaitShapedKernels), so every timed count runs the compiled kernel; default: off")
    boolean gpuAwaitShapedKernels;

    public static void main(String[] args) {
        CommandLine cli = new CommandLine(new Bench());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof BenchException) {
                cmd.getErr().println("error: " + e.getMessage());
                return 2;
            }
            throw e;
        });
        System.exit(cli.execute(args));
    }

    @Override
    public Integer call() throws Exception {
        int threadCount = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
        if (threadCount < 1 || runs < 1 || warmup < 0 || warmupSeconds < 0) {
            throw new BenchException("--threads and --runs must be at least 1, --warmup and --warmup-seconds at least 0");
        }
        Path repoRoot = RepoLayout.repoRoot();
        Path sharedDir = shared != null ? shared : RepoLayout.defaultShared(repoRoot);
        Path dataDir = sharedDir.resolve("data");

        List<Workload> workloads = workloads(dataDir);
        List<Peer> peers = new ArrayList<>();
        try {
            for (String e : engines) {
                peers.add(peer(e.strip(), threadCount, repoRoot));
            }
            System.err.printf("bench: %d workload(s) x %d engine(s), %d thread(s), %d run(s) + %d warm-up (at least %s s)%n",
                    workloads.size(), peers.size(), threadCount, runs, warmup, warmupSeconds);
            BenchRunner runner = new BenchRunner(
                    new BenchRunner.Settings(runs, warmup, warmupSeconds, timeoutSeconds, cellBudgetSeconds, reference), System.err);
            RunProvenance provenance = RunProvenance.ofThisRun(Bench.class.getName(),
                    spec.commandLine().getParseResult().originalArgs(), repoRoot, commit);
            // The CSV is rewritten after each workload, so that a run stopped by a time limit keeps what it measured.
            ResultTable table = new ResultTable(runner.run(workloads, peers, soFar -> {
                if (csv != null) {
                    new ResultTable(soFar, ratios).writeCsv(csv, provenance);
                }
            }), ratios);
            System.out.print(table.toText());
            if (csv != null) {
                table.writeCsv(csv, provenance);
                System.err.println("bench: wrote " + csv);
            }
            boolean allCorrect = table.cells().stream().noneMatch(c -> c.correct().equals("NO"));
            return allCorrect ? 0 : 1;
        } finally {
            for (Peer p : peers) {
                try {
                    p.close();
                } catch (Exception e) {
                    System.err.println("warning: closing " + p.name() + ": " + e.getMessage());
                }
            }
        }
    }

    private List<Workload> workloads(Path dataDir) {
        Datasets data = new Datasets(dataDir, seed, degreeOrder, System.err);
        List<String> given = datasets == null ? null : datasets.stream().map(String::strip).toList();
        List<String> unused = given == null ? new ArrayList<>() : new ArrayList<>(given);
        List<Workload> result = new ArrayList<>();
        for (String qName : queries) {
            BenchQuery q = BenchQuery.parse(qName);
            switch (q) {
                case TC_CHAIN -> {
                    long n = chainNodes;
                    result.add(new Workload(q, "chain-" + chainNodes, ClosureGraphs.chain(chainNodes), null,
                            OptionalLong.of(n * (n - 1) / 2)));
                }
                case TC_RANDOM -> {
                    EdgeList g = ClosureGraphs.random(randomNodes, randomEdges, seed);
                    result.add(new Workload(q, "random-" + randomNodes + "-" + randomEdges, g, null,
                            OptionalLong.of(ClosureGraphs.closureSize(g))));
                }
                default -> {
                    for (String name : given == null ? Datasets.defaults(q) : given) {
                        if (data.kindOf(name) == q.inputs()) {
                            result.add(data.workload(q, name));
                            unused.remove(name);
                        }
                    }
                }
            }
        }
        if (!unused.isEmpty()) {
            throw new BenchException("no query of --queries " + String.join(",", queries) + " runs on "
                    + String.join(", ", unused) + " (clique queries take SNAP graphs and rmat-<scale>; tc and sg the "
                    + "graphs of data/more and rmat-tc-<scale>; andersen pts-<variables>)");
        }
        return result;
    }

    /** A CPU mining program; its inputs in their formats are kept in bench/target/mining-inputs between runs. */
    private MiningPeer miningPeer(MiningPeer.Tool tool, Path externalPrograms, int threads, Path repoRoot) {
        return new MiningPeer(tool, externalPrograms, repoRoot.resolve("bench/target/mining-inputs"), threads, timeoutSeconds);
    }

    private Peer peer(String name, int threads, Path repoRoot) throws Exception {
        Path externalPrograms = peersBin != null ? peersBin : repoRoot.resolve("bench/peers-bin");
        GpuOptions gpu = GpuOptions.defaults().withResidentCounts(gpuResidentCounts)
                .withAwaitShapedKernels(gpuAwaitShapedKernels);
        return switch (name) {
            case "cpp" -> new NativeCounterPeer(new NativeCounter(repoRoot.resolve("bench/native")), threads);
            case "duckdb" -> new DuckDbPeer(threads, timeoutSeconds);
            case "kuzu" -> new KuzuPeer(threads, timeoutSeconds);
            case "leapfrog" -> new LeapfrogPeer(threads, EngineOptions.Device.CPU, gpu, true, timeoutSeconds);
            case "leapfrog-gpu" -> new LeapfrogPeer(threads, EngineOptions.Device.GPU, gpu, true, timeoutSeconds);
            case "leapfrog-auto" -> new LeapfrogPeer(threads, EngineOptions.Device.AUTO, gpu, true, timeoutSeconds);
            case "leapfrog-no-renumber" -> new LeapfrogPeer(threads, EngineOptions.Device.CPU, gpu, false, timeoutSeconds);
            case "leapfrog-gpu-no-renumber" -> new LeapfrogPeer(threads, EngineOptions.Device.GPU, gpu, false, timeoutSeconds);
            case "leapfrog-join" -> new LeapfrogJoinPeer(threads, timeoutSeconds);
            case "gpu-lftj" -> new GpuJoinPeer(GpuJoinExecutor.Strategy.LFTJ, gpu, timeoutSeconds, false);
            case "gpu-levelwise" -> new GpuJoinPeer(GpuJoinExecutor.Strategy.LEVELWISE, gpu, timeoutSeconds, false);
            case "leapfrog-join-renumbered" -> new LeapfrogJoinPeer(threads, timeoutSeconds, true);
            case "gpu-levelwise-renumbered" -> new GpuJoinPeer(GpuJoinExecutor.Strategy.LEVELWISE, gpu, timeoutSeconds, true);
            case "cuda" -> new CudaCounterPeer(repoRoot.resolve("bench/native"), runs + warmup, timeoutSeconds);
            case "cupy" -> new CupyPeer(repoRoot.resolve("bench/native"), runs + warmup, timeoutSeconds);
            case "gdlog" -> new GdlogPeer(externalPrograms, timeoutSeconds);
            case "souffle" -> new SoufflePeer(externalPrograms, threads, timeoutSeconds);
            case "pmc" -> miningPeer(MiningPeer.Tool.PMC, externalPrograms, threads, repoRoot);
            case "quick-cliques" -> miningPeer(MiningPeer.Tool.QUICK_CLIQUES, externalPrograms, threads, repoRoot);
            case "kclist" -> miningPeer(MiningPeer.Tool.KCLIST, externalPrograms, threads, repoRoot);
            case "fastqc" -> miningPeer(MiningPeer.Tool.FASTQC, externalPrograms, threads, repoRoot);
            default -> throw new BenchException("unknown engine '" + name + "'; known engines: leapfrog, leapfrog-gpu, leapfrog-auto, "
                    + "leapfrog-no-renumber, leapfrog-gpu-no-renumber, leapfrog-join, leapfrog-join-renumbered, "
                    + "gpu-lftj, gpu-levelwise, gpu-levelwise-renumbered, duckdb, kuzu, cpp, cuda, cupy, gdlog, souffle, "
                    + "pmc, quick-cliques, kclist, fastqc");
        };
    }
}
