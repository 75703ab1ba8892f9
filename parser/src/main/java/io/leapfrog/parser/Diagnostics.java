package io.leapfrog.parser;

import io.leapfrog.ast.SourcePos;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.common.SourceDiagnostic;

/** Builds the user-facing messages of the front end from AST positions. */
public final class Diagnostics {
    private Diagnostics() {
    }

    /** {@code file:line:col: error: message}, the source line and a caret. */
    public static String error(SourcePos pos, String message, String source) {
        return SourceDiagnostic.format(pos.file(), pos.line(), pos.column(), "error", message, source);
    }

    public static String warning(SourcePos pos, String message, String source) {
        return SourceDiagnostic.format(pos.file(), pos.line(), pos.column(), "warning", message, source);
    }

    /**
     * A NotSupportedException whose message starts with "not supported: " (the contract of that class)
     * and then gives the position, the source line and a caret.
     */
    public static NotSupportedException notSupported(SourcePos pos, String what, String source) {
        StringBuilder message = new StringBuilder("not supported: ").append(what).append(", at ").append(pos);
        String line = SourceDiagnostic.sourceLine(source, pos.line());
        if (line != null) {
            // reuse the snippet layout (source line and caret) of ordinary diagnostics
            String located = SourceDiagnostic.format(pos.file(), pos.line(), pos.column(), "error", "", source);
            message.append(located.substring(located.indexOf('\n')));
        }
        return new NotSupportedException(message.toString());
    }

    public static LeapfrogException failure(SourcePos pos, String message, String source) {
        return new LeapfrogException(error(pos, message, source));
    }
}
