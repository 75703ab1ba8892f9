package io.leapfrog.plan;

import io.leapfrog.check.BaseType;

/**
 * A variable of a join: the name written in the rule (or one the translation made: {@code _0} for a
 * kept wildcard, {@code $arg0} for an expression argument, {@code $agg0} for an aggregate's value) and
 * its base type.
 */
public record Variable(String name, BaseType type) {
}
