package io.gcstream.ot;

import io.gcstream.ot.base.NaorPinkas;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.crypto.CrHash;
import io.gcstream.ot.crypto.Prg;
import io.gcstream.ot.ext.BitMatrix;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The receiver of IKNP OT extension; see {@link OtExtensionSender} for the protocol. Choices
 * are given per call, either as booleans or bit-packed ({@code long[]}, bit i of the choice
 * string = bit {@code i % 64} of word {@code i / 64}, starting at bit offset {@code off}), so
 * they can be supplied batch by batch. The receiver's messages (the matrix U) depend only on its
 * choices and its own randomness, never on the sender's Delta or messages.
 *
 * <p>Not thread-safe; one session per channel.
 */
public final class OtExtensionReceiver {
    private static final Logger LOG = LoggerFactory.getLogger(OtExtensionReceiver.class);
    private static final int KAPPA = 128;
    /** Extra longs per matrix row so rows do not alias in the L1 cache (see BitMatrix). */
    private static final int ROW_PAD = 8;

    private final Channel ch;
    private final int blockSize;
    private final Prg[] g0 = new Prg[KAPPA];
    private final Prg[] g1 = new Prg[KAPPA];
    private final long[] t;
    private final long[] u;
    private final long[] tb;
    private final long[] y;
    private final long[] y1;
    private final long[] r;
    private final long[] tmp = new long[64];
    private final CrHash hash = new CrHash();
    private long count;

    private OtExtensionReceiver(Channel ch, int blockSize, long[] k0, long[] k1) {
        this.ch = ch;
        this.blockSize = blockSize;
        for (int j = 0; j < KAPPA; j++) {
            g0[j] = new Prg(k0[2 * j], k0[2 * j + 1]);
            g1[j] = new Prg(k1[2 * j], k1[2 * j + 1]);
        }
        int words = blockSize / 64 + ROW_PAD;
        this.t = new long[KAPPA * words];
        this.u = new long[KAPPA * words];
        this.tb = new long[2 * blockSize];
        this.y = new long[2 * blockSize];
        this.y1 = new long[2 * blockSize];
        this.r = new long[words];
    }

    /**
     * Starts a session: checks the peer's header and runs the 128 base OTs (as base-OT sender
     * of random seed pairs). The peer must call {@link OtExtensionSender#setup} at the same time.
     */
    public static OtExtensionReceiver setup(Channel ch, OtOptions o) throws IOException {
        long t0 = System.nanoTime();
        Handshake.run(ch, Handshake.ROLE_RECEIVER, o.blockSize());
        Prg rnd = Randomness.prg(o, "ot-extension-receiver");
        long[] k0 = new long[2 * KAPPA];
        long[] k1 = new long[2 * KAPPA];
        rnd.nextLongs(k0, 0, k0.length);
        rnd.nextLongs(k1, 0, k1.length);
        new NaorPinkas(o.threads(), rnd).send(ch, k0, k1, KAPPA);
        LOG.debug("OT extension receiver set up with {}: {} base OTs in {} ms ({})", ch.peer(),
                KAPPA, (System.nanoTime() - t0) / 1_000_000, o);
        return new OtExtensionReceiver(ch, o.blockSize(), k0, k1);
    }

    /** n correlated OTs: {@code out} gets x_i ^ c_i Delta (c_i = bit off+i of choices). */
    public void correlated(long[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBits(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.CORRELATED, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            loadChoices(choices, off + done, mb);
            correlatedBlock(mb, out, outOff + done);
        }
    }

    /** As {@link #correlated(long[], int, int, long[], int)} with choices[off..off+n). */
    public void correlated(boolean[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBools(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.CORRELATED, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            loadChoices(choices, off + done, mb);
            correlatedBlock(mb, out, outOff + done);
        }
    }

    /**
     * Matches {@link OtExtensionSender#correlatedSessionDelta}: {@code out} gets x_i ^ c_i s,
     * where s is the sender's fixed session Delta. Sends U only; receives nothing.
     */
    public void correlatedSessionDelta(long[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBits(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.CORRELATED_SESSION_DELTA, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            loadChoices(choices, off + done, mb);
            extendBlock(mb);
            System.arraycopy(tb, 0, out, 2 * (outOff + done), 2 * mb);
        }
    }

    /** As {@link #correlatedSessionDelta(long[], int, int, long[], int)} with boolean choices. */
    public void correlatedSessionDelta(boolean[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBools(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.CORRELATED_SESSION_DELTA, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            loadChoices(choices, off + done, mb);
            extendBlock(mb);
            System.arraycopy(tb, 0, out, 2 * (outOff + done), 2 * mb);
        }
    }

    /** n random OTs: {@code out} gets x_{c_i} of the sender's random pair. */
    public void random(long[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBits(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.RANDOM, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            loadChoices(choices, off + done, mb);
            extendBlock(mb);
            hash.ccr(tb, 0, out, outOff + done, mb);
        }
    }

    /** As {@link #random(long[], int, int, long[], int)} with boolean choices. */
    public void random(boolean[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBools(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.RANDOM, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            loadChoices(choices, off + done, mb);
            extendBlock(mb);
            hash.ccr(tb, 0, out, outOff + done, mb);
        }
    }

    /** n chosen-message OTs: {@code out} gets m_{c_i}. */
    public void chosen(long[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBits(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.CHOSEN, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            loadChoices(choices, off + done, mb);
            chosenBlock(mb, out, outOff + done);
        }
    }

    /** As {@link #chosen(long[], int, int, long[], int)} with boolean choices. */
    public void chosen(boolean[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBools(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.CHOSEN, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            loadChoices(choices, off + done, mb);
            chosenBlock(mb, out, outOff + done);
        }
    }

    /** OTs extended so far in this session. */
    public long count() {
        return count;
    }

    /** The channel of this session. */
    public Channel channel() {
        return ch;
    }

    private void correlatedBlock(int mb, long[] out, int outOff) throws IOException {
        extendBlock(mb);
        hash.ccr(tb, 0, out, outOff, mb);
        ch.readLongs(y, 0, 2 * mb);
        int o = 2 * outOff;
        for (int i = 0; i < mb; i++) {
            long mask = -((r[i >>> 6] >>> (i & 63)) & 1);
            out[o + 2 * i] ^= y[2 * i] & mask;
            out[o + 2 * i + 1] ^= y[2 * i + 1] & mask;
        }
    }

    private void chosenBlock(int mb, long[] out, int outOff) throws IOException {
        extendBlock(mb);
        hash.ccr(tb, 0, out, outOff, mb);
        ch.readLongs(y, 0, 2 * mb);
        ch.readLongs(y1, 0, 2 * mb);
        int o = 2 * outOff;
        for (int i = 0; i < mb; i++) {
            long mask = -((r[i >>> 6] >>> (i & 63)) & 1);
            out[o + 2 * i] ^= (y[2 * i] & ~mask) | (y1[2 * i] & mask);
            out[o + 2 * i + 1] ^= (y[2 * i + 1] & ~mask) | (y1[2 * i + 1] & mask);
        }
    }

    /** Sends U for the mb choices in r and leaves t_i (i < mb) in tb. */
    private void extendBlock(int mb) throws IOException {
        int words = ((mb + 127) & ~127) >>> 6;
        int stride = words + ROW_PAD;
        for (int j = 0; j < KAPPA; j++) {
            int base = j * stride;
            g0[j].nextLongs(t, base, words);
            g1[j].nextLongs(u, base, words);
            for (int w = 0; w < words; w++) {
                u[base + w] ^= t[base + w] ^ r[w];
            }
            ch.writeLongs(u, base, words);
        }
        ch.flush();
        // The sender now works on U; transpose our T meanwhile.
        BitMatrix.transpose128(t, words, stride, tb, 0, tmp);
        count += mb;
    }

    /** Copies choice bits [bitOff, bitOff+mb) into r (aligned), zero-padded to 128 bits. */
    private void loadChoices(long[] choices, int bitOff, int mb) {
        int words = ((mb + 127) & ~127) >>> 6;
        int w0 = bitOff >>> 6;
        int sh = bitOff & 63;
        int full = (mb + 63) >>> 6;
        for (int w = 0; w < full; w++) {
            long lo = choices[w0 + w] >>> sh;
            long hi = (sh != 0 && w0 + w + 1 < choices.length) ? choices[w0 + w + 1] << (64 - sh) : 0;
            r[w] = lo | hi;
        }
        if ((mb & 63) != 0) {
            r[full - 1] &= (1L << (mb & 63)) - 1;
        }
        for (int w = full; w < words; w++) {
            r[w] = 0;
        }
    }

    private void loadChoices(boolean[] choices, int off, int mb) {
        int words = ((mb + 127) & ~127) >>> 6;
        java.util.Arrays.fill(r, 0, words, 0L);
        for (int i = 0; i < mb; i++) {
            if (choices[off + i]) {
                r[i >>> 6] |= 1L << (i & 63);
            }
        }
    }

    private static void checkBits(long[] choices, int off, int n) {
        if (n < 0 || off < 0 || (long) off + n > 64L * choices.length) {
            throw new IndexOutOfBoundsException("choices: bits [" + off + ", " + off + "+" + n
                    + ") do not fit " + choices.length + " words (" + 64L * choices.length
                    + " bits)");
        }
    }

    private static void checkBools(boolean[] choices, int off, int n) {
        if (n < 0 || off < 0 || (long) off + n > choices.length) {
            throw new IndexOutOfBoundsException("choices: [" + off + ", " + off + "+" + n
                    + ") do not fit an array of " + choices.length);
        }
    }
}
