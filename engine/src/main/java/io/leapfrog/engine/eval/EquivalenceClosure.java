package io.leapfrog.engine.eval;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;

import java.util.Arrays;

/**
 * What a relation declared {@code eqrel} holds, as Souffle keeps it: the smallest equivalence relation
 * containing its pairs. A union-find over the values the pairs mention; every two values of a class are a
 * pair (both ways, and each value with itself). Linear in the output, so a class of k values costs k^2
 * pairs to write and nothing more (a transitive rule would take about k^3 join steps).
 */
final class EquivalenceClosure {
    private EquivalenceClosure() {
    }

    /** The closure of the binary relation {@code r}. */
    static Relation of(Relation r) {
        int n = r.size();
        if (n == 0) {
            return r;
        }
        int[] values = new int[2 * n];
        for (int i = 0; i < n; i++) {
            values[2 * i] = r.get(i, 0);
            values[2 * i + 1] = r.get(i, 1);
        }
        Arrays.sort(values);
        int k = 0;
        for (int i = 0; i < values.length; i++) {
            if (i == 0 || values[i] != values[i - 1]) {
                values[k++] = values[i];
            }
        }
        int[] distinct = Arrays.copyOf(values, k);
        int[] parent = new int[k];
        for (int i = 0; i < k; i++) {
            parent[i] = i;
        }
        for (int i = 0; i < n; i++) {
            int a = find(parent, Arrays.binarySearch(distinct, r.get(i, 0)));
            int b = find(parent, Arrays.binarySearch(distinct, r.get(i, 1)));
            if (a != b) {
                parent[Math.max(a, b)] = Math.min(a, b);
            }
        }
        // members of each class, in value order: count per root, then place
        int[] root = new int[k];
        int[] start = new int[k + 1];
        for (int i = 0; i < k; i++) {
            root[i] = find(parent, i);
            start[root[i] + 1]++;
        }
        for (int i = 0; i < k; i++) {
            start[i + 1] += start[i];
        }
        int[] members = new int[k];
        int[] fill = Arrays.copyOf(start, k);
        for (int i = 0; i < k; i++) {
            members[fill[root[i]]++] = distinct[i];
        }
        long pairs = 0;
        for (int c = 0; c < k; c++) {
            long size = start[c + 1] - start[c];
            pairs += size * size;
        }
        if (pairs > Integer.MAX_VALUE - 8) {
            throw new io.leapfrog.common.LeapfrogException("error: an equivalence relation would hold " + pairs
                    + " pairs, more than a relation can (2^31)");
        }
        RelationBuilder out = new RelationBuilder(2, (int) pairs);
        int[] t = new int[2];
        for (int i = 0; i < k; i++) {
            int c = root[i];
            t[0] = distinct[i];
            for (int j = start[c]; j < start[c + 1]; j++) {
                t[1] = members[j];
                out.add(t);
            }
        }
        return out.build();
    }

    private static int find(int[] parent, int x) {
        while (parent[x] != x) {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        return x;
    }
}
