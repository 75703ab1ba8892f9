package io.leapfrog.cli.repl;

import io.leapfrog.common.LeapfrogException;
import org.jline.reader.Candidate;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Reads statements and hands each complete one to a {@link ReplSession}: interactively through JLine
 * (line editing, continuation prompt, persistent history, completion), or from a plain reader when the
 * input is not a terminal (e.g. {@code leapfrog repl < script.dl}).
 */
public final class Repl {
    static final String PROMPT = "leapfrog> ";
    static final String CONTINUATION_PROMPT = "     ...> ";

    private Repl() {
    }

    /** The interactive loop; returns when the user quits (.quit, Ctrl-D). */
    public static void interactive(ReplSession session, Terminal terminal, Path historyFile) {
        LineReader reader = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("leapfrog")
                .parser(new ReplParser())
                .completer((r, line, candidates) -> session.completionWords()
                        // complete=false: no blank after the word, since "edge(" usually follows
                        .forEach(w -> candidates.add(new Candidate(w, w, null, null, null, null, false))))
                .variable(LineReader.HISTORY_FILE, historyFile)
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, CONTINUATION_PROMPT)
                .variable(LineReader.HISTORY_SIZE, 1000)
                // '!' is Datalog negation, not a history reference.
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .build();
        PrintStream out = new PrintStream(terminal.output(), true);
        out.println("Leapfrog REPL. Type .help for help, .quit to leave.");
        // Outside readLine (which handles Ctrl-C itself), Ctrl-C cancels the statement running on this
        // thread: the engine stops its joins and GPU kernels and ends it with an error message.
        terminal.handle(Terminal.Signal.INT, signal -> session.cancel());
        try {
            while (true) {
                String statement;
                try {
                    statement = reader.readLine(PROMPT);
                } catch (UserInterruptException e) {
                    continue;          // Ctrl-C drops the statement being typed, not the session
                } catch (EndOfFileException e) {
                    break;
                }
                boolean go = session.execute(statement);
                Thread.interrupted();  // a Ctrl-C that came after the statement finished is spent
                if (!go) {
                    break;
                }
            }
        } finally {
            try {
                reader.getHistory().save();
            } catch (IOException e) {
                System.err.println("warning: could not save history to " + historyFile + ": " + e.getMessage());
            }
        }
    }

    /** Non-interactive: statements from a reader, no prompts; stops at the end of input or .quit. */
    public static void script(ReplSession session, Reader input) throws IOException {
        script(session, input, "<stdin>", false);
    }

    /**
     * Non-interactive: statements from a reader named {@code name} (errors point to its lines), no prompts;
     * stops at the end of input, at .quit, or with {@code bail} at the first statement that fails.
     */
    public static void script(ReplSession session, Reader input, String name, boolean bail) throws IOException {
        BufferedReader lines = new BufferedReader(input);
        StringBuilder pending = new StringBuilder();
        String line;
        int lineNo = 0;
        int firstLine = 1;
        while ((line = lines.readLine()) != null) {
            if (lineNo++ == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1); // a byte-order mark, skipped as in program files
            }
            if (pending.length() == 0) {
                firstLine = lineNo;
            }
            pending.append(line).append('\n');
            if (StatementEnd.isComplete(pending.toString())) {
                boolean go = session.execute(pending.toString(), name, firstLine);
                pending.setLength(0);
                if (!go || bail && session.exitCode() != 0) {
                    return;
                }
            }
        }
        if (!StatementEnd.isBlank(pending.toString())) {
            session.execute(pending.toString(), name, firstLine); // let the parser report what is unfinished
        }
    }

    /**
     * A reader of a script on {@code in}: UTF-8, as program files are, decoded a line at a time (so the
     * statements before a bad line run), an invalid byte a {@link LeapfrogException} naming its line.
     */
    public static Reader scriptReader(InputStream in) {
        return new ScriptReader(in);
    }

    private static final class ScriptReader extends Reader {
        private final InputStream in;
        private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();
        private String chars = "";
        private int next;
        private int lineNo;

        ScriptReader(InputStream in) {
            this.in = new java.io.BufferedInputStream(in);
        }

        @Override
        public int read(char[] cbuf, int off, int len) throws IOException {
            if (next == chars.length() && !nextLine()) {
                return -1;
            }
            int n = Math.min(len, chars.length() - next);
            chars.getChars(next, next + n, cbuf, off);
            next += n;
            return n;
        }

        private boolean nextLine() throws IOException {
            line.reset();
            for (int b; (b = in.read()) >= 0; ) {
                line.write(b);
                if (b == '\n') {
                    break;
                }
            }
            if (line.size() == 0) {
                return false;
            }
            lineNo++;
            try {
                chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(java.nio.ByteBuffer.wrap(line.toByteArray())).toString();
            } catch (CharacterCodingException e) {
                throw new LeapfrogException("error: line " + lineNo + " of the script is not UTF-8 (program text is"
                        + " UTF-8; convert it with iconv -f latin1 -t utf-8)");
            }
            next = 0;
            return true;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
