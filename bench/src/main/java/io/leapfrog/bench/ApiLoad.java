package io.leapfrog.bench;

import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.api.Results;
import io.leapfrog.engine.api.Session;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.Random;

/**
 * The typed API's bulk load: {@code pairs} random edges (nodes 0 .. pairs/10) given to a binary relation
 * from two {@code int[]} columns ({@link Session#insertColumns}) and evaluated, so that the relation is
 * built (sorted, de-duplicated). Prints each run's load and evaluation times, then the median of the
 * totals; the first run is a warm-up and left out of the median.
 * Run: {@code java -Xmx8g ... io.leapfrog.bench.ApiLoad [pairs (10000000)] [runs (5)]}.
 */
public final class ApiLoad {
    private ApiLoad() {
    }

    public static void main(String[] args) {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 10_000_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Random rnd = new Random(1);
        int nodes = Math.max(1, pairs / 10);
        int[] from = new int[pairs];
        int[] to = new int[pairs];
        for (int i = 0; i < pairs; i++) {
            from[i] = rnd.nextInt(nodes);
            to[i] = rnd.nextInt(nodes);
        }
        EngineOptions options = EngineOptions.defaults().withOut(new PrintStream(OutputStream.nullOutputStream()));
        double[] totals = new double[runs];
        for (int run = 0; run <= runs; run++) {
            try (Session s = Session.open(".decl edge(x:number, y:number)\n", "load.dl", options)) {
                long t0 = System.nanoTime();
                s.insertColumns("edge", from, to);
                long t1 = System.nanoTime();
                Results r = s.evaluate();
                long t2 = System.nanoTime();
                System.out.printf("%s: insertColumns %.3f s, evaluate %.3f s, total %.3f s, %d distinct pairs%n",
                        run == 0 ? "warm-up" : "run " + run, (t1 - t0) / 1e9, (t2 - t1) / 1e9, (t2 - t0) / 1e9, r.size("edge"));
                if (run > 0) {
                    totals[run - 1] = (t2 - t0) / 1e9;
                }
            }
        }
        Arrays.sort(totals);
        System.out.printf("median total of %d runs: %.3f s for %d pairs on %d cores%n", runs, totals[runs / 2], pairs,
                Runtime.getRuntime().availableProcessors());
    }
}
