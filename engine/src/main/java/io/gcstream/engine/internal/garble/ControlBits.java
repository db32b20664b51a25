package io.gcstream.engine.internal.garble;

import java.io.IOException;
import java.util.Arrays;

/**
 * The control bits of one batch of non-linear gates, for schemes whose gates send a few bits
 * besides whole bytes of table ({@link GarblingScheme#controlBits()} &gt; 0): the garbler
 * {@link #put}s each gate's bits in gate order and {@link #take}s them into the stream before
 * the batch's tables; the evaluator {@link #read}s them at the start of the batch and
 * {@link #get}s them back in the same order. Gate k of the batch holds bits [kb, kb + b) of the packed string,
 * bit i of the string being bit (i mod 8) of byte i / 8; unused bits of the last byte are 0.
 * Not thread-safe, except that threads may {@link #get(int)} at once after a {@link #read}.
 */
final class ControlBits {
    private final int bits;
    private final int mask;
    /** The packed bits, with one spare byte so that a gate's bits never need a bounds check. */
    private final byte[] packed;
    private int pos;

    ControlBits(int bits, int maxGates) {
        if (bits < 1 || bits > 8) {
            throw new IllegalArgumentException("control bits per gate must be in 1..8, got " + bits);
        }
        this.bits = bits;
        this.mask = (1 << bits) - 1;
        this.packed = new byte[(bits * maxGates + 7) / 8 + 1];
    }

    /** Garbler: appends the next gate's bits. */
    void put(int v) {
        int o = pos >>> 3;
        int x = (v & mask) << (pos & 7);
        packed[o] |= (byte) x;
        packed[o + 1] |= (byte) (x >>> 8);
        pos += bits;
    }

    /** Bytes the bits of {@code nonLinear} gates take on the wire. */
    int bytesFor(int nonLinear) {
        return (bits * nonLinear + 7) >>> 3;
    }

    /**
     * Garbler: copies the batch's bits into {@code dst} at {@code off} and starts the next
     * batch; returns the number of bytes copied, {@link #bytesFor} the gates put.
     */
    int take(byte[] dst, int off) {
        int n = (pos + 7) >>> 3;
        System.arraycopy(packed, 0, dst, off, n);
        Arrays.fill(packed, 0, n + 1, (byte) 0);
        pos = 0;
        return n;
    }

    /**
     * The non-linear gates among the {@code count} gates of {@code ops} (table fields may carry
     * a split call's mark above their 4 bits, see {@code SplitPlan}).
     */
    static int nonLinearIn(int[] ops, int count) {
        int nonLinear = 0;
        for (int i = 3; i < 4 * count; i += 4) {
            nonLinear += (GateQueue.NON_LINEAR_MASK >>> (ops[i] & 15)) & 1;
        }
        return nonLinear;
    }

    /**
     * Garbler with several threads: packs the bits of gates 0 .. n-1 of the batch, one value a
     * gate in {@code vals} (the threads write them in any order), into {@code dst} at
     * {@code off}: the bytes {@link #take} would give.
     */
    void pack(byte[] vals, int n, byte[] dst, int off) {
        Arrays.fill(dst, off, off + bytesFor(n), (byte) 0);
        for (int k = 0; k < n; k++) {
            int p = k * bits;
            int x = (vals[k] & mask) << (p & 7);
            int o = off + (p >>> 3);
            dst[o] |= (byte) x;
            if ((x >>> 8) != 0) {
                dst[o + 1] |= (byte) (x >>> 8);
            }
        }
    }

    /** Evaluator with several threads: the bits of the batch's gate {@code k}, in any order. */
    int get(int k) {
        int p = k * bits;
        int o = p >>> 3;
        int x = ((packed[o] & 0xff) | (packed[o + 1] & 0xff) << 8) >>> (p & 7);
        return x & mask;
    }

    /**
     * Evaluator: reads the bits of the non-linear gates among the {@code count} gates of
     * {@code ops} (quadruples out, in1, in2, table), the batch about to be evaluated.
     */
    void read(TableInput in, int[] ops, int count) throws IOException {
        read(in, nonLinearIn(ops, count));
    }

    /** Evaluator: reads the control bits of a batch of {@code nonLinear} non-linear gates. */
    void read(TableInput in, int nonLinear) throws IOException {
        pos = 0;
        int n = bytesFor(nonLinear);
        if (n > 0) {
            in.read(packed, 0, n);
        }
    }

    /** Evaluator: the next gate's bits. */
    int get() {
        int o = pos >>> 3;
        int x = ((packed[o] & 0xff) | (packed[o + 1] & 0xff) << 8) >>> (pos & 7);
        pos += bits;
        return x & mask;
    }
}
