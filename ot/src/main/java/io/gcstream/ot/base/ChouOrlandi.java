package io.gcstream.ot.base;

import io.gcstream.ot.base.Edwards25519.Point;
import io.gcstream.ot.base.Edwards25519.Scratch;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.crypto.Blocks;
import io.gcstream.ot.crypto.Prg;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Random 1-out-of-2 OT of 128-bit strings after Chou and Orlandi, "The Simplest Protocol for
 * Oblivious Transfer" (LATINCRYPT 2015), on the prime-order subgroup of edwards25519
 * ({@link Edwards25519}; G the RFC 8032 base point, L its order, cofactor 8). Two flows:
 * <ol>
 *   <li>S: random a in [1, L); sends A = aG. Both sides use A' = 8A.</li>
 *   <li>R: for each OT i with choice c_i: random b_i in [1, L); sends B_i = b_i G + c_i A'.</li>
 *   <li>S: out0_i = H(i, A, B_i, a 8B_i), out1_i = H(i, A, B_i, a 8B_i - 8a A').
 *       <br>R: out_i = H(i, A, B_i, b_i A').</li>
 * </ol>
 * With a' = 8a this is the protocol of the paper for the key pair (a', A' = a'G): for B_i in
 * the subgroup, a 8B_i = a' B_i = b_i A' + c_i a' A', so R's point equals S's point number c_i.
 * H(i, A, B, P) = the first 16 bytes of SHA-256(DOMAIN || le32(i) || A || B || P), points in
 * the 64-byte encoding of {@link Edwards25519} (A and B as sent); DOMAIN is the ASCII string
 * {@code gcstream/base-ot/chou-orlandi/edwards25519/v1}. The OT index i is the tweak that keeps
 * the 2n keys of a session independent random oracles.
 *
 * <p>Validation: every point from the peer must be canonically encoded, on the curve and not of
 * small order (8P = identity is refused). Each is multiplied by the cofactor 8 before any use
 * (A' = 8A, and 8B_i), which removes any small-order component a peer could add, so no point
 * needs the costly full subgroup check (L P = identity).
 *
 * <p>Costs per OT: S one variable-base multiplication; R two multiplications by fixed bases
 * (G, with a table built once per JVM, and A', with a table built once per session), b_i G being
 * computed before A arrives. Both parties split the work over {@code threads} threads; channel
 * I/O stays on the caller's thread. Traffic for n OTs: 64 bytes S to R, 64 n bytes R to S.
 *
 * <p>Security (semi-honest; the original paper's UC claim has known gaps, see docs/ot.md, which
 * do not concern this use): B_i = b_i G + c_i A' is uniform in the group whatever c_i, so S
 * learns nothing. R's other point is a'(B_i - A') = b_i A' - a'A' if c_i = 0, or
 * a'B_i = b_i A' + a'A' if c_i = 1; computing it from (G, A', b_i) means computing a'^2 G from
 * a'G, which is as hard as CDH, so in the random-oracle model the other string is uniform to R.
 */
public final class ChouOrlandi implements BaseOt {
    private static final byte[] DOMAIN = "gcstream/base-ot/chou-orlandi/edwards25519/v1"
            .getBytes(StandardCharsets.US_ASCII);
    private static final int PT = Edwards25519.ENCODED_BYTES;

    /** The table of the base point G, built on first use (once per JVM). */
    private static final class BaseTable {
        static final FixedBaseTable G = new FixedBaseTable(Edwards25519.base());
    }

    private final int threads;
    private final Prg random;

    /**
     * @param threads threads for the public-key work (>= 1)
     * @param random source of the secret scalars (seeded from SecureRandom in production)
     */
    public ChouOrlandi(int threads, Prg random) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        this.random = random;
    }

    @Override
    public void sendRandom(Channel ch, int n, long[] out0, long[] out1) throws IOException {
        checkCount(n, out0.length / 2, out1.length / 2);
        byte[] a = Scalar25519.digits(Scalar25519.random(random));
        Scratch s = new Scratch();
        Point bigA = new Point();
        BaseTable.G.mul(a, bigA, s);
        byte[] encA = Edwards25519.encode(bigA);
        ch.write(encA, 0, PT);
        ch.flush();

        // While the receiver works: T = 8a A' = a 64A, subtracted for the second key.
        Point t = new Point();
        Edwards25519.mulByCofactor(bigA, s);
        Edwards25519.mulByCofactor(bigA, s);
        Edwards25519.mul(a, bigA, t, new long[8 * Edwards25519.CACHED_LONGS], s);
        byte[] encB = new byte[n * PT];
        ch.readFully(encB, 0, encB.length);
        String peer = ch.peer();
        Parallel.forRange(threads, n, (from, to) -> {
            Scratch sc = new Scratch();
            long[] table = new long[8 * Edwards25519.CACHED_LONGS];
            Point b = new Point();
            Point[] keys = new Point[2 * (to - from)];
            for (int i = from; i < to; i++) {
                String why = Edwards25519.decode(encB, i * PT, b, sc);
                if (why == null) {
                    Edwards25519.mulByCofactor(b, sc);
                    if (Edwards25519.isIdentity(b, sc)) {
                        why = "a point of small order";
                    }
                }
                if (why != null) {
                    throw invalid(peer, "B[" + i + "]", why);
                }
                Point p0 = new Point();
                Edwards25519.mul(a, b, p0, table, sc);
                Point p1 = new Point();
                Edwards25519.copy(p0, p1);
                Edwards25519.sub(p1, t, sc);
                keys[2 * (i - from)] = p0;
                keys[2 * (i - from) + 1] = p1;
            }
            byte[] enc = new byte[keys.length * PT];
            Edwards25519.encode(keys, 0, keys.length, enc, 0);
            MessageDigest sha = sha256();
            for (int i = from; i < to; i++) {
                int k = 2 * (i - from) * PT;
                hash(sha, i, encA, encB, enc, k, out0);
                hash(sha, i, encA, encB, enc, k + PT, out1);
            }
        });
    }

    @Override
    public void receiveRandom(Channel ch, long[] choices, int n, long[] out) throws IOException {
        checkCount(n, choices.length * 64, out.length / 2);
        byte[][] b = new byte[n][];
        for (int i = 0; i < n; i++) {
            b[i] = Scalar25519.digits(Scalar25519.random(random));
        }
        Point[] bigB = new Point[n];
        // b_i G does not depend on the sender's message: compute it before waiting for A.
        Parallel.forRange(threads, n, (from, to) -> {
            Scratch sc = new Scratch();
            for (int i = from; i < to; i++) {
                bigB[i] = new Point();
                BaseTable.G.mul(b[i], bigB[i], sc);
            }
        });
        byte[] encA = new byte[PT];
        ch.readFully(encA, 0, PT);
        Scratch s = new Scratch();
        Point a8 = new Point();
        String why = Edwards25519.decode(encA, 0, a8, s);
        if (why == null) {
            Edwards25519.mulByCofactor(a8, s);
            if (Edwards25519.isIdentity(a8, s)) {
                why = "a point of small order";
            }
        }
        if (why != null) {
            throw invalid(ch.peer(), "A", why);
        }

        byte[] encB = new byte[n * PT];
        Parallel.forRange(threads, n, (from, to) -> {
            Scratch sc = new Scratch();
            Point sum = new Point();
            for (int i = from; i < to; i++) {
                Edwards25519.copy(bigB[i], sum);
                Edwards25519.add(sum, a8, sc);
                Edwards25519.select(-(int) ((choices[i >>> 6] >>> i) & 1), sum, bigB[i]);
            }
            Edwards25519.encode(bigB, from, to, encB, from * PT);
        });
        ch.write(encB, 0, encB.length);
        ch.flush();

        // While the sender works: the keys b_i A', with A' as a fixed base.
        FixedBaseTable tableA = new FixedBaseTable(a8);
        Parallel.forRange(threads, n, (from, to) -> {
            Scratch sc = new Scratch();
            Point[] keys = new Point[to - from];
            for (int i = from; i < to; i++) {
                keys[i - from] = new Point();
                tableA.mul(b[i], keys[i - from], sc);
            }
            byte[] enc = new byte[keys.length * PT];
            Edwards25519.encode(keys, 0, keys.length, enc, 0);
            MessageDigest sha = sha256();
            for (int i = from; i < to; i++) {
                hash(sha, i, encA, encB, enc, (i - from) * PT, out);
            }
        });
    }

    private static IOException invalid(String peer, String what, String why) {
        return new IOException("base OT (Chou-Orlandi): peer " + peer
                + " sent an invalid curve point for " + what + ": " + why);
    }

    /** dst block i = H(i, A, B_i, P) with P at enc[pOff]. */
    private static void hash(MessageDigest sha, int i, byte[] encA, byte[] encB, byte[] enc,
            int pOff, long[] dst) {
        sha.reset();
        sha.update(DOMAIN);
        sha.update((byte) i);
        sha.update((byte) (i >>> 8));
        sha.update((byte) (i >>> 16));
        sha.update((byte) (i >>> 24));
        sha.update(encA);
        sha.update(encB, i * PT, PT);
        sha.update(enc, pOff, PT);
        Blocks.fromBytes(sha.digest(), 0, dst, i, 1);
    }

    private static void checkCount(int n, int a, int b) {
        if (n < 0 || n > a || n > b) {
            throw new IllegalArgumentException("base OT count " + n
                    + " exceeds the supplied arrays (" + a + ", " + b + ")");
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
