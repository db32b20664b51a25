package io.gcstream.ot.internal.base;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;
import java.math.BigInteger;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;
import org.bouncycastle.math.ec.custom.sec.SecP256R1Curve;
import org.bouncycastle.util.encoders.Hex;

/**
 * Naor-Pinkas 1-out-of-2 OT of 128-bit strings (SODA 2001, the random-oracle variant with one
 * sender exponent r shared by the whole batch) over the NIST P-256 curve (Bouncy Castle's
 * custom secp256r1 arithmetic). P-256 gives ~128-bit security, matching kappa = 128.
 *
 * <p>Protocol for n OTs, sender messages (m0_i, m1_i), receiver choices b_i; G generator,
 * H(P, i, b) = first 16 bytes of SHA-256(compressed(P) || le32(i) || b):
 * <ol>
 *   <li>S: random c, r; sends C = cG, R = rG (and keeps rC = (rc)G).</li>
 *   <li>R: random k_i; K_i = k_i G; PK0_i = K_i if b_i = 0, else C - K_i; sends PK0_i.</li>
 *   <li>S: P0 = r PK0_i, P1 = rC - P0 (= r PK1_i with PK1_i = C - PK0_i); sends
 *       e0_i = m0_i ^ H(P0, i, 0), e1_i = m1_i ^ H(P1, i, 1).</li>
 *   <li>R: out_i = e_{b_i} ^ H(k_i R, i, b_i).</li>
 * </ol>
 * Costs: sender one variable-base multiplication per OT; receiver two multiplications with
 * fixed bases (G, and R after a one-time comb precomputation). The public-key work is split
 * over {@code threads} threads (ME-SFE §3.1); channel I/O stays on the caller's thread. Points
 * are sent uncompressed (65 bytes) and validated on receipt.
 *
 * <p>Security (semi-honest): the receiver's PK0 is uniformly random whatever b (it is K or
 * C - K for uniform K); the receiver cannot know the discrete log of both PK0 and PK1 =
 * C - PK0 without knowing that of C, so under CDH in the ROM the other key is hidden.
 */
public final class NaorPinkas implements BaseOt {
    // The curve is built directly rather than through CustomNamedCurves, whose class
    // initialisation constructs every named curve (measured 0.4-1 s in a fresh JVM).
    private static final ECCurve CURVE = new SecP256R1Curve();
    /** The standard P-256 generator (SEC 2 / FIPS 186-4), uncompressed. */
    private static final ECPoint G = CURVE.decodePoint(Hex.decode("04"
            + "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296"
            + "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5"));
    private static final BigInteger ORDER = CURVE.getOrder();
    /**
     * Points travel uncompressed: 32 bytes more per point, but decoding is a curve-equation
     * check instead of a square root (which matters most in a JIT-cold JVM).
     */
    private static final int POINT_BYTES = 65;

    private final int threads;
    private final Prg random;

    /**
     * @param threads threads for the public-key work (>= 1)
     * @param random source of the secret scalars (seeded from SecureRandom in production)
     */
    public NaorPinkas(int threads, Prg random) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.random = random;
    }

    /**
     * Random OT as a chosen-message OT of fresh random strings: out0 and out1 are drawn from this
     * instance's PRG (out0 first) and sent with {@link #send}.
     */
    @Override
    public void sendRandom(Channel ch, int n, long[] out0, long[] out1) throws IOException {
        checkCount(n, out0.length / 2, out1.length / 2);
        random.nextLongs(out0, 0, 2 * n);
        random.nextLongs(out1, 0, 2 * n);
        send(ch, out0, out1, n);
    }

    @Override
    public void receiveRandom(Channel ch, long[] choices, int n, long[] out) throws IOException {
        receive(ch, choices, n, out);
    }

    /** Sender side: n OTs of the blocks m0[i], m1[i] (block offsets 0..n-1). */
    public void send(Channel ch, long[] m0, long[] m1, int n) throws IOException {
        checkCount(n, m0.length / 2, m1.length / 2);
        BigInteger c = scalar();
        BigInteger r = scalar();
        FixedPointCombMultiplier comb = new FixedPointCombMultiplier();
        ECPoint bigC = comb.multiply(G, c).normalize();
        ECPoint bigR = comb.multiply(G, r).normalize();
        ECPoint rC = comb.multiply(G, r.multiply(c).mod(ORDER)).normalize();
        writePoint(ch, bigC);
        writePoint(ch, bigR);
        ch.flush();

        byte[] pk0 = new byte[n * POINT_BYTES];
        ch.readFully(pk0, 0, pk0.length);
        long[] e = new long[4 * n];
        Parallel.forRange(threads, n, (from, to) -> {
            MessageDigest sha = sha256();
            byte[] enc = new byte[POINT_BYTES];
            for (int i = from; i < to; i++) {
                System.arraycopy(pk0, i * POINT_BYTES, enc, 0, POINT_BYTES);
                ECPoint p0 = decode(enc, i);
                ECPoint s0 = p0.multiply(r).normalize();
                ECPoint s1 = rC.subtract(s0).normalize();
                key(sha, s0, i, 0, e, 4 * i);
                key(sha, s1, i, 1, e, 4 * i + 2);
                e[4 * i] ^= m0[2 * i];
                e[4 * i + 1] ^= m0[2 * i + 1];
                e[4 * i + 2] ^= m1[2 * i];
                e[4 * i + 3] ^= m1[2 * i + 1];
            }
        });
        ch.writeLongs(e, 0, e.length);
        ch.flush();
    }

    /** Receiver side: n OTs with choice bits choices[0..n) (bit-packed); out gets n blocks. */
    public void receive(Channel ch, long[] choices, int n, long[] out) throws IOException {
        checkCount(n, choices.length * 64, out.length / 2);
        BigInteger[] k = new BigInteger[n];
        for (int i = 0; i < n; i++) {
            k[i] = scalar();
        }
        ECPoint[] bigK = new ECPoint[n];
        // K_i = k_i G does not depend on the sender's message: compute it before waiting.
        Parallel.forRange(threads, n, (from, to) -> {
            FixedPointCombMultiplier comb = new FixedPointCombMultiplier();
            for (int i = from; i < to; i++) {
                bigK[i] = comb.multiply(G, k[i]);
            }
        });
        byte[] enc = new byte[POINT_BYTES];
        ch.readFully(enc, 0, POINT_BYTES);
        ECPoint bigC = decode(enc, -1);
        ch.readFully(enc, 0, POINT_BYTES);
        ECPoint bigR = decode(enc, -2);
        ECPoint[] pk0 = new ECPoint[n];
        for (int i = 0; i < n; i++) {
            pk0[i] = Blocks.bit(choices, i) ? bigC.subtract(bigK[i]) : bigK[i];
        }
        CURVE.normalizeAll(pk0);
        for (int i = 0; i < n; i++) {
            writePoint(ch, pk0[i]);
        }
        ch.flush();

        // While the sender works: k_i R, with R as a fixed base (one comb precomputation).
        long[] keys = new long[2 * n];
        new FixedPointCombMultiplier().multiply(bigR, BigInteger.ONE);
        Parallel.forRange(threads, n, (from, to) -> {
            FixedPointCombMultiplier comb = new FixedPointCombMultiplier();
            MessageDigest sha = sha256();
            for (int i = from; i < to; i++) {
                ECPoint s = comb.multiply(bigR, k[i]).normalize();
                key(sha, s, i, Blocks.bit(choices, i) ? 1 : 0, keys, 2 * i);
            }
        });
        long[] e = new long[4 * n];
        ch.readLongs(e, 0, e.length);
        for (int i = 0; i < n; i++) {
            int sel = Blocks.bit(choices, i) ? 2 : 0;
            out[2 * i] = e[4 * i + sel] ^ keys[2 * i];
            out[2 * i + 1] = e[4 * i + sel + 1] ^ keys[2 * i + 1];
        }
    }

    private static void checkCount(int n, int a, int b) {
        if (n < 0 || n > a || n > b) {
            throw new IllegalArgumentException("base OT count " + n
                    + " exceeds the supplied arrays (" + a + ", " + b + ")");
        }
    }

    /** Uniform scalar in [1, order-1] (64 extra bits make the modulo bias negligible). */
    private BigInteger scalar() {
        byte[] b = new byte[40];
        random.nextBytes(b, 0, b.length);
        return new BigInteger(1, b).mod(ORDER.subtract(BigInteger.ONE)).add(BigInteger.ONE);
    }

    private static void writePoint(Channel ch, ECPoint p) throws IOException {
        byte[] enc = p.getEncoded(false);
        ch.write(enc, 0, enc.length);
    }

    /** Decodes and validates a peer's point (on the curve, not infinity). */
    private static ECPoint decode(byte[] enc, int index) throws IOException {
        try {
            ECPoint p = CURVE.decodePoint(enc);
            if (p.isInfinity() || !p.isValid()) {
                throw new IllegalArgumentException("not a valid point");
            }
            return p;
        } catch (IllegalArgumentException e) {
            String what = index == -1 ? "C" : index == -2 ? "R" : "PK0[" + index + "]";
            throw new IOException("base OT: peer sent an invalid curve point for " + what + ": "
                    + e.getMessage(), e);
        }
    }

    private static void key(MessageDigest sha, ECPoint p, int i, int b, long[] dst, int at) {
        sha.reset();
        sha.update(p.getEncoded(true));
        sha.update((byte) i);
        sha.update((byte) (i >>> 8));
        sha.update((byte) (i >>> 16));
        sha.update((byte) (i >>> 24));
        sha.update((byte) b);
        byte[] h = sha.digest();
        Blocks.fromBytes(h, 0, dst, at / 2, 1);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
