package io.leapfrog.plan;

import io.leapfrog.ast.ExprText;
import io.leapfrog.ast.GraphSearch;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Prints a plan as {@code explain} shows it: per stratum its relations and how they are kept, per rule
 * the source rule, what it inserts, each scan and predicate of its join, the planner's variable order
 * with the level where each atom and predicate acts, and the device its joins go to; an aggregate's
 * body is printed as a join of its own, indented under the aggregate.
 */
public final class PlanPrinter {
    private final Function<JoinNode, String> deviceLine;
    private final Function<StratumPlan, String> fixpointLine;
    private final BiFunction<GraphSearch, Boolean, String> searchPlace;

    /** @param deviceLine where a join runs, as a line of text (null: no such line) */
    public PlanPrinter(Function<JoinNode, String> deviceLine) {
        this(deviceLine, s -> null, (s, counted) -> "on the CPU");
    }

    /**
     * @param deviceLine   where a join runs, as a line of text (null: no such line)
     * @param fixpointLine how a recursive stratum's fixpoint runs and why, as a line of text (null: none)
     * @param searchPlace  where a graph search runs, counted or listed, as words ending its line ("on the CPU")
     */
    public PlanPrinter(Function<JoinNode, String> deviceLine, Function<StratumPlan, String> fixpointLine,
                       BiFunction<GraphSearch, Boolean, String> searchPlace) {
        this.deviceLine = deviceLine;
        this.fixpointLine = fixpointLine;
        this.searchPlace = searchPlace;
    }

    /** The strata that have rules or graph searches, numbered in the order they run; every join must be planned. */
    public String print(ProgramPlan plan) {
        StringBuilder sb = new StringBuilder();
        int index = 0;
        for (StratumPlan s : plan.strata()) {
            if (!s.rules().isEmpty() || !s.searches().isEmpty()) {
                stratum(sb, s, index++);
            }
        }
        return sb.toString();
    }

    private void stratum(StringBuilder sb, StratumPlan s, int index) {
        sb.append("stratum ").append(index).append(": ").append(String.join(", ", s.relations()))
                .append(s.recursive() ? " (recursive: semi-naive)" : "").append('\n');
        String fixpoint = s.recursive() ? fixpointLine.apply(s) : null;
        if (fixpoint != null) {
            sb.append("  fixpoint: ").append(fixpoint).append('\n');
        }
        if (s.countedOnly()) {
            sb.append("  count push-down: ").append(String.join(", ", s.relations()))
                    .append(" is only .printsize'd: its rule is counted by the join, never materialised\n");
        }
        for (String rel : s.relations()) {
            if (s.equivalences().contains(rel)) {
                sb.append("  eqrel: ").append(rel).append(" is kept closed (reflexive, symmetric, transitive)"
                        + " by a union-find after each round\n");
            }
            io.leapfrog.ast.FilterSpec filter = s.filters().get(rel);
            if (filter != null) {
                sb.append("  filter relation: ").append(rel).append(" is a quotient filter (")
                        .append(filter.kind().name()).append(", fpr ").append(filter.rate())
                        .append(") of its tuples' hashes: inputs, facts and rules insert, atoms test membership\n");
            }
            GraphSearch search = s.searches().get(rel);
            if (search != null) {
                sb.append("  graph search: ").append(search.describe())
                        .append(s.countedSearches().contains(rel) ? ": counted, not listed (only counts read it)" : "")
                        .append(", ").append(searchPlace.apply(search, s.countedSearches().contains(rel))).append('\n');
            }
            int[][] keys = s.choiceKeys().get(rel);
            if (keys != null) {
                sb.append("  choice-domain: ").append(rel).append(" admits a tuple while its ").append(choiceKeys(s, rel, keys))
                        .append(keys.length == 1 ? " is" : "s are").append(" free, smallest first\n");
            }
        }
        for (RulePlan r : s.rules()) {
            List<String> literals = new ArrayList<>();
            r.clause().body().forEach(l -> literals.add(ExprText.of(l)));
            sb.append("  rule ").append(ExprText.atom(r.clause().head())).append(" :- ").append(String.join(", ", literals))
                    .append(".  [").append(r.clause().pos()).append("]\n");
            List<String> head = new ArrayList<>();
            r.head().forEach(e -> head.add(ExprText.of(e)));
            sb.append("    insert ").append(r.relation()).append('(').append(String.join(", ", head)).append(')')
                    .append(r.everyBinding() ? " for every binding" : "").append('\n');
            join(sb, r.body(), "    ");
        }
    }

    /** The column names of a choice-domain's keys: "child", or "(a, b)" for a key of several columns. */
    private static String choiceKeys(StratumPlan s, String rel, int[][] keys) {
        List<String> out = new ArrayList<>();
        for (int[] key : keys) {
            List<String> names = new ArrayList<>();
            for (int c : key) {
                names.add(s.columns().get(rel).get(c));
            }
            out.add(names.size() == 1 ? names.get(0) : "(" + String.join(", ", names) + ")");
        }
        return String.join(", ", out) + " value";
    }

    /** One join, every line indented by {@code indent}. */
    public void join(StringBuilder sb, JoinNode node, String indent) {
        sb.append(indent).append("evaluation: ").append(summary(node));
        List<Integer> recursive = node.recursiveScans();
        if (!recursive.isEmpty()) {
            List<String> names = new ArrayList<>();
            recursive.forEach(i -> names.add(node.scans().get(i).relation() + "#" + i));
            sb.append("; semi-naive: ").append(recursive.size()).append(" variant(s), delta of ").append(String.join(", ", names));
        }
        sb.append('\n');
        if (node.unsatisfiable()) {
            sb.append(indent).append("no answer: a literal of the body never holds\n");
        }
        for (Scan s : node.scans()) {
            sb.append(indent).append("scan ").append(scanText(node, s)).append(s.recursive() ? " [recursive]" : "").append('\n');
        }
        for (Predicate p : node.predicates()) {
            sb.append(indent).append(kind(p)).append(' ').append(p.text()).append('\n');
        }
        JoinOrder order = node.order();
        if (order == null) {
            sb.append(indent).append("(not planned)\n");
        } else {
            sb.append(indent).append("strategy: ").append(order.plan().strategy()).append('\n');
            for (String line : order.plan().explainLines()) {
                sb.append(indent).append(line).append('\n');
            }
        }
        String device = deviceLine.apply(node);
        if (device != null) {
            sb.append(indent).append(device).append('\n');
        }
        for (Predicate.AggregateValue a : node.aggregates()) {
            sb.append(indent).append("aggregate body ").append(a.body().label()).append(":\n");
            join(sb, a.body(), indent + "  ");
        }
    }

    /** A one-line account of the join: how many of each kind of part it has. */
    private static String summary(JoinNode node) {
        int filters = 0;
        int negations = 0;
        int computed = 0;
        for (Predicate p : node.predicates()) {
            if (p instanceof Predicate.Negation) {
                negations++;
            } else if (p.defines() >= 0) {
                computed++;
            } else {
                filters++;
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append(node.scans().size()).append(" atom(s), ").append(filters).append(" filter(s), ")
                .append(negations).append(" negation(s), ").append(computed).append(" computed value(s)");
        if (!node.aggregates().isEmpty()) {
            sb.append(", ").append(node.aggregates().size()).append(" aggregate(s) as computed levels");
        }
        if (node.order() != null && node.order().cliqueCount() != null) {
            sb.append("; ").append(node.order().cliqueCount());
        }
        return sb.toString();
    }

    /** The atom as written over the join's variables: {@code edge(x, "a", _)}. */
    static String scanText(JoinNode node, Scan s) {
        List<String> args = new ArrayList<>();
        for (Scan.Column c : s.columns()) {
            if (c instanceof Scan.Column.Binds b) {
                args.add(node.variables().get(b.var()).name());
            } else if (c instanceof Scan.Column.Selects sel) {
                args.add(ExprText.of(sel.value()));
            } else {
                args.add("_");
            }
        }
        return s.relation() + "(" + String.join(", ", args) + ")";
    }

    private static String kind(Predicate p) {
        if (p instanceof Predicate.Bound) {
            return "bound";
        } else if (p instanceof Predicate.ConstantBound) {
            return "constant bound";
        } else if (p instanceof Predicate.Comparison || p instanceof Predicate.FilterTest) {
            return "filter";
        } else if (p instanceof Predicate.Negation) {
            return "negation";
        } else if (p instanceof Predicate.Assignment) {
            return "assign";
        } else if (p instanceof Predicate.Range) {
            return "range";
        } else if (p instanceof Predicate.OuterValue) {
            return "outer value";
        } else if (p instanceof Predicate.AggregateValue) {
            return "aggregate";
        }
        return "witness";
    }
}
