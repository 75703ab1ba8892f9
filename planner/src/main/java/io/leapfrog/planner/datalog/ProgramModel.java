package io.leapfrog.planner.datalog;

import io.leapfrog.ast.Atom;
import io.leapfrog.ast.Clause;
import io.leapfrog.ast.Directive;
import io.leapfrog.ast.FilterSpec;
import io.leapfrog.ast.Expr;
import io.leapfrog.ast.GraphSearch;
import io.leapfrog.ast.Literal;
import io.leapfrog.ast.Program;
import io.leapfrog.ast.RelationDecl;
import io.leapfrog.ast.TypeDecl;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;

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
 * What evaluation needs from a checked program: each relation's columns with base types, the IO
 * directives, and the clauses grouped into strata in evaluation order (strongly connected components
 * of the dependency graph, topologically sorted), each flagged recursive or not. The front end's
 * checker has already rejected undeclared relations, arity errors and unstratifiable negation; this
 * class only derives the evaluation order from the AST.
 */
public final class ProgramModel {

    /** A relation's schema with resolved base types ("number" or "symbol"). */
    public record RelationInfo(String name, List<String> columnNames, List<String> columnTypes, FilterSpec filter) {
        /** An exact relation. */
        public RelationInfo(String name, List<String> columnNames, List<String> columnTypes) {
            this(name, columnNames, columnTypes, null);
        }

        /** Whether the relation is kept as a quotient filter ({@code .decl ... filter}). */
        public boolean isFilter() {
            return filter != null;
        }

        public int arity() {
            return columnNames.size();
        }
    }

    /** Relations evaluated together; {@code recursive} when some rule depends on a relation of the stratum. */
    public record Stratum(Set<String> relations, List<Clause> rules, List<Clause> facts, boolean recursive) { }

    private final Map<String, RelationInfo> relations;
    private final List<Directive> directives;
    private final List<Stratum> strata;
    private final Set<String> usedInBodies = new LinkedHashSet<>();
    private final Set<String> equivalences;
    private final Map<String, int[][]> choiceKeys;
    private final Map<String, GraphSearch> searches;
    /** Per relation with an enumeration-typed column: each column's values ("$Mon", ...), null for other columns. */
    private final Map<String, List<Set<String>>> enumValues = new HashMap<>();

    private ProgramModel(Map<String, RelationInfo> relations, List<Directive> directives, List<Stratum> strata,
                         Set<String> equivalences, Map<String, int[][]> choiceKeys, Map<String, GraphSearch> searches) {
        this.relations = relations;
        this.directives = directives;
        this.strata = strata;
        this.equivalences = equivalences;
        this.choiceKeys = choiceKeys;
        this.searches = searches;
        for (Stratum st : strata) {
            for (Clause c : st.rules()) {
                for (Literal l : c.body()) {
                    collectRelations(l, usedInBodies, relations);
                }
            }
        }
    }

    /** Relations declared {@code eqrel}: each holds the equivalence closure of its pairs (kept closed by the engine). */
    public Set<String> equivalences() {
        return equivalences;
    }

    /** Relations with a choice-domain: each key's column indexes (admitted by the engine while their keys are free). */
    public Map<String, int[][]> choiceKeys() {
        return choiceKeys;
    }

    /**
     * The relations a graph search fills (those the checker declared for graph predicates' calls), each
     * with its search; it has no rules, and its stratum comes after the relation searched.
     */
    public Map<String, GraphSearch> searches() {
        return searches;
    }

    /** Relations read by some rule body (positively, negated, or inside an aggregate). */
    public Set<String> usedInBodies() {
        return usedInBodies;
    }

    public Map<String, RelationInfo> relations() {
        return relations;
    }

    public List<Directive> directives() {
        return directives;
    }

    public List<Stratum> strata() {
        return strata;
    }

    /**
     * The values each column of {@code relation} may hold when it is of an enumeration type (the symbols
     * "$Branch"), null for a column of another type; null when no column is. Fact files are checked
     * against them, as Souffle checks an ADT column.
     */
    public List<Set<String>> enumValues(String relation) {
        return enumValues.get(relation);
    }

    public static ProgramModel of(Program program) {
        ProgramModel model = build(program);
        Map<String, TypeDecl> byName = new HashMap<>();
        program.types().forEach(t -> byName.put(t.name(), t));
        for (RelationDecl d : program.relations()) {
            List<Set<String>> columns = new ArrayList<>();
            boolean any = false;
            for (var a : d.attributes()) {
                Set<String> values = TypeDecl.enumValues(a.type(), byName);
                columns.add(values);
                any |= values != null;
            }
            if (any) {
                model.enumValues.put(d.name(), java.util.Collections.unmodifiableList(columns));
            }
        }
        return model;
    }

    private static ProgramModel build(Program program) {
        Map<String, String> baseTypes = resolveTypes(program.types());
        Map<String, RelationInfo> rels = new LinkedHashMap<>();
        for (RelationDecl d : program.relations()) {
            List<String> names = new ArrayList<>();
            List<String> types = new ArrayList<>();
            for (var a : d.attributes()) {
                names.add(a.name());
                String base = baseTypes.getOrDefault(a.type(), a.type());
                if (!base.equals("number") && !base.equals("symbol") && !base.equals("float") && !base.equals("unsigned")) {
                    throw new NotSupportedException("not supported: attribute type '" + a.type() + "' of relation "
                            + d.name() + " (" + a.pos() + "); only number, unsigned, symbol and float (and their subtypes) are");
                }
                types.add(base);
            }
            rels.put(d.name(), new RelationInfo(d.name(), names, types, d.filter()));
        }
        List<Directive> directives = new ArrayList<>(program.directives());
        for (RelationDecl d : program.relations()) { // qualifiers: .decl r(...) input output printsize
            for (String q : d.qualifiers()) {
                Directive.Kind k = switch (q) {
                    case "input" -> Directive.Kind.INPUT;
                    case "output" -> Directive.Kind.OUTPUT;
                    case "printsize" -> Directive.Kind.PRINTSIZE;
                    default -> null;
                };
                if (k != null) {
                    directives.add(new Directive(k, d.name(), Map.of(), d.pos()));
                }
            }
        }
        for (Clause c : program.clauses()) {
            if (!rels.containsKey(c.head().relation())) {
                throw new LeapfrogException(c.head().pos() + ": error: relation '" + c.head().relation()
                        + "' is not declared. Add a .decl for it.");
            }
        }
        Set<String> equivalences = new LinkedHashSet<>();
        Map<String, int[][]> choiceKeys = new LinkedHashMap<>();
        Map<String, GraphSearch> searches = new LinkedHashMap<>();
        for (RelationDecl d : program.relations()) {
            if (d.search() != null) {
                searches.put(d.name(), d.search());
            }
            if (d.qualifiers().contains("eqrel")) {
                equivalences.add(d.name());
            }
            if (!d.choiceDomains().isEmpty()) {
                List<String> names = rels.get(d.name()).columnNames();
                int[][] keys = new int[d.choiceDomains().size()][];
                for (int k = 0; k < keys.length; k++) {
                    keys[k] = d.choiceDomains().get(k).stream().mapToInt(names::indexOf).toArray();
                }
                choiceKeys.put(d.name(), keys);
            }
        }
        return new ProgramModel(rels, directives, stratify(rels, program.clauses(), searches), Set.copyOf(equivalences),
                Map.copyOf(choiceKeys), java.util.Collections.unmodifiableMap(searches));
    }

    /** Maps every declared type to its base type: number or symbol (or float/unsigned, rejected later). */
    private static Map<String, String> resolveTypes(List<TypeDecl> types) {
        Map<String, TypeDecl> byName = new HashMap<>();
        for (TypeDecl t : types) {
            byName.put(t.name(), t);
        }
        Map<String, String> out = new HashMap<>();
        for (TypeDecl t : types) {
            out.put(t.name(), base(t.name(), byName, new LinkedHashSet<>()));
        }
        return out;
    }

    private static String base(String type, Map<String, TypeDecl> byName, Set<String> seen) {
        TypeDecl t = byName.get(type);
        if (t == null) {
            return type; // a primitive: number, symbol, unsigned, float
        }
        if (!seen.add(type) || t.bases().isEmpty()) {
            return "symbol".equals(type) ? "symbol" : type;
        }
        return base(t.bases().get(0), byName, seen);
    }

    /** Tarjan's SCC over "head depends on body relation" edges; Tarjan emits SCCs dependencies-first. */
    private static List<Stratum> stratify(Map<String, RelationInfo> rels, List<Clause> clauses,
                                          Map<String, GraphSearch> searches) {
        Map<String, Set<String>> deps = new LinkedHashMap<>();
        for (String r : rels.keySet()) {
            deps.put(r, new LinkedHashSet<>());
        }
        searches.forEach((r, s) -> deps.get(r).add(s.input()));
        for (Clause c : clauses) {
            Set<String> d = deps.get(c.head().relation());
            for (Literal l : c.body()) {
                collectRelations(l, d, rels);
            }
            for (Expr e : c.head().args()) {
                collectRelations(e, d, rels);
            }
        }
        List<List<String>> sccs = new Tarjan(deps).run();
        Map<String, Integer> sccOf = new HashMap<>();
        for (int i = 0; i < sccs.size(); i++) {
            for (String r : sccs.get(i)) {
                sccOf.put(r, i);
            }
        }
        List<List<Clause>> clausesOf = new ArrayList<>(); // per SCC, in program order
        for (int i = 0; i < sccs.size(); i++) {
            clausesOf.add(new ArrayList<>());
        }
        for (Clause c : clauses) {
            Integer i = sccOf.get(c.head().relation());
            if (i != null) {
                clausesOf.get(i).add(c);
            }
        }
        List<Stratum> strata = new ArrayList<>();
        for (int i = 0; i < sccs.size(); i++) {
            Set<String> members = new LinkedHashSet<>(sccs.get(i));
            List<Clause> rules = new ArrayList<>();
            List<Clause> facts = new ArrayList<>();
            for (Clause c : clausesOf.get(i)) {
                (c.isFact() ? facts : rules).add(c);
            }
            boolean recursive = false;
            for (String m : members) {
                for (String d : deps.get(m)) {
                    recursive |= members.contains(d);
                }
            }
            strata.add(new Stratum(members, rules, facts, recursive));
        }
        return strata;
    }

    static void collectRelations(Literal l, Set<String> out, Map<String, RelationInfo> rels) {
        if (l instanceof Literal.Positive p) {
            collectAtom(p.atom(), out, rels);
        } else if (l instanceof Literal.Negated n) {
            collectAtom(n.atom(), out, rels);
        } else if (l instanceof Literal.Comparison c) {
            collectRelations(c.left(), out, rels);
            collectRelations(c.right(), out, rels);
        }
    }

    private static void collectAtom(Atom a, Set<String> out, Map<String, RelationInfo> rels) {
        if (rels.containsKey(a.relation())) {
            out.add(a.relation());
        }
        for (Expr e : a.args()) {
            collectRelations(e, out, rels);
        }
    }

    static void collectRelations(Expr e, Set<String> out, Map<String, RelationInfo> rels) {
        if (e instanceof Expr.Aggregate ag) {
            for (Literal l : ag.body()) {
                collectRelations(l, out, rels);
            }
            if (ag.target() != null) {
                collectRelations(ag.target(), out, rels);
            }
        }
        for (Expr o : e.operands()) {
            collectRelations(o, out, rels);
        }
    }

    /** Iterative Tarjan so deep dependency chains cannot overflow the stack. */
    private static final class Tarjan {
        private final Map<String, Set<String>> graph;
        private final Map<String, Integer> index = new HashMap<>();
        private final Map<String, Integer> low = new HashMap<>();
        private final Deque<String> stack = new ArrayDeque<>();
        private final Set<String> onStack = new java.util.HashSet<>();
        private final List<List<String>> out = new ArrayList<>();
        private int counter;

        Tarjan(Map<String, Set<String>> graph) {
            this.graph = graph;
        }

        List<List<String>> run() {
            for (String v : graph.keySet()) {
                if (!index.containsKey(v)) {
                    visit(v);
                }
            }
            return out;
        }

        private void visit(String root) {
            Deque<Object[]> work = new ArrayDeque<>();
            enter(root);
            work.push(new Object[]{root, graph.get(root).iterator()});
            while (!work.isEmpty()) {
                Object[] frame = work.peek();
                String v = (String) frame[0];
                @SuppressWarnings("unchecked")
                var it = (java.util.Iterator<String>) frame[1];
                if (it.hasNext()) {
                    String w = it.next();
                    if (!index.containsKey(w)) {
                        enter(w);
                        work.push(new Object[]{w, graph.get(w).iterator()});
                    } else if (onStack.contains(w)) {
                        low.put(v, Math.min(low.get(v), index.get(w)));
                    }
                } else {
                    work.pop();
                    if (!work.isEmpty()) {
                        String parent = (String) work.peek()[0];
                        low.put(parent, Math.min(low.get(parent), low.get(v)));
                    }
                    if (low.get(v).equals(index.get(v))) {
                        List<String> scc = new ArrayList<>();
                        String w;
                        do {
                            w = stack.pop();
                            onStack.remove(w);
                            scc.add(w);
                        } while (!w.equals(v));
                        out.add(scc);
                    }
                }
            }
        }

        private void enter(String v) {
            index.put(v, counter);
            low.put(v, counter);
            counter++;
            stack.push(v);
            onStack.add(v);
        }
    }
}
