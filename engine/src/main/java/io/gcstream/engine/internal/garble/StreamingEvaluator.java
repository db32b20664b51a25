package io.gcstream.engine.internal.garble;

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
public final class StreamingEvaluator extends GateQueue {
    private final TableInput input;
    /** The input, if its tables may be read where they lie. */
    private final TableView view;
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
        this(scheme, hash, newLabels(labelSlots), firstGate, input);
    }

    /** An evaluator over {@code labels}, shared with a team's loop that runs batches on its owner alone ({@link ParallelLoop}). */
    StreamingEvaluator(GarblingScheme scheme, TweakableHash hash, long[] labels, long firstGate, TableInput input) {
        super(scheme, hash, labels, scheme.evalBlocks(), firstGate);
        this.input = input;
        this.view = input instanceof TableView v ? v : null;
        this.tableBytes = scheme.tableBytes();
        this.tables = new byte[tableBytes * CAPACITY];
        this.blocks = scheme.evalBlocks();
        this.control = scheme.controlBits() == 0 ? null : new ControlBits(scheme.controlBits(), CAPACITY);
    }

    @Override
    void beginBatch(int nonLinear) {
        if (control != null) {
            try {
                control.read(input, nonLinear);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    void endBatch() {
    }

    @Override
    int queueUntilBlocked(int[] ops, int i, int end) {
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
                l[2 * out] = l[2 * in1];
                l[2 * out + 1] = l[2 * in1 + 1];
            } else if (((NON_LINEAR_MASK >>> table) & 1) == 0) {
                // The evaluator's labels carry no constant term: c0 does not apply.
                long c1 = C1[table];
                long c2 = C2[table];
                l[2 * out] = (c1 & l[2 * in1]) ^ (c2 & l[2 * in2]);
                l[2 * out + 1] = (c1 & l[2 * in1 + 1]) ^ (c2 & l[2 * in2 + 1]);
            } else {
                if (q == max) {
                    break;
                }
                qOut[q] = 2 * out;
                qInfo[q] = scheme.evalPrepare(l, 2 * in1, 2 * in2, g++, hash, q * blocks);
                pend[out] = 1;
                q++;
            }
        }
        queued = q;
        gate = g;
        return i;
    }

    @Override
    int linears(int[] code, int pc, int n) {
        final long[] l = labels;
        for (int end = pc + 4 * n; pc < end; pc += 4) {
            int o = code[pc];
            int a = code[pc + 1];
            int b = code[pc + 2];
            int t = code[pc + 3];
            // The evaluator's labels carry no constant term: c0 does not apply.
            long c1 = C1[t];
            long c2 = C2[t];
            l[o] = (c1 & l[a]) ^ (c2 & l[b]);
            l[o + 1] = (c1 & l[a + 1]) ^ (c2 & l[b + 1]);
        }
        return pc;
    }

    @Override
    int queue(int[] code, int pc, int end) {
        final long[] l = labels;
        final GarblingScheme scheme = this.scheme;
        final TweakableHash hash = this.hash;
        final int[] qOut = this.qOut;
        final int[] qInfo = this.qInfo;
        final int blocks = this.blocks;
        final int max = maxQueued;
        int q = queued;
        long g = gate;
        for (; pc < end && q < max; pc += 4, q++) {
            qOut[q] = code[pc];
            qInfo[q] = scheme.evalPrepare(l, code[pc + 1], code[pc + 2], g++, hash, q * blocks);
        }
        queued = q;
        gate = g;
        return pc;
    }

    /** Nothing to do: the evaluator holds nothing back. */
    @Override
    public void finish() {
    }

    @Override
    void flush() {
        int n = queued;
        if (n == 0) {
            return;
        }
        final int tableBytes = this.tableBytes;
        byte[] tables = this.tables;
        int at = 0;
        try {
            int in = view == null ? -1 : view.take(n * tableBytes);
            if (in >= 0) {
                tables = view.array();
                at = in;
            } else {
                input.read(tables, 0, n * tableBytes);
            }
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
        for (int q = 0, t = at; q < n; q++, t += tableBytes) {
            int c = control == null ? 0 : control.get();
            scheme.evalFinish(qInfo[q], c, hash, q * blocks, tables, t, l, qOut[q]);
        }
        nonLinear += n;
        clearPending();
        queued = 0;
    }
}
