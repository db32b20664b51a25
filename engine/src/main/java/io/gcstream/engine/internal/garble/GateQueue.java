package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.TruthTable;

/**
 * What {@link StreamingGarbler} and {@link StreamingEvaluator} share: each batch is compiled
 * into {@link GateCode} (or comes compiled, from {@link CodeWalker}) and run, run by run. Linear
 * gates are done at once; non-linear ones are queued with their hash inputs, and the queue is
 * flushed (one hash batch for all queued gates) at the end of each level, which holds at most
 * as many as fill a hash batch. A queued gate has already copied what it reads, and no gate of
 * its level touches the slot it writes, so nothing is checked per gate.
 */
abstract class GateQueue implements GateLoop {
    static final int CAPACITY = CircuitWalker.BATCH;
    /** Truth tables that are not affine over GF(2): bit t set iff table t is non-linear. */
    static final int NON_LINEAR_MASK = 0x6996;
    static final int XOR = TruthTable.XOR;
    /** The copy gates that move calls' arguments and results. */
    static final int COPY = TruthTable.COPY;
    /**
     * Per linear table, the masks of its affine form f(a,b) = c0 ⊕ c1·a ⊕ c2·b ({@link FreeXor}):
     * all ones where the coefficient is 1.
     */
    static final long[] C0 = new long[16];
    static final long[] C1 = new long[16];
    static final long[] C2 = new long[16];

    static {
        for (int t = 0; t < 16; t++) {
            if (((NON_LINEAR_MASK >>> t) & 1) == 0) {
                int c = FreeXor.coefficients(t);
                C0[t] = -(long) (c & 1);
                C1[t] = -(long) ((c >>> 1) & 1);
                C2[t] = -(long) ((c >>> 2) & 1);
            }
        }
    }

    final GarblingScheme scheme;
    final TweakableHash hash;
    final long[] labels;
    /** Compiles batches for {@link CodeWalker}. */
    private final GateCode.Compiler compiler;
    /**
     * Per slot: 1 while a queued gate will write it, in {@link #gates}; the compiler's marks,
     * which are all 0 between its batches.
     */
    final byte[] pending;

    int queued;
    final int[] qOut = new int[CAPACITY];
    final int[] qInfo = new int[CAPACITY];
    /** Gates the queue holds before it must flush: as many as fill one hash batch. */
    final int maxQueued;
    /** Session-wide counter of non-linear gates, the hash tweak. */
    long gate;
    long nonLinear;
    long gates;

    GateQueue(GarblingScheme scheme, TweakableHash hash, long labelSlots, int blocksPerGate,
            long firstGate) {
        this(scheme, hash, newLabels(labelSlots), blocksPerGate, firstGate);
    }

    /** A queue over {@code labels}, which it shares with its maker (a team's loop running batches alone). */
    GateQueue(GarblingScheme scheme, TweakableHash hash, long[] labels, int blocksPerGate, long firstGate) {
        long labelSlots = labels.length / 2;
        this.scheme = scheme;
        this.hash = hash;
        this.labels = labels;
        this.maxQueued = Math.min(CAPACITY, hash.capacity() / blocksPerGate);
        if (maxQueued < 1) {
            throw new IllegalArgumentException("hash batches of " + hash.capacity()
                    + " blocks cannot hold one gate of " + blocksPerGate + " blocks");
        }
        this.compiler = new GateCode.Compiler(labelSlots, maxQueued);
        this.pending = compiler.marks();
        this.gate = firstGate;
    }

    /** A label array of {@code labelSlots} slots, if one array holds them; else the error, before anything is allocated. */
    static long[] newLabels(long labelSlots) {
        if (labelSlots > (Integer.MAX_VALUE - 16) / 2) {
            throw new IllegalArgumentException("circuit needs " + labelSlots
                    + " label slots, more than one array holds");
        }
        return new long[(int) (2 * labelSlots)];
    }

    /** Forgets the gates a failed walk left queued, so that the queue can be restarted. */
    final void abandon() {
        clearPending();
        queued = 0;
    }

    /** Label slots this queue holds: it can run any circuit with at most this many. */
    @Override
    public long capacity() {
        return labels.length / 2;
    }

    /**
     * Makes the queue ready for the next circuit of the session, keeping its arrays: counting
     * starts again from {@code firstGate}. Between circuits the queue is always empty (every
     * batch ends with a flush).
     */
    @Override
    public void restart(long firstGate) {
        if (queued != 0) {
            throw new IllegalStateException("restart with " + queued + " gates queued");
        }
        gate = firstGate;
        gates = 0;
        nonLinear = 0;
    }

    /** The label array: slot s at longs [2s, 2s+1]. */
    @Override
    public long[] labels() {
        return labels;
    }

    /** The gate counter after the last gate processed (the next run starts here). */
    @Override
    public long nextGateId() {
        return gate;
    }

    /** Gates processed. */
    @Override
    public long gateCount() {
        return gates;
    }

    /** Non-linear gates processed. */
    @Override
    public long nonLinearCount() {
        return nonLinear;
    }

    /**
     * A batch of gates as the walker makes them, run in one pass: non-linear gates are queued
     * until a gate touches a slot a queued gate will write, or the queue is full, then the
     * queue is flushed. For a walk that is not kept, where compiling each batch into
     * {@link GateCode} first would cost more than it saves.
     */
    @Override
    public final void gates(int[] ops, int count) {
        beginBatch(controlBits() ? ControlBits.nonLinearIn(ops, count) : 0);
        int end = 4 * count;
        int i = 0;
        while (i < end) {
            i = queueUntilBlocked(ops, i, end);
            flush();
        }
        gates += count;
        endBatch();
    }

    /** Runs one compiled batch. */
    final void run(GateCode c) {
        beginBatch(c.nonLinear);
        execute(c);
        endBatch();
    }

    /** Whether the scheme sends control bits, so that a batch needs its count of non-linear gates. */
    final boolean controlBits() {
        return scheme.controlBits() != 0;
    }

    /** Before a batch of {@code nonLinear} non-linear gates: the control bits' place or read. */
    abstract void beginBatch(int nonLinear);

    /** After a batch: the garbler's control bits and tables. */
    abstract void endBatch();

    /**
     * Runs gates from {@code ops[i]} on, queueing the non-linear ones, until a gate touches a
     * pending slot ({@link #pending}), the queue is full, or {@code end}; returns the index of
     * the first gate not run. Free of calls, so C2 keeps its state in registers.
     */
    abstract int queueUntilBlocked(int[] ops, int i, int end);

    /** Compiles batches for this loop (for {@link CodeWalker}). */
    final GateCode.Compiler compiler() {
        return compiler;
    }

    /** A buffer a batch compiles into for this loop. */
    final GateCode newCode() {
        return new GateCode(GateCode.maxLength(CAPACITY, maxQueued));
    }

    /** Runs {@code c}'s code, flushing at each level's end and at the end. */
    final void execute(GateCode c) {
        final int[] code = c.code;
        final int end = c.length;
        int pc = 0;
        while (pc < end) {
            int h = code[pc++];
            int n = h >>> 3;
            switch (h & 7) {
                case GateCode.XOR -> pc = xors(code, pc, n);
                case GateCode.COPY -> pc = copies(code, pc, n);
                case GateCode.LINEAR -> pc = linears(code, pc, n);
                case GateCode.NON_LINEAR -> pc = nonLinears(code, pc, pc + 4 * n);
                default -> flush();
            }
        }
        flush();
        gates += c.gates;
    }

    private int xors(int[] code, int pc, int n) {
        final long[] l = labels;
        for (int end = pc + 3 * n; pc < end; pc += 3) {
            int o = code[pc];
            int a = code[pc + 1];
            int b = code[pc + 2];
            l[o] = l[a] ^ l[b];
            l[o + 1] = l[a + 1] ^ l[b + 1];
        }
        return pc;
    }

    private int copies(int[] code, int pc, int n) {
        final long[] l = labels;
        for (int end = pc + 2 * n; pc < end; pc += 2) {
            int o = code[pc];
            int a = code[pc + 1];
            l[o] = l[a];
            l[o + 1] = l[a + 1];
        }
        return pc;
    }

    /** A run of {@code n} linear gates other than XOR and copies, as (out, in1, in2, table). */
    abstract int linears(int[] code, int pc, int n);

    private int nonLinears(int[] code, int pc, int end) {
        int at = queue(code, pc, end);
        if (at != end) {
            // GateCode caps a level at maxQueued non-linear gates: a full queue here is a bug.
            throw new IllegalStateException("queue full within a level");
        }
        return at;
    }

    /**
     * Queues the non-linear gates (out, in1, in2, table) from {@code code[pc]} on, until
     * {@code end} or the queue is full; returns where it stopped. Free of calls.
     */
    abstract int queue(int[] code, int pc, int end);

    /** Hashes and finishes the queued gates, if any, and clears their pending marks. */
    abstract void flush();

    /** Clears the pending marks of the queued gates (their outputs' offsets in {@link #qOut}). */
    final void clearPending() {
        final byte[] pend = pending;
        final int[] qOut = this.qOut;
        for (int q = 0, n = queued; q < n; q++) {
            pend[qOut[q] >>> 1] = 0;
        }
    }
}
