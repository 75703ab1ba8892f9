package io.leapfrog.tests.fuzz;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Valid programs over broken fact files ({@link FactFileMutator}), a directory where a fact file should
 * be, or a missing file, through {@code leapfrog run}: each run must succeed or fail cleanly
 * ({@link RunInvariants}); an intact gzip of a fact file must give the answer of the plain file, and a
 * symbol's bytes must come out as they went in.
 */
class FactFileFuzzTest {

    @Property(shrinking = ShrinkingMode.OFF)
    void brokenFactFilesFailCleanly(@ForAll long seed) {
        Random rnd = new Random(seed);
        SouffleProgramGenerator.Program p = new SouffleProgramGenerator(rnd, true).generate();
        List<String> names = new ArrayList<>(p.factFiles().keySet());
        String victim = names.get(rnd.nextInt(names.size()));
        FactFileMutator mutator = new FactFileMutator(rnd);
        FactFileMutator.Kind kind = mutator.pick();
        int placement = rnd.nextInt(8);   // 0: a directory in place of the file, 1: no file, else the mutated file
        Map<String, List<String>> plain = kind == FactFileMutator.Kind.GZIP_INTACT && placement > 1
                ? run(p, Map.of(), -1) : null;
        byte[] mutated = mutator.apply(kind, p.factFiles().get(victim));
        Map<String, List<String>> got = run(p, Map.of(victim, mutated), placement);
        if (plain != null) {
            assertEquals(plain, got, () -> "gzip of " + victim + " changed the answer\n" + p.fileText());
        }
    }

    /**
     * A symbol's bytes pass through unchanged, whatever they are (Latin-1, invalid UTF-8, control
     * characters, NUL): the rows of a copy of a one-symbol-column relation are the input's lines.
     */
    @Property(shrinking = ShrinkingMode.OFF)
    void symbolBytesPassThroughUnchanged(@ForAll long seed) {
        Random rnd = new Random(seed);
        Set<String> lines = new TreeSet<>();
        int n = 1 + rnd.nextInt(20);
        for (int i = 0; i < n; i++) {
            StringBuilder line = new StringBuilder();
            int len = 1 + rnd.nextInt(12);
            while (line.length() < len) {
                char c = (char) rnd.nextInt(256);   // one byte, read back through ISO-8859-1
                if (c != '\n' && c != '\r' && c != '\t') {
                    line.append(c);
                }
            }
            lines.add(line.toString());
        }
        String file = String.join("\n", lines) + "\n";
        String program = ".decl e(s:symbol)\n.input e\n.decl d(s:symbol)\nd(s) :- e(s).\n.output d\n";
        try (Sandbox box = new Sandbox()) {
            String path = box.write("program.dl", program.getBytes(StandardCharsets.UTF_8)).toString();
            byte[] facts = file.getBytes(StandardCharsets.ISO_8859_1);
            box.write("e.facts", facts);
            RunInvariants.runChecked(box, Set.of(0), ProgramFuzzTest.describe(facts),
                    "run", path, "-F", box.in.toString(), "-D", box.out.toString(), "-j", "2");
            assertEquals(Map.of("d.csv", List.copyOf(lines)), Outputs.of(box.out), () -> ProgramFuzzTest.describe(facts));
        }
    }

    /** Runs the program's file form with some fact files replaced; the outputs of a success, else null. */
    private static Map<String, List<String>> run(SouffleProgramGenerator.Program p, Map<String, byte[]> replaced,
                                                 int placement) {
        try (Sandbox box = new Sandbox()) {
            String program = box.write("program.dl", p.fileText().getBytes(StandardCharsets.UTF_8)).toString();
            StringBuilder context = new StringBuilder(p.fileText());
            p.factFiles().forEach((name, content) -> {
                byte[] c = replaced.getOrDefault(name, content);
                if (!replaced.containsKey(name)) {
                    box.write(name, c);
                } else if (placement == 0) {
                    context.append("\n").append(name).append(" is a directory");
                    mkdir(box, name);
                } else if (placement == 1) {
                    context.append("\n").append(name).append(" is missing");
                } else {
                    context.append("\n").append(name).append(" holds ").append(ProgramFuzzTest.describe(c));
                    box.write(name, c);
                }
            });
            InProcessCli.Outcome r = RunInvariants.runChecked(box, RunInvariants.OK_OR_USER_ERROR, context.toString(),
                    "run", program, "-F", box.in.toString(), "-D", box.out.toString(), "-j", "2");
            return r.exitCode() == 0 ? Outputs.of(box.out) : null;
        }
    }

    private static void mkdir(Sandbox box, String name) {
        try {
            Files.createDirectories(box.in.resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
