package io.leapfrog.cli.repl;

import org.jline.reader.EOFError;
import org.jline.reader.Parser.ParseContext;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** JLine keeps reading (continuation prompt) exactly when the statement is incomplete. */
class ReplParserTest {
    private final ReplParser parser = new ReplParser();

    @Test
    void incompleteStatementAsksForMoreInput() {
        assertThrows(EOFError.class, () -> parser.parse("path(x, z) :- path(x, y),", 0, ParseContext.ACCEPT_LINE));
        assertThrows(EOFError.class, () -> parser.parse(".decl e(x:number,", 0, ParseContext.ACCEPT_LINE));
    }

    @Test
    void completeStatementIsAccepted() {
        assertDoesNotThrow(() -> parser.parse("path(x, z) :- path(x, y), !e(y, z).", 0, ParseContext.ACCEPT_LINE));
        assertDoesNotThrow(() -> parser.parse(".timing off", 0, ParseContext.ACCEPT_LINE));
    }

    @Test
    void completionSplitsWordsWithoutInterpretingQuotes() {
        var line = parser.parse("?- name(\"it's\", x", 17, ParseContext.COMPLETE);
        assertEquals("x", line.word());
    }
}
