package io.leapfrog.exec.join;

/**
 * Multi-threaded leapfrog triejoin with galloping seek, parallel over first-level values with work
 * stealing.
 *
 * CONTRACT:
 * <pre>
 *   static long count(JoinQuery q, int threads)        counts results, never materialises them
 *   static &lt;S extends TupleSink&gt; List&lt;S&gt; run(JoinQuery q, int threads, Supplier&lt;S&gt; sinks)
 *                                                       each worker gets its own sink; all are returned
 * </pre>
 */
public final class LeapfrogJoin {
}
