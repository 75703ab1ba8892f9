package io.leapfrog.common;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SourceDiagnosticTest {

    @Test
    void formatsPositionSourceLineAndCaret() {
        String source = "first\r\n  second line\nthird";
        assertEquals("f.dl:2:5: error: bad thing\n  second line\n    ^",
                SourceDiagnostic.format("f.dl", 2, 5, "error", "bad thing", source));
    }

    @Test
    void caretKeepsTabsSoItLinesUp() {
        assertEquals("f.dl:1:3: warning: w\n\t\tx\n\t\t^",
                SourceDiagnostic.format("f.dl", 1, 3, "warning", "w", "\t\tx"));
    }

    @Test
    void withoutSourceOrPositionOnlyTheHeader() {
        assertEquals("f.dl:3:1: error: e", SourceDiagnostic.format("f.dl", 3, 1, "error", "e", null));
        assertEquals("f.dl: error: e", SourceDiagnostic.format("f.dl", 0, 0, "error", "e", "x"));
        assertEquals("f.dl:9:1: error: e", SourceDiagnostic.format("f.dl", 9, 1, "error", "e", "only one line"));
    }

    @Test
    void sourceLineHandlesEndsAndOutOfRange() {
        assertEquals("", SourceDiagnostic.sourceLine("a\n\nb", 2));
        assertEquals("b", SourceDiagnostic.sourceLine("a\n\nb", 3));
        assertNull(SourceDiagnostic.sourceLine("a", 0));
        assertNull(SourceDiagnostic.sourceLine(null, 1));
    }

    @Test
    void longLineIsCutAroundTheColumnWithTheCaretOnIt() {
        String line = "a".repeat(1000) + "X" + "b".repeat(1000);
        String[] shown = SourceDiagnostic.format("f.dl", 1, 1001, "error", "e", line).split("\n");
        assertEquals(3, shown.length);
        String text = shown[1];
        assertTrue(text.startsWith("...") && text.endsWith("..."), text);
        assertTrue(text.length() <= SourceDiagnostic.MAX_SNIPPET + 6, "length " + text.length());
        assertEquals('X', text.charAt(shown[2].indexOf('^')));
        String start = SourceDiagnostic.format("f.dl", 1, 1, "error", "e", line).split("\n")[1];
        assertTrue(start.startsWith("aaa") && start.endsWith("..."), start);
    }
}
