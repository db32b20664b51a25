package io.gcstream.ot;

import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.Logs;
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
import org.slf4j.Logger;

/**
 * The receiver of IKNP OT extension; see {@link OtExtensionSender} for the protocol. Choices
 * are given per call, either as booleans or bit-packed ({@code long[]}, bit i of the choice
 * string = bit {@code i % 64} of word {@code i / 64}, starting at bit offset {@code off}), so
 * they can be supplied batch by batch. The receiver's messages (the matrix U) depend only on its
 * choices and its own randomness, never on the sender's Delta or messages.
 *
 * <p>With {@link OtOptions.Builder#threads threads} above 1 (see {@link #close()}), the threads
 * claim the blocks of a call of random or session-Delta OTs in order and work each whole in
 * buffers of their own, each sending its block's U when the blocks before it are out (one
 * thread at a time, in order); a block's rows lie at a place of their own in the rows' streams,
 * so no thread waits for another's. Blocks the sender answers (correlated and chosen OTs), and
 * calls of one block, are split between the threads instead. The bytes sent are the same.
 *
 * <p>Not thread-safe; one session per channel.
 */
public final class OtExtensionReceiver implements AutoCloseable {
    private static final Logger LOG = Logs.get(OtExtensionReceiver.class);
    private static final int KAPPA = 128;
    /** Extra longs per matrix row so rows do not alias in the L1 cache (see BitMatrix). */
    private static final int ROW_PAD = 8;

    private final Channel ch;
    private final int blockSize;
    /** Per thread (0: this one's): the streams G(k^0_j) and G(k^1_j), read where a block's rows lie. */
    private final RowStreams[] rows0;
    private final RowStreams[] rows1;
    /** Where the next block's rows begin in each row's streams, in 16-byte blocks. */
    private long rowsAt;
    /**
     * Two buffer sets (T, U, choice bits), so the next block is prepared while one is in flight.
     * T and U are rows of bytes (see {@link BitMatrix}): the PRGs write them and U goes to the
     * channel as it is, with no conversion to and from longs. T's rows are padded for the
     * transpose; U's are not, so U is one contiguous write that bypasses the channel's buffer.
     */
    private final byte[][] t = new byte[2][];
    private final byte[][] u = new byte[2][];
    private final long[][] r = new long[2][];
    private final long[] tb;
    private final long[] y;
    private final long[] y1;
    private long[] srcBits;
    private boolean[] srcBools;
    private int srcOff;
    private final long[] tmp;
    private final CrHash hash = new CrHash();
    private long count;
    /** The threads that share each block's work. */
    private final ExtensionTeam threads;
    /** The team, or null for one thread. */
    private final Workers team;
    // The block being worked on by the team's jobs.
    private int jSlot;
    private int jMb;
    private long jAt;
    private long[] jOut;
    private int jOutOff;
    private boolean jHashed;
    private final Workers.Job prepareJob = this::preparePart;

    // A call's whole blocks on the team (see byTeam): per thread its T, U, choice bits and t_i
    // (index 0: buffer set 0 and tb, this thread's; the others made at the first such call).
    private final byte[][] wt;
    private final byte[][] wu;
    private final long[][] wr;
    private final long[][] wtb;
    private int cN;
    private int cBlocks;
    private long[] cOut;
    private int cOutOff;
    private boolean cHashed;
    private final AtomicInteger nextBlock = new AtomicInteger();
    /** Blocks whose U is sent. */
    private volatile int sent;
    /**
     * Blocks whose U is ready and maybe not sent: at {@code b % (2 * threads)}, b << 16 | the
     * thread holding it. Twice the threads, because a thread may hold two unsent blocks, its
     * last and the one it claimed after it, so the blocks from the next to send to the one
     * offered span up to 2 * threads - 1.
     */
    private final AtomicLongArray offers;
    /** Threads parked until more U is sent, by team thread. */
    private final AtomicReferenceArray<Thread> sentWaiters;
    /** Whether a thread is sending U: one at a time, blocks in order. */
    private final AtomicBoolean sending = new AtomicBoolean();
    private final ExtensionTeam.Claims claimLoop = this::claimLoop;
    private final Workers.Job transposeJob = this::transposePart;

    private OtExtensionReceiver(Channel ch, int blockSize, long[] k0, long[] k1, int threads) {
        this.ch = ch;
        this.blockSize = blockSize;
        this.tmp = BitMatrix.scratch(blockSize / 64);
        this.threads = new ExtensionTeam(threads, "ot-receiver", hash, tmp, blockSize);
        this.team = this.threads.team;
        int teamSize = this.threads.size();
        this.rows0 = new RowStreams[teamSize];
        this.rows1 = new RowStreams[teamSize];
        for (int k = 0; k < teamSize; k++) {
            rows0[k] = RowStreams.plain(k0);
            rows1[k] = RowStreams.xoring(k1);
        }
        int words = blockSize / 64 + ROW_PAD;
        for (int k = 0; k < 2; k++) {
            this.t[k] = new byte[8 * KAPPA * words];
            this.u[k] = new byte[KAPPA * (blockSize / 8)]; // unpadded rows of blockSize bits
            this.r[k] = new long[words];
        }
        this.tb = new long[2 * blockSize];
        this.wt = new byte[teamSize][];
        this.wu = new byte[teamSize][];
        this.wr = new long[teamSize][];
        this.wtb = new long[teamSize][];
        wt[0] = t[0];
        wu[0] = u[0];
        wr[0] = r[0];
        wtb[0] = tb;
        this.offers = new AtomicLongArray(2 * teamSize);
        this.sentWaiters = new AtomicReferenceArray<>(teamSize);
        this.y = new long[2 * blockSize];
        this.y1 = new long[2 * blockSize];
    }

    /**
     * Starts a session: checks the peer's header and runs the 128 base OTs
     * (Chou–Orlandi) as base-OT sender, whose random outputs are the seed pairs.
     * The peer must call {@link OtExtensionSender#setup} at the same time.
     */
    public static OtExtensionReceiver setup(Channel ch, OtOptions o) throws IOException {
        long t0 = System.nanoTime();
        BaseOtProtocol.CHOU_ORLANDI.prepare();
        Handshake.run(ch, Handshake.ROLE_RECEIVER, o.blockSize(), BaseOtProtocol.CHOU_ORLANDI);
        Prg rnd = Randomness.prg(o, "ot-extension-receiver");
        long[] k0 = new long[2 * KAPPA];
        long[] k1 = new long[2 * KAPPA];
        BaseOtProtocol.CHOU_ORLANDI.create(BaseOtProtocol.THREADS, rnd).sendRandom(ch, KAPPA, k0, k1);
        LOG.debug("OT extension receiver set up with {}: {} base OTs in {} ms ({})", ch.peer(),
                KAPPA, (System.nanoTime() - t0) / 1_000_000, o);
        return new OtExtensionReceiver(ch, o.blockSize(), k0, k1, o.threads());
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
        source(choices, null, off);
        pipelined(n, out, outOff, false);
    }

    /** As {@link #correlated(long[], int, int, long[], int)} with choices[off..off+n). */
    void correlated(boolean[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBools(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.CORRELATED, n);
        source(null, choices, off);
        pipelined(n, out, outOff, false);
    }

    /**
     * Matches the sender's correlated OTs with its session Delta s ({@code SessionDeltaOt}):
     * {@code out} gets x_i ^ c_i s, the choices packed ({@code choices}) or not ({@code bools}).
     * Sends U only; receives nothing.
     */
    void correlatedSessionDelta(long[] choices, boolean[] bools, int off, int n, long[] out, int outOff)
            throws IOException {
        if (bools != null) {
            checkBools(bools, off, n);
        } else {
            checkBits(choices, off, n);
        }
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.CORRELATED_SESSION_DELTA, n);
        source(choices, bools, off);
        streamed(n, out, outOff, false);
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
        source(choices, null, off);
        streamed(n, out, outOff, true);
    }

    /** As {@link #random(long[], int, int, long[], int)} with boolean choices. */
    void random(boolean[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBools(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.RANDOM, n);
        source(null, choices, off);
        streamed(n, out, outOff, true);
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
        source(choices, null, off);
        pipelined(n, out, outOff, true);
    }

    /** As {@link #chosen(long[], int, int, long[], int)} with boolean choices. */
    void chosen(boolean[] choices, int off, int n, long[] out, int outOff)
            throws IOException {
        checkBools(choices, off, n);
        OtExtensionSender.checkBlocks("out", out, outOff, n);
        if (n == 0) {
            return;
        }
        Handshake.announce(ch, Handshake.CHOSEN, n);
        source(null, choices, off);
        pipelined(n, out, outOff, true);
    }

    /** OTs extended so far in this session. */
    long count() {
        return count;
    }

    /** Kinds without an answer from the sender: send U block after block. */
    private void streamed(int n, long[] out, int outOff, boolean hashed) throws IOException {
        try {
            streamedBlocks(n, out, outOff, hashed);
        } finally {
            source(null, null, 0);
        }
    }

    private void streamedBlocks(int n, long[] out, int outOff, boolean hashed)
            throws IOException {
        if (n > blockSize && parallel(blockSize) && threads.teamOpen()) {
            byTeam(n, out, outOff, hashed);
            return;
        }
        for (int done = 0; done < n; done += blockSize) {
            int mb = Math.min(blockSize, n - done);
            loadChoices(done, mb, r[0]);
            if (parallel(mb)) {
                prepareOnTeam(0, mb);
                // The team transposes (and hashes) T while this thread sends U.
                setBlock(0, mb, out, outOff + done, hashed);
                team.start(transposeJob, team.threads());
                try {
                    sendU(0, mb);
                } catch (IOException | RuntimeException e) {
                    team.finishQuietly();
                    throw e;
                }
                team.finish();
                jOut = null;
                continue;
            }
            prepare(0, mb);
            sendU(0, mb);
            int words = OtExtensionSender.words(mb);
            if (!hashed && 64 * words == mb) {
                // Whole 128-OT groups: the transpose fills exactly the caller's blocks, no copy.
                BitMatrix.transpose128(t[0], words, words + ROW_PAD, out, outOff + done, tmp);
                continue;
            }
            transposeT(0, mb);
            if (hashed) {
                hash.ccr(tb, 0, out, outOff + done, mb);
            } else {
                System.arraycopy(tb, 0, out, 2 * (outOff + done), 2 * mb);
            }
        }
    }

    /**
     * Kinds with an answer per block (correlated, chosen). While the sender works on block b,
     * this side transposes and hashes T_b and already computes U_(b+1) into the other buffer
     * set; U_(b+1) is sent only after the answer to block b has been read, so neither side ever
     * writes more than one block ahead of what the other has read (no deadlock with bounded
     * buffers).
     */
    private void pipelined(int n, long[] out, int outOff, boolean chosen) throws IOException {
        try {
            pipelinedBlocks(n, out, outOff, chosen);
        } finally {
            source(null, null, 0); // do not keep the caller's array
        }
    }

    private void pipelinedBlocks(int n, long[] out, int outOff, boolean chosen)
            throws IOException {
        int cur = 0;
        int mb = Math.min(blockSize, n);
        loadChoices(0, mb, r[cur]);
        if (parallel(mb)) {
            prepareOnTeam(cur, mb);
        } else {
            prepare(cur, mb);
        }
        sendU(cur, mb);
        int done = 0;
        while (done < n) {
            int next = done + mb;
            int nextMb = Math.min(blockSize, n - next);
            if (parallel(mb)) {
                setBlock(cur, mb, out, outOff + done, true);
                team.run(transposeJob, team.threads());
                jOut = null;
            } else {
                transposeT(cur, mb);
                hash.ccr(tb, 0, out, outOff + done, mb);
            }
            if (nextMb > 0) {
                loadChoices(next, nextMb, r[cur ^ 1]);
            }
            if (parallel(nextMb)) {
                // The team prepares the next block while this thread reads the answer.
                jSlot = cur ^ 1;
                jMb = nextMb;
                jAt = nextRows(nextMb);
                team.start(prepareJob, team.threads());
                try {
                    readAnswer(mb, chosen);
                } catch (IOException | RuntimeException e) {
                    team.finishQuietly();
                    throw e;
                }
                team.finish();
                count += nextMb;
            } else {
                if (nextMb > 0) {
                    prepare(cur ^ 1, nextMb);
                }
                readAnswer(mb, chosen);
            }
            applyAnswer(cur, mb, out, outOff + done, chosen);
            if (nextMb > 0) {
                sendU(cur ^ 1, nextMb);
            }
            done = next;
            mb = nextMb;
            cur ^= 1;
        }
    }

    /**
     * The call's blocks on the team, whole: every thread, this one too, claims blocks in order
     * and works each in buffers of its own ({@link #claimLoop}): its choices, its rows of T and U
     * (read where the block's rows lie in the streams), then, once its U is offered for
     * sending, the transpose of T into the caller's blocks. U goes out in block order: the thread
     * that offers a block next in line sends it, and every following one already offered, unless
     * another thread is sending ({@link #offer}). A thread waits only before it writes a U, for
     * its last one to have gone out; each wait spins briefly, then parks until the sending
     * thread wakes it.
     */
    private void byTeam(int n, long[] out, int outOff, boolean hashed) throws IOException {
        teamState();
        cN = n;
        cBlocks = (n + blockSize - 1) / blockSize;
        cOut = out;
        cOutOff = outOff;
        cHashed = hashed;
        nextBlock.set(0);
        sent = 0;
        for (int k = 0; k < offers.length(); k++) {
            offers.set(k, -1);
        }
        count += n;
        try {
            threads.claimAll(claimLoop);
        } finally {
            cOut = null;
        }
        int last = cN - (cBlocks - 1) * blockSize;
        rowsAt += (long) (cBlocks - 1) * (OtExtensionSender.words(blockSize) / 2) + OtExtensionSender.words(last) / 2;
    }

    /** Claims blocks of the call and works each, on team thread {@code thread}, until none is left. */
    private void claimLoop(int thread) throws IOException {
        int last = -1;
        while (!threads.abandoned()) {
            int b = nextBlock.getAndIncrement();
            if (b >= cBlocks) {
                return;
            }
            int mb = Math.min(blockSize, cN - b * blockSize);
            loadChoices(b * blockSize, mb, wr[thread]);
            // This thread's U buffer is written again only once its last block's U is out.
            if (!awaitSent(last + 1, thread)) {
                return;
            }
            prepareRows(wt[thread], wu[thread], wr[thread], mb, 0, KAPPA,
                    rowsAt + (long) b * (OtExtensionSender.words(blockSize) / 2), thread);
            offer(b, thread);
            transposeInto(wt[thread], mb, cOut, cOutOff + b * blockSize, cHashed, wtb[thread],
                    threads.tmps[thread], threads.hashes[thread], 0, OtExtensionSender.words(mb));
            last = b;
        }
    }

    /**
     * Block {@code b}'s U, in {@code thread}'s buffer, is ready to go: sends it and every later
     * one offered, in order, if it is next in line and no other thread is sending; else the
     * thread sending now, or the one that offers the block before it, sends it. A thread that
     * stops sending looks once more for an offer made while it held the channel, and wakes the
     * threads waiting for U to go out.
     */
    private void offer(int b, int thread) throws IOException {
        offers.set(b % offers.length(), (long) b << 16 | thread);
        while (nextOffered() && !sending.get() && sending.compareAndSet(false, true)) {
            try {
                int k;
                while (nextOffered() && (k = sent) < cBlocks) {
                    int from = (int) (offers.get(k % offers.length()) & 0xFFFF);
                    ch.write(wu[from], 0, KAPPA * 8 * OtExtensionSender.words(Math.min(blockSize, cN - k * blockSize)));
                    sent = k + 1;
                }
                ch.flush();
            } finally {
                sending.set(false);
                ExtensionTeam.wake(sentWaiters);
            }
        }
    }

    /** Whether the next block in line to send has been offered. */
    private boolean nextOffered() {
        int k = sent;
        return k < cBlocks && offers.get(k % offers.length()) >>> 16 == k;
    }

    /**
     * Team thread {@code thread} waits until the U of {@code blocks} blocks is sent, spinning
     * briefly, then parked until the sending thread wakes it; false if a thread failed.
     */
    private boolean awaitSent(int blocks, int thread) {
        int steps = 0;
        while (sent < blocks) {
            if (steps < Spin.LIMIT) {
                if (!threads.waitStep(steps++)) {
                    return false;
                }
                continue;
            }
            sentWaiters.set(thread, Thread.currentThread());
            if (sent < blocks && !threads.waitStep(steps)) {
                sentWaiters.set(thread, null);
                return false;
            }
            sentWaiters.set(thread, null);
        }
        Spin.ended(Math.min(steps, Spin.LIMIT));
        return true;
    }

    /**
     * Makes the buffers the team's threads work whole blocks in, at the team's first such call:
     * per thread but this one (which uses buffer set 0) its T, U, choice bits and t_i.
     */
    private void teamState() {
        for (int k = 1; k < wt.length; k++) {
            if (wt[k] == null) {
                wt[k] = new byte[t[0].length];
                wu[k] = new byte[u[0].length];
                wr[k] = new long[r[0].length];
                wtb[k] = new long[tb.length];
            }
        }
    }

    /** Reads the sender's answer to a block of mb OTs: y (and y1 for chosen OTs). */
    private void readAnswer(int mb, boolean chosen) throws IOException {
        ch.readLongs(y, 0, 2 * mb);
        if (chosen) {
            ch.readLongs(y1, 0, 2 * mb);
        }
    }

    /** out ^= the answer where the choice bit is set (correlated), or the chosen one of two. */
    private void applyAnswer(int slot, int mb, long[] out, int outOff, boolean chosen) {
        long[] c = r[slot];
        int o = 2 * outOff;
        if (chosen) {
            for (int i = 0; i < mb; i++) {
                long mask = -((c[i >>> 6] >>> (i & 63)) & 1);
                out[o + 2 * i] ^= (y[2 * i] & ~mask) | (y1[2 * i] & mask);
                out[o + 2 * i + 1] ^= (y[2 * i + 1] & ~mask) | (y1[2 * i + 1] & mask);
            }
            return;
        }
        for (int i = 0; i < mb; i++) {
            long mask = -((c[i >>> 6] >>> (i & 63)) & 1);
            out[o + 2 * i] ^= y[2 * i] & mask;
            out[o + 2 * i + 1] ^= y[2 * i + 1] & mask;
        }
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

    /** {@link #prepare} on the team. */
    private void prepareOnTeam(int slot, int mb) {
        jSlot = slot;
        jMb = mb;
        jAt = nextRows(mb);
        team.run(prepareJob, team.threads());
        count += mb;
    }

    /** Where the rows of the next block, of mb OTs, lie in the streams; the place after it is next. */
    private long nextRows(int mb) {
        long at = rowsAt;
        rowsAt += OtExtensionSender.words(mb) / 2;
        return at;
    }

    private void setBlock(int slot, int mb, long[] out, int outOff, boolean hashed) {
        jSlot = slot;
        jMb = mb;
        jOut = out;
        jOutOff = outOff;
        jHashed = hashed;
    }

    /** Team job: the rows of T and U of part p (rows split evenly), as {@link #prepare}. */
    private void preparePart(int part, int thread) {
        int parts = team.threads();
        prepareRows(t[jSlot], u[jSlot], r[jSlot], jMb, KAPPA * part / parts, KAPPA * (part + 1) / parts, jAt, thread);
    }

    /** Team job: part p of the words of the block's T into the caller's blocks ({@link #transposeInto}). */
    private void transposePart(int part, int thread) {
        int words = OtExtensionSender.words(jMb);
        int parts = team.threads();
        transposeInto(t[jSlot], jMb, jOut, jOutOff, jHashed, tb, threads.tmps[thread], threads.hashes[thread],
                BitMatrix.partStart(words, part, parts), BitMatrix.partStart(words, part + 1, parts));
    }

    /**
     * Words [from, to) of T ({@code tm}, mb OTs) transposed into {@code out} from block
     * {@code outOff}: straight for whole 128-OT groups not hashed, else through {@code tbuf},
     * hashed by {@code h} if {@code hashed}.
     */
    private void transposeInto(byte[] tm, int mb, long[] out, int outOff, boolean hashed, long[] tbuf,
            long[] scratch, CrHash h, int from, int to) {
        int words = OtExtensionSender.words(mb);
        if (!hashed && 64 * words == mb) {
            BitMatrix.transpose128(tm, words, words + ROW_PAD, from, to, out, outOff, scratch);
            return;
        }
        BitMatrix.transpose128(tm, words, words + ROW_PAD, from, to, tbuf, 0, scratch);
        int b0 = Math.min(mb, 64 * from);
        int k = Math.min(mb, 64 * to) - b0;
        if (k <= 0) {
            return;
        }
        if (hashed) {
            h.ccr(tbuf, b0, out, outOff + b0, k);
        } else {
            System.arraycopy(tbuf, 2 * b0, out, 2 * (outOff + b0), 2 * k);
        }
    }

    /** T = G(k^0) and U = T ^ G(k^1) ^ r for the mb OTs of buffer set {@code slot}. */
    private void prepare(int slot, int mb) {
        prepareRows(t[slot], u[slot], r[slot], mb, 0, KAPPA, nextRows(mb), 0);
        count += mb;
    }

    /**
     * Rows [from, to) of T and U into {@code ts} and {@code us} for mb OTs of choice bits
     * {@code c}, the rows lying at {@code at} in thread {@code thread}'s streams.
     */
    private void prepareRows(byte[] ts, byte[] us, long[] c, int mb, int from, int to, long at, int thread) {
        int words = OtExtensionSender.words(mb);
        int rowBytes = 8 * words;
        int stride = 8 * (words + ROW_PAD);
        RowStreams s0 = rows0[thread];
        RowStreams s1 = rows1[thread];
        for (int j = from; j < to; j++) {
            int tBase = j * stride;
            int uBase = j * rowBytes;
            s0.read(j, at, ts, tBase, rowBytes);
            // u_j = G(k1_j) ^ t_j ^ r: counter mode XORs t_j in while it makes G(k1_j).
            s1.xorRead(j, at, ts, tBase, us, uBase, rowBytes);
            for (int w = 0, o = uBase; w < words; w++, o += 8) {
                Blocks.putLong(us, o, Blocks.getLong(us, o) ^ c[w]);
            }
        }
    }

    private void sendU(int slot, int mb) throws IOException {
        ch.write(u[slot], 0, KAPPA * 8 * OtExtensionSender.words(mb));
        ch.flush();
    }

    /** Leaves t_i (i < mb) of buffer set {@code slot} in tb. */
    private void transposeT(int slot, int mb) {
        int words = OtExtensionSender.words(mb);
        BitMatrix.transpose128(t[slot], words, words + ROW_PAD, tb, 0, tmp);
    }

    /** The current call's choices: exactly one of the arrays is set. */
    private void source(long[] bits, boolean[] bools, int off) {
        this.srcBits = bits;
        this.srcBools = bools;
        this.srcOff = off;
    }

    /** Copies choices [done, done+mb) of the current call into {@code dst}, zero-padded. */
    private void loadChoices(int done, int mb, long[] dst) {
        int words = OtExtensionSender.words(mb);
        if (srcBools != null) {
            // No branch on a choice bit.
            Blocks.packInto(srcBools, srcOff + done, mb, dst);
            java.util.Arrays.fill(dst, (mb + 63) >>> 6, words, 0L);
            return;
        }
        long[] choices = srcBits;
        int bitOff = srcOff + done;
        int w0 = bitOff >>> 6;
        int sh = bitOff & 63;
        int full = (mb + 63) >>> 6;
        for (int w = 0; w < full; w++) {
            long lo = choices[w0 + w] >>> sh;
            long hi = (sh != 0 && w0 + w + 1 < choices.length)
                    ? choices[w0 + w + 1] << (64 - sh) : 0;
            dst[w] = lo | hi;
        }
        if ((mb & 63) != 0) {
            dst[full - 1] &= (1L << (mb & 63)) - 1;
        }
        for (int w = full; w < words; w++) {
            dst[w] = 0;
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
