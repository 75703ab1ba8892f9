package io.leapfrog.bench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** GDlog's output as its TC and SG programs print it (recorded on an H100, resources peer-output/). */
class GdlogOutputTest {

    static String recorded(String name) throws IOException {
        try (InputStream in = GdlogOutputTest.class.getResourceAsStream("/peer-output/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void tcGivesThePathCountAndItsTcTime() throws IOException {
        GdlogOutput r = GdlogOutput.ofTc(recorded("gdlog-tc-g.txt"));
        assertEquals(8_678_920, r.count());
        assertEquals(0.0511648, r.seconds(), 1e-12);
    }

    @Test
    void sgGivesTheFinalCountNotTheInitOneAndSumsItsThreeTimes() throws IOException {
        GdlogOutput r = GdlogOutput.ofSg(recorded("gdlog-sg-g.txt"));
        assertEquals(8_661_291, r.count());   // not "sg init counts 47500"
        assertEquals(0.00627578 + 0.00312701 + 0.0967434, r.seconds(), 1e-12);
        GdlogOutput empty = GdlogOutput.ofSg(recorded("gdlog-sg-chain100.txt"));
        assertEquals(0, empty.count());
        assertEquals(0.00779802 + 0.00063376 + 6.6336e-05, empty.seconds(), 1e-12);   // "6.6336e-05" as printed
    }

    @Test
    void anOutputWithoutTheResultLinesIsAnErrorNamingTheLine() {
        String crashed = "Input graph rows: 99\nedge size 99\nGPUassert: out of memory /src/relation.cu 552\n";
        BenchException e = assertThrows(BenchException.class, () -> GdlogOutput.ofTc(crashed));
        assertTrue(e.getMessage().contains("Path counts") && e.getMessage().contains("GPUassert: out of memory"),
                e.getMessage());
        BenchException sg = assertThrows(BenchException.class,
                () -> GdlogOutput.ofSg("sg init counts 5\nsg init time: 0.1\nsg counts 7\n"));
        assertTrue(sg.getMessage().contains("Build hash table time:"), sg.getMessage());
        BenchException garbled = assertThrows(BenchException.class, () -> GdlogOutput.ofTc("Path counts lots\nTC time: 1\n"));
        assertTrue(garbled.getMessage().contains("not a count"), garbled.getMessage());
    }
}
