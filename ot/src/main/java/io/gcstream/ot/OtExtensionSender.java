package io.gcstream.ot;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.Logs;
import io.gcstream.ot.internal.SessionDeltaOt;
import io.gcstream.ot.internal.base.BaseOtProtocol;
import io.gcstream.ot.internal.crypto.Blocks;
import io.gcstream.ot.internal.crypto.CrHash;
import io.gcstream.ot.internal.crypto.Prg;
import io.gcstream.ot.internal.crypto.RowStreams;
import io.gcstream.ot.internal.ext.BitMatrix;
import io.gcstream.ot.internal.parallel.Spin;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
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
 * <p>With {@link OtOptions.Builder#threads threads} above 1 (see {@link #close()}), the threads
 * claim a call's blocks in order and extend each whole in buffers of their own, each reading
 * the receiver's U from the channel when it needs it and no other thread is reading (one at a
 * time, in order); a block's rows lie at a place of their own in the rows' streams, so no
 * thread waits for another's. Where the receiver sends the next U only once it has this
 * block's answer (correlated and chosen OTs), and for a call of one block, the threads share
 * each block instead: its rows by ranges of rows while the calling thread reads U, then its
 * words by ranges. The bytes sent are the same.
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

    private static final int KIND_SESSION_DELTA = 0;
    private static final int KIND_CORRELATED = 1;
    private static final int KIND_RANDOM = 2;
    private static final int KIND_CHOSEN = 3;

    private final Channel ch;
    private final int blockSize;
    private final long sLo;
    private final long sHi;
    private final CrHash hash = new CrHash();
    private long count;
    /** The threads that extend a call's blocks. */
    private final ExtensionTeam threads;
    /** The team, or null for one thread. */
    private final Workers team;

    /** Per thread (0: the caller's): the rows' streams G(k^s_j), read where a block's rows lie. */
    private final RowStreams[] rows;
    /** Where the call's rows begin in each row's stream, in 16-byte blocks. */
    private long rowsAt;
    // Per thread of the team (0: the caller's): the matrix Q as rows of bytes (see BitMatrix;
    // rows padded for the transpose) and the block's q_i as blocks (made on first use: the
    // session-Delta OTs of whole groups transpose into their output).
    private final byte[][] qs;
    private final long[][] qbs;

    // Per thread: the U of the block it extends, as the receiver sent it (unpadded rows, read in
    // one call that bypasses the channel's buffer).
    private final byte[][] us;
    /** A block's answer, for the kinds that send one (made on first use). */
    private long[] answer = new long[0];

    // The call being extended.
    private int cKind;
    private int cN;
    private int cBlocks;
    private long[] cOut0;
    private int cOff0;
    private long[] cOut1;
    private int cOff1;
    private long cLo;
    private long cHi;

    // The team's claims on the call's whole blocks (see extendByTeam).
    private final AtomicInteger nextBlock = new AtomicInteger();
    /** Blocks whose U has been read. */
    private volatile int uRead;
    /** Whether a thread is reading U from the channel: one at a time, blocks in order. */
    private final AtomicBoolean reading = new AtomicBoolean();
    /**
     * Who claimed the blocks whose U may still be unread: at {@code b % threads}, b << 16 | the
     * claiming thread (such blocks are claimed and not extended, at most one a thread).
     */
    private final AtomicLongArray claims;
    /** Per thread: the thread while it is parked waiting for a U, else null. */
    private final AtomicReferenceArray<Thread> uWaiters;
    private final ExtensionTeam.Claims claimLoop = this::claimLoop;

    /** The block {@link #extendShared} shares out. */
    private int shared;
    private final Workers.Job rowsJob = this::rowsPart;
    private final Workers.Job sharedJob = this::sharedPart;

    private OtExtensionSender(Channel ch, int blockSize, long sLo, long sHi, long[] seeds,
            int threads) {
        this.ch = ch;
        this.blockSize = blockSize;
        this.sLo = sLo;
        this.sHi = sHi;
        this.threads = new ExtensionTeam(threads, "ot-sender", hash, BitMatrix.scratch(blockSize / 64), blockSize);
        this.team = this.threads.team;
        int t = this.threads.size();
        this.qs = new byte[t][];
        this.qbs = new long[t][];
        this.us = new byte[t][];
        this.claims = new AtomicLongArray(t);
        this.uWaiters = new AtomicReferenceArray<>(t);
        this.rows = new RowStreams[t];
        for (int k = 0; k < t; k++) {
            rows[k] = RowStreams.plain(seeds);
        }
        qs[0] = new byte[qBytes()];
        us[0] = new byte[KAPPA * (blockSize / 8)];
    }

    /** Bytes of Q: 128 rows of a block's words, padded. */
    private int qBytes() {
        return 8 * KAPPA * (blockSize / 64 + ROW_PAD);
    }

    /**
     * Makes what the team's threads extend blocks with, on this thread, at the team's first
     * call: per thread its Q, q_i and U buffers. A session whose calls are
     * all below a block worth sharing never makes them.
     */
    private void teamState() {
        for (int k = 0; k < qs.length; k++) {
            if (qs[k] == null) {
                qs[k] = new byte[qBytes()];
            }
            if (qbs[k] == null) {
                qbs[k] = new long[2 * blockSize];
            }
        }
        for (int k = 0; k < us.length; k++) {
            if (us[k] == null) {
                us[k] = new byte[KAPPA * (blockSize / 8)];
            }
        }
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
        extend(KIND_CORRELATED, n, out, outOff, null, 0, deltaLo, deltaHi);
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
        extend(KIND_SESSION_DELTA, n, out, outOff, null, 0, 0, 0);
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
        extend(KIND_RANDOM, n, out0, out0Off, out1, out1Off, 0, 0);
    }

    /** n chosen-message OTs of the blocks m0_i, m1_i; the receiver gets m_{c_i}. */
    public void chosen(long[] m0, int m0Off, long[] m1, int m1Off, int n) throws IOException {
        checkBlocks("m0", m0, m0Off, n);
        checkBlocks("m1", m1, m1Off, n);
        if (n == 0) {
            return;
        }
        Handshake.expect(ch, Handshake.CHOSEN, n);
        extend(KIND_CHOSEN, n, m0, m0Off, m1, m1Off, 0, 0);
    }

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

    /**
     * One call of n OTs of {@code kind}, block by block: on the team if a block is worth handing
     * to another thread, else on this thread alone. {@code out0}/{@code out1} are the kind's
     * outputs (for chosen OTs, its messages m0 and m1) from blocks {@code off0}/{@code off1};
     * (lo, hi) the correlation of correlated OTs.
     */
    private void extend(int kind, int n, long[] out0, int off0, long[] out1, int off1, long lo, long hi)
            throws IOException {
        int blocks = (int) ((n + (long) blockSize - 1) / blockSize);
        cKind = kind;
        cN = n;
        cBlocks = blocks;
        cOut0 = out0;
        cOff0 = off0;
        cOut1 = out1;
        cOff1 = off1;
        cLo = lo;
        cHi = hi;
        count += n;
        boolean byTeam = Math.min(n, blockSize) >= ExtensionTeam.MIN_PARALLEL_OTS && threads.teamOpen();
        // Whole blocks, one a thread, where U comes ahead of the answers; else each block shared
        // (the receiver sends the next U only once it has this block's answer).
        boolean whole = byTeam && blocks > 1 && !sends(kind);
        if (byTeam) {
            teamState();
        }
        int answerLongs = kind == KIND_CHOSEN ? 4 * blockSize : kind == KIND_CORRELATED ? 2 * blockSize : 0;
        if (answer.length < answerLongs) {
            answer = new long[answerLongs];
        }
        try {
            if (whole) {
                extendByTeam();
            } else {
                for (int b = 0; b < blocks; b++) {
                    if (byTeam) {
                        extendShared(b);
                        continue;
                    }
                    // Our rows do not depend on U: make them before blocking on the receiver.
                    makeRows(b, 0, qs[0], 0, KAPPA);
                    readU(b, us[0]);
                    extendPart(b, 0, 1, 0);
                    send(b);
                }
            }
        } finally {
            cOut0 = null;
            cOut1 = null;
        }
        rowsAt += (long) (blocks - 1) * (words(blockSize) / 2) + words(blockOts(blocks - 1)) / 2;
    }

    /**
     * The call's blocks on the team, whole (kinds without an answer): every thread, this one
     * too, claims blocks in order and extends each ({@link #claimLoop}), reading the block's U
     * itself when no other thread is reading ({@link #haveU}), into a buffer of its own, so that
     * a block's U mostly lands in the cache of the thread that unmasks it and no thread waits
     * for another to get round to reading it. U comes in block order, so a reader also reads the
     * unread U of blocks claimed before its own, into their threads' buffers (free: a thread
     * claims a block once its last one is extended). A thread waits only for the thread reading
     * U now, never for a block another thread extends, so one thread that loses its core holds
     * up the others only while it reads U; each wait spins briefly, then parks.
     */
    private void extendByTeam() throws IOException {
        nextBlock.set(0);
        uRead = 0;
        for (int k = 0; k < claims.length(); k++) {
            claims.set(k, -1);
        }
        threads.claimAll(claimLoop);
    }

    /** Claims blocks of the call and extends each, on team thread {@code thread}, until none is left. */
    private void claimLoop(int thread) throws IOException {
        while (!threads.abandoned()) {
            int b = nextBlock.getAndIncrement();
            if (b >= cBlocks) {
                return;
            }
            claims.set(b % claims.length(), (long) b << 16 | thread);
            // The rows do not depend on U: made before this thread may wait for it.
            makeRows(b, thread, qs[thread], 0, KAPPA);
            if (!haveU(b, thread)) {
                return;
            }
            extendPart(b, 0, 1, thread);
        }
    }

    /**
     * Makes sure block {@code b}'s U is read: this thread reads it, and any U before it still
     * unread, unless another thread is reading; then it waits for that one, and reads on if U
     * of {@code b} is still unread when that one is done. False if a thread failed.
     */
    private boolean haveU(int b, int thread) throws IOException {
        int spins = 0;
        while (uRead <= b) {
            if (threads.abandoned()) {
                return false;
            }
            if (!reading.get() && reading.compareAndSet(false, true)) {
                try {
                    for (int r = uRead; r <= b; r++) {
                        int claimer = claimer(r);
                        if (claimer < 0) {
                            return false;
                        }
                        readU(r, us[claimer]);
                    }
                } finally {
                    reading.set(false);
                    ExtensionTeam.wake(uWaiters);
                }
                break;
            }
            if (spins < Spin.LIMIT) {
                spins++;
                Thread.onSpinWait();
                continue;
            }
            uWaiters.set(thread, Thread.currentThread());
            if (uRead <= b && reading.get() && !threads.abandoned()) {
                LockSupport.parkNanos(this, ExtensionTeam.WAIT_NANOS);
            }
            uWaiters.set(thread, null);
        }
        Spin.ended(Math.min(spins, Spin.LIMIT));
        return true;
    }

    /**
     * The thread that claimed block {@code r}, whose U is unread: it records its claim right
     * after it (a later block in the same place needs this one's U read first); -1 if a thread
     * failed.
     */
    private int claimer(int r) {
        int steps = 0;
        long c;
        while ((c = claims.get(r % claims.length())) >>> 16 != r) {
            if (!threads.waitStep(steps++)) {
                return -1;
            }
        }
        Spin.ended(Math.min(steps, Spin.LIMIT));
        return (int) (c & 0xFFFF);
    }

    /** Reads block {@code b}'s U into {@code u}. */
    private void readU(int b, byte[] u) throws IOException {
        int mb = blockOts(b);
        ch.readFully(u, 0, (int) (KAPPA * rowBytes(mb)));
        uRead = b + 1;
    }

    /** Sends block {@code b}'s answer, for the kinds that answer. */
    private void send(int b) throws IOException {
        if (!sends(cKind)) {
            return;
        }
        int mb = blockOts(b);
        ch.writeLongs(answer, 0, (cKind == KIND_CHOSEN ? 4 : 2) * mb);
        ch.flush();
    }

    private static boolean sends(int kind) {
        return kind == KIND_CORRELATED || kind == KIND_CHOSEN;
    }

    /**
     * Rows [from, to) of G(k^s) for block {@code b} into {@code q}, from thread {@code thread}'s
     * streams: the block's first step, which needs no U. Every block's rows lie at a place of
     * their own in the streams (after the full blocks before it), so threads make them at once.
     */
    private void makeRows(int b, int thread, byte[] q, int from, int to) {
        int words = words(blockOts(b));
        int stride = 8 * (words + ROW_PAD);
        long at = rowsAt + (long) b * (words(blockSize) / 2);
        for (int j = from; j < to; j++) {
            rows[thread].read(j, at, q, j * stride, 8 * words);
        }
    }

    /** OTs in block {@code b} of the call: a full block but for the last. */
    private int blockOts(int b) {
        return Math.min(blockSize, cN - b * blockSize);
    }

    /**
     * The block {@code b} of the call shared by the team in parts: the threads make its rows, a
     * range of rows each, while this thread reads its U; then each extends a range of its words;
     * then this thread sends the answer.
     */
    private void extendShared(int b) throws IOException {
        shared = b;
        team.start(rowsJob, team.threads());
        try {
            readU(b, us[0]);
        } catch (IOException | RuntimeException e) {
            team.finishQuietly();
            throw e;
        }
        team.finish();
        team.run(sharedJob, team.threads());
        send(b);
    }

    /** Team job of {@link #extendShared}: the rows [128 p / parts, 128 (p + 1) / parts) of the block. */
    private void rowsPart(int part, int thread) {
        int parts = team.threads();
        makeRows(shared, thread, qs[0], KAPPA * part / parts, KAPPA * (part + 1) / parts);
    }

    /** Team job of {@link #extendShared}: part p of the block's words. */
    private void sharedPart(int part, int thread) {
        extendPart(shared, part, team.threads(), thread);
    }

    /**
     * The rest of part {@code part} of {@code parts} of block {@code b} on the team's thread
     * {@code thread}, once its {@link #rows} are made and the block's U is read:
     * Q = G(k^s) ^ s.U for its words, their transpose into q_i = t_i ^ c_i s, and the kind's
     * outputs and answer for those OTs.
     */
    private void extendPart(int b, int part, int parts, int thread) {
        int first = b * blockSize;
        int mb = blockOts(b);
        int words = words(mb);
        int from = BitMatrix.partStart(words, part, parts);
        int to = BitMatrix.partStart(words, part + 1, parts);
        if (from < to) {
            // A whole block is in its thread's Q and U, a shared one in the caller's.
            int own = parts == 1 ? thread : 0;
            byte[] q = qs[own];
            unmask(q, us[own], words, from, to);
            long[] tmp = threads.tmps[thread];
            int lo = 64 * from;
            int k = Math.min(64 * to, mb) - lo;
            if (cKind == KIND_SESSION_DELTA && 64 * words == mb) {
                // Whole 128-OT groups: the transpose fills exactly the caller's blocks, no copy.
                BitMatrix.transpose128(q, words, words + ROW_PAD, from, to, cOut0, cOff0 + first, tmp);
            } else {
                long[] x = qbs[thread];
                if (x == null) {
                    x = qbs[thread] = new long[2 * blockSize]; // thread 0 alone: made on first use
                }
                BitMatrix.transpose128(q, words, words + ROW_PAD, from, to, x, 0, tmp);
                outputs(x, lo, k, mb, first, threads.hashes[thread]);
            }
        }
    }

    /**
     * The kind's outputs and answer for the k q_i from {@code lo} in x, of a block of mb OTs
     * whose first is OT {@code first} of the call.
     */
    private void outputs(long[] x, int lo, int k, int mb, int first, CrHash h) {
        int at = first + lo;
        switch (cKind) {
            case KIND_SESSION_DELTA -> System.arraycopy(x, 2 * lo, cOut0, 2 * (cOff0 + at), 2 * k);
            case KIND_CORRELATED -> {
                // x_i = H(q_i) to out; y_i = x_i ^ Delta ^ H(q_i ^ s) the answer.
                long[] y = answer;
                long[] out = cOut0;
                h.ccr(x, lo, out, cOff0 + at, k);
                h.ccrXor(x, lo, sLo, sHi, y, lo, k);
                for (int i = 2 * lo, o = 2 * (cOff0 + at); i < 2 * (lo + k); i += 2, o += 2) {
                    y[i] ^= out[o] ^ cLo;
                    y[i + 1] ^= out[o + 1] ^ cHi;
                }
            }
            case KIND_RANDOM -> {
                h.ccr(x, lo, cOut0, cOff0 + at, k);
                h.ccrXor(x, lo, sLo, sHi, cOut1, cOff1 + at, k);
            }
            default -> {
                // The answer: m0_i ^ H(q_i) for the block's mb OTs, then m1_i ^ H(q_i ^ s).
                long[] y = answer;
                h.ccr(x, lo, y, lo, k);
                h.ccrXor(x, lo, sLo, sHi, y, mb + lo, k);
                xorWith(y, 2 * lo, cOut0, 2 * (cOff0 + at), 2 * k);
                xorWith(y, 2 * (mb + lo), cOut1, 2 * (cOff1 + at), 2 * k);
            }
        }
    }

    /** Q's rows ^= U's rows masked by the bits of s, for words [from, to) of each row. */
    private void unmask(byte[] q, byte[] u, int words, int from, int to) {
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

    /** dst longs [dstOff, dstOff + n) ^= src longs [srcOff, srcOff + n). */
    private static void xorWith(long[] dst, int dstOff, long[] src, int srcOff, int n) {
        for (int i = 0; i < n; i++) {
            dst[dstOff + i] ^= src[srcOff + i];
        }
    }

    /** Bytes of a matrix row for a block of mb OTs. */
    private static long rowBytes(int mb) {
        return 8L * words(mb);
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
