package io.leapfrog.kernels.layout.gen;

/** A mistake in the layout definition, located as {@code file:line: what is wrong}. */
final class DefinitionException extends RuntimeException {
    DefinitionException(String where, int line, String message) {
        super(where + ":" + line + ": " + message);
    }
}
