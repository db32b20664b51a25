package io.gcstream.ot.internal.parallel;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How long a thread of gcstream busy-waits for another before it parks: at most {@link #LIMIT}
 * calls of {@link Thread#onSpinWait} in one wait. Records, for tests, the longest busy wait
 * (spins and yields) a waiting loop reported.
 */
public final class Spin {
    /** Most busy-wait steps of one wait before the thread parks. */
    public static final int LIMIT = 256;

    private static final AtomicInteger LONGEST = new AtomicInteger();

    private Spin() {
    }

    /** A waiting loop ends a busy wait of {@code steps} steps (it parks, or what it waited for came). */
    public static void ended(int steps) {
        if (steps > LONGEST.get()) {
            LONGEST.accumulateAndGet(steps, Math::max);
        }
    }

    /** Tests: the longest busy wait reported since {@link #resetForTests()}. */
    public static int longestForTests() {
        return LONGEST.get();
    }

    /** Tests: forgets the busy waits reported so far. */
    public static void resetForTests() {
        LONGEST.set(0);
    }
}
