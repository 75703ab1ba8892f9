package io.leapfrog.cli.console;

import io.leapfrog.engine.OutputSummary;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TextTableTest {

    @Test
    void numericColumnsAreRightAlignedTextLeftAligned() {
        String table = TextTable.render(List.of("name", "n"),
                List.of(List.of("ada", "7"), List.of("alan", "1234")));
        assertEquals("""
                name | n
                -----+-----
                ada  |    7
                alan | 1234
                """, table);
    }

    @Test
    void csvQuotesOnlyWhenNeeded() {
        assertEquals("a,b\n1,\"x,y\"\n2,\"say \"\"hi\"\"\"\n",
                TextTable.csv(List.of("a", "b"), List.of(List.of("1", "x,y"), List.of("2", "say \"hi\""))));
    }

    @Test
    void summaryLinesAreAligned() {
        List<String> lines = Summary.lines(List.of(
                new OutputSummary("triangles", 1, Duration.ofMillis(12)),
                new OutputSummary("path", 74180, Duration.ofMillis(1500))));
        assertEquals(List.of("triangles      1 row   0.012 s", "path       74180 rows  1.500 s"), lines);
    }

    @Test
    void footerCountsRowsAndTime() {
        assertEquals("(2 rows, 0.250 s)", TextTable.footer(2, Duration.ofMillis(250)));
    }

    @Test
    void jsonEscapesWhatItMustAndKeepsPairs() {
        String text = "q\"b\\s\nt\u0001 caf\uDCE9 \uD83D\uDE00";   // a byte escape (lone surrogate), an emoji (a pair)
        String json = TextTable.json(List.of("v", "n"), List.of(List.of(text, "7")), null);
        assertEquals("[\n{\"v\": \"q\\\"b\\\\s\\nt\\u0001 caf\\uDCE9 \uD83D\uDE00\", \"n\": \"7\"}\n]\n", json);
        assertEquals("[\n]\n", TextTable.json(List.of("v"), List.of(), null));
    }
}
