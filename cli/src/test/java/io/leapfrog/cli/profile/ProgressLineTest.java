package io.leapfrog.cli.profile;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The progress line's text: nothing for the first two seconds, then the stratum and a running join's share and time left. */
class ProgressLineTest {
    @Test
    void aLongJoinShowsItsShareAndTheTimeLeft() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (ProgressLine line = new ProgressLine(err, false)) {
            line.stratumStarted(2, 3, List.of("k"));
            line.joinRunning("k rule at k.dl:4:1", () -> 0.5);
            Thread.sleep(1_500);
            assertFalse(bytes.toString(StandardCharsets.UTF_8).contains("stratum"), "nothing before two seconds");
            Thread.sleep(1_300);
            String shown = bytes.toString(StandardCharsets.UTF_8);
            assertTrue(shown.contains("\r\033[K[2."), shown);
            assertTrue(shown.contains("stratum 2 of 3: k; joining k rule at k.dl:4:1: 50% of its first level, about "), shown);
            line.joinEnded("k rule at k.dl:4:1");
            line.println("a line of its own");
            assertTrue(bytes.toString(StandardCharsets.UTF_8).contains("\r\033[Ka line of its own\n"), "erased before it");
        }
        assertTrue(bytes.toString(StandardCharsets.UTF_8).endsWith("\r\033[K") || bytes.toString(StandardCharsets.UTF_8).endsWith("\n"),
                "erased at the end");
    }
}
