package io.leapfrog.engine;

import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Directive;
import io.leapfrog.ast.Program;
import io.leapfrog.ast.RelationDecl;
import io.leapfrog.ast.TypeDecl;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.eval.EvalContext;
import io.leapfrog.engine.eval.HashFixpoint;
import io.leapfrog.engine.eval.PlanOrdering;
import io.leapfrog.engine.eval.ProgramRunner;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.parser.DatalogParser;
import io.leapfrog.parser.ProgramText;
import io.leapfrog.plan.PlanPrinter;
import io.leapfrog.plan.ProgramPlan;
import io.leapfrog.planner.GraphSearches;
import io.leapfrog.planner.JoinPlanner;
import io.leapfrog.planner.calcite.CalcitePlanner;
import io.leapfrog.planner.datalog.ProgramModel;
import io.leapfrog.planner.datalog.ProgramTranslator;
import io.leapfrog.planner.sql.SqlResult;
import io.leapfrog.planner.sql.SqlSignature;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The library entry point: parse a Souffle-dialect program, evaluate it with leapfrog triejoins,
 * explain its plans, and query the result with Datalog bodies or SQL. Thread-safe; one engine may run
 * several programs. No global state: symbols live in each run's {@link Database}.
 *
 * <pre>
 *   try (Engine engine = new Engine(EngineOptions.defaults().withThreads(4))) {
 *       LoadedProgram p = engine.parse(Path.of("tc.dl"));
 *       RunResult r = engine.run(p, Path.of("facts"), Path.of("out"));
 *       for (OutputSummary s : r.outputs()) System.out.println(s);
 *       QueryResult q = engine.query(r.database(), "path(1, x)");
 *       SqlResult s = engine.sql(r.database(), "SELECT COUNT(*) FROM path");
 *   }
 * </pre>
 *
 * <p>A REPL that receives a program in increments keeps the current {@link LoadedProgram} and calls
 * {@link #extend(LoadedProgram, String, String)} for each new piece of text (declarations, facts,
 * rules, directives); each piece is parsed on its own (so error positions refer to that piece and the
 * name given), then the whole program is re-checked. Evaluation is from scratch:
 * {@link #run} the extended program again, then {@link #query} its database.
 *
 * <p>The API, used by the CLI, the benchmarks and the tests: {@link #parse(Path)} and
 * {@link #parse(String, String)} read and check a program, {@link #extend} adds to one; {@link #run}
 * evaluates it, writing its {@code .output} relations atomically and returning a {@link RunResult} (one
 * {@link OutputSummary} per output and per {@code .printsize} relation, the {@code .printsize} lines,
 * where the joins ran, the orders measured and the clique counts' choices, and the {@link Database});
 * {@link #explain(LoadedProgram)} prints the program's plan and {@link #explain(LoadedProgram, Path)}
 * evaluates it on the given facts and prints what the run decided; {@link #database}, {@link #sql} and {@link #query} read an
 * evaluated database; {@link #evaluate(LoadedProgram, SymbolTable, Map)} and {@link #evaluateInsertions} are the
 * typed embedding API's paths ({@link io.leapfrog.engine.api.Session}: facts given from Java, no files);
 * {@link #cancel()} stops every call in progress. {@link EngineOptions} set the threads,
 * the device, the GPU and planner options and the stream {@code .printsize} lines go to.
 *
 * <p>Every error in a program, its facts or a query is a {@link io.leapfrog.common.LeapfrogException}
 * with a complete message ({@code file:line:col: error: ...} where there is a position); a valid Souffle
 * feature that Leapfrog lacks is a {@link io.leapfrog.common.NotSupportedException}. Running out of heap or
 * stack is the JVM's {@link OutOfMemoryError} or {@link StackOverflowError}, from whichever thread met it.
 */
public final class Engine implements AutoCloseable {

    private final EngineOptions options;
    private final StoragePool storage;
    /** The threads now inside an evaluating call of this engine ({@link #cancel()}). */
    private final Set<Thread> running = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final JoinPlanner planner = new CalcitePlanner();

    public Engine(EngineOptions options) {
        this.options = options;
        this.storage = new StoragePool(options.threads());
        if (options.device() != EngineOptions.Device.CPU && !options.gpu().disabled()) {
            GpuRuntime.probeInBackground();   // the driver starts while the program is read and planned
        }
    }

    public Engine() {
        this(EngineOptions.defaults());
    }

    public EngineOptions options() {
        return options;
    }

    /** Reads, parses and checks a program file; LeapfrogException (with position) on any error. */
    public LoadedProgram parse(Path file) {
        if (!Files.exists(file)) {
            throw new LeapfrogException("error: program file " + file + " does not exist");
        }
        return parse(ProgramText.read(file, "program file"), file.toString());
    }

    /** Parses and checks program text; {@code fileName} is used in error positions. */
    public LoadedProgram parse(String source, String fileName) {
        return load(fileName, List.of(new LoadedProgram.Fragment(source, fileName)));
    }

    /**
     * The program {@code base} plus the declarations, facts, rules and directives of {@code moreSource}
     * (parsed on its own, positions refer to {@code fileName}), re-checked as a whole. {@code base} is
     * unchanged. For a REPL that enters a program in increments.
     */
    public LoadedProgram extend(LoadedProgram base, String moreSource, String fileName) {
        List<LoadedProgram.Fragment> fragments = new ArrayList<>(base.fragments());
        fragments.add(new LoadedProgram.Fragment(moreSource, fileName));
        return load(base.fileName(), fragments).withRetracted(base.retracted());
    }

    /**
     * The program {@code base} with the ground facts of {@code factsText} (for example {@code "edge(1, 2)."},
     * checked against the program's declarations, positions in {@code fileName}) retracted: an evaluation
     * removes them from their relations' facts, inline or read by {@code .input}, before any rule reads the
     * relation, so what only they derived is gone too (a fact a rule derives again stays). {@code base} is
     * unchanged; a fact that is not among the facts changes nothing. Rules, directives, non-ground facts and
     * filter relations are refused with a positioned error.
     */
    public LoadedProgram retract(LoadedProgram base, String factsText, String fileName) {
        LoadedProgram with = extend(base, factsText, fileName);
        List<io.leapfrog.ast.Clause> added = with.ast().clauses().subList(base.ast().clauses().size(), with.ast().clauses().size());
        if (with.ast().relations().size() != base.ast().relations().size()
                || with.ast().directives().size() != base.ast().directives().size()
                || with.ast().types().size() != base.ast().types().size() || added.isEmpty()) {
            throw new LeapfrogException("error: " + fileName + ": retract takes ground facts, such as edge(1, 2).,"
                    + " and nothing else");
        }
        List<io.leapfrog.ast.Clause> facts = new ArrayList<>(base.retracted());
        for (io.leapfrog.ast.Clause c : added) {
            if (!c.isFact()) {
                throw new LeapfrogException(c.pos() + ": error: retract takes ground facts, such as edge(1, 2).;"
                        + " this is a rule");
            }
            ProgramModel.RelationInfo info = base.model().relations().get(c.head().relation());
            if (info != null && info.filter() != null) {
                throw new LeapfrogException(c.pos() + ": error: " + c.head().relation() + " is a filter relation: it"
                        + " keeps fingerprints, not tuples, so a fact cannot be retracted from it");
            }
            facts.add(c);
        }
        return base.withRetracted(facts);
    }

    private LoadedProgram load(String fileName, List<LoadedProgram.Fragment> fragments) {
        List<TypeDecl> types = new ArrayList<>();
        List<RelationDecl> relations = new ArrayList<>();
        List<Directive> directives = new ArrayList<>();
        List<Clause> clauses = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        List<io.leapfrog.ast.Expr.StringConst> enumConstants = new ArrayList<>();
        DatalogParser.Session session = new DatalogParser.Session(); // components carry over between fragments
        Map<String, String> sources = new LinkedHashMap<>();
        for (LoadedProgram.Fragment f : fragments) {
            Includes included = Includes.expand(f.source(), f.fileName());
            included.sources().forEach(sources::putIfAbsent);
            for (Includes.Part part : included.parts()) {
                Program p = session.parse(part.text(), part.fileName());
                enumConstants.addAll(p.enumConstants());
                types.addAll(p.types());
                relations.addAll(p.relations());
                directives.addAll(p.directives());
                clauses.addAll(p.clauses());
                warnings.addAll(p.warnings());
            }
        }
        Program merged = new Program(types, relations, directives, clauses, warnings,
                fragments.size() == 1 ? fragments.get(0).source() : null, enumConstants);
        Checker.Result checked = Checker.check(merged, sources);
        warnings.addAll(checked.warnings());
        Program program = checked.checked().program();   // graph predicates' calls read relations of their own
        ProgramModel model = ProgramModel.of(program);
        return new LoadedProgram(fileName, fragments, program, model, warnings);
    }

    /**
     * Evaluates the program: loads {@code .input} relations from {@code factsDir}, evaluates every
     * stratum, prints {@code .printsize} lines to the options' stream, and writes every {@code .output}
     * relation to {@code outDir} (created if missing). The output files appear together at the end (each
     * written to a temporary, then all renamed), and only regular files are replaced: a link, directory or
     * special file named as an output is an error before evaluation starts ({@link
     * io.leapfrog.exec.io.OutputSet}). A null {@code outDir} writes no file, as {@link #run(LoadedProgram, Path)}.
     * {@link RunResult#deviceLines()} says where the joins ran and why.
     */
    public RunResult run(LoadedProgram program, Path factsDir, Path outDir) {
        return evaluate(program, factsDir, outDir, true);
    }

    /**
     * Evaluates the program as {@link #run(LoadedProgram, Path, Path)} does, printing {@code .printsize}
     * lines and {@code IO=stdout} outputs, but writes no file: {@link RunResult#outputs()} lists the
     * {@code .output} relations, whose tuples are in the {@link RunResult#database()}.
     */
    public RunResult run(LoadedProgram program, Path factsDir) {
        return evaluate(program, factsDir, null, true);
    }

    private RunResult evaluate(LoadedProgram program, Path factsDir, Path outDir, boolean writeOutputs) {
        return call(() -> evaluateHere(program, factsDir, outDir, writeOutputs));
    }

    /** Runs an evaluating call on the calling thread, where {@link #cancel()} can reach it. */
    private <T> T call(java.util.function.Supplier<T> body) {
        Thread self = Thread.currentThread();
        boolean added = running.add(self);
        try {
            return storage.run(body);
        } finally {
            if (added) {
                running.remove(self);
            }
        }
    }

    /**
     * Stops every evaluation, query and SQL statement in progress on this engine: their threads are
     * interrupted (joins stop within a chunk of work, fixpoints between rounds) and GPU kernels running
     * for them are aborted. Each stopped call ends with a {@link LeapfrogException} saying it was
     * interrupted. Safe to call from any thread, e.g. a signal handler; does nothing when nothing runs.
     */
    public void cancel() {
        for (Thread t : running) {
            t.interrupt();
        }
        if (!running.isEmpty()) {
            GpuRuntime.abortRunningKernels();
        }
    }

    /**
     * Evaluates the program over facts given as relations of stored values (the typed embedding API,
     * {@link io.leapfrog.engine.api}): each entry of {@code facts} is the initial content of the relation
     * it names, its symbols interned in {@code symbols} (made by {@link #symbolTable(LoadedProgram)}). No
     * {@code .input} file is read, nothing is printed, no {@code .output} file is written, and every
     * relation is kept except those the program only counts for {@code .printsize}. {@link #cancel()}
     * stops it as it stops {@link #run}.
     */
    public RunResult evaluate(LoadedProgram program, SymbolTable symbols, Map<String, Relation> facts) {
        return call(() -> evaluateHere(program, symbols, runner -> {
            facts.forEach(runner.context()::setRelation);
            runner.evaluateLoaded();
        }));
    }

    /**
     * The relations of {@code previous} (an evaluation of {@code program} by {@link #evaluate}) with the
     * facts of {@code added} taken in incrementally ({@link io.leapfrog.engine.eval.IncrementalInsertion}:
     * semi-naive evaluation from the new facts; equal to evaluating from scratch); null when the program is
     * not monotone downstream of the relations that were given facts, or {@code previous} kept some relation
     * only counted, and the caller must evaluate from scratch. {@code previous} is unchanged.
     */
    public RunResult evaluateInsertions(LoadedProgram program, Database previous, Map<String, Relation> added) {
        ProgramPlan plan = Errors.unwrap(() -> ProgramTranslator.translate(program.model()));
        boolean filters = plan.strata().stream().anyMatch(s -> !s.filters().isEmpty());
        if (!previous.countedOnly().isEmpty() || filters   // a filter relation is built once, from all its tuples
                || io.leapfrog.engine.eval.IncrementalInsertion.obstacle(plan, added.keySet()) != null) {
            return null;
        }
        return call(() -> {
            long t0 = System.nanoTime();
            ProgramModel model = program.model();
            try (JoinDevices devices = Errors.unwrap(() -> JoinDevices.of(options))) {
                EvalContext ctx = new EvalContext(previous.symbols(), planner, options.planner(), model.relations(),
                        options.threads(), devices.executor(), devices.fixpoints(), devices.searches());
                for (String name : previous.relationNames()) {
                    ctx.setRelation(name, previous.relation(name));
                }
                Errors.unwrap(() -> new io.leapfrog.engine.eval.IncrementalInsertion(plan, ctx).apply(added));
                Database db = new Database(ctx.relations(), program.schemas(), previous.symbols(), program, Set.of(),
                        Map.of());
                return new RunResult(List.of(), List.of(), Duration.ofNanos(System.nanoTime() - t0), db, devices.lines(),
                        ctx.measuredOrders(), ctx.degreeRenumberings(), List.of(), plan);
            }
        });
    }

    private RunResult evaluateHere(LoadedProgram program, Path factsDir, Path outDir, boolean writeOutputs) {
        return evaluateHere(program, symbolTable(program), runner -> runner.run(factsDir, outDir, options.out(), writeOutputs));
    }

    private RunResult evaluateHere(LoadedProgram program, SymbolTable symbols,
                                   java.util.function.Consumer<ProgramRunner> evaluation) {
        return evaluateHere(program, symbols, evaluation, joins -> joins);
    }

    /** As above, with the run's joins going through {@code joins} applied to the device policy's executor. */
    private RunResult evaluateHere(LoadedProgram program, SymbolTable symbols,
                                   java.util.function.Consumer<ProgramRunner> evaluation,
                                   java.util.function.UnaryOperator<io.leapfrog.exec.join.JoinExecutor> joins) {
        long t0 = System.nanoTime();
        ProgramModel model = program.model();
        try (JoinDevices devices = Errors.unwrap(() -> JoinDevices.of(options))) {
            io.leapfrog.exec.join.JoinExecutor executor = joins.apply(devices.executor());
            if (options.progress() != Progress.NONE) {
                executor = new WatchedJoins(executor, options.progress());
            }
            EvalContext ctx = new EvalContext(symbols, planner, options.planner(), model.relations(), options.threads(),
                    executor, devices.fixpoints(), devices.searches());
            ProgramPlan plan = Errors.unwrap(() -> ProgramTranslator.translate(model));
            ProgramRunner runner = new ProgramRunner(model, plan, ctx, options.progress());
            runner.retract(program.retracted());
            Errors.unwrap(() -> evaluation.accept(runner));
            List<OutputSummary> outputs = summaries(runner.outputs());
            Database db = new Database(ctx.relations(), program.schemas(), symbols, program, runner.countedOnly(),
                    ctx.filters());
            return new RunResult(outputs, runner.printSizeLines(), Duration.ofNanos(System.nanoTime() - t0), db,
                    devices.lines(), ctx.measuredOrders(), ctx.degreeRenumberings(), summaries(runner.printSizes()),
                    runner.executedPlan());
        }
    }

    private static List<OutputSummary> summaries(List<ProgramRunner.Output> relations) {
        List<OutputSummary> out = new ArrayList<>();
        for (ProgramRunner.Output o : relations) {
            out.add(new OutputSummary(o.relation(), o.rows(), o.time()));
        }
        return out;
    }

    /**
     * A fresh symbol table holding the program's enumeration values first, in declaration order: an
     * enumeration's values ($Mon, $Tue, ...) are symbols, and symbols compare by their order of
     * interning, so they compare as Souffle orders an enumeration's branches. A run's facts and
     * constants are interned into it after them.
     */
    public static SymbolTable symbolTable(LoadedProgram program) {
        SymbolTable symbols = new SymbolTable();
        for (TypeDecl t : program.ast().types()) {
            for (String branch : t.branches()) {
                symbols.intern("$" + branch);
            }
        }
        return symbols;
    }

    /**
     * The program's plan: per stratum its relations and how they are kept, per rule each scan and
     * predicate of its join, the planner's variable order and predicate levels from the statistics of
     * empty relations, semi-naive variants, the device its joins go to, and the same for each
     * aggregate's body.
     */
    public String explain(LoadedProgram program) {
        ProgramModel model = program.model();
        EvalContext ctx = new EvalContext(symbolTable(program), planner, options.planner(), model.relations(),
                options.threads());
        ProgramPlan plan = Errors.unwrap(() -> PlanOrdering.ordered(ctx, ProgramTranslator.translate(model)));
        try (JoinDevices devices = Errors.unwrap(() -> JoinDevices.of(options))) {
            Map<String, Integer> arities = new HashMap<>();
            model.relations().forEach((name, info) -> arities.put(name, info.arity()));
            return new PlanPrinter(join -> devices.explainLine(join, arities),
                    stratum -> HashFixpoint.explain(ctx, stratum, devices.fixpointMode()),
                    (search, counted) -> GraphSearches.place(search, counted, devices.searches()))
                    .print(plan);
        }
    }

    /**
     * EXPLAIN with data: the program is evaluated on the facts in {@code factsDir} (nothing is written),
     * then its plan is printed as it ran (each join ordered with the statistics of its relations, estimates
     * included), and every join is listed with the device it ran on, why, and what it did there
     * (windows, device memory peak), with the orders measured on the data and the clique counts' choices.
     */
    public String explain(LoadedProgram program, Path factsDir) {
        return explain(program, factsDir, false);
    }

    /**
     * As {@link #explain(LoadedProgram, Path)}; with {@code analyze}, each join's planned levels are followed by
     * what it actually did: its evaluations, their time, and the bindings that passed each level on the CPU,
     * summed over the evaluations ({@code explain --analyze}).
     */
    public String explain(LoadedProgram program, Path factsDir, boolean analyze) {
        JoinAnalysis[] analysis = new JoinAnalysis[1];
        RunResult r = call(() -> evaluateHere(program, symbolTable(program),
                runner -> runner.run(factsDir, null, options.out(), false),
                analyze ? joins -> analysis[0] = new JoinAnalysis(joins) : joins -> joins));
        StringBuilder sb = new StringBuilder("plan as run on ").append(factsDir)
                .append(" (each join ordered with the statistics of its relations when its stratum started")
                .append(analyze ? "; each with what it did, summed over its evaluations" : "").append("):\n");
        sb.append(new PlanPrinter(join -> analyze ? analysis[0].line(join) : null).print(r.plan()));
        sb.append("joins as run on ").append(factsDir).append(":\n");
        for (String line : r.deviceLines()) {
            sb.append("  ").append(line).append('\n');
        }
        if (!r.measuredOrders().isEmpty()) {
            sb.append("variable orders measured on ").append(factsDir).append(":\n");
            for (String line : r.measuredOrders()) {
                sb.append("  ").append(line).append('\n');
            }
        }
        if (!r.degreeRenumberings().isEmpty()) {
            sb.append("clique counts on ").append(factsDir).append(":\n");
            for (String line : r.degreeRenumberings()) {
                sb.append("  ").append(line).append('\n');
            }
        }
        return sb.toString();
    }

    /** The evaluated relations of a run. */
    public Database database(RunResult result) {
        return result.database();
    }

    /**
     * Runs a SQL query over the database's relations (as tables, columns named as declared). Its leapfrog
     * joins go through the same device policy as a run's ({@link EngineOptions#device()}); the answer's
     * {@link SqlResult#deviceLines()} say where they ran and why.
     */
    public SqlResult sql(Database db, String sql) {
        return sql(db, sql, List.of());
    }

    /**
     * Runs a SQL query with {@code parameters} as the values of its {@code ?}s, in order: each converted to the
     * type the query gives its parameter (a number for a column of numbers, text for symbols; null is NULL).
     */
    public SqlResult sql(Database db, String sql, List<?> parameters) {
        return call(() -> Errors.unwrap(() -> {
            try (JoinDevices devices = JoinDevices.of(options)) {
                return SqlBridge.run(db, sql, parameters, options.threads(), devices);
            }
        }));
    }

    /** The relations SQL sees as tables, in name order (not those only counted, nor filter relations). */
    public List<String> sqlTables(Database db) {
        return SqlBridge.catalog(db).tables().stream().map(io.leapfrog.planner.sql.Catalog.TableInfo::name).toList();
    }

    /** A SQL query's columns and parameters, with their SQL types, without running it (a prepared statement's). */
    public SqlSignature sqlSignature(Database db, String sql) {
        return Errors.unwrap(() -> SqlBridge.signature(db, sql, options.threads()));
    }

    /**
     * Evaluates a rule body against the database, e.g. {@code "path(1, x)"}, {@code "path(x, y), x > y"}
     * or {@code "?- path(1,x)."} (a leading {@code ?-} and a trailing {@code .} are accepted).
     */
    public QueryResult query(Database db, String bodyOrAtom) {
        return call(() -> Errors.unwrap(() -> new QueryRunner(db, planner, options.planner(), options.threads()).run(bodyOrAtom)));
    }

    @Override
    public void close() {
        // Join worker threads are per join call and device memory per run; only the storage pool (an
        // engine limited to fewer threads than cores) outlives a call.
        storage.close();
    }
}
