package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.internal.GateSink;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The evaluator's gate loop, the twin of {@link StreamingGarbler}: evaluates each batch on the
 * active labels, hashing in bulk, and reads the garbled tables of the queued non-linear gates
 * from a {@link TableInput} (in gate order) when it finishes them. The caller fills the input
 * labels into {@link #labels()} first and reads output labels afterwards. An
 * {@link IOException} of the input is rethrown from {@link #gates} wrapped in an
 * {@link UncheckedIOException}. It must be given the same batches as the garbler (see
 * {@link StreamingGarbler}): a scheme's control bits are read at the start of each batch.
 * Not thread-safe.
 */
public final class StreamingEvaluator extends GateQueue implements GateSink {
    private final TableInput input;
    private final byte[] tables;
    private final int tableBytes;
    private final int blocks;
    /** The batch's control bits, or null if the scheme has none. */
    private final ControlBits control;

    /**
     * @param labelSlots the circuit's {@code labelSlots()}
     * @param firstGate  the session's gate counter before this circuit
     */
    public StreamingEvaluator(GarblingScheme scheme, TweakableHash hash, long labelSlots,
            long firstGate, TableInput input) {
        super(scheme, hash, labelSlots, scheme.evalBlocks(), firstGate);
        this.input = input;
        this.tableBytes = scheme.tableBytes();
        this.tables = new byte[tableBytes * CAPACITY];
        this.blocks = scheme.evalBlocks();
        this.control = scheme.controlBits() == 0 ? null : new ControlBits(scheme.controlBits(), CAPACITY);
    }

    @Override
    public void gates(int[] ops, int count) {
        if (control != null) {
            try {
                control.read(input, ops, count);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        int end = 4 * count;
        int i = 0;
        while (i < end) {
            i = queueUntilBlocked(ops, i, end);
            flush();
        }
        gates += count;
    }

    /**
     * Evaluates gates from {@code ops[i]} on, queueing the non-linear ones, until a gate touches
     * a pending slot, the queue is full, or the batch ends; returns the index of the first gate
     * not processed. Free of calls, like the garbler's twin.
     */
    private int queueUntilBlocked(int[] ops, int i, int end) {
        final long[] l = labels;
        final byte[] pend = pending;
        final GarblingScheme scheme = this.scheme;
        final TweakableHash hash = this.hash;
        final int[] qOut = this.qOut;
        final int[] qInfo = this.qInfo;
        final int blocks = this.blocks;
        final int max = maxQueued;
        int q = queued;
        long g = gate;
        if (q == 0) {
            // Nothing queued, so no slot is pending (see StreamingGarbler.queueUntilBlocked).
            while (i < end && linear(ops[i + 3], l, ops[i + 1], ops[i + 2], ops[i], 0, 0)) {
                i += 4;
            }
        }
        for (; i < end; i += 4) {
            int out = ops[i];
            int in1 = ops[i + 1];
            int in2 = ops[i + 2];
            int table = ops[i + 3];
            if ((pend[in1] | pend[in2] | pend[out]) != 0) {
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
                FreeXor.eval(table, l, in1, in2, out);
            } else {
                if (q == max) {
                    break;
                }
                qOut[q] = out;
                qInfo[q] = scheme.evalPrepare(l, in1, in2, g++, hash, q * blocks);
                pend[out] = 1;
                q++;
            }
        }
        queued = q;
        gate = g;
        return i;
    }

    /** Nothing to do: the evaluator holds nothing back. */
    @Override
    public void finish() {
    }

    private void flush() {
        int n = queued;
        if (n == 0) {
            return;
        }
        final int tableBytes = this.tableBytes;
        final byte[] tables = this.tables;
        try {
            input.read(tables, 0, n * tableBytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        hash.run(n * blocks);
        final GarblingScheme scheme = this.scheme;
        final TweakableHash hash = this.hash;
        final int[] qOut = this.qOut;
        final int[] qInfo = this.qInfo;
        final long[] l = labels;
        final int blocks = this.blocks;
        final ControlBits control = this.control;
        for (int q = 0, t = 0; q < n; q++, t += tableBytes) {
            int c = control == null ? 0 : control.get();
            scheme.evalFinish(qInfo[q], c, hash, q * blocks, tables, t, l, qOut[q]);
        }
        nonLinear += n;
        newEpoch();
    }
}
