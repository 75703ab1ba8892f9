package io.leapfrog.bench;

import io.leapfrog.exec.join.JoinCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.LeapfrogJoin;
import io.leapfrog.exec.storage.DegreeRenumbering;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;

/**
 * Leapfrog's join core alone, through the executor's API ({@link JoinQuery}, {@link LeapfrogJoin#count}),
 * without the Datalog front end, planner or engine: the lower bound of what the engine can reach, and
 * the way to see how much the engine adds. The clique queries are written by hand in the variable order
 * the oriented edges suggest (x &lt; y &lt; z), every atom reading the one trie of e in (src, dst) order.
 * Load builds the relation and that trie; query time is counting (the query is built once, {@link PreparedQuery}).
 */
public final class LeapfrogJoinPeer implements Peer {

    private final int threads;
    private final double timeoutSeconds;
    private final boolean renumbered;
    private Trie edges;
    private final PreparedQuery prepared = new PreparedQuery();

    public LeapfrogJoinPeer(int threads) {
        this(threads, Double.POSITIVE_INFINITY);
    }

    /** @param timeoutSeconds a run is interrupted (and the cell reported as timed out) after this long */
    public LeapfrogJoinPeer(int threads, double timeoutSeconds) {
        this(threads, timeoutSeconds, false);
    }

    /**
     * @param renumbered count over the graph with its nodes renumbered by degree, as the engine counts a
     *                   clique query when that measures less work ({@link DegreeRenumbering}): the peer
     *                   "leapfrog-join-renumbered"; the renumbering is part of the load time
     */
    public LeapfrogJoinPeer(int threads, double timeoutSeconds, boolean renumbered) {
        this.threads = threads;
        this.timeoutSeconds = timeoutSeconds;
        this.renumbered = renumbered;
    }

    @Override
    public String name() {
        return renumbered ? "leapfrog-join-renumbered" : "leapfrog-join";
    }

    @Override
    public boolean supports(BenchQuery query) {
        return query.isJoinCount();
    }

    @Override
    public double load(Workload workload) {
        long start = System.nanoTime();
        edges = trieOf(workload.graph(), renumbered);
        return (System.nanoTime() - start) / 1e9;
    }

    /** The trie of e in (src, dst) order; a sorted, duplicate-free edge list (generated graphs) is used as is. */
    static Trie trieOf(EdgeList g) {
        if (g.isSortedAndDistinct()) {
            return Trie.fromSortedColumns(new int[][]{g.src(), g.dst()}, g.size());
        }
        return Relation.ofColumns(g.src(), g.dst()).trie();
    }

    /**
     * The trie of e, or with {@code renumbered} of e with its nodes renumbered by degree (each edge from
     * its lower number, as the engine renumbers an increasing relation); prints how long that took.
     */
    static Trie trieOf(EdgeList g, boolean renumbered) {
        if (!renumbered) {
            return trieOf(g);
        }
        Relation r = Relation.ofColumns(g.src(), g.dst());
        if (DegreeRenumbering.shapeOf(r) != DegreeRenumbering.Shape.INCREASING) {
            throw new BenchException("renumbering by degree needs every edge from its lower id (src < dst)");
        }
        long t0 = System.nanoTime();
        Trie t = DegreeRenumbering.renumbered(r).trie();
        System.err.printf("bench: renumbered %,d edges by degree in %.3f s%n", g.size(), (System.nanoTime() - t0) / 1e9);
        return t;
    }

    /** The hand-written clique query over the trie of e, its variables bound in their own numbering. */
    static JoinQuery query(BenchQuery q, Trie edges) {
        return switch (q) {
            // e(x,y), e(y,z), e(x,z) with x=0, y=1, z=2
            case TRIANGLES -> JoinCompiler.inVariableOrder(3).atom(edges, 0, 1).atom(edges, 1, 2).atom(edges, 0, 2).build();
            // e(w,x), e(w,y), e(w,z), e(x,y), e(x,z), e(y,z) with w=0, x=1, y=2, z=3
            case FOUR_CLIQUES -> JoinCompiler.inVariableOrder(4)
                    .atom(edges, 0, 1).atom(edges, 0, 2).atom(edges, 0, 3)
                    .atom(edges, 1, 2).atom(edges, 1, 3).atom(edges, 2, 3).build();
            default -> throw new BenchException("the join peers have no " + q.id() + " query");
        };
    }

    @Override
    public Measurement run(Workload workload) throws Exception {
        JoinQuery q = prepared.of(workload.query(), edges);
        return withTimeout(() -> LeapfrogJoin.count(q, threads), timeoutSeconds);
    }

    /** The thread joins run on, kept from run to run; replaced after a run that timed out. */
    private static java.util.concurrent.ExecutorService worker;

    private static synchronized java.util.concurrent.ExecutorService worker() {
        if (worker == null) {
            worker = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "bench-join");
                t.setDaemon(true);
                return t;
            });
        }
        return worker;
    }

    /**
     * Runs a join on the bench's join thread so that the bench's time limit can interrupt it (CPU joins
     * stop within a chunk, GPU joins between launches, and a running GPU kernel within a few thousand
     * steps of each thread); a timed-out run is a {@link QueryTimeoutException}. The time is taken on that
     * thread, around the join alone. The thread is kept from run to run, as a server keeps its threads: a
     * fresh thread's first driver call pays the driver's set-up for that thread (about 15 us), which is the
     * harness's, not the join's.
     */
    static Measurement withTimeout(java.util.concurrent.Callable<Long> join, double timeoutSeconds) throws Exception {
        java.util.concurrent.ExecutorService w = worker();
        java.util.concurrent.Future<Measurement> task = w.submit(() -> {
            long start = System.nanoTime();
            long count = join.call();
            return Measurement.of(count, (System.nanoTime() - start) / 1e9);
        });
        try {
            return task.get(Double.isInfinite(timeoutSeconds) ? Long.MAX_VALUE : (long) (timeoutSeconds * 1000),
                    java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            synchronized (LeapfrogJoinPeer.class) {
                worker = null;
            }
            w.shutdownNow();                                          // interrupts the join
            io.leapfrog.exec.gpu.GpuRuntime.abortRunningKernels();   // a GPU join's running kernel stops too
            w.awaitTermination(Long.MAX_VALUE, java.util.concurrent.TimeUnit.MILLISECONDS);
            throw new QueryTimeoutException(timeoutSeconds);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof Exception ex ? ex : e;
        }
    }

    @Override
    public void unload() {
        edges = null;
    }
}
