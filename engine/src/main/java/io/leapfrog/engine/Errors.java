package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;

import java.util.function.Supplier;

/**
 * Worker threads may wrap the user errors they raise (e.g. a division by zero inside a join); this
 * finds the {@link LeapfrogException} in the cause chain so front ends get its message, not a trace.
 * Running out of heap or stack is left as the JVM's error: it is not the program's fault alone, and the
 * front end knows what advice fits (the command line's is an exit code of its own and the flag to give).
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
        }
    }
}
