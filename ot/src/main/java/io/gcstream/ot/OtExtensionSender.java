package io.gcstream.ot;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.Logs;
import io.gcstream.ot.internal.SessionDeltaOt;
import io.gcstream.ot.internal.base.BaseOtProtocol;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.CrHash;
import io.gcstream.ot.internal.crypto.Prg;
import io.gcstream.ot.internal.ext.BitMatrix;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import org.slf4j.Logger;

/**
 * The sender of IKNP OT extension (kappa = 128) with the ALSZ13 optimisations, processed in
 * blocks of {@link OtOptions.Builder#blockSize blockSize} OTs so that memory is constant in the number of OTs
 * (ME-SFE Fig. 1). Created once per connection by {@link #setup}; its calls may then be made any
 * number of times, each for any number of OTs, matched one-for-one by the same calls (same n)
 * on the {@link OtExtensionReceiver}.
 *
 * <p>Per block of m OTs the receiver sends the 128 x m bit matrix U; the sender forms
 * Q = G(k^s) ^ s.U, transposes it into rows q_i = t_i ^ c_i s, and derives its outputs with the
 * correlation-robust hash H = {@link CrHash#ccr} (pi(sigma(x)) ^ sigma(x)):
 * <ul>
 *   <li>{@link #random}: x0_i = H(q_i), x1_i = H(q_i ^ s) — no message back.</li>
 *   <li>{@link #correlated}: x_i = H(q_i), pairs (x_i, x_i ^ Delta); sends
 *       y_i = x_i ^ Delta ^ H(q_i ^ s) (16 bytes per OT).</li>
 *   <li>{@link #chosen}: sends m0_i ^ H(q_i) and m1_i ^ H(q_i ^ s) (32 bytes per OT).</li>
 * </ul>
 *
 * <p>gcstream's garbling session uses a cheaper form internally (EMP-style): the correlation is
 * the session's own IKNP secret s (lowest bit 1, 127 random bits),
 * outputs are the raw rows x_i = q_i and the receiver's t_i = x_i ^ c_i s — no hashing and
 * nothing sent back. The outputs are not hashed, so they are only pseudorandom individually
 * and all share the one correlation s; use it where the consumer hashes with a correlation-robust
 * hash anyway, e.g. as free-XOR input labels with Delta = s (as EMP-toolkit does).
 *
 * <p>Each call starts with an 8-byte header from the receiver (call kind and n), which the
 * sender checks, so mismatched calls fail with a clear error instead of desynchronising.
 * A call with n = 0 sends nothing.
 *
 * <p>With {@link OtOptions.Builder#threads threads} above 1, each block's work is split between that
 * many threads (see {@link #close()}); the bytes sent are the same.
 *
 * <p>Not thread-safe; one session per channel. All methods block on the channel (bounded by its
 * read timeout) and flush at every round boundary.
 */
public final class OtExtensionSender implements AutoCloseable {
    private static final Logger LOG = Logs.get(OtExtensionSender.class);

    static {
        SessionDeltaOt.register(new SessionDeltaOt.Operations() {
            @Override
            public OtExtensionSender setup(Channel ch, OtOptions o, long sLo, long sHi) throws IOException {
                return OtExtensionSender.setup(ch, o, sLo, sHi);
            }

            @Override
            public void send(OtExtensionSender s, int n, long[] out, int outOff) throws IOException {
                s.correlatedSessionDelta(n, out, outOff);
            }

            @Override
            public long deltaLo(OtExtensionSender s) {
                return s.sLo;
            }

            @Override
            public long deltaHi(OtExtensionSender s) {
                return s.sHi;
            }

            @Override
            public void receive(OtExtensionReceiver r, long[] choices, boolean[] bools, int off, int n, long[] out,
                    int outOff) throws IOException {
                r.correlatedSessionDelta(choices, bools, off, n, out, outOff);
            }
        });
    }
    private static final int KAPPA = 128;
    /** Extra longs per matrix row so rows do not alias in the L1 cache (see BitMatrix). */
    private static final int ROW_PAD = 8;

    private final Channel ch;
    private final int blockSize;
    private final Prg[] g = new Prg[KAPPA];
    private final long sLo;
    private final long sHi;
    /**
     * U and Q as rows of bytes (see {@link BitMatrix}), as the channel and the PRGs give them;
     * Q's rows are padded for the transpose, U's are not, so U is read in one call that bypasses
     * the channel's buffer.
     */
    private final byte[] u;
    private final byte[] q;
    private final long[] qb;
    private final long[] hb;
    private final long[] tmp;
    private final CrHash hash = new CrHash();
    private long count;
    /** The threads that share each block's work. */
    private final ExtensionTeam threads;
    /** The team, or null for one thread. */
    private final Workers team;
    // The block being worked on by the team's jobs.
    private int jWords;
    /** U is read but not yet XORed into Q: the team's transpose does it. */
    private boolean unmaskPending;
    private int jMb;
    private long[] jOut;
    private int jOutOff;
    private int jKind;
    private long jLo;
    private long jHi;
    private final Workers.Job rowsJob = this::rowsPart;
    private final Workers.Job transposeJob = this::transposePart;
    private final Workers.Job hashJob = this::hashPart;

    private OtExtensionSender(Channel ch, int blockSize, long sLo, long sHi, long[] seeds,
            int threads) {
        this.ch = ch;
        this.blockSize = blockSize;
        this.tmp = BitMatrix.scratch(blockSize / 64);
        this.threads = new ExtensionTeam(threads, "ot-sender", hash, tmp, blockSize);
        this.team = this.threads.team;
        this.sLo = sLo;
        this.sHi = sHi;
        for (int j = 0; j < KAPPA; j++) {
            g[j] = new Prg(seeds[2 * j], seeds[2 * j + 1], ROW_PRG_BATCH);
        }
        int words = blockSize / 64 + ROW_PAD;
        this.u = new byte[KAPPA * (blockSize / 8)]; // unpadded rows of blockSize bits
        this.q = new byte[8 * KAPPA * words];
        this.qb = new long[2 * blockSize];
        this.hb = new long[2 * blockSize];
    }

    /**
     * Starts a session: checks the peer's header and runs the 128 base OTs
     * (Chou–Orlandi) as base-OT receiver, with a secret random choice string s.
     * The peer must call {@link OtExtensionReceiver#setup} at the same time.
     */
    public static OtExtensionSender setup(Channel ch, OtOptions o) throws IOException {
        Prg rnd = Randomness.prg(o, Randomness.SENDER);
        // s's lowest bit is fixed to 1 so that s can serve as a free-XOR offset (point-and-permute
        // needs lsb 1) in correlatedSessionDelta; s keeps 127 secret random bits.
        long sLo = rnd.nextLong() | 1L;
        long sHi = rnd.nextLong();
        return setup(ch, o, rnd, sLo, sHi);
    }

    /**
     * As {@link #setup(Channel, OtOptions)} with the secret s chosen by the caller: the session
     * Delta of the session-Delta OTs. A garbling session that resumes saved garbled
     * values passes the Delta they were made with, so old and new labels share one offset.
     * s must be secret and uniformly random (apart from its lowest bit, which must be 1); the
     * base OTs are fresh, so the peer learns nothing of s.
     *
     * @throws IllegalArgumentException if the lowest bit of {@code sLo} is 0
     */
    static OtExtensionSender setup(Channel ch, OtOptions o, long sLo, long sHi) throws IOException {
        if ((sLo & 1) == 0) {
            throw new IllegalArgumentException("the session Delta must have its lowest bit set");
        }
        return setup(ch, o, Randomness.prg(o, Randomness.SENDER), sLo, sHi);
    }

    private static OtExtensionSender setup(Channel ch, OtOptions o, Prg rnd, long sLo, long sHi)
            throws IOException {
        long t0 = System.nanoTime();
        BaseOtProtocol.CHOU_ORLANDI.prepare();
        Handshake.run(ch, Handshake.ROLE_SENDER, o.blockSize(), BaseOtProtocol.CHOU_ORLANDI);
        long[] seeds = new long[2 * KAPPA];
        BaseOtProtocol.CHOU_ORLANDI.create(BaseOtProtocol.THREADS, rnd)
                .receiveRandom(ch, new long[] {sLo, sHi}, KAPPA, seeds);
        LOG.debug("OT extension sender set up with {}: {} base OTs in {} ms ({})", ch.peer(),
                KAPPA, (System.nanoTime() - t0) / 1_000_000, o);
        return new OtExtensionSender(ch, o.blockSize(), sLo, sHi, seeds, o.threads());
    }

    /**
     * n correlated OTs with the correlation Delta = (deltaLo, deltaHi): {@code out} gets x_i
     * (blocks outOff..outOff+n-1); the receiver gets x_i ^ c_i Delta.
     */
    public void correlated(long deltaLo, long deltaHi, int n, long[] out, int outOff)
            throws IOException {
        checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.expect(ch, Handshake.CORRELATED, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            extendBlock(mb);
            if (parallel(mb)) {
                hashBlock(KIND_CORRELATED, mb, out, outOff + done, deltaLo, deltaHi);
            } else {
                int o = 2 * (outOff + done);
                hash.ccr(qb, 0, out, outOff + done, mb);
                hash.ccrXor(qb, 0, sLo, sHi, qb, 0, mb);
                for (int i = 0; i < 2 * mb; i += 2) {
                    qb[i] ^= out[o + i] ^ deltaLo;
                    qb[i + 1] ^= out[o + i + 1] ^ deltaHi;
                }
            }
            ch.writeLongs(qb, 0, 2 * mb);
            ch.flush();
        }
    }

    /**
     * n correlated OTs whose correlation is the session's fixed Delta = s
     * (SessionDeltaOt's deltaLo, deltaHi): {@code out} gets x_i, the receiver
     * gets x_i ^ c_i s. No hashing, no message back (only the receiver's matrix U is sent).
     */
    void correlatedSessionDelta(int n, long[] out, int outOff) throws IOException {
        checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.expect(ch, Handshake.CORRELATED_SESSION_DELTA, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            int words = extendRows(mb);
            if (64 * words == mb) {
                // Whole 128-OT groups: the transpose fills exactly the caller's blocks, no copy.
                transpose(words, out, outOff + done);
            } else {
                transpose(words, qb, 0);
                System.arraycopy(qb, 0, out, 2 * (outOff + done), 2 * mb);
            }
        }
    }

    /**
     * n random OTs: {@code out0} gets x0_i and {@code out1} gets x1_i; the receiver gets
     * x_{c_i}. Nothing is sent back.
     */
    public void random(int n, long[] out0, int out0Off, long[] out1, int out1Off)
            throws IOException {
        checkBlocks("out0", out0, out0Off, n);
        checkBlocks("out1", out1, out1Off, n);
        if (n == 0) {
            return;
        }
        Handshake.expect(ch, Handshake.RANDOM, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            extendBlock(mb);
            if (parallel(mb)) {
                hashBlock(KIND_RANDOM, mb, out0, out0Off + done, 0, 0);
                jOut = out1;
                jOutOff = out1Off + done;
                jKind = KIND_RANDOM_1;
                team.run(hashJob, team.threads());
                jOut = null;
            } else {
                hash.ccr(qb, 0, out0, out0Off + done, mb);
                hash.ccrXor(qb, 0, sLo, sHi, out1, out1Off + done, mb);
            }
        }
    }

    /** n chosen-message OTs of the blocks m0_i, m1_i; the receiver gets m_{c_i}. */
    public void chosen(long[] m0, int m0Off, long[] m1, int m1Off, int n) throws IOException {
        checkBlocks("m0", m0, m0Off, n);
        checkBlocks("m1", m1, m1Off, n);
        if (n == 0) {
            return;
        }
        Handshake.expect(ch, Handshake.CHOSEN, n);
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            extendBlock(mb);
            if (parallel(mb)) {
                hashBlock(KIND_CHOSEN_0, mb, m0, m0Off + done, 0, 0);
                ch.writeLongs(hb, 0, 2 * mb);
                hashBlock(KIND_CHOSEN_1, mb, m1, m1Off + done, 0, 0);
                ch.writeLongs(hb, 0, 2 * mb);
                ch.flush();
                continue;
            }
            hash.ccr(qb, 0, hb, 0, mb);
            xorWith(hb, m0, 2 * (m0Off + done), mb);
            ch.writeLongs(hb, 0, 2 * mb);
            hash.ccrXor(qb, 0, sLo, sHi, hb, 0, mb);
            xorWith(hb, m1, 2 * (m1Off + done), mb);
            ch.writeLongs(hb, 0, 2 * mb);
            ch.flush();
        }
    }

    /**
     * The row PRGs' own buffer: the smallest. They write whole rows (a multiple of 16 bytes)
     * straight into the matrix ({@link Prg#nextBytes}), so their buffers are never filled.
     */
    static final int ROW_PRG_BATCH = 16;

    /** OTs extended so far in this session. */
    long count() {
        return count;
    }

    /**
     * Stops the worker threads of a multi-threaded extension ({@link OtOptions.Builder#threads threads}
     * above 1) and waits for them; idle workers also stop by themselves after two seconds.
     * Later calls still work, on the calling thread alone. Does not close the channel.
     */
    @Override
    public void close() {
        threads.close();
    }

    /** Whether a block of mb OTs is worth splitting between the team's threads. */
    private boolean parallel(int mb) {
        return threads.parallel(mb);
    }

    /** Reads U for mb OTs and leaves q_i (i < mb) in qb. */
    private void extendBlock(int mb) throws IOException {
        int words = extendRows(mb);
        transpose(words, qb, 0);
    }

    /**
     * Reads U for mb OTs and leaves the rows of Q (before transposition) in q, or with the
     * team, G(k^s) in q and U in u, to be combined by {@link #transpose}; returns the longs per
     * row, 64 * words &ge; mb.
     */
    private int extendRows(int mb) throws IOException {
        int words = words(mb);
        int rowBytes = 8 * words;
        count += mb;
        if (parallel(mb)) {
            // The workers expand the PRG rows while this thread reads U.
            jWords = words;
            team.start(rowsJob, team.threads());
            try {
                ch.readFully(u, 0, KAPPA * rowBytes);
            } catch (IOException | RuntimeException e) {
                team.finishQuietly();
                throw e;
            }
            team.finish();
            unmaskPending = true;
            return words;
        }
        int stride = 8 * (words + ROW_PAD);
        // Our PRG rows do not depend on U: compute them before blocking on the receiver.
        for (int j = 0; j < KAPPA; j++) {
            g[j].nextBytes(q, j * stride, rowBytes);
        }
        ch.readFully(u, 0, KAPPA * rowBytes);
        unmask(words, 0, words);
        return words;
    }

    /** Q's rows ^= U's rows masked by the bits of s, for words [from, to) of each row. */
    private void unmask(int words, int from, int to) {
        int rowBytes = 8 * words;
        int stride = 8 * (words + ROW_PAD);
        for (int j = 0; j < KAPPA; j++) {
            // A mask, not a branch on the secret s: the same work whatever its bits.
            long mask = -((j < 64 ? sLo >>> j : sHi >>> (j - 64)) & 1);
            for (int w = from, o = j * stride + 8 * from, p = j * rowBytes + 8 * from; w < to;
                    w++, o += 8, p += 8) {
                Blocks.putLong(q, o, Blocks.getLong(q, o) ^ (Blocks.getLong(u, p) & mask));
            }
        }
    }

    /** The q_i of the block {@link #extendRows} left, transposed into out from block outOff. */
    private void transpose(int words, long[] out, int outOff) {
        if (unmaskPending) {
            unmaskPending = false;
            jOut = out;
            jOutOff = outOff;
            team.run(transposeJob, team.threads());
            jOut = null;
        } else {
            BitMatrix.transpose128(q, words, words + ROW_PAD, out, outOff, tmp);
        }
    }

    /** Team job: PRG rows of part p (rows split evenly). */
    private void rowsPart(int part, int thread) {
        int parts = team.threads();
        int words = jWords;
        int rowBytes = 8 * words;
        int stride = 8 * (words + ROW_PAD);
        for (int j = KAPPA * part / parts, end = KAPPA * (part + 1) / parts; j < end; j++) {
            g[j].nextBytes(q, j * stride, rowBytes);
        }
    }

    /** Team job: U into Q and the transpose, for part p of the words. */
    private void transposePart(int part, int thread) {
        int words = jWords;
        int parts = team.threads();
        int from = BitMatrix.partStart(words, part, parts);
        int to = BitMatrix.partStart(words, part + 1, parts);
        unmask(words, from, to);
        BitMatrix.transpose128(q, words, words + ROW_PAD, from, to, jOut, jOutOff, threads.tmps[thread]);
    }

    private static final int KIND_CORRELATED = 0;
    private static final int KIND_RANDOM = 1;
    private static final int KIND_RANDOM_1 = 2;
    private static final int KIND_CHOSEN_0 = 3;
    private static final int KIND_CHOSEN_1 = 4;

    /** The hashing of a block of mb q_i (in qb) on the team; see {@link #hashPart}. */
    private void hashBlock(int kind, int mb, long[] out, int outOff, long lo, long hi) {
        jKind = kind;
        jMb = mb;
        jOut = out;
        jOutOff = outOff;
        jLo = lo;
        jHi = hi;
        team.run(hashJob, team.threads());
        jOut = null;
    }

    /** Team job: the hashing of {@link #jKind} for blocks [mb p / parts, mb (p + 1) / parts). */
    private void hashPart(int part, int thread) {
        int parts = team.threads();
        int from = (int) ((long) jMb * part / parts);
        int to = (int) ((long) jMb * (part + 1) / parts);
        int k = to - from;
        if (k == 0) {
            return;
        }
        CrHash h = threads.hashes[thread];
        long[] out = jOut;
        int off = jOutOff + from;
        switch (jKind) {
            case KIND_CORRELATED -> {
                // x_i = H(q_i) to out; y_i = x_i ^ Delta ^ H(q_i ^ s) in place of q_i.
                h.ccr(qb, from, out, off, k);
                h.ccrXor(qb, from, sLo, sHi, qb, from, k);
                for (int i = 2 * from, o = 2 * off; i < 2 * to; i += 2, o += 2) {
                    qb[i] ^= out[o] ^ jLo;
                    qb[i + 1] ^= out[o + 1] ^ jHi;
                }
            }
            case KIND_RANDOM -> h.ccr(qb, from, out, off, k);
            case KIND_RANDOM_1 -> h.ccrXor(qb, from, sLo, sHi, out, off, k);
            case KIND_CHOSEN_0 -> {
                h.ccr(qb, from, hb, from, k);
                xorRange(hb, out, from, off, k);
            }
            default -> {
                h.ccrXor(qb, from, sLo, sHi, hb, from, k);
                xorRange(hb, out, from, off, k);
            }
        }
    }

    /** dst blocks [from, from + k) ^= src blocks [srcOff, srcOff + k). */
    private static void xorRange(long[] dst, long[] src, int from, int srcOff, int k) {
        for (int i = 2 * from, j = 2 * srcOff; i < 2 * (from + k); i++, j++) {
            dst[i] ^= src[j];
        }
    }

    private static void xorWith(long[] dst, long[] src, int srcLongOff, int mb) {
        for (int i = 0; i < 2 * mb; i++) {
            dst[i] ^= src[srcLongOff + i];
        }
    }

    /** Longs per matrix row for mb OTs: whole 128-OT groups, as the transpose takes them. */
    static int words(int mb) {
        return ((mb + 127) & ~127) >>> 6;
    }

    static void checkBlocks(String what, long[] a, int off, int n) {
        if (n < 0 || off < 0 || 2L * ((long) off + n) > a.length) {
            throw new IndexOutOfBoundsException(what + ": " + n + " blocks from block " + off
                    + " do not fit an array of " + a.length / 2 + " blocks");
        }
    }
}
