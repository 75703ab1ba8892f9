package io.leapfrog.check;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.SourcePos;
import io.leapfrog.parser.Diagnostics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks one clause: relations exist with the right arity, functors exist, types agree (deducing
 * the base type of every variable), every variable is grounded, and no variable is used only once.
 */
final class ClauseChecker {
    private final Map<String, RelationInfo> relations;
    private final CheckDiagnostics problems;
    private final java.util.function.Function<String, BaseType> typeBase;

    ClauseChecker(Map<String, RelationInfo> relations, CheckDiagnostics problems) {
        this(relations, problems, name -> BaseType.ofSourceName(name));
    }

    /** @param typeBase the base type of a declared or primitive type name, or null when it names none */
    ClauseChecker(Map<String, RelationInfo> relations, CheckDiagnostics problems, java.util.function.Function<String, BaseType> typeBase) {
        this.relations = relations;
        this.problems = problems;
        this.typeBase = typeBase;
    }

    /**
     * Checks {@code clause} and returns the deduced base type of each of its variables; records the
     * scope of each of its aggregates in {@code aggregateScopes}.
     */
    Map<String, BaseType> check(Clause clause, Map<Expr.Aggregate, AggregateScope> aggregateScopes) {
        ClauseScan scan = new ClauseScan(clause);
        for (Atom atom : scan.atoms) {
            checkAtomShape(atom);
        }
        for (Expr.Functor functor : scan.functors) {
            checkFunctorShape(functor);
        }
        checkRangePlacement(scan);
        checkCounterPlacement(clause);
        Map<String, BaseType> types = new TypeDeduction(scan).run();
        checkHeadWildcards(clause);
        Set<String> ungrounded = new Grounding(scan, aggregateScopes).run(clause);
        for (Map.Entry<String, List<SourcePos>> occurrence : scan.occurrences.entrySet()) {
            String name = occurrence.getKey();
            if (occurrence.getValue().size() == 1 && !name.startsWith("_") && !ungrounded.contains(name)) {
                problems.warning(occurrence.getValue().get(0), "Variable " + name + " only occurs once. Replace it "
                        + "with _ if that is intended");
            }
        }
        return types;
    }

    // ---- relations and functors ------------------------------------------------------------

    private boolean checkAtomShape(Atom atom) {
        RelationInfo info = relations.get(atom.relation());
        if (info == null) {
            problems.error(atom.pos(), "Undefined relation " + atom.relation() + ". Declare it with .decl "
                    + atom.relation() + "(...)");
            return false;
        }
        if (info.arity() != atom.arity()) {
            problems.error(atom.pos(), "Mismatching arity of relation " + atom.relation() + ": declared with "
                    + info.arity() + " attribute" + (info.arity() == 1 ? "" : "s") + " at " + info.decl().pos()
                    + ", used with " + atom.arity());
            return false;
        }
        return true;
    }

    /** Whether the atom is over a relation declared {@code filter} (a membership test in a body). */
    private boolean isFilter(Atom atom) {
        RelationInfo info = relations.get(atom.relation());
        return info != null && info.decl().isFilter();
    }

    private boolean atomIsUsable(Atom atom) {
        RelationInfo info = relations.get(atom.relation());
        return info != null && info.arity() == atom.arity();
    }

    private void checkFunctorShape(Expr.Functor functor) {
        Functors.Signature signature = Functors.lookup(functor.name());
        if (signature == null) {
            if (Functors.isUnsupportedSouffleFunctor(functor.name())) {
                throw Diagnostics.notSupported(functor.pos(), "the functor " + functor.name(),
                        problems.sourceOf(functor.pos()));
            }
            problems.error(functor.pos(), "Unknown functor " + functor.name() + ". Known functors: "
                    + String.join(", ", Functors.names()));
            return;
        }
        int arity = functor.args().size();
        if (!signature.accepts(arity)) {
            String takes = signature.variadic() ? "at least " + signature.minArity()
                    : signature.optional() > 0 ? signature.minArity() + " to " + signature.args().size()
                    : Integer.toString(signature.minArity());
            problems.error(functor.pos(), "Functor " + functor.name() + " takes " + takes + " argument"
                    + (takes.equals("1") ? "" : "s") + ", not " + arity);
        }
    }

    /**
     * range(...) generates values, so (as in Souffle's uses of it) it must be one side of an equality
     * whose other side is a variable: "x = range(0, n)" binds x to each value (or tests a bound x).
     */
    private void checkRangePlacement(ClauseScan scan) {
        Set<Expr> placed = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Literal.Comparison comparison : scan.comparisons) {
            if (comparison.op() != Literal.CompOp.EQ) {
                continue;
            }
            if (comparison.left() instanceof Expr.Var && isRange(comparison.right())) {
                placed.add(comparison.right());
            } else if (comparison.right() instanceof Expr.Var && isRange(comparison.left())) {
                placed.add(comparison.left());
            }
        }
        for (Expr.Functor functor : scan.functors) {
            if (isRange(functor) && !placed.contains(functor)) {
                problems.error(functor.pos(), "range(...) generates several values, so it can only be one side of an"
                        + " equality with a variable. Write 'x = range(from, to[, step])' and use x here");
            }
        }
    }

    /** Souffle's {@code $} counter gives each head tuple a new number; Leapfrog takes it in heads only. */
    private void checkCounterPlacement(Clause clause) {
        ClauseScan body = new ClauseScan(new Clause(new Atom(clause.head().relation(), List.of(), clause.pos()),
                clause.body(), clause.pos()));
        for (Expr expr : body.expressions) {
            if (expr instanceof Expr.Counter) {
                throw Diagnostics.notSupported(expr.pos(), "the counter '$' in a rule body; it is supported in heads",
                        problems.sourceOf(expr.pos()));
            }
        }
    }

    private static boolean isRange(Expr expr) {
        return expr instanceof Expr.Functor functor && functor.name().equals("range");
    }

    private void checkHeadWildcards(Clause clause) {
        for (Expr arg : clause.head().args()) {
            for (Expr part : ClauseScan.subexpressions(arg)) {
                if (part instanceof Expr.Wildcard) {
                    problems.error(part.pos(), "Underscore in head of rule. Every head argument needs a value");
                }
            }
        }
    }

    // ---- types -----------------------------------------------------------------------------

    /** Deduces variable types from the columns they occur in, then propagates them through (in)equalities. */
    private final class TypeDeduction {
        private final ClauseScan scan;
        private final Map<String, BaseType> types = new LinkedHashMap<>();
        private final Set<String> conflicting = new HashSet<>();

        TypeDeduction(ClauseScan scan) {
            this.scan = scan;
        }

        Map<String, BaseType> run() {
            for (Atom atom : scan.atoms) {
                if (!atomIsUsable(atom)) {
                    continue;
                }
                List<BaseType> columns = relations.get(atom.relation()).columnTypes();
                for (int i = 0; i < atom.arity(); i++) {
                    if (atom.args().get(i) instanceof Expr.Var var && columns.get(i) != null) {
                        assign(var, columns.get(i), atom.relation() + " attribute " + (i + 1));
                    }
                }
            }
            propagate();
            verify();
            for (String name : scan.occurrences.keySet()) {
                types.putIfAbsent(name, BaseType.NUMBER);
            }
            return types;
        }

        private void assign(Expr.Var var, BaseType type, String where) {
            BaseType known = types.get(var.name());
            if (known == null) {
                types.put(var.name(), type);
            } else if (known != type && conflicting.add(var.name())) {
                problems.error(var.pos(), "Type mismatch: variable " + var.name() + " is used as "
                        + known.withArticle() + " and as " + type.withArticle() + " (" + where + ")");
            }
        }

        /** Comparisons and operators tell the types of variables that occur in no atom. */
        private void propagate() {
            boolean changed = true;
            while (changed) {
                changed = false;
                for (Literal.Comparison comparison : scan.comparisons) {
                    changed |= infer(comparison.left(), ExprTypes.typeOf(comparison.right(), types));
                    changed |= infer(comparison.right(), ExprTypes.typeOf(comparison.left(), types));
                }
                for (Expr expr : scan.expressions) {
                    if (expr instanceof Expr.Binary binary) {
                        // an untyped operand takes the other operand's float or unsigned type, else number
                        BaseType t = ExprTypes.typeOf(binary, types);
                        t = t == BaseType.FLOAT || t == BaseType.UNSIGNED ? t : BaseType.NUMBER;
                        changed |= infer(binary.left(), t) | infer(binary.right(), t);
                    } else if (expr instanceof Expr.Unary unary) {
                        changed |= infer(unary.operand(), BaseType.NUMBER);
                    } else if (ExprTypes.isCast(expr)) {
                        Expr.Functor cast = (Expr.Functor) expr;
                        changed |= infer(cast.args().get(0), typeBase.apply(((Expr.StringConst) cast.args().get(1)).value()));
                    } else if (expr instanceof Expr.Functor functor && Functors.lookup(functor.name()) != null) {
                        Functors.Signature signature = Functors.lookup(functor.name());
                        for (int i = 0; i < functor.args().size(); i++) {
                            changed |= infer(functor.args().get(i), expectedArg(signature, i));
                        }
                    } else if (expr instanceof Expr.Aggregate aggregate && aggregate.kind() == Expr.AggKind.SUM) {
                        changed |= infer(aggregate.target(), BaseType.NUMBER);
                    } else if (expr instanceof Expr.Aggregate aggregate && aggregate.kind() == Expr.AggKind.MEAN) {
                        changed |= infer(aggregate.target(), BaseType.FLOAT);
                    }
                }
            }
        }

        /**
         * An integer constant past 2^31 - 1 (the parser takes up to 2^32 - 1, as Souffle does) where a number
         * is needed: refused as Souffle's type checker refuses it, never wrapped.
         */
        private void checkSignedRange(Expr e, BaseType expected, String where) {
            if (expected == BaseType.NUMBER && e instanceof Expr.NumberConst n && n.value() > Integer.MAX_VALUE) {
                problems.error(e.pos(), "number constant " + n.value() + " is out of range for " + where + ", a number:"
                        + " numbers are 32-bit signed integers, up to 2147483647; an unsigned or a float takes it");
            }
        }

        private boolean infer(Expr expr, BaseType type) {
            if (type != null && expr instanceof Expr.Var var && !types.containsKey(var.name())) {
                types.put(var.name(), type);
                return true;
            }
            return false;
        }

        private void verify() {
            for (Atom atom : scan.atoms) {
                if (!atomIsUsable(atom)) {
                    continue;
                }
                List<BaseType> columns = relations.get(atom.relation()).columnTypes();
                for (int i = 0; i < atom.arity(); i++) {
                    Expr arg = atom.args().get(i);
                    BaseType actual = ExprTypes.typeOf(arg, types);
                    if (!(arg instanceof Expr.Var) && !ExprTypes.compatible(columns.get(i), actual, arg)) {
                        problems.error(arg.pos(), "Type mismatch: attribute " + (i + 1) + " of " + atom.relation()
                                + " is " + columns.get(i).withArticle() + ", but " + describe(arg) + " is "
                                + actual.withArticle());
                    } else {
                        checkSignedRange(arg, columns.get(i), "attribute " + (i + 1) + " of " + atom.relation());
                    }
                }
            }
            for (Literal.Comparison comparison : scan.comparisons) {
                BaseType left = ExprTypes.typeOf(comparison.left(), types);
                BaseType right = ExprTypes.typeOf(comparison.right(), types);
                if (left != null && right != null && left != right
                        && !ExprTypes.compatible(left, right, comparison.right())
                        && !ExprTypes.compatible(right, left, comparison.left())) {
                    problems.error(comparison.pos(), "Type mismatch: cannot compare " + left.withArticle() + " ("
                            + describe(comparison.left()) + ") with " + right.withArticle() + " ("
                            + describe(comparison.right()) + ")");
                } else if (comparison.left() instanceof Expr.Var || comparison.right() instanceof Expr.Var) {
                    checkSignedRange(comparison.right(), left, describe(comparison.left()));
                    checkSignedRange(comparison.left(), right, describe(comparison.right()));
                }
            }
            for (Expr expr : scan.expressions) {
                if (expr instanceof Expr.Binary binary) {
                    requireNumeric(binary.left(), "operator " + binary.op());
                    requireNumeric(binary.right(), "operator " + binary.op());
                    checkFloatOperands(binary);
                    checkUnsignedOperands(binary);
                } else if (expr instanceof Expr.Unary unary) {
                    requireNumeric(unary.operand(), "operator " + unary.op());
                    BaseType operand = ExprTypes.typeOf(unary.operand(), types);
                    if (operand == BaseType.FLOAT && !unary.op().equals("-")) {
                        problems.error(unary.pos(), "Type mismatch: operator " + unary.op() + " is not defined on floats ("
                                + describe(unary.operand()) + " is a float). Use ftoi(...) to convert");
                    } else if (operand == BaseType.UNSIGNED && unary.op().equals("-")) {
                        problems.error(unary.pos(), "Type mismatch: operator - is not defined on unsigned values ("
                                + describe(unary.operand()) + " is an unsigned). Use utoi(...) to convert");
                    }
                } else if (expr instanceof Expr.Functor functor && Functors.lookup(functor.name()) != null) {
                    if (ExprTypes.isCast(functor)) {
                        checkCast(functor);
                    } else {
                        checkFunctorArgs(functor, Functors.lookup(functor.name()));
                    }
                } else if (expr instanceof Expr.Aggregate aggregate
                        && (aggregate.kind() == Expr.AggKind.SUM || aggregate.kind() == Expr.AggKind.MEAN)) {
                    requireNumeric(aggregate.target(), aggregate.kind().name().toLowerCase(java.util.Locale.ROOT));
                    BaseType target = ExprTypes.typeOf(aggregate.target(), types);
                    if (aggregate.kind() == Expr.AggKind.MEAN && target != BaseType.FLOAT && target != BaseType.SYMBOL) {
                        problems.error(aggregate.target().pos(), "Type mismatch: mean computes a float and needs a float"
                                + " target, as in Souffle, but " + describe(aggregate.target()) + " is "
                                + (target == null ? BaseType.NUMBER : target).withArticle() + ". Use to_float(...) to convert");
                    }
                }
            }
        }

        /** Float arithmetic: + - * / ^ on two floats (a number constant adapts); no mixing with numbers. */
        private void checkFloatOperands(Expr.Binary binary) {
            BaseType left = ExprTypes.typeOf(binary.left(), types);
            BaseType right = ExprTypes.typeOf(binary.right(), types);
            if (left != BaseType.FLOAT && right != BaseType.FLOAT) {
                return;
            }
            if (!java.util.Set.of("+", "-", "*", "/", "^").contains(binary.op())) {
                problems.error(binary.pos(), "Type mismatch: operator " + binary.op() + " is not defined on floats. "
                        + "Floats take + - * / ^; use ftoi(...) to convert");
                return;
            }
            requireOperandsOf(binary, BaseType.FLOAT, "to_float(...) or ftoi(...)");
        }

        /** Unsigned arithmetic: both operands unsigned (a number constant adapts); no mixing with numbers. */
        private void checkUnsignedOperands(Expr.Binary binary) {
            BaseType left = ExprTypes.typeOf(binary.left(), types);
            BaseType right = ExprTypes.typeOf(binary.right(), types);
            if (left == BaseType.FLOAT || right == BaseType.FLOAT
                    || (left != BaseType.UNSIGNED && right != BaseType.UNSIGNED)) {
                return;
            }
            requireOperandsOf(binary, BaseType.UNSIGNED, "itou(...) or utoi(...)");
        }

        /** Both operands of {@code binary} of {@code type} (a number constant adapts), else an error. */
        private void requireOperandsOf(Expr.Binary binary, BaseType type, String conversions) {
            for (Expr side : List.of(binary.left(), binary.right())) {
                BaseType t = ExprTypes.typeOf(side, types);
                if (t != null && t != type && !ExprTypes.adapts(side)) {
                    problems.error(side.pos(), "Type mismatch: operator " + binary.op() + " mixes " + type.withArticle()
                            + " and " + t.withArticle() + " (" + describe(side) + "). Use " + conversions + " to convert");
                }
            }
        }

        private void requireNumeric(Expr operand, String what) {
            BaseType type = ExprTypes.typeOf(operand, types);
            if (type == BaseType.SYMBOL) {
                problems.error(operand.pos(), "Type mismatch: " + what + " needs numbers, but " + describe(operand)
                        + " is a symbol. Use to_number(...) to convert");
            }
        }

        /**
         * {@code as(x, T)}: T must be a type; Leapfrog casts within one base type (to a subtype, say), where
         * the value is unchanged; a cast between base types (Souffle reinterprets the bits) is refused.
         */
        private void checkCast(Expr.Functor cast) {
            String type = ((Expr.StringConst) cast.args().get(1)).value();
            BaseType target = typeBase.apply(type);
            if (target == null) {
                problems.error(cast.args().get(1).pos(), "Undefined type " + type + " in as(...). Declare it with .type "
                        + type + " <: number (or symbol)");
                return;
            }
            BaseType source = ExprTypes.typeOf(cast.args().get(0), types);
            if (source != null && source != target && !(ExprTypes.adapts(cast.args().get(0)) && target.isNumeric())) {
                throw Diagnostics.notSupported(cast.pos(), "as(...) from " + source.withArticle() + " to " + type + ", "
                        + target.withArticle() + " (Souffle reinterprets the bits); casts within one base type are"
                        + " supported, and itou, utoi, to_float, ftoi, ... convert values", problems.sourceOf(cast.pos()));
            }
        }

        private void checkFunctorArgs(Expr.Functor functor, Functors.Signature signature) {
            BaseType common = null;
            for (int i = 0; i < functor.args().size(); i++) {
                Expr arg = functor.args().get(i);
                BaseType actual = ExprTypes.typeOf(arg, types);
                BaseType expected = expectedArg(signature, i);
                if (expected != null && actual != null && !ExprTypes.compatible(expected, actual, arg)) {
                    String hint = expected == BaseType.SYMBOL ? ". Use to_string(...) to convert"
                            : expected == BaseType.FLOAT ? ". Use to_float(...) to convert"
                            : actual == BaseType.FLOAT ? ". Use ftoi(...) to convert" : ". Use to_number(...) to convert";
                    problems.error(arg.pos(), "Type mismatch: argument " + (i + 1) + " of " + functor.name()
                            + " must be " + expected.withArticle() + ", but " + describe(arg) + " is "
                            + actual.withArticle() + hint);
                }
                if (signature.result() == null && actual != null && !ExprTypes.adapts(arg)) {
                    if (common != null && common != actual) {
                        problems.error(arg.pos(), "Type mismatch: the arguments of " + functor.name()
                                + " mix " + common.sourceName() + " and " + actual.sourceName() + " values");
                    }
                    common = actual;
                }
            }
        }

        private BaseType expectedArg(Functors.Signature signature, int index) {
            List<BaseType> args = signature.args();
            return args.get(Math.min(index, args.size() - 1));
        }
    }

    private static String describe(Expr expr) {
        if (expr instanceof Expr.Var var) {
            return "variable " + var.name();
        }
        if (expr instanceof Expr.StringConst string) {
            return "\"" + string.value() + "\"";
        }
        if (expr instanceof Expr.NumberConst number) {
            return number.text();
        }
        if (expr instanceof Expr.FloatConst number) {
            return io.leapfrog.common.FloatCodec.format(number.value());
        }
        if (expr instanceof Expr.Functor functor) {
            return functor.name() + "(...)";
        }
        if (expr instanceof Expr.Aggregate aggregate) {
            return "the " + aggregate.kind().name().toLowerCase(java.util.Locale.ROOT) + " aggregate";
        }
        return "the expression";
    }

    // ---- groundedness ----------------------------------------------------------------------

    /**
     * A variable is grounded when it occurs as an argument of a positive atom, or is equal to an
     * expression whose variables are grounded (this includes aggregate results), or is a witness of a
     * min/max aggregate. Aggregate bodies are scopes of their own: a variable of an aggregate is
     * injected from the enclosing body when that body grounds it without the aggregate's help, and
     * local otherwise.
     */
    private final class Grounding {
        private final ClauseScan scan;
        private final Map<Expr.Aggregate, AggregateScope> scopes;
        private final Set<String> reported = new HashSet<>();

        Grounding(ClauseScan scan, Map<Expr.Aggregate, AggregateScope> scopes) {
            this.scan = scan;
            this.scopes = scopes;
        }

        Set<String> run(Clause clause) {
            if (clause.isFact()) {
                for (Expr arg : clause.head().args()) {
                    for (Expr part : ClauseScan.outerSubexpressions(arg)) {
                        if (part instanceof Expr.Aggregate) {
                            // facts are loaded before any rule runs, so an aggregate there would see nothing
                            problems.error(part.pos(), "Aggregate in a fact. Write it as a rule, e.g. "
                                    + clause.head().relation() + "(n) :- n = count : { ... }.");
                        }
                        if (part instanceof Expr.Var var && reported.add(var.name())) {
                            problems.error(var.pos(), "Argument in fact is not constant: variable " + var.name()
                                    + ". Facts hold constants only; add a body ':- ...' to make it a rule");
                        }
                    }
                }
            }
            Set<String> grounded = groundedIn(clause.body(), Set.of());
            // a variable that only a filter atom names is reported there, where the reason is
            for (Literal literal : clause.body()) {
                if (literal instanceof Literal.Positive positive && isFilter(positive.atom())) {
                    reportFilterOnly(positive.atom(), grounded);
                }
            }
            for (Expr arg : clause.head().args()) {
                requireGrounded(arg, grounded);
            }
            checkBody(clause.body(), grounded);
            return reported;
        }

        /** The grounded variables of a conjunction, given those of the enclosing scope; records aggregate scopes. */
        private Set<String> groundedIn(List<Literal> body, Set<String> outer) {
            Set<String> witnesses = new HashSet<>();
            for (Expr.Aggregate aggregate : aggregatesOf(body)) {
                AggregateScope scope = scopeOf(aggregate, fixpoint(body, outer, aggregate, Set.of()), body);
                witnesses.addAll(scope.witnesses());
            }
            return fixpoint(body, outer, null, witnesses);
        }

        private AggregateScope scopeOf(Expr.Aggregate aggregate, Set<String> groundedWithout, List<Literal> body) {
            Set<String> variables = scan.variablesInside(aggregate);
            Set<String> injected = new HashSet<>(variables);
            injected.retainAll(groundedWithout);
            Set<String> local = new HashSet<>(variables);
            local.removeAll(injected);
            Set<String> witnesses = new HashSet<>();
            if (aggregate.kind() == Expr.AggKind.MIN || aggregate.kind() == Expr.AggKind.MAX) {
                witnesses.addAll(groundedIn(aggregate.body(), injected));
                witnesses.retainAll(scan.variablesOutside(aggregate));
                witnesses.removeAll(injected);
                witnesses.removeAll(resultVariables(aggregate, body));
            } else {
                groundedIn(aggregate.body(), injected);
            }
            AggregateScope scope = new AggregateScope(Set.copyOf(injected), Set.copyOf(local), Set.copyOf(witnesses));
            scopes.put(aggregate, scope);
            return scope;
        }

        /** {@code v} in {@code v = min x : ...}: it receives the aggregate's value, so it is not a witness. */
        private Set<String> resultVariables(Expr.Aggregate aggregate, List<Literal> body) {
            Set<String> result = new HashSet<>();
            for (Literal literal : body) {
                if (literal instanceof Literal.Comparison comparison && comparison.op() == Literal.CompOp.EQ) {
                    if (comparison.right() == aggregate && comparison.left() instanceof Expr.Var var) {
                        result.add(var.name());
                    }
                    if (comparison.left() == aggregate && comparison.right() instanceof Expr.Var var) {
                        result.add(var.name());
                    }
                }
            }
            return result;
        }

        private List<Expr.Aggregate> aggregatesOf(List<Literal> body) {
            List<Expr.Aggregate> aggregates = new ArrayList<>();
            for (Literal literal : body) {
                List<Expr> roots = new ArrayList<>();
                if (literal instanceof Literal.Comparison comparison) {
                    roots.add(comparison.left());
                    roots.add(comparison.right());
                } else if (literal instanceof Literal.Positive positive) {
                    roots.addAll(positive.atom().args());
                } else if (literal instanceof Literal.Negated negated) {
                    roots.addAll(negated.atom().args());
                }
                for (Expr root : roots) {
                    for (Expr part : ClauseScan.outerSubexpressions(root)) {
                        if (part instanceof Expr.Aggregate aggregate) {
                            aggregates.add(aggregate);
                        }
                    }
                }
            }
            return aggregates;
        }

        /** Grounding of one scope; {@code excluded} (if any) is treated as not computable. */
        private Set<String> fixpoint(List<Literal> body, Set<String> outer, Expr.Aggregate excluded,
                                     Set<String> witnesses) {
            Set<String> grounded = new HashSet<>(outer);
            grounded.addAll(witnesses);
            for (Literal literal : body) {
                // a filter relation's atom tests its arguments and binds none: a filter cannot enumerate
                if (literal instanceof Literal.Positive positive && !isFilter(positive.atom())) {
                    for (Expr arg : positive.atom().args()) {
                        if (arg instanceof Expr.Var var) {
                            grounded.add(var.name());
                        }
                    }
                }
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (Literal literal : body) {
                    if (literal instanceof Literal.Comparison comparison && comparison.op() == Literal.CompOp.EQ) {
                        changed |= bindThrough(comparison.left(), comparison.right(), grounded, excluded);
                        changed |= bindThrough(comparison.right(), comparison.left(), grounded, excluded);
                    }
                }
            }
            return grounded;
        }

        private boolean bindThrough(Expr target, Expr value, Set<String> grounded, Expr.Aggregate excluded) {
            if (target instanceof Expr.Var var && !grounded.contains(var.name())
                    && isComputable(value, grounded, excluded)) {
                grounded.add(var.name());
                return true;
            }
            return false;
        }

        private boolean isComputable(Expr expr, Set<String> grounded, Expr.Aggregate excluded) {
            for (Expr part : ClauseScan.outerSubexpressions(expr)) {
                if (part instanceof Expr.Wildcard || part == excluded) {
                    return false;
                }
                if (part instanceof Expr.Var var && !grounded.contains(var.name())) {
                    return false;
                }
            }
            return true;
        }

        private void checkBody(List<Literal> body, Set<String> grounded) {
            checkBody(body, grounded, false);
        }

        /** @param countsFilter the body is {@code count : { f(_, ...) }} of a filter relation f: its estimated size */
        private void checkBody(List<Literal> body, Set<String> grounded, boolean countsFilter) {
            for (Literal literal : body) {
                if (literal instanceof Literal.Positive positive && isFilter(positive.atom())) {
                    if (!countsFilter) {
                        checkFilterTest(positive.atom(), grounded);
                    }
                } else if (literal instanceof Literal.Negated negated && isFilter(negated.atom())) {
                    problems.error(negated.pos(), "Negation of filter relation " + negated.atom().relation()
                            + ": a filter may answer 'present' for a tuple it never held (a false positive), so"
                            + " !" + negated.atom().relation() + "(...) would drop true answers. Negate an exact"
                            + " relation (declare " + negated.atom().relation() + " without filter)");
                } else if (literal instanceof Literal.Positive positive) {
                    for (Expr arg : positive.atom().args()) {
                        if (!(arg instanceof Expr.Var) && !(arg instanceof Expr.Wildcard)) {
                            requireGrounded(arg, grounded);
                        }
                    }
                } else if (literal instanceof Literal.Negated negated) {
                    for (Expr arg : negated.atom().args()) {
                        requireGrounded(arg, grounded);
                    }
                } else if (literal instanceof Literal.Comparison comparison) {
                    for (Expr side : List.of(comparison.left(), comparison.right())) {
                        for (Expr part : ClauseScan.outerSubexpressions(side)) {
                            if (part instanceof Expr.Wildcard) {
                                problems.error(part.pos(), "Underscore in a comparison. Use a named variable that "
                                        + "occurs in an atom of the body");
                            }
                        }
                        requireGrounded(side, grounded);
                    }
                }
            }
        }

        /**
         * Every argument of a filter relation's atom is bound by the rest of the body: the atom is a
         * membership test, and a filter holds fingerprints, not tuples it could enumerate.
         */
        private void checkFilterTest(Atom atom, Set<String> grounded) {
            for (Expr arg : atom.args()) {
                for (Expr part : ClauseScan.outerSubexpressions(arg)) {
                    if (part instanceof Expr.Wildcard) {
                        problems.error(part.pos(), "Underscore in filter relation " + atom.relation() + ": a filter"
                                + " tests whole tuples and cannot enumerate the values an underscore stands for. Bind"
                                + " every argument elsewhere in the body (count : { " + atom.relation()
                                + "(_" + ", _".repeat(atom.arity() - 1) + ") } alone estimates its size)");
                    }
                }
            }
            reportFilterOnly(atom, grounded);
            for (Expr arg : atom.args()) {
                requireGrounded(arg, grounded);
            }
        }

        private void reportFilterOnly(Atom atom, Set<String> grounded) {
            for (Expr arg : atom.args()) {
                for (Expr part : ClauseScan.outerSubexpressions(arg)) {
                    if (part instanceof Expr.Var var && !grounded.contains(var.name()) && reported.add(var.name())) {
                        problems.error(var.pos(), "Variable " + var.name() + " is bound only by filter relation "
                                + atom.relation() + ": a filter tests membership and cannot enumerate its tuples. Bind "
                                + var.name() + " with an atom over an exact relation in the same body");
                    }
                }
            }
        }

        /** {@code count : { f(_, ..., _) }} over a filter relation f: the filter's estimated size. */
        private boolean countsFilter(Expr.Aggregate aggregate) {
            if (aggregate.kind() != Expr.AggKind.COUNT || aggregate.body().size() != 1
                    || !(aggregate.body().get(0) instanceof Literal.Positive positive) || !isFilter(positive.atom())) {
                return false;
            }
            return positive.atom().args().stream().allMatch(a -> a instanceof Expr.Wildcard);
        }

        /** Reports the ungrounded variables of {@code expr} and checks the aggregates inside it. */
        private void requireGrounded(Expr expr, Set<String> grounded) {
            for (Expr part : ClauseScan.outerSubexpressions(expr)) {
                if (part instanceof Expr.Var var && !grounded.contains(var.name()) && reported.add(var.name())) {
                    problems.error(var.pos(), "Ungrounded variable " + var.name() + ". Bind it by using it in a "
                            + "positive atom of the body or by '" + var.name() + " = <expression of bound variables>'");
                } else if (part instanceof Expr.Aggregate aggregate) {
                    checkAggregate(aggregate, grounded);
                }
            }
        }

        private void checkAggregate(Expr.Aggregate aggregate, Set<String> grounded) {
            AggregateScope scope = scopes.get(aggregate);
            if (scope == null) {
                // an aggregate in a head argument: its scope is the whole body
                scope = scopeOf(aggregate, grounded, List.of());
            }
            Set<String> inner = groundedIn(aggregate.body(), scope.injected());
            checkBody(aggregate.body(), inner, countsFilter(aggregate));
            if (aggregate.target() != null) {
                requireGrounded(aggregate.target(), inner);
            }
        }
    }

    // ---- clause scanning -------------------------------------------------------------------

    /** Every atom, comparison, expression and variable occurrence of a clause, aggregates included. */
    private static final class ClauseScan {
        final List<Atom> atoms = new ArrayList<>();
        final List<Literal.Comparison> comparisons = new ArrayList<>();
        final List<Expr> expressions = new ArrayList<>();
        final List<Expr.Functor> functors = new ArrayList<>();
        /** In order of first occurrence. */
        final Map<String, List<SourcePos>> occurrences = new LinkedHashMap<>();
        private final Map<String, List<List<Expr.Aggregate>>> enclosing = new HashMap<>();

        ClauseScan(Clause clause) {
            atoms.add(clause.head());
            for (Expr arg : clause.head().args()) {
                scanExpr(arg, List.of());
            }
            scanBody(clause.body(), List.of());
        }

        private void scanBody(List<Literal> body, List<Expr.Aggregate> path) {
            for (Literal literal : body) {
                if (literal instanceof Literal.Positive positive) {
                    scanAtom(positive.atom(), path);
                } else if (literal instanceof Literal.Negated negated) {
                    scanAtom(negated.atom(), path);
                } else if (literal instanceof Literal.Comparison comparison) {
                    comparisons.add(comparison);
                    scanExpr(comparison.left(), path);
                    scanExpr(comparison.right(), path);
                }
            }
        }

        private void scanAtom(Atom atom, List<Expr.Aggregate> path) {
            atoms.add(atom);
            for (Expr arg : atom.args()) {
                scanExpr(arg, path);
            }
        }

        private void scanExpr(Expr expr, List<Expr.Aggregate> path) {
            expressions.add(expr);
            if (expr instanceof Expr.Var var) {
                occurrences.computeIfAbsent(var.name(), k -> new ArrayList<>()).add(var.pos());
                enclosing.computeIfAbsent(var.name(), k -> new ArrayList<>()).add(path);
            } else if (expr instanceof Expr.Binary binary) {
                scanExpr(binary.left(), path);
                scanExpr(binary.right(), path);
            } else if (expr instanceof Expr.Unary unary) {
                scanExpr(unary.operand(), path);
            } else if (expr instanceof Expr.Functor functor) {
                functors.add(functor);
                for (Expr arg : functor.args()) {
                    scanExpr(arg, path);
                }
            } else if (expr instanceof Expr.Aggregate aggregate) {
                List<Expr.Aggregate> inner = new ArrayList<>(path);
                inner.add(aggregate);
                if (aggregate.target() != null) {
                    scanExpr(aggregate.target(), inner);
                }
                scanBody(aggregate.body(), inner);
            }
        }

        /** Variables with an occurrence inside {@code aggregate} (nested aggregates included). */
        Set<String> variablesInside(Expr.Aggregate aggregate) {
            return variablesWhere(aggregate, true);
        }

        /** Variables with an occurrence outside {@code aggregate}. */
        Set<String> variablesOutside(Expr.Aggregate aggregate) {
            return variablesWhere(aggregate, false);
        }

        private Set<String> variablesWhere(Expr.Aggregate aggregate, boolean inside) {
            Set<String> result = new HashSet<>();
            for (Map.Entry<String, List<List<Expr.Aggregate>>> entry : enclosing.entrySet()) {
                for (List<Expr.Aggregate> path : entry.getValue()) {
                    boolean contained = path.stream().anyMatch(p -> p == aggregate);
                    if (contained == inside) {
                        result.add(entry.getKey());
                        break;
                    }
                }
            }
            return result;
        }

        /** {@code expr} and its sub-expressions, not descending into aggregates (their own scope). */
        static List<Expr> outerSubexpressions(Expr expr) {
            List<Expr> out = new ArrayList<>();
            collect(expr, out, false);
            return out;
        }

        static List<Expr> subexpressions(Expr expr) {
            List<Expr> out = new ArrayList<>();
            collect(expr, out, true);
            return out;
        }

        private static void collect(Expr expr, List<Expr> out, boolean intoAggregates) {
            out.add(expr);
            for (Expr operand : expr.operands()) {
                collect(operand, out, intoAggregates);
            }
            if (expr instanceof Expr.Aggregate aggregate && intoAggregates && aggregate.target() != null) {
                collect(aggregate.target(), out, true);
            }
        }
    }
}
