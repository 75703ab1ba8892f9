package io.leapfrog.cli.repl;

import org.jline.reader.EOFError;
import org.jline.reader.Parser.ParseContext;
import org.junit.jupiter.api.Test;

import java.util.List;

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
    void completionWordsAreIdentifiers() {
        var line = parser.parse("path(x, y), ed", 14, ParseContext.COMPLETE);
        assertEquals("ed", line.word());
        assertEquals(2, line.wordCursor());
        var command = parser.parse(".ti", 3, ParseContext.COMPLETE);
        assertEquals(".ti", command.word());
        var empty = parser.parse("path(x, y), ", 12, ParseContext.COMPLETE);
        assertEquals("", empty.word());
        assertEquals(List.of("path", "x", "y", ""), empty.words());
    }
}
