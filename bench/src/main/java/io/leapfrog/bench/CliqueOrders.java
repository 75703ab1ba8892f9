package io.leapfrog.bench;

import io.leapfrog.exec.join.AtomPattern;
import io.leapfrog.exec.join.JoinCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.storage.Relation;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * For planner work: the CPU join's time for the 4-clique query of the bench under each of the 24
 * variable orders, on one SNAP graph (oriented as the bench reads it, each clique w < x < y < z once).
 * An atom whose variables the order reverses reads the (dst, src) trie. Each order: warm-up runs, then
 * the median of 41 timed counts, then the order's work as the engine measures orders ({@code
 * LeapfrogJoin.sampleWork}): whole (stride 1) and as sampled when choosing an order (stride 32).
 * Run: {@code java ... io.leapfrog.bench.CliqueOrders GRAPH.txt.gz [threads] [warmups]}.
 */
public final class CliqueOrders {
    private static final int[][] ATOMS = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};   // w=0 x=1 y=2 z=3, src < dst

    private CliqueOrders() {
    }

    public static void main(String[] args) {
        EdgeList g = EdgeList.read(Path.of(args[0]));
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : Runtime.getRuntime().availableProcessors();
        int warmups = args.length > 2 ? Integer.parseInt(args[2]) : 300;
        Relation e = Relation.ofColumns(g.src(), g.dst());
        for (int[] order : permutations()) {
            StringBuilder name = new StringBuilder();
            for (int l = 0; l < 4; l++) {
                name.append("wxyz".charAt(order[l]));
            }
            JoinCompiler join = JoinCompiler.ordered(order);
            for (int[] atom : ATOMS) {
                join.atom(e, AtomPattern.ofVars(atom[0], atom[1]));
            }
            JoinQuery q = join.build();
            long count = 0;
            for (int i = 0; i < warmups; i++) {
                count = LeapfrogJoin.count(q, threads);
            }
            long[] nanos = new long[41];
            for (int i = 0; i < nanos.length; i++) {
                long t0 = System.nanoTime();
                LeapfrogJoin.count(q, threads);
                nanos[i] = System.nanoTime() - t0;
            }
            Arrays.sort(nanos);
            long whole = LeapfrogJoin.sampleWork(q, 1, Long.MAX_VALUE);
            long sampled = LeapfrogJoin.sampleWork(q, 32, Long.MAX_VALUE);
            System.out.printf(Locale.ROOT, "%s %d %.3f ms work %d sampled %d%n", name, count,
                    nanos[nanos.length / 2] / 1e6, whole, sampled);
        }
    }

    private static List<int[]> permutations() {
        List<int[]> out = new ArrayList<>();
        permute(new int[]{0, 1, 2, 3}, 0, out);
        return out;
    }

    private static void permute(int[] p, int k, List<int[]> out) {
        if (k == p.length) {
            out.add(p.clone());
            return;
        }
        for (int i = k; i < p.length; i++) {
            swap(p, k, i);
            permute(p, k + 1, out);
            swap(p, k, i);
        }
    }

    private static void swap(int[] p, int i, int j) {
        int t = p[i];
        p[i] = p[j];
        p[j] = t;
    }
}
