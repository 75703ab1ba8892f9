package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.planner.calcite.LeapfrogMetadata;
import io.leapfrog.planner.calcite.LeapfrogPrograms;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.interpreter.Bindables;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.runtime.Bindable;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperatorTable;
import org.apache.calcite.sql.fun.SqlLibrary;
import org.apache.calcite.sql.fun.SqlLibraryOperatorTableFactory;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.util.SqlOperatorTables;
import org.apache.calcite.sql.validate.SqlConformance;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.apache.calcite.tools.Programs;
import org.apache.calcite.tools.RelConversionException;
import org.apache.calcite.tools.ValidationException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * SQL over Leapfrog relations, run by Calcite: Calcite parses, validates and converts the query over a
 * schema of the catalog's tables (names and columns matched without regard to case); the rewrite of
 * {@link LeapfrogPrograms} turns inner equi-joins into one logical LogicalLeapfrogJoin with a variable order;
 * Calcite's Volcano planner then implements the plan in its enumerable convention, with Calcite's
 * enumerable rules and the leapfrog join's ({@link EnumerableLeapfrogJoinRule}, {@link LeapfrogCountRule}); and
 * Calcite's generated code runs it ({@link GeneratedCode}), every operator and function Calcite's own,
 * the joins leapfrog triejoins on the {@link JoinPlacement}'s executor. Thread-safe: each query has its
 * own Calcite planner.
 */
public final class SqlEngine {

    /**
     * Calcite's types, but CASE/UNION over strings of different lengths yields VARCHAR, not a blank-padded
     * CHAR, and SUM of an INTEGER (or smaller) column is a BIGINT, as in PostgreSQL: Calcite's own
     * INTEGER sum would wrap around past 2^31.
     */
    /** Forgets an engine's filters once the engine is unreachable. */
    private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();

    private static final RelDataTypeSystem TYPE_SYSTEM = new RelDataTypeSystemImpl() {
        @Override
        public boolean shouldConvertRaggedUnionTypesToVarying() {
            return true;
        }

        @Override
        public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
            SqlTypeName t = argumentType.getSqlTypeName();
            if (t == SqlTypeName.INTEGER || t == SqlTypeName.SMALLINT || t == SqlTypeName.TINYINT) {
                return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.BIGINT),
                        argumentType.isNullable());
            }
            return super.deriveSumType(typeFactory, argumentType);
        }
    };

    private static final SqlConformance CONFORMANCE = SqlConformanceEnum.LENIENT;

    /**
     * SQL's standard operators and functions, and those of Calcite's PostgreSQL library (CONCAT with
     * NULLs as empty strings, LENGTH, LEFT, STRPOS, ...): DuckDB's dialect is PostgreSQL's.
     */
    private static final SqlOperatorTable OPERATORS = SqlOperatorTables.chain(SqlStdOperatorTable.instance(),
            SqlLibraryOperatorTableFactory.INSTANCE.getOperatorTable(SqlLibrary.POSTGRESQL));

    /** Inner joins that could not become a LogicalLeapfrogJoin (inputs with duplicates or NULLs) back to Calcite's joins. */
    private static final HepProgram MULTI_JOINS_TO_JOINS = new HepProgramBuilder()
            .addRuleInstance(CoreRules.MULTI_JOIN_OPTIMIZE)
            .build();

    /**
     * What Volcano needs to implement any plan Calcite's converter makes: Calcite's enumerable rules,
     * and the logical rewrites into forms those implement (DISTINCT aggregates into joins of plain
     * aggregates, statistical aggregates into sums and counts, window functions out of projections), and
     * Calcite's interpreted scan for tables that have no generated-code scan (a recursive query's
     * working table).
     */
    private static final List<RelOptRule> IMPLEMENTATION_RULES = implementationRules();

    private static List<RelOptRule> implementationRules() {
        List<RelOptRule> rules = new ArrayList<>(EnumerableRules.ENUMERABLE_RULES);
        // a recursive query's working table has no generated-code scan: Calcite's interpreter reads it
        rules.add(Bindables.BINDABLE_TABLE_SCAN_RULE);
        rules.add(EnumerableRules.TO_INTERPRETER);
        rules.add(CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES);
        rules.add(CoreRules.AGGREGATE_EXPAND_WITHIN_DISTINCT);
        rules.add(CoreRules.AGGREGATE_REDUCE_FUNCTIONS);
        rules.add(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW);
        rules.add(CoreRules.PROJECT_MERGE);
        rules.add(CoreRules.FILTER_MERGE);
        return List.copyOf(rules);
    }

    private final Catalog catalog;
    private final JoinPlacement placement;
    /** This engine's key for the catalog's filter relations ({@link FilterFunction}), registered while it lives. */
    private final String filtersKey;
    private final SchemaPlus rootSchema;
    private final FrameworkConfig config;

    public SqlEngine(Catalog catalog) {
        this(catalog, Runtime.getRuntime().availableProcessors());
    }

    /** Joins on the CPU with {@code threads} workers. */
    public SqlEngine(Catalog catalog, int threads) {
        this(catalog, JoinPlacement.cpu(threads));
    }

    public SqlEngine(Catalog catalog, JoinPlacement placement) {
        this.catalog = catalog;
        this.placement = placement;
        String key = FilterFunction.register(catalog.filters());
        this.filtersKey = key;
        CLEANER.register(this, () -> FilterFunction.release(key));   // the action holds the key, not the engine
        this.rootSchema = Frameworks.createRootSchema(false);
        for (Catalog.TableInfo t : catalog.tables()) {
            rootSchema.add(t.name(), new CatalogTable(t, catalog.symbols()));
        }
        GraphTableFunction.register(rootSchema, catalog, placement.threads());
        FilterFunction.addTo(rootSchema);
        this.config = Frameworks.newConfigBuilder()
                .defaultSchema(rootSchema)
                .parserConfig(SqlParser.config()
                        .withCaseSensitive(false)
                        .withUnquotedCasing(Casing.UNCHANGED)
                        .withQuotedCasing(Casing.UNCHANGED)
                        .withConformance(CONFORMANCE))
                .sqlToRelConverterConfig(SqlToRelConverter.config().withExpand(true))
                .typeSystem(TYPE_SYSTEM)
                .operatorTable(OPERATORS)
                .build();
    }

    /** Runs {@code sql}; errors in the query are LeapfrogExceptions with Calcite's line and column. */
    public SqlResult execute(String sql) {
        return execute(sql, List.of());
    }

    /**
     * Runs {@code sql} with {@code parameters} as the values of its {@code ?}s, in order (each converted to
     * the type validation gave its parameter; a count that differs is an error).
     */
    public SqlResult execute(String sql, List<?> parameterValues) {
        long t0 = System.nanoTime();
        Planned planned = planned(sql);
        EnumerableRel plan = planned.physical();
        Map<String, Object> parameters = new HashMap<>();
        parameters.put("_conformance", CONFORMANCE);
        SqlParameters.bind(planned.parameterTypes(), parameterValues, parameters);
        Bindable<?> code = GeneratedCode.compile(plan, parameters);
        List<RelDataTypeField> fields = plan.getRowType().getFieldList();
        List<List<Object>> rows = new ArrayList<>();
        QueryContext context = new QueryContext(rootSchema, (JavaTypeFactory) plan.getCluster().getTypeFactory(), parameters);
        try (Enumerator<?> e = code.bind(context).enumerator()) {
            while (e.moveNext()) {
                Object current = e.current();
                Object[] values = fields.size() == 1 ? new Object[]{current} : (Object[]) current;
                List<Object> row = new ArrayList<>(values.length);
                for (int c = 0; c < values.length; c++) {
                    row.add(SqlValues.external(values[c], fields.get(c).getType().getSqlTypeName()));
                }
                rows.add(row);
            }
        } catch (LeapfrogException e) {
            throw e;
        } catch (RuntimeException | ExceptionInInitializerError e) {
            // the latter: a constant Calcite hoisted into a static field failed (CAST('x' AS INTEGER), 1 / 0)
            throw SqlErrors.execution(e);
        }
        List<String> types = fields.stream().map(f -> f.getType().getSqlTypeName().getName()).toList();
        return new SqlResult(planned.columns(), types, rows, explainLines(plan), List.of(), Duration.ofNanos(System.nanoTime() - t0));
    }

    /**
     * What {@code sql} returns and takes, without running it: its columns' names and SQL types (as
     * {@link SqlResult#columnTypes()}) and its parameters' SQL types, in order.
     */
    public SqlSignature signature(String sql) {
        Planned planned = planned(sql);
        List<String> types = planned.physical().getRowType().getFieldList().stream()
                .map(f -> f.getType().getSqlTypeName().getName()).toList();
        List<String> params = planned.parameterTypes().stream().map(t -> t.getSqlTypeName().getName()).toList();
        return new SqlSignature(planned.columns(), types, params);
    }

    /** The physical plan, one operator per line, each leapfrog join with its variable order, levels and device. */
    public String explain(String sql) {
        return String.join("\n", explainLines(plan(sql)));
    }

    /** The query's physical plan: Calcite's enumerable operators and the leapfrog joins. */
    public EnumerableRel plan(String sql) {
        return planned(sql).physical();
    }

    private record Planned(List<String> columns, EnumerableRel physical, List<RelDataType> parameterTypes) { }

    private Planned planned(String sql) {
        Planner planner = Frameworks.getPlanner(config);
        try {
            RelNode logical = logicalPlan(planner, sql, filtersKey);
            // the query's own column names: a rewrite may rename fields (a window's output, say)
            List<String> columns = logical.getRowType().getFieldNames();
            List<RelDataType> parameterTypes = SqlParameters.types(logical);
            RelNode rewritten = rewrite(logical);
            return new Planned(columns, implement(rewritten), parameterTypes);
        } finally {
            planner.close();
        }
    }

    private static RelNode logicalPlan(Planner planner, String sql, String filtersKey) {
        try {
            SqlNode parsed = FilterFunction.bind(planner.parse(withoutTrailingSemicolon(sql)), filtersKey);
            if (parsed.getKind().belongsTo(SqlKind.DML)) {
                throw new NotSupportedException("not supported: " + parsed.getKind().sql + " statements: SQL here"
                        + " queries the relations; a program's rules and facts change them");
            }
            GraphTableFunction.qualify(parsed);
            SqlNode validated = planner.validate(parsed);
            RelRoot root = planner.rel(validated);
            return root.project();
        } catch (SqlParseException e) {
            throw SqlErrors.parse(sql, e);
        } catch (ValidationException | RelConversionException e) {
            throw SqlErrors.validation(sql, e);
        } catch (LeapfrogException e) {
            throw e;
        } catch (RuntimeException e) {
            // Calcite reports some validation errors unchecked (CalciteContextException)
            throw SqlErrors.validation(sql, e);
        }
    }

    /** One statement may end with ';' (as typed in a SQL shell); the text before it keeps its positions. */
    private static String withoutTrailingSemicolon(String sql) {
        String s = sql.stripTrailing();
        return s.endsWith(";") ? s.substring(0, s.length() - 1) : sql;
    }

    /** Inner joins into LeapfrogJoins (the rewrite Datalog rule bodies get too), the rest back to joins. */
    private static RelNode rewrite(RelNode logical) {
        logical.getCluster().setMetadataProvider(LeapfrogMetadata.PROVIDER);
        logical.getCluster().setMetadataQuerySupplier(LeapfrogMetadata::query);
        RelNode leapfrog = LeapfrogPrograms.rewrite(LeapfrogPrograms.newPlanner(), logical);
        HepPlanner hep = new HepPlanner(MULTI_JOINS_TO_JOINS);
        hep.setRoot(leapfrog);
        return hep.findBestExp();
    }

    /**
     * Calcite's Volcano planner (the one Calcite's {@link Planner} made) implements the plan in the
     * enumerable convention with {@link #IMPLEMENTATION_RULES} (not Calcite's ~80 default rules: the
     * plan is already rewritten, and fewer rules plan a query in a fraction of the time), the leapfrog
     * joins by this engine's rules.
     */
    private EnumerableRel implement(RelNode rel) {
        RelOptPlanner volcano = rel.getCluster().getPlanner();
        volcano.clear();
        for (RelOptRule rule : IMPLEMENTATION_RULES) {
            volcano.addRule(rule);
        }
        volcano.addRule(EnumerableLeapfrogJoinRule.create(catalog.symbols(), placement));
        for (RelOptRule rule : LeapfrogCountRule.create(catalog.symbols(), placement)) {
            volcano.addRule(rule);
        }
        // one collation, not a Values' every sorted column: Volcano asks for simple traits
        RelTraitSet wanted = rel.getTraitSet().replace(EnumerableConvention.INSTANCE).simplify();
        try {
            volcano.setRoot(rel.getTraitSet().equals(wanted) ? rel : volcano.changeTraits(rel, wanted));
            RelNode physical = volcano.findBestExp();
            // Calcite implements projections and filters as Calcs (its own second pass, as in Programs.standard)
            return (EnumerableRel) Programs.calc(LeapfrogMetadata.PROVIDER)
                    .run(volcano, physical, wanted, List.of(), List.of());
        } catch (RelOptPlanner.CannotPlanException e) {
            throw new NotSupportedException("not supported: Calcite cannot run this query ("
                    + firstLine(e.getMessage()) + ")");
        }
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static List<String> explainLines(RelNode plan) {
        return new ArrayList<>(Arrays.asList(RelOptUtil.toString(plan).split("\n")));
    }
}
