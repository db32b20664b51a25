package io.gcstream.engine.internal.garble;

import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The evaluator's gate loop on a team of threads ({@link ParallelLoop}): reads the stream
 * {@link StreamingGarbler} or {@link ParallelGarbler} writes, in the same pieces as
 * {@link StreamingEvaluator} (a batch's control bits at its start, the tables of the gates
 * about to be finished), always on the owner's thread, and finishes the gates on the team.
 * Not thread-safe.
 */
public final class ParallelEvaluator extends ParallelLoop {
    private final TableInput input;
    /** The tables of a region part being finished (the owner's queues have their own). */
    private final byte[] tables;
    /** The batch's control bits, or null if the scheme has none. */
    private final ControlBits control;

    /** @param hash the session's hash, the owner's */
    public ParallelEvaluator(GarblingScheme scheme, TweakableHash hash, Workers team, int threads,
            long labelSlots, long firstGate, TableInput input) {
        super(scheme, hash, team, threads, labelSlots, scheme.evalBlocks(), firstGate, 0, 0);
        this.input = input;
        this.tables = new byte[tableBytes * BATCH];
        this.control = scheme.controlBits() == 0 ? null : new ControlBits(scheme.controlBits(), BATCH);
        owner[0].tables = new byte[tableBytes * ownerMax];
        owner[1].tables = new byte[tableBytes * ownerMax];
    }

    /** Waits for the flush in flight: the output labels are then all there. */
    @Override
    public void finish() {
        awaitFlush();
    }

    @Override
    void beginBatch(int[] ops, int count) {
        rank = 0;
        if (control != null) {
            // The flush in flight still reads the last batch's control bits.
            awaitFlush();
            try {
                control.read(input, ops, count);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    void endBatch() {
    }

    private void read(byte[] into, int n) {
        try {
            input.read(into, 0, n * tableBytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    Lockstep newLockstep() {
        return Lockstep.evaluator(scheme, team, threads, labels, input);
    }

    @Override
    GateQueue newAlone() {
        return new StreamingEvaluator(scheme, lanes[0].hash, labels, gate, input);
    }

    @Override
    void beforeAlone(GateQueue q) {
    }

    @Override
    void afterAlone(GateQueue q) {
    }

    @Override
    int regionTables(int n) {
        read(tables, n);
        return 0;
    }

    @Override
    void ownerTables(int n) {
        read(ownerQueue().tables, n);
    }

    @Override
    int ownerTableStart(int queued) {
        // A queue's tables are read, per flush, to the start of its own buffer.
        return queued * tableBytes;
    }

    @Override
    void ownerTablesQueued(int end) {
        // Nothing reserved: the tables are read when the queue is flushed.
    }



    @Override
    void flushRange(Lane src, int from, int to, TweakableHash hash) {
        final GarblingScheme scheme = this.scheme;
        final long[] l = labels;
        final byte[] tables = src.tables != null ? src.tables : this.tables;
        final ControlBits control = this.control;
        final int blocks = this.blocks;
        final int chunk = hash.capacity() / blocks;
        for (int c0 = from; c0 < to; c0 += chunk) {
            int c1 = Math.min(to, c0 + chunk);
            for (int q = c0; q < c1; q++) {
                src.info[q] = scheme.evalPrepare(src.in, 4 * q, 4 * q + 2, src.tweak[q], hash,
                        (q - c0) * blocks);
            }
            hash.run((c1 - c0) * blocks);
            for (int q = c0; q < c1; q++) {
                int c = control == null ? 0 : control.get(src.rank[q]);
                scheme.evalFinish(src.info[q], c, hash, (q - c0) * blocks, tables, src.pos[q], l,
                        2 * src.out[q]);
            }
        }
    }
}
