package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.ot.internal.parallel.CoreContention;
import io.gcstream.ot.internal.parallel.RunQueues;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A team's walk of a circuit that carries a {@link Schedule}: the schedule's segments are cut
 * into {@value #SHARES} pieces a thread, and each of {@code n} threads takes pieces of the
 * segment until none is left, reads each itself and runs it with its own one-thread loop over
 * the shared labels; the threads meet only between segments. Thread t takes its own pieces
 * first (t, t + n, …, so a piece's labels stay in one core's cache from segment to segment),
 * then, from the last, any piece no other thread has taken. So a thread slowed by anything
 * else on its core to under half the others' pace leaves its second piece to them (finer
 * balance needs more pieces a segment), and nothing is scanned or queued for another thread:
 * no part of the walk stays on the owner. The gates,
 * hash tweaks, labels and table stream are those of the one-thread loops walking the body in
 * order.
 *
 * <p><b>Tables in stream order.</b> A segment's tables are its pieces' in piece order. The
 * garbler's pieces write theirs where they belong in one of two buffers; after each meeting
 * the owner writes a buffer that holds {@code sendBytes} or more to the output while the team
 * fills the other. The evaluator's pieces read their own tables from the input in turn, in
 * stream order: a piece's claimer waits until the piece before it is read.
 *
 * <p><b>A busy core.</b> Where {@link CoreContention} can read the scheduler, the owner reads
 * it every {@link CoreContention#WINDOW_NANOS}: when a thread of the team waits for a core and
 * the team's rate falls below the owner's alone ({@link TeamOrAlone}), the owner runs every
 * piece of the following segments itself, in order, while the others sleep, and wakes them when
 * the machine is calm again or when it is time to try the team again. A waiting thread spins
 * briefly, then sleeps until the thread it waits for wakes it.
 *
 * <p><b>Failures.</b> A failure on any thread (an I/O error of the channel, a schedule whose
 * pieces do not hold the gates it states) stops every thread at its next wait and is thrown
 * on the owner. Memory: per thread a one-thread loop (a label slot's byte of marks, a hash
 * batch, a walker batch) and {@value #SHARES} pieces, as large as the schedule makes them, and
 * table buffers of two segments (garbler: two of {@code sendBytes} plus a segment) or of a
 * segment a thread (evaluator).
 */
final class Lockstep {
    private static final int BATCH = CircuitWalker.BATCH;
    /** Pieces a thread of a segment, for claiming: a thread at under half the others' pace leaves its second to them. */
    static final int SHARES = 2;
    private static final int SPINS = 1 << 14;
    /** Arrival counters, a cache line apart. */
    private static final int PAD = 16;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private final int threads;
    private final Workers team;
    private final GarblingScheme scheme;
    private final int tableBytes;
    /** Per piece: its one-thread loop over the shared labels. */
    private final GateQueue[] loops;
    private final int[][] ops;
    /** The garbler's output and its two buffers; null for the evaluator. */
    private final TableOutput output;
    private final byte[][] out = new byte[2][];
    private int sendBytes;
    /** The evaluator's input and each piece's tables of a segment; null for the garbler. */
    private final TableInput input;
    private final PieceTables[] in;

    // One walk's state.
    /** Pieces of every segment, {@link #SHARES} a thread; each is claimed by one thread a segment. */
    private Schedule.Piece[] pieces;
    private final int pieceCount;
    /** Opened for the owner to learn each segment's non-linear gates and whether it exists; its gates are not read. */
    private Schedule.Piece counter;
    /** Per piece, a cache line apart: 1 + the last segment it was taken in (0: none yet this walk). */
    private final long[] taken;
    /** The segment after the walk's last, once the owner knows it; the workers end there. */
    private volatile long endSegment;
    private final long[] arrived;
    private final Thread[] threadOf;
    private final AtomicReferenceArray<String> tids;
    /** Threads asleep in a wait, to be woken by an arrival or a part read. */
    private final boolean[] sleeping;
    /** Workers asleep while the owner goes on alone, to be woken when it takes them back or stops. */
    private final boolean[] resting;
    private final AtomicInteger nextWorkerPiece = new AtomicInteger();
    /** Set when the walk ends, or fails on any thread: every wait of the others ends. */
    private volatile boolean stopped;
    /**
     * By the parity of a meeting's number: the meeting after which the owner went on alone (the
     * workers sleep from there), and the segment at which it took the team back. By parity,
     * since a worker that is slow past one meeting may find the owner gone alone, back, and
     * about to leave again at the next one, but never further ahead.
     */
    private final long[] aloneAfter = new long[2 * PAD];
    private final long[] resumeAt = new long[2 * PAD];
    private volatile Throwable failure;
    /** Evaluator: piece parts read from the input so far, segment by segment: whose turn it is. */
    private volatile long partsRead;
    /**
     * Per segment, by its parity, published by the owner before the meeting that precedes it:
     * its first hash tweak, and (garbler) the buffer and offset its tables start at.
     */
    private final long[] segmentGate = new long[2];
    private final int[] segmentBuffer = new int[2];
    private final int[] segmentAt = new int[2];
    private final Workers.Job workerJob = (part, thread) -> worker();

    /** Tests: which segments the owner runs alone, in place of the rule; null: the rule decides. */
    static volatile java.util.function.LongPredicate aloneForTests;

    /** Segments run alone and with the team, and switches to alone, since the loop was made (tests, benchmarks). */
    long aloneSegments;
    long teamSegments;
    long switches;
    /** Gates and non-linear gates of the last walk. */
    long gates;
    long nonLinear;

    /**
     * @param loops per piece, a one-thread loop over the team's labels (garblers holding their
     *              tables, or evaluators reading through {@code in}); as many as {@code threads}
     * @param in    the evaluator's per-piece table views, the inputs of {@code loops}; null for
     *              the garbler
     */
    private Lockstep(GarblingScheme scheme, Workers team, int threads, GateQueue[] loops, TableOutput output,
            TableInput input, PieceTables[] in) {
        this.scheme = scheme;
        this.team = team;
        this.threads = threads;
        this.tableBytes = scheme.tableBytes();
        this.loops = loops;
        this.output = output;
        this.input = input;
        this.in = in;
        this.ops = new int[threads][4 * BATCH];
        this.pieceCount = SHARES * threads;
        this.taken = new long[PAD * pieceCount];
        this.arrived = new long[PAD * (threads + 1)];
        this.threadOf = new Thread[threads];
        this.tids = new AtomicReferenceArray<>(threads);
        this.sleeping = new boolean[threads];
        this.resting = new boolean[threads];
    }

    /** Whether a team's loop runs {@code s} this way: a scheme without control bits, segments that fit the buffers. */
    static boolean runs(GarblingScheme scheme, Schedule s) {
        return s != null && scheme.controlBits() == 0 && s.maxSegmentNonLinear() <= Schedule.MAX_SEGMENT_NON_LINEAR;
    }

    /** The garbler's: pieces garble into the owner's buffers, which it writes to {@code output}. */
    static Lockstep garbler(GarblingScheme scheme, Workers team, int threads, long[] labels, long dLo, long dHi,
            TableOutput output) {
        GateQueue[] loops = new GateQueue[threads];
        for (int t = 0; t < threads; t++) {
            loops[t] = new StreamingGarbler(scheme, new TweakableHash(), labels, dLo, dHi, 0, null);
        }
        return new Lockstep(scheme, team, threads, loops, output, null, null);
    }

    /** The evaluator's: each piece reads its tables from {@code input} in turn. */
    static Lockstep evaluator(GarblingScheme scheme, Workers team, int threads, long[] labels, TableInput input) {
        GateQueue[] loops = new GateQueue[threads];
        PieceTables[] in = new PieceTables[threads];
        for (int t = 0; t < threads; t++) {
            in[t] = new PieceTables();
            loops[t] = new StreamingEvaluator(scheme, new TweakableHash(), labels, 0, in[t]);
        }
        return new Lockstep(scheme, team, threads, loops, null, input, in);
    }

    /**
     * One walk of {@code s} from hash tweak {@code firstGate} on, its pieces hashing under
     * {@code hash}'s salt; the garbler writes its tables in writes of at least {@code sendBytes}
     * (0: each segment's at once), all of them before it returns. Returns the tweak after the
     * walk's last non-linear gate.
     *
     * @throws UncheckedIOException if the channel fails (on any thread)
     * @throws IllegalStateException if the schedule's pieces do not hold what it states
     */
    long walk(Schedule s, TweakableHash hash, long firstGate, int sendBytes) {
        if (!runs(scheme, s)) {
            throw new IllegalArgumentException("not a schedule this loop runs");
        }
        if (team.closed() || team.threads() < threads) {
            throw new IllegalStateException("a team of " + team.threads() + " threads, closed " + team.closed()
                    + ", cannot run " + threads + " pieces");
        }
        prepare(s, hash, sendBytes);
        gates = 0;
        nonLinear = 0;
        stopped = false;
        java.util.Arrays.fill(aloneAfter, -1);
        failure = null;
        partsRead = 0;
        ruleUnavailable = false;
        nextWorkerPiece.set(1);
        java.util.Arrays.fill(taken, 0);
        endSegment = Long.MAX_VALUE;
        java.util.Arrays.fill(arrived, 0);
        java.util.Arrays.fill(sleeping, false);
        java.util.Arrays.fill(resting, false);
        threadOf[0] = Thread.currentThread();
        tids.set(0, tidOrEmpty());
        for (int t = 1; t < threads; t++) {
            threadOf[t] = null;
            tids.set(t, null);
        }
        pieces = new Schedule.Piece[pieceCount];
        try {
            for (int k = 0; k < pieceCount; k++) {
                pieces[k] = s.open(pieceCount, k);
            }
            counter = s.open(pieceCount, 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        boolean any = next(counter);
        if (!any) {
            endSegment = 0;
        }
        segmentGate[0] = firstGate;
        segmentBuffer[0] = 0;
        segmentAt[0] = 0;
        // Parts beyond the workers' pieces (a worker that comes late, the owner's own help) end at once.
        team.start(workerJob, threads);
        boolean ok = false;
        try {
            long end = owner(any);
            ok = true;
            return end;
        } finally {
            if (!ok) {
                stopped = true;
            }
            wakeAll();
            wakeResting();
            if (ok) {
                team.finish();
            } else {
                team.finishQuietly();
            }
            if (ruleOf != null) {
                ruleOf.close();
                ruleOf = null;
            }
            pieces = null;
            counter = null;
            Throwable f = failure;
            if (ok && f != null) {
                rethrow(f);
            }
        }
    }

    /** The rule's readings of this walk's threads, opened once each has said who it is. */
    private CoreContention ruleOf;
    /**
     * Chooses between the team and the owner alone from the readings and the rates, kept from
     * walk to walk; its measure of work is the hash tweak, which counts non-linear gates.
     */
    private final TeamOrAlone chooser = new TeamOrAlone();

    private void prepare(Schedule s, TweakableHash hash, int sendBytes) {
        int segBytes = s.maxSegmentNonLinear() * tableBytes;
        for (GateQueue q : loops) {
            // A walk that failed may have left gates queued: they belong to no walk now.
            q.abandon();
            q.restart(0);
            if (q.hash.saltLo() != hash.saltLo() || q.hash.saltHi() != hash.saltHi()) {
                q.hash.salt(hash.saltLo(), hash.saltHi());
            }
        }
        if (output != null) {
            if (sendBytes < 0 || sendBytes > Integer.MAX_VALUE - segBytes) {
                throw new IllegalArgumentException("piece size " + sendBytes + " out of range");
            }
            this.sendBytes = sendBytes;
            int need = sendBytes + segBytes;
            for (int b = 0; b < 2; b++) {
                if (out[b] == null || out[b].length < need) {
                    out[b] = new byte[need];
                }
            }
        } else {
            for (PieceTables p : in) {
                p.room(segBytes);
            }
        }
    }

    /**
     * The owner's part of a walk ({@code more}: whether it has a segment): its claims of each
     * segment with the team, every piece alone.
     */
    private long owner(boolean more) {
        long segment = 0;
        boolean alone = false;
        long start = System.nanoTime();
        long nextReading = start + CoreContention.WINDOW_NANOS;
        chooser.walkStarts(start, segmentGate[0]);
        long leftAt = -1;
        while (more && !stopped) {
            int slot = (int) (segment & 1);
            long g = segmentGate[slot];
            int segNonLinear = counter.segmentNonLinear();
            if (!alone) {
                claimAndRun(0, segment);
                teamSegments++;
            } else {
                runAlone(segment, g, slot, segNonLinear);
                aloneSegments++;
            }
            // The next segment's place, published before the meeting that starts it.
            int fill = segmentAt[slot] + segNonLinear * tableBytes;
            boolean send = output != null && fill > 0 && fill >= sendBytes;
            int nextSlot = slot ^ 1;
            long done = g + segNonLinear;
            segmentGate[nextSlot] = done;
            segmentBuffer[nextSlot] = send ? segmentBuffer[slot] ^ 1 : segmentBuffer[slot];
            segmentAt[nextSlot] = send ? 0 : fill;
            more = next(counter);
            if (!more) {
                endSegment = segment + 1;
            }
            long now = System.nanoTime();
            boolean leave = false;
            boolean back = false;
            java.util.function.LongPredicate forced = aloneForTests;
            if (forced != null) {
                boolean want = forced.test(segment + 1);
                leave = !alone && want;
                back = alone && !want;
            } else if (now >= nextReading) {
                nextReading = now + CoreContention.WINDOW_NANOS;
                CoreContention r = rule();
                try {
                    if (r != null && !alone) {
                        leave = chooser.leave(now, done, r.contended());
                    } else if (r != null) {
                        back = chooser.back(now, done, r.calm());
                    }
                } catch (IOException e) {
                    closeRule();
                }
            }
            if (!alone) {
                // Read by the others once past the meeting; after the last segment they find
                // that their pieces end.
                if (leave && more) {
                    leftAt = (long) LONGS.getVolatile(arrived, PAD) + 1;
                    LONGS.setVolatile(resumeAt, PAD * (int) (leftAt & 1), -1L);
                    LONGS.setVolatile(aloneAfter, PAD * (int) (leftAt & 1), leftAt);
                    switches++;
                }
                meet(0);
                alone = leave && more;
            } else if (back && more) {
                LONGS.setVolatile(resumeAt, PAD * (int) (leftAt & 1), segment + 1);
                wakeResting();
                alone = false;
                CoreContention r = rule();
                if (r != null) {
                    try {
                        r.contended();
                    } catch (IOException e) {
                        closeRule();
                    }
                }
            }
            if (send) {
                write(segmentBuffer[slot], fill);
            }
            segment++;
        }
        chooser.walkEnds(System.nanoTime(), segmentGate[(int) (segment & 1)]);
        if (stopped && failure != null) {
            rethrow(failure);
        }
        stopped = true;
        if (output != null) {
            int slot = (int) (segment & 1);
            if (segmentAt[slot] > 0) {
                write(segmentBuffer[slot], segmentAt[slot]);
            }
        }
        for (GateQueue q : loops) {
            gates += q.gates;
            nonLinear += q.nonLinear;
        }
        return segmentGate[(int) (segment & 1)];
    }

    /** A worker's part of a walk: its claims of each segment while the team runs. */
    private void worker() {
        int t = nextWorkerPiece.getAndIncrement();
        if (t >= threads) {
            return;
        }
        threadOf[t] = Thread.currentThread();
        tids.set(t, tidOrEmpty());
        try {
            long segment = 0;
            while (!stopped) {
                if (segment >= endSegment) {
                    return;
                }
                if (!claimAndRun(t, segment)) {
                    return;
                }
                long met = meet(t);
                if (met < 0) {
                    return;
                }
                int k = PAD * (int) (met & 1);
                if ((long) LONGS.getVolatile(aloneAfter, k) != met) {
                    segment++;
                    continue;
                }
                // The owner went on alone from this meeting: sleep until it takes the team back.
                resting[t] = true;
                VarHandle.fullFence();
                long resume;
                while ((resume = (long) LONGS.getVolatile(resumeAt, k)) < 0 && !stopped) {
                    LockSupport.park(this);
                }
                resting[t] = false;
                if (resume < 0) {
                    return;
                }
                segment = resume;
            }
        } catch (Throwable e) {
            if (failure == null) {
                failure = e;
            }
            stopped = true;
            wakeAll();
            wakeResting();
        }
    }

    private static boolean next(Schedule.Piece p) {
        try {
            return p.nextSegment();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Thread {@code t} takes the segment's pieces not yet taken, one at a time, and runs each:
     * first its own, t, t + n, t + 2n, … (n threads), so that a piece's labels and state stay in
     * the cache of one core from segment to segment; then, from the last, any that no other
     * thread has taken yet. False if the walk stopped while it waited for its turn to read (a
     * worker's wait).
     */
    private boolean claimAndRun(int t, long segment) {
        for (int k = t; k < pieceCount; k += threads) {
            if (take(k, segment) && !run(t, segment, k)) {
                return false;
            }
        }
        for (int k = pieceCount - 1; k >= 0; k--) {
            if (k % threads != t && take(k, segment) && !run(t, segment, k)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether this thread takes piece {@code k} for the segment: no other did. Every thread
     * takes a segment's pieces between the meetings around it, so a piece's mark is at most
     * 1 + the segment before (less after segments the owner ran alone).
     */
    private boolean take(int k, long segment) {
        long v = (long) LONGS.getVolatile(taken, PAD * k);
        return v <= segment && LONGS.compareAndSet(taken, PAD * k, v, segment + 1);
    }

    /**
     * Piece {@code k}, taken by thread {@code t}: moves it to the segment, reads its tables in
     * their turn (evaluator) and runs it; false if the walk stopped while it waited to read.
     * Pieces read in stream order without a deadlock: a thread waits only for the piece before
     * its own, which is read, or is another thread's own piece, which that thread takes before
     * any piece after it (its own in order, then others').
     */
    private boolean run(int t, long segment, int k) {
        int slot = (int) (segment & 1);
        Schedule.Piece p = pieces[k];
        if (!next(p)) {
            throw new IllegalStateException("schedule: piece " + k + " ends before segment " + segment);
        }
        if (input != null && !readPart(t, segment, k, p)) {
            return false;
        }
        runPiece(t, segment, k, p, segmentGate[slot], slot);
        return true;
    }

    /** Piece {@code k} of the segment, its first non-linear gate at tweak {@code g}, on thread {@code t}. */
    private void runPiece(int t, long segment, int k, Schedule.Piece p, long g, int slot) {
        GateQueue q = loops[t];
        int before = p.nonLinearBefore();
        int own = p.nonLinear();
        long at = g + before;
        q.gate = at;
        StreamingGarbler garbler = output != null ? (StreamingGarbler) q : null;
        int start = 0;
        if (garbler != null) {
            start = segmentAt[slot] + before * tableBytes;
            garbler.place(out[segmentBuffer[slot]], start);
        }
        int[] o = ops[t];
        try {
            int n;
            while ((n = p.gates(o, 0, BATCH)) > 0) {
                q.gates(o, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (q.gate != at + own || (garbler != null && garbler.tableFill != start + own * tableBytes)
                || (in != null && !in[t].consumed())) {
            throw new IllegalStateException("schedule: piece " + k + " of segment " + segment + " holds "
                    + (q.gate - at) + " non-linear gates, states " + own);
        }
    }

    /**
     * The segment on the owner alone: every piece in order, as one stream of batches into the
     * owner's loop, so that its non-linear gates are hashed together as the one-thread loop does;
     * the evaluator reads the segment's tables in one go.
     */
    private void runAlone(long segment, long g, int slot, int segNonLinear) {
        GateQueue q = loops[0];
        q.gate = g;
        StreamingGarbler garbler = output != null ? (StreamingGarbler) q : null;
        int start = segmentAt[slot];
        if (garbler != null) {
            garbler.place(out[segmentBuffer[slot]], start);
        } else {
            await(0, -1, segment * pieceCount);
            try {
                in[0].fill(input, segNonLinear * tableBytes);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            partsRead = (segment + 1) * pieceCount;
        }
        int[] o = ops[0];
        int used = 0;
        try {
            for (int k = 0; k < pieceCount; k++) {
                Schedule.Piece p = pieces[k];
                if (!next(p)) {
                    throw new IllegalStateException("schedule: piece " + k + " ends before segment " + segment);
                }
                int n;
                while ((n = p.gates(o, 4 * used, BATCH - used)) > 0) {
                    used += n;
                    if (used == BATCH) {
                        q.gates(o, used);
                        used = 0;
                    }
                }
            }
            if (used > 0) {
                q.gates(o, used);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (q.gate != g + segNonLinear || (garbler != null && garbler.tableFill != start + segNonLinear * tableBytes)
                || (in != null && !in[0].consumed())) {
            throw new IllegalStateException("schedule: segment " + segment + " holds " + (q.gate - g)
                    + " non-linear gates, states " + segNonLinear);
        }
    }

    /**
     * The evaluator's thread {@code t} takes piece {@code k}'s tables of the segment from the
     * input, in the piece's turn; false if the walk stopped meanwhile (a worker's wait).
     */
    private boolean readPart(int t, long segment, int k, Schedule.Piece p) {
        long turn = segment * pieceCount + k;
        // The owner reads every piece's part when alone: it waits as itself.
        int me = Thread.currentThread() == threadOf[0] ? 0 : t;
        if (!await(me, -1, turn)) {
            return false;
        }
        try {
            in[t].fill(input, p.nonLinear() * tableBytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        partsRead = turn + 1;
        wakeAll();
        return true;
    }

    private void write(int buffer, int len) {
        try {
            output.write(out[buffer], 0, len);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Thread {@code me} arrives and waits for every other thread of the team to arrive as often;
     * returns the meeting's number (from 1), or -1 if the walk stopped meanwhile (a worker's wait).
     */
    private long meet(int me) {
        long p = (long) LONGS.getVolatile(arrived, PAD * (me + 1)) + 1;
        LONGS.setVolatile(arrived, PAD * (me + 1), p);
        wakeAll();
        for (int u = 0; u < threads; u++) {
            if (u != me && !await(me, u, p)) {
                return -1;
            }
        }
        return p;
    }

    private boolean ready(int other, long v) {
        return other < 0 ? partsRead >= v : (long) LONGS.getVolatile(arrived, PAD * (other + 1)) >= v;
    }

    /**
     * Thread {@code me} waits until thread {@code other} arrived {@code v} times, or (other -1)
     * until {@code v} parts are read: spins briefly, then sleeps until woken. If another thread
     * failed, the owner throws its failure and a worker returns false; a worker also returns
     * false once the walk stopped.
     */
    private boolean await(int me, int other, long v) {
        for (int spins = 0; !ready(other, v); spins++) {
            Throwable f = failure;
            if (me == 0 && f != null) {
                rethrow(f);
            }
            if (me != 0 && stopped) {
                return false;
            }
            if (spins < SPINS) {
                Thread.onSpinWait();
                continue;
            }
            sleeping[me] = true;
            VarHandle.fullFence();
            if (!ready(other, v) && !stopped) {
                LockSupport.parkNanos(this, 1_000_000L);
            }
            sleeping[me] = false;
        }
        return true;
    }

    /** Wakes the threads asleep in a wait. */
    private void wakeAll() {
        VarHandle.fullFence();
        for (int u = 0; u < threads; u++) {
            Thread th = threadOf[u];
            if (th != null && sleeping[u] && th != Thread.currentThread()) {
                LockSupport.unpark(th);
            }
        }
    }

    /** Wakes the workers asleep while the owner went on alone. */
    private void wakeResting() {
        VarHandle.fullFence();
        for (int u = 1; u < threads; u++) {
            Thread th = threadOf[u];
            if (th != null && resting[u]) {
                LockSupport.unpark(th);
            }
        }
    }

    /** The rule's readings once every thread of the team has said who it is; null until then or where there are none. */
    private CoreContention rule() {
        if (ruleOf == null && !ruleUnavailable) {
            String[] ids = new String[threads];
            for (int t = 0; t < threads; t++) {
                ids[t] = tids.get(t);
                if (ids[t] == null) {
                    return null;
                }
                if (ids[t].isEmpty()) {
                    ruleUnavailable = true;
                    return null;
                }
            }
            ruleOf = CoreContention.open(ids);
            ruleUnavailable = ruleOf == null;
        }
        return ruleOf;
    }

    /** Whether the rule cannot be read in this walk (no thread ids, or a reading failed). */
    private boolean ruleUnavailable;

    private void closeRule() {
        if (ruleOf != null) {
            ruleOf.close();
            ruleOf = null;
        }
        ruleUnavailable = true;
    }

    private static String tidOrEmpty() {
        String id = RunQueues.currentThreadId();
        return id == null ? "" : id;
    }

    private static void rethrow(Throwable f) {
        if (f instanceof UncheckedIOException u) {
            throw new UncheckedIOException(u.getMessage(), u.getCause());
        }
        if (f instanceof RuntimeException r) {
            throw new IllegalStateException(r.getMessage(), r);
        }
        if (f instanceof Error e) {
            throw e;
        }
        throw new IllegalStateException(f);
    }

    /** A piece's tables of one segment, read from the input in its turn and taken where they lie. */
    static final class PieceTables implements TableView {
        private byte[] bytes = new byte[0];
        private int pos;
        private int limit;

        void room(int n) {
            if (bytes.length < n) {
                bytes = new byte[n];
            }
        }

        /** Reads the next {@code n} bytes of tables, in place of those read last. */
        void fill(TableInput from, int n) throws IOException {
            from.read(bytes, 0, n);
            pos = 0;
            limit = n;
        }

        boolean consumed() {
            return pos == limit;
        }

        @Override
        public byte[] array() {
            return bytes;
        }

        @Override
        public int take(int len) throws IOException {
            if (len > limit - pos) {
                throw new IllegalStateException("schedule: a piece needs more tables than it states");
            }
            int at = pos;
            pos += len;
            return at;
        }

        @Override
        public void read(byte[] a, int off, int len) throws IOException {
            System.arraycopy(bytes, take(len), a, off, len);
        }
    }
}
