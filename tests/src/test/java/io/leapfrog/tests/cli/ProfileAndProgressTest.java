package io.leapfrog.tests.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code run --profile FILE} and {@code leapfrog profile FILE [--html OUT]} as a person uses them, the HTML page
 * in headless Chromium (where installed), and the progress line: shown on a pseudo-terminal for work past two
 * seconds, absent in a pipe.
 */
class ProfileAndProgressTest {
    private static final String PROGRAM = """
            .decl edge(x:number, y:number)
            .input edge
            .decl path(x:number, y:number)
            path(x, y) :- edge(x, y).
            path(x, z) :- path(x, y), edge(y, z).
            .decl tri(n:number)
            tri(n) :- n = count : { edge(x, y), edge(y, z), edge(x, z) }.
            .printsize path
            .output tri
            """;

    /** A random graph whose closure takes a few seconds in a fresh JVM on two cores. */
    private static Path facts(Path dir, int nodes, int edges) throws IOException {
        Random r = new Random(5);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < edges; i++) {
            sb.append(r.nextInt(nodes)).append('\t').append(r.nextInt(nodes)).append('\n');
        }
        Path f = Files.createDirectories(dir.resolve("facts"));
        Files.writeString(f.resolve("edge.facts"), sb);
        return f;
    }

    @Test
    void aProfileSaysWhereTheTimeWent(@TempDir Path dir) throws Exception {
        Path program = dir.resolve("tc.dl");
        Files.writeString(program, PROGRAM);
        Path facts = facts(dir, 300, 450);
        Path profile = dir.resolve("run.profile.json");
        Cli.Result run = Cli.run("run", program.toString(), "-F", facts.toString(), "-D", dir.resolve("out").toString(),
                "--device", "cpu", "-j", "2", "--profile", profile.toString());
        assertEquals(0, run.exitCode(), run.toString());
        assertTrue(run.err().contains("profile: " + profile), run.toString());

        JsonNode json = new ObjectMapper().readTree(profile.toFile());
        assertEquals(1, json.path("format").asInt());
        assertEquals(3, json.path("strata").size(), json.toString());
        List<String> rules = new ArrayList<>();
        json.path("rules").forEach(r -> rules.add(r.path("rule").asText()));
        assertTrue(rules.contains("path rule at " + program + ":4:1"), rules.toString());
        assertTrue(rules.contains("tri rule at " + program + ":7:1"), rules.toString());
        JsonNode path = json.path("strata").get(1);
        assertTrue(path.path("recursive").asBoolean());
        assertTrue(json.path("rounds").size() >= 2, "each round of the closure: " + json.path("rounds"));
        long rounds = 0;
        for (JsonNode r : json.path("rounds")) {
            rounds += r.path("last").asInt() - r.path("first").asInt() + 1;
        }
        assertEquals(path.path("rounds").asLong(), rounds, "every round of the stratum is in the profile once");

        Path html = dir.resolve("report.html");
        Cli.Result shown = Cli.run("profile", profile.toString(), "--html", html.toString());
        assertEquals(0, shown.exitCode(), shown.toString());
        assertTrue(shown.out().contains("rules by time"), shown.out());
        assertTrue(shown.out().contains("path (recursive)"), shown.out());
        assertTrue(shown.out().contains("tri rule at " + program + ":7:1"), shown.out());
        assertTrue(shown.out().contains("recursive rounds:"), shown.out());
        String page = Files.readString(html);
        assertTrue(page.contains("<svg id=\"chart-rules\""), page);
        assertTrue(page.contains("<svg id=\"chart-strata\""), page);
        Matcher bars = Pattern.compile("<rect class=\"bar\"").matcher(page);
        int n = 0;
        while (bars.find()) {
            n++;
        }
        assertTrue(n >= 3 + 2, "a bar per stratum and per rule: " + n);
    }

    @Test
    void theHtmlPageShowsItsChartsInABrowser(@TempDir Path dir) throws Exception {
        Path chromium = Path.of("/usr/bin/chromium");
        assumeTrue(Files.isExecutable(chromium), "no headless Chromium here (apt-get install chromium)");
        Path program = dir.resolve("tc.dl");
        Files.writeString(program, PROGRAM);
        Path facts = facts(dir, 300, 450);
        Path profile = dir.resolve("p.json");
        assertEquals(0, Cli.run("run", program.toString(), "-F", facts.toString(), "-D", dir.resolve("out").toString(),
                "--device", "cpu", "--profile", profile.toString()).exitCode());
        Path html = dir.resolve("p.html");
        assertEquals(0, Cli.run("profile", profile.toString(), "--html", html.toString()).exitCode());
        Path shot = dir.resolve("shot.png");
        Process p = new ProcessBuilder(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--hide-scrollbars", "--window-size=1000,700", "--screenshot=" + shot, html.toUri().toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("chromium.log").toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "chromium did not finish");
        BufferedImage img = ImageIO.read(shot.toFile());
        int bar = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                int r = rgb >> 16;
                int g = (rgb >> 8) & 0xFF;
                int b = rgb & 0xFF;
                if (Math.abs(r - 0x2a) < 12 && Math.abs(g - 0x6f) < 12 && Math.abs(b - 0xdb) < 12) {
                    bar++;
                }
            }
        }
        assertTrue(bar > 2_000, "the charts' bars are drawn: " + bar + " pixels of their colour");
    }

    @Test
    void mistakesAreOneSentence(@TempDir Path dir) throws Exception {
        Cli.Result missing = Cli.run("profile", dir.resolve("none.json").toString());
        assertEquals(1, missing.exitCode(), missing.toString());
        assertTrue(missing.err().contains("no profile file"), missing.toString());
        Cli.Result rules = Cli.run("profile", dir.resolve("none.json").toString(), "--rules", "0");
        assertEquals(2, rules.exitCode(), rules.toString());
        assertTrue(rules.err().contains("'--rules': 0 is not a positive number") && rules.err().contains("Usage: leapfrog profile"),
                rules.toString());
        Path junk = dir.resolve("junk.json");
        Files.writeString(junk, "{\"rows\": [1, 2]}");
        Cli.Result foreign = Cli.run("profile", junk.toString());
        assertEquals(1, foreign.exitCode(), foreign.toString());
        assertTrue(foreign.err().contains("is not a Leapfrog profile"), foreign.toString());
        Path program = dir.resolve("p.dl");
        Files.writeString(program, ".decl p(x:number)\np(1).\n.output p\n");
        Path sub = Files.createDirectories(dir.resolve("adir"));
        Cli.Result target = Cli.run("run", program.toString(), "-D", dir.resolve("o").toString(), "--profile", sub.toString());
        assertEquals(2, target.exitCode(), target.toString());
        assertTrue(target.err().contains("is not a regular file"), target.toString());
        assertFalse(Files.exists(dir.resolve("o").resolve("p.csv")), "nothing ran");
    }

    @Test
    void aProgressLineOnATerminalAndNoneInAPipe(@TempDir Path dir) throws Exception {
        Path script = Path.of("/usr/bin/script");
        assumeTrue(Files.isExecutable(script), "no script(1) to give the command a pseudo-terminal");
        Path program = dir.resolve("tc.dl");
        Files.writeString(program, PROGRAM.replace(".output tri\n", ""));
        Path facts = facts(dir, 5000, 7000);   // a closure of about 6.7 million pairs: several seconds
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "io.leapfrog.cli.Main", "run", program.toString(), "-F",
                facts.toString(), "-D", dir.resolve("out").toString(), "--device", "cpu", "-j", "2");
        String line = String.join(" ", cmd.stream().map(a -> "'" + a.replace("'", "'\\''") + "'").toList());
        Path tty = dir.resolve("tty.log");
        Process onTerminal = new ProcessBuilder(script.toString(), "-qec", line, "/dev/null")
                .redirectErrorStream(true).redirectOutput(tty.toFile()).start();
        assertTrue(onTerminal.waitFor(120, TimeUnit.SECONDS), "the run ended");
        String shown = Files.readString(tty, StandardCharsets.UTF_8);
        assertEquals(0, onTerminal.exitValue(), shown);
        assertTrue(shown.contains("\r\033[K[") && shown.contains("stratum 2 of 3: path, round "), shown);
        assertTrue(shown.contains("\r\033[Kpath\t"), "the .printsize line erases the progress line first: " + shown);

        Path piped = dir.resolve("pipe.log");
        Process inPipe = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(piped.toFile()).start();
        assertTrue(inPipe.waitFor(120, TimeUnit.SECONDS), "the run ended");
        String plain = Files.readString(piped, StandardCharsets.UTF_8);
        assertEquals(0, inPipe.exitValue(), plain);
        assertFalse(plain.contains("\033[K"), plain);
        assertTrue(plain.contains("path\t"), plain);
    }
}
