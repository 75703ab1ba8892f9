package io.leapfrog.check;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.SourcePos;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Orders relations into strata: the strongly connected components (Tarjan) of the graph with an edge
 * from each rule head to each relation its body uses. A negated atom or an atom inside an aggregate is
 * a negative edge; a negative edge inside a component means the program cannot be stratified.
 */
final class Stratifier {
    /** {@code via} says why an edge is negative: "negation", "aggregate" or "graph search"; null for positive edges. */
    private record Edge(String to, String via, SourcePos pos) {
        boolean negative() {
            return via != null;
        }
    }

    private final Map<String, List<Edge>> edges = new LinkedHashMap<>();
    private final List<String> relations;
    private final Map<String, Integer> declarationOrder = new HashMap<>();
    private final List<Clause> clauses;

    // Tarjan state
    private final Map<String, Integer> index = new HashMap<>();
    private final Map<String, Integer> lowLink = new HashMap<>();
    private final Deque<String> stack = new ArrayDeque<>();
    private final Set<String> onStack = new java.util.HashSet<>();
    private final List<Set<String>> components = new ArrayList<>();

    Stratifier(List<String> relations, List<Clause> clauses) {
        this(relations, clauses, Map.of());
    }

    /**
     * @param searches the graph search filling each relation the checker declared for a graph predicate: the
     *                 relation depends on the one searched as a negation does (it needs all of it)
     */
    Stratifier(List<String> relations, List<Clause> clauses, Map<String, io.leapfrog.ast.GraphSearch> searches) {
        this.relations = relations;
        this.clauses = clauses;
        for (String relation : relations) {
            declarationOrder.put(relation, declarationOrder.size());
        }
        for (String relation : relations) {
            edges.put(relation, new ArrayList<>());
        }
        searches.forEach((relation, s) -> {
            if (edges.containsKey(relation) && edges.containsKey(s.input())) {
                edges.get(relation).add(new Edge(s.input(), "graph search", s.pos()));
            }
        });
        for (Clause clause : clauses) {
            if (!clause.isFact() && edges.containsKey(clause.head().relation())) {
                addBodyEdges(clause.head().relation(), clause.body(), false);
                for (Expr arg : clause.head().args()) {
                    addExprEdges(clause.head().relation(), arg);
                }
            }
        }
    }

    private void addBodyEdges(String head, List<Literal> body, boolean underAggregate) {
        for (Literal literal : body) {
            if (literal instanceof Literal.Positive positive) {
                addEdge(head, positive.atom(), underAggregate ? "aggregate" : null, positive.pos());
                for (Expr arg : positive.atom().args()) {
                    addExprEdges(head, arg);
                }
            } else if (literal instanceof Literal.Negated negated) {
                addEdge(head, negated.atom(), underAggregate ? "aggregate" : "negation", negated.pos());
            } else if (literal instanceof Literal.Comparison comparison) {
                addExprEdges(head, comparison.left());
                addExprEdges(head, comparison.right());
            }
        }
    }

    private void addExprEdges(String head, Expr expr) {
        if (expr instanceof Expr.Aggregate aggregate) {
            addBodyEdges(head, aggregate.body(), true);
            if (aggregate.target() != null) {
                addExprEdges(head, aggregate.target());
            }
        } else if (expr instanceof Expr.Binary binary) {
            addExprEdges(head, binary.left());
            addExprEdges(head, binary.right());
        } else if (expr instanceof Expr.Unary unary) {
            addExprEdges(head, unary.operand());
        } else if (expr instanceof Expr.Functor functor) {
            for (Expr arg : functor.args()) {
                addExprEdges(head, arg);
            }
        }
    }

    private void addEdge(String head, Atom atom, String via, SourcePos pos) {
        if (edges.containsKey(atom.relation())) {
            edges.get(head).add(new Edge(atom.relation(), via, pos));
        }
    }

    /** The strata in evaluation order; reports cycles through negation or aggregation to {@code problems}. */
    List<Stratum> stratify(CheckDiagnostics problems) {
        for (String relation : relations) {
            if (!index.containsKey(relation)) {
                connect(relation);
            }
        }
        // Tarjan emits a component after every component it depends on: that is evaluation order.
        Map<String, Integer> componentOf = new HashMap<>();
        for (int i = 0; i < components.size(); i++) {
            for (String relation : components.get(i)) {
                componentOf.put(relation, i);
            }
        }
        Map<String, List<Clause>> rulesByHead = new HashMap<>();
        Map<Clause, Integer> sourceOrder = new java.util.IdentityHashMap<>();
        for (Clause clause : clauses) {
            if (!clause.isFact()) {
                sourceOrder.put(clause, sourceOrder.size());
                rulesByHead.computeIfAbsent(clause.head().relation(), k -> new ArrayList<>()).add(clause);
            }
        }
        List<Stratum> strata = new ArrayList<>();
        for (int i = 0; i < components.size(); i++) {
            Set<String> members = orderedAsDeclared(components.get(i));
            boolean recursive = false;
            for (String from : members) {
                for (Edge edge : edges.get(from)) {
                    if (componentOf.get(edge.to()) == i) {
                        recursive = true;
                        if (edge.negative()) {
                            problems.error(edge.pos(), unstratifiableMessage(from, edge, members));
                        }
                    }
                }
            }
            List<Clause> rules = new ArrayList<>();
            for (String member : members) {
                rules.addAll(rulesByHead.getOrDefault(member, List.of()));
            }
            if (members.size() > 1) {
                rules.sort(java.util.Comparator.comparingInt(sourceOrder::get));
            }
            strata.add(new Stratum(java.util.Collections.unmodifiableSet(members), recursive, List.copyOf(rules)));
        }
        return strata;
    }

    private String unstratifiableMessage(String from, Edge edge, Set<String> members) {
        List<String> path = pathWithin(edge.to(), from, members);
        String arrow = switch (edge.via()) {
            case "negation" -> " -> !";
            case "aggregate" -> " -> aggregate over ";
            default -> " -> graph search over ";
        };
        StringBuilder cycle = new StringBuilder(from).append(arrow).append(edge.to());
        for (int i = 1; i < path.size(); i++) {
            cycle.append(" -> ").append(path.get(i));
        }
        String through = switch (edge.via()) {
            case "negation" -> "negation";
            case "aggregate" -> "an aggregate";
            default -> "a graph predicate (it reads the whole relation)";
        };
        String what = switch (edge.via()) {
            case "negation" -> "negation";
            case "aggregate" -> "aggregate";
            default -> "graph search";
        };
        return "Unable to stratify relation(s) {" + String.join(",", members) + "}: " + from
                + " depends on " + edge.to() + " through " + through
                + " inside a recursive cycle (" + cycle + "). Break the cycle: a relation cannot depend on the "
                + what + " of itself";
    }

    /** The shortest path from {@code start} to {@code goal} inside one component (breadth first). */
    private List<String> pathWithin(String start, String goal, Set<String> members) {
        Map<String, String> parent = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>();
        queue.add(start);
        parent.put(start, start);
        while (!queue.isEmpty()) {
            String current = queue.poll();
            if (current.equals(goal)) {
                break;
            }
            for (Edge edge : edges.get(current)) {
                if (members.contains(edge.to()) && !parent.containsKey(edge.to())) {
                    parent.put(edge.to(), current);
                    queue.add(edge.to());
                }
            }
        }
        List<String> path = new ArrayList<>();
        for (String at = goal; ; at = parent.get(at)) {
            path.add(0, at);
            if (at.equals(start) || !parent.containsKey(at)) {
                break;
            }
        }
        return path;
    }

    private Set<String> orderedAsDeclared(Set<String> component) {
        List<String> ordered = new ArrayList<>(component);
        ordered.sort(java.util.Comparator.comparingInt(declarationOrder::get));
        return new LinkedHashSet<>(ordered);
    }

    /** Tarjan's algorithm with an explicit stack, so deep dependency chains cannot overflow the call stack. */
    private void connect(String root) {
        Deque<Object[]> work = new ArrayDeque<>();
        int[] counter = {index.size()};
        visit(root, counter);
        work.push(new Object[] {root, 0});
        while (!work.isEmpty()) {
            Object[] frame = work.peek();
            String node = (String) frame[0];
            int next = (Integer) frame[1];
            List<Edge> out = edges.get(node);
            if (next < out.size()) {
                frame[1] = next + 1;
                String to = out.get(next).to();
                if (!index.containsKey(to)) {
                    visit(to, counter);
                    work.push(new Object[] {to, 0});
                } else if (onStack.contains(to)) {
                    lowLink.put(node, Math.min(lowLink.get(node), index.get(to)));
                }
                continue;
            }
            work.pop();
            if (!work.isEmpty()) {
                String parent = (String) work.peek()[0];
                lowLink.put(parent, Math.min(lowLink.get(parent), lowLink.get(node)));
            }
            if (lowLink.get(node).equals(index.get(node))) {
                Set<String> component = new java.util.HashSet<>();
                String member;
                do {
                    member = stack.pop();
                    onStack.remove(member);
                    component.add(member);
                } while (!member.equals(node));
                components.add(component);
            }
        }
    }

    private void visit(String node, int[] counter) {
        index.put(node, counter[0]);
        lowLink.put(node, counter[0]);
        counter[0]++;
        stack.push(node);
        onStack.add(node);
    }
}
