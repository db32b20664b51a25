package io.gcstream.engine.garble;

import io.gcstream.circuits.GateSink;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The evaluator's gate loop, the twin of {@link StreamingGarbler}: for each batch it reads the
 * garbled tables of the batch's non-linear gates from a {@link TableInput} (in gate order) and
 * evaluates the batch on the active labels, hashing in bulk. The caller fills the input labels
 * into {@link #labels()} first and reads output labels afterwards. An {@link IOException} of
 * the input is rethrown from {@link #gates} wrapped in an {@link UncheckedIOException}.
 * Not thread-safe.
 */
public final class StreamingEvaluator extends GateQueue implements GateSink {
    private final TableInput input;
    private final long[] tables;
    private int tableRead;
    private final int tableLongs;
    private final int blocks;

    /**
     * @param labelSlots the circuit's {@code labelSlots()}
     * @param firstGate  the session's gate counter before this circuit
     */
    public StreamingEvaluator(GarblingScheme scheme, TweakableHash hash, long labelSlots,
            long firstGate, TableInput input) {
        super(scheme, hash, labelSlots, scheme.evalBlocks(), firstGate);
        this.input = input;
        this.tableLongs = scheme.tableLongs();
        this.tables = new long[tableLongs * CAPACITY];
        this.blocks = scheme.evalBlocks();
    }

    @Override
    public void gates(int[] ops, int count) {
        int nl = 0;
        for (int i = 3; i < 4 * count; i += 4) {
            nl += (NON_LINEAR_MASK >>> ops[i]) & 1;
        }
        if (nl > 0) {
            try {
                input.read(tables, 0, nl * tableLongs);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        tableRead = 0;
        final long[] l = labels;
        for (int g = 0, i = 0; g < count; g++, i += 4) {
            int out = ops[i];
            int in1 = ops[i + 1];
            int in2 = ops[i + 2];
            int table = ops[i + 3];
            if (mustFlushBefore(out, in1, in2)) {
                flush();
            }
            if (table == XOR) {
                l[2 * out] = l[2 * in1] ^ l[2 * in2];
                l[2 * out + 1] = l[2 * in1 + 1] ^ l[2 * in2 + 1];
            } else if (((NON_LINEAR_MASK >>> table) & 1) == 0) {
                FreeXor.eval(table, l, in1, in2, out);
            } else {
                if (queued == maxQueued) {
                    flush();
                }
                int q = queued++;
                qOut[q] = out;
                qInfo[q] = scheme.evalPrepare(l, in1, in2, gate++, hash, q * blocks, qSave, q);
                markPending(out);
            }
        }
        gates += count;
        flush();
    }

    private void flush() {
        int n = queued;
        if (n == 0) {
            return;
        }
        hash.run(n * blocks);
        int t = tableRead;
        for (int q = 0; q < n; q++) {
            scheme.evalFinish(qInfo[q], qSave, q, hash, q * blocks, tables, t, labels, qOut[q]);
            t += tableLongs;
        }
        tableRead = t;
        nonLinear += n;
        newEpoch();
    }
}
