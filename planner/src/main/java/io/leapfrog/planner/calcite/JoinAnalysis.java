package io.leapfrog.planner.calcite;

import io.leapfrog.planner.JoinProblem;
import io.leapfrog.planner.JoinProblem.JoinAtom;
import io.leapfrog.planner.JoinProblem.JoinPredicate;
import io.leapfrog.planner.JoinProblem.JoinPredicate.Kind;
import io.leapfrog.planner.order.GreedyVariableOrder;
import io.leapfrog.planner.order.PredicatePlacement;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.logical.LogicalFilter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@link MultiJoin} into a {@link LogicalLeapfrogJoin}: finds the join variables (classes of fields
 * that equality conditions make equal), lifts conditions over several fields out of filtered inputs,
 * turns every remaining condition into a {@link LevelPredicate}, reads the inputs' statistics through
 * Calcite's metadata, and asks {@link GreedyVariableOrder} for the order.
 */
final class JoinAnalysis {

    private JoinAnalysis() { }

    /** The LogicalLeapfrogJoin for {@code mj}, or null when it is not an inner join of duplicate-free inputs. */
    static LogicalLeapfrogJoin toLeapfrogJoin(MultiJoin mj, RelMetadataQuery mq) {
        if (mj.isFullOuterJoin() || mj.getInputs().size() < 2) {
            return null;
        }
        for (JoinRelType t : mj.getJoinTypes()) {
            if (t != JoinRelType.INNER) {
                return null;
            }
        }
        RexBuilder rex = mj.getCluster().getRexBuilder();
        List<RexNode> conjuncts = new ArrayList<>(RelOptUtil.conjunctions(mj.getJoinFilter()));
        if (mj.getPostJoinFilter() != null) {
            conjuncts.addAll(RelOptUtil.conjunctions(mj.getPostJoinFilter()));
        }
        List<RelNode> inputs = new ArrayList<>();
        int offset = 0;
        for (RelNode input : mj.getInputs()) {
            inputs.add(liftConditions(input.stripped(), offset, conjuncts, rex));
            offset += input.getRowType().getFieldCount();
        }
        for (RelNode input : inputs) {
            if (!Boolean.TRUE.equals(mq.areRowsUnique(input))) {
                return null; // bag inputs: a trie would lose their duplicates
            }
            for (RelDataTypeField field : input.getRowType().getFieldList()) {
                if (!storableInTrie(field.getType())) {
                    return null; // trie values are ints: numbers or interned strings only
                }
            }
        }
        int fieldCount = offset;
        List<String> fieldNames = mj.getRowType().getFieldNames();
        int[] inputOf = new int[fieldCount];
        int[] columnOf = new int[fieldCount];
        List<String> atomNames = new ArrayList<>();
        for (int i = 0, f = 0; i < inputs.size(); i++) {
            atomNames.add(atomName(inputs.get(i), i));
            int n = inputs.get(i).getRowType().getFieldCount();
            for (int c = 0; c < n; c++, f++) {
                inputOf[f] = i;
                columnOf[f] = c;
            }
        }

        // Join variables: union-find over the fields, merged by equality conditions between two fields.
        int[] parent = new int[fieldCount];
        for (int f = 0; f < fieldCount; f++) {
            parent[f] = f;
        }
        List<RexNode> rest = new ArrayList<>();
        for (RexNode c : conjuncts) {
            if (c.isAlwaysTrue()) {
                continue;
            }
            if (c.getKind() == SqlKind.EQUALS && c instanceof RexCall call
                    && call.getOperands().get(0) instanceof RexInputRef a
                    && call.getOperands().get(1) instanceof RexInputRef b) {
                parent[find(parent, a.getIndex())] = find(parent, b.getIndex());
            } else {
                rest.add(c);
            }
        }
        int[] fieldVariable = new int[fieldCount];
        Map<Integer, Integer> rootToVar = new HashMap<>();
        List<String> variableNames = new ArrayList<>();
        List<List<Integer>> members = new ArrayList<>();
        for (int f = 0; f < fieldCount; f++) {
            Integer v = rootToVar.get(find(parent, f));
            if (v == null) {
                v = variableNames.size();
                rootToVar.put(find(parent, f), v);
                variableNames.add(null);
                members.add(new ArrayList<>());
            }
            fieldVariable[f] = v;
            members.get(v).add(f);
        }
        for (int v = 0; v < variableNames.size(); v++) {
            variableNames.set(v, variableName(members.get(v), inputs, atomNames, inputOf, columnOf));
        }
        Map<String, Integer> byName = new HashMap<>();
        for (int v = 0; v < variableNames.size(); v++) {
            byName.putIfAbsent(variableNames.get(v), v);
        }
        // Variables defined by Datalog assignments have no field: add them before reading predicates.
        for (RexNode c : rest) {
            DatalogPredicateOperator op = datalogOperator(c);
            if (op != null && op.predicate().kind() == Kind.ASSIGNMENT && op.predicate().defines() >= 0) {
                String name = DatalogNames.variable(op.predicate().defines());
                if (!byName.containsKey(name)) {
                    byName.put(name, variableNames.size());
                    variableNames.add(name);
                }
            }
        }
        List<LevelPredicate> predicates = new ArrayList<>();
        for (RexNode c : rest) {
            predicates.add(predicate(c, fieldVariable, byName, variableNames));
        }

        JoinProblem problem = neutralProblem(mj, inputs, atomNames, variableNames, fieldVariable, predicates, mq);
        GreedyVariableOrder.Ordering ordering = GreedyVariableOrder.choose(problem);
        int[] levels = PredicatePlacement.levels(problem.predicates(), ordering.order());
        return new LogicalLeapfrogJoin(mj.getCluster(), mj.getTraitSet(), inputs, mj.getRowType(), atomNames,
                variableNames, fieldVariable, predicates, ordering.order(), levels, ordering.estimatedRows());
    }

    /**
     * Peels filters off an input: conditions over two or more fields (a.src &lt; a.dst, a.src = a.dst) and
     * Datalog predicates move up into the join (shifted by {@code offset}); the rest (a field against a
     * constant) stay as a selection on the input.
     */
    private static RelNode liftConditions(RelNode input, int offset, List<RexNode> lifted, RexBuilder rex) {
        if (!(input instanceof Filter filter)) {
            return input;
        }
        RelNode below = liftConditions(filter.getInput().stripped(), offset, lifted, rex);
        List<RexNode> keep = new ArrayList<>();
        for (RexNode c : RelOptUtil.conjunctions(filter.getCondition())) {
            if (datalogOperator(c) != null || RelOptUtil.InputFinder.bits(c).cardinality() >= 2) {
                lifted.add(RexUtil.shift(c, offset));
            } else {
                keep.add(c);
            }
        }
        if (keep.isEmpty()) {
            return below;
        }
        return LogicalFilter.create(below, RexUtil.composeConjunction(rex, keep));
    }

    /**
     * Columns a trie holds as they are: 32-bit integers and symbols that are never NULL. BIGINT (unsigned
     * columns, and counts), floating-point and nullable inputs are joined by hash joins on their decoded
     * values instead.
     */
    private static boolean storableInTrie(RelDataType type) {
        if (type.isNullable()) {
            return false; // the padded side of an outer join: a NULL is no trie value
        }
        SqlTypeName t = type.getSqlTypeName();
        return t == SqlTypeName.INTEGER || t == SqlTypeName.SMALLINT || t == SqlTypeName.TINYINT
                || SqlTypeName.CHAR_TYPES.contains(t);
    }

    private static int find(int[] parent, int f) {
        while (parent[f] != f) {
            parent[f] = parent[parent[f]];
            f = parent[f];
        }
        return f;
    }

    /** The name of the table an input scans (through filters), made unique by its position. */
    private static String atomName(RelNode input, int index) {
        RelNode r = input.stripped();
        while (r instanceof Filter f) {
            r = f.getInput().stripped();
        }
        if (r instanceof TableScan scan) {
            StatisticsTable t = scan.getTable().unwrap(StatisticsTable.class);
            String name = t != null ? t.name() : scan.getTable().getQualifiedName().get(scan.getTable().getQualifiedName().size() - 1);
            return name + "#" + index;
        }
        return r.getRelTypeName() + "#" + index;
    }

    /** The common column name when all fields agree (Datalog: v3), else atom.column of the first. */
    private static String variableName(List<Integer> fields, List<RelNode> inputs, List<String> atomNames,
                                       int[] inputOf, int[] columnOf) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (int f : fields) {
            names.add(inputs.get(inputOf[f]).getRowType().getFieldNames().get(columnOf[f]));
        }
        if (names.size() == 1 && DatalogNames.isVariable(names.iterator().next())) {
            return names.iterator().next();
        }
        int f = fields.get(0);
        return atomNames.get(inputOf[f]) + "." + inputs.get(inputOf[f]).getRowType().getFieldNames().get(columnOf[f]);
    }

    static DatalogPredicateOperator datalogOperator(RexNode c) {
        if (c instanceof RexCall call && call.getOperator() instanceof DatalogPredicateOperator op) {
            return op;
        }
        return null;
    }

    private static LevelPredicate predicate(RexNode c, int[] fieldVariable, Map<String, Integer> byName,
                                            List<String> variableNames) {
        DatalogPredicateOperator op = datalogOperator(c);
        if (op != null) {
            JoinPredicate p = op.predicate();
            int[] vars = new int[p.vars().size()];
            for (int i = 0; i < vars.length; i++) {
                String name = DatalogNames.variable(p.vars().get(i));
                Integer v = byName.get(name);
                if (v == null) {
                    // bound by no atom and no assignment: the engine rejects such rules; keep the plan total
                    v = variableNames.size();
                    byName.put(name, v);
                    variableNames.add(name);
                }
                vars[i] = v;
            }
            int defines = p.kind() == Kind.ASSIGNMENT && p.defines() >= 0
                    ? byName.get(DatalogNames.variable(p.defines())) : -1;
            return new LevelPredicate(c, p.kind(), vars, defines, p.text());
        }
        ImmutableBitSet fields = RelOptUtil.InputFinder.bits(c);
        LinkedHashSet<Integer> vars = new LinkedHashSet<>();
        for (int f : fields) {
            vars.add(fieldVariable[f]);
        }
        int[] varArray = vars.stream().mapToInt(Integer::intValue).toArray();
        Kind kind = isBound(c) ? Kind.BOUND : Kind.COMPARISON;
        return new LevelPredicate(c, kind, varArray, -1, text(c, fieldVariable, variableNames));
    }

    /** A comparison between two fields that the join can turn into a seek bound. */
    private static boolean isBound(RexNode c) {
        if (!(c instanceof RexCall call) || call.getOperands().size() != 2) {
            return false;
        }
        boolean cmp = switch (c.getKind()) {
            case LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> true;
            default -> false;
        };
        return cmp && call.getOperands().get(0) instanceof RexInputRef && call.getOperands().get(1) instanceof RexInputRef;
    }

    /** The condition with each field reference replaced by its variable's name. */
    private static String text(RexNode c, int[] fieldVariable, List<String> variableNames) {
        return RexText.of(c, f -> f < fieldVariable.length ? variableNames.get(fieldVariable[f]) : "$" + f);
    }

    /** The join as the order heuristic sees it: atoms over variables with Calcite's statistics. */
    private static JoinProblem neutralProblem(MultiJoin mj, List<RelNode> inputs, List<String> atomNames,
                                              List<String> variableNames, int[] fieldVariable,
                                              List<LevelPredicate> predicates, RelMetadataQuery mq) {
        List<JoinAtom> atoms = new ArrayList<>();
        int offset = 0;
        for (int i = 0; i < inputs.size(); i++) {
            RelNode in = inputs.get(i);
            int n = in.getRowType().getFieldCount();
            List<Integer> vars = new ArrayList<>();
            List<Long> distinct = new ArrayList<>();
            for (int c = 0; c < n; c++) {
                int v = fieldVariable[offset + c];
                if (!vars.contains(v)) {
                    vars.add(v);
                    Double d = mq.getDistinctRowCount(in, ImmutableBitSet.of(c), null);
                    distinct.add(d == null ? 0L : (long) Math.ceil(d));
                }
            }
            Double rows = mq.getRowCount(in);
            long card = rows == null ? 1L : (long) Math.ceil(rows);
            atoms.add(new JoinAtom(atomNames.get(i), vars, card, distinct.stream().mapToLong(Long::longValue).toArray()));
            offset += n;
        }
        List<JoinPredicate> preds = new ArrayList<>();
        for (LevelPredicate p : predicates) {
            List<Integer> vars = new ArrayList<>();
            for (int v : p.vars()) {
                vars.add(v);
            }
            preds.add(new JoinPredicate(p.kind(), p.text(), vars, p.defines()));
        }
        return new JoinProblem(mj.getRelTypeName(), variableNames, atoms, preds);
    }
}
