package io.leapfrog.check;

import io.leapfrog.ast.Attribute;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Directive;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Program;
import io.leapfrog.ast.RelationDecl;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.Diagnostics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a parsed program the way Souffle does before evaluating it: declarations and types,
 * relation use, arity, types of constants and variables, groundedness, functors, and stratification.
 * All errors are reported together, sorted by position, in one {@link LeapfrogException}.
 */
public final class SemanticChecker {
    private SemanticChecker() {
    }

    public static CheckedProgram check(Program program) {
        return check(program, Map.of());
    }

    /**
     * Like {@link #check(Program)} for a program assembled from several sources (a REPL session):
     * messages quote the source line from {@code sourcesByFile} (file name of a position -> text),
     * falling back to {@code program.source()}.
     */
    public static CheckedProgram check(Program written, Map<String, String> sourcesByFile) {
        CheckDiagnostics problems = new CheckDiagnostics(file -> sourcesByFile.getOrDefault(file, written.source()));
        TypeResolver types = new TypeResolver(written.types(), problems);
        Program program = GraphPredicates.rewrite(written, types, problems);
        problems.throwIfErrors();   // a call that is no graph search would only add errors about its atom
        Map<String, RelationDecl> declarations = declarations(program, types, problems);
        Map<String, RelationInfo> relations = relationInfos(program, declarations, types, problems);

        ClauseChecker clauseChecker = new ClauseChecker(relations, problems, name -> types.isDefined(name) ? types.baseOf(name) : null);
        Map<Clause, Map<String, BaseType>> variableTypes = new HashMap<>();
        Map<Expr.Aggregate, AggregateScope> aggregateScopes = new IdentityHashMap<>();
        for (Clause clause : program.clauses()) {
            Map<String, BaseType> clauseTypes = clauseChecker.check(clause, aggregateScopes);
            if (!clauseTypes.isEmpty()) {   // a fact's none are left out: a program may hold millions of facts
                variableTypes.put(clause, Collections.unmodifiableMap(clauseTypes));
            }
        }
        warnAboutUndefinedRelations(program, relations, problems);
        checkEnumConstants(program, problems);
        checkEnumColumns(program, declarations, problems);

        List<Stratum> strata = new Stratifier(List.copyOf(relations.keySet()), program.clauses(), searches(program))
                .stratify(problems);
        refuseRecursiveFilters(strata, relations, problems);
        problems.throwIfErrors();

        List<String> warnings = new ArrayList<>(program.warnings());
        warnings.addAll(problems.formattedWarnings());
        return new CheckedProgram(program, Collections.unmodifiableMap(relations), List.copyOf(strata),
                List.copyOf(warnings), Collections.unmodifiableMap(variableTypes),
                Collections.unmodifiableMap(aggregateScopes));
    }

    /**
     * A filter relation is never part of a recursive stratum: semi-naive evaluation reads each round's new
     * tuples, and a filter keeps only fingerprints. The error points at the atom that reads the filter
     * inside its own recursion.
     */
    private static void refuseRecursiveFilters(List<Stratum> strata, Map<String, RelationInfo> relations,
                                               CheckDiagnostics problems) {
        for (Stratum stratum : strata) {
            if (!stratum.recursive()) {
                continue;
            }
            for (String rel : stratum.relations()) {
                RelationInfo info = relations.get(rel);
                if (info == null || !info.decl().isFilter()) {
                    continue;
                }
                io.leapfrog.ast.SourcePos at = info.decl().pos();
                search:
                for (Clause rule : stratum.rules()) {
                    for (io.leapfrog.ast.Literal l : rule.body()) {
                        io.leapfrog.ast.Atom a = l instanceof io.leapfrog.ast.Literal.Positive p ? p.atom()
                                : l instanceof io.leapfrog.ast.Literal.Negated n ? n.atom() : null;
                        if (a != null && a.relation().equals(rel)) {
                            at = a.pos();
                            break search;
                        }
                    }
                }
                List<String> others = new ArrayList<>(stratum.relations());
                others.remove(rel);
                problems.error(at, "Filter relation " + rel + " is recursive (it depends on itself"
                        + (others.isEmpty() ? "" : " through " + String.join(", ", others)) + "): recursion needs each round's new tuples, and a"
                        + " filter keeps only fingerprints. Compute the recursive relation exactly and fill the filter"
                        + " from it in a rule of its own");
            }
        }
    }

    /** The graph searches of the relations the checker declared for graph predicates, by relation. */
    private static Map<String, io.leapfrog.ast.GraphSearch> searches(Program program) {
        Map<String, io.leapfrog.ast.GraphSearch> out = new LinkedHashMap<>();
        for (RelationDecl d : program.relations()) {
            if (d.search() != null) {
                out.put(d.name(), d.search());
            }
        }
        return out;
    }

    /** Every $Branch a clause uses names a branch of a declared enumeration. */
    private static void checkEnumConstants(Program program, CheckDiagnostics problems) {
        java.util.Set<String> branches = new java.util.LinkedHashSet<>();
        for (io.leapfrog.ast.TypeDecl t : program.types()) {
            t.branches().forEach(b -> branches.add("$" + b));
        }
        for (Expr.StringConst c : program.enumConstants()) {
            if (!branches.contains(c.value())) {
                problems.error(c.pos(), "Unknown ADT branch " + c.value() + (branches.isEmpty()
                        ? ": no enumeration type declares it" : ". Known branches: " + String.join(", ", branches)));
            }
        }
    }

    /**
     * A string constant is no value of an enumeration type, whose values are written {@code $Mon}: Souffle
     * refuses one in such a column ("Atom's argument type is not a subtype of its declared type"), so from a
     * program, as from a fact file, only the type's values enter it.
     */
    private static void checkEnumColumns(Program program, Map<String, RelationDecl> declarations,
                                         CheckDiagnostics problems) {
        Map<String, io.leapfrog.ast.TypeDecl> byName = new HashMap<>();
        program.types().forEach(t -> byName.putIfAbsent(t.name(), t));
        Map<String, List<Set<String>>> enumColumns = new HashMap<>();
        for (RelationDecl decl : declarations.values()) {
            List<Set<String>> columns = new ArrayList<>();
            boolean any = false;
            for (Attribute attribute : decl.attributes()) {
                Set<String> values = io.leapfrog.ast.TypeDecl.enumValues(attribute.type(), byName);
                columns.add(values);
                any |= values != null;
            }
            if (any) {
                enumColumns.put(decl.name(), columns);
            }
        }
        if (enumColumns.isEmpty()) {
            return;
        }
        Set<Expr> branches = Collections.newSetFromMap(new IdentityHashMap<>());
        branches.addAll(program.enumConstants());
        for (Clause clause : program.clauses()) {
            List<io.leapfrog.ast.Atom> atoms = new ArrayList<>();
            atoms.add(clause.head());
            clause.head().args().forEach(e -> atomsIn(e, atoms));
            clause.body().forEach(l -> atomsIn(l, atoms));
            for (io.leapfrog.ast.Atom atom : atoms) {
                List<Set<String>> columns = enumColumns.get(atom.relation());
                for (int i = 0; columns != null && i < atom.args().size() && i < columns.size(); i++) {
                    Set<String> values = columns.get(i);
                    if (values != null && atom.args().get(i) instanceof Expr.StringConst string && !branches.contains(string)) {
                        RelationDecl decl = declarations.get(atom.relation());
                        String meant = values.contains(string.value()) ? string.value()
                                : values.contains("$" + string.value()) ? "$" + string.value() : null;
                        problems.error(string.pos(), "Type mismatch: attribute " + (i + 1) + " of " + atom.relation()
                                + " is of the enumeration type " + decl.attributes().get(i).type() + ", whose values are "
                                + String.join(", ", values) + ", but \"" + string.value() + "\" is a symbol"
                                + (meant == null ? "" : "; write " + meant + " (no quotes)"));
                    }
                }
            }
        }
    }

    private static void atomsIn(io.leapfrog.ast.Literal literal, List<io.leapfrog.ast.Atom> out) {
        if (literal instanceof io.leapfrog.ast.Literal.Positive p) {
            out.add(p.atom());
            p.atom().args().forEach(e -> atomsIn(e, out));
        } else if (literal instanceof io.leapfrog.ast.Literal.Negated n) {
            out.add(n.atom());
            n.atom().args().forEach(e -> atomsIn(e, out));
        } else if (literal instanceof io.leapfrog.ast.Literal.Comparison c) {
            atomsIn(c.left(), out);
            atomsIn(c.right(), out);
        }
    }

    /** The atoms of the aggregates inside {@code e}. */
    private static void atomsIn(Expr e, List<io.leapfrog.ast.Atom> out) {
        if (e instanceof Expr.Aggregate a) {
            if (a.target() != null) {
                atomsIn(a.target(), out);
            }
            a.body().forEach(l -> atomsIn(l, out));
        } else if (e instanceof Expr.Binary b) {
            atomsIn(b.left(), out);
            atomsIn(b.right(), out);
        } else if (e instanceof Expr.Unary u) {
            atomsIn(u.operand(), out);
        } else if (e instanceof Expr.Functor f) {
            f.args().forEach(x -> atomsIn(x, out));
        }
    }

    private static Map<String, RelationDecl> declarations(Program program, TypeResolver types, CheckDiagnostics problems) {
        Map<String, RelationDecl> declarations = new LinkedHashMap<>();
        for (RelationDecl decl : program.relations()) {
            RelationDecl previous = declarations.putIfAbsent(decl.name(), decl);
            if (previous != null) {
                problems.error(decl.pos(), "Redefinition of relation " + decl.name() + " (first declared at "
                        + previous.pos() + "). Remove or rename one of the declarations");
            }
            Set<String> attributeNames = new HashSet<>();
            for (Attribute attribute : decl.attributes()) {
                if (!attributeNames.add(attribute.name())) {
                    problems.error(attribute.pos(), "Doubly defined attribute name " + attribute.name() + " in relation "
                            + decl.name() + ". Give each attribute its own name");
                }
                if (!types.isDefined(attribute.type())) {
                    problems.error(attribute.pos(), "Undefined type " + attribute.type() + " in attribute "
                            + attribute.name() + ":" + attribute.type() + ". Use number or symbol, or declare it with .type "
                            + attribute.type() + " <: number");
                }
            }
        }
        return declarations;
    }

    private static Map<String, RelationInfo> relationInfos(Program program, Map<String, RelationDecl> declarations,
                                                           TypeResolver types, CheckDiagnostics problems) {
        Map<String, List<Directive>> inputs = new HashMap<>();
        Map<String, List<Directive>> outputs = new HashMap<>();
        Set<String> printSize = new HashSet<>();
        for (Directive directive : program.directives()) {
            checkParameters(directive, problems);
            if (!declarations.containsKey(directive.relation())) {
                problems.error(directive.pos(), "Undefined relation " + directive.relation() + " in ."
                        + directive.kind().name().toLowerCase(java.util.Locale.ROOT) + ". Declare it with .decl "
                        + directive.relation() + "(...)");
                continue;
            }
            if (directive.kind() == Directive.Kind.INPUT) {
                checkColumns(directive, declarations.get(directive.relation()).attributes().size(), problems);
            }
            switch (directive.kind()) {
                case INPUT -> inputs.computeIfAbsent(directive.relation(), k -> new ArrayList<>()).add(directive);
                case OUTPUT -> outputs.computeIfAbsent(directive.relation(), k -> new ArrayList<>()).add(directive);
                case PRINTSIZE -> printSize.add(directive.relation());
            }
        }
        Map<String, RelationInfo> relations = new LinkedHashMap<>();
        for (RelationDecl decl : declarations.values()) {
            List<BaseType> columns = new ArrayList<>();
            for (Attribute attribute : decl.attributes()) {
                columns.add(types.baseOf(attribute.type()));
            }
            List<Directive> in = withQualifier(inputs.get(decl.name()), decl, "input", Directive.Kind.INPUT);
            List<Directive> out = withQualifier(outputs.get(decl.name()), decl, "output", Directive.Kind.OUTPUT);
            boolean isPrintSize = printSize.contains(decl.name()) || decl.qualifiers().contains("printsize");
            relations.put(decl.name(), new RelationInfo(decl, Collections.unmodifiableList(columns), !in.isEmpty(),
                    !out.isEmpty(), isPrintSize, in, out));
        }
        return relations;
    }

    /** IO parameters Leapfrog reads (docs/engine.md); "columns" applies to inputs, "compress" to outputs. */
    private static final Set<String> IO_PARAMETERS = Set.of("IO", "filename", "delimiter", "headers", "rfc4180");

    /** A parameter Leapfrog does not read gets a warning that it is ignored. */
    private static void checkParameters(Directive directive, CheckDiagnostics problems) {
        boolean input = directive.kind() == Directive.Kind.INPUT;
        for (String key : directive.params().keySet()) {
            boolean known = IO_PARAMETERS.contains(key) || (key.equals(input ? "columns" : "compress"));
            if (!known) {
                problems.warning(directive.pos(), "Parameter " + key + " of ." + directive.kind().name().toLowerCase(
                        java.util.Locale.ROOT) + " " + directive.relation() + " is ignored. Leapfrog reads IO, filename,"
                        + " delimiter, headers, rfc4180 and " + (input ? "columns" : "compress"));
            }
        }
    }

    /**
     * An input's {@code columns="4:0"} names one file column per column of the relation (Souffle refuses
     * fewer, and more read what its order happens to allow), each a column number, none twice.
     */
    private static void checkColumns(Directive directive, int arity, CheckDiagnostics problems) {
        String spec = directive.params().get("columns");
        if (spec == null) {
            return;
        }
        String what = "columns=\"" + spec + "\" of .input " + directive.relation();
        try {
            int n = directive.columns().size();
            if (n > 0 && n != arity) {
                problems.error(directive.pos(), what + " names " + n + " file column" + (n == 1 ? "" : "s")
                        + " for a relation of " + arity + "; name one for each of its columns, in order");
            }
        } catch (IllegalArgumentException e) {
            problems.error(directive.pos(), what + ": " + e.getMessage());
        }
    }

    private static List<Directive> withQualifier(List<Directive> explicit, RelationDecl decl, String qualifier,
                                                 Directive.Kind kind) {
        if (explicit != null) {
            return List.copyOf(explicit);
        }
        if (decl.qualifiers().contains(qualifier)) {
            return List.of(new Directive(kind, decl.name(), Map.of(), decl.pos()));
        }
        return List.of();
    }

    /** Souffle warns about relations that are used but can never hold a tuple. */
    private static void warnAboutUndefinedRelations(Program program, Map<String, RelationInfo> relations,
                                                    CheckDiagnostics problems) {
        Set<String> defined = new HashSet<>();
        for (Clause clause : program.clauses()) {
            defined.add(clause.head().relation());
        }
        for (RelationInfo info : relations.values()) {
            if (!info.isInput() && !defined.contains(info.name()) && info.decl().search() == null) {   // a search fills it
                problems.warning(info.decl().pos(), "No rules/facts defined for relation " + info.name());
            }
        }
    }
}
