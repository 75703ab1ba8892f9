package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.planner.calcite.LeapfrogMetadata;
import io.leapfrog.planner.calcite.LeapfrogPrograms;
import io.leapfrog.planner.calcite.StatisticsTable;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelRoot;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataTypeSystem;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.apache.calcite.sql2rel.SqlToRelConverter;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.apache.calcite.tools.RelConversionException;
import org.apache.calcite.tools.ValidationException;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * SQL over Leapfrog relations, through Calcite: parse, validate and convert with Calcite's
 * {@link Planner} over a schema of the catalog's tables (names and columns matched without regard to
 * case), rewrite with {@link LeapfrogPrograms} so inner equi-joins become one LeapfrogJoin, and run the
 * plan with a small interpreter whose joins are leapfrog triejoins. Thread-safe: each query has its own
 * Calcite planner.
 */
public final class SqlEngine {

    /** CASE/UNION over strings of different lengths yields VARCHAR, not a blank-padded CHAR. */
    private static final RelDataTypeSystem VARYING_CASE_TYPES = new RelDataTypeSystemImpl() {
        @Override
        public boolean shouldConvertRaggedUnionTypesToVarying() {
            return true;
        }
    };

    private final Catalog catalog;
    private final int threads;
    private final FrameworkConfig config;

    public SqlEngine(Catalog catalog) {
        this(catalog, Runtime.getRuntime().availableProcessors());
    }

    public SqlEngine(Catalog catalog, int threads) {
        this.catalog = catalog;
        this.threads = Math.max(1, threads);
        SchemaPlus root = Frameworks.createRootSchema(false);
        for (Catalog.TableInfo t : catalog.tables()) {
            root.add(t.name(), table(t));
        }
        this.config = Frameworks.newConfigBuilder()
                .defaultSchema(root)
                .parserConfig(SqlParser.config()
                        .withCaseSensitive(false)
                        .withUnquotedCasing(Casing.UNCHANGED)
                        .withQuotedCasing(Casing.UNCHANGED)
                        .withConformance(SqlConformanceEnum.LENIENT))
                .sqlToRelConverterConfig(SqlToRelConverter.config().withExpand(true))
                .typeSystem(VARYING_CASE_TYPES)
                .build();
    }

    private static StatisticsTable table(Catalog.TableInfo t) {
        int arity = t.columns().size();
        long[] distinct = new long[arity];
        List<SqlTypeName> types = new ArrayList<>();
        for (int c = 0; c < arity; c++) {
            distinct[c] = t.data().distinctCount(c);
            types.add(switch (t.kinds().get(c)) {
                case NUMBER -> SqlTypeName.INTEGER;
                case SYMBOL -> SqlTypeName.VARCHAR;
                case FLOAT -> SqlTypeName.DOUBLE;
                case UNSIGNED -> SqlTypeName.BIGINT;
            });
        }
        return new StatisticsTable(t.name(), t.columns(), types, t.data().size(), distinct, t);
    }

    /** Runs {@code sql}; errors in the query are LeapfrogExceptions with Calcite's line and column. */
    public SqlResult execute(String sql) {
        RelNode logical = logicalPlan(sql);
        RelNode plan = rewrite(logical);
        List<Object[]> rows = new RelInterpreter(catalog.symbols(), threads).eval(plan);
        // the query's own column names: a rewrite may rename fields (a window's output, say)
        return new SqlResult(logical.getRowType().getFieldNames(), rows, explainLines(plan));
    }

    /** The optimized plan, one operator per line, LeapfrogJoins with their variable order and levels. */
    public String explain(String sql) {
        return String.join("\n", explainLines(plan(sql)));
    }

    /** The query's Calcite plan after the LeapfrogJoin rewrite. */
    public RelNode plan(String sql) {
        return rewrite(logicalPlan(sql));
    }

    private static RelNode rewrite(RelNode logical) {
        logical.getCluster().setMetadataProvider(LeapfrogMetadata.PROVIDER);
        logical.getCluster().setMetadataQuerySupplier(RelMetadataQuery::instance);
        HepPlanner hep = LeapfrogPrograms.newPlanner();
        return LeapfrogPrograms.rewrite(hep, logical);
    }

    /** The query as Calcite converts it, before any rewrite. */
    public RelNode logicalPlan(String sql) {
        Planner planner = Frameworks.getPlanner(config);
        try {
            SqlNode parsed = planner.parse(sql);
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
        } finally {
            planner.close();
        }
    }

    private static List<String> explainLines(RelNode plan) {
        return new ArrayList<>(Arrays.asList(RelOptUtil.toString(plan).split("\n")));
    }
}
