package io.gcstream.engine.internal.garble;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The creator's gate loop: consumes the walker's batches, keeps the 0-label of every slot and
 * sends each batch's garbled tables, in gate order, to a {@link TableOutput}.
 *
 * <p>Non-linear gates are hashed in bulk (see {@link GateQueue}); memory is the label array
 * plus fixed buffers, with nothing allocated per gate. The caller fills the input 0-labels
 * into {@link #labels()} before the walk and reads output 0-labels after it. An
 * {@link IOException} of the output is rethrown from {@link #gates} wrapped in an
 * {@link UncheckedIOException}. Not thread-safe.
 *
 * <p>Each batch (one {@link #gates} call) is one piece of the stream: the control bits of its
 * non-linear gates, if the scheme has any ({@link ControlBits}), then their tables in gate
 * order. The evaluator must therefore be given the same batches, as {@code CircuitWalker}
 * does on both sides. Whole batches are held until they fill {@link #sendInPiecesOf} bytes
 * (each batch goes out at once by default) and then written in one call; {@link #finish}
 * writes what is held at the end of a walk.
 */
public final class StreamingGarbler extends GateQueue implements GarblerLoop {
    private final long dLo;
    private final long dHi;
    private final TableOutput output;
    /** The stream held back: whole batches, control bits and tables, from offset 0. */
    byte[] tables;
    int tableFill;
    /** Bytes held before they are written; 0: each batch at once. */
    int sendBytes;
    /** The most stream bytes one batch can make. */
    private final int batchBytes;
    private final int tableBytes;
    private final int blocks;
    /** The batch's control bits, or null if the scheme has none. */
    private final ControlBits control;

    /**
     * @param labelSlots the circuit's {@code labelSlots()}
     * @param dLo        low half of Δ (lowest bit must be 1)
     * @param firstGate  the session's gate counter before this circuit
     */
    public StreamingGarbler(GarblingScheme scheme, TweakableHash hash, long labelSlots, long dLo,
            long dHi, long firstGate, TableOutput output) {
        this(scheme, hash, newLabels(labelSlots), dLo, dHi, firstGate, output);
    }

    /**
     * A garbler over {@code labels}, shared with a team's loop that runs batches on its owner
     * alone ({@link ParallelLoop}): it writes into the buffer that loop hands it. Without an
     * {@code output} (a {@link Lockstep} piece's loop) it holds no buffer of its own: every walk
     * {@link #place}s its tables first.
     */
    StreamingGarbler(GarblingScheme scheme, TweakableHash hash, long[] labels, long dLo, long dHi,
            long firstGate, TableOutput output) {
        super(scheme, hash, labels, scheme.garbleBlocks(), firstGate);
        if ((dLo & 1) == 0) {
            throw new IllegalArgumentException("Delta must have its lowest bit set");
        }
        this.dLo = dLo;
        this.dHi = dHi;
        this.output = output;
        this.tableBytes = scheme.tableBytes();
        this.control = scheme.controlBits() == 0 ? null : new ControlBits(scheme.controlBits(), CAPACITY);
        this.batchBytes = tableBytes * CAPACITY + (control == null ? 0 : control.bytesFor(CAPACITY));
        this.tables = output == null ? new byte[0] : new byte[batchBytes];
        this.blocks = scheme.garbleBlocks();
    }

    /**
     * Holds whole batches until they make at least {@code bytes} bytes and writes them in one
     * call from then on (0: each batch at once, the default). A channel copies small writes
     * into its buffer and passes writes of a buffer's size or more straight to the transport
     * ({@code TunedChannel.writeBufferSize()}): pieces that large save copying the stream. Grows the buffer
     * to {@code bytes} plus one batch; call between walks.
     */
    @Override
    public void sendInPiecesOf(int bytes) {
        tables = pieceBuffer(tables, bytes, batchBytes, tableFill);
        sendBytes = bytes;
    }

    /**
     * For {@link GarblerLoop#sendInPiecesOf}: checks a piece size of {@code bytes} with
     * {@code held} bytes still held, and returns {@code tables}, grown if needed to hold a
     * piece and one more batch of {@code batchBytes}.
     */
    static byte[] pieceBuffer(byte[] tables, int bytes, int batchBytes, int held) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE - batchBytes) {
            throw new IllegalArgumentException("piece size " + bytes + " out of range");
        }
        if (held != 0) {
            throw new IllegalStateException("piece size changed with " + held + " bytes held");
        }
        return tables.length < bytes + batchBytes ? new byte[bytes + batchBytes] : tables;
    }

    /**
     * Garbles the next gates' tables into {@code buffer} from {@code at} on and holds them there,
     * never writing them to the output: a {@link Lockstep} team's piece, whose owner writes the
     * buffer. {@link #tableFill} is then where the tables end. For schemes without control bits.
     */
    void place(byte[] buffer, int at) {
        tables = buffer;
        tableFill = at;
        sendBytes = Integer.MAX_VALUE;
    }

    /** Where the current batch's control bits go, before its tables. */
    private int batchStart;

    @Override
    void beginBatch(int nonLinear) {
        batchStart = tableFill;
        if (control != null) {
            // The batch's control bits go before its tables: leave them room.
            tableFill += control.bytesFor(nonLinear);
        }
    }

    @Override
    void endBatch() {
        if (control != null) {
            control.take(tables, batchStart);
        }
        if (tableFill > 0 && tableFill >= sendBytes) {
            send();
        }
    }

    @Override
    public void restart(long firstGate) {
        super.restart(firstGate);
        // A walk that failed may have left batches held: they belong to no run any more.
        tableFill = 0;
    }

    /** Writes the batches still held; call at the end of every walk. */
    @Override
    public void finish() {
        if (tableFill > 0) {
            send();
        }
    }

    private void send() {
        try {
            output.write(tables, 0, tableFill);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        tableFill = 0;
    }

    @Override
    int queueUntilBlocked(int[] ops, int i, int end) {
        final long[] l = labels;
        final byte[] pend = pending;
        final GarblingScheme scheme = this.scheme;
        final TweakableHash hash = this.hash;
        final int[] qOut = this.qOut;
        final int[] qInfo = this.qInfo;
        final long dLo = this.dLo;
        final long dHi = this.dHi;
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
                long c1 = C1[table];
                long c2 = C2[table];
                long c0 = C0[table];
                l[2 * out] = (c1 & l[2 * in1]) ^ (c2 & l[2 * in2]) ^ (c0 & dLo);
                l[2 * out + 1] = (c1 & l[2 * in1 + 1]) ^ (c2 & l[2 * in2 + 1]) ^ (c0 & dHi);
            } else {
                if (q == max) {
                    break;
                }
                qOut[q] = 2 * out;
                qInfo[q] = scheme.garblePrepare(table, l, 2 * in1, 2 * in2, dLo, dHi, g++, hash,
                        q * blocks);
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
        final long dLo = this.dLo;
        final long dHi = this.dHi;
        for (int end = pc + 4 * n; pc < end; pc += 4) {
            int o = code[pc];
            int a = code[pc + 1];
            int b = code[pc + 2];
            int t = code[pc + 3];
            long c1 = C1[t];
            long c2 = C2[t];
            long c0 = C0[t];
            l[o] = (c1 & l[a]) ^ (c2 & l[b]) ^ (c0 & dLo);
            l[o + 1] = (c1 & l[a + 1]) ^ (c2 & l[b + 1]) ^ (c0 & dHi);
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
        final long dLo = this.dLo;
        final long dHi = this.dHi;
        final int blocks = this.blocks;
        final int max = maxQueued;
        int q = queued;
        long g = gate;
        for (; pc < end && q < max; pc += 4, q++) {
            qOut[q] = code[pc];
            qInfo[q] = scheme.garblePrepare(code[pc + 3], l, code[pc + 1], code[pc + 2], dLo, dHi, g++,
                    hash, q * blocks);
        }
        queued = q;
        gate = g;
        return pc;
    }

    @Override
    void flush() {
        int n = queued;
        if (n == 0) {
            return;
        }
        hash.run(n * blocks);
        final GarblingScheme scheme = this.scheme;
        final TweakableHash hash = this.hash;
        final int[] qOut = this.qOut;
        final int[] qInfo = this.qInfo;
        final long[] l = labels;
        final byte[] tables = this.tables;
        final long dLo = this.dLo;
        final long dHi = this.dHi;
        final int blocks = this.blocks;
        final int tableBytes = this.tableBytes;
        final ControlBits control = this.control;
        int t = tableFill;
        for (int q = 0; q < n; q++) {
            int c = scheme.garbleFinish(qInfo[q], hash, q * blocks, dLo, dHi, l, qOut[q],
                    tables, t);
            if (control != null) {
                control.put(c);
            }
            t += tableBytes;
        }
        tableFill = t;
        nonLinear += n;
        clearPending();
        queued = 0;
    }
}
