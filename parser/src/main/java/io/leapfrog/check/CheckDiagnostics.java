package io.leapfrog.check;

import io.leapfrog.ast.SourcePos;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.Diagnostics;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Collects errors and warnings during checking, so that all of them are reported at once, in source order. */
final class CheckDiagnostics {
    private record Entry(SourcePos pos, String message) { }

    private static final Comparator<Entry> BY_POSITION = Comparator
            .comparing((Entry e) -> e.pos().file())
            .thenComparingInt(e -> e.pos().line())
            .thenComparingInt(e -> e.pos().column());

    private final Function<String, String> sources;
    private final Set<Entry> errors = new LinkedHashSet<>();
    private final Set<Entry> warnings = new LinkedHashSet<>();

    /** @param sources the source text of a file name (null when unknown), to quote lines in messages */
    CheckDiagnostics(Function<String, String> sources) {
        this.sources = sources;
    }

    String sourceOf(SourcePos pos) {
        return sources.apply(pos.file());
    }

    void error(SourcePos pos, String message) {
        errors.add(new Entry(pos, message));
    }

    void warning(SourcePos pos, String message) {
        warnings.add(new Entry(pos, message));
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
        errors.stream().sorted(BY_POSITION).forEach(e -> formatted.add(Diagnostics.error(e.pos(), e.message(), sourceOf(e.pos()))));
        String summary = errors.size() == 1 ? "" : "\n" + errors.size() + " errors";
        throw new LeapfrogException(String.join("\n", formatted) + summary);
    }

    List<String> formattedWarnings() {
        List<String> formatted = new ArrayList<>();
        warnings.stream().sorted(BY_POSITION).forEach(w -> formatted.add(Diagnostics.warning(w.pos(), w.message(), sourceOf(w.pos()))));
        return formatted;
    }
}
