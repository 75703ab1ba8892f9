package io.leapfrog.bench;

import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.api.Results;
import io.leapfrog.engine.api.Session;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;

/**
 * The typed API keeping a transitive closure up to date: a {@link Session} over a graph whose closure holds
 * about {@code closure} pairs (a chain of n nodes has n(n-1)/2), then {@code insertions} single edges (random
 * pairs of nodes, each new edge added with {@link Session#insert}), the session evaluated after each one:
 * semi-naive from the new fact ({@link Results#incremental()} must say so). In the same run, at {@code full}
 * of those insertions spread evenly, a new session is given the same facts and evaluated from scratch (only
 * the evaluation timed), for the cost of re-evaluation. Prints each kind's median per insertion, the closures' sizes (checked equal), and the ratio.
 * Run: {@code java -Xmx8g ... io.leapfrog.bench.ApiIncremental [closure (10^6)] [insertions (10^4)] [full (20)]}.
 */
public final class ApiIncremental {
    private static final String PROGRAM = """
            .decl edge(x:number, y:number)
            .decl path(x:number, y:number)
            path(x, y) :- edge(x, y).
            path(x, z) :- path(x, y), edge(y, z).
            """;

    private ApiIncremental() {
    }

    public static void main(String[] args) {
        long closure = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
        int insertions = args.length > 1 ? Integer.parseInt(args[1]) : 10_000;
        int full = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        int n = (int) Math.ceil((1 + Math.sqrt(1 + 8.0 * closure)) / 2);   // a chain of n nodes: n(n-1)/2 pairs
        // the new edges point backwards along the chain from its last tenth to its first, so each closes a
        // short loop at the chain's end: a few thousand new pairs each, as inserted facts usually bring
        Random rnd = new Random(3);
        int[][] added = new int[insertions][];
        for (int i = 0; i < insertions; i++) {
            int from = n - 1 - rnd.nextInt(Math.max(1, n / 10));
            int to = from - 1 - rnd.nextInt(Math.max(1, n / 200));
            added[i] = new int[]{from, Math.max(0, to)};
        }
        EngineOptions options = EngineOptions.defaults().withOut(new PrintStream(OutputStream.nullOutputStream()));
        int[] from = new int[n - 1];
        int[] to = new int[n - 1];
        for (int i = 0; i + 1 < n; i++) {
            from[i] = i;
            to[i] = i + 1;
        }
        try (Session kept = Session.open(PROGRAM, "tc.dl", options)) {
            kept.insertColumns("edge", from, to);
            long t0 = System.nanoTime();
            long start = kept.evaluate().size("path");
            System.out.printf(Locale.ROOT, "chain of %d nodes: closure of %,d pairs in %.3f s%n", n, start, (System.nanoTime() - t0) / 1e9);
            double[] inc = new double[insertions];
            double[] scr = new double[full];
            int every = Math.max(1, insertions / full);
            long size = start;
            int s = 0;
            for (int i = 0; i < insertions; i++) {
                kept.insert("edge", added[i][0], added[i][1]);
                long a = System.nanoTime();
                Results r = kept.evaluate();
                inc[i] = (System.nanoTime() - a) / 1e9;
                if (!r.incremental()) {
                    throw new IllegalStateException("insertion " + i + " was not evaluated incrementally");
                }
                size = r.size("path");
                if (i % every == every - 1 && s < full) {
                    try (Session fresh = Session.open(PROGRAM, "tc.dl", options)) {
                        fresh.insertColumns("edge", from, to);
                        for (int j = 0; j <= i; j++) {
                            fresh.insert("edge", added[j][0], added[j][1]);
                        }
                        long b = System.nanoTime();
                        Results f = fresh.evaluate();
                        scr[s++] = (System.nanoTime() - b) / 1e9;
                        if (f.incremental() || f.size("path") != size) {
                            throw new IllegalStateException("from scratch " + f.size("path") + " pairs, kept " + size);
                        }
                    }
                }
            }
            Arrays.sort(inc);
            double[] scratchTimes = Arrays.copyOf(scr, s);
            Arrays.sort(scratchTimes);
            double incMedian = inc[insertions / 2];
            double fullMedian = scratchTimes[s / 2];
            System.out.printf(Locale.ROOT, "incremental: %d insertions, median %.6f s each (p90 %.6f s), closure now %,d pairs%n",
                    insertions, incMedian, inc[(int) (insertions * 0.9)], size);
            System.out.printf(Locale.ROOT, "from scratch: %d evaluations, median %.6f s each%n", s, fullMedian);
            System.out.printf(Locale.ROOT, "incremental is %.1fx faster per insertion on %d cores%n", fullMedian / incMedian,
                    Runtime.getRuntime().availableProcessors());
        }
    }
}
