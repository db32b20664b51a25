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
 * <p>A stream sent in pieces ({@link #sendInPiecesOf} above 0: a long one) is written by the
 * owner while its writes are quick, and by a thread of its own, while the next piece is
 * garbled into a second buffer, once a write has taken longer than {@link #SLOW_WRITE_NANOS}
 * (the channel pushes back): handing a piece to another thread costs a wake-up, which only a
 * write that blocks repays. After {@link #QUICK_WRITES} quick background writes in a row the
 * owner writes again. Shorter streams are written by the owner. A write's
 * {@link IOException} is rethrown from a later {@link #gates} or {@link #finish} wrapped in an
 * {@link UncheckedIOException}, as the one-thread garbler throws it. Not thread-safe.
 */
public final class ParallelGarbler extends ParallelLoop implements GarblerLoop {
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
     * A write that takes longer than this makes the writer thread write the pieces: a piece
     * copied into a plain socket's buffer takes less, one encrypted for TLS or held up by the
     * link more, and overlapping those with garbling repays a hand-off.
     */
    static final long SLOW_WRITE_NANOS = 25_000;
    /** Quick writes in a row after which the owner writes the pieces again. */
    static final int QUICK_WRITES = 16;
    /** Whether the writer thread writes the pieces. */
    private boolean inBackground;
    /** Whether the writer has a piece whose write time is not yet looked at. */
    private boolean written;
    /** Quick background writes in a row. */
    private int quickWrites;
    /** Nanoseconds the writer's last write took (written by the writer, read after its await). */
    private long writeNanos;
    /** Pieces written by the writer thread (tests). */
    long backgroundPieces;
    /** The clock writes are timed by (tests feed their own). */
    java.util.function.LongSupplier clock = System::nanoTime;

    /**
     * @param hash the session's hash, the owner's
     * @param dLo  low half of Δ (lowest bit must be 1)
     */
    public ParallelGarbler(GarblingScheme scheme, TweakableHash hash, Workers team, int threads,
            long labelSlots, long dLo, long dHi, long firstGate, TableOutput output) {
        super(scheme, hash, team, threads, labelSlots, scheme.garbleBlocks(), firstGate, dLo, dHi);
        if ((dLo & 1) == 0) {
            throw new IllegalArgumentException("Delta must have its lowest bit set");
        }
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
        tables = StreamingGarbler.pieceBuffer(tables, bytes, batchBytes, tableFill);
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
        if (sendBytes > 0) {
            // The piece before has been written (or its failure is thrown here).
            writer.await();
            if (written) {
                written = false;
                quickWrites = writeNanos < SLOW_WRITE_NANOS ? quickWrites + 1 : 0;
                inBackground = quickWrites < QUICK_WRITES;
            }
            if (inBackground) {
                // Its buffer, the spare, takes the next piece while this one is written.
                backgroundPieces++;
                written = true;
                piece = tables;
                pieceLength = tableFill;
                writer.submit(writePiece);
                tables = spare;
                spare = piece;
                tableFill = 0;
                return;
            }
        }
        long t0 = clock.getAsLong();
        write(tables, tableFill);
        tableFill = 0;
        if (sendBytes > 0 && clock.getAsLong() - t0 > SLOW_WRITE_NANOS) {
            inBackground = true;
            quickWrites = 0;
        }
    }

    /** The writer's task: the piece {@link #send} handed over. */
    private void writePiece() {
        long t0 = clock.getAsLong();
        write(piece, pieceLength);
        writeNanos = clock.getAsLong() - t0;
    }

    private void write(byte[] b, int length) {
        try {
            output.write(b, 0, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    Lockstep newLockstep() {
        return Lockstep.garbler(scheme, team, threads, labels, dLo, dHi, output);
    }

    @Override
    int sendBytes() {
        if (tableFill != 0) {
            throw new IllegalStateException("a scheduled walk with " + tableFill + " bytes held");
        }
        writer.await();
        return sendBytes;
    }

    @Override
    GateQueue newAlone() {
        StreamingGarbler g = new StreamingGarbler(scheme, lanes[0].hash, labels, dLo, dHi, gate, output);
        // It never sends: this loop does, after each batch (afterAlone).
        g.sendBytes = Integer.MAX_VALUE;
        return g;
    }

    @Override
    void beforeAlone(GateQueue q) {
        StreamingGarbler g = (StreamingGarbler) q;
        g.tables = tables;
        g.tableFill = tableFill;
    }

    @Override
    void afterAlone(GateQueue q) {
        tableFill = ((StreamingGarbler) q).tableFill;
        if (tableFill > 0 && tableFill >= sendBytes) {
            send();
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
    int ownerTableStart(int queued) {
        // The owner's queued tables are the stream's last ones: the next goes at its end.
        return tableFill;
    }

    @Override
    void ownerTablesQueued(int end) {
        tableFill = end;
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
                src.info[q] = scheme.garblePrepare(src.table[q], src.in, 4 * q, 4 * q + 2, dLo, dHi,
                        src.tweak[q], hash, (q - c0) * blocks);
            }
            hash.run((c1 - c0) * blocks);
            for (int q = c0; q < c1; q++) {
                int c = scheme.garbleFinish(src.info[q], hash, (q - c0) * blocks, dLo, dHi, l,
                        2 * src.out[q], tables, src.pos[q]);
                if (cv != null) {
                    cv[src.rank[q]] = (byte) c;
                }
            }
        }
    }
}
