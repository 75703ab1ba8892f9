package io.leapfrog.bench;

/**
 * What GDlog's benchmark programs print (harp-lab/gdlog, test/tc.cu and test/sg.cu): the result size and the
 * seconds of their CUDA-event timers. None of the timed parts includes reading the input file or creating
 * the CUDA context. {@code seconds} is:
 * <ul>
 *   <li>TC: {@code TC time}, the setup of the fixpoint loop and the loop itself (not the upload and hash
 *       index of the edge relation, which TC times but does not print);</li>
 *   <li>SG: {@code Build hash table time} (upload and index of the edges) + {@code sg init time} (the
 *       non-recursive rule) + {@code sg time} (the recursive fixpoint).</li>
 * </ul>
 */
public record GdlogOutput(long count, double seconds) {

    /** The output of {@code TC <edges> 0}: "Path counts N", "TC time: S". */
    public static GdlogOutput ofTc(String output) {
        return new GdlogOutput(count(output, "Path counts ", "TC"), seconds(output, "TC time:", "TC"));
    }

    /** The output of {@code SG <edges>}: "sg counts N" and the three times summed. */
    public static GdlogOutput ofSg(String output) {
        double s = seconds(output, "Build hash table time:", "SG") + seconds(output, "sg init time:", "SG")
                + seconds(output, "sg time:", "SG");
        return new GdlogOutput(count(output, "sg counts ", "SG"), s);
    }

    private static long count(String output, String prefix, String program) {
        String v = value(output, prefix, program);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw unexpected(output, program, "'" + prefix.strip() + "' is followed by '" + v + "', not a count");
        }
    }

    private static double seconds(String output, String prefix, String program) {
        String v = value(output, prefix, program);
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw unexpected(output, program, "'" + prefix + "' is followed by '" + v + "', not seconds");
        }
    }

    /** What follows {@code prefix} on the first line that starts with it. */
    private static String value(String output, String prefix, String program) {
        for (String line : output.split("\\R")) {
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length()).strip();
            }
        }
        throw unexpected(output, program, "no line starting with '" + prefix + "'");
    }

    private static BenchException unexpected(String output, String program, String what) {
        String tail = output.lines().skip(Math.max(0, output.lines().count() - 5)).reduce((a, b) -> a + "\n" + b)
                .orElse("(no output)");
        return new BenchException("unexpected output from GDlog's " + program + ": " + what + "; it ended with:\n" + tail);
    }
}
