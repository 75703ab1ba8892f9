package io.leapfrog.bench;

import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/** DuckDB in memory over JDBC: table e(src INTEGER, dst INTEGER) filled with the appender, SQL from {@link PeerQueries}. */
public final class DuckDbPeer implements Peer {

    private final Connection connection;
    private final double timeoutSeconds;
    private final ScheduledExecutorService canceller = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "duckdb-cancel");
        t.setDaemon(true);
        return t;
    });

    public DuckDbPeer(int threads, double timeoutSeconds) throws SQLException {
        try {
            this.connection = DriverManager.getConnection("jdbc:duckdb:");
        } catch (SQLException e) {
            throw new BenchException("cannot open DuckDB (" + e.getMessage() + "): its JDBC driver must be on the "
                    + "class path; on the GPU machine stage it first (scripts/device-duckdb.sh here, then "
                    + "scripts/device-run.sh stage-duckdb there)");
        }
        this.timeoutSeconds = timeoutSeconds;
        try (Statement s = connection.createStatement()) {
            s.execute("SET threads TO " + threads);
            s.execute("SET memory_limit = '" + memoryLimitMegabytes() + "MB'");
        }
    }

    /**
     * DuckDB's memory limit: three quarters of the memory the JVM's heap leaves. DuckDB runs inside the
     * bench's process and by default takes up to 80% of the machine's memory, which beside the heap can
     * exceed it, and a large recursive query would then get the whole bench killed instead of failing alone.
     */
    static long memoryLimitMegabytes() {
        long left = physicalMemory() - Runtime.getRuntime().maxMemory();
        return Math.max(1024, left / 4 * 3 / (1 << 20));
    }

    /**
     * The machine's memory: from /proc/meminfo (the GPU machine's runtime is a jlink image without the
     * jdk.management module), else from the JVM's management bean.
     */
    private static long physicalMemory() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            // not Linux: ask the JVM
        }
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
    }

    @Override
    public String name() {
        return "duckdb";
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query.search() == null && query != BenchQuery.ANDERSEN; // see PeerQueries.ANDERSEN_IN_SQL
    }

    @Override
    public double load(Workload workload) throws SQLException {
        long start = System.nanoTime();
        try (Statement s = connection.createStatement()) {
            s.execute("DROP TABLE IF EXISTS e");
            s.execute("CREATE TABLE e(src INTEGER NOT NULL, dst INTEGER NOT NULL)");
        }
        EdgeList g = workload.graph();
        try (DuckDBAppender appender = ((DuckDBConnection) connection).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "e")) {
            for (int i = 0; i < g.size(); i++) {
                appender.beginRow();
                appender.append(g.src()[i]);
                appender.append(g.dst()[i]);
                appender.endRow();
            }
        }
        try (Statement s = connection.createStatement()) {
            s.execute("ANALYZE e"); // statistics for the join order, as a user would have them
        }
        return (System.nanoTime() - start) / 1e9;
    }

    @Override
    public Measurement run(Workload workload) throws SQLException, QueryTimeoutException {
        try (Statement s = connection.createStatement()) {
            AtomicBoolean cancelled = new AtomicBoolean();
            ScheduledFuture<?> timer = canceller.schedule(() -> {
                cancelled.set(true);
                try {
                    s.cancel();
                } catch (SQLException ignored) {
                    // the query may have just finished
                }
            }, (long) (timeoutSeconds * 1000), TimeUnit.MILLISECONDS);
            long start = System.nanoTime();
            try (ResultSet rs = s.executeQuery(PeerQueries.sql(workload.query()))) {
                rs.next();
                long count = rs.getLong(1);
                double seconds = (System.nanoTime() - start) / 1e9;
                return Measurement.of(count, seconds);
            } catch (SQLException e) {
                if (cancelled.get()) {
                    throw new QueryTimeoutException(timeoutSeconds);
                }
                throw e;
            } finally {
                timer.cancel(false);
            }
        }
    }

    @Override
    public void unload() throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("DROP TABLE IF EXISTS e");
        }
    }

    @Override
    public void close() throws SQLException {
        unload();
        connection.close();
        canceller.shutdownNow();
    }
}
