package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.kernels.layout.KernelConstants;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The eligibility rule on level shapes alone, as the engine's plan layer calls it before any data exists. */
class GpuEligibilityTest {

    /** A level of {@code parts} participants (atoms 0.., trie level 0), with bounds, filters and computed as given. */
    private static JoinQuery.LevelShape level(int parts, int lowerBounds, int filters, boolean computed) {
        int[] atoms = new int[parts];
        for (int i = 0; i < parts; i++) {
            atoms[i] = i;
        }
        int[] none = new int[0];
        return new JoinQuery.LevelShape(atoms, new int[parts], none, none, none, new int[lowerBounds], new int[lowerBounds],
                none, none, Long.MIN_VALUE, Long.MAX_VALUE, filters, computed);
    }

    private static List<JoinQuery.LevelShape> levels(int n, JoinQuery.LevelShape each) {
        List<JoinQuery.LevelShape> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(each);
        }
        return out;
    }

    @Test
    void conjunctiveJoinsWithinTheKernelsSizesAreEligible() {
        assertNull(GpuEligibility.reason(3, levels(3, level(2, 1, 0, false))));
        assertNull(GpuEligibility.reason(KernelConstants.LF_MAX_VARS, levels(KernelConstants.LF_MAX_VARS, level(1, 0, 0, false))));
    }

    @Test
    void eachLimitSaysWhy() {
        assertEquals("the body binds no variable", GpuEligibility.reason(0, List.of()));
        assertTrue(GpuEligibility.reason(17, List.of()).contains("17 variables"));
        assertTrue(GpuEligibility.reason(2, List.of(level(1, 0, 0, false), level(1, 0, 0, true))).contains("variable 1"));
        assertTrue(GpuEligibility.reason(2, List.of(level(1, 0, 1, false), level(1, 0, 0, false))).contains("level 0 has a filter"));
        assertTrue(GpuEligibility.reason(1, List.of(level(KernelConstants.LF_MAX_PARTS + 1, 0, 0, false))).contains("intersects"));
        assertTrue(GpuEligibility.reason(1, List.of(level(1, KernelConstants.LF_MAX_BOUNDS + 1, 0, false))).contains("bounds"));
        int wide = KernelConstants.LF_MAX_SLOTS / KernelConstants.LF_MAX_PARTS + 1;
        assertTrue(GpuEligibility.reason(wide, levels(wide, level(KernelConstants.LF_MAX_PARTS, 0, 0, false))).contains("trie positions"));
    }

    @Test
    void theLevelsMustBeTheVariables() {
        assertThrows(IllegalArgumentException.class, () -> GpuEligibility.reason(3, levels(2, level(1, 0, 0, false))));
    }
}
