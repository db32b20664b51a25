package io.gcstream.engine.internal.session;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.GateSink;
import io.gcstream.circuits.internal.ReplayingWalker;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.circuits.SafeText;
import io.gcstream.circuits.internal.SplitPlan;
import io.gcstream.engine.HandshakeMismatchException;
import io.gcstream.engine.ProgressListener;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.SessionException;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.internal.garble.CodeWalker;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.GateLoop;
import io.gcstream.engine.internal.garble.ParallelLoop;
import io.gcstream.engine.internal.garble.ReadAhead;
import io.gcstream.engine.internal.garble.TweakableHash;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.TunedChannel;
import io.gcstream.ot.internal.crypto.Prg;
import io.gcstream.ot.internal.parallel.TaskPool;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.LongFunction;

/**
 * One party's side of the per-run protocol, and the state it keeps across the runs of a
 * session: channel, randomness, hash, and the gate counter that continues across runs so that
 * no hash tweak repeats under the session's Δ. Subclasses: {@link CreatorProtocol},
 * {@link EvaluatorProtocol}. Internal; used by {@code GcSession}. See docs/protocol.md.
 */
public abstract class Protocol {
    /** Input and output labels move in chunks of this many blocks, so memory does not grow with them. */
    static final int CHUNK = 4096;
    /** Gates between two calls of a {@link ProgressListener}, roughly (its contract says 2^22). */
    static final long PROGRESS_INTERVAL = 1 << 22;
    /** "END1" + "GATE": written after the garbled tables, with the gate counter. */
    static final long END_MAGIC = 0x4554414731444e45L;
    /** Tweaks of the output-check hashes have the top bit set; gate tweaks never do. */
    static final long OUTPUT_TWEAKS = Long.MIN_VALUE;
    /** Longest error message accepted from the peer. */
    static final int MAX_MESSAGE = 4096;

    final Channel ch;
    final Prg prg;
    final GarblingScheme scheme;
    final TweakableHash hash = new TweakableHash();
    /** Threads this party computes on (its OT extension all of them; the gate loop {@link #gateLoopThreads}). */
    final int threads;
    /** Threads the gate loop may use, read-ahead included: {@link #threads} unless capped. */
    private int gateLoopThreads;
    /** Threads for runs computed beside each other ({@link #parallelRuns}): {@link #threads} unless set. */
    private int runThreads;
    /** The team of the gate loop, made by the first run that needs it. */
    private Workers team;
    /** Labels of one chunk; grown to the largest chunk the session's circuits need (see {@link #ensureChunk}). */
    long[] chunk = new long[0];
    /** Scratch of {@link #outputHashes}: inputs, tweaks and hashes of one chunk, grown likewise. */
    private long[] hashIn = new long[0];
    private long[] tweaks = new long[0];
    private long[] hashed = new long[0];
    /** Session-wide counter of non-linear gates and output checks (the hash tweak). */
    long gateCounter;
    /** What the party is doing, for error messages. */
    volatile String phase = "session handshake";
    /** Set by {@link #run} when the input-label phase ends. */
    long inputsDoneNanos;
    long lastGates;
    long lastNonLinear;
    /** Where stream progress goes, or null. */
    ProgressListener progress;
    /** How long the peer may take for each phase, or each chunk of a long phase; null: no deadline. */
    private Duration budget;
    private long budgetNanos;
    /** When the current deadline was set (System.nanoTime). */
    private long armedAt;
    /**
     * The most walked gates a session records to replay in later runs of the same circuit: an
     * eighth of the heap at 16 bytes a gate, and no more than 2^20 gates (16 MiB). AES-128 (49,428
     * walked gates, 790 KB) is recorded from a 64 MB heap on, not in the 4 MB of the paper's
     * figure. Either way both parties hand the same batches to the gate loop.
     */
    static final long WALK_CACHE_GATES = Math.min(1L << 20, Runtime.getRuntime().maxMemory() / 8 / 16);

    /** The walker and split plan of the last circuit run, kept while the session runs it again. */
    private ReplayingWalker walker;
    /** The walker of the last circuit run, for a one-thread gate loop: keeps its compiled code. */
    CodeWalker codeWalker;
    private SplitPlan plan;
    /** Whether the walks of {@link #walkerOf} are read ahead, and the gate loop's threads then. */
    private boolean readAhead;
    /** The current circuit's schedule if the team walks it by that ({@link ParallelLoop#walk(Schedule)}), else null. */
    private Schedule lockstep;
    private int loopThreads = 1;
    /** The read-ahead thread, made by the first circuit that needs it. */
    private ReadAhead reader;
    private Circuit walkerOf;
    /** Whether {@link #walkerOf} is walked for runs in parallel: one-thread loops and kept code. */
    private boolean runsMode;
    /**
     * Non-linear gates of a walk of {@link #walkerOf}, as its first complete run in this session
     * counted them (-1 before): where a run garbled or evaluated beside the one before starts
     * its gate counter.
     */
    long walkedNonLinear = -1;

    /**
     * How many runs an evaluator sends ahead of the one whose header it has just read unless
     * the session sets another number ({@link #runsAhead(int)}; docs/protocol.md, "Runs ahead").
     */
    public static final int DEFAULT_RUNS_AHEAD = 3;
    /**
     * Most runs ahead a party may state in the hello: one less than the most runs in flight,
     * which is the most threads a party may have.
     */
    public static final int MAX_RUNS_AHEAD = SessionOptions.MAX_THREADS - 1;
    /**
     * How many runs the evaluator sends ahead, as the hello agreed: after the creator's header
     * of run j come its header and input OTs of run j + runsAhead. So a creator has runs j + 1
     * .. j + runsAhead to garble while it sends run j, and an evaluator has runs j − runsAhead
     * .. j − 1 to evaluate while it reads run j. 0: no run goes ahead.
     */
    int runsAhead = DEFAULT_RUNS_AHEAD;
    /** The threads runs go on beside each other, made by the first run that needs them. */
    private TaskPool runPool;
    /** Runs this side started on a thread of their own beside the one before (tests, benchmarks). */
    long runsBeside;

    /** What a run gives this party: decoded output bits and the labels of each kept range. */
    public record Outcome(boolean[] decoded, long[][] kept) {
    }

    Protocol(Channel ch, Prg prg, Scheme scheme, int threads) {
        this.ch = ch;
        this.prg = prg;
        this.scheme = GarblingScheme.of(scheme);
        this.threads = threads;
        this.gateLoopThreads = threads;
        this.runThreads = threads;
    }

    /**
     * Caps the gate loop's threads at {@code n} (1 .. {@link #threads}) for circuits without a
     * schedule; the OT extension and scheduled circuits keep all of the session's
     * ({@link PartyThreads#gateLoop}). Before the first run.
     */
    public final void gateLoopThreads(int n) {
        if (n < 1 || n > threads) {
            throw new IllegalArgumentException("gate loop threads must be in 1.." + threads + ", got " + n);
        }
        gateLoopThreads = n;
    }

    /**
     * Sets how many runs the evaluator sends ahead, as the hello agreed (0 .. {@link
     * #MAX_RUNS_AHEAD}). Before the first run.
     */
    public final void runsAhead(int n) {
        if (n < 0 || n > MAX_RUNS_AHEAD) {
            throw new IllegalArgumentException("runs ahead must be in 0.." + MAX_RUNS_AHEAD + ", got " + n);
        }
        runsAhead = n;
    }

    /**
     * Runs in flight at once when runs go on threads of their own ({@link #parallelRuns}): the
     * one sent or read and those ahead of it, or behind it.
     */
    final int runSlots() {
        return runsAhead + 1;
    }

    /**
     * Sets the threads for runs computed beside each other (1 .. {@link #threads}; from 2 on
     * they are, {@link PartyThreads#runs}). Before the first run.
     */
    public final void runThreads(int n) {
        if (n < 1 || n > threads) {
            throw new IllegalArgumentException("run threads must be in 1.." + threads + ", got " + n);
        }
        runThreads = n;
    }

    /**
     * The gate loop's team of {@link #threads} threads (made on first use): all of the
     * session's, which a circuit that carries a schedule uses whatever {@link #gateLoopThreads}
     * caps.
     */
    final Workers team() {
        if (team == null) {
            team = new Workers(threads, Handshake.name(role()));
        }
        return team;
    }

    /**
     * Stops the session's worker threads (the gate loop's and the OT extension's) and waits
     * for them; later runs would compute on this thread alone. Idempotent.
     */
    public void close() {
        if (runPool != null) {
            runPool.close();
        }
        if (team != null) {
            team.close();
        }
        if (reader != null) {
            reader.close();
        }
    }

    /**
     * The split plan for running {@code c}, made with the walker that uses it and kept while the
     * session runs {@code c} again; also decides whether {@code c}'s walks are read ahead on a
     * thread of their own, which then leaves the gate loop one thread fewer
     * ({@link ReadAhead#worthIt}: circuits with calls too long to record, 3 threads or more).
     */
    final SplitPlan planFor(Circuit c) throws IOException {
        return planFor(c, false);
    }

    /**
     * {@link #planFor(Circuit)}, or with {@code runs} for runs of {@code c} that go on threads of
     * their own ({@link #parallelRuns}): then every walk, the one on this thread included, is a
     * one-thread loop's, with the code kept by {@link #codeWalker} and shared by those threads.
     */
    final SplitPlan planFor(Circuit c, boolean runs) throws IOException {
        if (walkerOf != c || runsMode != runs) {
            if (walkerOf != c) {
                walkedNonLinear = -1;
            }
            walker = null;
            codeWalker = null;
            walkerOf = null;
            // A team of all the session's threads walks a scheduled circuit itself, each thread
            // claiming pieces: it pays on any number of cores, even with one of them busy.
            Schedule s = runs || threads < 2 ? null : Circuits.schedule(c);
            lockstep = s != null && ParallelLoop.runs(scheme, s) ? s : null;
            readAhead = !runs && lockstep == null && ReadAhead.worthIt(c, gateLoopThreads, WALK_CACHE_GATES);
            loopThreads = runs ? 1 : lockstep != null ? threads : readAhead ? gateLoopThreads - 1 : gateLoopThreads;
            plan = SplitPlan.of(c, loopThreads);
            walker = loopThreads > 1 ? new ReplayingWalker(c, WALK_CACHE_GATES, plan.isEmpty() ? null : plan)
                    : null;
            codeWalker = loopThreads > 1 ? null : new CodeWalker(c, WALK_CACHE_GATES);
            walkerOf = c;
            runsMode = runs;
        }
        return plan;
    }

    /**
     * Whether this party computes runs of a sequence on threads of their own, one run beside
     * the next ({@code GcSession.runMany} where the evaluator runs ahead): with at least 2
     * threads for its gate loop. Each such run is garbled or evaluated by a one-thread loop
     * with its own labels, the bytes on the wire being those of one run after another.
     */
    final boolean parallelRuns() {
        return runThreads >= 2 && runsAhead >= 1;
    }

    /**
     * The threads of runs computed beside each other: one fewer than {@link #runThreads} (this
     * thread walks a run too while it waits, {@code RunThread.await}), at most one a run in
     * flight; a thread that ends a run takes the next one started.
     */
    final TaskPool runPool() {
        if (runPool == null) {
            runPool = new TaskPool(Handshake.name(role()) + "-run", runThreadCount(runThreads, runsAhead),
                    runSlots());
        }
        return runPool;
    }

    /**
     * Threads of the pool of runs computed beside each other for {@code threads} run threads
     * (the owner's among them), {@code runsAhead} runs ahead.
     */
    public static int runThreadCount(int threads, int runsAhead) {
        return Math.max(1, Math.min(threads - 1, runsAhead + 1));
    }

    /** Runs this side started on a thread of their own beside the one before ({@link #parallelRuns}). */
    public final long runsBeside() {
        return runsBeside;
    }

    /** Whether the gate loop's count of non-linear gates is known for {@code c} (a run of it completed). */
    final boolean walkedBefore(Circuit c) {
        return walkerOf == c && runsMode && walkedNonLinear >= 0;
    }

    /** Threads of the gate loop for the circuit of the last {@link #planFor}: 1 means the one-thread loop. */
    final int loopThreads() {
        return loopThreads;
    }

    /** The role this side plays. */
    public abstract Party role();

    /**
     * Once per session, after the hello: sets up the OT extension ({@code ot}); or, when both
     * parties plan a {@code singleRun}, only the key of the first run's direct base OTs
     * ({@link DirectCot}: the creator sends it, the evaluator reads it), the extension being set
     * up later by the first run that needs it ({@link InputOt}). The creator's
     * {@code deltaLo/Hi} is the session's Δ (lowest bit 1); the evaluator ignores them.
     */
    public abstract void setup(CorrelatedOt ot, long deltaLo, long deltaHi, boolean singleRun)
            throws IOException;

    /**
     * How a run transfers the evaluator's fresh input labels. Both parties derive it from the
     * evaluator's run header (run index and fresh evaluator bits) and from whether the session's
     * OT extension is set up, so they agree whenever the headers do; on a mismatch the creator
     * derives it from the evaluator's header, to skip exactly what the evaluator sent. A session
     * that is not planned as a single run sets the extension up before its first run, so its
     * runs only ever use {@link #NONE} and {@link #EXTENSION}.
     */
    enum InputOt {
        /** No fresh evaluator bits: no OT. */
        NONE,
        /** Direct base OTs ({@link DirectCot}): the points follow the evaluator's header. */
        DIRECT,
        /** The set-up extension: its matrix follows the evaluator's header. */
        EXTENSION,
        /**
         * The extension is set up first, after both headers (so both sides know the run goes
         * ahead), then used as in {@link #EXTENSION}: nothing follows the evaluator's header.
         */
        SETUP_THEN_EXTENSION;

        static InputOt of(boolean extensionReady, long runIndex, long freshBits) {
            if (freshBits == 0) {
                return NONE;
            }
            if (extensionReady) {
                return EXTENSION;
            }
            return runIndex == 0 && freshBits <= DirectCot.MAX_BITS ? DIRECT : SETUP_THEN_EXTENSION;
        }
    }

    /**
     * One run: headers, input labels, the garbled stream, output checks and decoding.
     *
     * @param kept per party (index = ordinal), per input segment of the spec, this side's labels
     *     of the kept value feeding it (null for fresh segments)
     * @param fresh this party's fresh input bits, the fresh segments of its inputs in order
     * @throws HandshakeMismatchException if the headers differ; both sides are then still in
     *     step and the session stays usable
     */
    public final Outcome run(RunPlan spec, long runIndex, byte[] fingerprint, long[][][] kept,
            boolean[] fresh) throws IOException {
        return run(spec, runIndex, fingerprint, kept, fresh, null);
    }

    /**
     * One run, as {@link #run(RunPlan, long, byte[], long[][][], boolean[])}, of a sequence whose
     * later runs are {@code next} (or null): an evaluator may send their headers and input OTs
     * during this one (docs/protocol.md, "Runs ahead"), and its next calls must then be those
     * runs; a creator follows the evaluator's headers, and garbles the runs it reads ahead
     * beside this one.
     */
    public abstract Outcome run(RunPlan spec, long runIndex, byte[] fingerprint, long[][][] kept,
            boolean[] fresh, Sequence next) throws IOException;

    /**
     * The runs of a sequence after the current one ({@code GcSession.runMany}), all of
     * {@code spec}, up to run {@code lastRun}. An evaluator that sends a run ahead asks
     * {@code bits} for that run's fresh bits, once a run and in run order; a creator is given
     * null bits.
     */
    public record Sequence(RunPlan spec, byte[] fingerprint, long lastRun, LongFunction<boolean[]> bits) {
    }

    /**
     * Most fresh evaluator input bits of a run sent ahead: its OT messages (16 bytes a bit) are
     * written while the creator may be blocked writing an earlier run's tables, so those of
     * {@link #runsAhead} runs must fit in the channel's buffers (16 KiB and a header each),
     * which the evaluator checks before it runs ahead ({@link TunedChannel#reserveUnread}).
     */
    public static final int AHEAD_MAX_BITS = 1024;

    /**
     * Whether runs of {@code spec} can go ahead: no kept values in or out (their labels
     * change hands at the end of a run), no creator outputs (the creator decodes them from
     * labels the evaluator sends before its status), and at most {@link #AHEAD_MAX_BITS} fresh
     * evaluator bits.
     */
    public static boolean canRunAhead(RunPlan spec) {
        for (Party p : Party.values()) {
            for (RunPlan.Segment seg : spec.inputs(p)) {
                if (!seg.isFresh()) {
                    return false;
                }
            }
        }
        return spec.kept().isEmpty() && spec.decodedBits(Party.CREATOR) == 0
                && spec.freshBits(Party.EVALUATOR) <= AHEAD_MAX_BITS;
    }

    /** Whether this side has sent (evaluator) or owes a read of (creator) a message of a run ahead. */
    public abstract boolean inRunAhead();

    /** The current phase, for messages ("garbled circuit", "output decoding", ...). */
    public String phase() {
        return phase;
    }

    /**
     * Sets the budget of every phase from now on: the peer must complete each short phase
     * (handshakes, headers, output decoding) within it, and each chunk of a long one (a chunk of
     * input labels, a batch of garbled tables) — so a peer that trickles bytes cannot stretch a
     * phase, while a long computation that keeps going is never cut off.
     */
    public void budget(Duration d) {
        this.budget = d;
        this.budgetNanos = d == null ? 0 : d.toNanos();
    }

    /** Enters phase {@code p}: names it for messages and starts its deadline. */
    public void enter(String p) {
        this.phase = p;
        if (budget != null) {
            arm(System.nanoTime());
        }
    }

    /**
     * Starts a fresh deadline for the next chunk of the current phase. Called per batch of
     * tables, so it re-arms only when an eighth of the budget has passed since the last time:
     * each chunk still gets at least 7/8 of the budget, and a batch costs no allocation.
     */
    final void rearm() {
        if (budget != null) {
            long now = System.nanoTime();
            if (now - armedAt > budgetNanos >> 3) {
                arm(now);
            }
        }
    }

    private void arm(long now) {
        armedAt = now;
        ch.deadline(now + budgetNanos, phase);
    }

    /** Between phases: nothing is awaited, so no deadline runs. */
    public void idle() {
        phase = "idle";
        ch.clearDeadline();
    }

    /** The session's gate counter: the next hash tweak. */
    public long gateCounter() {
        return gateCounter;
    }

    /**
     * Resumes at a saved gate counter with the given 128-bit tweak salt (both parties the same),
     * which selects the garbling hash's permutation ({@code TweakableHash.salt}); before the
     * first run only.
     */
    public void resume(long counter, long saltLo, long saltHi) {
        this.gateCounter = counter;
        hash.salt(saltLo, saltHi);
    }

    /** When the input-label phase of the last run ended (System.nanoTime). */
    public long inputsDoneNanos() {
        return inputsDoneNanos;
    }

    /** Gates streamed by the last run. */
    public long lastGates() {
        return lastGates;
    }

    /** Non-linear gates streamed by the last run. */
    public long lastNonLinear() {
        return lastNonLinear;
    }

    /** Sets the progress listener (null: none). */
    public void progress(ProgressListener p) {
        this.progress = p;
    }

    /**
     * Makes {@link #chunk} hold chunks of {@code blocks} labels (at most {@link #CHUNK}): a
     * session of small circuits keeps small buffers, which matters in a small heap.
     */
    final void ensureChunk(long blocks) {
        int n = (int) Math.min(CHUNK, Math.max(1, blocks));
        if (chunk.length < 2 * n) {
            chunk = new long[2 * n];
        }
    }

    /** {@link #ensureChunk} for every input and output chunk of {@code c}. */
    final void ensureChunks(Circuit c) {
        ensureChunk(Math.max(Math.max(c.creatorInputCount(), c.evaluatorInputCount()),
                Math.max(c.creatorOutputCount(), c.evaluatorOutputCount())));
    }

    /** This side's header for the run, sent unflushed; the peer's is read by the caller. */
    RunHeader writeHeader(RunPlan spec, long runIndex, byte[] fingerprint) throws IOException {
        return writeHeader(spec, runIndex, fingerprint, 0);
    }

    RunHeader writeHeader(RunPlan spec, long runIndex, byte[] fingerprint, int flags) throws IOException {
        enter("run header");
        RunHeader mine = RunHeader.of(runIndex, role(), spec, fingerprint, flags);
        mine.write(ch);
        return mine;
    }

    /** Throws a mismatch naming every difference between the two headers, if there is one. */
    void compare(RunHeader mine, RunHeader peer) throws HandshakeMismatchException {
        Handshake.fail(role(), ch, "run " + mine.runIndex, mine.differences(peer, role()));
    }

    /**
     * Copies the labels of {@code party}'s kept input segments into their slots; fresh segments
     * are left to the caller.
     */
    static void placeKept(RunPlan spec, Party party, long[][] kept, int[] slots, long[] labels) {
        List<RunPlan.Segment> segs = spec.inputs(party);
        int bit = 0;
        for (int i = 0; i < segs.size(); i++) {
            RunPlan.Segment s = segs.get(i);
            if (!s.isFresh()) {
                long[] v = kept[i];
                for (int j = 0; j < s.width(); j++) {
                    int slot = slots[bit + j];
                    labels[2 * slot] = v[2 * j];
                    labels[2 * slot + 1] = v[2 * j + 1];
                }
            }
            bit += s.width();
        }
    }

    /** The slots of {@code party}'s fresh input bits, in the order of its fresh bits. */
    static int[] freshSlots(RunPlan spec, Party party, int[] slots) {
        if (spec.freshBits(party) == slots.length) {
            return slots; // all fresh (no kept values): no copy of what may be millions of slots
        }
        int[] out = new int[spec.freshBits(party)];
        int bit = 0;
        int k = 0;
        for (RunPlan.Segment s : spec.inputs(party)) {
            if (s.isFresh()) {
                System.arraycopy(slots, bit, out, k, s.width());
                k += s.width();
            }
            bit += s.width();
        }
        return out;
    }

    /** The slots of {@code party}'s decoded (not kept) outputs, in output order. */
    static int[] decodedSlots(RunPlan spec, Party party, int[] outputs) {
        int[] out = new int[spec.decodedBits(party)];
        int k = 0;
        for (int i = 0; i < outputs.length; i++) {
            if (!spec.isKept(party, i)) {
                out[k++] = outputs[i];
            }
        }
        return out;
    }

    /** The labels of each kept output range, in the spec's order. */
    static long[][] keptLabels(RunPlan spec, long[] labels) {
        Circuit c = spec.circuit();
        long[][] out = new long[spec.kept().size()][];
        for (int r = 0; r < out.length; r++) {
            RunPlan.Kept k = spec.kept().get(r);
            int[] slots = CircuitSlots.outputs(c, k.party());
            long[] v = new long[2 * k.width()];
            for (int j = 0; j < k.width(); j++) {
                int s = slots[k.from() + j];
                v[2 * j] = labels[2 * s];
                v[2 * j + 1] = labels[2 * s + 1];
            }
            out[r] = v;
        }
        return out;
    }

    /**
     * H(label_j, OUTPUT_TWEAKS | (first + j)) for {@code n} labels taken from {@code labels} at
     * {@code slots[off..off+n)}, XORed with Δ when {@code withDelta}: the hashes by which the
     * evaluator decodes and checks an output label ({@code n <= CHUNK}). Returns a scratch array
     * holding hash j at longs {@code [2j, 2j+1]} (low, high half), valid until the next call.
     * The creator sends the low half of the 0-label's hash and the high half of the 1-label's,
     * so each check value says which bit it stands for (docs/protocol.md, message 8).
     */
    long[] outputHashes(long[] labels, int[] slots, int off, int n, long first, long dLo, long dHi) {
        if (tweaks.length < n) {
            hashIn = new long[2 * n];
            tweaks = new long[n];
            hashed = new long[2 * n];
        }
        for (int j = 0; j < n; j++) {
            int s = slots[off + j];
            hashIn[2 * j] = labels[2 * s] ^ dLo;
            hashIn[2 * j + 1] = labels[2 * s + 1] ^ dHi;
            tweaks[j] = OUTPUT_TWEAKS | (first + j);
        }
        hash.hash(hashIn, tweaks, hashed, n);
        return hashed;
    }

    /** The circuit of {@link #walkedTotal}, or null. */
    private Circuit walkedOf;
    /** {@link CircuitWalker#gatesWalked} of {@link #walkedOf}. */
    private long walkedTotal;

    /** The gates a walk of {@code c} hands over, counted once per circuit (a pass over its main body). */
    private long walkedGates(Circuit c) throws IOException {
        if (c != walkedOf) {
            walkedTotal = CircuitWalker.gatesWalked(c);
            walkedOf = c;
        }
        return walkedTotal;
    }

    /**
     * Runs the walker, turning the sink's wrapped channel errors back into IOExceptions and
     * reporting progress once per {@link #PROGRESS_INTERVAL} gates (per batch, not per
     * gate: nothing is added to the per-gate path).
     */
    void walk(Circuit c, GateLoop loop) throws IOException {
        ProgressListener p = progress;
        long total = p == null ? 0 : walkedGates(c);
        IntConsumer batchDone = null;
        if (p != null) {
            Party role = role();
            long[] done = {0, PROGRESS_INTERVAL};
            batchDone = count -> {
                done[0] += count;
                if (done[0] >= done[1]) {
                    done[1] += PROGRESS_INTERVAL;
                    p.progress(role, Math.min(done[0], total), total);
                }
            };
        }
        planFor(c, runsMode);
        try {
            if (lockstep != null && loop instanceof ParallelLoop team && team.runs(lockstep)) {
                team.walk(lockstep);
            } else if (codeWalker != null) {
                codeWalker.walk(loop, batchDone);
            } else {
                IntConsumer d = batchDone;
                GateSink s = d == null ? loop : (ops, count) -> {
                    loop.gates(ops, count);
                    d.accept(count);
                };
                if (readAhead) {
                    if (reader == null) {
                        reader = new ReadAhead(Handshake.name(role()) + "-walker");
                    }
                    reader.walk(walker, s);
                } else {
                    walker.walk(s);
                }
            }
            if (p != null) {
                p.progress(role(), total, total);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Writes a final status: 0 for success, or the length and UTF-8 text of an error. */
    public void writeStatus(String error) throws IOException {
        if (error == null) {
            ch.writeInt(0);
        } else {
            byte[] m = error.getBytes(StandardCharsets.UTF_8);
            int n = Math.min(m.length, MAX_MESSAGE);
            ch.writeInt(n);
            ch.write(m, 0, n);
        }
    }

    /** Reads the peer's final status; throws naming its error if it reports one. */
    void readStatus(String peerRole) throws IOException {
        readStatus(peerRole, ch.readInt());
    }

    /** {@link #readStatus(String)} whose first int, {@code status}, was read. */
    void readStatus(String peerRole, int status) throws IOException {
        String error = peerStatus(peerRole, status);
        if (error != null) {
            throw fault("the " + peerRole + " rejected the run: " + error);
        }
    }

    /** Reads a status of the peer ({@link #writeStatus}): null for success, else its error (printable). */
    public String peerStatus(String peerRole) throws IOException {
        return peerStatus(peerRole, ch.readInt());
    }

    /** {@link #peerStatus(String)} whose first int, {@code status}, was read. */
    String peerStatus(String peerRole, int status) throws IOException {
        if (status == 0) {
            return null;
        }
        if (status < 0 || status > MAX_MESSAGE) {
            throw fault("the " + peerRole + " sent an invalid status " + status);
        }
        byte[] m = new byte[status];
        ch.readFully(m, 0, status);
        return SafeText.line(new String(m, StandardCharsets.UTF_8));
    }

    SessionException fault(String message) {
        return new SessionException(Handshake.name(role()) + ": " + message + " (peer "
                + ch.peer() + ", " + phase + ")");
    }
}
