package io.gcstream.benchmarks.engine;

import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.TweakableHash;
import io.gcstream.ot.internal.parallel.CoreContention;
import io.gcstream.ot.internal.parallel.RunQueues;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongPredicate;

/**
 * A model of a gate loop that two threads share without moving a batch between their cores
 * (issue 37, "a compiled parallel schedule"), with the engine's hash and half-gates garbling:
 * not the engine, a measurement of a design for it.
 *
 * <p><b>The circuit.</b> {@code W} lanes; step k garbles {@code s[l] = AND(s[l], s[W+l])} for
 * every lane (the AND phase, tweak {@code k·W + l}), then {@code s[W+l] = XOR(s[W+l],
 * s[(l+1) mod W])} for every lane (the XOR phase). Each phase's gates are independent, which is
 * what a compiled schedule would record; consecutive phases are not (lane l's XOR reads lane
 * l + 1's AND).
 *
 * <p><b>The design.</b> Thread t owns lanes {@code [tW/2, (t+1)W/2)} for the whole run: it
 * garbles its lanes' ANDs into a table buffer of its own, meets the other thread, XORs its
 * lanes, and meets it again, so nothing crosses between the cores but the two boundary lanes and
 * the worker's tables, which the owner copies into a channel buffer in stream order. A wait spins
 * briefly, then parks until the other thread arrives.
 *
 * <p><b>Losing a core.</b> Two threads in lockstep run at the pace of the slower; a thread that
 * shares its core with another process is descheduled for milliseconds at a time, and the pair
 * falls far below one thread. With {@code rule} on (Linux), the owner follows the engine's
 * {@link CoreContention}: it runs every lane itself while the worker sleeps once either thread
 * waited for a core too long, and takes the worker back when nothing else wants a core.
 * {@code aloneAt} (tests) decides instead of the rule.
 *
 * <p><b>The evaluator</b> reads a garbler's recorded stream in one of three ways
 * ({@link #evaluator}): each thread its own half of a step where it lies, the owner the step for
 * both, or each thread its half in turn in stream order, as a channel gives them.
 *
 * <p>The engine's version of this design is {@code Lockstep}, which walks any circuit that
 * carries a schedule. Not thread-safe: one run at a time.
 */
public final class LockstepModel {
    /** Longest any wait may take before the model gives up (a bug, not a slow machine). */
    static final long DEADLINE_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final GarblingScheme SCHEME = GarblingScheme.of(Scheme.HALF_GATES);
    private static final int TB = SCHEME.tableBytes();
    private static final int BLOCKS = SCHEME.garbleBlocks();
    private static final int EVAL_BLOCKS = SCHEME.evalBlocks();
    private static final int AND = TruthTable.AND;
    private static final int TEAM = 0;
    private static final int ALONE = 1;
    private static final int STOP = 2;
    /** What a thread waits for: the other's arrival at a meeting, or a step's tables copied. */
    private static final int ARRIVED = 0;
    private static final int COPIED = 1;
    private static final int READ = 2;
    private static final int SPINS = 1 << 14;
    /** Two threads' barrier counters, a cache line apart. */
    private static final int PAD = 16;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private final int w;
    private final long dLo;
    private final long dHi;
    private final long[] labels;
    private final TweakableHash[] hash = {new TweakableHash(), new TweakableHash()};
    private final int[][] info = {new int[TweakableHash.DEFAULT_CAPACITY], new int[TweakableHash.DEFAULT_CAPACITY]};
    private final byte[][] tables;
    private final byte[] channel = new byte[64 * 1024];
    private int channelAt;
    /** A digest of every table byte sent, when {@link #digest} is on. */
    private long sentDigest;
    private final boolean digest;
    /** Where an evaluator's threads take a step's tables from: see {@link #evaluator}. */
    static final int OWN = 0;
    static final int SHARED = 1;
    static final int CHANNEL = 2;
    /** The evaluator's: the garbler's recorded stream it reads (null: this is a garbler), and how. */
    private final byte[] stream;
    private final int from;
    /** {@link #SHARED}: the owner's copy of the step's tables. */
    private final byte[] shared;
    /** Steps whose tables the owner has copied into {@link #shared}. */
    private volatile long copied;
    /** {@link #CHANNEL}: where the next read takes the stream's bytes, in order, one thread at a time. */
    private long channelIn;
    /** Halves of steps read from the channel so far: whose turn it is. */
    private volatile long halvesRead;
    /** The owner's first half of step {@link #aheadStep}, read ahead. */
    private final byte[] ahead;
    private long aheadStep = -1;

    private final long[] arrived = new long[3 * PAD];
    private final Thread[] threads = new Thread[2];
    private final boolean[] sleeping = new boolean[2];
    private volatile int mode;
    private volatile long resumeStep;
    private volatile boolean workerParked;
    private volatile String workerTid;
    private volatile Throwable workerFailure;

    /** Steps run alone and with the team, switches to alone, and parked waits (counted loosely), of the last run. */
    long aloneSteps;
    long teamSteps;
    long switches;
    long parks;

    /**
     * @param lanes W, even
     * @param digest whether to fold every table byte sent into {@link #sentDigest()} (tests)
     */
    LockstepModel(int lanes, long seed, boolean digest) {
        this(lanes, seed, digest, null, OWN);
    }

    /**
     * An evaluator of {@code stream} (a garbler's {@link #record}ed tables). Its threads take a
     * step's tables ({@code from}): each its own half, where it lies in the stream ({@link #OWN});
     * the owner copies the step's, the worker reads its half there ({@link #SHARED}); or from the
     * stream as a channel gives it, in order, each thread its own half in turn, the owner reading
     * its half of the next step while the worker works ({@link #CHANNEL}).
     */
    static LockstepModel evaluator(int lanes, long seed, byte[] stream, int from) {
        return new LockstepModel(lanes, seed, false, stream, from);
    }

    private LockstepModel(int lanes, long seed, boolean digest, byte[] stream, int from) {
        if (lanes < 2 || (lanes & 1) != 0) {
            throw new IllegalArgumentException("lanes must be even and at least 2, got " + lanes);
        }
        this.w = lanes;
        this.digest = digest;
        Random r = new Random(seed);
        this.dLo = r.nextLong() | 1;
        this.dHi = r.nextLong();
        this.labels = new long[4 * lanes];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = r.nextLong();
        }
        this.tables = new byte[][] {new byte[lanes * TB], new byte[lanes * TB]};
        this.stream = stream;
        this.from = from;
        this.shared = stream != null && from == SHARED ? new byte[lanes * TB] : null;
        this.ahead = stream != null && from == CHANNEL ? new byte[lanes / 2 * TB] : null;
    }

    /** A one-thread garbler's stream of {@code steps} steps (its tables), for an evaluator. */
    static byte[] record(int lanes, long seed, long steps) {
        LockstepModel g = new LockstepModel(lanes, seed, false);
        byte[] out = new byte[Math.toIntExact(steps * lanes * TB)];
        for (long step = 0; step < steps; step++) {
            g.andPhase(0, 0, lanes, step);
            System.arraycopy(g.tables[0], 0, out, (int) (step * lanes * TB), lanes * TB);
            g.xorPhase(0, lanes);
        }
        return out;
    }

    long[] labels() {
        return labels;
    }

    long sentDigest() {
        return sentDigest;
    }

    /** The garbler's ANDs of lanes [lo, hi) of step {@code step} on thread {@code t}, tables to its buffer. */
    private void andPhase(int t, int lo, int hi, long step) {
        andPhase(t, lo, hi, step, tables[t], lo);
    }

    /**
     * The ANDs of lanes [lo, hi) of step {@code step} on thread {@code t}: lane l's table at
     * {@code (l - base)·TB} of {@code tb}, written (garbler) or read (evaluator).
     */
    private void andPhase(int t, int lo, int hi, long step, byte[] tb, int base) {
        TweakableHash h = hash[t];
        int[] inf = info[t];
        int chunk = h.capacity() / (stream == null ? BLOCKS : EVAL_BLOCKS);
        for (int c0 = lo; c0 < hi; c0 += chunk) {
            int c1 = Math.min(hi, c0 + chunk);
            if (stream == null) {
                for (int l = c0; l < c1; l++) {
                    inf[l - c0] = SCHEME.garblePrepare(AND, labels, 2 * l, 2 * (w + l), dLo, dHi, step * w + l, h,
                            (l - c0) * BLOCKS);
                }
                h.run((c1 - c0) * BLOCKS);
                for (int l = c0; l < c1; l++) {
                    SCHEME.garbleFinish(inf[l - c0], h, (l - c0) * BLOCKS, dLo, dHi, labels, 2 * l, tb, (l - base) * TB);
                }
            } else {
                for (int l = c0; l < c1; l++) {
                    inf[l - c0] = SCHEME.evalPrepare(labels, 2 * l, 2 * (w + l), step * w + l, h, (l - c0) * EVAL_BLOCKS);
                }
                h.run((c1 - c0) * EVAL_BLOCKS);
                for (int l = c0; l < c1; l++) {
                    SCHEME.evalFinish(inf[l - c0], 0, h, (l - c0) * EVAL_BLOCKS, tb, (l - base) * TB, labels, 2 * l);
                }
            }
        }
    }

    /** The evaluator's tables of lanes [lo, hi) of {@code step}, from where they lie in the stream into thread t's buffer. */
    private void read(int t, int lo, int hi, long step) {
        System.arraycopy(stream, (int) ((step * w + lo) * TB), tables[t], 0, (hi - lo) * TB);
    }

    /** The stream's next {@code len} bytes, as a channel gives them, into {@code to[off ..]}. */
    private void take(byte[] to, int off, int len) {
        System.arraycopy(stream, (int) channelIn, to, off, len);
        channelIn += len;
    }

    /** The owner's half of step {@code step} from the channel, once the halves before it are read. */
    private void takeOwnersHalf(long step) {
        await(0, READ, 2 * step);
        take(ahead, 0, w / 2 * TB);
        aheadStep = step;
        halvesRead = 2 * step + 1;
        if (sleeping[1]) {
            LockSupport.unpark(threads[1]);
        }
    }

    private void xorPhase(int lo, int hi) {
        long[] s = labels;
        for (int l = lo; l < hi; l++) {
            int n = l + 1 == w ? 0 : l + 1;
            s[2 * (w + l)] ^= s[2 * n];
            s[2 * (w + l) + 1] ^= s[2 * n + 1];
        }
    }

    /** Copies tables into the channel buffer, as a session's garbler writes its stream. */
    private void send(byte[] b, int len) {
        if (digest) {
            for (int i = 0; i < len; i++) {
                sentDigest = 31 * sentDigest + b[i];
            }
        }
        int off = 0;
        while (len > 0) {
            int k = Math.min(len, channel.length - channelAt);
            System.arraycopy(b, off, channel, channelAt, k);
            channelAt += k;
            off += k;
            len -= k;
            if (channelAt == channel.length) {
                channelAt = 0;
            }
        }
    }

    /** Thread {@code me} arrives; returns once the other thread has arrived as often (or the run stopped). */
    private void meet(int me) {
        long p = (long) LONGS.getVolatile(arrived, PAD * (me + 1)) + 1;
        LONGS.setVolatile(arrived, PAD * (me + 1), p);
        if (sleeping[1 - me]) {
            LockSupport.unpark(threads[1 - me]);
        }
        await(me, ARRIVED, p);
    }

    /**
     * Whether the other thread has arrived {@code v} times ({@link #ARRIVED}), step {@code v}'s
     * tables are copied ({@link #COPIED}), or {@code v} halves of steps are read ({@link #READ}).
     */
    private boolean ready(int kind, int other, long v) {
        switch (kind) {
            case ARRIVED:
                return (long) LONGS.getVolatile(arrived, PAD * (other + 1)) >= v;
            case COPIED:
                return copied > v;
            default:
                return halvesRead >= v;
        }
    }

    /**
     * Thread {@code me} waits until {@link #ready}: spins briefly, then parks until the other
     * thread wakes it; false if the run stopped meanwhile.
     */
    private boolean await(int me, int kind, long v) {
        int other = 1 - me;
        long deadline = 0;
        for (int spins = 0; !ready(kind, other, v); spins++) {
            if (mode == STOP) {
                return false;
            }
            if (spins < SPINS) {
                Thread.onSpinWait();
                continue;
            }
            if (deadline == 0) {
                deadline = System.nanoTime() + DEADLINE_NANOS;
            } else if (System.nanoTime() > deadline) {
                throw new IllegalStateException("thread " + me + " waited " + DEADLINE_NANOS / 1_000_000
                        + " ms for the other");
            }
            sleeping[me] = true;
            if (!ready(kind, other, v)) {
                parks++;
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
            }
            sleeping[me] = false;
        }
        return true;
    }

    private void worker() {
        String tid = RunQueues.currentThreadId();
        workerTid = tid == null ? "" : tid;
        try {
            int lo = w / 2;
            long step = 0;
            while (true) {
                int m = mode;
                if (m == STOP) {
                    return;
                }
                if (m == ALONE) {
                    workerParked = true;
                    while (mode == ALONE) {
                        LockSupport.park();
                    }
                    workerParked = false;
                    step = resumeStep;
                    continue;
                }
                if (stream == null) {
                    andPhase(1, lo, w, step);
                } else if (from == SHARED) {
                    if (!await(1, COPIED, step)) {
                        return;
                    }
                    andPhase(1, lo, w, step, shared, 0);
                } else {
                    if (from == OWN) {
                        read(1, lo, w, step);
                    } else {
                        if (!await(1, READ, 2 * step + 1)) {
                            return;
                        }
                        take(tables[1], 0, (w - lo) * TB);
                        halvesRead = 2 * step + 2;
                        if (sleeping[0]) {
                            LockSupport.unpark(threads[0]);
                        }
                    }
                    andPhase(1, lo, w, step, tables[1], lo);
                }
                meet(1);
                xorPhase(lo, w);
                meet(1);
                step++;
            }
        } catch (Throwable e) {
            workerFailure = e;
            mode = STOP;
            LockSupport.unpark(threads[0]);
        }
    }

    /** The owner waits until the worker, told to sleep, is asleep (or the run stopped). */
    private void awaitParked() {
        long deadline = System.nanoTime() + DEADLINE_NANOS;
        while (!workerParked && mode != STOP) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the worker did not go to sleep in " + DEADLINE_NANOS / 1_000_000 + " ms");
            }
            Thread.onSpinWait();
        }
    }

    /** Step {@code step} on the owner alone: every lane. */
    private void stepAlone(long step) {
        if (stream != null && from != CHANNEL) {
            read(0, 0, w, step);
        } else if (stream != null) {
            int half = w / 2 * TB;
            if (aheadStep == step) {
                System.arraycopy(ahead, 0, tables[0], 0, half);
                take(tables[0], half, w * TB - half);
            } else {
                take(tables[0], 0, w * TB);
            }
            halvesRead = 2 * step + 2;
        }
        andPhase(0, 0, w, step);
        if (stream == null) {
            send(tables[0], w * TB);
        }
        xorPhase(0, w);
    }

    /** One thread, every lane: the reference. Returns the wall ns. */
    long runAlone(long steps) {
        channelIn = 0;
        aheadStep = -1;
        long t0 = System.nanoTime();
        for (long step = 0; step < steps; step++) {
            stepAlone(step);
        }
        aloneSteps = steps;
        return System.nanoTime() - t0;
    }

    /**
     * Two threads as the design has it. {@code aloneAt} (or null): decides, at each step, whether
     * the owner runs it alone, in place of the rule; {@code rule}: the run-delay rule (Linux).
     * Returns the wall ns.
     */
    long runTeam(long steps, boolean rule, long windowNanos, LongPredicate aloneAt) throws IOException {
        if (steps < 1) {
            throw new IllegalArgumentException("steps must be at least 1, got " + steps);
        }
        aloneSteps = teamSteps = switches = parks = 0;
        copied = 0;
        channelIn = 0;
        halvesRead = 0;
        aheadStep = -1;
        mode = TEAM;
        workerParked = false;
        workerTid = null;
        Arrays.fill(arrived, 0);
        threads[0] = Thread.currentThread();
        Thread worker = new Thread(this::worker, "lockstep-model-worker");
        worker.setDaemon(true);
        threads[1] = worker;
        long t0 = System.nanoTime();
        worker.start();
        CoreContention c = rule ? contention() : null;
        int half = w / 2;
        boolean alone = false;
        long next = t0 + windowNanos;
        try {
            for (long step = 0; step < steps; step++) {
                if (mode == STOP) {
                    break;
                }
                if (!alone) {
                    if (stream == null) {
                        andPhase(0, 0, half, step);
                        meet(0);
                        send(tables[0], half * TB);
                        send(tables[1], half * TB);
                    } else if (from == OWN) {
                        read(0, 0, half, step);
                        andPhase(0, 0, half, step);
                        meet(0);
                    } else if (from == SHARED) {
                        System.arraycopy(stream, (int) (step * w * TB), shared, 0, w * TB);
                        copied = step + 1;
                        if (sleeping[1]) {
                            LockSupport.unpark(worker);
                        }
                        andPhase(0, 0, half, step, shared, 0);
                        meet(0);
                    } else {
                        if (aheadStep != step) {
                            takeOwnersHalf(step);
                        }
                        andPhase(0, 0, half, step, ahead, 0);
                        if (step + 1 < steps) {
                            // The next step's half, while the worker still works on this one.
                            takeOwnersHalf(step + 1);
                        }
                        meet(0);
                    }
                    xorPhase(0, half);
                    teamSteps++;
                    boolean leave = false;
                    if (aloneAt != null) {
                        leave = aloneAt.test(step + 1);
                    } else if (c != null && System.nanoTime() >= next) {
                        leave = c.contended();
                        next = System.nanoTime() + windowNanos;
                    }
                    // Written before the meeting, read by the worker once past it: it sleeps
                    // (alone), or ends after the last step instead of starting another.
                    if (step + 1 == steps) {
                        mode = STOP;
                    } else if (leave) {
                        mode = ALONE;
                        alone = true;
                        switches++;
                    }
                    meet(0);
                } else {
                    stepAlone(step);
                    aloneSteps++;
                    boolean back;
                    if (aloneAt != null) {
                        back = !aloneAt.test(step + 1);
                    } else if (c != null && System.nanoTime() >= next) {
                        next = System.nanoTime() + windowNanos;
                        back = c.calm();
                    } else {
                        back = false;
                    }
                    if (back && step + 1 < steps) {
                        // The worker is given a step to resume at once asleep: it is just past
                        // the meeting where it was told, and the rule takes it back only when no
                        // other task wants a core.
                        awaitParked();
                        resumeStep = step + 1;
                        alone = false;
                        mode = TEAM;
                        LockSupport.unpark(worker);
                        if (c != null) {
                            c.contended(); // a new window
                        }
                    }
                }
            }
        } finally {
            mode = STOP;
            LockSupport.unpark(worker);
            try {
                worker.join(TimeUnit.NANOSECONDS.toMillis(DEADLINE_NANOS));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (c != null) {
                c.close();
            }
        }
        if (workerFailure != null) {
            throw new IllegalStateException("the worker failed", workerFailure);
        }
        return System.nanoTime() - t0;
    }

    /** The rule's readings of the owner (the calling thread) and the worker, once it has said who it is; null where there are none. */
    private CoreContention contention() {
        String tid;
        while ((tid = workerTid) == null) {
            Thread.onSpinWait();
        }
        return tid.isEmpty() ? null : CoreContention.open(RunQueues.currentThreadId(), tid);
    }

    /**
     * {@code LockstepModel [STEPS [ROUNDS [rule|norule [garbler|evaluator|evaluator-shared|evaluator-channel [LANES]]]]]}:
     * per round, one thread and the two threads of the design on fresh models of LANES lanes (1,024),
     * alternated, after a warm-up of each; prints a row a round (M AND/s) and the median ratio.
     * The evaluator reads a recorded stream of STEPS steps (32 KiB a step: give the heap room),
     * each thread its own half of a step where it lies ({@code evaluator}), the owner all of it,
     * the worker reading its half from the owner's copy ({@code evaluator-shared}), or each its
     * own half in stream order, as from a channel ({@code evaluator-channel}).
     */
    public static void main(String[] args) throws IOException {
        long steps = args.length > 0 ? Long.parseLong(args[0]) : 10_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        boolean rule = args.length <= 2 || args[2].equals("rule");
        String side = args.length > 3 ? args[3] : "garbler";
        int from = switch (side) {
            case "garbler", "evaluator" -> OWN;
            case "evaluator-shared" -> SHARED;
            case "evaluator-channel" -> CHANNEL;
            default -> throw new IllegalArgumentException(
                    "side must be garbler, evaluator, evaluator-shared or evaluator-channel, got " + side);
        };
        int lanes = args.length > 4 ? Integer.parseInt(args[4]) : 1024;
        byte[] stream = side.equals("garbler") ? null : record(lanes, 1, steps);
        java.util.function.IntFunction<LockstepModel> model = k -> stream == null
                ? new LockstepModel(lanes, k, false) : evaluator(lanes, 1, stream, from);
        long window = TimeUnit.MILLISECONDS.toNanos(2);
        for (int i = 0; i < 3; i++) {
            model.apply(i).runAlone(Math.max(1, steps / 4));
            model.apply(i).runTeam(Math.max(1, steps / 4), rule, window, null);
        }
        double[] ratio = new double[rounds];
        System.out.println("| round | 1 thread | 2 threads | 2 / 1 | steps alone | switches | parked waits |");
        System.out.println("|---|---|---|---|---|---|---|");
        for (int k = 0; k < rounds; k++) {
            double one = steps * lanes / (model.apply(k).runAlone(steps) / 1e3);
            LockstepModel m = model.apply(k);
            double two = steps * lanes / (m.runTeam(steps, rule, window, null) / 1e3);
            ratio[k] = two / one;
            System.out.printf(Locale.ROOT, "| %d | %.1f | %.1f | %.2f× | %.0f %% | %d | %d |%n", k + 1, one, two,
                    ratio[k], 100.0 * m.aloneSteps / steps, m.switches, m.parks);
        }
        Arrays.sort(ratio);
        System.out.printf(Locale.ROOT, "%s, median 2 / 1: %.2f× (rule %s)%n", side, ratio[rounds / 2], rule ? "on" : "off");
    }
}
