package io.leapfrog.check;

import io.leapfrog.ast.Clause;

import java.util.List;
import java.util.Set;

/**
 * One strongly connected component of the relation dependency graph, evaluated as a unit.
 *
 * @param relations the relations of the component, in declaration order
 * @param recursive true when a rule of the component uses a relation of the component (including
 *                  a relation using itself): it needs a fixpoint (semi-naive) loop
 * @param rules     the rules (clauses with a body) whose head is in this stratum, in source order;
 *                  facts are in {@code program().clauses()}
 */
public record Stratum(Set<String> relations, boolean recursive, List<Clause> rules) {
}
