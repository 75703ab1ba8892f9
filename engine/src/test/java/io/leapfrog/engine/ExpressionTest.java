package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExpressionTest {
    @TempDir
    Path dir;

    private List<String> eval(String decl, String rules, String rel) throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run(decl + "\n.output " + rel + "\n" + rules);
        return t.output(rel);
    }

    @Test
    void arithmeticWrapsAt32BitsLikeSouffle() throws Exception {
        List<String> out = eval(".decl r(name:symbol, v:number)", """
                r("add", 2147483647 + 1).
                r("mul", 65536 * 65536).
                r("div", -7 / 2).
                r("mod", -7 % 3).
                r("pow", 2 ^ 10).
                r("powneg", 2 ^ -1).
                r("neg", -(3)).
                r("band", 12 band 10).
                r("bor", 12 bor 10).
                r("bxor", 12 bxor 10).
                r("shl", 1 bshl 4).
                r("shr", -16 bshr 2).
                r("shru", -16 bshru 28).
                r("land", 3 land 0).
                r("lor", 3 lor 0).
                r("lnot", lnot(0)).
                r("bnot", bnot(0)).
                r("min", min(3, -2, 5)).
                r("max", max(3, -2, 5)).
                """, "r");
        assertEquals(List.of("add\t-2147483648", "band\t8", "bnot\t-1", "bor\t14", "bxor\t6", "div\t-3", "land\t0",
                "lnot\t1", "lor\t1", "max\t5", "min\t-2", "mod\t-1", "mul\t0", "neg\t-3", "pow\t1024", "powneg\t0",
                "shl\t16", "shr\t-4", "shru\t15"), out);
    }

    @Test
    void stringFunctors() throws Exception {
        List<String> out = eval(".decl s(x:symbol)\n.decl r(k:symbol, v:symbol)\n.decl n(k:symbol, v:number)", """
                s("hello").
                r("cat", cat(x, "-", "world")) :- s(x).
                r("substr", substr(x, 1, 3)) :- s(x).
                r("substr_out", substr(x, 10, 3)) :- s(x).
                r("to_string", to_string(-42)).
                n("strlen", strlen(x)) :- s(x).
                n("to_number", to_number("123")).
                r("match", x) :- s(x), match("h.*o", x).
                r("nomatch", x) :- s(x), match("h", x).
                r("digits", x) :- s(x), !match("[[:digit:]]+", x).
                r("contains", x) :- s(x), contains("ell", x).
                """, "r");
        assertEquals(List.of("cat\thello-world", "contains\thello", "digits\thello", "match\thello", "substr\tell",
                "substr_out\t", "to_string\t-42"), out);
    }

    /** strlen and substr count bytes, as Souffle's do; a cut inside a character keeps Souffle's bytes. */
    @Test
    void stringFunctorsCountBytes() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl r(k:symbol, v:symbol, n:number)
                .output r
                r("cafe", substr("caféx", 3, 2), strlen("café")).
                r("euro", substr("€1", 1, 2), strlen("€1")).
                r("ascii", substr("hello", 1, 3), strlen("hello")).
                r("past", substr("é", 3, 1), strlen("")).
                """);
        byte[] got = java.nio.file.Files.readAllBytes(dir.resolve("out").resolve("r.csv"));
        java.io.ByteArrayOutputStream want = new java.io.ByteArrayOutputStream();
        // rows in the symbols' interning order
        want.writeBytes("cafe\t\u00e9\t5\neuro\t".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        want.writeBytes(new byte[] {(byte) 0x82, (byte) 0xAC});   // the euro sign's last two bytes, as Souffle writes them
        want.writeBytes("\t4\nascii\tell\t5\npast\t\t0\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(java.util.HexFormat.of().formatHex(want.toByteArray()), java.util.HexFormat.of().formatHex(got));
    }

    @Test
    void conversionFunctorsReadNumbersAsSouffleDoes() throws Exception {
        List<String> out = eval(".decl n(k:symbol, v:number)\n.decl u(k:symbol, v:unsigned)", """
                n("plain", to_number("123")).
                n("prefix", to_number("12abc")).
                n("space_sign", to_number(" +7")).
                n("hex", to_number("-0x10")).
                n("binary", to_number("0b101")).
                u("hex", to_unsigned("0xFFFFFFFF")).
                u("prefix", to_unsigned("7up")).
                """, "n");
        assertEquals(List.of("binary\t5", "hex\t-16", "plain\t123", "prefix\t12", "space_sign\t7"), out);
        for (String bad : List.of("to_number(\"3000000000\")", "to_number(\"0xFFFFFFFF\")", "to_number(\"abc\")")) {
            LeapfrogException e = assertThrows(LeapfrogException.class,
                    () -> eval(".decl n(v:number)", "n(" + bad + ").", "n"), bad);
            assertTrue(e.getMessage().contains("to_number"), e.getMessage());
        }
        LeapfrogException e = assertThrows(LeapfrogException.class,
                () -> eval(".decl u(v:unsigned)", "u(to_unsigned(\"-1\")).", "u"));
        assertTrue(e.getMessage().contains("to_unsigned: cannot convert \"-1\""), e.getMessage());
    }

    @Test
    void comparisonsAreSignedAndAssignmentsChain() throws Exception {
        List<String> out = eval(".decl a(x:number)\n.decl r(x:number, y:number, z:number)", """
                a(-5). a(0). a(7).
                r(x, y, z) :- a(x), x < 1, y = x * 2, z = y + 1, z != 1.
                """, "r");
        assertEquals(List.of("-5\t-10\t-9"), out);
    }

    @Test
    void divisionByZeroIsAUserError() {
        EngineTestSupport t = new EngineTestSupport(dir);
        LeapfrogException e = assertThrows(LeapfrogException.class,
                () -> t.run(".decl a(x:number)\n.decl r(x:number)\n.output r\na(0).\nr(10 / x) :- a(x).\n"));
        assertTrue(e.getMessage().contains("division by zero"), e.getMessage());
    }

    /**
     * Program constants against Souffle 2.5 (each case run there): the column type, the fact, and the row
     * Souffle writes, or, where Souffle refuses the program, a piece of Leapfrog's error. Souffle reads
     * 4294967296u as 0 (its unsigned range check compares a value already cut to 32 bits); Leapfrog refuses
     * it, as the check means to.
     */
    @Test
    void constantsAreReadAsSouffleReadsThem() {
        String[][] cases = {
                {"number", "n(2147483647).", "2147483647"}, {"number", "n(-2147483648).", "-2147483648"},
                {"number", "n(-0x80000000).", "-2147483648"}, {"number", "n(-0b101).", "-5"}, {"number", "n(007).", "7"},
                {"number", "n(-0).", "0"}, {"number", "n(--5).", "5"},
                {"number", "n(2147483648).", "out of range"}, {"number", "n(0x80000000).", "out of range"},
                {"number", "n(-2147483649).", "out of range"},
                {"number", "n(5u).", "n is a number, but 5u is an unsigned"},
                {"unsigned", "n(4294967295u).", "4294967295"}, {"unsigned", "n(0xFFFFFFFFu).", "4294967295"},
                {"unsigned", "n(2147483648).", "2147483648"}, {"unsigned", "n(0b1u).", "1"},
                {"unsigned", "n(4294967296u).", "out of range"}, {"unsigned", "n(4294967296).", "out of range"},
                {"unsigned", "n(-1).", "written without a sign"}, {"unsigned", "n(-0).", "written without a sign"},
                {"unsigned", "n(-5u).", "not defined on unsigned values"},
                {"float", "n(1.5).", "1.5"}, {"float", "n(3).", "3"}, {"float", "n(0x10).", "16"},
                {"float", "n(0b11).", "binary constant 0b11 is used as a float"},
                {"float", "n(5u).", "n is a float, but 5u is an unsigned"},
                {"float", "n(1.0e3).", "has an exponent, which Souffle's float constants do not: write 1000.0"},
                {"float", "n(340282356779733661637539395458142568448.0).", "float constant 3402823567797336616375393954"},
                {"float", "n(0.0000000000000000000000000000000000000001).", "is out of range"},
                {"symbol", "n(\"a\\tb\").", "a\tb"}, {"symbol", "n(\"\\\"\\'\\\\\").", "\"'\\"},
                {"symbol", "n(\"a\\db\").", "test.dl:5:5: error: unknown escape sequence \\d"},
                {"symbol", "n(\"\\x41\").", "unknown escape sequence \\x"},
                {"symbol", "n(\"\\0\").", "unknown escape sequence \\0"},
                {"symbol", "n(to_string(3000000000u)).", "3000000000"}};
        for (String[] c : cases) {
            String program = ".decl n(x:" + c[0] + ")\n.output n\n" + c[1] + "\n";
            boolean refused = c[2].contains(" ") || c[2].startsWith("test.dl");
            if (refused) {
                LeapfrogException e = assertThrows(LeapfrogException.class, () -> eval("", program, "n"), c[1]);
                assertTrue(e.getMessage().contains(c[2]), c[1] + ": " + e.getMessage());
            } else {
                assertEquals(List.of(c[2]), assertDoesNotThrow(() -> eval("", program, "n"), c[1]), c[1]);
            }
        }
    }

    /**
     * Souffle's to_float, to_number, to_unsigned and to_string take any base type (FunctorOps S2F, U2F, F2I,
     * ...), ord gives any value's 32 bits, min and max of symbols compare their bytes: each case ran through Souffle 2.5, which gives the row shown. Where C++ leaves a conversion
     * undefined (a float out of the target's range, NaN; x86 gives -2147483648 or the low 32 bits) Leapfrog
     * stops with a positioned error; where Souffle wraps to_unsigned("4294967296") to 0 it is out of range.
     */
    @Test
    void conversionsTakeEveryBaseTypeAsSouffles() {
        String[][] cases = {
                {"float", "to_float(\"1.5abc\")", "1.5"}, {"float", "to_float(\" 1e3\")", "1000"},
                {"float", "to_float(\"0x10\")", "16"}, {"float", "to_float(\"1e\")", "1"},
                {"float", "to_float(\"infinity\")", "inf"}, {"float", "to_float(\"0b1\")", "0"},
                {"float", "to_float(\"0x1p-149\")", "1.4013e-45"}, {"float", "to_float(3000000000u)", "3e+09"},
                {"float", "to_float(-7)", "-7"}, {"float", "to_float(2.5)", "2.5"},
                {"float", "to_float(\"abc\")", "test.dl:5:3: error: to_float: cannot convert \"abc\""},
                {"float", "to_float(\"1e39\")", "to_float: \"1e39\" is out of range"},
                {"float", "to_float(\"1e-40\")", "to_float: \"1e-40\" is out of range"},
                {"number", "to_number(2.7)", "2"}, {"number", "to_number(-2.7)", "-2"},
                {"number", "to_number(3000000000u)", "-1294967296"}, {"number", "to_number(-2147483648.0)", "-2147483648"},
                {"number", "to_number(2147483648.0)", "test.dl:5:3: error: the float 2147483648 has no value as a number"},
                {"number", "ftoi(1.0 / 0)", "the float inf has no value as a number"},
                {"number", "ftoi(0.0 / 0)", "the float nan has no value as a number"},
                {"unsigned", "to_unsigned(-1)", "4294967295"}, {"unsigned", "to_unsigned(2.7)", "2"},
                {"unsigned", "to_unsigned(-0.5)", "0"}, {"unsigned", "to_unsigned(7u)", "7"},
                {"unsigned", "to_unsigned(-1.5)", "the float -1.5 has no value as an unsigned"},
                {"unsigned", "ftou(4294967295.0)", "the float 4294967296 has no value as an unsigned"},
                {"unsigned", "to_unsigned(\"4294967296\")", "to_unsigned: \"4294967296\" is out of range"},
                {"symbol", "to_string(1.5)", "1.500000"}, {"symbol", "to_string(1000000.0)", "1000000.000000"},
                {"symbol", "to_string(0.0000025)", "0.000002"}, {"symbol", "to_string(-0.0000001)", "-0.000000"},
                {"symbol", "to_string(1.0 / 0)", "inf"}, {"symbol", "to_string(\"abc\")", "abc"},
                {"symbol", "to_string(3000000000u)", "3000000000"}, {"symbol", "to_string(-5)", "-5"},
                {"number", "ord(-1.5)", "-1077936128"}, {"number", "ord(3000000000u)", "-1294967296"},
                {"number", "ord(7u)", "7"}, {"number", "ord(-5)", "-5"},
                {"symbol", "max(\"b\", \"a\", \"ab\")", "b"}, {"symbol", "min(\"b\", \"a\", \"ab\")", "a"},
                {"symbol", "max(\"z\", \"\u00e9\")", "\u00e9"}};
        for (String[] c : cases) {
            String program = ".decl n(x:" + c[0] + ")\n.output n\nn(" + c[1] + ").\n";
            if (c[2].contains(" ")) {
                LeapfrogException e = assertThrows(LeapfrogException.class, () -> eval("", program, "n"), c[1]);
                assertTrue(e.getMessage().contains(c[2]), c[1] + ": " + e.getMessage());
            } else {
                assertEquals(List.of(c[2]), assertDoesNotThrow(() -> eval("", program, "n"), c[1]), c[1]);
            }
        }
    }
}
