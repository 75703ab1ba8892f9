package io.leapfrog.cli;

import io.leapfrog.common.ByteText;
import io.leapfrog.common.LeapfrogException;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;

/**
 * The process's standard output, made to fail loudly. A {@link PrintStream} swallows write errors, so rows
 * written to a full disk ({@code > /dev/full}) or a closed pipe ({@code | head}) would go nowhere and the
 * run would still exit 0. Here the first failed write throws a {@link LeapfrogException} (through the
 * print stream, which passes unchecked exceptions on), which stops the command at once with one sentence
 * and exit 1; {@link #checkError()} reports it too, for a failure seen where the exception was swallowed.
 * Text is encoded with {@link ByteText}, so symbols read from data files print as the bytes they were read
 * from.
 */
final class StandardOutput extends PrintStream {

    private final Sink sink;

    private StandardOutput(Sink sink) {
        super(new BufferedOutputStream(sink, 1 << 16), false, ByteText.CHARSET);
        this.sink = sink;
    }

    /** A print stream over file descriptor 1. */
    static StandardOutput open() {
        return new StandardOutput(new Sink(new FileOutputStream(FileDescriptor.out)));
    }

    @Override
    public boolean checkError() {
        boolean troubled;
        try {
            troubled = super.checkError();
        } catch (LeapfrogException e) {
            troubled = true;   // the flush that checkError does met the failure
        }
        return troubled || sink.failure != null;
    }

    /**
     * Throws the failure of {@code out} if any of what was printed to it did not arrive (for a stream that kept
     * its failure to itself), so that a command stops before it reports success.
     */
    static void requireDelivered(PrintStream out) {
        if (out.checkError()) {   // flushes first
            throw new LeapfrogException(out instanceof StandardOutput std ? std.failure() : failureMessage(null));
        }
    }

    /** The sentence for a failed write to standard output. */
    static String failureMessage(IOException cause) {
        String reason = cause == null || cause.getMessage() == null ? "" : " (" + cause.getMessage() + ")";
        return "error: cannot write to standard output" + reason + "; the output is incomplete";
    }

    /** The message of this stream's failure (see {@link #failureMessage}). */
    String failure() {
        return failureMessage(sink.failure);
    }

    /**
     * A writer over {@code out} for picocli's help and version text. Picocli prints the stack trace of an
     * exception thrown while it prints help, so here a failure becomes the IOException a PrintWriter keeps
     * to itself, and the check after the command ({@link Main#execute}) reports it as one sentence.
     */
    static Writer quietWriter(PrintStream out) {
        return new FilterWriter(new OutputStreamWriter(out, ByteText.CHARSET)) {
            @Override
            public void write(int c) throws IOException {
                write(new char[] {(char) c}, 0, 1);
            }

            @Override
            public void write(char[] cbuf, int off, int len) throws IOException {
                try {
                    super.write(cbuf, off, len);
                } catch (LeapfrogException e) {
                    throw new IOException(e.getMessage(), e);
                }
            }

            @Override
            public void write(String str, int off, int len) throws IOException {
                write(str.toCharArray(), off, len);
            }

            @Override
            public void flush() throws IOException {
                try {
                    super.flush();
                } catch (LeapfrogException e) {
                    throw new IOException(e.getMessage(), e);
                }
            }
        };
    }

    /** Writes to the descriptor; after the first failure every write fails again, without trying. */
    private static final class Sink extends OutputStream {
        private final OutputStream fd;
        private volatile IOException failure;

        Sink(OutputStream fd) {
            this.fd = fd;
        }

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            if (failure != null) {
                throw new LeapfrogException(failureMessage(failure));
            }
            try {
                fd.write(b, off, len);
            } catch (IOException e) {
                failure = e;
                throw new LeapfrogException(failureMessage(e), e);
            }
        }

        @Override
        public void flush() {
            if (failure != null) {
                throw new LeapfrogException(failureMessage(failure));
            }
        }
    }
}
