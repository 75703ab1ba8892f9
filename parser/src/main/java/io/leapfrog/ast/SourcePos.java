package io.leapfrog.ast;

/** A position in a source file: 1-based line and column. */
public record SourcePos(String file, int line, int column) {
    public static final SourcePos NONE = new SourcePos("<unknown>", 0, 0);

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
