package io.gcstream.cli;

import io.gcstream.circuits.Party;
import io.gcstream.engine.RunStats;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The phases of a {@code gc} command and their times, logged at INFO, which {@code --verbose}
 * turns on: reading the circuit, connecting, each party's session set-up, its first run and the
 * median of its later runs. Off (the default), it touches no logger at all, so a command that
 * logs nothing does not pay for setting logging up.
 */
final class Phases {
    private static volatile boolean on;
    /** When the command started, on the {@link System#nanoTime()} clock. */
    private static volatile long start = System.nanoTime();

    private Phases() {
    }

    /** Turns phase logging on (counting time from now) or off. */
    static void enable(boolean yes) {
        on = yes;
        start = System.nanoTime();
    }

    static boolean enabled() {
        return on;
    }

    /** Logs that {@code what} ended {@code nanos} after it began, and when since the command started. */
    static void done(String what, long nanos) {
        if (on) {
            log().info("{} in {} ms (at {} ms)", what, ms(nanos), ms(System.nanoTime() - start));
        }
    }

    /** Logs what {@code party}'s runs cost, from its log. */
    static void runs(Party party, RunLog<RunStats> runs) {
        if (!on || runs.first() == null) {
            return;
        }
        String p = party.name().toLowerCase(Locale.ROOT);
        RunStats f = runs.first();
        Logger log = log();
        log.info("{}: session set-up (hello, base OTs) {} ms", p, ms(f.setupNanos()));
        log.info("{}: run 1 of {}: input labels {} ms, garbled circuit and outputs {} ms, in all {} ms;"
                + " {} bytes sent, {} received", p, runs.count(), ms(f.otNanos()), ms(f.onlineNanos()),
                ms(f.totalNanos()), f.bytesSent(), f.bytesReceived());
        RunStats m = runs.medianOfLater();
        if (m != null) {
            log.info("{}: runs 2 to {}{}, median: input labels {} ms, garbled circuit and outputs {} ms, in all {} ms;"
                    + " {} bytes sent, {} received", p, runs.count(),
                    runs.warmup() > 0 ? " after " + runs.warmup() + " warm-up runs" : "", ms(m.otNanos()),
                    ms(m.onlineNanos()), ms(m.totalNanos()), m.bytesSent(), m.bytesReceived());
        }
    }

    private static Logger log() {
        return LoggerFactory.getLogger(Phases.class);
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }
}
