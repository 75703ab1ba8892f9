package io.leapfrog.plan;

import io.leapfrog.ast.Clause;
import io.leapfrog.ast.FilterSpec;
import io.leapfrog.ast.GraphSearch;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Relations evaluated together. A recursive stratum is a fixpoint: semi-naive rounds until no relation
 * of it grows. {@code equivalences} are relations kept closed as equivalence relations ({@code eqrel});
 * {@code choiceKeys} relations admitting a tuple while its keys' values are free ({@code choice-domain}).
 * {@code columns}: the column names of the stratum's relations. {@code countedOnly}: the stratum's one relation is only {@code .printsize}d and its one rule's head is
 * its body's variables, so the rule's bindings are counted and never stored. {@code searches}: the
 * stratum's relations a graph search fills (a graph predicate's call), each with its search; such a
 * stratum has no rules. {@code countedSearches}: those of them that every rule reading them only counts
 * (see {@code CountedSearches}), so the search counts its sets and lists none. {@code filters}: the
 * stratum's relations declared {@code filter}, kept as quotient filters of their tuples (such a stratum
 * is never recursive).
 */
public record StratumPlan(int index, List<String> relations, Map<String, List<String>> columns, boolean recursive,
                          List<Clause> facts, List<RulePlan> rules, Set<String> equivalences,
                          Map<String, int[][]> choiceKeys, boolean countedOnly, Map<String, GraphSearch> searches,
                          Set<String> countedSearches, Map<String, FilterSpec> filters) {

    public StratumPlan(int index, List<String> relations, Map<String, List<String>> columns, boolean recursive,
                       List<Clause> facts, List<RulePlan> rules, Set<String> equivalences,
                       Map<String, int[][]> choiceKeys, boolean countedOnly) {
        this(index, relations, columns, recursive, facts, rules, equivalences, choiceKeys, countedOnly, Map.of(), Set.of(),
                Map.of());
    }

    public StratumPlan {
        relations = List.copyOf(relations);
        columns = Map.copyOf(columns);
        facts = List.copyOf(facts);
        rules = List.copyOf(rules);
        equivalences = Set.copyOf(equivalences);
        choiceKeys = Map.copyOf(choiceKeys);
        searches = Map.copyOf(searches);
        countedSearches = Set.copyOf(countedSearches);
        filters = Map.copyOf(filters);
    }

    /** This stratum with its rules planned. */
    public StratumPlan withRules(List<RulePlan> planned) {
        return new StratumPlan(index, relations, columns, recursive, facts, planned, equivalences, choiceKeys, countedOnly,
                searches, countedSearches, filters);
    }

    /** This stratum with the searches among {@code counted} marked as only counted. */
    public StratumPlan withCountedSearches(Set<String> counted) {
        Set<String> mine = new java.util.HashSet<>(searches.keySet());
        mine.retainAll(counted);
        return new StratumPlan(index, relations, columns, recursive, facts, rules, equivalences, choiceKeys, countedOnly,
                searches, mine, filters);
    }
}
