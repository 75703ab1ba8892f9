package io.leapfrog.ast;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An IO directive: {@code .input r(filename="x.csv", delimiter=",")}, {@code .output r},
 * {@code .printsize r}. One directive per relation (a directive naming several relations is split).
 * Parameter values are unquoted and unescaped.
 */
public record Directive(Kind kind, String relation, Map<String, String> params, SourcePos pos) {
    public enum Kind { INPUT, OUTPUT, PRINTSIZE }

    /**
     * The file columns (from 0) that Souffle's {@code columns="4:0"} names, in the relation's column order;
     * empty when there is no such parameter or it is empty (as Souffle reads it). Each entry is a decimal
     * number of 0..2^31-1 (white space around it and a '+' allowed, as C's {@code stoi} allows them), and
     * no file column twice; anything else is an IllegalArgumentException saying what is wrong, where
     * Souffle would read a prefix of the entry ({@code "4a"} as 4) or fail on the file's first line.
     */
    public List<Integer> columns() {
        String spec = params.get("columns");
        List<Integer> out = new ArrayList<>();
        if (spec == null || spec.isEmpty()) {
            return out;
        }
        Set<Integer> seen = new HashSet<>();
        for (String part : spec.split(":", -1)) {
            String entry = part.strip();
            if (!entry.matches("\\+?[0-9]+")) {
                throw new IllegalArgumentException((entry.isEmpty() ? "it has an empty entry"
                        : entry.matches("-[0-9]+") ? "'" + entry + "' is negative"
                        : "'" + entry + "' is not a column number")
                        + "; write the file's columns (from 0) in the relation's order, separated by ':', e.g. columns=\"4:7\"");
            }
            BigInteger value = new BigInteger(entry);
            if (value.bitLength() > 31) {
                throw new IllegalArgumentException("'" + entry + "' is out of range (file columns are 0.."
                        + Integer.MAX_VALUE + ")");
            }
            int column = value.intValue();
            if (!seen.add(column)) {
                throw new IllegalArgumentException("it names file column " + column + " twice; each column of the"
                        + " relation reads a column of its own");
            }
            out.add(column);
        }
        return out;
    }
}
