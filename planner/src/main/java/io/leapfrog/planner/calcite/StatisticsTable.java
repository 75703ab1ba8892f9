package io.leapfrog.planner.calcite;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.List;

/**
 * A Calcite table that carries Leapfrog's statistics: the row count (as a {@link Statistic}, with all
 * columns together as a key, because relations are sets) and the distinct count of each column, which
 * {@link LeapfrogMetadata} serves as Calcite's distinct-row-count metadata. {@code payload} is whatever
 * the executor needs to scan it (the SQL path stores its catalog entry there); planning never reads it.
 */
public class StatisticsTable extends AbstractTable {

    private final String name;
    private final List<String> columns;
    private final List<SqlTypeName> types;
    private final double rowCount;
    private final long[] distinct;
    private final Object payload;

    public StatisticsTable(String name, List<String> columns, List<SqlTypeName> types, double rowCount,
                           long[] distinct, Object payload) {
        this.name = name;
        this.columns = List.copyOf(columns);
        this.types = List.copyOf(types);
        this.rowCount = rowCount;
        this.distinct = distinct.clone();
        this.payload = payload;
    }

    public String name() {
        return name;
    }

    public List<String> columns() {
        return columns;
    }

    public double rowCount() {
        return rowCount;
    }

    public Object payload() {
        return payload;
    }

    /** Distinct values of {@code column}; the row count when unknown. */
    public double distinct(int column) {
        if (column < distinct.length && distinct[column] > 0) {
            return distinct[column];
        }
        return rowCount;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (int i = 0; i < columns.size(); i++) {
            b.add(columns.get(i), typeFactory.createTypeWithNullability(typeFactory.createSqlType(types.get(i)), false));
        }
        return b.build();
    }

    @Override
    public Statistic getStatistic() {
        return Statistics.of(rowCount, List.of(ImmutableBitSet.range(columns.size())));
    }
}
