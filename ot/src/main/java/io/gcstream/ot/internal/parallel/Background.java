package io.gcstream.ot.internal.parallel;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * One thread that runs its owner's tasks one at a time, in the background: the owner
 * {@link #submit}s a task and goes on with its own work; the next {@link #submit} or
 * {@link #await} waits until the task before has finished (spinning at most
 * {@link Spin#LIMIT} times, then parked until the task's end unparks it). For overlapping a channel's writes
 * with computing: a piece of the stream is written while the next is made. Nothing is
 * allocated per task (the owner reuses its task objects).
 *
 * <p>A task's failure is rethrown by the owner's next {@link #submit} or {@link #await} (as
 * itself if unchecked, else wrapped in a {@link WorkerException}). The thread starts with the
 * first task, parks while idle, ends after {@link Workers#IDLE_EXIT_NANOS} without tasks (and
 * starts again with the next), and at {@link #close()}. After {@link #close()} tasks run on the
 * owner. Only the owner calls {@link #submit} and {@link #await}.
 */
public final class Background implements AutoCloseable {
    /** A task that may fail with a checked exception. */
    @FunctionalInterface
    public interface Task {
        void run() throws Exception;
    }

    /** A thread waits for a task. */
    private static final int IDLE = 0;
    private static final int QUEUED = 1;
    private static final int RUNNING = 2;
    /** No thread: the next task starts one. */
    private static final int EXITED = 3;

    private final String name;
    private final AtomicInteger state = new AtomicInteger(EXITED);
    private volatile Task task;
    private volatile Throwable failure;
    private volatile Thread thread;
    private volatile boolean closed;
    private volatile Thread owner;

    /** A background thread named {@code gcstream-NAME}, started by the first task. */
    public Background(String name) {
        this.name = name;
    }

    /**
     * Waits for the task before (rethrowing its failure) and starts {@code t} in the background.
     *
     * @throws WorkerException if the task before failed with a checked exception
     */
    public void submit(Task t) {
        await();
        if (closed) {
            runHere(t);
            return;
        }
        owner = Thread.currentThread();
        task = t;
        if (state.compareAndSet(IDLE, QUEUED)) {
            LockSupport.unpark(thread);
            return;
        }
        // The thread has ended (or never started): a new one takes the task.
        state.set(QUEUED);
        Thread th = new Thread(this::loop, "gcstream-" + name);
        th.setDaemon(true);
        thread = th;
        th.start();
    }

    /**
     * Waits until the last task submitted has finished and rethrows its failure.
     *
     * @throws WorkerException if it failed with a checked exception
     */
    public void await() {
        int spins = 0;
        for (int st; (st = state.get()) == QUEUED || st == RUNNING; ) {
            if (spins < Spin.LIMIT) {
                spins++;
                Thread.onSpinWait();
            } else {
                // The thread unparks the owner when its task ends.
                LockSupport.parkNanos(this, Workers.PARK_NANOS);
            }
        }
        Spin.ended(spins);
        Throwable f = failure;
        if (f != null) {
            failure = null;
            Workers.rethrow(f, "gcstream-" + name);
        }
    }

    /** Lets the task in flight finish (without reporting its failure) and ends the thread. Idempotent. */
    @Override
    public void close() {
        closed = true;
        Thread th = thread;
        LockSupport.unpark(th);
        Workers.awaitEnd(th);
        failure = null;
    }

    private void runHere(Task t) {
        try {
            t.run();
        } catch (Exception e) {
            Workers.rethrow(e, "gcstream-" + name);
        }
    }

    private void loop() {
        Workers.LIVE.incrementAndGet();
        try {
            serve();
        } finally {
            Workers.LIVE.decrementAndGet();
        }
    }

    private void serve() {
        long idleSince = System.nanoTime();
        while (true) {
            if (state.compareAndSet(QUEUED, RUNNING)) {
                Task t = task;
                task = null;
                try {
                    t.run();
                } catch (Throwable e) {
                    failure = e;
                }
                state.set(IDLE);
                Thread o = owner;
                if (o != null) {
                    LockSupport.unpark(o);
                }
                idleSince = System.nanoTime();
                continue;
            }
            // The owner often hands the next task over at once: spin briefly before parking.
            int spins = 0;
            while (spins < Spin.LIMIT && state.get() == IDLE && !closed) {
                spins++;
                Thread.onSpinWait();
            }
            Spin.ended(spins);
            if (state.get() == QUEUED) {
                continue;
            }
            // A task queued meanwhile makes the CAS fail: take it first.
            if ((closed || System.nanoTime() - idleSince > Workers.IDLE_EXIT_NANOS)
                    && state.compareAndSet(IDLE, EXITED)) {
                return;
            }
            LockSupport.parkNanos(this, Workers.IDLE_EXIT_NANOS);
        }
    }
}
