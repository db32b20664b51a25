package io.gcstream.ot.internal.crypto;

/**
 * Correlation-robust hash functions from the fixed-key permutation {@code pi}
 * ({@link FixedKeyAes}), batched over {@code long[]} blocks (layout: {@link Blocks}).
 *
 * <p>Definitions (blocks are x = x_hi || x_lo; i is a 64-bit tweak placed in the low half of a
 * block, i.e. the block (lo = i, hi = 0)):
 * <ul>
 *   <li>{@link #cr}: H(x) = pi(x) ^ x (Matyas-Meyer-Oseas; correlation robust).</li>
 *   <li>{@link #ccr}: H(x) = pi(sigma(x)) ^ sigma(x) with the linear orthomorphism
 *       sigma(x_hi || x_lo) = (x_hi ^ x_lo) || x_hi (Guo-Katz-Wang-Yu 2020: circular
 *       correlation robust). Used by the OT extension.</li>
 *   <li>{@link #tccr}: H(x, i) = pi(pi(x) ^ i) ^ pi(x) (Guo et al.'s tweakable circular
 *       correlation robust hash, two pi calls). The one-call form pi(sigma(x) ^ i) ^ sigma(x)
 *       is deliberately absent: whoever can relate inputs and tweaks can align its pi inputs
 *       and tell it from random.</li>
 * </ul>
 *
 * <p>Inputs and outputs may alias. <b>Not thread-safe</b> (owns a {@link FixedKeyAes} and
 * scratch): one instance per thread.
 */
public final class CrHash {
    /** Blocks per internal batch; bounds the scratch memory. */
    private static final int CHUNK = FixedKeyAes.CHUNK;

    private final FixedKeyAes pi;
    private final long[] tmp = new long[4 * CHUNK];

    public CrHash() {
        this(new FixedKeyAes());
    }

    /** A hash over the given permutation instance (which it then owns). */
    public CrHash(FixedKeyAes pi) {
        this.pi = pi;
    }

    /** The permutation used (same thread-confinement rules). */
    public FixedKeyAes permutation() {
        return pi;
    }

    private void tccrChunk(long[] in, int inOff, long[] tweaks, int tOff, long[] out, int outOff, int n) {
        long[] t = scratch(2 * n);
        pi.permute(in, inOff, t, n, n);
        System.arraycopy(t, 2 * n, t, 0, 2 * n);
        for (int j = 0; j < n; j++) {
            t[2 * j] ^= tweaks[tOff + j];
        }
        pi.permute(t, 0, out, outOff, n);
        Blocks.xorInPlace(out, outOff, t, n, n);
    }

    private void tccrChunk(long[] in, int inOff, long firstTweak, long[] out, int outOff, int n) {
        long[] t = scratch(2 * n);
        pi.permute(in, inOff, t, n, n);
        System.arraycopy(t, 2 * n, t, 0, 2 * n);
        for (int j = 0; j < n; j++) {
            t[2 * j] ^= firstTweak + j;
        }
        pi.permute(t, 0, out, outOff, n);
        Blocks.xorInPlace(out, outOff, t, n, n);
    }

    /** out_j = pi(x_j) ^ x_j for n blocks. */
    public void cr(long[] in, int inOff, long[] out, int outOff, int n) {
        checkRange(in, inOff, out, outOff, n);
        pi.mmo(in, inOff, out, outOff, n, false, 0, 0);
    }

    /** out_j = pi(sigma(x_j)) ^ sigma(x_j) for n blocks. */
    public void ccr(long[] in, int inOff, long[] out, int outOff, int n) {
        checkRange(in, inOff, out, outOff, n);
        pi.mmo(in, inOff, out, outOff, n, true, 0, 0);
    }

    /**
     * out_j = ccr(x_j ^ c) for the block c = (cLo, cHi), in one pass (the IKNP sender hashes
     * q_j ^ s this way).
     */
    public void ccrXor(long[] in, int inOff, long cLo, long cHi, long[] out, int outOff, int n) {
        checkRange(in, inOff, out, outOff, n);
        pi.mmo(in, inOff, out, outOff, n, true, cLo, cHi);
    }

    /** out_j = pi(pi(x_j) ^ tweaks[tOff + j]) ^ pi(x_j); one tweak long per block. */
    public void tccr(long[] in, int inOff, long[] tweaks, int tOff, long[] out, int outOff, int n) {
        for (int d = 0; d < n; d += CHUNK) {
            tccrChunk(in, inOff + d, tweaks, tOff + d, out, outOff + d, Math.min(CHUNK, n - d));
        }
    }

    /** out_j = pi(pi(x_j) ^ (firstTweak + j)) ^ pi(x_j). */
    public void tccr(long[] in, int inOff, long firstTweak, long[] out, int outOff, int n) {
        for (int d = 0; d < n; d += CHUNK) {
            tccrChunk(in, inOff + d, firstTweak + d, out, outOff + d, Math.min(CHUNK, n - d));
        }
    }

    /** sigma(x_hi || x_lo) = (x_hi ^ x_lo) || x_hi, of n blocks into t[0..2n). */
    private static void sigma(long[] in, int inOff, long[] t, int n) {
        int i2 = 2 * inOff;
        for (int j = 0; j < n; j++) {
            long lo = in[i2 + 2 * j];
            long hi = in[i2 + 2 * j + 1];
            t[2 * j] = hi;
            t[2 * j + 1] = hi ^ lo;
        }
    }

    private static void checkRange(long[] in, int inOff, long[] out, int outOff, int n) {
        if (n < 0 || inOff < 0 || outOff < 0 || 2L * ((long) inOff + n) > in.length
                || 2L * ((long) outOff + n) > out.length) {
            throw new IndexOutOfBoundsException("hash: " + n + " blocks from " + inOff + " (in: "
                    + in.length / 2 + " blocks) to " + outOff + " (out: " + out.length / 2
                    + " blocks)");
        }
    }

    /** sigma of one block, low half. */
    public static long sigmaLo(long lo, long hi) {
        return hi;
    }

    /** sigma of one block, high half. */
    public static long sigmaHi(long lo, long hi) {
        return hi ^ lo;
    }

    private long[] scratch(int blocks) {
        return tmp;
    }
}
