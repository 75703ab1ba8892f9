package io.leapfrog.cli.profile;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.leapfrog.engine.OutputFile;
import io.leapfrog.engine.Progress;
import io.leapfrog.engine.eval.RoundDone;
import io.leapfrog.engine.eval.RuleDone;
import io.leapfrog.engine.eval.StratumDone;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code run --profile FILE}: records every event of an evaluation (strata, rule evaluations, recursive
 * rounds) and, when the run ends, writes them with the run's device lines as one JSON document
 * ({@link ProfileReport} reads it; docs/cli.md, "Profiles"). The file is written aside and renamed into
 * place, and only a regular file (or none) is replaced.
 */
public final class ProfileRecorder implements Progress {
    static final int FORMAT = 1;

    private final ObjectMapper json = new ObjectMapper();
    private final ObjectNode root = json.createObjectNode();
    private final ArrayNode strata = json.createArrayNode();
    private final ArrayNode rules = json.createArrayNode();
    private final ArrayNode rounds = json.createArrayNode();
    private final long start = System.nanoTime();

    /** A recorder for a run of {@code program} with these settings (as the report names them). */
    public ProfileRecorder(String program, int threads, String device) {
        root.put("format", FORMAT);
        root.put("program", program);
        root.put("threads", threads);
        root.put("device", device);
    }

    /**
     * Refuses, before the run, a profile file that an output could not replace (a directory, a link, a device),
     * by the outputs' own rule ({@link OutputFile#whyNotReplaceable}).
     */
    public static void checkTarget(Path file) {
        String why = OutputFile.whyNotReplaceable(file);
        if (why != null) {
            throw new IllegalArgumentException("--profile " + file + " is not a regular file (" + why + "); Leapfrog"
                    + " replaces only regular files (name another file)");
        }
    }

    private static double ms(Duration d) {
        return d.toNanos() / 1e6;
    }

    @Override
    public synchronized void ruleDone(RuleDone r) {
        ObjectNode n = rules.addObject();
        n.put("stratum", r.stratum());
        n.put("round", r.round());
        n.put("rule", r.rule());
        n.put("relation", r.relation());
        n.put("tuples", r.tuples());
        n.put("ms", ms(r.time()));
    }

    @Override
    public synchronized void roundDone(RoundDone r) {
        ObjectNode n = rounds.addObject();
        n.put("stratum", r.stratum());
        n.put("first", r.firstRound());
        n.put("last", r.lastRound());
        n.put("new", r.newTuples());
        n.put("ms", ms(r.time()));
        n.put("where", r.where());
    }

    @Override
    public synchronized void stratumDone(StratumDone s) {
        ObjectNode n = strata.addObject();
        n.put("stratum", s.index());
        ArrayNode rels = n.putArray("relations");
        s.relations().forEach(rels::add);
        n.put("recursive", s.recursive());
        n.put("rounds", s.rounds());
        n.put("tuples", s.tuples());
        n.put("ms", ms(s.time()));
        n.put("planning_ms", ms(s.planning()));
    }

    /** Writes the profile: the events so far, the run's total time and where its joins ran ({@code devices}). */
    public synchronized void write(Path file, List<String> devices) throws IOException {
        root.put("total_ms", (System.nanoTime() - start) / 1e6);
        root.set("strata", strata);
        root.set("rules", rules);
        root.set("rounds", rounds);
        ArrayNode dev = root.putArray("devices");
        devices.forEach(dev::add);
        OutputFile.write(file, json.enable(SerializationFeature.INDENT_OUTPUT).writeValueAsBytes(root));   // as outputs are written
    }
}
