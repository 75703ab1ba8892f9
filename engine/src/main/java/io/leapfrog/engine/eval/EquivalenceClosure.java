package io.leapfrog.engine.eval;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a relation declared {@code eqrel} holds, as Souffle keeps it: the smallest equivalence relation
 * containing its pairs. A union-find over the values the pairs mention, kept across the rounds of the
 * stratum: a pair joining two classes adds every pair between them (both ways), a value seen first adds
 * itself with itself. So each pair of the closure is produced once, when it becomes implied: the cost is
 * the output's size (a transitive rule would take about k^3 join steps for a class of k values).
 */
final class EquivalenceClosure implements InsertionPolicy {
    private final Map<Integer, Integer> index = new HashMap<>();
    private final List<int[]> members = new ArrayList<>();   // per class root: its values (length in sizes)
    private int[] parent = new int[16];
    private int[] sizes = new int[16];
    /** The pair being written (no array per pair on the closure's hot loop). */
    private final int[] pair = new int[2];

    /** The pairs {@code offered} implies that were not implied before (the offered ones among them). */
    @Override
    public Relation admit(Relation offered) {
        RelationBuilder out = new RelationBuilder(2);
        for (int i = 0; i < offered.size(); i++) {
            int a = find(id(offered.get(i, 0), out));
            int b = find(id(offered.get(i, 1), out));
            if (a != b) {
                union(a, b, out);
            }
        }
        return out.build();
    }

    /** The id of a value; a value seen first is a class of its own, paired with itself. */
    private int id(int value, RelationBuilder out) {
        Integer known = index.get(value);
        if (known != null) {
            return known;
        }
        int id = members.size();
        index.put(value, id);
        if (id == parent.length) {
            parent = Arrays.copyOf(parent, 2 * id);
            sizes = Arrays.copyOf(sizes, 2 * id);
        }
        parent[id] = id;
        sizes[id] = 1;
        members.add(new int[]{value});
        emit(out, value, value);
        return id;
    }

    /** Joins two classes: every value of one paired with every value of the other, both ways. */
    private void union(int a, int b, RelationBuilder out) {
        if (sizes[a] < sizes[b]) {
            int t = a;
            a = b;
            b = t;
        }
        int[] big = members.get(a);
        int[] small = members.get(b);
        for (int i = 0; i < sizes[a]; i++) {
            for (int j = 0; j < sizes[b]; j++) {
                emit(out, big[i], small[j]);
                emit(out, small[j], big[i]);
            }
        }
        if (sizes[a] + sizes[b] > big.length) {
            big = Arrays.copyOf(big, Math.max(2 * big.length, sizes[a] + sizes[b]));
            members.set(a, big);
        }
        System.arraycopy(small, 0, big, sizes[a], sizes[b]);
        sizes[a] += sizes[b];
        members.set(b, null);
        parent[b] = a;
    }

    private void emit(RelationBuilder out, int a, int b) {
        pair[0] = a;
        pair[1] = b;
        out.add(pair, 0);
    }

    private int find(int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }
}
