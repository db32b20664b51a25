package io.gcstream.cli;

import java.util.HexFormat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.BitCodec;
import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.ReplayingWalker;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.circuits.internal.SplitPlan;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.circuits.internal.format.GcbReader;
import io.gcstream.circuits.internal.format.GcbWriter;
import io.gcstream.compiler.lib.Library;
import io.gcstream.engine.SessionOptions;
import io.gcstream.engine.internal.garble.CodeWalker;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.StreamingGarbler;
import io.gcstream.engine.internal.garble.TweakableHash;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * docs/memory.md, checked: what a party allocates for an execution, and that compiling and
 * running edit distance costs the same memory whatever the lengths of the strings. Counts
 * bytes allocated per thread (see {@link PartyMemory}), which are exact on a busy machine; an
 * execution is measured apart from the session's set-up, whose base OTs share their work with
 * a worker thread.
 */
class MemoryModelTest {
    /** docs/memory.md: bytes per input or output bit of an execution, at most. */
    static final long PER_IO_BIT = 24;
    /** docs/memory.md: the fixed part of an execution, at most. */
    static final long PER_RUN = 128 << 10;
    /** docs/memory.md: per label slot, what checking a streamed body allocates on each pass, at most. */
    static final long PER_PASS = 8;

    @Test
    void anExecutionAllocatesSeventeenBytesPerLabelSlotAndLittleElse() throws Exception {
        for (String name : new String[] {"aes128", "levenshtein60x50dna", "smithwaterman20x20", "hamming20000"}) {
            Circuit c = Library.get(name).circuit();
            boolean[] x = new boolean[c.creatorInputCount()];
            boolean[] y = new boolean[c.evaluatorInputCount()];
            PartyMemory.Allocated a = PartyMemory.run(() -> Library.get(name).circuit(), x, y);
            long labels = 17 * c.labelSlots();
            long io = PER_IO_BIT * (x.length + y.length + c.creatorOutputCount() + c.evaluatorOutputCount());
            // A session allocates its label arrays once, in its first execution; later executions
            // of the session reuse them and allocate only per-execution state.
            for (long first : new long[] {a.creatorFirst(), a.evaluatorFirst()}) {
                assertTrue(first >= labels, name + ": L = " + c.labelSlots() + ", first execution allocated "
                        + first + ", less than the label arrays, 17 L = " + labels);
            }
            for (long run : new long[] {a.creatorSecond(), a.evaluatorSecond()}) {
                String what = name + ": L = " + c.labelSlots() + ", second execution allocated " + run;
                assertTrue(run <= PER_PASS * c.labelSlots() + io + PER_RUN, what + " exceeds "
                        + PER_PASS + " L + 24 per I/O bit + 128 KiB = " + (PER_PASS * c.labelSlots() + io + PER_RUN));
            }
        }
    }

    /** docs/memory.md: what each thread beyond the first adds to a session, at most (gate loop and OT extension). */
    static final long PER_THREAD = 240 << 10;
    /** docs/memory.md: the OT extension's part of {@link #PER_THREAD}, made when the session is set up. */
    static final long PER_THREAD_OT = 80 << 10;
    /**
     * docs/memory.md: what making a key of the OT extension's rows' streams allocates at set-up
     * (javax.crypto's look-ups and key schedule; a key schedule is held), at most: each thread
     * has 128 (creator) or 256 (evaluator) of them.
     */
    static final long PER_ROW_KEY = 5 << 10;
    /**
     * docs/memory.md: what a session with threads adds once, at most: the owner's two queues,
     * the evaluator's table buffers for them or the garbler's second stream buffer, the
     * read-ahead's ring, and the one-thread loop that runs batches alone (with a byte a label
     * slot more, added where it is used).
     */
    static final long WITH_THREADS = 352 << 10;
    /** docs/memory.md: garbage per gate of a split definition while its split is worked out. */
    static final long PLAN_GARBAGE = 64;

    /**
     * With threads, a session's set-up allocates at most what one thread's does plus, per extra
     * thread, the OT extension's share (hash and transpose scratch); its first execution at most
     * what one thread's does plus, per extra thread, the gate loop's share (hash batch, queue),
     * one int a label slot per thread, the frames of split calls, the split definitions and what
     * a team adds once; later executions no more than with one. The set-up holds the base OTs,
     * whose garbage the party's thread and a base-OT worker share by timing
     * ({@link #baseOtGarbage}): two set-ups may differ by up to that garbage. The executions
     * have no such share and are compared exactly.
     */
    @Test
    void eachThreadAddsItsShareAndLaterExecutionsNothing() throws Exception {
        for (String name : new String[] {"aes128", "levenshtein60x50dna"}) {
            Circuit c = Library.get(name).circuit();
            boolean[] x = new boolean[c.creatorInputCount()];
            boolean[] y = new boolean[c.evaluatorInputCount()];
            long io = PER_IO_BIT * (x.length + y.length + c.creatorOutputCount() + c.evaluatorOutputCount());
            // The first sessions of a JVM also load classes and fill caches, and each thread count
            // has code of its own (the split plan, the team's parts): warm up every count measured.
            for (int t : new int[] {2, 3, 1}) {
                PartyMemory.run(() -> Library.get(name).circuit(), x, y, SessionOptions.builder().threads(t).build());
            }
            long[] baseOts = baseOtGarbage();
            PartyMemory.Allocated one = PartyMemory.run(() -> Library.get(name).circuit(), x, y,
                    SessionOptions.builder().threads(1).build());
            for (int t : new int[] {2, 3}) {
                SplitPlan plan = SplitPlan.of(c, t);
                // Held: 24 bytes a gate of each split definition; garbage while the plan is made
                // (the analysis of its gate graph): at most 64 more.
                long split = 0;
                for (SplitPlan.Split s : plan.splits()) {
                    split += (24L + PLAN_GARBAGE) * s.length();
                }
                long l = plan.labelSlots();
                // One thread keeps the walk's compiled code, a team records the walk: measured
                // on their own, the difference is the team's.
                long walk = walkRecorded(c) - walkKept(c);
                long extra = 16 * (l - c.labelSlots()) + 4 * (t + 1) * l - c.labelSlots()
                        + (t - 1) * (PER_THREAD - PER_THREAD_OT) + split + WITH_THREADS + l + walk;
                PartyMemory.Allocated a = PartyMemory.run(() -> Library.get(name).circuit(), x, y,
                        SessionOptions.builder().threads(t).build());
                String what = name + ", " + t + " threads: L' = " + l + ", ";
                assertTrue(a.creatorFirst() - one.creatorFirst() <= extra, what + "the creator's first execution "
                        + "allocated " + a.creatorFirst() + ", one thread's " + one.creatorFirst() + ", more than "
                        + extra + " apart");
                assertTrue(a.evaluatorFirst() - one.evaluatorFirst() <= extra, what + "the evaluator's first "
                        + "execution allocated " + a.evaluatorFirst() + ", one thread's " + one.evaluatorFirst()
                        + ", more than " + extra + " apart");
                long[] setUp = {a.creatorSetUp() - one.creatorSetUp(), a.evaluatorSetUp() - one.evaluatorSetUp()};
                for (int p = 0; p < 2; p++) {
                    long bound = (t - 1) * (PER_THREAD_OT + (p == 0 ? 128 : 256) * PER_ROW_KEY) + baseOts[p];
                    assertTrue(setUp[p] <= bound, what + (p == 0 ? "the creator's" : "the evaluator's")
                            + " set-up allocated " + setUp[p] + " more than one thread's, over " + bound
                            + " (the OT extension's share and base-OT garbage " + baseOts[p] + ")");
                }
                for (long run : new long[] {a.creatorSecond(), a.evaluatorSecond()}) {
                    assertTrue(run <= PER_PASS * l + io + PER_RUN, what + "second execution allocated " + run);
                }
            }
        }
    }

    /** docs/memory.md, lockstep: per thread beyond its loop's label bytes and tables, at most. */
    static final long LOCKSTEP_PER_THREAD = 160 << 10;
    /** docs/memory.md, lockstep: a piece beyond its expanded call (a walker batch and the call's first buffer). */
    static final long PIECE = 40 << 10;
    /** docs/memory.md: the channel buffer b, the most a garbler holds before it writes. */
    static final long CHANNEL_BUFFER = 64 << 10;

    /**
     * A circuit that carries a schedule, walked in lockstep by 2 and 3 threads: its first
     * execution adds at most what a team adds (as {@link #eachThreadAddsItsShareAndLaterExecutionsNothing}
     * states it) plus the lockstep row of docs/memory.md, a loop and tables a thread, two pieces a
     * thread and one the owner counts with, and the garbler's two buffers; a later execution adds
     * at most the pieces, which each walk opens anew.
     */
    @Test
    void aScheduledCircuitsTeamAddsTheLockstepRowAndItsPieces() throws Exception {
        String name = "levenshtein70x64dna";
        Circuit c = Library.get(name).circuit();
        Schedule schedule = Circuits.schedule(c);
        assertTrue(schedule != null, name + " carries a schedule");
        boolean[] x = new boolean[c.creatorInputCount()];
        boolean[] y = new boolean[c.evaluatorInputCount()];
        long io = PER_IO_BIT * (x.length + y.length + c.creatorOutputCount() + c.evaluatorOutputCount());
        for (int t : new int[] {2, 3, 1}) {
            PartyMemory.run(() -> Library.get(name).circuit(), x, y, SessionOptions.builder().threads(t).build());
        }
        PartyMemory.Allocated one = PartyMemory.run(() -> Library.get(name).circuit(), x, y,
                SessionOptions.builder().threads(1).build());
        long l = c.labelSlots();
        long m = schedule.maxSegmentNonLinear();
        // A piece holds one call expanded, 16 bytes a gate and its copies: the largest is the readout.
        long call = 0;
        for (SubCircuit sub : Circuits.subCircuits(c)) {
            call = Math.max(call, sub.gateCount() + sub.inputCount() + sub.outputCount());
        }
        long piece = PIECE + 16 * call;
        for (int t : new int[] {2, 3}) {
            long pieces = (2L * t + 1) * piece;
            long team = 4 * (t + 1) * l - l + (t - 1) * (PER_THREAD - PER_THREAD_OT) + WITH_THREADS + l;
            long lockstep = t * (l + LOCKSTEP_PER_THREAD + 32 * m) + 2 * (32 * m + CHANNEL_BUFFER) + pieces;
            PartyMemory.Allocated a = PartyMemory.run(() -> Library.get(name).circuit(), x, y,
                    SessionOptions.builder().threads(t).build());
            String what = name + ", " + t + " threads: L = " + l + ", M = " + m + ", ";
            assertTrue(a.creatorFirst() - one.creatorFirst() <= team + lockstep, what + "the creator's first execution"
                    + " allocated " + a.creatorFirst() + ", one thread's " + one.creatorFirst() + ", more than "
                    + (team + lockstep) + " apart");
            assertTrue(a.evaluatorFirst() - one.evaluatorFirst() <= team + lockstep, what + "the evaluator's first"
                    + " execution allocated " + a.evaluatorFirst() + ", one thread's " + one.evaluatorFirst()
                    + ", more than " + (team + lockstep) + " apart");
            for (long run : new long[] {a.creatorSecond(), a.evaluatorSecond()}) {
                assertTrue(run <= PER_PASS * l + io + PER_RUN + pieces, what + "second execution allocated " + run
                        + ", over " + (PER_PASS * l + io + PER_RUN + pieces));
            }
        }
    }

    /**
     * docs/memory.md: what each run computed beside another holds at most (runMany on 2 threads
     * or more, as many such runs at a time as the runs at once), besides its label array: a hash
     * batch, its loop's batch buffers, and the tables it holds (creator) or reads ahead
     * (evaluator), 1 MiB.
     */
    static final long PER_RUN_BESIDE = 1280 << 10;
    /** docs/memory.md: runs in flight at once unless a session sets another number ({@code SessionOptions.runsAtOnce}). */
    static final int DEFAULT_RUNS_AT_ONCE = 4;

    /**
     * Runs computed beside each other (runMany on 2 threads) add at most, once, the share of
     * as many runs as are in flight at once, the default and more
     * (their label arrays and {@link #PER_RUN_BESIDE}), counted on the party's thread and on the
     * runs' threads; a later runMany of the session allocates no more than the per-run part of
     * each run, as with one thread.
     */
    @Test
    void runsBesideEachOtherAddTheirRunsShareOnceAndLaterRunsNothing() throws Exception {
        int n = 8;
        // Circuits whose runs go ahead (no creator outputs), so that they go beside each other.
        for (String name : new String[] {"aes128", "present80"}) {
            Circuit c = Library.get(name).circuit();
            boolean[] x = new boolean[c.creatorInputCount()];
            boolean[] y = new boolean[c.evaluatorInputCount()];
            long io = PER_IO_BIT * (x.length + y.length + c.creatorOutputCount() + c.evaluatorOutputCount());
            for (int t : new int[] {2, 1}) {
                PartyMemory.runMany(c, x, y, SessionOptions.builder().threads(t).build(), n);
            }
            PartyMemory.Allocated one = PartyMemory.runMany(c, x, y, SessionOptions.builder().threads(1).build(), n);
            for (int atOnce : new int[] {DEFAULT_RUNS_AT_ONCE, 6}) {
                PartyMemory.Allocated two = PartyMemory.runMany(c, x, y,
                        SessionOptions.builder().threads(2).runsAtOnce(atOnce).build(), n);
                long extra = atOnce * (17 * c.labelSlots() + PER_RUN_BESIDE);
                String what = name + ": L = " + c.labelSlots() + ", " + n + " runs, " + atOnce + " at once, ";
                assertTrue(two.creatorFirst() - one.creatorFirst() <= extra, what + "the creator on 2 threads allocated "
                        + two.creatorFirst() + ", on one " + one.creatorFirst() + ", more than " + extra + " apart");
                assertTrue(two.evaluatorFirst() - one.evaluatorFirst() <= extra, what + "the evaluator on 2 threads"
                        + " allocated " + two.evaluatorFirst() + ", on one " + one.evaluatorFirst() + ", more than "
                        + extra + " apart");
                for (PartyMemory.Allocated a : new PartyMemory.Allocated[] {one, two}) {
                    for (long later : new long[] {a.creatorSecond(), a.evaluatorSecond()}) {
                        assertTrue(later <= n * (io + PER_RUN), what + "a later runMany allocated " + later
                                + ", more than " + n + " runs' per-run part " + n * (io + PER_RUN));
                    }
                }
            }
        }
    }

    /**
     * Bytes a one-thread gate loop's first walk of {@code c} allocates to keep its compiled code
     * ({@code CodeWalker}, docs/memory.md), garbage included; the same for every walk's sizing.
     */
    private static long walkKept(Circuit c) throws Exception {
        StreamingGarbler g = new StreamingGarbler(GarblingScheme.of(io.gcstream.engine.Scheme.HALF_GATES),
                new TweakableHash(), c.labelSlots(), 1, 0, 0, (b, off, len) -> { });
        CodeWalker w = new CodeWalker(c, Long.MAX_VALUE);
        long start = PartyMemory.allocatedByThisThread();
        w.walk(g, null);
        long kept = PartyMemory.allocatedByThisThread() - start;
        assertTrue(w.keeps(), c + ": the walk is kept");
        return kept;
    }

    /** Bytes a team's first walk of {@code c} allocates to record it ({@code ReplayingWalker}). */
    private static long walkRecorded(Circuit c) throws Exception {
        ReplayingWalker w = new ReplayingWalker(c, Long.MAX_VALUE);
        long start = PartyMemory.allocatedByThisThread();
        w.walk((ops, count) -> { });
        return PartyMemory.allocatedByThisThread() - start;
    }

    /**
     * What a session's base OTs allocate on each side, {creator, evaluator}, with every group on
     * the party's own thread: the most of it a base-OT worker can take off that thread's count.
     * A session's base OTs split their groups between the party's thread and a worker (the OT
     * extension's {@code OtOptions.threads}, 2 whatever the session's threads), and a group's
     * garbage (its points, scratch and pads) is allocated by the thread that computes it, which
     * the timing decides. The creator is the base OTs' receiver, the evaluator their sender
     * (IKNP). The largest of three, after a warm-up.
     */
    private static long[] baseOtGarbage() throws Exception {
        long[] most = new long[2];
        for (int i = 0; i < 4; i++) {
            long[] g = PartyMemory.baseOts();
            if (i > 0) {
                most[0] = Math.max(most[0], g[0]);
                most[1] = Math.max(most[1], g[1]);
            }
        }
        return most;
    }

    /** The smallest OT extension block the team shares out (ExtensionTeam.MIN_PARALLEL_OTS). */
    static final int TEAM_BLOCK = 4096;

    /**
     * docs/memory.md: each thread of the OT extension beyond the first adds its share at the
     * first call whose blocks the team shares, 48·B bytes and the matrix's padding (8 KiB): the
     * sender's a matrix, a q_i and a U buffer, the receiver's a matrix T, a U and a t_i buffer,
     * and its choice bits (B/8). The party's own thread makes all of it.
     */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void eachOtThreadAddsItsShareAtItsFirstCallOfBlocks(boolean sender) throws Exception {
        int n = 3 * TEAM_BLOCK;
        otFirstCall(sender, 1, n); // loads classes and compiles code paths, so the measurements are alike
        long one = otFirstCall(sender, 1, n);
        String who = sender ? "sender" : "receiver";
        for (int t = 2; t <= 3; t++) {
            long extra = otFirstCall(sender, t, n) - one;
            long share = (t - 1) * (48L * TEAM_BLOCK + (8 << 10) + (sender ? 0 : TEAM_BLOCK / 8));
            // Beyond the buffers: the workers' threads started, arrays' headers, classes a first team call loads.
            long slack = 32 << 10;
            assertTrue(extra <= share + slack, t + " threads: the " + who + "'s first call of " + n + " OTs allocated "
                    + extra + " bytes more than one thread's, over " + share + " + " + slack);
            assertTrue(extra >= share, t + " threads: the " + who + "'s team buffers were not all made: "
                    + extra + " < " + share);
        }
    }

    /**
     * Bytes the {@code sender}'s (else the receiver's) thread allocates in its first call of n
     * random OTs on {@code threads} threads, blocks of {@link #TEAM_BLOCK}, against a peer on one.
     */
    private static long otFirstCall(boolean sender, int threads, int n) throws Exception {
        io.gcstream.ot.channel.Channel[] m = io.gcstream.ot.channel.MemoryChannel.pair(
                io.gcstream.ot.channel.ChannelOptions.defaults());
        io.gcstream.ot.OtOptions team = io.gcstream.ot.OtOptions.builder().threads(threads).blockSize(TEAM_BLOCK).build();
        io.gcstream.ot.OtOptions one = io.gcstream.ot.OtOptions.builder().blockSize(TEAM_BLOCK).build();
        java.util.concurrent.ExecutorService peer = java.util.concurrent.Executors.newSingleThreadExecutor();
        try {
            java.util.concurrent.Future<io.gcstream.ot.OtExtensionReceiver> rf = sender
                    ? peer.submit(() -> io.gcstream.ot.OtExtensionReceiver.setup(m[1], one)) : null;
            java.util.concurrent.Future<io.gcstream.ot.OtExtensionSender> sf = sender
                    ? null : peer.submit(() -> io.gcstream.ot.OtExtensionSender.setup(m[0], one));
            io.gcstream.ot.OtExtensionSender s = sender ? io.gcstream.ot.OtExtensionSender.setup(m[0], team) : null;
            io.gcstream.ot.OtExtensionReceiver r = sender ? null : io.gcstream.ot.OtExtensionReceiver.setup(m[1], team);
            try (io.gcstream.ot.OtExtensionSender ss = sender ? s : sf.get();
                    io.gcstream.ot.OtExtensionReceiver rr = sender ? rf.get() : r) {
                long[] choices = new long[n / 64];
                java.util.concurrent.Future<?> other = peer.submit(() -> {
                    if (sender) {
                        rr.random(choices, 0, n, new long[2 * n], 0);
                    } else {
                        ss.random(n, new long[2 * n], 0, new long[2 * n], 0);
                    }
                    return null;
                });
                long[] out0 = new long[2 * n];
                long[] out1 = new long[2 * n];
                long start = PartyMemory.allocatedByThisThread();
                if (sender) {
                    ss.random(n, out0, 0, out1, 0);
                } else {
                    rr.random(choices, 0, n, out0, 0);
                }
                long used = PartyMemory.allocatedByThisThread() - start;
                other.get();
                return used;
            }
        } finally {
            peer.shutdown();
        }
    }

    @Test
    void compilingAndRunningEditDistanceDoesNotGrowWithTheStrings(@TempDir Path dir) throws Exception {
        compileAndSimulate(dir, 20, 20); // warms up classes and code paths, so the measurements are alike
        long small = compileAndSimulate(dir, 20, 20);
        long longer = compileAndSimulate(dir, 20, 2000);
        long square = compileAndSimulate(dir, 200, 200);
        // 100 times the cells. Held in memory, the 20x2000 body would be 40,000 calls of 13 ints
        // (2 MB) and the 200x200 one as much, and a builder needs several times that; streamed,
        // only what is proportional to the strings grows: the input slot lists (copied a few
        // times on the way, under 128 bytes per input bit) and, with the shorter string, the
        // readout's definition (its compilation allocates about 4 KB per column).
        long perInputBit = 128;
        assertTrue(longer - small < perInputBit * 2 * 1980 + (64 << 10),
                "compiling 20x2000 allocated " + longer + " bytes, 20x20 " + small);
        assertTrue(square - small < (3 << 19), "compiling 200x200 allocated " + square + " bytes, 20x20 " + small);

        PartyMemory.Allocated s = runTwice(20, 20);
        for (int[] size : new int[][] {{20, 2000}, {200, 200}}) {
            PartyMemory.Allocated l = runTwice(size[0], size[1]);
            // Later executions reuse the session's label arrays: what may grow is per-pass state and I/O.
            long grow = PER_PASS * (Library.get("levenshtein" + size[0] + "x" + size[1] + "dna").circuit().labelSlots()
                    - Library.get("levenshtein20x20dna").circuit().labelSlots()) + PER_IO_BIT * 2 * (size[0] + size[1] - 40);
            String what = size[0] + "x" + size[1] + " vs 20x20: ";
            assertTrue(l.creatorSecond() - s.creatorSecond() <= grow + (64 << 10),
                    what + "creator " + l.creatorSecond() + " vs " + s.creatorSecond());
            assertTrue(l.evaluatorSecond() - s.evaluatorSecond() <= grow + (64 << 10),
                    what + "evaluator " + l.evaluatorSecond() + " vs " + s.evaluatorSecond());
        }
    }

    /** Bytes this thread allocates to build, write, read back and simulate levenshtein{n}x{m}dna. */
    private static long compileAndSimulate(Path dir, int n, int m) throws Exception {
        boolean[] a = new boolean[2 * n];
        boolean[] b = new boolean[2 * m];
        b[1] = true;
        Path file = dir.resolve("edit" + n + "x" + m + ".gcb");
        long start = PartyMemory.allocatedByThisThread();
        Circuit c = Library.get("levenshtein" + n + "x" + m + "dna").circuit();
        GcbWriter.write(c, file);
        Circuit read = GcbReader.open(file, GcbReader.Options.defaults());
        Simulator.Result r = Simulator.run(read, a, b);
        long used = PartyMemory.allocatedByThisThread() - start;
        assertEquals(Math.abs(n - m) + (n == m ? 1 : 0),
                (int) io.gcstream.circuits.BitCodec.toBigInteger(r.evaluatorOutputs()).longValueExact());
        assertEquals(HexFormat.of().formatHex(c.hash()), HexFormat.of().formatHex(read.hash()));
        return used;
    }

    private static PartyMemory.Allocated runTwice(int n, int m) throws Exception {
        String name = "levenshtein" + n + "x" + m + "dna";
        return PartyMemory.run(() -> Library.get(name).circuit(), new boolean[2 * n], new boolean[2 * m]);
    }
}
