package io.leapfrog.exec.io;

/** How a fact file separates columns. */
public enum FactFormat {
    /** Souffle {@code .facts}: one tuple per line, columns separated by a delimiter (tab by default), taken verbatim. */
    DELIMITED,
    /** SNAP edge lists: columns separated by runs of spaces or tabs; lines starting with '#' are comments. */
    SNAP
}
