package io.leapfrog.engine.eval;

import io.leapfrog.ast.Directive;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.Relation;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs a whole program: loads inputs, evaluates the strata in order, prints {@code .printsize} lines
 * and writes {@code .output} relations. Produces the per-relation evaluation times for the summary.
 */
public final class ProgramRunner {

    /** One output: relation, rows, time of the stratum that computed it. */
    public record Output(String relation, long rows, Duration time) { }

    private final ProgramModel model;
    private final EvalContext ctx;
    private final Map<String, Duration> stratumTime = new HashMap<>();
    private final List<String> printSizeLines = new ArrayList<>();
    private final List<Output> outputs = new ArrayList<>();

    public ProgramRunner(ProgramModel model, EvalContext ctx) {
        this.model = model;
        this.ctx = ctx;
    }

    public void run(Path factsDir, Path outDir, PrintStream out) {
        loadInputs(factsDir);
        StratumEvaluator eval = new StratumEvaluator(ctx);
        for (ProgramModel.Stratum s : model.strata()) {
            long t0 = System.nanoTime();
            eval.addFacts(s);
            eval.evaluate(s, eval.compile(s));
            Duration d = Duration.ofNanos(System.nanoTime() - t0);
            for (String r : s.relations()) {
                stratumTime.put(r, d);
            }
        }
        for (Directive d : model.directives()) {
            if (d.kind() == Directive.Kind.PRINTSIZE) {
                String line = d.relation() + "\t" + ctx.currentRelation(d.relation()).size();
                printSizeLines.add(line);
                out.println(line);
            }
        }
        for (Directive d : model.directives()) {
            if (d.kind() == Directive.Kind.OUTPUT) {
                writeOutput(d, outDir, out);
            }
        }
    }

    private void loadInputs(Path factsDir) {
        for (Directive d : model.directives()) {
            if (d.kind() != Directive.Kind.INPUT) {
                continue;
            }
            ProgramModel.RelationInfo info = info(d);
            String io = d.params().getOrDefault("IO", "file");
            if (!io.equals("file")) {
                throw new io.leapfrog.common.NotSupportedException("not supported: .input " + d.relation()
                        + " with IO=" + io + " (" + d.pos() + "); only IO=file is");
            }
            String name = d.params().getOrDefault("filename", d.relation() + ".facts");
            Path file = factsDir == null ? Path.of(name) : factsDir.resolve(name);
            Relation r = FactFiles.read(file, delimiter(d), info.columnTypes(), ctx.symbols());
            ctx.setRelation(d.relation(), ctx.currentRelation(d.relation()).union(r));
        }
    }

    private void writeOutput(Directive d, Path outDir, PrintStream out) {
        ProgramModel.RelationInfo info = info(d);
        Relation r = ctx.currentRelation(d.relation());
        String io = d.params().getOrDefault("IO", "file");
        String delimiter = delimiter(d);
        List<String> lines = FactFiles.lines(r, info.columnTypes(), ctx.symbols(), delimiter);
        if (io.equals("stdout")) {
            out.println("---------------");
            out.println(d.relation());
            out.println("===============");
            lines.forEach(out::println);
            out.println("===============");
        } else if (io.equals("file")) {
            String name = d.params().getOrDefault("filename", d.relation() + ".csv");
            Path dir = outDir == null ? Path.of(".") : outDir;
            FactFiles.write(dir.resolve(name), delimiter, lines);
        } else {
            throw new io.leapfrog.common.NotSupportedException("not supported: .output " + d.relation()
                    + " with IO=" + io + " (" + d.pos() + "); only IO=file and IO=stdout are");
        }
        outputs.add(new Output(d.relation(), r.size(), stratumTime.getOrDefault(d.relation(), Duration.ZERO)));
    }

    private static String delimiter(Directive d) {
        String delim = d.params().getOrDefault("delimiter", "\t");
        return delim.equals("\\t") ? "\t" : delim;
    }

    private ProgramModel.RelationInfo info(Directive d) {
        ProgramModel.RelationInfo info = model.relations().get(d.relation());
        if (info == null) {
            throw new LeapfrogException(d.pos() + ": error: relation '" + d.relation() + "' is not declared");
        }
        return info;
    }

    public List<String> printSizeLines() {
        return printSizeLines;
    }

    public List<Output> outputs() {
        return outputs;
    }
}
