package io.leapfrog.jdbc;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.Database;
import io.leapfrog.engine.Engine;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.ConnectStringParser;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.UnregisteredDriver;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The JDBC driver, {@code jdbc:leapfrog:}, found by {@link java.sql.DriverManager} through
 * {@code META-INF/services/java.sql.Driver}. A connection queries, read-only, with the engine's SQL
 * (docs/sql.md):
 * <ul>
 *   <li>{@code jdbc:leapfrog:program=tc.dl;facts=data}: the relations of a program evaluated over a fact
 *       directory (no {@code .output} file is written);</li>
 *   <li>{@code jdbc:leapfrog:facts=data}: the fact files of a directory as tables, as {@code leapfrog sql} reads them;</li>
 *   <li>{@code jdbc:leapfrog:database=NAME}: a database the application registered ({@link #register}).</li>
 * </ul>
 * Also {@code threads=N} and {@code device=auto|cpu|gpu}; properties may be given in the URL, separated by
 * {@code ;}, or as {@code Properties}. Prepared statements take {@code ?} parameters; the metadata lists
 * the relations as tables with their columns.
 */
public final class LeapfrogDriver extends UnregisteredDriver {
    public static final String PREFIX = "jdbc:leapfrog:";
    static final String VERSION = "0.1.0";

    private static final Map<String, JdbcTarget> REGISTERED = new ConcurrentHashMap<>();
    /** The target the connection being made on this thread queries (its Meta is made inside the connection's constructor). */
    private static final ThreadLocal<JdbcTarget> OPENING = new ThreadLocal<>();

    static {
        new LeapfrogDriver().register();
    }

    public LeapfrogDriver() {
        super();
    }

    /**
     * Makes {@code jdbc:leapfrog:database=NAME} query the database {@code database} supplies, with
     * {@code engine}'s options (each statement asks the supplier again, so a database re-evaluated by the
     * application is seen by the next statement). The engine stays the application's to close.
     */
    public static void register(String name, Engine engine, Supplier<Database> database) {
        Objects.requireNonNull(name, "name");
        REGISTERED.put(name, new JdbcTarget(Objects.requireNonNull(engine, "engine"),
                Objects.requireNonNull(database, "database"), false, "the registered database " + name));
    }

    /** Forgets a registered database; connections already open keep theirs. */
    public static void unregister(String name) {
        REGISTERED.remove(name);
    }

    static JdbcTarget registered(String name) {
        return REGISTERED.get(name);
    }

    @Override
    protected DriverVersion createDriverVersion() {
        return new DriverVersion("Leapfrog JDBC driver", VERSION, "Leapfrog", VERSION, true, 0, 1, 0, 1);
    }

    @Override
    protected String getConnectStringPrefix() {
        return PREFIX;
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;   // another driver's URL, as DriverManager expects
        }
        Properties props = ConnectStringParser.parse(url.substring(PREFIX.length()), info == null ? new Properties() : info);
        JdbcTarget target;
        try {
            target = JdbcTarget.open(props);
        } catch (IllegalArgumentException | LeapfrogException e) {
            throw new SQLException("cannot connect to " + url + ": " + e.getMessage(), "08001", e);
        }
        OPENING.set(target);
        try {
            return super.connect(url, info);
        } catch (SQLException | RuntimeException e) {
            target.close();
            throw e;
        } finally {
            OPENING.remove();
        }
    }

    @Override
    public Meta createMeta(AvaticaConnection connection) {
        JdbcTarget target = OPENING.get();
        if (target == null) {
            throw new IllegalStateException("a Leapfrog connection is made through LeapfrogDriver.connect");
        }
        return new LeapfrogMeta(connection, target);
    }
}
