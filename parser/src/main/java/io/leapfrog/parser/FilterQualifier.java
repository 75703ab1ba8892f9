package io.leapfrog.parser;

import io.leapfrog.ast.Attribute;
import io.leapfrog.ast.FilterSpec;
import io.leapfrog.ast.SourcePos;
import io.leapfrog.parser.grammar.DatalogParser.QualifierContext;
import io.leapfrog.parser.grammar.DatalogParser.QualifierOptionContext;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code filter} qualifier of a {@code .decl}: {@code filter}, {@code filter(fpr=0.001)},
 * {@code filter(fpr=0.001, kind=sqf)}. The rate is strictly between 0 and 1 and no smaller than the
 * remainder width of the kind can give at any size (a filter's remainder is about log2(0.75 / fpr) bits:
 * at most 32 for an RSQF, 16 for an SQF), so a declaration that is accepted always makes a filter.
 */
final class FilterQualifier {
    /** The smallest rate an RSQF reaches with 32-bit remainders at any number of keys (0.75 * 2^-31, rounded up). */
    static final double MIN_RSQF_FPR = 1e-9;
    /** The smallest rate an SQF reaches with 16-bit remainders at any number of keys (0.75 * 2^-15, rounded up). */
    static final double MIN_SQF_FPR = 1e-4;

    private FilterQualifier() {
    }

    static FilterSpec parse(QualifierContext qualifier, SourcePos pos, String source) {
        double fpr = FilterSpec.DEFAULT_FPR;
        FilterSpec.Kind kind = FilterSpec.Kind.RSQF;
        SourcePos fprPos = pos;
        if (qualifier.qualifierOptions() != null) {
            Set<String> seen = new HashSet<>();
            for (QualifierOptionContext option : qualifier.qualifierOptions().qualifierOption()) {
                String key = option.IDENT(0).getText();
                SourcePos at = position(option, pos);
                String value = option.getChild(2).getText();
                if (!seen.add(key)) {
                    throw Diagnostics.failure(at, "filter option '" + key + "' is given twice; give it once", source);
                }
                switch (key) {
                    case "fpr" -> {
                        fpr = rate(value, at, source);
                        fprPos = at;
                    }
                    case "kind" -> kind = kind(value, at, source);
                    default -> throw Diagnostics.failure(at, "unknown filter option '" + key + "'; a filter takes"
                            + " fpr=<rate between 0 and 1> and kind=rsqf|sqf", source);
                }
            }
        }
        double min = kind == FilterSpec.Kind.RSQF ? MIN_RSQF_FPR : MIN_SQF_FPR;
        if (fpr < min) {
            String least = FilterSpec.plain(min);
            throw Diagnostics.failure(fprPos, "filter fpr=" + FilterSpec.plain(fpr) + " is below what an " + kind + " can hold ("
                    + least + (kind == FilterSpec.Kind.SQF ? ": its remainders are at most 16 bits); use kind=rsqf or"
                    : ": its remainders are at most 32 bits);") + " give a rate of at least " + least, source);
        }
        return new FilterSpec(fpr, kind, pos);
    }

    private static SourcePos position(QualifierOptionContext option, SourcePos qualifier) {
        return new SourcePos(qualifier.file(), option.getStart().getLine(), option.getStart().getCharPositionInLine() + 1);
    }

    private static double rate(String text, SourcePos at, String source) {
        double value;
        try {
            value = Double.parseDouble(text);
        } catch (NumberFormatException e) {
            value = Double.NaN;
        }
        if (!(value > 0 && value < 1)) {
            throw Diagnostics.failure(at, "filter fpr=" + text + " is not a false-positive rate: give a number"
                    + " strictly between 0 and 1, e.g. fpr=0.001", source);
        }
        return value;
    }

    private static FilterSpec.Kind kind(String text, SourcePos at, String source) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "rsqf" -> FilterSpec.Kind.RSQF;
            case "sqf" -> FilterSpec.Kind.SQF;
            default -> throw Diagnostics.failure(at, "filter kind=" + text + " is not a filter kind; use kind=rsqf"
                    + " (rank-and-select quotient filter, the default) or kind=sqf", source);
        };
    }

    /** A filter relation has attributes, and no qualifier that needs its tuples (eqrel, choice-domain, subsumption). */
    static void checkDeclaration(Set<String> qualifiers, List<List<String>> choiceDomains, List<Attribute> attributes,
                                 SourcePos pos, String source) {
        for (String other : List.of("eqrel", "btree_delete", "brie", "btree")) {
            if (qualifiers.contains(other)) {
                throw Diagnostics.failure(pos, "a filter relation cannot also be " + other + ": a filter keeps"
                        + " fingerprints of its tuples, not the tuples. Remove one of the two qualifiers", source);
            }
        }
        if (!choiceDomains.isEmpty()) {
            throw Diagnostics.failure(pos, "a filter relation cannot have a choice-domain: a filter keeps"
                    + " fingerprints of its tuples, not the tuples. Remove one of the two", source);
        }
        if (attributes.isEmpty()) {
            throw Diagnostics.failure(pos, "a filter relation needs at least one attribute: a nullary relation"
                    + " is one bit, kept exactly. Remove the filter qualifier", source);
        }
    }
}
