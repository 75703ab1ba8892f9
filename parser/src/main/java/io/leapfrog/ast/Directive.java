package io.leapfrog.ast;

import java.util.Map;

/**
 * An IO directive: {@code .input r(filename="x.csv", delimiter=",")}, {@code .output r},
 * {@code .printsize r}. One directive per relation (a directive naming several relations is split).
 * Parameter values are unquoted and unescaped.
 */
public record Directive(Kind kind, String relation, Map<String, String> params, SourcePos pos) {
    public enum Kind { INPUT, OUTPUT, PRINTSIZE }
}
