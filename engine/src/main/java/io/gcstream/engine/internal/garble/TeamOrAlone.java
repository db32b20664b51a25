package io.gcstream.engine.internal.garble;

import java.util.concurrent.TimeUnit;

/**
 * Chooses, window by window, whether a {@link Lockstep} team or its owner alone runs the next
 * segments, by the rates each achieved (work: a count of non-linear gates done, compared only
 * within a walk, so any count that grows with them serves). With the team, the owner leaves it
 * only when both hold: a thread of the team waited for a core ({@code contended}, read from
 * the scheduler, so that a pause of the whole machine, which slows both ways alike, is not
 * taken for it), and the window's rate fell below the rate the owner last achieved alone.
 * Alone, it tries the team again once the machine is calm or after {@link #FIRST_TRY_NANOS}; a team stretch that ended below {@link #GAIN} over the alone rate
 * doubles that wait, up to {@link #LAST_TRY_NANOS}, and one above it resets the wait. So a core
 * lost to another process for good costs the owner a share of its time that halves with each
 * try, and a team that pays again is back within one longest wait, whatever the scheduler's
 * readings of the rest of the machine say.
 *
 * <p>The rates carry over from walk to walk; each walk starts with the team. Only the owner
 * calls it; nothing is allocated.
 */
final class TeamOrAlone {
    /** The first wait alone before the team is tried again, and the wait after a team stretch that paid. */
    static final long FIRST_TRY_NANOS = TimeUnit.MILLISECONDS.toNanos(16);
    /** The longest wait alone: the team is tried at least this often. */
    static final long LAST_TRY_NANOS = TimeUnit.MILLISECONDS.toNanos(512);
    /** How much faster than alone a team stretch must have been to reset the wait. */
    static final double GAIN = 0.1;

    private boolean alone;
    /** Start of the current stretch (team or alone), and the work done by then. */
    private long since;
    private long sinceWork;
    /** Start of the current window with the team, and the work done by then. */
    private long windowAt;
    private long windowWork;
    /** Work a nanosecond over the last stretch alone; NaN before the first. */
    private double aloneRate = Double.NaN;
    private long tryAfter = FIRST_TRY_NANOS;

    /** A walk starts with the team at {@code now}, with {@code work} done so far. */
    void walkStarts(long now, long work) {
        alone = false;
        since = now;
        sinceWork = work;
        windowAt = now;
        windowWork = work;
    }

    /** The walk ended: a stretch alone up to here gives the alone rate. */
    void walkEnds(long now, long work) {
        if (alone) {
            aloneEnds(now, work);
            alone = false;
        }
    }

    /**
     * A stretch alone ends: its rate is the one to beat, if it did any work (a walk may end
     * right after the owner chose to go on alone, and a rate of 0 would keep the team for good).
     */
    private void aloneEnds(long now, long work) {
        if (work > sinceWork) {
            aloneRate = rate(now, work, since, sinceWork, aloneRate);
        }
    }

    /**
     * With the team, at the end of a window: whether the owner goes on alone, given whether a
     * thread of the team waited for a core in it; starts the next window.
     */
    boolean leave(long now, long work, boolean contended) {
        double windowRate = rate(now, work, windowAt, windowWork, Double.NaN);
        windowAt = now;
        windowWork = work;
        // Before the first stretch alone there is no rate to compare: a contended window leaves.
        if (alone || !contended || windowRate >= aloneRate) {
            return false;
        }
        if (!Double.isNaN(aloneRate)) {
            double stretch = rate(now, work, since, sinceWork, 0);
            tryAfter = stretch >= (1 + GAIN) * aloneRate ? FIRST_TRY_NANOS : Math.min(LAST_TRY_NANOS, 2 * tryAfter);
        }
        alone = true;
        since = now;
        sinceWork = work;
        return true;
    }

    /** Alone: whether the owner takes the team back, given whether the machine was found calm. */
    boolean back(long now, long work, boolean calm) {
        if (!alone || (!calm && now - since < tryAfter)) {
            return false;
        }
        aloneEnds(now, work);
        walkStarts(now, work);
        return true;
    }

    /** The current wait alone before the team is tried again (tests). */
    long tryAfter() {
        return tryAfter;
    }

    private static double rate(long now, long work, long from, long fromWork, double none) {
        return now > from ? (double) (work - fromWork) / (now - from) : none;
    }
}
