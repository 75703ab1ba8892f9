package io.leapfrog.common;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The accepted texts follow C's strtol/strtoul/strtof as Souffle calls them (src/include/souffle/utility/StringUtil.h). */
class SouffleNumbersTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"42|42", "'  7'|7", "+5|5", "-2147483648|-2147483648", "2147483647|2147483647",
            "007|7", "-0|0"})
    void factNumbers(String text, int value) {
        assertEquals(value, SouffleNumbers.factNumber(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "0x10", "0b1", "1 ", "1.0", "- 1", "++1", "1_000", "١"})
    void notFactNumbers(String text) {
        assertThrows(NumberFormatException.class, () -> SouffleNumbers.factNumber(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2147483648", "-2147483649", "99999999999999999999"})
    void factNumbersOutOfRange(String text) {
        assertThrows(ArithmeticException.class, () -> SouffleNumbers.factNumber(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"4294967295|4294967295", "0xff|255", "0xFF|255", "0b101|5", "+3|3", "' 3'|3",
            "' -0'|0"})
    void factUnsigned(String text, long value) {
        assertEquals(value, SouffleNumbers.factUnsigned(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "-0", "0X1", "0x", "0b", "0b12", "' 0x1'", "1 "})
    void notFactUnsigned(String text) {
        assertThrows(NumberFormatException.class, () -> SouffleNumbers.factUnsigned(text.replace("'", "")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"4294967296", " -1", "0x100000000"})
    void factUnsignedOutOfRange(String text) {
        assertThrows(ArithmeticException.class, () -> SouffleNumbers.factUnsigned(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"1.5|1.5", "-2|-2", "' 1e3'|1000", ".5|0.5", "5.|5", "0x1.8p1|3", "0x10|16",
            "1E-2|0.01", "0|0", "0.0e-999|0"})
    void factFloats(String text, float value) {
        assertEquals(value, SouffleNumbers.factFloat(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"inf", "-INF", "Infinity", "nan", "NaN(123)"})
    void factFloatSpecials(String text) {
        float f = SouffleNumbers.factFloat(text);
        assertEquals(true, Float.isNaN(f) || Float.isInfinite(f));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "1f", "1.5d", "1e", "1 ", "e5", "1,5", "--1", "infinit"})
    void notFactFloats(String text) {
        assertThrows(NumberFormatException.class, () -> SouffleNumbers.factFloat(text));
    }

    /**
     * glibc's strtof (Souffle 2.5's stof) reports ERANGE on overflow and on an inexact result that is tiny
     * (below 2^-126 when rounded to 24 bits with an unbounded exponent): an exact subnormal is read, and
     * so is a value just under 2^-126 that rounds to it; each case was run through Souffle 2.5.
     */
    @ParameterizedTest
    @ValueSource(strings = {"1e39", "-3.5e38", "3.4028236e38", "1e-40", "1e-38", "1e-45", "1e-50", "1.1754943e-38",
            "1.1754942e-38", "0x1.fffffep-127", "0x1p-150", "0x1.8p-149", "0xep-999", "1e-99999999999"})
    void factFloatsOutOfRange(String text) {
        assertThrows(ArithmeticException.class, () -> SouffleNumbers.factFloat(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"0x1p-149|0x1p-149", "0x1p-127|0x1p-127", "0x1.fffffcp-127|0x1.fffffcp-127",
            "0x0.000002p-126|0x1p-149", "0x1p-126|0x1p-126", "1.17549432e-38|0x1p-126", "1.1754944e-38|0x1p-126",
            "3.4028235e38|0x1.fffffep127", "0e999|0"})
    void factFloatsAtTheEdgesOfTheRange(String text, String value) {
        assertEquals(Float.parseFloat(value), SouffleNumbers.factFloat(text));
    }

    /**
     * Against an independent statement of the rule (strtol base 10 over the whole field, then the 32-bit
     * range): random texts over the characters that matter, and every int's own decimal text.
     */
    @Test
    void factNumbersMatchTheirDefinitionOnRandomTexts() {
        java.util.regex.Pattern rule = java.util.regex.Pattern.compile("[ \t\n\u000B\f\r]*([+-]?)0*([0-9]+)");
        java.util.Random random = new java.util.Random(29);
        String alphabet = "0123456789+- \txab.9";
        for (int round = 0; round < 20_000; round++) {
            StringBuilder sb = new StringBuilder();
            for (int n = random.nextInt(13); n > 0; n--) {
                sb.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = sb.toString();
            java.util.regex.Matcher m = rule.matcher(text);
            if (!m.matches()) {
                assertThrows(NumberFormatException.class, () -> SouffleNumbers.factNumber(text), text);
                continue;
            }
            java.math.BigInteger v = new java.math.BigInteger(m.group(1) + m.group(2));
            if (v.bitLength() < 32) {
                assertEquals(v.intValueExact(), SouffleNumbers.factNumber(text), text);
            } else {
                assertThrows(ArithmeticException.class, () -> SouffleNumbers.factNumber(text), text);
            }
            int i = random.nextInt();
            assertEquals(i, SouffleNumbers.factNumber(Integer.toString(i)));
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"12|12", "12abc|12", "' -7 '|-7", "0x1f|31", "-0x10|-16", "0b11|3", "-0b11|-3",
            "0xg|0", "+4|4"})
    void toNumberReadsTheLongestNumberPrefix(String text, int value) {
        assertEquals(value, SouffleNumbers.toNumber(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "0b", "x1", "-"})
    void toNumberNeedsDigits(String text) {
        assertThrows(NumberFormatException.class, () -> SouffleNumbers.toNumber(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"3000000000", "-2147483649", "0xFFFFFFFF"})
    void toNumberIsRangeChecked(String text) {
        assertThrows(ArithmeticException.class, () -> SouffleNumbers.toNumber(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"4294967295|4294967295", "0xFFFFFFFF|4294967295", "7up|7"})
    void toUnsigned(String text, long value) {
        assertEquals(value, SouffleNumbers.toUnsigned(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "-0", "up"})
    void notToUnsigned(String text) {
        assertThrows(NumberFormatException.class, () -> SouffleNumbers.toUnsigned(text));
    }

    /** to_float of a symbol: strtof's longest prefix, each case as Souffle 2.5 gives it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"1.5abc|1.5", "' 1e3'|1000", "0x10|16", "0x1p|1", "0x1.8p1zz|3", "0X1P4|16",
            "-0x10|-16", "1e|1", "1e+|1", "0x|0", "0b1|0", ".5|0.5", "'1,5'|1", "0x1p-149|0x1p-149"})
    void floatPrefixIsTheLongestStrtofReads(String text, String value) {
        assertEquals(Float.parseFloat(value), SouffleNumbers.floatPrefix(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"infin", "INFINITY", "nan(", "nan(12)x", "-inf"})
    void floatPrefixReadsInfinitiesAndNans(String text) {
        float f = SouffleNumbers.floatPrefix(text);
        assertEquals(true, Float.isNaN(f) || Float.isInfinite(f), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", ".", "e5", "-", "x1"})
    void floatPrefixNeedsDigits(String text) {
        assertThrows(NumberFormatException.class, () -> SouffleNumbers.floatPrefix(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e39", "1e-40", "1e39abc"})
    void floatPrefixIsRangeChecked(String text) {
        assertThrows(ArithmeticException.class, () -> SouffleNumbers.floatPrefix(text));
    }
}
