package io.leapfrog.engine.eval;

import io.leapfrog.planner.datalog.ProgramModel;
import io.leapfrog.ast.Directive;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.io.CsvStyle;
import io.leapfrog.exec.io.FactWriter;
import io.leapfrog.exec.io.OutputSet;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.plan.ProgramPlan;
import io.leapfrog.plan.RulePlan;
import io.leapfrog.plan.StratumPlan;
import io.leapfrog.planner.GraphSearches;

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
    private final ProgramPlan plan;
    private final EvalContext ctx;
    private final EvaluationEvents events;
    private final Map<String, Duration> stratumTime = new HashMap<>();
    private final List<Output> printSizes = new ArrayList<>();
    private final List<Output> outputs = new ArrayList<>();
    private final Map<String, Long> counted = new HashMap<>();
    private final List<StratumPlan> planned = new ArrayList<>();
    private final List<List<RuleEvaluator>> plannedRules = new ArrayList<>();

    /** The evaluation's state: where the facts of an embedding program are set before {@link #evaluateLoaded()}. */
    public EvalContext context() {
        return ctx;
    }

    /** Relations whose size was counted by push-down instead of being materialised. */
    public java.util.Set<String> countedOnly() {
        return counted.keySet();
    }

    public ProgramRunner(ProgramModel model, ProgramPlan plan, EvalContext ctx) {
        this(model, plan, ctx, EvaluationEvents.NONE);
    }

    /** @param events told of each stratum as it starts and ends, of each rule evaluated and each recursive round */
    public ProgramRunner(ProgramModel model, ProgramPlan plan, EvalContext ctx, EvaluationEvents events) {
        this.model = model;
        this.plan = plan;
        this.ctx = ctx;
        this.events = events;
    }

    /**
     * Evaluates, prints {@code .printsize} lines and {@code IO=stdout} outputs to {@code out}, and writes the
     * {@code IO=file} outputs under {@code outDir} as one {@link OutputSet} (none when {@code outDir} is null).
     */
    public void run(Path factsDir, Path outDir, PrintStream out) {
        run(factsDir, outDir, out, true);
    }

    /**
     * Evaluates; with {@code writeOutputs} false, prints and writes nothing (EXPLAIN with data). The output
     * files are checked before evaluation starts, so a run that could not write them does not start.
     */
    public void run(Path factsDir, Path outDir, PrintStream out, boolean writeOutputs) {
        Map<Directive, Path> files = writeOutputs && outDir != null
                ? OutputFiles.resolve(model.directives(), outDir, filterRelations()) : Map.of();
        loadInputs(factsDir);
        evaluateStrata(onlyCounted());
        if (!writeOutputs) {
            return;
        }
        for (Directive d : model.directives()) {
            if (d.kind() == Directive.Kind.PRINTSIZE) {
                FilterRelation filter = ctx.filter(d.relation());
                long size = filter != null ? filter.estimatedSize()
                        : counted.containsKey(d.relation()) ? counted.get(d.relation())
                        : ctx.currentRelation(d.relation()).size();
                Output printed = new Output(d.relation(), size, stratumTime.getOrDefault(d.relation(), Duration.ZERO));
                printSizes.add(printed);
                out.println(printSizeLine(printed));
            }
        }
        try (OutputSet set = OutputSet.open()) {
            for (Directive d : model.directives()) {
                if (d.kind() == Directive.Kind.OUTPUT) {
                    writeOutput(d, files.get(d), set, out);
                }
            }
            set.commit();
        }
    }

    /**
     * Evaluates over the relations already set in the context (facts given by an embedding program):
     * reads no {@code .input} file, prints nothing, writes no {@code .output} file, and keeps every
     * relation's tuples (none is only counted), since the embedding program may read any of them.
     */
    public void evaluateLoaded() {
        evaluateStrata(java.util.Set.of());
    }

    /** Ground facts to take back before the rules read their relations ({@link StratumEvaluator#retract}). */
    public void retract(List<io.leapfrog.ast.Clause> facts) {
        retracted = List.copyOf(facts);
    }

    private List<io.leapfrog.ast.Clause> retracted = List.of();

    private void evaluateStrata(java.util.Set<String> onlyCounted) {
        StratumEvaluator eval = new StratumEvaluator(ctx, r -> !onlyCounted.contains(r), events);
        eval.retract(retracted);
        int index = 0;
        // a search's relation is complete before any search reads it, so counts can be shared across strata
        GraphSearches.Counter counter = new GraphSearches.Counter();
        for (StratumPlan s : plan.strata()) {
            index++;
            events.stratumStarted(index, plan.strata().size(), s.relations());
            eval.startStratum(index);
            long t0 = System.nanoTime();
            int rounds = 1;
            s.searches().forEach((rel, g) -> {
                Relation edges = ctx.currentRelation(g.input());
                if (s.countedSearches().contains(rel)) {
                    ctx.setCountedRows(rel, counter.rows(g, edges, ctx.threads(), ctx.searchDevice()));
                } else {
                    ctx.setRelation(rel, GraphSearches.run(g, edges, ctx.threads()));
                }
            });
            eval.addFacts(s);
            long p0 = System.nanoTime();
            List<RuleEvaluator> rules = eval.plan(s);
            Duration planning = Duration.ofNanos(System.nanoTime() - p0);
            planned.add(s);
            plannedRules.add(rules);
            if (s.countedOnly()) {
                RuleEvaluator rule = rules.get(0);
                long r0 = System.nanoTime();
                long n = rule.body().count(ctx.source(), -1, new int[0], ctx.threads());
                counted.put(rule.relation(), n);
                events.ruleDone(new RuleDone(index, 1, StratumEvaluator.label(rule), rule.relation(), n,
                        Duration.ofNanos(System.nanoTime() - r0)));
            } else {
                rounds = eval.evaluate(s, rules);
                counted.putAll(eval.counted());
                for (String r : s.relations()) {
                    checkEnumerations(r, s);
                }
            }
            Duration d = Duration.ofNanos(System.nanoTime() - t0);
            long tuples = 0;
            for (String r : s.relations()) {
                stratumTime.put(r, d);
                FilterRelation filter = ctx.filter(r);
                tuples += filter != null ? filter.estimatedSize() : counted.containsKey(r) ? counted.get(r)
                        : ctx.currentRelation(r).size();
            }
            events.stratumDone(new StratumDone(index, plan.strata().size(), s.relations(), s.recursive(), rounds, tuples, d, planning));
        }
    }

    /**
     * Refuses a relation's tuple that holds, in a column of an enumeration type, a symbol that is not one of
     * the type's values: a rule can put any symbol there (Leapfrog types variables by their base type),
     * where Souffle refuses the rule when it checks types. Fact files and constants are checked where they
     * are read.
     */
    private void checkEnumerations(String relation, StratumPlan s) {
        java.util.List<java.util.Set<String>> allowed = model.enumValues(relation);
        if (allowed == null || ctx.filter(relation) != null || counted.containsKey(relation)) {
            return;
        }
        Relation tuples = ctx.currentRelation(relation);
        for (int c = 0; c < allowed.size(); c++) {
            java.util.Set<String> values = allowed.get(c);
            if (values == null) {
                continue;
            }
            java.util.BitSet ids = new java.util.BitSet();
            for (String v : values) {
                int id = ctx.symbols().lookup(v);
                if (id >= 0) {
                    ids.set(id);
                }
            }
            for (int row = 0; row < tuples.size(); row++) {
                int id = tuples.get(row, c);
                if (id < 0 || !ids.get(id)) {
                    java.util.List<String> rules = new java.util.ArrayList<>();
                    for (io.leapfrog.plan.RulePlan rule : s.rules()) {
                        if (rule.relation().equals(relation)) {
                            rules.add(rule.clause().pos().toString());
                        }
                    }
                    throw new io.leapfrog.common.LeapfrogException("error: " + relation + " got '" + (id < 0 ? String.valueOf(id) : ctx.symbols().symbol(id))
                            + "' in column " + (c + 1) + ", which is not a value of its enumeration type (it holds "
                            + String.join(", ", new java.util.TreeSet<>(values)) + ")"
                            + (rules.isEmpty() ? "" : "; from its rule at " + String.join(", ", rules))
                            + ": bind that column's variable from a column of the same type (Souffle refuses such a rule"
                            + " when it checks types)");
                }
            }
        }
    }

    /**
     * Relations whose tuples no one needs once their stratum is done: {@code .printsize}d, named by no other
     * directive (output, input) and read by no rule of another stratum (in an atom, a negation or an
     * aggregate's body). They may be only counted where they were computed; every other relation, those
     * without directives included (a REPL or an embedding queries them afterwards), is kept.
     */
    private java.util.Set<String> onlyCounted() {
        java.util.Set<String> printed = new java.util.HashSet<>();
        java.util.Set<String> needed = new java.util.HashSet<>();
        for (Directive d : model.directives()) {
            (d.kind() == Directive.Kind.PRINTSIZE ? printed : needed).add(d.relation());
        }
        for (StratumPlan s : plan.strata()) {
            s.searches().values().forEach(g -> needed.add(g.input()));
            for (RulePlan r : s.rules()) {
                java.util.Set<String> read = new java.util.HashSet<>();
                readBy(r.body(), read);
                read.removeAll(s.relations());
                needed.addAll(read);
            }
        }
        printed.removeAll(needed);
        return printed;
    }

    private static void readBy(io.leapfrog.plan.JoinNode join, java.util.Set<String> out) {
        for (io.leapfrog.plan.Scan sc : join.scans()) {
            out.add(sc.relation());
        }
        for (io.leapfrog.plan.Predicate p : join.predicates()) {
            if (p instanceof io.leapfrog.plan.Predicate.Negation n) {
                out.add(n.relation());
            } else if (p instanceof io.leapfrog.plan.Predicate.FilterTest f) {
                out.add(f.relation());
            } else if (p instanceof io.leapfrog.plan.Predicate.AggregateValue a) {
                readBy(a.body(), out);
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
            Relation r;
            if (io.equals("stdin")) {
                r = FactFiles.read(System.in, "<stdin>", style(d), info.columnTypes(), model.enumValues(d.relation()),
                        ctx.symbols());
            } else if (io.equals("file")) {
                String name = d.params().getOrDefault("filename", d.relation() + ".facts");
                Path file = factsDir == null ? Path.of(name) : factsDir.resolve(name);
                FilterRelation filter = ctx.filter(d.relation());
                if (filter != null && FilterFiles.isFilterFile(file)) {
                    filter.add(FilterFiles.read(file, d.relation()));
                    continue;
                }
                r = FactFiles.read(file, style(d), info.columnTypes(), model.enumValues(d.relation()), ctx.symbols());
            } else {
                throw new io.leapfrog.common.NotSupportedException("not supported: .input " + d.relation()
                        + " with IO=" + io + " (" + d.pos() + "); only IO=file and IO=stdin are");
            }
            ctx.add(d.relation(), r);
        }
    }

    /** Prints an {@code IO=stdout} output, or writes an {@code IO=file} one to {@code file} (none: not written). */
    private void writeOutput(Directive d, Path file, OutputSet set, PrintStream out) {
        FilterRelation filter = ctx.filter(d.relation());
        if (filter != null) {
            writeFilter(d, filter, file, set);
            return;
        }
        ProgramModel.RelationInfo info = info(d);
        Relation r = ctx.currentRelation(d.relation());
        String io = d.params().getOrDefault("IO", "file");
        CsvStyle style = style(d);
        String header = style.headers() ? style.headerLine(info.columnNames()) : null;
        if (io.equals("stdout")) {
            out.println("---------------");
            out.println(d.relation());
            if (header != null) {
                out.println(header);
            }
            out.println("===============");
            out.flush();
            FactFiles.print(out, r, info.columnTypes(), ctx.symbols(), style);
            out.println("===============");
        } else if (io.equals("file")) {
            if (file != null) {
                set.write(file, FactWriter.content(r, FactFiles.types(info.columnTypes()), ctx.symbols(), style, header));
            }
        } else {
            throw new io.leapfrog.common.NotSupportedException("not supported: .output " + d.relation()
                    + " with IO=" + io + " (" + d.pos() + "); only IO=file and IO=stdout are");
        }
        outputs.add(new Output(d.relation(), r.size(), stratumTime.getOrDefault(d.relation(), Duration.ZERO)));
    }

    /** A filter relation's {@code .output}: the filter's binary format, to {@code file} (none: not written). */
    private void writeFilter(Directive d, FilterRelation filter, Path file, OutputSet set) {
        String io = d.params().getOrDefault("IO", "file");
        if (!io.equals("file")) {
            throw new LeapfrogException(d.pos() + ": error: .output " + d.relation() + " with IO=" + io + ": a filter"
                    + " relation is written as its binary filter, to a file. Remove IO=" + io);
        }
        if (file != null) {
            set.write(file, FilterFiles.content(filter.filter(), d.relation()));
        }
        outputs.add(new Output(d.relation(), filter.estimatedSize(),
                stratumTime.getOrDefault(d.relation(), Duration.ZERO)));
    }

    /** The program's relations declared {@code filter}. */
    private java.util.Set<String> filterRelations() {
        java.util.Set<String> names = new java.util.HashSet<>();
        model.relations().forEach((name, info) -> {
            if (info.filter() != null) {
                names.add(name);
            }
        });
        return names;
    }

    /**
     * The file layout Souffle's IO parameters ask for: {@code delimiter} (default tab, or "," with
     * {@code rfc4180=true}), {@code headers=true}, {@code rfc4180=true}, {@code compress=true} (output).
     */
    private static CsvStyle style(Directive d) {
        boolean rfc4180 = "true".equals(d.params().get("rfc4180"));
        String delim = d.params().getOrDefault("delimiter", rfc4180 ? "," : "\t");
        if (delim.isEmpty()) {
            throw new LeapfrogException(d.pos() + ": error: empty delimiter for " + d.relation()
                    + "; give at least one character, e.g. delimiter=\",\"");
        }
        if (rfc4180 && delim.contains("\"")) {
            throw new LeapfrogException(d.pos() + ": error: the delimiter of " + d.relation() + " contains '\"', which"
                    + " rfc4180=true keeps for quoting fields; choose another delimiter");
        }
        boolean gzip = d.params().containsKey("compress") && !"false".equals(d.params().get("compress"));
        return new CsvStyle(delim, "true".equals(d.params().get("headers")), rfc4180, gzip, columns(d));
    }

    /** Souffle's columns="4:7" of an input: the file columns (0-based) read, in the relation's order. */
    private static List<Integer> columns(Directive d) {
        if (d.kind() != Directive.Kind.INPUT) {
            return List.of();
        }
        try {
            return d.columns();
        } catch (IllegalArgumentException e) {   // the checker reports it first
            throw new LeapfrogException(d.pos() + ": error: columns=\"" + d.params().get("columns") + "\" of .input "
                    + d.relation() + ": " + e.getMessage());
        }
    }

    private ProgramModel.RelationInfo info(Directive d) {
        ProgramModel.RelationInfo info = model.relations().get(d.relation());
        if (info == null) {
            throw new LeapfrogException(d.pos() + ": error: relation '" + d.relation() + "' is not declared");
        }
        return info;
    }

    public List<String> printSizeLines() {
        return printSizes.stream().map(ProgramRunner::printSizeLine).toList();
    }

    /** A {@code .printsize} line as Souffle prints it: {@code name<TAB>size}. */
    private static String printSizeLine(Output o) {
        return o.relation() + "\t" + o.rows();
    }

    /** The {@code .printsize} relations as printed: size and the stratum's evaluation time. */
    public List<Output> printSizes() {
        return printSizes;
    }

    /** The strata run so far, each rule's join ordered as it ran (with the statistics of its stratum's start). */
    public ProgramPlan executedPlan() {
        List<StratumPlan> out = new ArrayList<>();
        for (int i = 0; i < planned.size(); i++) {
            List<RulePlan> rules = new ArrayList<>();
            for (RuleEvaluator r : plannedRules.get(i)) {
                rules.add(r.rule().withBody(r.body().plannedTree()));
            }
            out.add(planned.get(i).withRules(rules));
        }
        return new ProgramPlan(out);
    }

    public List<Output> outputs() {
        return outputs;
    }
}
