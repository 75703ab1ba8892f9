package io.leapfrog.bench;

import com.kuzudb.Connection;
import com.kuzudb.Database;
import com.kuzudb.FlatTuple;
import com.kuzudb.QueryResult;
import com.kuzudb.Value;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Kuzu (com.kuzudb, in-memory database) through its Java API: node table N(id), rel table E(FROM N TO N)
 * filled with COPY from CSV files written beforehand (the load time counts only the COPY statements),
 * queries in Cypher from {@link PeerQueries}.
 */
public final class KuzuPeer implements Peer {

    private final int threads;
    private final double timeoutSeconds;
    private Database database;
    private Connection connection;
    private Path csvDir;

    public KuzuPeer(int threads, double timeoutSeconds) {
        this.threads = threads;
        this.timeoutSeconds = timeoutSeconds;
    }

    @Override
    public String name() {
        return "kuzu";
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query.isJoinCount();
    }

    @Override
    public double load(Workload workload) throws IOException {
        unload();
        EdgeList g = workload.graph();
        csvDir = Files.createTempDirectory("leapfrog-bench-kuzu");
        StringBuilder nodes = new StringBuilder();
        for (int i = 0, n = g.nodeCount(); i < n; i++) {
            nodes.append(i).append('\n');
        }
        Files.writeString(csvDir.resolve("nodes.csv"), nodes, StandardCharsets.US_ASCII);
        StringBuilder edges = new StringBuilder();
        for (int i = 0; i < g.size(); i++) {
            edges.append(g.src()[i]).append(',').append(g.dst()[i]).append('\n');
        }
        Files.writeString(csvDir.resolve("edges.csv"), edges, StandardCharsets.US_ASCII);

        long start = System.nanoTime();
        database = new Database(":memory:");
        connection = new Connection(database);
        connection.setMaxNumThreadForExec(threads);
        execute("CREATE NODE TABLE N(id INT64, PRIMARY KEY(id))");
        execute("CREATE REL TABLE E(FROM N TO N)");
        execute("COPY N FROM '" + csvDir.resolve("nodes.csv") + "' (header=false)");
        execute("COPY E FROM '" + csvDir.resolve("edges.csv") + "' (header=false)");
        return (System.nanoTime() - start) / 1e9;
    }

    @Override
    public Measurement run(Workload workload) throws QueryTimeoutException {
        connection.setQueryTimeout((long) (timeoutSeconds * 1000));
        long start = System.nanoTime();
        try (QueryResult r = connection.query(PeerQueries.cypher(workload.query()))) {
            if (!r.isSuccess()) {
                String message = r.getErrorMessage();
                if (message != null && message.toLowerCase().contains("timeout")) {
                    throw new QueryTimeoutException(timeoutSeconds);
                }
                throw new BenchException("kuzu: " + message);
            }
            try (FlatTuple t = r.getNext(); Value v = t.getValue(0)) {
                long count = ((Number) v.getValue()).longValue();
                return Measurement.of(count, (System.nanoTime() - start) / 1e9);
            }
        }
    }

    private void execute(String statement) {
        try (QueryResult r = connection.query(statement)) {
            if (!r.isSuccess()) {
                throw new BenchException("kuzu: " + statement + ": " + r.getErrorMessage());
            }
        }
    }

    @Override
    public void unload() throws IOException {
        if (connection != null) {
            connection.close();
            connection = null;
        }
        if (database != null) {
            database.close();
            database = null;
        }
        if (csvDir != null) {
            try (Stream<Path> files = Files.walk(csvDir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
            csvDir = null;
        }
    }
}
