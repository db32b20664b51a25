package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.circuits.internal.SplitPlan;
import io.gcstream.ot.internal.parallel.Workers;
import java.util.Arrays;

/**
 * The gate loop of {@link ParallelGarbler} and {@link ParallelEvaluator}: the batches of one
 * walk computed by a team of threads, with the same hash tweaks, labels and tables, in the
 * same order, as the one-thread loops. Two kinds of independence are used, and no gate is
 * synchronised on its own:
 *
 * <ul>
 *   <li><b>A call of a split definition</b> ({@link SplitPlan}: the S-boxes of an AES round,
 *       the cells of an edit-distance block) is run by the team group by group: each thread
 *       takes a group's gates of the call's region, in order, with its own queue and hash,
 *       writing labels into the group's own frame, and each non-linear gate's tweak and table
 *       place come from its number in the call. One hand-off per call and batch.</li>
 *   <li><b>A large flush</b> of the owner's queue (gates of one AND level, as many as the
 *       circuit's order puts together, up to a batch) is hashed and finished in parts by the
 *       team: the queued gates are independent, and each keeps a copy of its input labels
 *       ({@link Lane}). The owner does not wait for it: it goes on running gates into its
 *       second queue, and waits only when a gate touches a slot the flush in flight will write,
 *       before the next flush or split call, and where a batch's tables or control bits must be
 *       complete. So on a wide circuit its own serial work overlaps the team's hashing.
 *       Smaller flushes, below {@link #MIN_PART} gates a part, run on the owner at once,
 *       whose hand-off would cost more than it saves.</li>
 * </ul>
 *
 * <p>Everything else (linear gates outside split calls, copy gates, the channel) runs on the
 * owner, as in the one-thread loop. A circuit that carries a {@link Schedule} is instead walked
 * by {@link #walk(Schedule)}, each thread claiming the pieces of every segment ({@link Lockstep}).
 * Memory: the label array (at least the plan's {@link SplitPlan#labelSlots()}), per thread a
 * {@link Lane} (a hash batch of 80 KiB, one int a
 * label slot, a hash batch's worth of queued gates), and the owner's two queues of up to a
 * batch (about 60 KiB each) with one int a label slot. Nothing is allocated per batch. Not
 * thread-safe: the team's owner calls it.
 */
public abstract class ParallelLoop implements GateLoop {
    static final int BATCH = CircuitWalker.BATCH;
    static final int NON_LINEAR_MASK = GateQueue.NON_LINEAR_MASK;
    static final int XOR = GateQueue.XOR;
    static final int COPY = GateQueue.COPY;
    /**
     * Fewest queued gates per thread for a flush to be split: a part must outweigh handing it
     * to a worker several times over (docs/performance.md, "Threads").
     */
    static final int MIN_PART = 16;
    /** Most parts a flush is cut into per thread. */
    static final int PARTS_PER_THREAD = 4;

    final GarblingScheme scheme;
    /** Δ for the garbler's linear gates; 0 for the evaluator's (the same formulas then). */
    final long dLo;
    final long dHi;
    final Workers team;
    /** Threads of the team this loop uses (2 .. the team's size). */
    final int threads;
    /** Per thread of the team: its queue and hash for split calls, its hash for flush parts. */
    final Lane[] lanes;
    /** The owner's two queues: one fills while the other may be in flight; they share marks. */
    final Lane[] owner = new Lane[2];
    /** Index of the queue the owner fills. */
    int current;
    /** The owner's pending marks (one int a label slot), of both its queues. */
    final int[] ownerPending;
    /** Epoch of the owner's filling queue's marks, and of the queue in flight (-1: none). */
    int ownerEpoch = 1;
    int inFlightEpoch = -1;
    private boolean inFlight;
    final long[] labels;
    final int blocks;
    final int tableBytes;
    /** Gates a lane's hash batch holds. */
    final int laneMax;
    /** Gates the owner queues before it must flush: enough to split between the threads. */
    final int ownerMax;

    private SplitPlan plan;
    /** The split call being run (its region may span batches), or null. */
    SplitPlan.Split region;
    private int regionPos;
    private long callBase;
    /** Per group of the current region: the next of its gates to run. */
    private final int[] cursor;

    /** Session-wide counter of non-linear gates, the hash tweak. */
    long gate;
    long nonLinear;
    long gates;
    /** Non-linear gates so far in the current batch: a gate's rank for control bits. */
    int rank;
    /** Hand-offs to the team so far: region parts and split flushes (for tests and benchmarks). */
    long regionParts;
    long splitFlushes;

    // The job being handed to the team: set by the owner before each run.
    int[] jOps;
    /** Region part: position (in gates) of region index jA in jOps; indices [jA, jB). */
    int jI;
    int jA;
    int jB;
    long jTweakBase;
    int jPosBase;
    int jRankBase;
    /** Owner flush: the queue, its gates and parts. */
    private Lane jQueue;
    private int jN;
    private int jParts;
    private final Workers.Job regionJob = this::regionPart;
    private final Workers.Job flushJob = this::flushPart;

    /**
     * @param hash the owner's hash (the session's), whose salt the other threads' copy
     * @param threads threads of {@code team} to use, at least 2
     * @param blocksPerGate hash blocks a non-linear gate needs on this side
     * @param dLo Δ's low half for the garbler (lowest bit 1), 0 for the evaluator
     */
    ParallelLoop(GarblingScheme scheme, TweakableHash hash, Workers team, int threads, long labelSlots,
            int blocksPerGate, long firstGate, long dLo, long dHi) {
        if (labelSlots > (Integer.MAX_VALUE - 16) / 2) {
            throw new IllegalArgumentException("circuit needs " + labelSlots
                    + " label slots, more than one array holds");
        }
        if (threads < 2 || threads > team.threads()) {
            throw new IllegalArgumentException("a team of " + team.threads() + " cannot lend " + threads + " threads");
        }
        this.scheme = scheme;
        this.dLo = dLo;
        this.dHi = dHi;
        this.team = team;
        this.threads = threads;
        this.blocks = blocksPerGate;
        this.tableBytes = scheme.tableBytes();
        this.labels = new long[(int) (2 * labelSlots)];
        this.laneMax = Math.min(BATCH, hash.capacity() / blocksPerGate);
        if (laneMax < 1) {
            throw new IllegalArgumentException("hash batches of " + hash.capacity()
                    + " blocks cannot hold one gate of " + blocksPerGate + " blocks");
        }
        this.ownerMax = Math.min(BATCH, threads * laneMax);
        // A lane per thread of the team: a part may run on any of them.
        int size = team.threads();
        this.lanes = new Lane[size];
        for (int t = 0; t < size; t++) {
            TweakableHash h = t == 0 ? hash : new TweakableHash(hash.capacity());
            lanes[t] = new Lane((int) labelSlots, laneMax, h);
        }
        this.ownerPending = new int[(int) labelSlots];
        owner[0] = new Lane(ownerPending, ownerMax, null);
        owner[1] = new Lane(ownerPending, ownerMax, null);
        this.cursor = new int[size];
        this.gate = firstGate;
    }

    /** Threads of the team this loop uses. */
    public int threads() {
        return threads;
    }

    /** The team's walk of scheduled circuits, made on first use. */
    private Lockstep lockstep;

    /** A lockstep walk over {@link #labels} with this loop's output or input. */
    abstract Lockstep newLockstep();

    /** Bytes the garbler holds before it writes them ({@link GarblerLoop#sendInPiecesOf}); 0 for the evaluator. */
    int sendBytes() {
        return 0;
    }

    /**
     * Whether {@link #walk(Schedule)} runs a circuit of schedule {@code s} (null: none): a scheme
     * without control bits, segments that fit its buffers, and a team that is not closed.
     */
    public boolean runs(Schedule s) {
        return runs(scheme, s) && !team.closed();
    }

    /** Whether a team's loop of {@code scheme} walks a circuit of schedule {@code s} (null: none) by it. */
    public static boolean runs(GarblingScheme scheme, Schedule s) {
        return Lockstep.runs(scheme, s);
    }

    /**
     * One walk of a circuit by its schedule, in place of walking it into {@link #gates}: the same
     * labels, tweaks and stream. {@link #finish()} follows, as after any walk.
     *
     * @throws java.io.UncheckedIOException if the channel fails
     * @throws IllegalArgumentException if {@link #runs} is false for {@code s}
     */
    public void walk(Schedule s) {
        if (!runs(s)) {
            throw new IllegalArgumentException("a schedule this loop cannot run");
        }
        awaitFlush();
        if (lockstep == null) {
            lockstep = newLockstep();
        }
        gate = lockstep.walk(s, lanes[0].hash, gate, sendBytes());
        gates += lockstep.gates;
        nonLinear += lockstep.nonLinear;
    }

    /** Segments of scheduled walks run by the team and by the owner alone, and switches to alone (tests, benchmarks). */
    public long[] lockstepSegments() {
        Lockstep l = lockstep;
        return l == null ? new long[3] : new long[] {l.teamSegments, l.aloneSegments, l.switches};
    }

    /**
     * The split plan of the circuit about to be walked (null: none); call before the walk,
     * which must use the same plan ({@link CircuitWalker#CircuitWalker(io.gcstream.circuits.Circuit, SplitPlan)}).
     */
    public void plan(SplitPlan p) {
        if (p != null && p.splits().stream().anyMatch(x -> x.groups() > threads)) {
            throw new IllegalArgumentException("plan for more than " + threads + " threads");
        }
        if (p != null && p.labelSlots() > capacity()) {
            throw new IllegalArgumentException("plan needs " + p.labelSlots() + " label slots, loop has "
                    + capacity());
        }
        this.plan = p;
    }

    @Override
    public long[] labels() {
        return labels;
    }

    @Override
    public long capacity() {
        return labels.length / 2;
    }

    @Override
    public void restart(long firstGate) {
        // A walk that failed may have left a flush in flight, a region or queued gates: they
        // belong to no run.
        if (inFlight) {
            inFlight = false;
            team.finishQuietly();
        }
        inFlightEpoch = -1;
        gate = firstGate;
        gates = 0;
        nonLinear = 0;
        rank = 0;
        region = null;
        // Every thread hashes with the session's permutation (a resumed session's is salted).
        long saltLo = lanes[0].hash.saltLo();
        long saltHi = lanes[0].hash.saltHi();
        for (Lane l : lanes) {
            l.newEpoch();
            if (l.hash.saltLo() != saltLo || l.hash.saltHi() != saltHi) {
                l.hash.salt(saltLo, saltHi);
            }
        }
        owner[0].queued = 0;
        owner[1].queued = 0;
        nextOwnerEpoch();
        // The workers spin from now on, so the walk's first hand-off finds them awake.
        team.wake();
    }

    @Override
    public long nextGateId() {
        return gate;
    }

    @Override
    public long gateCount() {
        return gates;
    }

    @Override
    public long nonLinearCount() {
        return nonLinear;
    }

    /** Region parts handed to the team since the loop was made. */
    public long regionParts() {
        return regionParts;
    }

    /** Flushes of the owner's queue split between the team since the loop was made. */
    public long splitFlushes() {
        return splitFlushes;
    }

    /** Tests: which batches (numbered from the loop's making) run on the owner alone; null: the chooser decides. */
    static volatile java.util.function.LongPredicate aloneForTests;
    /** Chooses, for batches that may run either way, between the team and the owner alone. */
    private final BatchChooser chooser = new BatchChooser();

    /** The one-thread loop over the same labels that runs batches on the owner alone, made on first use. */
    private GateQueue alone;
    /** Batches run so far. */
    private long batches;
    /** Batches run alone so far (tests). */
    long aloneBatches;

    /** A one-thread loop over {@link #labels}, with this loop's hash and output or input. */
    abstract GateQueue newAlone();

    /** Before a batch run alone: hands the loop's stream buffer to it (garbler). */
    abstract void beforeAlone(GateQueue q);

    /** After a batch run alone: takes the stream buffer back, sending what is due (garbler). */
    abstract void afterAlone(GateQueue q);

    @Override
    public final void gates(int[] ops, int count) {
        long b = batches++;
        java.util.function.LongPredicate forced = aloneForTests;
        if (region != null || (plan != null && !plan.isEmpty() && hasMark(ops, count))) {
            // A split call's gates need the team's frames and marks.
            runTeam(ops, count);
        } else if (forced != null) {
            run(forced.test(b), ops, count);
        } else if (team.measuring()) {
            // A benchmark counts the work the team would share: all of it goes the team's way.
            runTeam(ops, count);
        } else {
            run(chooser.alone(), ops, count);
            chooser.ran(count);
        }
    }

    private void run(boolean alone, int[] ops, int count) {
        if (alone) {
            runAlone(ops, count);
        } else {
            runTeam(ops, count);
        }
    }

    /** Whether a gate of the batch starts a split call. */
    private static boolean hasMark(int[] ops, int count) {
        for (int i = 3, end = 4 * count; i < end; i += 4) {
            if (ops[i] > 15) {
                return true;
            }
        }
        return false;
    }

    /** One batch on the owner alone, by the one-thread loop, with the team's counters. */
    private void runAlone(int[] ops, int count) {
        awaitFlush();
        GateQueue q = alone;
        if (q == null) {
            q = newAlone();
            alone = q;
        }
        q.gate = gate;
        q.nonLinear = 0;
        beforeAlone(q);
        q.gates(ops, count);
        afterAlone(q);
        gate = q.gate;
        nonLinear += q.nonLinear;
        gates += count;
        aloneBatches++;
    }

    private void runTeam(int[] ops, int count) {
        beginBatch(ops, count);
        int end = 4 * count;
        int i = 0;
        if (region != null) {
            i = runRegion(ops, 0, end);
        }
        while (i < end) {
            i = scan(ops, i, end);
            if (i < end && inFlight && touches(ops, i, inFlightEpoch)) {
                // The gate needs a label the flush in flight is making.
                awaitFlush();
                continue;
            }
            flushOwner();
            if (i < end && SplitPlan.isMark(ops[i + 3])) {
                awaitFlush();
                startRegion(ops[i + 3]);
                i = runRegion(ops, i, end);
            }
        }
        gates += count;
        endBatch();
    }

    /** Whether gate {@code ops[i..i+3]} reads or writes a slot marked with {@code epoch}. */
    private boolean touches(int[] ops, int i, int epoch) {
        int[] p = ownerPending;
        return p[ops[i]] == epoch || p[ops[i + 1]] == epoch || p[ops[i + 2]] == epoch;
    }

    /** Waits for the flush in flight, if any: its labels, tables and control bits are then done. */
    final void awaitFlush() {
        if (inFlight) {
            inFlight = false;
            inFlightEpoch = -1;
            team.finish();
        }
    }

    /** The owner's queue being filled. */
    final Lane ownerQueue() {
        return owner[current];
    }

    /** A new epoch for the owner's marks: those of the filled queue stop counting. */
    private void nextOwnerEpoch() {
        if (++ownerEpoch == Integer.MAX_VALUE) {
            awaitFlush();
            Arrays.fill(ownerPending, 0);
            ownerEpoch = 1;
        }
    }

    /** Starts a batch (before any of its gates): control bits. */
    abstract void beginBatch(int[] ops, int count);

    /** Ends a batch (after all of its gates). */
    abstract void endBatch();

    /**
     * The owner runs gates from {@code ops[i]} on, queueing non-linear ones in
     * {@link #ownerQueue()} (with consecutive tweaks, table places and ranks) and marking their
     * outputs in {@link #ownerPending} with {@link #ownerEpoch}, until a gate touches a slot
     * marked with that epoch or {@link #inFlightEpoch}, the queue holds {@link #ownerMax}
     * gates, a split call starts or the batch ends; returns the index of the first gate not run.
     */
    final int scan(int[] ops, int i, int end) {
        final long[] l = labels;
        final Lane ln = ownerQueue();
        final int[] pend = ownerPending;
        final int e = ownerEpoch;
        final int f = inFlightEpoch;
        final int[] qOut = ln.out;
        final int[] qTable = ln.table;
        final long[] qTweak = ln.tweak;
        final int[] qPos = ln.pos;
        final int[] qRank = ln.rank;
        final long[] qIn = ln.in;
        final long dLo = this.dLo;
        final long dHi = this.dHi;
        final int tb = tableBytes;
        final int max = ownerMax;
        int q = ln.queued;
        long g = gate;
        int t = ownerTableStart(q);
        int rk = rank;
        for (; i < end; i += 4) {
            int out = ops[i];
            int in1 = ops[i + 1];
            int in2 = ops[i + 2];
            int table = ops[i + 3];
            int p1 = pend[in1];
            int p2 = pend[in2];
            int po = pend[out];
            if (p1 == e || p2 == e || po == e || p1 == f || p2 == f || po == f) {
                break;
            }
            if (table == XOR) {
                l[2 * out] = l[2 * in1] ^ l[2 * in2];
                l[2 * out + 1] = l[2 * in1 + 1] ^ l[2 * in2 + 1];
            } else if (table == COPY) {
                // Calls' copy gates (see GateQueue.COPY).
                l[2 * out] = l[2 * in1];
                l[2 * out + 1] = l[2 * in1 + 1];
            } else if (table > 15) {
                break; // a split call starts
            } else if (((NON_LINEAR_MASK >>> table) & 1) == 0) {
                FreeXor.garble(table, l, in1, in2, out, dLo, dHi);
            } else {
                if (q == max) {
                    break;
                }
                qOut[q] = out;
                qTable[q] = table;
                qTweak[q] = g++;
                qPos[q] = t;
                t += tb;
                qRank[q] = rk++;
                qIn[4 * q] = l[2 * in1];
                qIn[4 * q + 1] = l[2 * in1 + 1];
                qIn[4 * q + 2] = l[2 * in2];
                qIn[4 * q + 3] = l[2 * in2 + 1];
                pend[out] = e;
                q++;
            }
        }
        ln.queued = q;
        gate = g;
        ownerTablesQueued(t);
        rank = rk;
        return i;
    }

    /**
     * Where the tables of the owner's queue start, as it is filled: the next table's place
     * given {@code queued} gates already in the queue.
     */
    abstract int ownerTableStart(int queued);

    /** The owner's scan queued gates whose tables go up to {@code end}. */
    abstract void ownerTablesQueued(int end);


    /**
     * A thread runs gates {@code list[c] ..} (before {@code stop}) of the current region part
     * in its lane {@code ln}; stops where {@link #scan} would; returns the first not run.
     */
    final int scanGroup(Lane ln, int[] list, int c, int stop) {
        final int[] ops = jOps;
        final long[] l = labels;
        final int[] pend = ln.pending;
        final int e = ln.epoch;
        final int[] before = region.nonLinearBefore();
        final int shift = jI - jA;
        final long tweakBase = jTweakBase;
        final int posBase = jPosBase;
        final int rankBase = jRankBase;
        final long dLo = this.dLo;
        final long dHi = this.dHi;
        final int tb = tableBytes;
        final int max = laneMax;
        int q = ln.queued;
        for (; c < stop; c++) {
            int idx = list[c];
            int o = 4 * (idx + shift);
            int out = ops[o];
            int in1 = ops[o + 1];
            int in2 = ops[o + 2];
            int table = ops[o + 3] & 15;
            if (pend[in1] == e || pend[in2] == e || pend[out] == e) {
                break;
            }
            if (table == XOR) {
                l[2 * out] = l[2 * in1] ^ l[2 * in2];
                l[2 * out + 1] = l[2 * in1 + 1] ^ l[2 * in2 + 1];
            } else if (table == COPY) {
                // Calls' copy gates (see GateQueue.COPY).
                l[2 * out] = l[2 * in1];
                l[2 * out + 1] = l[2 * in1 + 1];
            } else if (((NON_LINEAR_MASK >>> table) & 1) == 0) {
                FreeXor.garble(table, l, in1, in2, out, dLo, dHi);
            } else {
                if (q == max) {
                    break;
                }
                int k = before[idx];
                ln.out[q] = out;
                ln.table[q] = table;
                ln.tweak[q] = tweakBase + k;
                ln.pos[q] = posBase + k * tb;
                ln.rank[q] = rankBase + k;
                ln.in[4 * q] = l[2 * in1];
                ln.in[4 * q + 1] = l[2 * in1 + 1];
                ln.in[4 * q + 2] = l[2 * in2];
                ln.in[4 * q + 3] = l[2 * in2 + 1];
                pend[out] = e;
                q++;
            }
        }
        ln.queued = q;
        return c;
    }

    /**
     * Hashes and finishes the queued gates [from, to) of {@code src} with {@code hash} (the
     * running thread's): their output labels, and their tables (garbler) or from their tables
     * (evaluator).
     */
    abstract void flushRange(Lane src, int from, int to, TweakableHash hash);

    /**
     * The tables of the {@code n} non-linear gates of a region part about to be run: the
     * garbler reserves their bytes and returns their place in its stream, the evaluator reads
     * them and returns their place in its buffer.
     */
    abstract int regionTables(int n);

    /**
     * The tables of the {@code n} gates of the owner's queue about to be flushed (whose places
     * {@link #scan} set): the evaluator reads them; the garbler reserved them when it queued.
     */
    abstract void ownerTables(int n);

    /**
     * Hashes and finishes the owner's queue: a large one handed to the team in parts and left
     * in flight while the owner fills its other queue, a small one here and now.
     */
    private void flushOwner() {
        Lane q = ownerQueue();
        int n = q.queued;
        if (n == 0) {
            return;
        }
        // One flush in flight at a time (and the team runs one job at a time).
        awaitFlush();
        ownerTables(n);
        // Up to four parts a thread, claimed as the threads come: a thread that the machine
        // deschedules holds up one small part, not half the flush.
        int parts = Math.min(PARTS_PER_THREAD * threads, n / MIN_PART);
        if (parts > 1) {
            jQueue = q;
            jN = n;
            jParts = parts;
            splitFlushes++;
            team.start(flushJob, parts);
            inFlight = true;
            inFlightEpoch = ownerEpoch;
            current ^= 1;
        } else {
            flushRange(q, 0, n, lanes[0].hash);
        }
        q.queued = 0;
        owner[current].queued = 0;
        nonLinear += n;
        nextOwnerEpoch();
    }

    /** Team job: part p of the owner's queue in flight, with the running thread's hash. */
    private void flushPart(int part, int thread) {
        int n = jN;
        int parts = jParts;
        flushRange(jQueue, n * part / parts, n * (part + 1) / parts, lanes[thread].hash);
    }

    private void startRegion(int mark) {
        region = plan.splitOf(mark);
        regionPos = 0;
        callBase = gate;
        Arrays.fill(cursor, 0, region.groups(), 0);
    }

    /**
     * Runs the part of the current region that lies in this batch from {@code ops[i]} on, one
     * group a thread; returns the index after it.
     */
    private int runRegion(int[] ops, int i, int end) {
        awaitFlush();
        SplitPlan.Split r = region;
        int a = regionPos;
        int len = Math.min((end - i) >>> 2, r.length() - a);
        int b = a + len;
        int[] before = r.nonLinearBefore();
        int n = before[b] - before[a];
        int posBase = regionTables(n);
        jOps = ops;
        jI = i >>> 2;
        jA = a;
        jB = b;
        jTweakBase = callBase;
        jPosBase = posBase - before[a] * tableBytes;
        jRankBase = rank - before[a];
        regionParts++;
        team.run(regionJob, r.groups());
        jOps = null;
        rank += n;
        gate = callBase + before[b];
        nonLinear += n;
        regionPos = b;
        if (b == r.length()) {
            region = null;
        }
        return i + 4 * len;
    }

    /** Team job: group {@code part} of the current region part, in the running thread's lane. */
    private void regionPart(int part, int thread) {
        Lane ln = lanes[thread];
        int[] list = region.groupGates(part);
        int c = cursor[part];
        int stop = Arrays.binarySearch(list, c, list.length, jB);
        if (stop < 0) {
            stop = -stop - 1;
        }
        while (c < stop) {
            c = scanGroup(ln, list, c, stop);
            if (ln.queued > 0) {
                flushRange(ln, 0, ln.queued, ln.hash);
                ln.newEpoch();
            }
        }
        cursor[part] = c;
    }
}
