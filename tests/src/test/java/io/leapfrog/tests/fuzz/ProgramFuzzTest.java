package io.leapfrog.tests.fuzz;

import io.leapfrog.tests.differential.RandomRecursivePrograms;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Programs through {@code leapfrog run}, in-process: valid ones must give the reference's answer, and
 * broken ones must fail cleanly ({@link RunInvariants}). The number of tries comes from jqwik's
 * configuration (tests/src/test/resources/junit-platform.properties; docs/cli.md, "Fuzzing", says how
 * to run longer). A seed drives each try; a failure's message holds the program, and jqwik prints the
 * seed that reproduces it.
 */
class ProgramFuzzTest {

    /** Nesting the mutations build: around the front end's limit (256) and far past it. */
    static final int MAX_NESTING = 5_000;

    @Property(shrinking = ShrinkingMode.OFF)
    void recursiveProgramsGiveTheNaiveFixpoint(@ForAll long seed) {
        RandomRecursivePrograms.Program p = RandomRecursivePrograms.random(new Random(seed), 6);
        String text = p.text(".output REL");
        try (Sandbox box = new Sandbox()) {
            String program = box.write("program.dl", text.getBytes(StandardCharsets.UTF_8)).toString();
            InProcessCli.Outcome r = RunInvariants.runChecked(box, Set.of(0), text,
                    "run", program, "-F", box.in.toString(), "-D", box.out.toString(), "-j", "2");
            Map<String, List<String>> expected = new TreeMap<>();
            RandomRecursivePrograms.naive(p).forEach((rel, tuples) -> {
                List<String> rows = new ArrayList<>();
                tuples.forEach(t -> rows.add(String.join("\t", t.stream().map(String::valueOf).toList())));
                rows.sort(null);
                expected.put(rel + ".csv", rows);
            });
            assertEquals(expected, Outputs.of(box.out), () -> text + "\n" + r);
        }
    }

    /**
     * Every generated program is valid, so it must succeed; with its facts inline or read from fact
     * files (every type of column, values at the types' limits) it must give the same outputs and sizes,
     * on one thread or two, with join orders measured on the data or not.
     */
    @Property(shrinking = ShrinkingMode.OFF)
    void factsInlineAndFromFilesGiveTheSameAnswer(@ForAll long seed) {
        SouffleProgramGenerator.Program p = new SouffleProgramGenerator(new Random(seed), true).generate();
        // the two runs also differ in threads and in how join orders are chosen, which must not matter either
        Answer inline = answer(p.inlineText(), Map.of(), "-j", "1", "--no-measure-orders");
        Answer files = answer(p.fileText(), p.factFiles(), "-j", "2");
        assertEquals(inline, files, () -> "inline:\n" + p.inlineText() + "\nfiles:\n" + p.fileText()
                + "\nfacts: " + p.facts());
    }

    private record Answer(Map<String, List<String>> outputs, List<String> printSizes) {
    }

    private static Answer answer(String text, Map<String, byte[]> factFiles, String... flags) {
        try (Sandbox box = new Sandbox()) {
            String program = box.write("program.dl", text.getBytes(StandardCharsets.UTF_8)).toString();
            factFiles.forEach(box::write);
            List<String> args = new ArrayList<>(List.of("run", program, "-F", box.in.toString(), "-D", box.out.toString()));
            args.addAll(List.of(flags));
            InProcessCli.Outcome r = RunInvariants.runChecked(box, Set.of(0), text, args.toArray(String[]::new));
            return new Answer(Outputs.of(box.out), Outputs.printSizes(r.out()));
        }
    }

    @Property(shrinking = ShrinkingMode.OFF)
    void brokenProgramsFailCleanly(@ForAll long seed) {
        Random rnd = new Random(seed);
        SouffleProgramGenerator.Program p = new SouffleProgramGenerator(rnd, false).generate();
        byte[] mutated = new ProgramMutator(rnd, MAX_NESTING).mutate(p.fileText());
        try (Sandbox box = new Sandbox()) {
            String program = box.write("program.dl", mutated).toString();
            p.factFiles().forEach(box::write);
            RunInvariants.runChecked(box, RunInvariants.OK_OR_USER_ERROR, describe(mutated),
                    "run", program, "-F", box.in.toString(), "-D", box.out.toString(), "-j", "2");
        }
    }

    /** The program as text for a failure message, its bytes that are not printable ASCII escaped. */
    static String describe(byte[] program) {
        StringBuilder sb = new StringBuilder("program (").append(program.length).append(" bytes):\n");
        int shown = Math.min(program.length, 3000);
        for (int i = 0; i < shown; i++) {
            int c = program[i] & 0xFF;
            if (c == '\n' || c >= 0x20 && c < 0x7F) {
                sb.append((char) c);
            } else {
                sb.append(String.format("\\x%02X", c));
            }
        }
        return sb.append(shown < program.length ? "..." : "").toString();
    }
}
