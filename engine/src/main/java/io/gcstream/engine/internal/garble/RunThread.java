package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.Circuit;
import io.gcstream.ot.internal.parallel.Spin;
import io.gcstream.ot.internal.parallel.TaskPool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.locks.LockSupport;

/**
 * What a run garbled or evaluated on a thread of its own ({@link RunGarbler},
 * {@link RunEvaluator}) has of its own: a one-thread loop with its own label array and hash,
 * walking the session's kept code (shared read-only, {@link CodeWalker}) or, before the
 * session keeps it, a walker of its own; and the run's end, failure and figures. The walk runs
 * on a thread of a {@link TaskPool} shared by the runs in flight, so that a thread that ends one
 * run takes the next one started, or on the owner while it awaits an earlier run ({@link
 * #await}). Only the owner calls the methods.
 */
abstract class RunThread<L extends GateQueue> implements AutoCloseable {
    /** Thrown into the walk when the run is closed while its thread waits for the owner. */
    static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super("the run was abandoned", null, false, false);
        }
    }

    final GarblingScheme scheme;
    final TweakableHash hash = new TweakableHash();
    private final TaskPool pool;
    /** Set by {@link #launch}, cleared by the walk's task at its end. */
    private volatile boolean running;
    private volatile Throwable failure;
    /** The owner while it is parked in {@link #await}. */
    private volatile Thread awaiting;
    /** The run's loop, made by {@link #labels} for the largest circuit run so far. */
    L loop;
    /** What the walk walks: the session's kept code, or (not kept yet) a walker of the run's own. */
    private CodeWalker walker;
    private CodeWalker own;
    private Circuit ownOf;
    volatile boolean closed;
    private final Walk walk = new Walk(this);

    /** A run's walk as its pool queues it: the owner may take it ({@link #await}). */
    private static final class Walk implements Runnable {
        final RunThread<?> run;

        Walk(RunThread<?> run) {
            this.run = run;
        }

        @Override
        public void run() {
            run.walkTask();
        }
    }

    /** Queued walks the owner may run itself: those that need nothing more from it. */
    private static final java.util.function.Predicate<Runnable> SELF_CONTAINED =
            t -> t instanceof Walk w && w.run.selfContained();

    /** A run walked by a thread of {@code pool}, which its owner closes after the run. */
    RunThread(GarblingScheme scheme, TaskPool pool) {
        this.scheme = scheme;
        this.pool = pool;
    }

    /** A loop for circuits of up to {@code labelSlots} label slots. */
    abstract L newLoop(long labelSlots);

    /**
     * The label array for a run of {@code c}, grown if it is too small: the owner places the
     * input labels into it before the run starts.
     */
    public long[] labels(Circuit c) {
        if (loop == null || loop.capacity() < c.labelSlots()) {
            loop = newLoop(c.labelSlots());
        }
        return loop.labels();
    }

    /**
     * The first half of a start: the label array for {@code c}, the walk ({@code kept}'s code
     * if it has kept it, else a walker of its own), the hash salted as {@code like} is.
     */
    final void prepare(Circuit c, CodeWalker kept, TweakableHash like) {
        labels(c);
        if (kept.keeps()) {
            walker = kept;
        } else {
            if (ownOf != c) {
                own = new CodeWalker(c, 0);
                ownOf = c;
            }
            walker = own;
        }
        if (like.saltLo() != hash.saltLo() || like.saltHi() != hash.saltHi()) {
            hash.salt(like.saltLo(), like.saltHi());
        }
    }

    /**
     * The second half: the run's first gate's tweak is {@code firstGate}; the first free thread
     * of the pool takes it. The run before must have been awaited.
     */
    final void launch(long firstGate) {
        if (running) {
            throw new IllegalStateException("a run starts before the one before it was awaited");
        }
        // A run that failed may have left gates queued: they belong to no run.
        loop.abandon();
        loop.restart(firstGate);
        failure = null;
        running = true;
        pool.submit(walk);
    }

    /** On the run's thread, after the walk (not after a failure): what the run does then. */
    void walked() throws IOException {
    }

    /** On the run's thread, at its end whatever it was. */
    void atEnd() {
    }

    /** Wakes the run's thread if it waits for the owner: the run was closed. */
    abstract void wake();

    /**
     * Whether the run, started, can walk to its end without the owner doing anything more
     * (all its tables given, or room for all it makes): then the owner may walk it itself.
     */
    abstract boolean selfContained();

    /**
     * Waits until the run's thread is done and rethrows its failure: an {@link IOException} as
     * an {@link UncheckedIOException}, as the one-thread loops throw it. Meanwhile the owner
     * walks, on its own thread, runs started after this one that no thread of the pool has
     * taken yet and that need nothing more from it ({@link #selfContained}), oldest first: so a
     * pool of one thread fewer than the party's keeps every thread busy.
     */
    public void await() {
        int spins = 0;
        while (running) {
            if (pool.runQueued(SELF_CONTAINED)) {
                spins = 0;
                continue;
            }
            if (spins < Spin.LIMIT) {
                spins++;
                Thread.onSpinWait();
            } else {
                awaiting = Thread.currentThread();
                if (running) {
                    LockSupport.parkNanos(this, 1_000_000);
                }
                awaiting = null;
            }
        }
        Spin.ended(Math.min(spins, Spin.LIMIT));
        Throwable f = failure;
        if (f == null) {
            return;
        }
        failure = null;
        if (f instanceof IOException io) {
            throw new UncheckedIOException(io);
        }
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException("the run failed", f); // the walk throws no other checked exception
    }


    /** The gate counter after the run (after {@link #await}). */
    public long nextGateId() {
        return loop.nextGateId();
    }

    /** Non-linear gates of the run (after {@link #await}). */
    public long nonLinearCount() {
        return loop.nonLinearCount();
    }

    /** Gates of the run (after {@link #await}). */
    public long gateCount() {
        return loop.gateCount();
    }

    /** Abandons a run in flight and stops the thread; later calls must not be made. Idempotent. */
    @Override
    public void close() {
        closed = true;
        wake();
    }

    /** The pool's task: the walk, its failure kept for {@link #await}. */
    private void walkTask() {
        try {
            walk();
        } catch (Throwable t) {
            failure = t;
        } finally {
            running = false;
            LockSupport.unpark(awaiting);
        }
    }

    private void walk() throws IOException {
        try {
            walker.walk(loop, null);
            walked();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } catch (Stop s) {
            // Closed: the owner has given the run up.
        } finally {
            atEnd();
        }
    }
}
