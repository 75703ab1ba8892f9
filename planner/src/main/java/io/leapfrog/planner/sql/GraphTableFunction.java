package io.leapfrog.planner.sql;

import io.leapfrog.ast.GraphSearch;
import io.leapfrog.ast.SourcePos;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.planner.GraphSearches;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.prepare.RelOptTableImpl;
import org.apache.calcite.rel.logical.LogicalTableScan;
import org.apache.calcite.schema.ScannableTable;
import org.apache.calcite.schema.Schemas;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.FunctionParameter;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.TableMacro;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.util.SqlBasicVisitor;
import org.apache.calcite.util.NlsString;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A graph predicate of the Datalog dialect as a SQL table function: {@code TABLE(k_cliques('edge', 4))},
 * {@code max_cliques('edge')}, {@code maximal_cliques('edge', min_size)}, {@code quasi_cliques('edge',
 * gamma, min_size)}, each a table (c, v) with one row per member of each set, ids as the dialect gives
 * them. A table macro: Calcite calls it with the constant arguments while it validates the query, so a
 * relation that is not a table of two numeric columns, or a parameter out of its range, is an error of
 * the query; the search runs then, over the catalog's relation, and its rows are a table like any other.
 */
final class GraphTableFunction implements TableMacro {
    private final GraphSearch.Kind kind;
    private final Catalog catalog;
    private final int threads;
    /** The schema that holds the functions, and the tables of their calls, each named as its search's relation. */
    private final SchemaPlus schema;

    private GraphTableFunction(GraphSearch.Kind kind, Catalog catalog, int threads, SchemaPlus schema) {
        this.kind = kind;
        this.catalog = catalog;
        this.threads = threads;
        this.schema = schema;
    }

    /**
     * Adds the four functions, named as the predicates in the plural and searching on {@code threads}, to
     * a schema {@value #SCHEMA} inside {@code root}. A query names them without it: {@link #qualify}
     * adds it, as Calcite's conversion of a table macro's call needs a qualified name (it takes the name
     * less its last part as the schema, and asserts that there is such a part).
     */
    static void register(SchemaPlus root, Catalog catalog, int threads) {
        SchemaPlus schema = root.add(SCHEMA, new AbstractSchema());
        for (GraphSearch.Kind k : GraphSearch.Kind.values()) {
            schema.add(name(k), new GraphTableFunction(k, catalog, threads, schema));
        }
    }

    /** The schema that holds the functions. */
    static final String SCHEMA = "leapfrog";

    /** Qualifies, in place, each call of the parsed query that names one of the functions unqualified. */
    static void qualify(SqlNode parsed) {
        parsed.accept(new SqlBasicVisitor<Void>() {
            @Override
            public Void visit(SqlCall call) {
                if (call instanceof SqlBasicCall b && b.getOperator() instanceof SqlUnresolvedFunction f
                        && f.getSqlIdentifier() != null && f.getSqlIdentifier().isSimple() && isFunction(f.getName())) {
                    SqlIdentifier id = f.getSqlIdentifier();
                    b.setOperator(new SqlUnresolvedFunction(new SqlIdentifier(List.of(SCHEMA, id.getSimple()),
                            id.getParserPosition()), f.getReturnTypeInference(), f.getOperandTypeInference(),
                            f.getOperandTypeChecker(), f.getParamTypes(), f.getFunctionType()));
                }
                return super.visit(call);
            }
        });
    }

    private static boolean isFunction(String name) {
        for (GraphSearch.Kind k : GraphSearch.Kind.values()) {
            if (name(k).equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    private static String name(GraphSearch.Kind k) {
        return k.predicate + "s";
    }

    private String usage() {
        List<String> params = new ArrayList<>(List.of("'relation'"));
        params.addAll(kind.parameters);
        return name(kind) + "(" + String.join(", ", params) + ")";
    }

    @Override
    public List<FunctionParameter> getParameters() {
        List<FunctionParameter> out = new ArrayList<>();
        out.add(parameter(0, "relation", String.class));
        for (String p : kind.parameters) {
            out.add(parameter(out.size(), p, BigDecimal.class));
        }
        return out;
    }

    /**
     * A parameter of a Java type: Calcite hands a table macro its constant arguments converted to the
     * parameter's Java class (and nothing for another type). Numbers are decimals, so that a fraction
     * given for an integer parameter is seen, and refused, rather than truncated.
     */
    private static FunctionParameter parameter(int ordinal, String name, Class<?> type) {
        return new FunctionParameter() {
            @Override
            public int getOrdinal() {
                return ordinal;
            }

            @Override
            public String getName() {
                return name;
            }

            @Override
            public RelDataType getType(RelDataTypeFactory typeFactory) {
                return typeFactory.createJavaType(type);
            }

            @Override
            public boolean isOptional() {
                return false;
            }
        };
    }

    /**
     * The last call's arguments and table: Calcite asks a macro for its table several times while it
     * validates and converts one call, and the search must run once.
     */
    private List<?> lastArguments;
    private TranslatableTable lastTable;

    @Override
    public synchronized TranslatableTable apply(List<?> arguments) {
        if (!arguments.equals(lastArguments)) {
            lastTable = search(arguments);
            lastArguments = new ArrayList<>(arguments);   // (a copy that may hold nulls)
        }
        return lastTable;
    }

    private TranslatableTable search(List<?> arguments) {
        Catalog.TableInfo input = input(arguments.get(0));
        int size = 0;
        BigDecimal gamma = null;
        switch (kind) {
            case K_CLIQUE -> size = intParameter("k", arguments.get(1), GraphSearch.MAX_K);
            case MAXIMAL_CLIQUE -> size = intParameter("min_size", arguments.get(1), Integer.MAX_VALUE);
            case QUASI_CLIQUE -> {
                gamma = gamma(arguments.get(1));
                size = intParameter("min_size", arguments.get(2), Integer.MAX_VALUE);
            }
            case MAX_CLIQUE -> { }
        }
        GraphSearch search = new GraphSearch(kind, input.name(), size, gamma, true, SourcePos.NONE);
        Catalog.TableInfo rows = new Catalog.TableInfo(search.relationName(), List.of("c", "v"),
                List.of(ColumnKind.NUMBER, input.kinds().get(0)),
                GraphSearches.run(search, input.data(), threads));
        SearchedTable table = new SearchedTable(rows, catalog.symbols(), schema);
        schema.add(rows.name(), table);
        return table;
    }

    /**
     * The search's rows, a catalog table that a macro's call translates into a scan. The scan names the
     * table as the schema holds it (its search's relation), not as the call names the function, so that
     * Calcite's generated code finds it; a leapfrog join reads its relation as stored.
     */
    private static final class SearchedTable extends CatalogTable implements TranslatableTable {
        private final SchemaPlus schema;

        SearchedTable(Catalog.TableInfo info, io.leapfrog.exec.storage.SymbolTable symbols, SchemaPlus schema) {
            super(info, symbols);
            this.schema = schema;
        }

        @Override
        public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
            String name = info().name();
            RelOptTable named = RelOptTableImpl.create(relOptTable.getRelOptSchema(), relOptTable.getRowType(),
                    List.of(SCHEMA, name), this, Schemas.tableExpression(schema, Object[].class, name, ScannableTable.class));
            return LogicalTableScan.create(context.getCluster(), named, context.getTableHints());
        }
    }

    /** The table the first argument names: two columns, both numbers or both unsigned. */
    private Catalog.TableInfo input(Object arg) {
        String name = arg instanceof NlsString s ? s.getValue() : arg instanceof CharSequence c ? c.toString() : null;
        if (name == null) {
            throw error("the first argument names the table whose graph it searches, as a string constant");
        }
        Catalog.TableInfo t;
        try {
            t = catalog.table(name);
        } catch (LeapfrogException e) {
            throw error("unknown table '" + name + "'. Known tables: " + String.join(", ",
                    catalog.tables().stream().map(Catalog.TableInfo::name).toList()));
        }
        if (t.kinds().size() != 2 || t.kinds().get(0) != t.kinds().get(1)
                || !(t.kinds().get(0) == ColumnKind.NUMBER || t.kinds().get(0) == ColumnKind.UNSIGNED)) {
            throw error("reads a table of two columns (an edge list), both INTEGER (number) or both BIGINT"
                    + " (unsigned); " + t.name() + " has " + t.kinds().size() + " column(s) of "
                    + t.kinds().stream().map(k -> k.sqlType().getName()).toList());
        }
        return t;
    }

    private int intParameter(String name, Object arg, int hi) {
        BigDecimal v = number(arg);
        if (v == null || v.stripTrailingZeros().scale() > 0 || v.compareTo(BigDecimal.ONE) < 0
                || v.compareTo(BigDecimal.valueOf(hi)) > 0) {
            throw error("the " + name + " is an integer constant from 1" + (hi == Integer.MAX_VALUE ? " up" : " to " + hi));
        }
        return v.intValueExact();
    }

    private BigDecimal gamma(Object arg) {
        BigDecimal g = number(arg);
        if (g == null || g.compareTo(new BigDecimal("0.5")) < 0 || g.compareTo(BigDecimal.ONE) > 0) {
            throw error("the gamma is a constant from 0.5 to 1 (every member adjacent to at least that fraction"
                    + " of the others; below 0.5 a quasi-clique need not be connected)");
        }
        return g.stripTrailingZeros();
    }

    /** A numeric constant argument exactly as written, or null (not a constant, or not a number). */
    private static BigDecimal number(Object arg) {
        if (arg instanceof BigDecimal b) {
            return b;
        }
        if (arg instanceof Integer || arg instanceof Long || arg instanceof Short || arg instanceof Byte) {
            return BigDecimal.valueOf(((Number) arg).longValue());
        }
        if (arg instanceof Number n) {
            return new BigDecimal(n.toString());
        }
        return null;
    }

    private LeapfrogException error(String what) {
        return new LeapfrogException("sql: error: " + name(kind) + ": " + what + ". Usage: " + usage());
    }
}
