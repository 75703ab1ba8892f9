package io.leapfrog.exec.mining;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Vertex sets a search found (cliques, quasi-cliques), and their rows. A set's id is its rank among the
 * sets in lexicographic order of their sorted members, so it depends on the sets alone: the same on every
 * device and thread count, whatever order the search found them in.
 */
public final class VertexSets {
    private final List<int[]> sets = new ArrayList<>();

    /** Adds a set of vertex numbers (any order; copied). Safe for one thread at a time. */
    public void add(int[] members, int size) {
        int[] s = Arrays.copyOf(members, size);
        Arrays.sort(s);
        sets.add(s);
    }

    /** Adds every set of another collection. */
    public void addAll(VertexSets other) {
        sets.addAll(other.sets);
    }

    /** Sets added, a set added twice counted twice (the searches add each set once: then the number of ids). */
    public int count() {
        return sets.size();
    }

    /** How many sets there are and their members in all (the searches add each set once). */
    public SetCount counts() {
        long members = 0;
        for (int[] s : sets) {
            members += s.length;
        }
        return new SetCount(sets.size(), members);
    }

    /** The sets, each sorted, in id order (lexicographic, duplicates dropped). */
    public List<int[]> sorted() {
        List<int[]> out = new ArrayList<>(sets);
        out.sort(Arrays::compare);
        List<int[]> unique = new ArrayList<>(out.size());
        for (int[] s : out) {
            if (unique.isEmpty() || !Arrays.equals(unique.get(unique.size() - 1), s)) {
                unique.add(s);
            }
        }
        return unique;
    }

    /**
     * The sets as rows of {@code g}'s values: (id, member) for each member of each set when {@code members},
     * else (id) for each set.
     */
    public Relation rows(Graph g, boolean members) {
        List<int[]> s = sorted();
        RelationBuilder b = new RelationBuilder(members ? 2 : 1);
        for (int id = 0; id < s.size(); id++) {
            if (members) {
                for (int v : s.get(id)) {
                    b.add(id, g.value(v));
                }
            } else {
                b.add(id);
            }
        }
        return b.build();
    }
}
