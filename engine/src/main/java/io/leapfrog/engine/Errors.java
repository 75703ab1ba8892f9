package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;

import java.util.function.Supplier;

/**
 * Worker threads may wrap the user errors they raise (e.g. a division by zero inside a join); this
 * finds the {@link LeapfrogException} in the cause chain so front ends get its message, not a trace.
 * Running out of heap (a relation larger than the memory the JVM was given) becomes one sentence too.
 */
final class Errors {
    private Errors() {
    }

    static void unwrap(Runnable r) {
        unwrap(() -> {
            r.run();
            return null;
        });
    }

    static <T> T unwrap(Supplier<T> s) {
        try {
            return s.get();
        } catch (LeapfrogException e) {
            throw e;
        } catch (RuntimeException e) {
            for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
                if (t instanceof LeapfrogException le) {
                    throw le;
                }
            }
            throw e;
        } catch (OutOfMemoryError e) {
            throw new LeapfrogException("error: out of memory: the evaluation needed more than the "
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB of heap this run has; give it more (-Xmx: LEAPFROG_JAVA_OPTS=-Xmx16g"
                    + " for bin/leapfrog), or ask only for the relation's size (.printsize), which the"
                    + " GPU counts without bringing the tuples back");
        }
    }
}
