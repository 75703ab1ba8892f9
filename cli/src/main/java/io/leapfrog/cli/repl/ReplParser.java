package io.leapfrog.cli.repl;

import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.impl.DefaultParser;

import java.util.ArrayList;
import java.util.List;

/**
 * JLine's view of a statement. When Enter is pressed on an incomplete statement, EOFError makes JLine
 * keep reading with the continuation prompt instead of accepting the line. For completion, words are
 * runs of identifier characters, so {@code path(x, y), ed<TAB>} completes {@code ed} (JLine's default
 * parser would split on blanks only and see {@code y),} and {@code ed} as one word with the comma).
 */
final class ReplParser implements Parser {
    private final DefaultParser jline = new DefaultParser();

    ReplParser() {
        // Datalog has no escapes for JLine to interpret; '"' strings are checked by StatementEnd.
        jline.setEscapeChars(new char[0]);
        jline.setQuoteChars(new char[0]);
    }

    @Override
    public ParsedLine parse(String line, int cursor, ParseContext context) {
        if (context == ParseContext.ACCEPT_LINE && !StatementEnd.isComplete(line)) {
            throw new EOFError(-1, -1, "statement continues until '.'", ".");
        }
        return identifierWords(line, cursor);
    }

    private ParsedLine identifierWords(String line, int cursor) {
        List<String> words = new ArrayList<>();
        int wordIndex = -1;
        int wordCursor = 0;
        int wordsBeforeCursor = 0;
        int i = 0;
        int n = line.length();
        while (i < n) {
            if (!isWordChar(line.charAt(i))) {
                i++;
                continue;
            }
            int start = i;
            while (i < n && isWordChar(line.charAt(i))) {
                i++;
            }
            if (cursor >= start && cursor <= i) {
                wordIndex = words.size();
                wordCursor = cursor - start;
            }
            if (i <= cursor) {
                wordsBeforeCursor++;
            }
            words.add(line.substring(start, i));
        }
        if (wordIndex < 0) {          // the cursor stands between words: complete an empty one there
            wordIndex = wordsBeforeCursor;
            words.add(wordIndex, "");
        }
        return jline.new ArgumentList(line, words, wordIndex, wordCursor, cursor);
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.';
    }
}
