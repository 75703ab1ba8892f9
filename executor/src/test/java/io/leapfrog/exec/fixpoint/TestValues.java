package io.leapfrog.exec.fixpoint;

import io.leapfrog.exec.storage.Relation;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/** Values and rows for the fixpoint tests. */
final class TestValues {
    private TestValues() {
    }

    /** Node i's value: i, or distinct values spread over the int range with its ends among them. */
    static int[] of(Random rnd, int nodes, boolean dense) {
        int[] v = new int[nodes];
        Set<Integer> taken = new HashSet<>();
        for (int i = 0; i < nodes; i++) {
            if (dense) {
                v[i] = i;
                continue;
            }
            int x = i == 0 ? Integer.MIN_VALUE : i == 1 ? Integer.MAX_VALUE : rnd.nextInt();
            while (!taken.add(x)) {
                x = rnd.nextInt();
            }
            v[i] = x;
        }
        return v;
    }

    /** The relation's tuples (of one or two columns) as lists. */
    static Set<List<Integer>> rows(Relation r) {
        Set<List<Integer>> out = new HashSet<>();
        for (int i = 0; i < r.size(); i++) {
            out.add(r.arity() == 1 ? List.of(r.get(i, 0)) : List.of(r.get(i, 0), r.get(i, 1)));
        }
        return out;
    }
}
