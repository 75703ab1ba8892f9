package io.leapfrog.exec.mining;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** γ as an exact fraction: parsing, the degree bound without rounding errors, and the range [0.5, 1]. */
class QuasiGammaTest {

    @Test
    void decimalsBecomeReducedFractions() {
        assertEquals(Gamma.of(4, 5), Gamma.parse("0.8"));
        assertEquals(Gamma.of(19, 20), Gamma.parse("0.95"));
        assertEquals(Gamma.of(1, 2), Gamma.parse(" 0.50 "));
        assertEquals(Gamma.of(1, 1), Gamma.parse("1"));
        assertEquals(Gamma.of(1, 1), Gamma.parse("1.000"));
        assertEquals(new Gamma(3, 5), Gamma.of(6, 10));
        assertEquals(999_999_999L, Gamma.parse("0.999999999").numerator());
        assertEquals("0.75", Gamma.parse("0.750").toString());
        assertEquals("2/3", Gamma.of(2, 3).toString());
    }

    @Test
    void theDegreeBoundIsExactWhereFloatingPointIsNot() {
        // In doubles 0.56 * 25 is 14.000000000000002 and 0.55 * 100 is 55.00000000000001, whose ceilings
        // are one too many.
        assertEquals(15.0, Math.ceil(0.56 * 25));
        assertEquals(14, Gamma.parse("0.56").minDegree(26));
        assertEquals(56.0, Math.ceil(0.55 * 100));
        assertEquals(55, Gamma.parse("0.55").minDegree(101));
        assertEquals(3, Gamma.parse("0.6").minDegree(6));
        assertEquals(0, Gamma.parse("0.9").minDegree(1));
        assertEquals(1, Gamma.parse("0.5").minDegree(2));
        assertEquals(1, Gamma.parse("0.5").minDegree(3));
        assertEquals(9, Gamma.parse("1").minDegree(10));
        for (String text : new String[]{"0.5", "0.55", "0.56", "0.6", "0.68", "0.7", "0.75", "0.8", "0.85", "0.9",
                "0.95", "0.999999999", "1"}) {
            Gamma gamma = Gamma.parse(text);
            BigDecimal g = new BigDecimal(text);
            for (int size = 1; size <= 2000; size++) {
                int exact = g.multiply(BigDecimal.valueOf(size - 1)).setScale(0, RoundingMode.CEILING).intValueExact();
                assertEquals(exact, gamma.minDegree(size), "γ " + text + ", size " + size);
            }
        }
    }

    @Test
    void maxSizeIsTheLargestSizeADegreeAllows() {
        for (String text : new String[]{"0.5", "0.6", "0.75", "0.8", "0.9", "1"}) {
            Gamma gamma = Gamma.parse(text);
            for (int degree = 0; degree <= 300; degree++) {
                int s = gamma.maxSize(degree);
                assertTrue(gamma.minDegree(s) <= degree, text + " " + degree);
                assertTrue(gamma.minDegree(s + 1) > degree, text + " " + degree);
            }
        }
    }

    @Test
    void gammaOutsideHalfToOneIsRejected() {
        for (String text : new String[]{"0.49", "0.4999999999", "1.01", "0", "-0.5", "2", "abc", "", "1e-1"}) {
            assertThrows(IllegalArgumentException.class, () -> Gamma.parse(text), text);
        }
        assertThrows(IllegalArgumentException.class, () -> Gamma.of(1, 3));
        assertThrows(IllegalArgumentException.class, () -> Gamma.of(5, 4));
        assertThrows(IllegalArgumentException.class, () -> Gamma.of(1, 0));
        assertThrows(IllegalArgumentException.class, () -> Gamma.of(-1, -2));
        assertThrows(IllegalArgumentException.class, () -> Gamma.parse("0.5000000001"));
        assertThrows(IllegalArgumentException.class, () -> Gamma.parse("0.6").minDegree(0));
    }
}
