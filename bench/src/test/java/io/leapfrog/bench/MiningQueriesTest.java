package io.leapfrog.bench;


import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The graph-search queries: Leapfrog's programs for them against brute force over all vertex subsets of
 * small random graphs, the mining peers' input formats, what is read from their output, and their cells
 * when the programs are not built.
 */
class MiningQueriesTest {

    /** A random graph on n vertices with ids spread apart, some edges given twice or reversed, a self-loop. */
    private static EdgeList randomGraph(int n, double p, long seed, boolean[][] adj) {
        Random r = new Random(seed);
        List<int[]> edges = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (r.nextDouble() < p) {
                    adj[i][j] = adj[j][i] = true;
                    edges.add(r.nextBoolean() ? new int[] {3 * i + 1, 3 * j + 1} : new int[] {3 * j + 1, 3 * i + 1});
                    if (r.nextInt(8) == 0) {
                        edges.add(new int[] {3 * i + 1, 3 * j + 1});
                    }
                }
            }
        }
        edges.add(new int[] {1, 1});
        int[] src = edges.stream().mapToInt(e -> e[0]).toArray();
        int[] dst = edges.stream().mapToInt(e -> e[1]).toArray();
        return new EdgeList(src, dst);
    }

    /** Brute force over all subsets of the vertices that have a neighbour. */
    private record Brute(boolean[][] adj, int n) {
        boolean quasi(int set, double gamma) {
            int size = Integer.bitCount(set);
            int need = (int) Math.ceil(gamma * (size - 1) - 1e-9);
            for (int v = 0; v < n; v++) {
                if ((set >> v & 1) == 1) {
                    int d = 0;
                    for (int u = 0; u < n; u++) {
                        if ((set >> u & 1) == 1 && adj[v][u]) {
                            d++;
                        }
                    }
                    if (d < need) {
                        return false;
                    }
                }
            }
            return true;
        }

        int present() {
            int mask = 0;
            for (int v = 0; v < n; v++) {
                for (int u = 0; u < n; u++) {
                    if (adj[v][u]) {
                        mask |= 1 << v;
                    }
                }
            }
            return mask;
        }

        /** Maximal sets by inclusion among the non-empty subsets of the present vertices passing {@code gamma}, of at least minSize. */
        long maximal(double gamma, int minSize) {
            int present = present();
            List<Integer> ok = new ArrayList<>();
            for (int s = present; s > 0; s = (s - 1) & present) {
                if (Integer.bitCount(s) >= minSize && quasi(s, gamma)) {
                    ok.add(s);
                }
            }
            long count = 0;
            for (int s : ok) {
                boolean inside = false;
                for (int t : ok) {
                    if (t != s && (t & s) == s) {
                        inside = true;
                        break;
                    }
                }
                count += inside ? 0 : 1;
            }
            return count;
        }

        /** Cliques are closed under subsets: a clique is maximal when no one vertex extends it. */
        long maximalCliques() {
            int present = present();
            long count = 0;
            for (int s = present; s > 0; s = (s - 1) & present) {
                if (quasi(s, 1.0)) {
                    boolean grows = false;
                    for (int v = 0; v < n && !grows; v++) {
                        grows = (present >> v & 1) == 1 && (s >> v & 1) == 0 && quasi(s | 1 << v, 1.0);
                    }
                    count += grows ? 0 : 1;
                }
            }
            return count;
        }

        long cliquesOfSize(int k) {
            int present = present();
            long count = 0;
            for (int s = present; s > 0; s = (s - 1) & present) {
                if (Integer.bitCount(s) == k && quasi(s, 1.0)) {
                    count++;
                }
            }
            return count;
        }

        int maxCliqueSize() {
            int best = 0;
            int present = present();
            for (int s = present; s > 0; s = (s - 1) & present) {
                if (Integer.bitCount(s) > best && quasi(s, 1.0)) {
                    best = Integer.bitCount(s);
                }
            }
            return best;
        }
    }

    private static long leapfrog(BenchQuery q, EdgeList g) throws Exception {
        try (LeapfrogPeer peer = new LeapfrogPeer(2)) {
            Workload w = new Workload(q, "random", g, null, OptionalLong.empty());
            peer.load(w);
            return peer.run(w).count();
        }
    }

    /** Twelve random graphs of 12 to 15 vertices and densities from 0.55 to 0.95, from one seed. */
    @Test
    void leapfrogsProgramsCountWhatBruteForceCounts() throws Exception {
        Random graphs = new Random(20261127);
        long quasiSets = 0;
        for (int i = 0; i < 12; i++) {
            int n = 12 + graphs.nextInt(4);
            int percent = 55 + graphs.nextInt(41);
            quasiSets += countsOfOneGraph(n, percent, graphs.nextLong());
        }
        assertTrue(quasiSets > 0, "some graph has quasi-cliques of at least 10 vertices to compare");
    }

    /** Checks one graph; returns how many 0.8-quasi-cliques of at least 10 vertices it has. */
    private static long countsOfOneGraph(int n, int percent, long seed) throws Exception {
        boolean[][] adj = new boolean[n][n];
        EdgeList g = randomGraph(n, percent / 100.0, seed, adj);
        Brute b = new Brute(adj, n);
        String graph = n + " vertices, " + percent + "%, seed " + seed;
        assertEquals(b.maxCliqueSize(), leapfrog(BenchQuery.MAX_CLIQUE, g), graph);
        assertEquals(b.cliquesOfSize(5), leapfrog(BenchQuery.KCLIQUE_5, g), graph);
        assertEquals(b.cliquesOfSize(7), leapfrog(BenchQuery.KCLIQUE_7, g), graph);
        assertEquals(b.maximalCliques(), leapfrog(BenchQuery.MAXIMAL_CLIQUES, g), graph);
        long quasi = b.maximal(0.8, 10);
        assertEquals(quasi, leapfrog(BenchQuery.QUASI_08_10, g), graph);
        assertEquals(b.maximal(0.75, 12), leapfrog(BenchQuery.QUASI_075_12, g), graph);
        return quasi;
    }

    @Test
    void everyGraphSearchHasItsNameAndOnlyTheMiningPeersAndLeapfrogRunIt() throws Exception {
        for (int k = 5; k <= 9; k++) {
            assertEquals(k, BenchQuery.parse("kclique-" + k).search().k());
        }
        assertEquals(BenchQuery.QUASI_08_10, BenchQuery.parse("quasi-0.8-10"));
        assertEquals(BenchQuery.MAX_CLIQUE, BenchQuery.parse("maxclique"));
        assertEquals(BenchQuery.MAXIMAL_CLIQUES, BenchQuery.parse("maximal-cliques"));
        Path none = Path.of("none");
        for (BenchQuery q : BenchQuery.values()) {
            boolean search = q.search() != null;
            try (DuckDbPeer duckdb = new DuckDbPeer(1, 1)) {
                assertEquals(!search, duckdb.supports(q) || q == BenchQuery.ANDERSEN, q.id());
            }
            assertEquals(q.isJoinCount(), new LeapfrogJoinPeer(1, 1).supports(q), q.id());
            int miners = 0;
            for (MiningPeer.Tool t : MiningPeer.Tool.values()) {
                miners += new MiningPeer(t, none, none, 1, 1).supports(q) ? 1 : 0;
            }
            assertEquals(search ? 1 : 0, miners, q.id());
        }
    }

    @Test
    void theFormatsHoldOneSimpleGraphOverVerticesNumberedInValueOrder() throws IOException {
        // vertices 3, 5, 9, 12 become 0..3; (5,3) and (3,5) are one edge; the self-loop (3,3) is dropped
        EdgeList g = new EdgeList(new int[] {5, 3, 3, 3, 12}, new int[] {3, 5, 3, 9, 9});
        Path dir = Files.createTempDirectory("mining-inputs");
        try {
            MiningGraphFiles files = new MiningGraphFiles(dir);
            assertEquals("%%MatrixMarket matrix coordinate pattern symmetric\n4 4 3\n2 1\n3 1\n4 3\n",
                    Files.readString(files.file("g", g, MiningGraphFiles.Format.MATRIX_MARKET)));
            assertEquals("4 6\n0,1\n0,2\n1,0\n2,0\n2,3\n3,2\n",
                    Files.readString(files.file("g", g, MiningGraphFiles.Format.QUICK_CLIQUES)));
            assertEquals("0 1\n0 2\n2 3\n", Files.readString(files.file("g", g, MiningGraphFiles.Format.EDGE_LINES)));
            Path adj = files.file("g", g, MiningGraphFiles.Format.ADJACENCY_LINES);
            assertEquals("4 3\n0 1 2\n1 0\n2 0 3\n3 2\n", Files.readString(adj));
            assertEquals(adj, files.file("g", g, MiningGraphFiles.Format.ADJACENCY_LINES), "written once, then cached");
        } finally {
            FactFiles.delete(dir);
        }
    }

    @Test
    void thePeersAnswersAreReadFromWhatTheyPrint() {
        assertEquals(44, MiningPeer.pmcSize("K: 44\nHeuristic found clique of size 44 in 0.01 seconds\n"
                + "[pmc: heuristic]  Maximum clique: 1 2\nHeuristic found optimal solution.\n"));
        assertEquals(17, MiningPeer.pmcSize("Heuristic found clique of size 16 in 0.1 seconds\n"
                + "Time taken: 0.5 SEC\nSize (omega): 17\nMaximum clique: 1 2\n"));
        assertThrows(BenchException.class, () -> MiningPeer.pmcSize("Heuristic found clique of size 16\n"));
        assertEquals(2_215_500, MiningPeer.kCliques("Iterate over all cliques\nNumber of 5-cliques: 2215500\n", 5));
        assertThrows(BenchException.class, () -> MiningPeer.kCliques("Number of 6-cliques: 3\n", 5));
        // FastQC's filter exits with its count modulo 256 (43,399 = 169 * 256 + 135)
        assertEquals(43_399, MiningPeer.maximalSets(new ExternalProcess.Exited(135,
                "num_of_sets: 45369#maximal cliques: 43399\nMaximality checking time: 3.105\n")));
        assertThrows(BenchException.class, () -> MiningPeer.maximalSets(new ExternalProcess.Exited(139,
                "num_of_sets: 45369#maximal cliques: 43399\n")));
    }

    @Test
    void missingProgramsMakeNotBuiltCells() throws IOException {
        Path empty = Files.createTempDirectory("peers-bin");
        try {
            boolean[][] adj = new boolean[6][6];
            Workload w = new Workload(BenchQuery.MAX_CLIQUE, "g", randomGraph(6, 0.5, 1, adj), null, OptionalLong.empty());
            List<Peer> peers = List.of(new MiningPeer(MiningPeer.Tool.PMC, empty, empty, 1, 10));
            List<CellResult> cells = new BenchRunner(new BenchRunner.Settings(1, 0, 10, 10), System.err)
                    .run(List.of(w), peers);
            assertEquals(1, cells.size());
            assertEquals(BenchRunner.NOT_BUILT, cells.get(0).status());
            assertTrue(cells.get(0).correct().equals("?"));
        } finally {
            FactFiles.delete(empty);
        }
    }
}
