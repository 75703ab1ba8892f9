package io.leapfrog.planner.calcite;

import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.ChainedRelMetadataProvider;
import org.apache.calcite.rel.metadata.DefaultRelMetadataProvider;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.MetadataHandlerProvider;
import org.apache.calcite.rel.metadata.ProxyingMetadataHandlerProvider;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.List;

/**
 * Calcite metadata for scans of {@link StatisticsTable}s: distinct row counts come from the relation's
 * per-column distinct counts (a set of columns: the product of theirs, capped by the row count). Every
 * other question goes to Calcite's default handlers, which derive filters, projects and joins from these.
 */
public final class LeapfrogMetadata implements MetadataHandler<BuiltInMetadata.DistinctRowCount> {

    /** Ours first, then Calcite's defaults; one instance so Calcite compiles its dispatcher once. */
    public static final RelMetadataProvider PROVIDER = ChainedRelMetadataProvider.of(List.of(
            ReflectiveRelMetadataProvider.reflectiveSource(new LeapfrogMetadata(),
                    BuiltInMetadata.DistinctRowCount.Handler.class),
            DefaultRelMetadataProvider.INSTANCE));

    /**
     * The handlers of {@link #PROVIDER} as Java proxies: Calcite's default compiles a dispatcher class per
     * kind of metadata with Janino on first use, about a second of every run's start.
     */
    private static final MetadataHandlerProvider HANDLERS = new ProxyingMetadataHandlerProvider(PROVIDER);

    /** A metadata query over {@link #PROVIDER} through proxies, for a cluster's metadata query supplier. */
    public static RelMetadataQuery query() {
        return new RelMetadataQuery(HANDLERS);
    }

    @Override
    public MetadataDef<BuiltInMetadata.DistinctRowCount> getDef() {
        return BuiltInMetadata.DistinctRowCount.DEF;
    }

    public Double getDistinctRowCount(TableScan scan, RelMetadataQuery mq, ImmutableBitSet groupKey, RexNode predicate) {
        StatisticsTable table = scan.getTable().unwrap(StatisticsTable.class);
        double rows = table != null ? table.rowCount() : mq.getRowCount(scan);
        if (table == null) {
            return rows; // a table without statistics: assume its rows are distinct
        }
        double d = 1.0;
        for (int c : groupKey) {
            d *= table.distinct(c);
        }
        d = Math.min(d, rows);
        if (predicate != null && !predicate.isAlwaysTrue()) {
            d *= RelMdUtil.guessSelectivity(predicate);
        }
        return Math.max(d, rows > 0 ? 1.0 : 0.0);
    }
}
