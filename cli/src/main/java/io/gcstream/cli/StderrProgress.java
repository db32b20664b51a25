package io.gcstream.cli;

import io.gcstream.circuits.Party;
import io.gcstream.engine.ProgressListener;
import java.io.PrintStream;
import java.util.Locale;

/** Shows a long run's progress on stderr, at most once a second, on one rewritten line. */
final class StderrProgress implements ProgressListener {
    /** Runs with at least this many gates show progress on an interactive terminal. */
    static final long AUTO_THRESHOLD = 10_000_000L;

    private final PrintStream err;
    private long lastNanos;

    StderrProgress(PrintStream err) {
        this.err = err;
    }

    @Override
    public synchronized void progress(Party role, long gates, long total) {
        long now = System.nanoTime();
        boolean done = gates >= total;
        if (!done && now - lastNanos < 1_000_000_000L) {
            return;
        }
        lastNanos = now;
        double pct = total == 0 ? 100 : Math.min(100.0, 100.0 * gates / total);
        err.printf(Locale.ROOT, "\r%s: %5.1f%% of %,d gates%s", role.name().toLowerCase(Locale.ROOT), pct, total,
                done ? "\n" : "");
        err.flush();
    }
}
