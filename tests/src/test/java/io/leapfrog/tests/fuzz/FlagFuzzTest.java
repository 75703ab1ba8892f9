package io.leapfrog.tests.fuzz;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Random combinations of the flags of {@code run}, {@code sql} and {@code explain}, with valid and
 * invalid values, on a valid program: each command line must succeed, fail as a user error or be
 * refused with usage (exit 2), never fail internally, and keep the {@link RunInvariants}.
 */
class FlagFuzzTest {

    private static final String[] COMMANDS = {"run", "sql", "explain"};
    private static final String[] QUERIES = {"SELECT * FROM d0", "SELECT COUNT(*) FROM e0", "SELECT", "",
        "SELECT c0 FROM e0 WHERE c0 > 1 ORDER BY c0", "SELECT * FROM nowhere", "DROP TABLE e0", "SELECT 1/0",
        "SELECT * FROM e0 a, e0 b WHERE a.c0 = b.c0", "SELECT 'x' || c0 FROM d0", "\u0000"};

    /** A flag and the values it is tried with; an empty list for a flag that takes no value. */
    private record Flag(String name, List<String> values) {
    }

    private static final List<Flag> FLAGS = List.of(
            new Flag("-j", List.of("1", "2", "0", "-1", "abc", "99999999999", "", "1.5")),
            new Flag("--threads", List.of("1", "2", "0", "2147483647", "-2147483648")),
            new Flag("--device", List.of("auto", "cpu", "CPU", "gpu", "tpu", "")),
            new Flag("--gpu-strategy", List.of("auto", "lftj", "levelwise", "LFTJ", "fast", "")),
            new Flag("--gpu-memory", List.of("512M", "8G", "0", "-1", "1T", "abc", "1.5G", "99999999999999999999G", "12", "G")),
            new Flag("--gpu-resident-counts", List.of()),
            new Flag("--gpu-shaped-kernels", List.of()),
            new Flag("--no-gpu-shaped-kernels", List.of()),
            new Flag("--gpu-nvcc", List.of("IN/no-nvcc", "", "IN")),
            new Flag("--gpu-kernel-cache", List.of("IN/cache", "", "IN/program.dl")),
            new Flag("--gpu-profile", List.of()),
            new Flag("--measure-orders", List.of()),
            new Flag("--no-measure-orders", List.of()),
            new Flag("--degree-order", List.of("measure", "never", "always", "sometimes", "")),
            new Flag("-F", List.of("IN", "IN/nowhere", "IN/program.dl", "")),
            new Flag("--fact-dir", List.of("IN")),
            new Flag("-D", List.of("OUT", "-", "OUT/sub/dir", "IN/program.dl")),
            new Flag("-p", List.of("IN/program.dl", "IN/nowhere.dl", "IN")),
            new Flag("--csv", List.of()),
            new Flag("--explain", List.of()),
            new Flag("--sql", List.of(QUERIES)),
            new Flag("--help", List.of()),
            new Flag("-V", List.of()),
            new Flag("--no-such-flag", List.of()),
            new Flag("-", List.of()),
            new Flag("--", List.of()),
            new Flag("-jx", List.of()),
            new Flag("--threads=", List.of()),
            new Flag("--device=gpu,cpu", List.of()));

    @Property(shrinking = ShrinkingMode.OFF)
    void randomFlagsNeverFailInternally(@ForAll long seed) {
        Random rnd = new Random(seed);
        SouffleProgramGenerator.Program p = new SouffleProgramGenerator(rnd, true).generate();
        try (Sandbox box = new Sandbox()) {
            String program = box.write("program.dl", p.fileText().getBytes(StandardCharsets.UTF_8)).toString();
            p.factFiles().forEach(box::write);
            String command = COMMANDS[rnd.nextInt(COMMANDS.length)];
            List<List<String>> groups = new ArrayList<>();
            int n = rnd.nextInt(4);
            for (int i = 0; i < n; i++) {
                Flag f = FLAGS.get(rnd.nextInt(FLAGS.size()));
                List<String> g = new ArrayList<>(List.of(f.name()));
                if (!f.values().isEmpty()) {
                    g.add(f.values().get(rnd.nextInt(f.values().size()))
                            .replace("IN", box.in.toString()).replace("OUT", box.out.toString()));
                }
                groups.add(g);
            }
            // the positional argument and the usual -F/-D, so that most command lines are otherwise valid
            if (command.equals("sql")) {
                groups.add(List.of(QUERIES[rnd.nextInt(QUERIES.length)]));
                if (rnd.nextBoolean()) {
                    groups.add(List.of("-p", program));
                }
            } else {
                groups.add(List.of(program));
            }
            groups.add(List.of("-F", box.in.toString()));
            if (command.equals("run")) {
                groups.add(List.of("-D", box.out.toString()));
            }
            Collections.shuffle(groups, rnd);
            List<String> args = new ArrayList<>(List.of(command));
            groups.forEach(args::addAll);
            RunInvariants.runChecked(box, RunInvariants.ANY_BUT_INTERNAL, p.fileText(), args.toArray(String[]::new));
        }
    }
}
