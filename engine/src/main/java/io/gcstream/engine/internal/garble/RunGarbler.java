package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.Circuit;
import io.gcstream.ot.internal.parallel.Spin;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;

/**
 * One run of a circuit garbled on a thread of its own, so that a creator garbles the next run
 * of a sequence ({@code GcSession.runMany}) while the current one is sent: a one-thread
 * {@link StreamingGarbler} with its own label array and hash, walking the session's kept code
 * (shared read-only, {@link CodeWalker}), whose tables are <em>held</em> until the owner
 * {@linkplain #release releases} the run, at most {@link #HOLD} bytes of them (then the thread
 * waits). Released, the thread writes what it holds and then each piece as it is garbled, so
 * the tables leave in run order and the stream is the one-thread garbler's, byte for byte.
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
    private volatile Thread waiting;
    private final TableOutput hold = this::hold;

    /**
     * @param name the thread's name, {@code gcstream-NAME}
     * @param dLo  Δ, low half (lowest bit 1)
     */
    public RunGarbler(GarblingScheme scheme, long dLo, long dHi, String name) {
        super(scheme, name);
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
        if (held.length < Math.min(HOLD, stream)) {
            held = new byte[(int) Math.min(HOLD, stream)];
        }
        if (piece != this.piece) {
            loop.sendInPiecesOf(piece);
            this.piece = piece;
        }
        heldBytes = 0;
        out = null;
        launch(firstGate);
    }

    /**
     * From now on the garbler's thread writes the run's tables to {@code to}: those it holds,
     * then each piece as it is garbled, and flushes it at the end. The owner must not write to
     * the same output until {@link #await} returns, which waits for the tables written: a run
     * is awaited only once released.
     */
    public void release(TableOutput to) {
        out = to;
        LockSupport.unpark(waiting);
    }

    /** A run held and never released ends at once. */
    @Override
    void wake() {
        LockSupport.unpark(waiting);
    }

    /** After the walk: the held tables if the walk ended before the release. */
    @Override
    void walked() throws IOException {
        loop.finish();
        TableOutput o = awaitRelease();
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
