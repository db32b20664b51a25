package io.gcstream.ot.internal.parallel;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The scheduler's readings that keep a team in lockstep from collapsing when another process
 * takes one of its cores. A thread that shares its core builds up <em>run delay</em>, time
 * runnable but waiting for a core ({@link RunQueues}); a pause of the whole virtual machine by
 * its host adds none, so run delay tells the two apart where waiting times cannot. The owner
 * reads it every {@link #WINDOW_NANOS}: with the team, whether any of its threads waited for a
 * core more than {@link #DELAY_SHARE} of the window ({@link #contended}), which is when going
 * on alone may pay; alone, whether {@link #CALM_READINGS} readings in a row found no other task
 * of the machine runnable ({@link #calm}), which is when the team surely pays again. The owner
 * weighs them with the rates it measures each way. Linux only: {@link #open} is null elsewhere.
 * Not thread-safe: the owner reads it.
 */
public final class CoreContention implements AutoCloseable {
    /** How often the owner reads. */
    public static final long WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(2);
    /** Share of a window a thread may wait for a core before the team is left. */
    static final double DELAY_SHARE = 0.2;
    /** Readings in a row with no other runnable task before the team is taken back. */
    static final int CALM_READINGS = 2;

    private final RunQueues queues;
    private final long[] delays;
    private long at;
    private int calmReadings;

    private CoreContention(RunQueues queues, int threads) throws IOException {
        this.queues = queues;
        this.delays = new long[threads];
        contended();
    }

    /**
     * Readings of the threads {@code threadIds} ({@link RunQueues#currentThreadId()}; the
     * calling thread, the owner, among them), or null where they cannot be taken.
     */
    public static CoreContention open(String... threadIds) {
        RunQueues q = RunQueues.open(threadIds);
        if (q == null) {
            return null;
        }
        try {
            return new CoreContention(q, threadIds.length);
        } catch (IOException e) {
            q.close();
            return null;
        }
    }

    /**
     * Whether some thread waited for a core more than {@link #DELAY_SHARE} of the time since
     * the last reading (the first reading: since {@link #open}); starts a new window.
     */
    public boolean contended() throws IOException {
        long now = System.nanoTime();
        long most = 0;
        for (int k = 0; k < delays.length; k++) {
            long d = queues.runDelayNanos(k);
            most = Math.max(most, d - delays[k]);
            delays[k] = d;
        }
        boolean over = at != 0 && most > DELAY_SHARE * (now - at);
        at = now;
        calmReadings = 0;
        return over;
    }

    /** While alone: another reading; true once {@link #CALM_READINGS} in a row found no other runnable task. */
    public boolean calm() throws IOException {
        calmReadings = queues.othersRunnable() == 0 ? calmReadings + 1 : 0;
        return calmReadings >= CALM_READINGS;
    }

    @Override
    public void close() {
        queues.close();
    }
}
