package io.leapfrog.check;

import io.leapfrog.ast.SourcePos;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.Diagnostics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Collects errors and warnings during checking, so that all of them are reported at once, in source order. */
final class Problems {
    private record Entry(SourcePos pos, String message) { }

    private static final Comparator<Entry> BY_POSITION = Comparator
            .comparing((Entry e) -> e.pos().file())
            .thenComparingInt(e -> e.pos().line())
            .thenComparingInt(e -> e.pos().column());

    private final String source;
    private final List<Entry> errors = new ArrayList<>();
    private final List<Entry> warnings = new ArrayList<>();

    Problems(String source) {
        this.source = source;
    }

    void error(SourcePos pos, String message) {
        Entry entry = new Entry(pos, message);
        if (!errors.contains(entry)) {
            errors.add(entry);
        }
    }

    void warning(SourcePos pos, String message) {
        Entry entry = new Entry(pos, message);
        if (!warnings.contains(entry)) {
            warnings.add(entry);
        }
    }

    boolean hasErrors() {
        return !errors.isEmpty();
    }

    /** Throws one exception listing every error (sorted by position), if there is any. */
    void throwIfErrors() {
        if (errors.isEmpty()) {
            return;
        }
        List<String> formatted = new ArrayList<>();
        errors.stream().sorted(BY_POSITION).forEach(e -> formatted.add(Diagnostics.error(e.pos(), e.message(), source)));
        String summary = errors.size() == 1 ? "" : "\n" + errors.size() + " errors";
        throw new LeapfrogException(String.join("\n", formatted) + summary);
    }

    List<String> formattedWarnings() {
        List<String> formatted = new ArrayList<>();
        warnings.stream().sorted(BY_POSITION).forEach(w -> formatted.add(Diagnostics.warning(w.pos(), w.message(), source)));
        return formatted;
    }
}
