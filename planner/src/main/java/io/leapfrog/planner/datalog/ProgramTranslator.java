package io.leapfrog.planner.datalog;

import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Directive;
import io.leapfrog.plan.ProgramPlan;
import io.leapfrog.plan.RulePlan;
import io.leapfrog.plan.StratumPlan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Translates a checked program into its {@link ProgramPlan}: one {@link StratumPlan} per stratum of the
 * {@link ProgramModel}, each rule translated by {@link RuleTranslator}. The plan's joins are not yet
 * ordered: that needs the statistics of the relations when each stratum runs.
 */
public final class ProgramTranslator {
    private ProgramTranslator() {
    }

    public static ProgramPlan translate(ProgramModel model) {
        List<StratumPlan> strata = new ArrayList<>();
        for (ProgramModel.Stratum s : model.strata()) {
            strata.add(translate(model, s, strata.size()));
        }
        java.util.Set<String> counted = CountedSearches.of(model.searches().keySet(), strata);
        strata.replaceAll(s -> s.withCountedSearches(counted));
        return new ProgramPlan(strata);
    }

    private static StratumPlan translate(ProgramModel model, ProgramModel.Stratum s, int index) {
        Set<String> recursive = s.recursive() ? s.relations() : Set.of();
        List<RulePlan> rules = new ArrayList<>();
        for (Clause c : s.rules()) {
            rules.add(RuleTranslator.translate(c, model.relations(), recursive, false));
        }
        boolean countedOnly = countPushDown(model, s, rules);
        if (countedOnly) {
            rules.set(0, RuleTranslator.translate(s.rules().get(0), model.relations(), recursive, true));
        }
        Set<String> equivalences = new java.util.LinkedHashSet<>();
        Map<String, int[][]> choiceKeys = new HashMap<>();
        Map<String, List<String>> columns = new HashMap<>();
        Map<String, io.leapfrog.ast.GraphSearch> searches = new HashMap<>();
        Map<String, io.leapfrog.ast.FilterSpec> filters = new HashMap<>();
        for (String rel : s.relations()) {
            if (model.relations().get(rel).isFilter()) {
                filters.put(rel, model.relations().get(rel).filter());
            }
            columns.put(rel, model.relations().get(rel).columnNames());
            if (model.searches().containsKey(rel)) {
                searches.put(rel, model.searches().get(rel));
            }
            if (model.equivalences().contains(rel)) {
                equivalences.add(rel);
            }
            if (model.choiceKeys().containsKey(rel)) {
                choiceKeys.put(rel, model.choiceKeys().get(rel));
            }
        }
        return new StratumPlan(index, new ArrayList<>(s.relations()), columns, s.recursive(), s.facts(), rules,
                equivalences, choiceKeys, countedOnly, searches, Set.of(), filters);
    }

    /**
     * Count push-down: a relation that is only {@code .printsize}d (not output, not input, read by no
     * rule, no facts), defined by one non-recursive rule whose head is distinct variables covering every
     * variable of the body, has exactly as many tuples as its body has bindings; those are counted by
     * the join and never stored.
     */
    private static boolean countPushDown(ProgramModel model, ProgramModel.Stratum s, List<RulePlan> rules) {
        if (s.recursive() || s.relations().size() != 1 || rules.size() != 1 || !s.facts().isEmpty()) {
            return false;
        }
        String rel = s.relations().iterator().next();
        boolean printsize = false;
        for (Directive d : model.directives()) {
            if (d.relation().equals(rel)) {
                if (d.kind() != Directive.Kind.PRINTSIZE) {
                    return false;
                }
                printsize = true;
            }
        }
        boolean searched = model.searches().values().stream().anyMatch(g -> g.input().equals(rel));
        if (!printsize || searched || model.usedInBodies().contains(rel) || model.equivalences().contains(rel)
                || model.choiceKeys().containsKey(rel) || model.relations().get(rel).isFilter()) {
            return false; // (an eqrel, choice or filter relation's size is not its rule's)
        }
        return RuleTranslator.headIsEveryVariable(rules.get(0));
    }
}
