package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.GateSink;
import io.gcstream.circuits.internal.ReplayingWalker;
import io.gcstream.ot.internal.parallel.Background;
import io.gcstream.ot.internal.parallel.Spin;
import io.gcstream.ot.internal.parallel.WorkerException;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;

/**
 * Walks a circuit on a thread of its own, up to {@link #SLOTS} batches ahead of the gate loop
 * that takes them: the walker's work (expanding calls into copy gates, generating and
 * checking a streamed body) then overlaps the garbling or evaluation instead of preceding it.
 * The gate loop gets exactly the walker's batches, in order. Memory: {@link #SLOTS} batches
 * (64 KiB). One hand-off per batch of 1,024 gates; a side that waits spins at most
 * {@link Spin#LIMIT} times, then parks until the other unparks it.
 *
 * <p>A failure of the walk (a circuit file that cannot be read) is thrown by {@link #walk} as
 * the walker throws it; a failure of the gate loop stops the walker and is thrown as itself.
 * Not thread-safe: its owner walks one circuit at a time.
 */
public final class ReadAhead implements AutoCloseable {
    /** Batches the walker may be ahead. */
    static final int SLOTS = 4;
    /** Longest a side parks before it looks again (the other side unparks it when it hands over). */
    private static final long PARK_NANOS = 1_000_000;

    /** Thrown into the walker to stop it after the gate loop failed; no stack trace. */
    private static final class Stop extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stop() {
            super(null, null, false, false);
        }
    }

    private static final Stop STOP = new Stop();

    private final int[][] ring = new int[SLOTS][4 * CircuitWalker.BATCH];
    private final int[] counts = new int[SLOTS];
    private final Background walker;
    /** Batches the walker has put into the ring, and the gate loop has taken out. */
    private volatile long produced;
    private volatile long consumed;
    private volatile boolean done;
    private volatile boolean abort;
    private volatile boolean closed;
    private volatile Thread waitingConsumer;
    private volatile Thread waitingProducer;
    private ReplayingWalker current;
    private final GateSink put = this::put;
    private final Background.Task walk = this::runWalker;

    /**
     * Whether walks of {@code c} are worth reading ahead when a party has {@code threads}
     * threads and records walks of up to {@code walkBudget} gates to replay them: when {@code c}
     * has calls (expanded into copy gates by every walk) and is too long to record (so every
     * run walks it again), and the party has at least 3 threads, one of which the read-ahead
     * takes from the gate loop. Measured on edit distance ({@code PartyRates --profile}): the walk is
     * about a quarter of a party's work and the gate loop's split calls two thirds, so with 2
     * threads splitting the loop gains more (Amdahl: ~1.45 against 1/0.75 = 1.33), and from 3 on
     * both together (the loop's 2 threads then take about as long as the walk).
     */
    public static boolean worthIt(Circuit c, int threads, long walkBudget) {
        return threads > 2 && !Circuits.subCircuits(c).isEmpty() && c.gateCount() > walkBudget;
    }

    /** A read-ahead whose thread is named {@code gcstream-NAME}. */
    public ReadAhead(String name) {
        this.walker = new Background(name);
    }

    /** One pass of {@code w}, walked on the read-ahead thread, its batches handed to {@code sink} here. */
    public void walk(ReplayingWalker w, GateSink sink) throws IOException {
        if (closed) {
            // No thread to walk on: walk here.
            w.walk(sink);
            return;
        }
        produced = 0;
        consumed = 0;
        done = false;
        abort = false;
        current = w;
        walker.submit(walk);
        try {
            consume(sink);
        } catch (RuntimeException | Error e) {
            abort = true;
            LockSupport.unpark(waitingProducer);
            try {
                walker.await();
            } catch (RuntimeException | Error ignored) {
                // The walker stopped because we told it to (or failed too): ours is the failure to report.
            }
            throw e;
        } finally {
            current = null;
        }
        try {
            walker.await();
        } catch (WorkerException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw e;
        }
    }

    /** Stops the read-ahead thread; later walks run on the caller. */
    @Override
    public void close() {
        closed = true;
        walker.close();
    }

    private void runWalker() throws IOException {
        try {
            current.walk(put);
        } catch (Stop s) {
            // The gate loop failed and reports it.
        } finally {
            done = true;
            LockSupport.unpark(waitingConsumer);
        }
    }

    private void consume(GateSink sink) {
        int spins = 0;
        while (true) {
            long c = consumed;
            if (c < produced) {
                int s = (int) (c % SLOTS);
                Spin.ended(spins);
                sink.gates(ring[s], counts[s]);
                consumed = c + 1;
                LockSupport.unpark(waitingProducer);
                spins = 0;
                continue;
            }
            if (done) {
                if (consumed < produced) {
                    continue;
                }
                return;
            }
            if (spins < Spin.LIMIT) {
                spins++;
                Thread.onSpinWait();
            } else {
                waitingConsumer = Thread.currentThread();
                if (consumed == produced && !done) {
                    LockSupport.parkNanos(this, PARK_NANOS);
                }
                waitingConsumer = null;
            }
        }
    }

    /** The walker's sink: copies a batch into the ring, waiting while the ring is full. */
    private void put(int[] ops, int count) {
        int spins = 0;
        while (produced - consumed == SLOTS) {
            if (abort) {
                throw STOP;
            }
            if (spins < Spin.LIMIT) {
                spins++;
                Thread.onSpinWait();
            } else {
                waitingProducer = Thread.currentThread();
                if (produced - consumed == SLOTS && !abort) {
                    LockSupport.parkNanos(this, PARK_NANOS);
                }
                waitingProducer = null;
            }
        }
        Spin.ended(spins);
        if (abort) {
            throw STOP;
        }
        long p = produced;
        int s = (int) (p % SLOTS);
        System.arraycopy(ops, 0, ring[s], 0, 4 * count);
        counts[s] = count;
        produced = p + 1;
        LockSupport.unpark(waitingConsumer);
    }
}
