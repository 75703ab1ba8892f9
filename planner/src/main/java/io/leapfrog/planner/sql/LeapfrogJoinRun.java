package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.join.JoinExecutor;
import io.leapfrog.exec.join.LevelFilter;
import io.leapfrog.exec.join.TupleSink;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.exec.storage.SymbolTable;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;
import org.apache.calcite.sql.type.SqlTypeName;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the code Calcite generates for an {@link EnumerableLeapfrogJoin} calls: encodes the join's inputs
 * (stored tables as they are, evaluated inputs from Calcite's rows), builds the {@code JoinQuery}
 * ({@link JoinQueryCompiler}) and runs it on the {@link JoinExecutor} handed in from outside, then
 * decodes the bindings into rows as Calcite represents them (one value per field; a scalar when the
 * row has one field). One instance per planned join; each call is one run.
 */
public final class LeapfrogJoinRun {
    private final JoinShape shape;
    private final List<AtomSource> sources;
    private final SymbolTable symbols;
    private final JoinPlacement placement;
    /** Fields of the rows produced: the join's, or (count) the number of COUNT(*) columns. */
    private final int outputWidth;
    private final SqlTypeName[] fieldType;

    LeapfrogJoinRun(JoinShape shape, List<AtomSource> sources, SymbolTable symbols, JoinPlacement placement,
                    int outputWidth) {
        this.shape = shape;
        this.sources = List.copyOf(sources);
        this.symbols = symbols;
        this.placement = placement;
        this.outputWidth = outputWidth;
        this.fieldType = new SqlTypeName[shape.rowType().getFieldCount()];
        for (int f = 0; f < fieldType.length; f++) {
            fieldType[f] = shape.rowType().getFieldList().get(f).getType().getSqlTypeName();
        }
    }

    /**
     * The join's rows; {@code evaluated} holds the rows of the evaluated inputs, in input order. The join
     * runs when the rows are enumerated, and again at each enumeration (as Calcite's operators do: the
     * step of a recursive query is enumerated once per round).
     */
    @SuppressWarnings("rawtypes")
    public Enumerable<Object> rows(Enumerable[] evaluated, BindingPredicate[] predicates) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object> enumerator() {
                QuerySymbols querySymbols = new QuerySymbols(symbols);
                JoinQueryCompiler.Compiled c = compile(evaluated, predicates, querySymbols);
                if (c.empty()) {
                    return Linq4j.emptyEnumerator();
                }
                int levels = shape.varCount();
                List<Collector> sinks = placement.executor().run(c.query(), placement.threads(),
                        () -> new Collector(levels), shape.label());
                return new BindingEnumerator(sinks, levels, querySymbols);
            }
        };
    }

    /** One row: the number of the join's rows in each of the {@code outputWidth} columns, counted, never built. */
    @SuppressWarnings("rawtypes")
    public Enumerable<Object> count(Enumerable[] evaluated, BindingPredicate[] predicates) {
        return new AbstractEnumerable<>() {
            @Override
            public Enumerator<Object> enumerator() {
                JoinQueryCompiler.Compiled c = compile(evaluated, predicates, new QuerySymbols(symbols));
                long n = c.empty() ? 0 : placement.executor().count(c.query(), placement.threads(), shape.label());
                if (outputWidth == 1) {
                    return Linq4j.singletonEnumerator(n);
                }
                Object[] row = new Object[outputWidth];
                Arrays.fill(row, n);
                return Linq4j.singletonEnumerator(row);
            }
        };
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private JoinQueryCompiler.Compiled compile(Enumerable[] evaluated, BindingPredicate[] predicates, QuerySymbols qs) {
        List<Relation> atoms = new ArrayList<>();
        int next = 0;
        for (int a = 0; a < sources.size(); a++) {
            if (sources.get(a) instanceof AtomSource.Stored stored) {
                atoms.add(stored.relation(symbols));
            } else {
                atoms.add(encode((Enumerable<Object[]>) evaluated[next++], shape.atomWidth()[a], qs));
            }
        }
        List<LevelFilter> filters = new ArrayList<>();
        for (BindingPredicate p : predicates) {
            filters.add(binding -> p.test(binding, qs));
        }
        return JoinQueryCompiler.compile(shape, atoms, filters);
    }

    /** Calcite's rows of an evaluated input as ints: numbers as they are, strings through the query's symbols. */
    private static Relation encode(Enumerable<Object[]> rows, int width, QuerySymbols qs) {
        RelationBuilder b = new RelationBuilder(width);
        int[] tuple = new int[width];
        try (Enumerator<Object[]> e = rows.enumerator()) {
            while (e.moveNext()) {
                Object[] row = e.current();
                for (int c = 0; c < width; c++) {
                    tuple[c] = encode(row[c], qs);
                }
                b.add(tuple);
            }
        }
        return b.build();
    }

    private static int encode(Object value, QuerySymbols qs) {
        if (value instanceof String s) {
            return qs.encode(s);
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).intValue();
        }
        // the planner joins only INTEGER, SMALLINT, TINYINT and string fields that are never NULL
        throw new LeapfrogException("sql: error: internal: a join input holds " + value
                + (value == null ? "" : " (" + value.getClass().getSimpleName() + ")") + ", which is no join value");
    }

    private Object decode(int value, int field, QuerySymbols qs) {
        return switch (fieldType[field]) {
            case CHAR, VARCHAR -> qs.symbol(value);
            case SMALLINT -> (short) value;
            case TINYINT -> (byte) value;
            default -> value;
        };
    }

    /** The rows of the bindings the workers collected, decoded one at a time. */
    private final class BindingEnumerator implements Enumerator<Object> {
        private final List<Collector> sinks;
        private final int levels;
        private final QuerySymbols qs;
        private final int[] fieldLevel = shape.fieldLevel();
        private int sink;
        private int row = -1;
        private Object current;

        BindingEnumerator(List<Collector> sinks, int levels, QuerySymbols qs) {
            this.sinks = sinks;
            this.levels = levels;
            this.qs = qs;
        }

        @Override
        public Object current() {
            return current;
        }

        @Override
        public boolean moveNext() {
            row++;
            while (sink < sinks.size() && row >= sinks.get(sink).size) {
                sink++;
                row = 0;
            }
            if (sink >= sinks.size()) {
                return false;
            }
            int[] data = sinks.get(sink).data;
            int base = row * levels;
            if (fieldLevel.length == 1) {
                current = decode(data[base + fieldLevel[0]], 0, qs);
            } else {
                Object[] values = new Object[fieldLevel.length];
                for (int f = 0; f < values.length; f++) {
                    values[f] = decode(data[base + fieldLevel[f]], f, qs);
                }
                current = values;
            }
            return true;
        }

        @Override
        public void reset() {
            sink = 0;
            row = -1;
        }

        @Override
        public void close() {
        }
    }

    /** Collects bindings in one growable int array per worker. */
    static final class Collector implements TupleSink {
        private final int width;
        int[] data = new int[1024];
        int size;

        Collector(int width) {
            this.width = width;
        }

        @Override
        public void accept(int[] binding) {
            if ((size + 1) * width > data.length) {
                data = Arrays.copyOf(data, Math.max(data.length * 2, (size + 1) * width));
            }
            System.arraycopy(binding, 0, data, size * width, width);
            size++;
        }
    }
}
