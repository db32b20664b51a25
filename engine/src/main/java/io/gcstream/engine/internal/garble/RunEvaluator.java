package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.Circuit;
import io.gcstream.ot.internal.parallel.Spin;
import io.gcstream.ot.internal.parallel.TaskPool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.locks.LockSupport;

/**
 * One run of a circuit evaluated on a thread of its own, so that an evaluator evaluates a run
 * of a sequence ({@code GcSession.runMany}) while it still evaluates the one before: a one-thread
 * {@link StreamingEvaluator} with its own label array and hash, walking the session's kept code
 * (shared read-only, {@link CodeWalker}), reading its tables from a ring of {@link #RING} bytes
 * that the owner fills from the channel ({@link #buffer()}, {@link #at()}, {@link #room()},
 * {@link #put}). The owner reads the stream as fast as the ring takes it; the run's thread
 * evaluates behind it.
 *
 * <p>Memory: 17 bytes a label slot of the largest circuit run, a hash batch (80 KiB), the
 * evaluator's table buffer (32 KiB for half-gates) and the ring. The owner fills the input
 * labels into {@link #labels(Circuit)} before {@link #start} and reads the output labels after
 * {@link #await}; between the two it must not touch them. Only the owner calls the methods.
 */
public final class RunEvaluator extends RunThread<StreamingEvaluator> {
    /** Bytes of tables read ahead of the evaluation. */
    public static final int RING = 1 << 20;

    private final byte[] ring = new byte[RING];
    /** Bytes the owner has put into the ring, and the run's thread has taken, since the start. */
    private volatile long put;
    private volatile long taken;
    private volatile boolean finished = true;
    /** Set by the owner once it has put all of the run's tables: a read beyond them fails. */
    private volatile boolean ended;
    /** Whether the run was loaded ({@link #load}) and begins at {@link #endOfTables}, and its first gate. */
    private boolean loaded;
    private long loadedFirstGate;
    /** The owner while it is parked in {@link #awaitRoom}, the run's thread while it waits for bytes. */
    private volatile Thread owner;
    private volatile Thread reader;
    /** Whether the run was loaded: its tables lie in the ring in one piece from its start. */
    private boolean whole;
    private final TableView in = new TableView() {
        @Override
        public void read(byte[] a, int off, int len) {
            copy(a, off, len);
        }

        @Override
        public byte[] array() {
            return ring;
        }

        @Override
        public int take(int len) throws IOException {
            if (!whole) {
                return -1;
            }
            long t = taken;
            if (t + len > put) {
                throw outOfStep();
            }
            taken = t + len;
            return (int) t;
        }
    };

    /** A run evaluated by a thread of {@code pool} (see {@link RunThread}). */
    public RunEvaluator(GarblingScheme scheme, TaskPool pool) {
        super(scheme, pool);
    }

    @Override
    StreamingEvaluator newLoop(long labelSlots) {
        return new StreamingEvaluator(scheme, hash, labelSlots, 0, in);
    }

    /**
     * Starts evaluating a run of {@code c} on the evaluator's thread, its first gate's tweak
     * {@code firstGate}, with the hash salted as {@code like} is: with {@code kept}'s code if it
     * has kept it, else walking on its own. The previous run must have been awaited.
     */
    public void start(Circuit c, CodeWalker kept, long firstGate, TweakableHash like) {
        reset(c, kept, like);
        launch(firstGate);
    }

    /**
     * As {@link #start}, for a run whose tables fit in the ring ({@link #RING} bytes): it begins
     * only once the owner has put all of them ({@link #endOfTables}), so that its thread never
     * waits for bytes and reads them where they lie in the ring, and the owner may walk it
     * itself ({@link #await}).
     */
    public void load(Circuit c, CodeWalker kept, long firstGate, TweakableHash like) {
        reset(c, kept, like);
        loadedFirstGate = firstGate;
        loaded = true;
        whole = true;
    }

    /**
     * Starts a run whose tables are {@code tableBytes} long: {@link #load}ed if they fit the
     * ring, else {@link #start}ed at once and read as the owner puts them.
     */
    public void begin(Circuit c, CodeWalker kept, long firstGate, TweakableHash like, long tableBytes) {
        if (tableBytes <= RING) {
            load(c, kept, firstGate, like);
        } else {
            start(c, kept, firstGate, like);
        }
    }

    /** A run of {@code c} about to start: its walk and hash prepared, its ring empty. */
    private void reset(Circuit c, CodeWalker kept, TweakableHash like) {
        prepare(c, kept, like);
        loaded = false;
        whole = false;
        put = 0;
        taken = 0;
        ended = false;
        finished = false;
    }

    /** The ring the owner puts the run's tables into, at {@link #at()}. */
    public byte[] buffer() {
        return ring;
    }

    /** Where in {@link #buffer()} the next bytes go. */
    public int at() {
        return (int) (put % RING);
    }

    /** How many bytes the owner may put at {@link #at()} now (contiguous; 0 while the ring is full). */
    public int room() {
        long free = RING - (put - taken);
        return (int) Math.min(free, RING - at());
    }

    /** The owner has put {@code n} bytes at {@link #at()}: the run's thread may take them. */
    public void put(int n) {
        put += n;
        LockSupport.unpark(reader);
    }

    /**
     * The owner has put all of the run's tables: a walk that reads more fails (the parties' runs
     * differ) instead of waiting for bytes that will not come. A loaded run begins now.
     */
    public void endOfTables() {
        ended = true;
        if (loaded) {
            loaded = false;
            launch(loadedFirstGate);
        } else {
            LockSupport.unpark(reader);
        }
    }

    /** Whether the run's thread has ended its walk (done or failed). */
    public boolean finished() {
        return finished;
    }

    /**
     * The owner waits, spinning briefly and then parked, until {@code r} has room or has
     * finished, or {@code other} (if not null) has finished.
     */
    public static void awaitRoom(RunEvaluator r, RunEvaluator other) {
        int spins = 0;
        while (r.room() == 0 && !r.finished && (other == null || !other.finished)) {
            if (spins < Spin.LIMIT) {
                spins++;
                Thread.onSpinWait();
                continue;
            }
            Thread me = Thread.currentThread();
            r.owner = me;
            if (other != null) {
                other.owner = me;
            }
            if (r.room() == 0 && !r.finished && (other == null || !other.finished)) {
                LockSupport.parkNanos(r, 1_000_000);
            }
            r.owner = null;
            if (other != null) {
                other.owner = null;
            }
        }
        Spin.ended(Math.min(spins, Spin.LIMIT));
    }

    /** Bytes of tables the run has read (after {@link #await}). */
    public long bytesTaken() {
        return taken;
    }

    /** A walk that reads more tables than the owner put. */
    private static IOException outOfStep() {
        return new IOException("the run reads more tables than a run of its circuit has: the garbled stream is"
                + " out of step");
    }

    @Override
    boolean selfContained() {
        return ended;
    }

    @Override
    void wake() {
        LockSupport.unpark(reader);
    }

    @Override
    void atEnd() {
        finished = true;
        LockSupport.unpark(owner);
    }

    /** The evaluator's input: the next {@code len} bytes of the ring, waiting for the owner to put them. */
    private void copy(byte[] a, int off, int len) {
        while (len > 0) {
            long t = taken;
            int spins = 0;
            long avail;
            while ((avail = put - t) == 0) {
                if (closed) {
                    throw new Stop();
                }
                if (ended && put == t) {
                    // Checked again after the flag: its setter put the last bytes before it.
                    throw new UncheckedIOException(outOfStep());
                }
                if (spins < Spin.LIMIT) {
                    spins++;
                    Thread.onSpinWait();
                } else {
                    reader = Thread.currentThread();
                    if (put == t && !closed) {
                        LockSupport.parkNanos(this, 1_000_000);
                    }
                    reader = null;
                }
            }
            Spin.ended(Math.min(spins, Spin.LIMIT));
            int from = (int) (t % RING);
            int n = (int) Math.min(Math.min(avail, len), RING - from);
            System.arraycopy(ring, from, a, off, n);
            off += n;
            len -= n;
            taken = t + n;
            LockSupport.unpark(owner);
        }
    }
}
