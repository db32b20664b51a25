package io.gcstream.engine.internal.session;

import java.util.function.LongPredicate;
import java.util.function.LongSupplier;

/**
 * Whether a party's next run goes beside the one before (on a thread of its own) or after it
 * (on the party's thread), chosen by what each way measured: of every {@link #CYCLE} runs, the
 * first {@link #PROBE} go beside, the next {@link #PROBE} after, and the rest the way whose runs
 * ended closer together (the first run after a change of way is not counted). Runs beside each
 * other gain only while the machine gives both threads a core; where another process takes
 * one, the thread on it holds up the run after its run, and one run at a time is faster. Both
 * ways send the same bytes. Not thread-safe: the party's thread uses it (public for the benchmarks).
 */
public final class Beside {
    static final int CYCLE = 128;
    static final int PROBE = 4;
    /**
     * Tests: which of a side's candidate runs (numbered from 0 per session) go beside the one
     * before; null: as measured.
     */
    public static volatile LongPredicate forTests;

    /** Nanoseconds, monotonic. */
    private final LongSupplier clock;
    private long runs;
    private boolean besideFaster = true;
    private long lastEnd = -1;
    private boolean lastBeside;
    private long afterNanos;
    private long afterRuns;
    private long besideNanos;
    private long besideRuns;

    public Beside() {
        this(System::nanoTime);
    }

    /** @param clock nanoseconds, monotonic (tests feed it) */
    Beside(LongSupplier clock) {
        this.clock = clock;
    }

    /** Whether the next run goes beside the one before. */
    public boolean next() {
        long r = runs++;
        LongPredicate f = forTests;
        if (f != null) {
            return f.test(r);
        }
        int at = (int) (r % CYCLE);
        if (at == 0) {
            afterNanos = 0;
            afterRuns = 0;
            besideNanos = 0;
            besideRuns = 0;
        } else if (at == 2 * PROBE && afterRuns > 0 && besideRuns > 0) {
            // Nanoseconds a run each way, compared without a division.
            besideFaster = (double) besideNanos * afterRuns < (double) afterNanos * besideRuns;
        }
        return at < PROBE || (at >= 2 * PROBE && besideFaster);
    }

    /** The sequence of runs paused (its last run ended): the time until the next run ends does not count. */
    public void pause() {
        lastEnd = -1;
    }

    /**
     * A run ended now, {@code beside} the one before or not: the time since the last run ended
     * counts for its way, unless the way changed with it.
     */
    public void ended(boolean beside) {
        long now = clock.getAsLong();
        if (lastEnd >= 0 && beside == lastBeside) {
            if (beside) {
                besideNanos += now - lastEnd;
                besideRuns++;
            } else {
                afterNanos += now - lastEnd;
                afterRuns++;
            }
        }
        lastEnd = now;
        lastBeside = beside;
    }
}
