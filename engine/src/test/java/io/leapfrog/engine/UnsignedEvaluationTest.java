package io.leapfrog.engine;

import io.leapfrog.common.UnsignedArithmetic;
import io.leapfrog.common.UnsignedCodec;
import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Souffle's {@code unsigned}: columns ordered as unsigned values (joins, seeks, comparisons, min and
 * max across 2^31), 32-bit wrapping arithmetic with unsigned division, shifts and power, the
 * conversions, the aggregates, and the codec.
 */
class UnsignedEvaluationTest {
    @TempDir
    Path dir;

    @Test
    void unsignedEvaluatesAsInSouffle() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl a(x:unsigned)
                a(1). a(4000000000u). a(2147483648u). a(2147483647). a(0).
                .decl lt(x:unsigned, y:unsigned)
                .output lt
                lt(x, y) :- a(x), a(y), x < y, y <= 2147483648u.
                .decl arith(a:unsigned, b:unsigned, c:unsigned, d:unsigned, e:unsigned, f:number, g:symbol, h:float)
                .output arith
                arith(x + 1, x * 2, x / 3, x % 7, x bshr 1, utoi(x), to_string(x), utof(x)) :- a(x), x > 3u.
                .decl pow(x:unsigned, y:unsigned)
                .output pow
                pow(x ^ 2, max(x, 3000000000u)) :- a(x), x < 2u.
                .decl agg(s:unsigned, mn:unsigned, mx:unsigned, c:number)
                .output agg
                agg(s, mn, mx, c) :- s = sum x : { a(x) }, mn = min x : { a(x) }, mx = max x : { a(x) }, c = count : { a(x) }.
                .decl expr(s:unsigned, m:unsigned)
                .output expr
                expr(s, m) :- s = sum x + 1 : { a(x) }, m = min x / 2 : { a(x), x > 1u }.
                .decl conv(a:unsigned, b:number, c:unsigned, d:unsigned, e:unsigned)
                .output conv
                conv(itou(-1), utoi(4294967295u), ftou(3.7), to_unsigned(" 4294967295"), ftou(-0.5)).
                .decl wrap(x:unsigned)
                .output wrap
                wrap(x - 2) :- a(x), x < 1u.
                """);
        assertEquals(List.of("0\t1", "0\t2147483647", "0\t2147483648", "1\t2147483647", "1\t2147483648",
                "2147483647\t2147483648"), t.output("lt"));
        assertEquals(List.of(
                "2147483648\t4294967294\t715827882\t1\t1073741823\t2147483647\t2147483647\t2.14748e+09",
                "2147483649\t0\t715827882\t2\t1073741824\t-2147483648\t2147483648\t2.14748e+09",
                "4000000001\t3705032704\t1333333333\t3\t2000000000\t-294967296\t4000000000\t4e+09"), t.output("arith"));
        assertEquals(List.of("0\t3000000000", "1\t3000000000"), t.output("pow"));
        // 1 + 4000000000 + 2147483648 + 2147483647 + 0 = 8294967296 = 4000000000 modulo 2^32
        assertEquals(List.of("4000000000\t0\t4000000000\t5"), t.output("agg"));
        // the sum of x + 1 adds 5 more; the least half of {4000000000, 2147483648, 2147483647}
        assertEquals(List.of("4000000005\t1073741823"), t.output("expr"));
        assertEquals(List.of("4294967295\t-1\t3\t4294967295\t0"), t.output("conv"));
        assertEquals(List.of("4294967294"), t.output("wrap"));
    }

    @Test
    void joinsOrderAndBoundUnsignedColumnsAcrossTheSignBit() throws Exception {
        // A random graph on ids near 2^31 and near 2^32: x < y < z triangles, counted and listed, against
        // a reference computed on longs.
        Random rnd = new Random(17);
        List<long[]> edges = new ArrayList<>();
        long[] ids = new long[60];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = switch (i % 3) {
                case 0 -> rnd.nextInt(1000);
                case 1 -> (1L << 31) - 500 + rnd.nextInt(1000);
                default -> UnsignedCodec.MAX - rnd.nextInt(1000);
            };
        }
        TreeSet<String> lines = new TreeSet<>();
        for (int i = 0; i < 400; i++) {
            long a = ids[rnd.nextInt(ids.length)];
            long b = ids[rnd.nextInt(ids.length)];
            if (a != b && lines.add(a + "\t" + b)) {
                edges.add(new long[]{a, b});
            }
        }
        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("e", lines.toArray(new String[0]));
        t.run("""
                .decl e(x:unsigned, y:unsigned)
                .input e
                .decl tri(x:unsigned, y:unsigned, z:unsigned)
                .output tri
                tri(x, y, z) :- e(x, y), e(y, z), e(x, z), x < y, y < z, z > 2147483000u.
                .decl n(c:number)
                .output n
                n(c) :- c = count : { e(x, y), e(y, z), e(x, z), x < y, y < z, z > 2147483000u }.
                """);
        TreeSet<String> expected = new TreeSet<>();
        java.util.Set<String> has = new java.util.HashSet<>(lines);
        for (long[] xy : edges) {
            for (long[] yz : edges) {
                if (yz[0] == xy[1] && xy[0] < xy[1] && yz[0] < yz[1] && yz[1] > 2147483000L
                        && has.contains(xy[0] + "\t" + yz[1])) {
                    expected.add(xy[0] + "\t" + xy[1] + "\t" + yz[1]);
                }
            }
        }
        assertTrue(expected.size() > 5, "a graph with triangles: " + expected.size());
        assertEquals(new ArrayList<>(expected), t.output("tri"));
        assertEquals(List.of(Integer.toString(expected.size())), t.output("n"));
    }

    @Test
    void badConstantsAreErrors() {
        EngineTestSupport t = new EngineTestSupport(dir);
        LeapfrogException negative = assertThrows(LeapfrogException.class, () -> t.run("""
                .decl a(x:unsigned)
                .output a
                a(-1).
                """));
        assertTrue(negative.getMessage().contains("3:3") && negative.getMessage().contains("0..4294967295"),
                negative.getMessage());
        LeapfrogException asNumber = assertThrows(LeapfrogException.class, () -> t.run("""
                .decl n(x:number)
                .output n
                n(3000000000u).
                """));
        // Souffle: "Unsigned constant (type mismatch)": a constant with the suffix u is an unsigned only
        assertTrue(asNumber.getMessage().contains("3:3: error: Type mismatch: attribute 1 of n is a number, but 3000000000u"
                + " is an unsigned"), asNumber.getMessage());
        for (String literal : List.of("2147483648", "0xFFFFFFFF", "0b10000000000000000000000000000000")) {
            LeapfrogException plain = assertThrows(LeapfrogException.class, () -> t.run("""
                    .decl n(x:number)
                    .decl q(x:number)
                    .output q
                    n(1).
                    q(x) :- n(x), x != %s.
                    """.formatted(literal)));
            assertTrue(plain.getMessage().contains("5:20: error: number constant") && plain.getMessage().contains("a number"),
                    plain.getMessage());
        }
        LeapfrogException past = assertThrows(LeapfrogException.class, () -> t.run("""
                .decl a(x:unsigned)
                .output a
                a(4294967296).
                """));
        assertTrue(past.getMessage().contains("3:3: error: number constant 4294967296 is out of range: integer constants go"
                + " up to 4294967295"), past.getMessage());
        LeapfrogException parse = assertThrows(LeapfrogException.class, () -> t.run("""
                .decl a(x:unsigned)
                .output a
                a(x) :- x = to_unsigned("-4").
                """));
        assertTrue(parse.getMessage().contains("to_unsigned"), parse.getMessage());
    }

    /** Integer constants as Souffle reads them: any base up to 2^32 - 1, taken by an unsigned or a float column. */
    @Test
    void largeConstantsFitUnsignedAndFloatColumns() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl u(x:unsigned)
                .output u
                u(3000000000).
                u(0xFFFFFFFF).
                u(0b10000000000000000000000000000000).
                .decl f(x:float)
                .output f
                f(3000000000).
                .decl n(x:number)
                .output n
                n(0x7FFFFFFF).
                n(-2147483648).
                """);
        assertEquals(List.of("2147483648", "3000000000", "4294967295"), t.output("u"));
        assertEquals(List.of("3e+09"), t.output("f"));
        assertEquals(List.of("-2147483648", "2147483647"), t.output("n"));
    }

    /** x = c binds x to c (the plan puts c for x, leaving c = c): an unsigned c past 2^31 included. */
    @Test
    void equalityWithAnUnsignedConstantPastTheSignedRange() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl a(x:unsigned)
                a(1). a(4294967295u). a(2147483648u).
                .decl eq(x:unsigned)
                .output eq
                eq(x) :- a(x), x = 4294967295u.
                .decl both(x:unsigned)
                .output both
                both(1) :- a(1), 2147483648u = 2147483648u.
                """);
        assertEquals(List.of("4294967295"), t.output("eq"));
        assertEquals(List.of("1"), t.output("both"));
    }

    @Test
    void codecKeepsTheUnsignedOrderAndArithmeticWraps() {
        long[] values = {0, 1, 2147483647L, 2147483648L, 4000000000L, UnsignedCodec.MAX};
        for (int i = 0; i + 1 < values.length; i++) {
            int a = UnsignedCodec.encodeValue(values[i]);
            int b = UnsignedCodec.encodeValue(values[i + 1]);
            assertTrue(a < b, values[i] + " before " + values[i + 1]);
            assertEquals(values[i], UnsignedCodec.value(a));
            assertEquals(Long.toString(values[i]), UnsignedCodec.format(a));
        }
        int max = UnsignedCodec.encodeValue(UnsignedCodec.MAX);
        int one = UnsignedCodec.encodeValue(1);
        assertEquals(0, UnsignedCodec.value(UnsignedArithmetic.binary("+").applyAsInt(max, one)));
        assertEquals(UnsignedCodec.MAX / 2, UnsignedCodec.value(UnsignedArithmetic.binary("bshr").applyAsInt(max, one)));
        assertThrows(LeapfrogException.class,
                () -> UnsignedArithmetic.binary("/").applyAsInt(one, UnsignedCodec.encodeValue(0)));
        // C++ leaves the conversion of a float out of the unsigned range undefined: an error, not a saturated value
        assertThrows(LeapfrogException.class, () -> UnsignedArithmetic.fromFloat(io.leapfrog.common.FloatCodec.encode(1e12f)));
        assertEquals(UnsignedCodec.MAX - 255, UnsignedCodec.value(UnsignedArithmetic.fromFloat(
                io.leapfrog.common.FloatCodec.encode(Math.nextDown(0x1p32f)))));
    }
}
