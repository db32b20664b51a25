package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.internal.CircuitWalker;

/**
 * The deferred-hashing machinery shared by {@link StreamingGarbler} and
 * {@link StreamingEvaluator}: non-linear gates are queued with their hash inputs, and the
 * queue is flushed (one hash batch for all queued gates) only when a later gate reads or
 * overwrites a slot a queued gate will write, when the hash batch is full, or at the end of a
 * walker batch.
 *
 * <p>A queued gate has already copied what it reads from its input slots, so later writes to
 * those slots are harmless; only its output slot is "pending". A pending slot is marked with a
 * byte, and a flush clears exactly the marks of the gates it finishes: one byte a slot rather
 * than an int epoch (a circuit of 10^6 slots holds 3 MB less per party), at the cost of one
 * store per queued gate.
 *
 * <p>Subclasses run each walker batch as alternating call-free queueing loops and flushes: a
 * loop that contains a call makes C2 spill and reload its state on every gate, which cost
 * about a third of the gate loop's time.
 */
abstract class GateQueue implements GateLoop {
    static final int CAPACITY = CircuitWalker.BATCH;
    /** Truth tables that are not affine over GF(2): bit t set iff table t is non-linear. */
    static final int NON_LINEAR_MASK = 0x6996;
    static final int XOR = io.gcstream.circuits.internal.TruthTable.XOR;
    /**
     * The gate loops give copies a branch of their own beside XOR's: the copy gates that move
     * calls' arguments and results are a tenth of an AES-128 execution's gates, and through
     * {@link FreeXor}'s general linear form they cost ~5 % of its garbling and ~15 % of its
     * evaluation (PartyRates, 2026-11-27).
     */
    static final int COPY = io.gcstream.circuits.internal.TruthTable.COPY;

    final GarblingScheme scheme;
    final TweakableHash hash;
    final long[] labels;
    /** Per slot: 1 while a queued gate will write it, else 0. */
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
        if (labelSlots > (Integer.MAX_VALUE - 16) / 2) {
            throw new IllegalArgumentException("circuit needs " + labelSlots
                    + " label slots, more than one array holds");
        }
        this.scheme = scheme;
        this.hash = hash;
        this.labels = new long[(int) (2 * labelSlots)];
        this.pending = new byte[(int) labelSlots];
        this.maxQueued = Math.min(CAPACITY, hash.capacity() / blocksPerGate);
        if (maxQueued < 1) {
            throw new IllegalArgumentException("hash batches of " + hash.capacity()
                    + " blocks cannot hold one gate of " + blocksPerGate + " blocks");
        }
        this.gate = firstGate;
    }

    /** Label slots this queue holds: it can run any circuit with at most this many. */
    @Override
    public long capacity() {
        return pending.length;
    }

    /**
     * Makes the queue ready for the next circuit of the session, keeping its arrays: counting
     * starts again from {@code firstGate}. Between circuits the queue is always empty (every
     * walker batch ends with a flush), so no slot is pending.
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
     * Does the gate if its table is linear and says so; false for a non-linear gate, left to the
     * caller. XOR and copies have branches of their own (the commonest gates, and a call's copies),
     * the rest its affine form under free-XOR; the evaluator passes Δ = 0 (its labels carry no
     * constant). Small enough for C2 to inline into the gate loops, which stay free of calls;
     * for the stretches run with nothing queued: the checked loops keep branches of their own
     * (sharing this one there cost the flat 10^7-AND garbler ~6 %).
     */
    static boolean linear(int table, long[] l, int in1, int in2, int out, long dLo, long dHi) {
        if (table == XOR) {
            l[2 * out] = l[2 * in1] ^ l[2 * in2];
            l[2 * out + 1] = l[2 * in1 + 1] ^ l[2 * in2 + 1];
            return true;
        }
        if (table == COPY) {
            l[2 * out] = l[2 * in1];
            l[2 * out + 1] = l[2 * in1 + 1];
            return true;
        }
        if (((NON_LINEAR_MASK >>> table) & 1) == 0) {
            FreeXor.garble(table, l, in1, in2, out, dLo, dHi);
            return true;
        }
        return false;
    }

    /** Empties the queue after a flush: the slots its gates wrote are no longer pending. */
    final void newEpoch() {
        final byte[] pend = pending;
        final int[] qOut = this.qOut;
        for (int q = 0, n = queued; q < n; q++) {
            pend[qOut[q]] = 0;
        }
        queued = 0;
    }
}
