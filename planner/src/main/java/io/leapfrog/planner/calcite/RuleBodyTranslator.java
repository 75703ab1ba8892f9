package io.leapfrog.planner.calcite;

import io.leapfrog.planner.JoinProblem;
import io.leapfrog.planner.JoinProblem.JoinAtom;
import io.leapfrog.planner.JoinProblem.JoinPredicate;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.prepare.RelOptTableImpl;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.RelBuilder;

import com.google.common.collect.ImmutableList;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A Datalog rule body ({@link JoinProblem}) as a Calcite plan: one scan per atom over a
 * {@link StatisticsTable} whose columns are named after the atom's variables ({@link DatalogNames}),
 * inner joins on the variables an atom shares with the atoms before it, and one filter with every
 * predicate as a {@link DatalogPredicateOperator} call over the fields of the variables it reads.
 */
public final class RuleBodyTranslator {

    private static final RelDataTypeFactory TYPES = new JavaTypeFactoryImpl();

    private RuleBodyTranslator() { }

    /** A cluster whose metadata reads Leapfrog's statistics. */
    public static RelOptCluster cluster(RelOptPlanner planner) {
        RelOptCluster cluster = RelOptCluster.create(planner, new RexBuilder(TYPES));
        cluster.setMetadataProvider(LeapfrogMetadata.PROVIDER);
        cluster.setMetadataQuerySupplier(LeapfrogMetadata::query);
        return cluster;
    }

    public static RelNode translate(JoinProblem problem, RelOptCluster cluster) {
        RelBuilder b = RelBuilder.proto(Contexts.empty()).create(cluster, null);
        int n = problem.variables().size();
        int[] firstField = new int[n];
        java.util.Arrays.fill(firstField, -1);
        int width = 0;
        for (int k = 0; k < problem.atoms().size(); k++) {
            JoinAtom atom = problem.atoms().get(k);
            b.push(scan(cluster, atom, k));
            List<RexNode> conditions = new ArrayList<>();
            if (k > 0) {
                for (int c = 0; c < atom.vars().size(); c++) {
                    int v = atom.vars().get(c);
                    if (firstField[v] >= 0) {
                        conditions.add(b.equals(b.field(2, 0, firstField[v]), b.field(2, 1, c)));
                    }
                }
                b.join(JoinRelType.INNER, conditions.isEmpty() ? b.literal(true) : b.and(conditions));
            }
            for (int c = 0; c < atom.vars().size(); c++) {
                int v = atom.vars().get(c);
                if (firstField[v] < 0) {
                    firstField[v] = width + c;
                }
            }
            width += atom.vars().size();
        }
        List<RexNode> predicates = new ArrayList<>();
        for (int p = 0; p < problem.predicates().size(); p++) {
            JoinPredicate pr = problem.predicates().get(p);
            List<RexNode> operands = new ArrayList<>();
            for (int v : pr.vars()) {
                if (firstField[v] >= 0) {
                    operands.add(b.field(firstField[v]));
                }
            }
            if (pr.kind() == JoinPredicate.Kind.ASSIGNMENT && pr.defines() >= 0 && firstField[pr.defines()] >= 0) {
                operands.add(b.field(firstField[pr.defines()]));
            }
            predicates.add(b.call(new DatalogPredicateOperator(p, pr), operands));
        }
        if (!predicates.isEmpty()) {
            b.filter(predicates);
        }
        return b.build();
    }

    private static RelNode scan(RelOptCluster cluster, JoinAtom atom, int k) {
        List<String> columns = new ArrayList<>();
        for (int v : atom.vars()) {
            columns.add(DatalogNames.variable(v));
        }
        StatisticsTable table = new StatisticsTable(atom.relation(), columns,
                Collections.nCopies(columns.size(), SqlTypeName.INTEGER), atom.cardinality(),
                atom.distinct() == null ? new long[0] : atom.distinct(), null);
        RelOptTableImpl relOptTable = RelOptTableImpl.create(null, table.getRowType(cluster.getTypeFactory()),
                ImmutableList.of(atom.relation() + "#" + k), table, (org.apache.calcite.linq4j.tree.Expression) null);
        return LogicalTableScan.create(cluster, relOptTable, List.of());
    }
}
