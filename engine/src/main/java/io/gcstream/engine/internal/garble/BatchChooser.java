package io.gcstream.engine.internal.garble;

import java.util.function.LongSupplier;

/**
 * Chooses, batch by batch, whether a team's gate loop ({@link ParallelLoop}) runs a batch on
 * its team or on its owner alone, by timing both: each cycle starts with {@link #PROBE}
 * batches on the team and {@link #PROBE} alone (the first of each untimed: it wakes a parked
 * worker or warms the other loop), and runs the rest of the cycle the way that took less time
 * a gate. A cycle whose probes the team wins is {@link #CYCLE} batches; one the owner alone
 * wins lasts twice as long as the one before, up to {@link #MAX_CYCLE}. So a team whose
 * threads the machine does not give it (another process on their core, where a claimed part
 * can wait a whole time slice) costs its owner a share of its time that halves with every
 * cycle it loses, and a team that pays again is found within one longest cycle.
 *
 * <p>Only the loop's owner calls it; nothing is allocated.
 */
final class BatchChooser {
    /** Batches of the first cycle, and of each cycle the team wins. */
    static final int CYCLE = 256;
    /** Longest cycle: the team is probed at least once every this many batches. */
    static final int MAX_CYCLE = CYCLE << 6;
    /** Batches probed each way per cycle. */
    static final int PROBE = 5;

    /** The clock batches are timed by (tests feed their own). */
    LongSupplier clock = System::nanoTime;

    private int cycle = CYCLE;
    /** Where the next batch falls in its cycle. */
    private int at;
    /** Whether the batches outside the probes run alone. */
    private boolean aloneFaster;
    private long teamNanos;
    private long teamGates;
    private long aloneNanos;
    private long aloneGates;
    /** The batch being run: whether it is timed, and alone; when it started. */
    private boolean timed;
    private boolean alone;
    private long t0;

    /** Whether the next batch runs on the owner alone; call {@link #ran} after running it. */
    boolean alone() {
        boolean probe = at < 2 * PROBE;
        alone = probe ? at >= PROBE : aloneFaster;
        timed = probe && at % PROBE != 0;
        if (timed) {
            t0 = clock.getAsLong();
        }
        return alone;
    }

    /** The batch {@link #alone()} chose ran, with {@code count} gates. */
    void ran(int count) {
        if (timed) {
            long t = clock.getAsLong() - t0;
            if (alone) {
                aloneNanos += t;
                aloneGates += count;
            } else {
                teamNanos += t;
                teamGates += count;
            }
        }
        if (at == 2 * PROBE - 1) {
            // Nanoseconds a gate each way, compared without a division.
            aloneFaster = aloneGates > 0 && teamGates > 0
                    && (double) aloneNanos * teamGates < (double) teamNanos * aloneGates;
            cycle = aloneFaster ? Math.min(MAX_CYCLE, 2 * cycle) : CYCLE;
            teamNanos = 0;
            teamGates = 0;
            aloneNanos = 0;
            aloneGates = 0;
        }
        if (++at >= cycle) {
            at = 0;
        }
    }

    /** Batches of the current cycle (tests). */
    int cycle() {
        return cycle;
    }
}
