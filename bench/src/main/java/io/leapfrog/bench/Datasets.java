package io.leapfrog.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The datasets the queries run on, by name, each read or generated once per bench run:
 * <ul>
 *   <li>clique queries: SNAP graphs {@code <shared>/data/<name>.txt.gz} and undirected R-MAT graphs
 *       {@code rmat-<scale>} (edge factor 16);</li>
 *   <li>tc and sg: the directed graphs {@code <shared>/data/more/<name>.facts.gz} (duplicate lines dropped)
 *       and directed R-MAT graphs {@code rmat-tc-<scale>} (edge factor {@link RmatGraphs#CLOSURE_EDGE_FACTOR});</li>
 *   <li>andersen: generated points-to constraints {@code pts-<variables>} ({@link PointsToInputs}).</li>
 * </ul>
 * A query runs on the given datasets of its kind (none given: its defaults); a given name that no given
 * query runs on is an error.
 */
final class Datasets {
    static final List<String> CLIQUE_DEFAULTS = List.of("ca-GrQc", "oregon1_010331", "wiki-Vote", "ego-Facebook");
    static final List<String> RECURSION_GRAPHS = List.of("CA-HepTH", "fe-sphere", "fe_body", "SF.cedge", "Gnutella31",
            "usroad");
    static final List<String> TC_RMAT_DEFAULTS = List.of("rmat-tc-12", "rmat-tc-14", "rmat-tc-16");
    static final List<String> POINTS_TO_DEFAULTS = List.of("pts-10000", "pts-100000", "pts-1000000");

    private final Path dataDir;
    private final long seed;
    private final boolean degreeOrder;
    private final PrintStream progress;
    private final ExpectedCounts expected;
    private final Map<String, Map<String, EdgeList>> loaded = new HashMap<>();

    /** @param degreeOrder the clique graphs renumbered by degree (--degree-order) */
    Datasets(Path dataDir, long seed, boolean degreeOrder, PrintStream progress) {
        this.dataDir = dataDir;
        this.seed = seed;
        this.degreeOrder = degreeOrder;
        this.progress = progress;
        this.expected = ExpectedCounts.load(dataDir);
    }

    /** The default datasets of a query (none for the tc queries with their own graph). */
    static List<String> defaults(BenchQuery q) {
        return switch (q.inputs()) {
            case CLIQUE_GRAPH -> CLIQUE_DEFAULTS;
            case RECURSION_GRAPH -> {
                List<String> d = new ArrayList<>(RECURSION_GRAPHS);
                if (q == BenchQuery.TC) {
                    d.addAll(TC_RMAT_DEFAULTS);
                }
                yield d;
            }
            case POINTS_TO -> POINTS_TO_DEFAULTS;
            case OWN_GRAPH -> List.of();
        };
    }

    /** The kind of query a dataset name is for; a name that is none is an error naming what exists. */
    BenchQuery.Inputs kindOf(String name) {
        if (PointsToInputs.variablesOf(name) > 0) {
            return BenchQuery.Inputs.POINTS_TO;
        }
        if (RmatGraphs.closureScaleOf(name) > 0) {
            return BenchQuery.Inputs.RECURSION_GRAPH;
        }
        if (RmatGraphs.scaleOf(name) > 0) {
            return BenchQuery.Inputs.CLIQUE_GRAPH;
        }
        if (Files.isRegularFile(recursionFile(name))) {
            return BenchQuery.Inputs.RECURSION_GRAPH;
        }
        if (Files.isRegularFile(cliqueFile(name))) {
            return BenchQuery.Inputs.CLIQUE_GRAPH;
        }
        throw new BenchException("no dataset '" + name + "': neither " + cliqueFile(name) + " (clique queries) nor "
                + recursionFile(name) + " (tc, sg) exists, and it is not rmat-<scale>, rmat-tc-<scale> or "
                + "pts-<variables>; pass --shared <dir> holding data/");
    }

    private Path cliqueFile(String name) {
        return dataDir.resolve(name + ".txt.gz");
    }

    private Path recursionFile(String name) {
        return dataDir.resolve("more").resolve(name + ".facts.gz");
    }

    /** The workload of a query on a dataset of its kind. */
    Workload workload(BenchQuery q, String name) {
        return switch (q.inputs()) {
            case CLIQUE_GRAPH -> cliqueWorkload(q, name);
            case RECURSION_GRAPH -> new Workload(q, name, relations(name, () -> Map.of(Workload.GRAPH, recursionGraph(name))),
                    null, OptionalLong.empty());
            case POINTS_TO -> new Workload(q, name, relations(name, () -> pointsTo(name)), null, OptionalLong.empty());
            case OWN_GRAPH -> throw new IllegalArgumentException(q.id() + " makes its own graph");
        };
    }

    private Workload cliqueWorkload(BenchQuery q, String name) {
        if (RmatGraphs.scaleOf(name) > 0) {
            String label = degreeOrder ? name + "/deg" : name;
            return new Workload(q, label, relations(label, () -> Map.of(Workload.GRAPH, cliqueRmat(name))), null,
                    OptionalLong.empty());
        }
        Path file = cliqueFile(name);
        EdgeList g = relations(name, () -> Map.of(Workload.GRAPH,
                degreeOrder ? EdgeList.read(file).orientedByDegree() : EdgeList.read(file))).get(Workload.GRAPH);
        OptionalLong exp = expected.get(q, name).map(OptionalLong::of).orElse(OptionalLong.empty());
        return new Workload(q, name, g, file, exp);
    }

    private Map<String, EdgeList> relations(String key, java.util.function.Supplier<Map<String, EdgeList>> make) {
        Map<String, EdgeList> r = loaded.get(key);
        if (r == null) {
            r = new LinkedHashMap<>(make.get());
            loaded.put(key, r);
        }
        return r;
    }

    private EdgeList cliqueRmat(String name) {
        long t0 = System.nanoTime();
        EdgeList r = RmatGraphs.generate(RmatGraphs.scaleOf(name), 16, seed);
        if (degreeOrder) {
            r = r.orientedByDegree();
        }
        progress.printf("bench: %s: %,d undirected edges on %,d vertices, generated in %.1f s%n",
                name, r.size(), 1 << RmatGraphs.scaleOf(name), (System.nanoTime() - t0) / 1e9);
        return r;
    }

    private EdgeList recursionGraph(String name) {
        int scale = RmatGraphs.closureScaleOf(name);
        if (scale > 0) {
            EdgeList g = RmatGraphs.generateDirected(scale, RmatGraphs.CLOSURE_EDGE_FACTOR, seed);
            progress.printf("bench: %s: %,d directed edges on %,d vertices%n", name, g.size(), 1 << scale);
            return g;
        }
        EdgeList read = EdgeList.read(recursionFile(name));
        EdgeList g = read.distinct();
        if (g.size() != read.size()) {
            progress.printf("bench: %s: %,d lines, %,d distinct edges (every engine gets the distinct ones)%n",
                    name, read.size(), g.size());
        }
        return g;
    }

    private Map<String, EdgeList> pointsTo(String name) {
        int variables = PointsToInputs.variablesOf(name);
        PointsToInputs in = PointsToInputs.generate(variables, seed);
        progress.printf("bench: %s: %,d variables, %,d objects; addressOf %,d, assign %,d, load %,d, store %,d%n", name,
                variables, PointsToInputs.objects(variables), in.addressOf().size(), in.assign().size(),
                in.load().size(), in.store().size());
        return in.relations();
    }
}
