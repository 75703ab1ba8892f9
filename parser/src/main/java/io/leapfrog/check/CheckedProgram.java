package io.leapfrog.check;

import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Program;

import java.util.List;
import java.util.Map;

/**
 * A program that passed the semantic checks, with resolved relation types and its evaluation order.
 *
 * @param relations     every declared relation, in declaration order
 * @param strata        in evaluation order: a stratum only uses relations of earlier strata and its own
 * @param warnings      formatted warnings ({@code file:line:col: warning: ...} plus source line and caret)
 * @param variableTypes for every clause of the program (and of the strata), the base type of each named
 *                      variable of that clause, aggregate-local variables included
 * @param aggregateScopes for every aggregate of the program (by identity), which of its variables
 *                      are injected from the rule, local, or min/max witnesses
 */
public record CheckedProgram(Program program,
                             Map<String, RelationInfo> relations,
                             List<Stratum> strata,
                             List<String> warnings,
                             Map<Clause, Map<String, BaseType>> variableTypes,
                             Map<Expr.Aggregate, AggregateScope> aggregateScopes) {

    public RelationInfo relation(String name) {
        return relations.get(name);
    }

    /** The scope of {@code aggregate}, an aggregate expression of {@code program()} (compared by identity). */
    public AggregateScope aggregateScope(Expr.Aggregate aggregate) {
        AggregateScope scope = aggregateScopes.get(aggregate);
        if (scope == null) {
            throw new IllegalArgumentException("not an aggregate of this checked program: " + aggregate);
        }
        return scope;
    }

    /** The base type of each named variable of {@code clause}; empty for an unknown clause. */
    public Map<String, BaseType> variableTypes(Clause clause) {
        return variableTypes.getOrDefault(clause, Map.of());
    }

    /**
     * The base type of {@code expr}, an expression occurring in {@code clause}: SYMBOL for strings,
     * symbol-typed variables and cat/substr/to_string, a numeric type otherwise. Wildcards have the
     * type NUMBER here; their real type is the column they stand in.
     */
    public BaseType typeOf(Clause clause, Expr expr) {
        BaseType type = ExprTypes.typeOf(expr, variableTypes(clause));
        return type == null ? BaseType.NUMBER : type;
    }
}
