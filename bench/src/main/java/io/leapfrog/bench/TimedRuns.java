package io.leapfrog.bench;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The runs of an external program that times its own repetitions in one process (the CUDA counter,
 * the CuPy script): its output's "{@code <key> <seconds>}" lines and its count, handed out one run at
 * a time to the harness.
 */
final class TimedRuns {
    private final String peer;
    private final Deque<Double> times = new ArrayDeque<>();
    private long count = -1;

    TimedRuns(String peer) {
        this.peer = peer;
    }

    /** Takes every "key seconds" line and the "count n" line of {@code output}. */
    void read(String output, String key) {
        times.clear();
        for (String line : output.split("\\R")) {
            if (line.startsWith(key + " ")) {
                times.add(Double.parseDouble(line.substring(key.length() + 1).strip()));
            }
        }
        String c = ExternalProcess.value(output, "count");
        if (c == null || times.isEmpty()) {
            throw new BenchException("unexpected output from " + peer + ":\n" + output);
        }
        count = Long.parseLong(c);
    }

    /** Sum of the timed seconds (to take them out of a load time). */
    double totalSeconds() {
        return times.stream().mapToDouble(Double::doubleValue).sum();
    }

    Measurement next() {
        Double t = times.poll();
        if (t == null) {
            throw new BenchException(peer + ": the program timed fewer runs than the bench asked for");
        }
        return Measurement.of(count, t);
    }

    void clear() {
        times.clear();
        count = -1;
    }
}
