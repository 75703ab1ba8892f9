package io.leapfrog.ast;

/** One attribute of a relation declaration: {@code name:type}. */
public record Attribute(String name, String type, SourcePos pos) {
}
