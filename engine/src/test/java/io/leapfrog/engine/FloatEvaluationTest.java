package io.leapfrog.engine;

import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Souffle's {@code float}: columns, literals, arithmetic, comparisons and joins on float columns,
 * conversions, the aggregates (mean included) and Souffle's output format; the codec's order and text.
 */
class FloatEvaluationTest {
    @TempDir
    Path dir;

    @Test
    void floatsEvaluateAsInSouffle() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl w(n:symbol, x:float)
                w("a", 1.5). w("b", -2.25). w("c", 3). w("d", 0.1). w("e", 1000000.0).
                .decl doubled(n:symbol, y:float)
                .output doubled
                doubled(n, y) :- w(n, x), y = x * 2 + 0.5.
                .decl big(n:symbol)
                .output big
                big(n) :- w(n, x), x > 1.
                .decl stats(s:float, lo:float, hi:float, m:float, c:number)
                .output stats
                stats(s, lo, hi, m, c) :- s = sum x : w(_, x), lo = min x : w(_, x), hi = max x : { w(_, x) },
                    m = mean x : w(_, x), c = count : w(_, _).
                .decl cheapest(n:symbol, x:float)
                .output cheapest
                cheapest(n, x) :- x = min v : w(n, v).
                .decl conv(i:number, f:float)
                .output conv
                conv(i, f) :- w(_, x), i = ftoi(x), f = to_float(i) / 3.
                .decl near(a:symbol, b:symbol)
                .output near
                near(a, b) :- w(a, x), w(b, y), x < y, y - x < 2.
                .decl same(a:symbol, b:symbol)
                .output same
                same(a, b) :- w(a, x), w(b, x), a != b.
                .decl lit(x:float)
                .output lit
                lit(2). lit(-0.0). lit(0.00001). lit(123456789.0). lit(1.0 / 0).
                .decl avg(m:float)
                .output avg
                avg(m) :- m = mean x : { w(_, x), x > 100000000 }.
                .decl single(s:float, m:float)
                .output single
                single(s, m) :- s = sum x : { x = 1.5 }, m = mean x * 2 : { x = 1.25 }.
                """);
        assertEquals(List.of("a\t3.5", "b\t-4", "c\t6.5", "d\t0.7", "e\t2e+06"), t.output("doubled"));
        assertEquals(List.of("a", "c", "e"), t.output("big"));
        // sum 1000002.35 and mean 200000.47, printed with 6 significant digits as Souffle does
        assertEquals(List.of("1e+06\t-2.25\t1e+06\t200000\t5"), t.output("stats"));
        assertEquals(List.of("b\t-2.25"), t.output("cheapest"));
        assertEquals(List.of("-2\t-0.666667", "0\t0", "1\t0.333333", "1000000\t333333", "3\t1"), t.output("conv"));
        assertEquals(List.of("a\tc", "d\ta"), t.output("near"));
        assertEquals(List.of(), t.output("same"));
        assertEquals(List.of("0", "1.23457e+08", "1e-05", "2", "inf"), t.output("lit"));
        assertEquals(List.of(), t.output("avg"), "the mean of nothing has no value: the rule does not fire");
        assertEquals(List.of("1.5\t2.5"), t.output("single"), "aggregates over a body with one binding and no join");
    }

    @Test
    void mixingFloatsAndNumbersIsATypeError() {
        EngineTestSupport t = new EngineTestSupport(dir);
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> t.run("""
                .decl p(x:float)
                .decl q(n:number)
                .decl r(y:float)
                r(y) :- p(x), q(n), y = x + n.
                """));
        assertTrue(e.getMessage().contains("mixes a float and a number"), e.getMessage());
    }

    @Test
    void codecKeepsTheFloatsOrder() {
        Random rnd = new Random(3);
        List<Float> values = new ArrayList<>(List.of(0f, -0f, 1f, -1f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE,
                -Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, 1e-30f, -1e-30f));
        for (int i = 0; i < 2000; i++) {
            values.add(Float.intBitsToFloat(rnd.nextInt()));
        }
        for (float a : values) {
            if (Float.isNaN(a)) {
                continue;
            }
            assertEquals(a == 0 ? 0f : a, FloatCodec.decode(FloatCodec.encode(a)), "round trip of " + a);
            for (int k = 0; k < 20; k++) {
                float b = values.get(rnd.nextInt(values.size()));
                if (!Float.isNaN(b)) {
                    assertEquals(Float.compare(a == 0 ? 0f : a, b == 0 ? 0f : b) < 0,
                            FloatCodec.encode(a) < FloatCodec.encode(b), a + " < " + b);
                }
            }
        }
    }

    @Test
    void formatIsCppStreamOutput() {
        // std::cout << f for these floats, printed by g++ (libstdc++)
        float[] in = {0.1f, 1.5f, -2.25f, 3.0f, 1e6f, 999999.5f, 123456.7f, 0.0001f, 0.00001f, 1.0f / 3, 2e-7f, -1e-4f,
            100.0f, 123456789.0f, 3.14159265f, 0.7f, 1e38f, 65504.0f, 0.5f, 9999995.0f};
        String[] out = {"0.1", "1.5", "-2.25", "3", "1e+06", "1e+06", "123457", "0.0001", "1e-05", "0.333333", "2e-07",
            "-0.0001", "100", "1.23457e+08", "3.14159", "0.7", "1e+38", "65504", "0.5", "1e+07"};
        for (int i = 0; i < in.length; i++) {
            assertEquals(out[i], FloatCodec.format(in[i]), "format of " + in[i]);
        }
        assertEquals("inf", FloatCodec.format(Float.POSITIVE_INFINITY));
        assertEquals("-inf", FloatCodec.format(Float.NEGATIVE_INFINITY));
        assertEquals("nan", FloatCodec.format(Float.NaN));
    }
}
