package io.leapfrog.check;

import java.util.Set;

/**
 * How the variables of one aggregate relate to the enclosing rule (Souffle's scoping).
 *
 * @param injected  variables bound outside the aggregate: the aggregate is evaluated once per value
 *                  combination of these (they act as group-by keys)
 * @param local     all other variables of the aggregate: they range over the aggregate's body only
 * @param witnesses local variables of a {@code min}/{@code max} aggregate that the rest of the rule
 *                  uses: they are bound to the values of a body tuple that attains the minimum/maximum
 *                  (Souffle's "witness" semantics); always empty for count, sum and mean
 */
public record AggregateScope(Set<String> injected, Set<String> local, Set<String> witnesses) {
}
