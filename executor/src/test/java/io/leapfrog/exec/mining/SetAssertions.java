package io.leapfrog.exec.mining;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Comparing lists of vertex sets with a readable message when they differ. */
final class SetAssertions {
    private SetAssertions() {
    }

    static void assertSameSets(List<int[]> want, VertexSets got, String what) {
        assertEquals(text(want), text(got.sorted()), what);
        assertEquals(want.size(), got.count(), what + ": sets added more than once");
    }

    private static List<String> text(List<int[]> sets) {
        List<String> out = new ArrayList<>(sets.size());
        for (int[] s : sets) {
            out.add(Arrays.toString(s));
        }
        return out;
    }
}
