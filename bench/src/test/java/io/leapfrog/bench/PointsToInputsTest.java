package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated points-to constraints: reproducible, of the documented sizes and shape. */
class PointsToInputsTest {

    private static void assertSame(EdgeList a, EdgeList b) {
        assertArrayEquals(a.src(), b.src());
        assertArrayEquals(a.dst(), b.dst());
    }

    @Test
    void theSameVariablesAndSeedGiveTheSameConstraints() {
        PointsToInputs a = PointsToInputs.generate(5000, 42);
        PointsToInputs b = PointsToInputs.generate(5000, 42);
        assertSame(a.addressOf(), b.addressOf());
        assertSame(a.assign(), b.assign());
        assertSame(a.load(), b.load());
        assertSame(a.store(), b.store());
        PointsToInputs other = PointsToInputs.generate(5000, 43);
        assertFalse(Arrays.equals(a.assign().src(), other.assign().src()) && Arrays.equals(a.assign().dst(), other.assign().dst()),
                "another seed, another program");
    }

    @Test
    void eachRelationHasItsShareOfDistinctSortedConstraints() {
        int n = 10_000;
        PointsToInputs in = PointsToInputs.generate(n, 7);
        assertEquals(4_000, in.addressOf().size());
        assertEquals(10_000, in.assign().size());
        assertEquals(3_000, in.load().size());
        assertEquals(3_000, in.store().size());
        for (EdgeList r : in.relations().values()) {
            assertTrue(r.isSortedAndDistinct());
        }
        assertEquals(java.util.List.of("addressOf", "assign", "load", "store"), java.util.List.copyOf(in.relations().keySet()));
    }

    @Test
    void operandsAreVariablesOrObjectsOfTheFirstOperandsModule() {
        int n = 3_000;   // five modules of 512 variables and a partial sixth
        int objects = PointsToInputs.objects(n);
        int moduleVariables = PointsToInputs.MODEL.functionVariables() * PointsToInputs.MODEL.moduleFunctions();
        int moduleObjects = moduleVariables / 4;
        PointsToInputs in = PointsToInputs.generate(n, 11);
        EdgeList a = in.addressOf();
        int local = 0;
        for (int i = 0; i < a.size(); i++) {
            int p = a.src()[i];
            int o = a.dst()[i] - n;
            assertTrue(p >= 0 && p < n && o >= 0 && o < objects, "addressOf(" + p + ", " + a.dst()[i] + ")");
            assertEquals(p / moduleVariables, o / moduleObjects, "addressOf(" + p + ", " + a.dst()[i] + ") leaves its module");
            if (p / 32 == o / 8) {
                local++;
            }
        }
        assertTrue(local > a.size() * 0.85, "most objects are the function's own: " + local + " of " + a.size());
        for (EdgeList r : new EdgeList[] {in.assign(), in.load(), in.store()}) {
            for (int i = 0; i < r.size(); i++) {
                int p = r.src()[i];
                int q = r.dst()[i];
                assertTrue(p >= 0 && p < n && q >= 0 && q < n);
                assertEquals(p / moduleVariables, q / moduleVariables, "pairs stay in their module");
            }
        }
        for (int i = 0; i < in.assign().size(); i++) {
            assertNotEquals(in.assign().src()[i], in.assign().dst()[i], "no p = p");
        }
    }

    /** Modules share no pointers: the answer per variable stays about the same as the program grows. */
    @Test
    void thePointsToRelationGrowsLinearly() {
        double small = AndersenReference.pointsToSize(PointsToInputs.generate(4_096, 42)) / 4_096.0;
        double large = AndersenReference.pointsToSize(PointsToInputs.generate(16_384, 42)) / 16_384.0;
        assertTrue(small > 10 && large > 10, "points-to sets are not trivial: " + small + ", " + large);
        assertTrue(large < small * 1.3, "per variable " + small + " then " + large);
    }

    @Test
    void datasetNames() {
        assertEquals(100_000, PointsToInputs.variablesOf("pts-100000"));
        assertEquals(-1, PointsToInputs.variablesOf("CA-HepTH"));
        BenchException bad = assertThrows(BenchException.class, () -> PointsToInputs.variablesOf("pts-1e6"));
        assertTrue(bad.getMessage().contains("pts-<variables>"), bad.getMessage());
        assertThrows(BenchException.class, () -> PointsToInputs.variablesOf("pts-10"));
    }
}
