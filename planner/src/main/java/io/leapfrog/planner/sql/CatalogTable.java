package io.leapfrog.planner.sql;

import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;
import io.leapfrog.planner.calcite.StatisticsTable;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.ScannableTable;

import java.util.ArrayList;
import java.util.List;

/**
 * A catalog table as Calcite sees it: its statistics for the planner ({@link StatisticsTable}) and a scan
 * that Calcite's generated code calls, which decodes each stored tuple into the values SQL computes with
 * ({@link ColumnKind#decode}). The leapfrog join reads {@link #info()}'s relation directly instead.
 */
class CatalogTable extends StatisticsTable implements ScannableTable {

    private final Catalog.TableInfo info;
    private final SymbolTable symbols;

    CatalogTable(Catalog.TableInfo info, SymbolTable symbols) {
        super(info.name(), info.columns(), sqlTypes(info), info.data().size(), distinctCounts(info.data()), info);
        this.info = info;
        this.symbols = symbols;
    }

    private static List<org.apache.calcite.sql.type.SqlTypeName> sqlTypes(Catalog.TableInfo info) {
        List<org.apache.calcite.sql.type.SqlTypeName> types = new ArrayList<>();
        for (ColumnKind k : info.kinds()) {
            types.add(k.sqlType());
        }
        return types;
    }

    private static long[] distinctCounts(Relation data) {
        long[] distinct = new long[data.arity()];
        for (int c = 0; c < distinct.length; c++) {
            distinct[c] = data.distinctCount(c);
        }
        return distinct;
    }

    Catalog.TableInfo info() {
        return info;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        RelDataTypeFactory.Builder b = typeFactory.builder();
        for (int c = 0; c < info.columns().size(); c++) {
            ColumnKind kind = info.kinds().get(c);
            b.add(info.columns().get(c), typeFactory.createTypeWithNullability(typeFactory.createSqlType(kind.sqlType()),
                    kind.nullable()));
        }
        return b.build();
    }

    @Override
    public Enumerable<Object[]> scan(DataContext root) {
        Relation data = info.data();
        int arity = info.columns().size();
        ColumnKind[] kinds = info.kinds().toArray(new ColumnKind[0]);
        String[] where = new String[arity];
        for (int c = 0; c < arity; c++) {
            where[c] = "table " + info.name() + ", column " + info.columns().get(c);
        }
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object[]> enumerator() {
                return new Enumerator<>() {
                    private int row = -1;
                    private Object[] values;

                    @Override
                    public Object[] current() {
                        return values;
                    }

                    @Override
                    public boolean moveNext() {
                        if (++row >= data.size()) {
                            return false;
                        }
                        values = new Object[arity];
                        for (int c = 0; c < arity; c++) {
                            values[c] = kinds[c].decode(data.get(row, c), symbols, where[c]);
                        }
                        return true;
                    }

                    @Override
                    public void reset() {
                        row = -1;
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
    }
}
