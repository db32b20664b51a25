package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.Circuit;
import io.gcstream.ot.internal.parallel.Spin;
import io.gcstream.ot.internal.parallel.TaskPool;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;

/**
 * One run of a circuit garbled on a thread of its own, so that a creator garbles the next runs
 * of a sequence ({@code GcSession.runMany}) while the current one is sent: a one-thread
 * {@link StreamingGarbler} with its own label array and hash, walking the session's kept code
 * (shared read-only, {@link CodeWalker}), whose tables are <em>held</em> until the owner
 * {@linkplain #release releases} the run, at most {@link #HOLD} bytes of them (then the thread
 * waits). A run whose walk has ended is written by the owner as it releases it, so its thread
 * is free for the next run at once; one released before is written by its thread, what it holds
 * and then each piece as it is garbled. Either way the tables leave in run order and the stream
 * is the one-thread garbler's, byte for byte.
 *
 * <p>Memory: 17 bytes a label slot of the largest circuit run, a hash batch (80 KiB), the
 * garbler's piece buffer, and up to {@link #HOLD} bytes held. The owner fills the input labels
 * into {@link #labels(Circuit)} before {@link #start} and reads the output labels after
 * {@link #await}; between the two it must not touch them. Only the owner calls the methods.
 */
public final class RunGarbler extends RunThread<StreamingGarbler> {
    /** Most bytes of tables held before the run is released. */
    public static final int HOLD = 1 << 20;

    private final long dLo;
    private final long dHi;
    private int piece;
    private byte[] held = new byte[0];
    private int heldBytes;
    /** Where the tables go once released; null while they are held. */
    private volatile TableOutput out;
    /** Whether the walk ended before the release: the owner writes what is held (guarded by this). */
    private boolean walkEnded;
    private volatile Thread waiting;
    /** Whether all of the started run's tables fit in what it may hold. */
    private volatile boolean fits;
    private final TableOutput hold = this::hold;

    /**
     * A run garbled by a thread of {@code pool} (see {@link RunThread}).
     *
     * @param dLo Δ, low half (lowest bit 1)
     */
    public RunGarbler(GarblingScheme scheme, long dLo, long dHi, TaskPool pool) {
        super(scheme, pool);
        this.dLo = dLo;
        this.dHi = dHi;
    }

    @Override
    StreamingGarbler newLoop(long labelSlots) {
        StreamingGarbler g = new StreamingGarbler(scheme, hash, labelSlots, dLo, dHi, 0, hold);
        g.sendInPiecesOf(piece);
        return g;
    }

    /**
     * Starts garbling a run of {@code c} on the garbler's thread, its first gate's tweak
     * {@code firstGate}, with the hash salted as {@code like} is: with {@code kept}'s code if it
     * has kept it, else walking on its own. Tables are held until {@link #release}. The previous
     * run must have been awaited.
     *
     * @param piece bytes the garbler holds before it writes (see {@link GarblerLoop#sendInPiecesOf})
     */
    public void start(Circuit c, CodeWalker kept, long firstGate, TweakableHash like, int piece) {
        prepare(c, kept, like);
        // Room for what the run may hold, made here rather than on the run's thread.
        long stream = c.nonLinearCount() * (scheme.tableBytes() + (scheme.controlBits() == 0 ? 0 : 1L)) + piece;
        fits = stream <= HOLD;
        if (held.length < Math.min(HOLD, stream)) {
            held = new byte[(int) Math.min(HOLD, stream)];
        }
        if (piece != this.piece) {
            loop.sendInPiecesOf(piece);
            this.piece = piece;
        }
        heldBytes = 0;
        synchronized (this) {
            out = null;
            walkEnded = false;
        }
        launch(firstGate);
    }

    /**
     * From now on the run's tables go to {@code to}: if its walk has ended, this thread writes
     * all of them and flushes, here; else the garbler's thread writes those it holds, then each
     * piece as it is garbled, and flushes at the end. The owner must not write to the same
     * output until {@link #await} returns, which waits for the tables written: a run is awaited
     * only once released.
     *
     * @throws IOException if this thread's write fails
     */
    public void release(TableOutput to) throws IOException {
        synchronized (this) {
            out = to;
            if (!walkEnded) {
                LockSupport.unpark(waiting);
                return;
            }
        }
        if (heldBytes > 0) {
            to.write(held, 0, heldBytes);
            heldBytes = 0;
        }
        to.flush();
    }

    @Override
    boolean selfContained() {
        return fits || out != null;
    }

    /** A run held and never released ends at once. */
    @Override
    void wake() {
        LockSupport.unpark(waiting);
    }

    /** After the walk: the held tables if the run was released before, else left to the release. */
    @Override
    void walked() throws IOException {
        loop.finish();
        TableOutput o;
        synchronized (this) {
            o = out;
            if (o == null) {
                walkEnded = true;
                return;
            }
        }
        if (heldBytes > 0) {
            o.write(held, 0, heldBytes);
            heldBytes = 0;
        }
        // The evaluator may read all of them before it sends what the owner waits for.
        o.flush();
    }

    /** The garbler's output: held until released, then the output given. */
    private void hold(byte[] b, int off, int len) throws IOException {
        if (closed) {
            throw new Stop();
        }
        TableOutput o = out;
        if (o == null && heldBytes + len <= HOLD) {
            if (held.length < heldBytes + len) {
                byte[] h = new byte[Math.min(HOLD, Math.max(2 * held.length, heldBytes + len))];
                System.arraycopy(held, 0, h, 0, heldBytes);
                held = h;
            }
            System.arraycopy(b, off, held, heldBytes, len);
            heldBytes += len;
            return;
        }
        if (o == null) {
            o = awaitRelease();
        }
        if (heldBytes > 0) {
            o.write(held, 0, heldBytes);
            heldBytes = 0;
        }
        o.write(b, off, len);
    }

    /** The output, once the owner releases the run: spinning briefly, then parked. */
    private TableOutput awaitRelease() {
        int spins = 0;
        TableOutput o;
        while ((o = out) == null) {
            if (closed) {
                throw new Stop();
            }
            if (spins < Spin.LIMIT) {
                spins++;
                Thread.onSpinWait();
            } else {
                waiting = Thread.currentThread();
                if (out == null && !closed) {
                    LockSupport.parkNanos(this, 1_000_000);
                }
                waiting = null;
            }
        }
        Spin.ended(Math.min(spins, Spin.LIMIT));
        return o;
    }
}
