package io.leapfrog.plan;

import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;

import java.util.List;

/**
 * A rule: its body's join and the head it inserts into {@code relation}, one tuple per distinct
 * binding of the head's variables. {@code head} holds the head's arguments over the body's variables
 * (after the body's unifications). {@code everyBinding}: the head has a {@code $} counter, so every
 * binding of the body inserts a tuple of its own, as each tuple of Souffle's loop nest does.
 */
public record RulePlan(Clause clause, String relation, List<Expr> head, JoinNode body, boolean everyBinding) {

    public RulePlan {
        head = List.copyOf(head);
    }

    /** This rule with its body planned. */
    public RulePlan withBody(JoinNode planned) {
        return new RulePlan(clause, relation, head, planned, everyBinding);
    }
}
