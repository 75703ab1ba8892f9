package io.leapfrog.engine;

import io.leapfrog.ast.Program;
import io.leapfrog.planner.datalog.ProgramModel;

import java.util.List;

/**
 * A parsed and semantically checked program, ready to run or explain. Produced by
 * {@link Engine#parse(java.nio.file.Path)}, {@link Engine#parse(String, String)} and, for a REPL that
 * enters a program piece by piece, {@link Engine#extend(LoadedProgram, String, String)}. Immutable.
 */
public final class LoadedProgram {
    private final String fileName;
    private final List<Fragment> fragments;
    private final Program program;
    private final ProgramModel model;
    private final List<String> warnings;
    private final List<io.leapfrog.ast.Clause> retracted;

    /** One piece of source text and the name its error positions refer to. */
    record Fragment(String source, String fileName) { }

    LoadedProgram(String fileName, List<Fragment> fragments, Program program, ProgramModel model, List<String> warnings) {
        this(fileName, fragments, program, model, warnings, List.of());
    }

    private LoadedProgram(String fileName, List<Fragment> fragments, Program program, ProgramModel model,
                          List<String> warnings, List<io.leapfrog.ast.Clause> retracted) {
        this.fileName = fileName;
        this.fragments = List.copyOf(fragments);
        this.program = program;
        this.model = model;
        this.warnings = List.copyOf(warnings);
        this.retracted = List.copyOf(retracted);
    }

    /** The same program with these ground facts retracted ({@link Engine#retract}). */
    LoadedProgram withRetracted(List<io.leapfrog.ast.Clause> facts) {
        return new LoadedProgram(fileName, fragments, program, model, warnings, facts);
    }

    /**
     * Ground facts taken back ({@link Engine#retract}): an evaluation removes each from its relation's facts,
     * those of the program and those read by {@code .input}, before any rule reads the relation.
     */
    public List<io.leapfrog.ast.Clause> retracted() {
        return retracted;
    }

    /** The file name of the first fragment (the program's file). */
    public String fileName() {
        return fileName;
    }

    /** The whole source text, fragments joined by newlines. */
    public String source() {
        StringBuilder sb = new StringBuilder();
        for (Fragment f : fragments) {
            sb.append(f.source()).append('\n');
        }
        return sb.toString();
    }

    /** The merged AST of all fragments. */
    public Program ast() {
        return program;
    }

    /** Semantic warnings (already formatted with positions), e.g. unused relations. */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * The schema of every relation facts may be given to: every declared relation except a graph
     * predicate's (whose rows belong to its call), by name, with column names and base types.
     */
    public java.util.Map<String, Database.Schema> schemas() {
        java.util.Map<String, Database.Schema> out = new java.util.TreeMap<>();
        for (ProgramModel.RelationInfo r : model.relations().values()) {
            if (!model.searches().containsKey(r.name())) {
                out.put(r.name(), new Database.Schema(r.name(), r.columnNames(), r.columnTypes()));
            }
        }
        return out;
    }

    List<Fragment> fragments() {
        return fragments;
    }

    ProgramModel model() {
        return model;
    }
}
