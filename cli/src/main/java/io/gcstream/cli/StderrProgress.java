package io.gcstream.cli;

import io.gcstream.circuits.Party;
import io.gcstream.engine.ProgressListener;
import java.io.PrintStream;
import java.util.Locale;

/**
 * A progress bar per party on stderr, redrawn in place at most every {@link #REDRAW_NANOS}:
 * gates done of the circuit's gates, rate and time left. Under {@code gc run --local} the two
 * parties get one line each; the cursor moves up over them with ANSI escapes to redraw both.
 *
 * <pre>
 * creator   [##########----------]  51.3%  2,140,221,440 / 4,171,691,297 gates  24.6 M/s  ETA 1:23
 * evaluator [##########----------]  51.2%  2,136,050,112 / 4,171,691,297 gates  24.6 M/s  ETA 1:23
 * </pre>
 *
 * <p>The engine reports the gates its walker has handed to the garbling loop of its walked
 * total, copy gates of sub-circuit calls included; the bar shows the same fraction of the
 * circuit's gate count, so the numbers match {@code gc info}. Written for
 * the CLI alone (two lines, no terminal library): thread-safe, as both parties' threads report.
 */
final class StderrProgress implements ProgressListener {
    /** Runs with at least this many gates show progress on an interactive terminal. */
    static final long AUTO_THRESHOLD = 1_000_000L;
    static final long REDRAW_NANOS = 250_000_000L;
    private static final int BAR = 20;

    private final PrintStream err;
    private final Party[] parties;
    private final long gates;
    /** The engine's walked total (see the class comment). */
    private long walked = 1;
    private final long[] done;
    private final long[] startNanos;
    private final boolean[] finished;
    private long lastDraw;
    private boolean drawn;

    /**
     * @param parties the parties shown, one line each, in this order
     * @param gates   the circuit's gate count, as {@code gc info} shows it
     */
    StderrProgress(PrintStream err, Party[] parties, long gates) {
        this.err = err;
        this.parties = parties.clone();
        this.gates = gates;
        this.done = new long[parties.length];
        this.startNanos = new long[parties.length];
        this.finished = new boolean[parties.length];
    }

    @Override
    public synchronized void progress(Party role, long walkedGates, long total) {
        int p = index(role);
        if (p < 0) {
            return;
        }
        long now = System.nanoTime();
        if (startNanos[p] == 0) {
            startNanos[p] = now;
        }
        if (finished[p] && walkedGates < done[p]) {
            finished[p] = false; // the next execution of --repeat
            startNanos[p] = now;
        }
        walked = Math.max(1, total);
        done[p] = Math.min(walkedGates, walked);
        // The engine's last call reports (total, total): the stream is complete.
        if (walkedGates == total) {
            finished[p] = true;
        }
        if (finished[p] || now - lastDraw >= REDRAW_NANOS) {
            lastDraw = now;
            draw(now);
        }
    }

    /** Starts the clocks: called when the parties begin, so the first rate is right. */
    synchronized void start() {
        long now = System.nanoTime();
        for (int p = 0; p < parties.length; p++) {
            startNanos[p] = now;
        }
        draw(now);
    }

    /** Draws the final state and leaves the cursor below the lines. */
    synchronized void finish() {
        if (drawn) {
            draw(System.nanoTime());
            drawn = false;
        }
    }

    private int index(Party role) {
        for (int p = 0; p < parties.length; p++) {
            if (parties[p] == role) {
                return p;
            }
        }
        return -1;
    }

    private void draw(long now) {
        StringBuilder sb = new StringBuilder();
        if (drawn && parties.length > 1) {
            sb.append("\033[").append(parties.length - 1).append('A');
        }
        for (int p = 0; p < parties.length; p++) {
            sb.append('\r').append(line(p, now)).append("\033[K");
            if (p < parties.length - 1) {
                sb.append('\n');
            }
        }
        boolean all = true;
        for (boolean f : finished) {
            all &= f;
        }
        if (all) {
            sb.append('\n');
        }
        err.print(sb);
        err.flush();
        drawn = !all;
    }

    /** One party's line. */
    String line(int p, long now) {
        double fraction = (double) done[p] / walked;
        long shown = finished[p] ? gates : (long) (fraction * gates);
        int filled = (int) Math.round(fraction * BAR);
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-9s [", parties[p].name().toLowerCase(Locale.ROOT)));
        for (int k = 0; k < BAR; k++) {
            sb.append(k < filled ? '#' : '-');
        }
        double seconds = (now - startNanos[p]) / 1e9;
        double rate = seconds > 0 ? shown / seconds : 0;
        sb.append(String.format(Locale.ROOT, "] %5.1f%%  %,d / %,d gates  %s/s", 100 * fraction, shown, gates,
                human(rate)));
        if (finished[p]) {
            sb.append("  done in ").append(clock(seconds));
        } else if (rate > 0 && shown > 0) {
            sb.append("  ETA ").append(clock((gates - shown) / rate));
        }
        return sb.toString();
    }

    static String human(double perSecond) {
        if (perSecond >= 1e9) {
            return String.format(Locale.ROOT, "%.1f G", perSecond / 1e9);
        }
        if (perSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.1f M", perSecond / 1e6);
        }
        if (perSecond >= 1e3) {
            return String.format(Locale.ROOT, "%.1f k", perSecond / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f ", perSecond);
    }

    /** Seconds as m:ss or h:mm:ss. */
    static String clock(double seconds) {
        long s = Math.max(0, Math.round(seconds));
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
        }
        return String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
