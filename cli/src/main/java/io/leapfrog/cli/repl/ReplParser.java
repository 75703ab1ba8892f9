package io.leapfrog.cli.repl;

import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.impl.DefaultParser;

/**
 * JLine's view of a statement: when Enter is pressed on an incomplete statement, EOFError makes JLine
 * keep reading with the continuation prompt instead of accepting the line.
 */
final class ReplParser implements Parser {
    private final DefaultParser words = new DefaultParser();

    ReplParser() {
        // Datalog has no escapes for JLine to interpret and '"' strings are checked by StatementEnd.
        words.setEscapeChars(new char[0]);
        words.setQuoteChars(new char[0]);
    }

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE && !StatementEnd.isComplete(line)) {
            throw new EOFError(-1, -1, "statement continues until '.'", ".");
        }
        // Split into words only for completion.
        return words.parse(line, cursor, ParseContext.SPLIT_LINE);
    }
}
