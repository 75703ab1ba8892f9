package io.leapfrog.jdbc;

import io.leapfrog.engine.Database;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.EngineOptions;
import io.leapfrog.engine.FileTables;
import io.leapfrog.engine.LoadedProgram;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What one connection queries: an engine and the database its statements read. Either opened from the
 * connection's properties (a program evaluated over a fact directory, or the fact files of a directory as
 * tables, as {@code leapfrog sql} does), closed with the connection; or a database registered by the
 * embedding application ({@link LeapfrogDriver#register}), read afresh by every statement and left open.
 */
final class JdbcTarget implements AutoCloseable {
    /** The properties a URL or {@code Properties} may set; anything else is refused by name. */
    static final Set<String> PROPERTIES = Set.of("program", "facts", "database", "threads", "device", "user", "password");

    private final Engine engine;
    private final Supplier<Database> database;
    private final boolean owned;
    private final String description;

    JdbcTarget(Engine engine, Supplier<Database> database, boolean owned, String description) {
        this.engine = engine;
        this.database = database;
        this.owned = owned;
        this.description = description;
    }

    Engine engine() {
        return engine;
    }

    /** The database as it is now (a registered one may have been evaluated again since the last statement). */
    Database database() {
        return database.get();
    }

    String description() {
        return description;
    }

    /**
     * Opens what {@code info} names: {@code database=NAME} (registered), else {@code program=FILE} (optional)
     * over {@code facts=DIR} (default the working directory), with {@code threads} and {@code device}.
     * Every problem is an {@link IllegalArgumentException} (or the engine's error) of one sentence.
     */
    static JdbcTarget open(Properties info) {
        for (String key : info.stringPropertyNames()) {
            if (!PROPERTIES.contains(key)) {
                throw new IllegalArgumentException("unknown connection property '" + key + "'; the properties are "
                        + String.join(", ", new java.util.TreeSet<>(PROPERTIES)));
            }
        }
        String name = info.getProperty("database");
        if (name != null) {
            if (info.getProperty("program") != null || info.getProperty("facts") != null) {
                throw new IllegalArgumentException("database= names a registered database; leave out program= and facts=");
            }
            JdbcTarget t = LeapfrogDriver.registered(name);
            if (t == null) {
                throw new IllegalArgumentException("no database is registered as '" + name
                        + "'; register it with LeapfrogDriver.register(name, engine, database) first");
            }
            return t;
        }
        EngineOptions options = EngineOptions.defaults().withOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
        String threads = info.getProperty("threads");
        if (threads != null) {
            options = options.withThreads(parseThreads(threads));
        }
        String device = info.getProperty("device");
        if (device != null) {
            options = options.withDevice(parseDevice(device));
        }
        Path facts = Path.of(info.getProperty("facts", "."));
        if (!Files.isDirectory(facts)) {
            throw new IllegalArgumentException("facts=" + facts + " is not a directory of fact files");
        }
        String program = info.getProperty("program");
        Engine engine = new Engine(options);
        try {
            LoadedProgram loaded;
            if (program != null) {
                Path file = Path.of(program);
                if (!Files.isRegularFile(file)) {
                    throw new IllegalArgumentException("program=" + file + " is not a readable file");
                }
                loaded = engine.parse(file);
            } else {
                loaded = engine.parse(FileTables.program(facts), "<tables of " + facts + ">");
            }
            Database db = engine.database(engine.run(loaded, facts));   // writes no .output file
            return new JdbcTarget(engine, () -> db, true,
                    (program != null ? program + " over " : "the fact files of ") + facts);
        } catch (RuntimeException e) {
            engine.close();
            throw e;
        }
    }

    private static int parseThreads(String s) {
        try {
            int n = Integer.parseInt(s.strip());
            if (n >= 1 && n <= 1024) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("threads=" + s + " is not a whole number from 1 to 1024");
    }

    private static EngineOptions.Device parseDevice(String s) {
        return switch (s.strip().toLowerCase(Locale.ROOT)) {
            case "cpu" -> EngineOptions.Device.CPU;
            case "gpu" -> EngineOptions.Device.GPU;
            case "auto" -> EngineOptions.Device.AUTO;
            default -> throw new IllegalArgumentException("device=" + s + " is not one of auto, cpu, gpu");
        };
    }

    @Override
    public void close() {
        if (owned) {
            engine.close();
        }
    }
}
