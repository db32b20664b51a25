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
        super(scheme, hash, team, threads, labelSlots, scheme.evalBlocks(), firstGate);
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
    int regionTables(int n) {
        read(tables, n);
        return 0;
    }

    @Override
    void ownerTables(int n) {
        read(ownerQueue().tables, n);
    }

    @Override
    int scan(int[] ops, int i, int end) {
        final long[] l = labels;
        final Lane ln = ownerQueue();
        final int[] pend = ownerPending;
        final int e = ownerEpoch;
        final int f = inFlightEpoch;
        final int[] qOut = ln.out;
        final long[] qTweak = ln.tweak;
        final int[] qPos = ln.pos;
        final int[] qRank = ln.rank;
        final long[] qIn = ln.in;
        final int tb = tableBytes;
        final int max = ownerMax;
        int q = ln.queued;
        long g = gate;
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
                FreeXor.eval(table, l, in1, in2, out);
            } else {
                if (q == max) {
                    break;
                }
                qOut[q] = out;
                qTweak[q] = g++;
                // Tables are read per flush into the buffer's start, in queue order.
                qPos[q] = q * tb;
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
                FreeXor.eval(table, l, in1, in2, out);
            } else {
                if (q == max) {
                    break;
                }
                int k = before[idx];
                ln.out[q] = out;
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
        final byte[] tables = src.tables != null ? src.tables : this.tables;
        final ControlBits control = this.control;
        final int blocks = this.blocks;
        final int chunk = hash.capacity() / blocks;
        for (int c0 = from; c0 < to; c0 += chunk) {
            int c1 = Math.min(to, c0 + chunk);
            for (int q = c0; q < c1; q++) {
                src.info[q] = scheme.evalPrepare(src.in, 2 * q, 2 * q + 1, src.tweak[q], hash,
                        (q - c0) * blocks);
            }
            hash.run((c1 - c0) * blocks);
            for (int q = c0; q < c1; q++) {
                int c = control == null ? 0 : control.get(src.rank[q]);
                scheme.evalFinish(src.info[q], c, hash, (q - c0) * blocks, tables, src.pos[q], l,
                        src.out[q]);
            }
        }
    }
}
