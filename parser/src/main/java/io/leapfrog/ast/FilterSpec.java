package io.leapfrog.ast;

/**
 * The {@code filter(...)} qualifier of a {@code .decl}: the relation is kept as a quotient filter (an
 * approximate set of its tuples' hashes) with false-positive rate at most {@code fpr}, of the given
 * {@code kind}. {@code pos} is where the qualifier is written.
 */
public record FilterSpec(double fpr, Kind kind, SourcePos pos) {
    /** The default rate of a bare {@code filter} qualifier. */
    public static final double DEFAULT_FPR = 0.01;

    /** The quotient filter layouts (docs/filters.md): the standard one and the rank-and-select one. */
    public enum Kind {
        SQF, RSQF
    }

    /** How the declaration reads in a plan: {@code fpr 0.001} (and the kind when not the default). */
    public String describe() {
        return "fpr " + rate() + (kind == Kind.RSQF ? "" : " kind sqf");
    }

    /** The rate as written in decimal: {@code 0.000001}, not {@code 1.0E-6}. */
    public String rate() {
        return plain(fpr);
    }

    /** A rate in plain decimal, without trailing zeros. */
    public static String plain(double rate) {
        return java.math.BigDecimal.valueOf(rate).stripTrailingZeros().toPlainString();
    }
}
