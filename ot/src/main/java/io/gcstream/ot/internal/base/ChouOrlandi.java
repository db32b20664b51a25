package io.gcstream.ot.internal.base;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.base.Edwards25519.Point;
import io.gcstream.ot.internal.base.Edwards25519.Scratch;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.Prg;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Random 1-out-of-2 OTs of 128-bit strings, four at a time, each four carried by one
 * 1-out-of-16 OT of Chou and Orlandi, "The Simplest Protocol for Oblivious Transfer"
 * (LATINCRYPT 2015), on the prime-order subgroup of edwards25519 ({@link Edwards25519}; G the
 * RFC 8032 base point, L its order, cofactor 8). The 1-out-of-N form costs the sender one
 * variable-base multiplication whatever N (the other N-1 keys are one point subtraction
 * apart), so 128 base OTs take 32 public-key OTs instead of 128.
 *
 * <p>The sender draws its outputs out0, out1 (n blocks each) from its PRG, right after its
 * secret a. OTs 4g..4g+3 form group g (the last group may be smaller: m_g = min(4, n - 4g)
 * OTs, N_g = 2^m_g); the receiver's group choice is c_g = sum_t choice_{4g+t} 2^t and the sender's message number v is
 * M_{g,v} = (v_0 ? out1 : out0)[4g] || ... || (v_{m-1} ? out1 : out0)[4g+m-1] (v_t = bit t of v),
 * so the receiver of M_{g,c_g} holds exactly its chosen string of each of the m OTs.
 * <ol>
 *   <li>S: random a in [1, L); sends A = aG. Both sides use A' = 8A and S's T = 8a A'.</li>
 *   <li>R: for each group: random b_g in [1, L); sends B_g = b_g G + c_g A'.</li>
 *   <li>S: P_{g,v} = a 8B_g - v T for v = 0..N_g-1; sends E_{g,v} = M_{g,v} ^ H(g, v, A, B_g,
 *       P_{g,v}) for every v.</li>
 *   <li>R: M_{g,c_g} = E_{g,c_g} ^ H(g, c_g, A, B_g, b_g A') (for B_g in the subgroup,
 *       a 8B_g = b_g A' + c_g T, so b_g A' = P_{g,c_g}).</li>
 * </ol>
 * H(g, v, A, B, P) = the first 16 m_g bytes of SHA-512(DOMAIN || le32(g) || v || A || B || P)
 * (v one byte), points in the 64-byte encoding of {@link Edwards25519} (A and B as sent), DOMAIN
 * an ASCII string naming the use, by default {@link #EXTENSION_DOMAIN}; the group index and the
 * message number are the tweak that makes every pad a separate random-oracle output, and the
 * domain keeps the pads of instances made for different uses apart.
 * With a' = 8a this is the paper's protocol for the key pair (a', A' = a'G).
 *
 * <p>Validation: every point from the peer must be canonically encoded, on the curve and not of
 * small order (8P = identity is refused). Each is multiplied by the cofactor 8 before any use
 * (A' = 8A, and 8B_g), which removes any small-order component a peer could add, so no point
 * needs the costly full subgroup check (L P = identity).
 *
 * <p>Costs per group: S one variable-base multiplication, N_g - 1 point subtractions and N_g
 * hashes; R two multiplications by fixed bases (G, with a table built once per JVM, and A', with
 * a table built once per session), b_g G being computed before A arrives. Both parties split
 * the work over {@code threads} threads; channel I/O stays on the caller's thread. Traffic for
 * n = 128: 64 + 32 * 16 * 64 = 32,832 bytes S to R, 32 * 64 = 2,048 bytes R to S.
 *
 * <p>Security (semi-honest; the original paper's UC claim has known gaps, see docs/ot.md, which
 * do not concern this use): B_g = b_g G + c_g A' is uniform in the group whatever c_g, so S
 * learns nothing. For v != c_g, P_{g,v} = b_g A' + (c_g - v) a'A' with a'A' = a'^2 G and
 * c_g - v a nonzero number below 16 in absolute value: computing it from (G, A', b_g) means
 * computing a'^2 G from a'G, which is as hard as CDH, so in the random-oracle model every other
 * pad, hence every other message, is uniform to R.
 */
public final class ChouOrlandi implements BaseOt {
    /** Base OTs carried by one 1-out-of-16 OT. */
    static final int GROUP = 4;
    /**
     * The domain of the OT extension's base OTs, the default. 41 bytes: a domain of at most
     * {@link #MAX_DOMAIN} bytes keeps a pad's input (197 bytes and the domain) in two SHA-512
     * blocks, not three.
     */
    public static final String EXTENSION_DOMAIN = "gcstream/base-ot/co-1of16/edwards25519/v1";
    /** Longest domain: 239 bytes (two SHA-512 blocks less 17 of padding) minus 197. */
    public static final int MAX_DOMAIN = 42;
    private static final int PT = Edwards25519.ENCODED_BYTES;
    /** Longs of the ciphertexts of one full group: 16 messages of 4 blocks. */
    private static final int GROUP_LONGS = (1 << GROUP) * 2 * GROUP;

    /** The table of the base point G, built on first use (once per JVM). */
    private static final class BaseTable {
        static final FixedBaseTable G = new FixedBaseTable(Edwards25519.base());
    }

    private static final AtomicBoolean PREPARED = new AtomicBoolean();

    private final int threads;
    private final Prg random;
    private final byte[] domain;

    /**
     * Base OTs under {@link #EXTENSION_DOMAIN}.
     *
     * @param threads threads for the public-key work (>= 1)
     * @param random source of the secrets and of the sender's outputs (seeded from SecureRandom
     *     in production)
     */
    public ChouOrlandi(int threads, Prg random) {
        this(threads, random, EXTENSION_DOMAIN);
    }

    /**
     * Base OTs whose pads hash under {@code domain}, 1 to {@link #MAX_DOMAIN} printable ASCII
     * characters naming the use; both parties must use the same.
     */
    public ChouOrlandi(int threads, Prg random, String domain) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        if (domain.isEmpty() || domain.length() > MAX_DOMAIN || !domain.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("a base-OT domain is 1 to " + MAX_DOMAIN
                    + " printable ASCII characters, not '" + domain + "'");
        }
        this.threads = threads;
        this.random = random;
        this.domain = domain.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Starts building the table of G on a background thread (the first time only) and returns
     * at once; a protocol run that needs the table before it is complete waits for it (class
     * initialisation). In a fresh JVM this is mostly interpreted code, long enough to be worth
     * overlapping with a handshake.
     */
    public static void prepare() {
        if (PREPARED.compareAndSet(false, true)) {
            Parallel.background(() -> BaseTable.G.hashCode());
        }
    }

    @Override
    public void sendRandom(Channel ch, int n, long[] out0, long[] out1) throws IOException {
        checkCount(n, out0.length / 2, out1.length / 2);
        Sender s = sender();
        s.writeKey(ch);
        ch.flush();
        s.precompute();
        s.send(ch, n, out0, out1);
        ch.flush();
    }

    @Override
    public void receiveRandom(Channel ch, long[] choices, int n, long[] out) throws IOException {
        checkCount(n, choices.length * 64, out.length / 2);
        Receiver r = receiver();
        // b_g G does not depend on the sender's message: compute it before waiting for A.
        r.choose(choices, n);
        r.readKey(ch);
        r.writeChoices(ch);
        ch.flush();
        r.derivePads();
        r.readOutputs(ch, out);
    }

    /**
     * The sender's side of one instance of the protocol in its steps, for a caller that sends
     * the key ahead of need (before the receiver's choices exist) and the rest later, inside
     * messages of its own: {@link Sender#writeKey}, optionally {@link Sender#precompute}, then
     * {@link Sender#send} once. Draws the secret a now and the outputs in {@link Sender#send};
     * {@link #sendRandom} is these steps. No step flushes the channel.
     */
    public Sender sender() {
        return new Sender();
    }

    /**
     * The receiver's side of one instance in its steps: optionally {@link Receiver#prepare}
     * (work that needs neither the key nor the choices), {@link Receiver#choose} and
     * {@link Receiver#readKey} (in either order), {@link Receiver#writeChoices}, optionally
     * {@link Receiver#derivePads} (work that can overlap the sender's), then
     * {@link Receiver#readOutputs} once. {@link #receiveRandom} is these steps.
     */
    public Receiver receiver() {
        return new Receiver();
    }

    /** Bytes the receiver sends for n OTs (its points B_g): what a peer skips to stay in step. */
    public static int choiceBytes(int n) {
        return groups(n) * PT;
    }

    /** See {@link #sender()}. */
    public final class Sender {
        private final byte[] a;
        private final byte[] encA;
        private Point bigA;
        private long[] cachedT;
        private boolean sent;

        private Sender() {
            a = Scalar25519.digits(Scalar25519.random(random));
            bigA = new Point();
            BaseTable.G.mul(a, bigA, new Scratch());
            encA = Edwards25519.encode(bigA);
        }

        /** Writes the key A = aG (64 bytes); does not flush. */
        public void writeKey(Channel ch) throws IOException {
            ch.write(encA, 0, PT);
        }

        /**
         * T = 8a A' = a 64A in cached form, which {@link #send} needs; one variable-base
         * multiplication, best done while the receiver works. Idempotent.
         */
        public void precompute() {
            if (cachedT != null) {
                return;
            }
            Scratch s = new Scratch();
            Point t = new Point();
            for (int i = 0; i < 6; i++) {
                Edwards25519.dbl(bigA, s);
            }
            long[] table = new long[8 * Edwards25519.CACHED_LONGS];
            Edwards25519.mul(a, bigA, t, table, s);
            bigA = null;
            cachedT = new long[Edwards25519.CACHED_LONGS];
            Edwards25519.toCached(t, cachedT, 0, s);
        }

        /**
         * Draws the outputs (out0, out1: n blocks each), reads the receiver's n/4 points and
         * writes the ciphertexts (32 KiB for n = 128); does not flush.
         *
         * @throws IOException naming the point if the receiver sent one that is not valid
         */
        public void send(Channel ch, int n, long[] out0, long[] out1) throws IOException {
            checkCount(n, out0.length / 2, out1.length / 2);
            if (sent) {
                throw new IllegalStateException("one send per key: a new batch needs a new sender()");
            }
            sent = true;
            random.nextLongs(out0, 0, 2 * n);
            random.nextLongs(out1, 0, 2 * n);
            precompute();
            int groups = groups(n);
            byte[] encB = new byte[groups * PT];
            ch.readFully(encB, 0, encB.length);
            String peer = ch.peer();
            long[] e = new long[cipherLongs(n)];
            Parallel.forRange(threads, groups, (from, to) -> {
                Scratch sc = new Scratch();
                long[] tab = new long[8 * Edwards25519.CACHED_LONGS];
                Point b = new Point();
                Point[] keys = new Point[(to - from) << GROUP];
                int k = 0;
                for (int g = from; g < to; g++) {
                    String why = Edwards25519.decode(encB, g * PT, b, sc);
                    if (why == null) {
                        Edwards25519.mulByCofactor(b, sc);
                        if (Edwards25519.isIdentity(b, sc)) {
                            why = "a point of small order";
                        }
                    }
                    if (why != null) {
                        throw invalid(peer, "B[" + g + "]", why);
                    }
                    Point p = new Point();
                    Edwards25519.mul(a, b, p, tab, sc);
                    keys[k++] = p;
                    for (int v = 1; v < 1 << width(n, g); v++) {
                        Point q = new Point();
                        Edwards25519.copy(p, q);
                        Edwards25519.subCached(q, cachedT, 0, sc);
                        keys[k++] = q;
                        p = q;
                    }
                }
                byte[] enc = new byte[k * PT];
                Edwards25519.encode(keys, 0, k, enc, 0);
                MessageDigest sha = sha512();
                long[] pad = new long[2 * GROUP];
                k = 0;
                for (int g = from; g < to; g++) {
                    int m = width(n, g);
                    for (int v = 0; v < 1 << m; v++) {
                        pad(sha, domain, g, v, encA, encB, enc, (k++) * PT, pad);
                        int at = g * GROUP_LONGS + v * 2 * m;
                        for (int j = 0; j < m; j++) {
                            long[] msg = ((v >>> j) & 1) == 0 ? out0 : out1;
                            e[at + 2 * j] = msg[2 * (GROUP * g + j)] ^ pad[2 * j];
                            e[at + 2 * j + 1] = msg[2 * (GROUP * g + j) + 1] ^ pad[2 * j + 1];
                        }
                    }
                }
            });
            ch.writeLongs(e, 0, e.length);
        }
    }

    /** See {@link #receiver()}. */
    public final class Receiver {
        private int n;
        private int groups;
        private byte[][] b;
        private int[] c;
        private Point[] bigB;
        private byte[] encA;
        private Point a8;
        private byte[] encB;
        private long[] pads;

        private Receiver() {
        }

        /**
         * Takes the n choice bits (bit-packed as in {@link BaseOt#receiveRandom}), draws the
         * secrets b_g and computes b_g G, which needs nothing from the sender.
         */
        public void choose(long[] choices, int n) throws IOException {
            checkCount(n, choices.length * 64, n);
            if (c != null) {
                throw new IllegalStateException("choices already made");
            }
            if (b == null) {
                prepare(n);
            } else if (groups(n) > b.length) {
                throw new IllegalArgumentException(n + " base OTs but secrets prepared for "
                        + GROUP * b.length);
            }
            this.n = n;
            groups = groups(n);
            c = new int[groups];
            for (int g = 0; g < groups; g++) {
                for (int j = 0; j < width(n, g); j++) {
                    int i = GROUP * g + j;
                    c[g] |= (int) ((choices[i >>> 6] >>> i) & 1) << j;
                }
            }
        }

        /**
         * Draws the secrets b_g for up to {@code maxN} OTs and computes b_g G: the receiver's
         * work that needs neither the key nor the choices, for a caller that can do it ahead.
         * {@link #choose} does it if not done; it may then take at most {@code maxN} OTs.
         */
        public void prepare(int maxN) throws IOException {
            if (b != null) {
                throw new IllegalStateException("secrets already drawn");
            }
            int k = groups(maxN);
            b = new byte[k][];
            for (int g = 0; g < k; g++) {
                b[g] = Scalar25519.digits(Scalar25519.random(random));
            }
            bigB = new Point[k];
            Parallel.forRange(threads, k, (from, to) -> {
                Scratch sc = new Scratch();
                for (int g = from; g < to; g++) {
                    bigB[g] = new Point();
                    BaseTable.G.mul(b[g], bigB[g], sc);
                }
            });
        }

        /**
         * Reads the sender's key A (64 bytes) and checks it.
         *
         * @throws IOException naming the problem if A is not a valid point
         */
        public void readKey(Channel ch) throws IOException {
            encA = new byte[PT];
            ch.readFully(encA, 0, PT);
            Scratch s = new Scratch();
            a8 = new Point();
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
        }

        /** Writes the points B_g (after {@link #choose} and {@link #readKey}); does not flush. */
        public void writeChoices(Channel ch) throws IOException {
            if (c == null || a8 == null || encB != null) {
                throw new IllegalStateException("writeChoices needs choose and readKey first, once");
            }
            // B_g = b_g G + 8A' + (c_g - 8) A': a public addition and a constant-time selection.
            Scratch s = new Scratch();
            long[] multiplesA = new long[8 * Edwards25519.CACHED_LONGS];
            Edwards25519.multiples(a8, multiplesA, s);
            encB = new byte[groups * PT];
            for (int g = 0; g < groups; g++) {      // two point additions each: not worth a second thread
                Edwards25519.addCached(bigB[g], multiplesA, 7 * Edwards25519.CACHED_LONGS, s);
                Edwards25519.addCachedMultiple(bigB[g], multiplesA, 0, c[g] - 8, s);
            }
            Edwards25519.encode(bigB, 0, groups, encB, 0);
            ch.write(encB, 0, encB.length);
        }

        /**
         * The pads of b_g A', with A' as a fixed base: the receiver's share of the work, which
         * needs no further message and so can overlap the sender's. Idempotent.
         */
        public void derivePads() throws IOException {
            if (encB == null) {
                throw new IllegalStateException("derivePads needs writeChoices first");
            }
            if (pads != null) {
                return;
            }
            FixedBaseTable tableA = new FixedBaseTable(a8);
            long[] p = new long[groups * 2 * GROUP];
            Parallel.forRange(threads, groups, (from, to) -> {
                Scratch sc = new Scratch();
                Point[] keys = new Point[to - from];
                for (int g = from; g < to; g++) {
                    keys[g - from] = new Point();
                    tableA.mul(b[g], keys[g - from], sc);
                }
                byte[] enc = new byte[keys.length * PT];
                Edwards25519.encode(keys, 0, keys.length, enc, 0);
                MessageDigest sha = sha512();
                long[] pad = new long[2 * GROUP];
                for (int g = from; g < to; g++) {
                    pad(sha, domain, g, c[g], encA, encB, enc, (g - from) * PT, pad);
                    System.arraycopy(pad, 0, p, g * 2 * GROUP, 2 * GROUP);
                }
            });
            pads = p;
        }

        /** Reads the sender's ciphertexts; out gets the n chosen strings (blocks 0..n-1). */
        public void readOutputs(Channel ch, long[] out) throws IOException {
            checkCount(n, n, out.length / 2);
            derivePads();
            long[] e = new long[cipherLongs(n)];
            ch.readLongs(e, 0, e.length);
            for (int g = 0; g < groups; g++) {
                int m = width(n, g);
                int at = g * GROUP_LONGS;
                for (int j = 0; j < 2 * m; j++) {
                    // E_{g,c_g}, read without a choice-dependent address: all N_g are scanned.
                    long x = 0;
                    for (int v = 0; v < 1 << m; v++) {
                        long mask = ((v ^ c[g]) - 1) >> 31;
                        x |= e[at + v * 2 * m + j] & mask;
                    }
                    out[2 * GROUP * g + j] = x ^ pads[g * 2 * GROUP + j];
                }
            }
        }
    }

    private static int groups(int n) {
        return (n + GROUP - 1) / GROUP;
    }

    /** OTs in group g (GROUP except possibly in the last). */
    private static int width(int n, int g) {
        return Math.min(GROUP, n - GROUP * g);
    }

    /** Longs of all ciphertexts for n OTs. */
    private static int cipherLongs(int n) {
        int full = n / GROUP;
        int m = n % GROUP;
        return full * GROUP_LONGS + (m == 0 ? 0 : (1 << m) * 2 * m);
    }

    private static IOException invalid(String peer, String what, String why) {
        return new IOException("base OT (Chou-Orlandi): peer " + peer
                + " sent an invalid curve point for " + what + ": " + why);
    }

    /** pad = H(g, v, A, B_g, P) under {@code domain} as 8 longs (little-endian), P at enc[pOff]. */
    private static void pad(MessageDigest sha, byte[] domain, int g, int v, byte[] encA, byte[] encB,
            byte[] enc, int pOff, long[] pad) {
        sha.reset();
        sha.update(domain);
        sha.update((byte) g);
        sha.update((byte) (g >>> 8));
        sha.update((byte) (g >>> 16));
        sha.update((byte) (g >>> 24));
        sha.update((byte) v);
        sha.update(encA);
        sha.update(encB, g * PT, PT);
        sha.update(enc, pOff, PT);
        Blocks.fromBytes(sha.digest(), 0, pad, 0, GROUP);
    }

    private static void checkCount(int n, int a, int b) {
        if (n < 0 || n > a || n > b) {
            throw new IllegalArgumentException("base OT count " + n
                    + " exceeds the supplied arrays (" + a + ", " + b + ")");
        }
    }

    private static MessageDigest sha512() {
        try {
            return MessageDigest.getInstance("SHA-512");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
