package io.leapfrog.cli.profile;

import io.leapfrog.engine.Progress;
import io.leapfrog.engine.eval.RoundDone;
import io.leapfrog.engine.eval.RuleDone;
import io.leapfrog.engine.eval.StratumDone;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * A status line on a terminal for a run past two seconds: the stratum running, its round and last delta
 * (a recursive stratum) or the rule last evaluated, and the time so far, redrawn in place four times a
 * second and erased when the run ends. {@code --verbose} lines go through it ({@link #println}), so that
 * they never land inside the status line. Made only when the command runs on a terminal.
 */
public final class ProgressLine implements Progress, AutoCloseable {
    /** Work shorter than this shows no line. */
    static final long DELAY_NANOS = 2_000_000_000L;
    private static final long TICK_MILLIS = 250;

    private final PrintStream err;
    private final boolean verbose;
    private final long start = System.nanoTime();
    private final Thread ticker;
    private String stratum = "starting";
    private String detail = "";
    /** The CPU join running now, its share function and start, or null. */
    private String join;
    private java.util.function.DoubleSupplier joinShare;
    private long joinStart;
    private boolean shown;
    private volatile boolean closed;

    public ProgressLine(PrintStream err, boolean verbose) {
        this.err = err;
        this.verbose = verbose;
        this.ticker = new Thread(this::tick, "leapfrog-progress");
        ticker.setDaemon(true);
        ticker.start();
    }

    private void tick() {
        try {
            while (!closed) {
                Thread.sleep(TICK_MILLIS);
                long elapsed = System.nanoTime() - start;
                if (elapsed >= DELAY_NANOS) {
                    draw(elapsed);
                }
            }
        } catch (InterruptedException e) {
            // closed
        }
    }

    private synchronized void draw(long elapsed) {
        if (closed) {
            return;
        }
        String line = String.format(Locale.ROOT, "[%.1f s] %s%s%s", elapsed / 1e9, stratum, detail, joinText());
        if (line.length() > 150) {
            line = line.substring(0, 149) + "\u2026";
        }
        err.print("\r\033[K" + line);
        err.flush();
        shown = true;
    }

    /**
     * {@code out} for what the run prints to standard output while the line may be shown ({@code .printsize}
     * lines): each write erases the line first, so that the two never share a terminal row.
     */
    public PrintStream above(PrintStream out) {
        return new PrintStream(new java.io.OutputStream() {
            @Override
            public void write(int b) {
                erase();
                out.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                erase();
                out.write(b, off, len);
            }

            @Override
            public void flush() {
                out.flush();
            }
        }, true, java.nio.charset.StandardCharsets.UTF_8);
    }

    private synchronized void erase() {
        if (shown) {
            err.print("\r\033[K");
            err.flush();
            shown = false;
        }
    }

    /**
     * The running join, once it has run a second: the share of its first level handed out, and the time left
     * at the pace so far (from 2% on).
     */
    private String joinText() {
        if (join == null) {
            return "";
        }
        long ran = System.nanoTime() - joinStart;
        if (ran < 1_000_000_000L) {
            return "";
        }
        double share = Math.max(0, Math.min(1, joinShare.getAsDouble()));
        String eta = share < 0.02 ? "" : String.format(Locale.ROOT, ", about %.0f s left", ran / 1e9 * (1 - share) / share);
        return String.format(Locale.ROOT, "; joining %s: %.0f%% of its first level%s", join, 100 * share, eta);
    }

    @Override
    public synchronized void joinRunning(String label, java.util.function.DoubleSupplier share) {
        join = label;
        joinShare = share;
        joinStart = System.nanoTime();
    }

    @Override
    public synchronized void joinEnded(String label) {
        if (label.equals(join)) {
            join = null;
            joinShare = null;
        }
    }

    /** Prints a line of its own (a --verbose line) above the status line. */
    public synchronized void println(String line) {
        erase();
        err.println(line);
        err.flush();
    }

    @Override
    public synchronized void stratumStarted(int index, int strata, List<String> relations) {
        stratum = "stratum " + index + " of " + strata + ": " + String.join(", ", relations);
        detail = "";
    }

    @Override
    public synchronized void ruleDone(RuleDone r) {
        detail = String.format(Locale.ROOT, ", round %d: %s (%,d tuples)", r.round(), r.rule(), r.tuples());
    }

    @Override
    public synchronized void roundDone(RoundDone r) {
        detail = r.newTuples() < 0
                ? String.format(Locale.ROOT, ", rounds to %d on the GPU", r.lastRound())
                : String.format(Locale.ROOT, ", round %d: %,d new tuples (%s)", r.lastRound(), r.newTuples(), r.where());
    }

    @Override
    public void stratumDone(StratumDone s) {
        if (verbose) {
            println(s.line());
        }
    }

    /** Stops redrawing and erases the line. */
    @Override
    public synchronized void close() {
        erase();
        closed = true;
        ticker.interrupt();
    }
}
