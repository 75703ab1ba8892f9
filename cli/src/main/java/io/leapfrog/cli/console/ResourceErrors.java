package io.leapfrog.cli.console;

/**
 * Running out of heap or stack, wherever it happened (the main thread or a worker whose failure was passed
 * on, possibly as the cause of another exception): one sentence with the advice that helps, never the
 * JVM's trace.
 */
public final class ResourceErrors {
    private ResourceErrors() {
    }

    /** The {@link OutOfMemoryError} or {@link StackOverflowError} in {@code t}'s cause chain, or null. */
    public static VirtualMachineError find(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof OutOfMemoryError || c instanceof StackOverflowError) {
                return (VirtualMachineError) c;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return null;
    }

    /** The sentence for {@code e} (an {@link OutOfMemoryError} or a {@link StackOverflowError}). */
    public static String message(VirtualMachineError e) {
        if (e instanceof StackOverflowError) {
            return "error: stack exhausted: the program nests too deeply (an expression, a term or a body) for"
                    + " the thread stack; simplify the nesting, or give the stack more room, e.g."
                    + " LEAPFROG_JAVA_OPTS=-Xss64m for bin/leapfrog (java -Xss64m)";
        }
        long mib = Runtime.getRuntime().maxMemory() >> 20;
        return "error: out of memory: the run needed more than the " + mib + " MiB of heap it was given;"
                + " give it more, e.g. LEAPFROG_JAVA_OPTS=-Xmx" + suggestedGiB(mib) + "g for bin/leapfrog"
                + " (java -Xmx" + suggestedGiB(mib) + "g), or derive fewer tuples (a recursive rule that makes"
                + " new values, such as p(x+1) :- p(x), needs a bound such as x < 1000)";
    }

    /** Four times the heap there was, in GiB (at least 2). */
    private static long suggestedGiB(long mib) {
        return Math.max(2, (mib * 4 + 1023) >> 10);
    }
}
