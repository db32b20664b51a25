package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.Circuit;
import io.gcstream.ot.internal.parallel.Background;
import io.gcstream.ot.internal.parallel.WorkerException;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * What a run garbled or evaluated on a thread of its own ({@link RunGarbler},
 * {@link RunEvaluator}) has of its own: a one-thread loop with its own label array and hash,
 * walking the session's kept code (shared read-only, {@link CodeWalker}) or, before the
 * session keeps it, a walker of its own; the thread; and the run's end, failure and figures.
 * Only the owner calls the methods.
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
    private final Background thread;
    /** The run's loop, made by {@link #labels} for the largest circuit run so far. */
    L loop;
    /** What the walk walks: the session's kept code, or (not kept yet) a walker of the run's own. */
    private CodeWalker walker;
    private CodeWalker own;
    private Circuit ownOf;
    volatile boolean closed;
    private final Background.Task walk = this::walk;

    /** @param name the thread's name, {@code gcstream-NAME} */
    RunThread(GarblingScheme scheme, String name) {
        this.scheme = scheme;
        this.thread = new Background(name);
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

    /** The second half: the run's first gate's tweak is {@code firstGate}; its thread starts. */
    final void launch(long firstGate) {
        // A run that failed may have left gates queued: they belong to no run.
        loop.abandon();
        loop.restart(firstGate);
        thread.submit(walk);
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
     * Waits until the run's thread is done and rethrows its failure: an {@link IOException} as
     * an {@link UncheckedIOException}, as the one-thread loops throw it.
     */
    public void await() {
        try {
            thread.await();
        } catch (WorkerException e) {
            if (e.getCause() instanceof IOException io) {
                throw new UncheckedIOException(io);
            }
            throw e;
        }
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
        thread.close();
    }

    /** The thread's task. */
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
