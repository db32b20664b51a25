package io.gcstream.engine.internal.garble;

import io.gcstream.ot.internal.parallel.Background;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The creator's gate loop on a team of threads ({@link ParallelLoop}): the same stream as
 * {@link StreamingGarbler}, byte for byte, batch by batch (control bits, then tables in gate
 * order), with the work split as {@link ParallelLoop} says. The tables of gates finished by
 * other threads go straight to their place in the stream; a batch's control bits are packed
 * when the batch ends.
 *
 * <p>A stream sent in pieces ({@link #sendInPiecesOf} above 0: a long one) is written by a
 * thread of its own while the next piece is garbled, into a second buffer: the socket's system
 * calls leave the owner's path. Shorter streams are written by the owner. A write's
 * {@link IOException} is rethrown from a later {@link #gates} or {@link #finish} wrapped in an
 * {@link UncheckedIOException}, as the one-thread garbler throws it. Not thread-safe.
 */
public final class ParallelGarbler extends ParallelLoop implements GarblerLoop {
    private final long dLo;
    private final long dHi;
    private final TableOutput output;
    /** The stream held back: whole batches, control bits and tables, from offset 0. */
    private byte[] tables;
    private int tableFill;
    /** Bytes held before they are written; 0: each batch at once. */
    private int sendBytes;
    private final int batchBytes;
    /** The batch's control bits, or null if the scheme has none. */
    private final ControlBits control;
    /** Per non-linear gate of the batch, its control bits (threads write them in any order). */
    private final byte[] controlValues;
    private int batchStart;
    /** Writes pieces of a long stream while the next is garbled (see the class comment). */
    private final Background writer;
    /** The piece buffer being written, while {@link #tables} fills. */
    private byte[] spare;
    private byte[] piece;
    private int pieceLength;
    private final Background.Task writePiece = this::writePiece;

    /**
     * @param hash the session's hash, the owner's
     * @param dLo  low half of Δ (lowest bit must be 1)
     */
    public ParallelGarbler(GarblingScheme scheme, TweakableHash hash, Workers team, int threads,
            long labelSlots, long dLo, long dHi, long firstGate, TableOutput output) {
        super(scheme, hash, team, threads, labelSlots, scheme.garbleBlocks(), firstGate);
        if ((dLo & 1) == 0) {
            throw new IllegalArgumentException("Delta must have its lowest bit set");
        }
        this.dLo = dLo;
        this.dHi = dHi;
        this.output = output;
        this.control = scheme.controlBits() == 0 ? null : new ControlBits(scheme.controlBits(), BATCH);
        this.controlValues = control == null ? null : new byte[BATCH];
        this.batchBytes = tableBytes * BATCH + (control == null ? 0 : control.bytesFor(BATCH));
        this.tables = new byte[batchBytes];
        this.writer = new Background(team.name() + "-writer");
    }

    /** As {@link StreamingGarbler#sendInPiecesOf}. */
    @Override
    public void sendInPiecesOf(int bytes) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE - batchBytes) {
            throw new IllegalArgumentException("piece size " + bytes + " out of range");
        }
        if (tableFill != 0) {
            throw new IllegalStateException("piece size changed with " + tableFill + " bytes held");
        }
        if (tables.length < bytes + batchBytes) {
            tables = new byte[bytes + batchBytes];
        }
        sendBytes = bytes;
        if (bytes > 0 && (spare == null || spare.length < tables.length)) {
            spare = new byte[tables.length];
        }
    }

    @Override
    public void restart(long firstGate) {
        super.restart(firstGate);
        tableFill = 0;
        try {
            writer.await();
        } catch (RuntimeException e) {
            // A write of a walk that failed: that walk has reported its failure.
        }
    }

    @Override
    public void finish() {
        awaitFlush();
        if (tableFill > 0) {
            send();
        }
        writer.await();
    }

    /** Stops the writer thread (the team is its owner's to close). */
    @Override
    public void close() {
        writer.close();
    }

    @Override
    void beginBatch(int[] ops, int count) {
        batchStart = tableFill;
        rank = 0;
        if (control != null) {
            // The batch's control bits go before its tables: leave them room.
            tableFill += control.bytesFor(ControlBits.nonLinearIn(ops, count));
        }
    }

    @Override
    void endBatch() {
        boolean sending = tableFill > 0 && tableFill >= sendBytes;
        if (control != null || sending) {
            // The batch's control bits and tables must be complete: the flush in flight makes some.
            awaitFlush();
        }
        if (control != null) {
            control.pack(controlValues, rank, tables, batchStart);
        }
        if (sending) {
            send();
        }
    }

    private void send() {
        if (sendBytes == 0) {
            try {
                output.write(tables, 0, tableFill);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            tableFill = 0;
            return;
        }
        // The piece before has been written (or its failure is thrown here); its buffer, the
        // spare, takes the next piece while this one is written.
        writer.await();
        piece = tables;
        pieceLength = tableFill;
        writer.submit(writePiece);
        tables = spare;
        spare = piece;
        tableFill = 0;
    }

    /** The writer's task: the piece {@link #send} handed over. */
    private void writePiece() {
        try {
            output.write(piece, 0, pieceLength);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    int regionTables(int n) {
        int at = tableFill;
        tableFill += n * tableBytes;
        return at;
    }

    @Override
    void ownerTables(int n) {
        // Reserved by scan, gate by gate.
    }

    @Override
    int scan(int[] ops, int i, int end) {
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
        int t = tableFill;
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
        tableFill = t;
        rank = rk;
        return i;
    }

    @Override
    int scanGroup(Lane ln, int[] list, int c, int stop) {
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

    @Override
    void flushRange(Lane src, int from, int to, TweakableHash hash) {
        final GarblingScheme scheme = this.scheme;
        final long[] l = labels;
        final byte[] tables = this.tables;
        final byte[] cv = controlValues;
        final long dLo = this.dLo;
        final long dHi = this.dHi;
        final int blocks = this.blocks;
        final int chunk = hash.capacity() / blocks;
        for (int c0 = from; c0 < to; c0 += chunk) {
            int c1 = Math.min(to, c0 + chunk);
            for (int q = c0; q < c1; q++) {
                src.info[q] = scheme.garblePrepare(src.table[q], src.in, 2 * q, 2 * q + 1, dLo, dHi,
                        src.tweak[q], hash, (q - c0) * blocks);
            }
            hash.run((c1 - c0) * blocks);
            for (int q = c0; q < c1; q++) {
                int c = scheme.garbleFinish(src.info[q], hash, (q - c0) * blocks, dLo, dHi, l,
                        src.out[q], tables, src.pos[q]);
                if (cv != null) {
                    cv[src.rank[q]] = (byte) c;
                }
            }
        }
    }
}
