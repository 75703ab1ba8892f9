package io.leapfrog.engine.eval;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Souffle's choice construct for one relation ({@code .decl r(...) choice-domain x, (y, z)}): each key
 * functionally determines the other attributes, so a tuple is admitted only while none of its keys has
 * been taken. Souffle admits the first tuple in its evaluation order; Leapfrog, among the tuples a round
 * offers, the smallest first (values in column order), which is one of the answers the construct allows
 * and the same on every run and thread count. The keys taken so far are remembered across rounds.
 */
final class ChoiceDomain implements InsertionPolicy {
    private final int[][] keys;
    private final List<Set<Key>> taken = new ArrayList<>();

    private record Key(int[] values) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Arrays.equals(values, k.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }
    }

    /** @param keys each key's column indexes */
    ChoiceDomain(int[][] keys) {
        this.keys = keys;
        for (int i = 0; i < keys.length; i++) {
            taken.add(new HashSet<>());
        }
    }

    /** The tuples of {@code offered} admitted (smallest first), their keys then taken. */
    @Override
    public Relation admit(Relation offered) {
        RelationBuilder out = new RelationBuilder(offered.arity());
        int[] tuple = new int[offered.arity()];
        Key[] projections = new Key[keys.length];
        for (int row = 0; row < offered.size(); row++) {        // relations are sorted: smallest first
            for (int c = 0; c < tuple.length; c++) {
                tuple[c] = offered.get(row, c);
            }
            boolean free = true;
            for (int k = 0; k < keys.length && free; k++) {
                int[] v = new int[keys[k].length];
                for (int i = 0; i < v.length; i++) {
                    v[i] = tuple[keys[k][i]];
                }
                projections[k] = new Key(v);
                free = !taken.get(k).contains(projections[k]);
            }
            if (free) {
                for (int k = 0; k < keys.length; k++) {
                    taken.get(k).add(projections[k]);
                }
                out.add(tuple);
            }
        }
        return out.build();
    }
}
