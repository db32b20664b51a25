package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.SplitPlan;
import io.gcstream.engine.Scheme;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.engine.testutil.StreamBytes;
import io.gcstream.ot.internal.parallel.Workers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link ParallelGarbler} and {@link ParallelEvaluator} (and so {@link ParallelLoop}): with any
 * number of threads on either side, the garbler writes the one-thread garbler's stream byte
 * for byte, and the evaluator, reading either, gets the simulator's results. The circuits have
 * split calls (from the main body and from a nested frame), wide AND levels whose flushes are
 * split, and chains that flush often; hash batches of a few gates make flushes run in chunks.
 */
class ParallelLoopTest {
    private static final int[][] THREADS = {{2, 2}, {1, 2}, {2, 1}, {3, 3}, {8, 1}, {1, 8}, {8, 8}};

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void anyThreadCountsGiveTheOneThreadStreamAndTheSimulatorsResults(Scheme s) throws Exception {
        check(s, TweakableHash.DEFAULT_CAPACITY, 42);
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void smallHashBatchesGiveTheSameStreamAndResults(Scheme s) throws Exception {
        check(s, 2 * GarblingScheme.of(s).garbleBlocks() + 1, 43);
    }

    /**
     * Batches that a team's loop runs on its owner alone (when its team does not pay) and
     * batches on the team, in any order, make the one-thread stream and results: batches run
     * alone in turn with team batches, two of three, or all; and with the stream sent in pieces.
     */
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void batchesRunAloneGiveTheSameStreamAndResults(Scheme s) throws Exception {
        java.util.function.LongPredicate[] patterns = {b -> b % 2 == 0, b -> b % 3 != 2, b -> true};
        try {
            for (java.util.function.LongPredicate p : patterns) {
                ParallelLoop.aloneForTests = p;
                check(s, TweakableHash.DEFAULT_CAPACITY, 44);
            }
            ParallelLoop.aloneForTests = b -> b % 2 == 1;
            GarblingScheme scheme = GarblingScheme.of(s);
            Random r = new Random(6 + s.ordinal());
            Circuit circuit = RandomCircuits.generate(r, 3, 4, 2, 3, 12_000);
            long[] zero = new long[2 * (int) circuit.labelSlots()];
            for (int i = 0; i < zero.length; i++) {
                zero[i] = r.nextLong();
            }
            byte[] reference = garble(scheme, TweakableHash.DEFAULT_CAPACITY, null, circuit, zero, 7, 9, 0).data;
            try (Workers team = new Workers(2, "test")) {
                SplitPlan plan = SplitPlan.of(circuit, 2, 0);
                for (int piece : new int[] {700, 100_000}) {
                    StreamingGarblerTest.Pipe pipe = new StreamingGarblerTest.Pipe();
                    ParallelGarbler g = new ParallelGarbler(scheme, new TweakableHash(), team, 2, plan.labelSlots(), 7, 9,
                            0, pipe);
                    g.sendInPiecesOf(piece);
                    g.plan(plan);
                    g.restart(0);
                    placeInputs(circuit, zero, g.labels());
                    new CircuitWalker(circuit, plan).walk(g);
                    g.finish();
                    assertTrue(g.aloneBatches > 0, "batches ran alone");
                    assertArrayEquals(reference, Arrays.copyOf(pipe.data, pipe.size), "pieces of " + piece);
                    g.close();
                }
            }
        } finally {
            ParallelLoop.aloneForTests = null;
        }
    }

    private static void check(Scheme s, int hashCapacity, long seed) throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        Random r = new Random(seed + s.ordinal());
        List<Circuit> circuits = new ArrayList<>();
        for (int parts = 1; parts <= 8; parts++) {
            circuits.add(RandomCircuits.parted(r, parts, 30 + r.nextInt(60)));
        }
        for (int k = 0; k < 4; k++) {
            circuits.add(RandomCircuits.generate(r, 1 + r.nextInt(8), 1 + r.nextInt(8), r.nextInt(6),
                    1 + r.nextInt(6), 500 + r.nextInt(4000)));
        }
        Workers[] teams = new Workers[9];
        for (int t = 2; t < teams.length; t++) {
            teams[t] = new Workers(t, "test");
        }
        long[] handOffs = new long[2];
        long alone = 0;
        try {
            long gateId = 1000;
            for (Circuit circuit : circuits) {
                boolean[] x = RandomCircuits.bits(r, circuit.creatorInputCount());
                boolean[] y = RandomCircuits.bits(r, circuit.evaluatorInputCount());
                Simulator.Result want = Simulator.run(circuit, x, y);
                long dLo = r.nextLong() | 1;
                long dHi = r.nextLong();
                long[] zero = new long[2 * (int) circuit.labelSlots()];
                for (int i = 0; i < zero.length; i++) {
                    zero[i] = r.nextLong();
                }
                byte[] reference = garble(scheme, hashCapacity, null, circuit, zero, dLo, dHi, gateId).data;
                assertEquals(StreamBytes.of(circuit, scheme), reference.length);
                for (int[] tt : THREADS) {
                    String what = s + ", " + tt[0] + " garbling / " + tt[1] + " evaluating threads, "
                            + Circuits.subCircuits(circuit).size() + " definitions, " + circuit.gateCount() + " gates";
                    Run g = garble(scheme, hashCapacity, teams[tt[0]], circuit, zero, dLo, dHi, gateId);
                    assertArrayEquals(reference, g.data, what + ": the stream");
                    assertEquals(gateId + circuit.nonLinearCount(), g.loop.nextGateId(), what);
                    assertEquals(circuit.nonLinearCount(), g.loop.nonLinearCount(), what);
                    GateLoop e = evaluate(scheme, hashCapacity, teams[tt[1]], circuit, zero, x, y, dLo, dHi,
                            gateId, g.data);
                    assertEquals(g.loop.nextGateId(), e.nextGateId(), what);
                    for (GateLoop loop : new GateLoop[] {g.loop, e}) {
                        if (loop instanceof ParallelLoop p) {
                            handOffs[0] += p.regionParts();
                            handOffs[1] += p.splitFlushes();
                            alone += p.aloneBatches;
                        }
                    }
                    assertEquals(g.loop.gateCount(), e.gateCount(), what);
                    assertArrayEquals(want.creatorOutputs(), StreamingGarblerTest.decode(g.loop.labels(), e.labels(),
                            CircuitSlots.outputs(circuit, Party.CREATOR), dLo, dHi), what + ": creator outputs");
                    assertArrayEquals(want.evaluatorOutputs(), StreamingGarblerTest.decode(g.loop.labels(), e.labels(),
                            CircuitSlots.outputs(circuit, Party.EVALUATOR), dLo, dHi), what + ": evaluator outputs");
                }
                gateId += circuit.nonLinearCount();
            }
            // Hash batches of a few gates make queues too short to split: only calls then.
            boolean flushes = hashCapacity == TweakableHash.DEFAULT_CAPACITY;
            assertTrue(handOffs[0] > 100 && (!flushes || handOffs[1] > 100 || ParallelLoop.aloneForTests != null),
                    "split calls " + handOffs[0] + " and split flushes " + handOffs[1] + " ran on the teams");
            if (ParallelLoop.aloneForTests != null) {
                assertTrue(alone > 0, "batches ran alone");
            }
        } finally {
            for (Workers w : teams) {
                if (w != null) {
                    w.close();
                }
            }
        }
    }

    /**
     * Sent in pieces, which a thread of the garbler's own writes while the next is garbled, the
     * stream is the same bytes; a write that fails is thrown by the garbler as the one-thread
     * garbler throws it, and the garbler can be used again after a restart.
     */
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void piecesWrittenInTheBackgroundAreTheSameStream(Scheme s) throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        Random r = new Random(5 + s.ordinal());
        Circuit circuit = RandomCircuits.parted(r, 6, 80);
        long[] zero = new long[2 * (int) circuit.labelSlots()];
        for (int i = 0; i < zero.length; i++) {
            zero[i] = r.nextLong();
        }
        byte[] reference = garble(scheme, TweakableHash.DEFAULT_CAPACITY, null, circuit, zero, 7, 9, 0).data;
        try (Workers team = new Workers(3, "test")) {
            SplitPlan plan = SplitPlan.of(circuit, 3, 0);
            for (int piece : new int[] {1, 700, 40_000}) {
                List<Integer> writes = new ArrayList<>();
                StreamingGarblerTest.Pipe pipe = new StreamingGarblerTest.Pipe();
                ParallelGarbler g = new ParallelGarbler(scheme, new TweakableHash(), team, team.threads(), plan.labelSlots(), 7, 9, 0,
                        (a, off, len) -> {
                            writes.add(len);
                            pipe.write(a, off, len);
                        });
                g.sendInPiecesOf(piece);
                g.plan(plan);
                g.restart(0);
                placeInputs(circuit, zero, g.labels());
                new CircuitWalker(circuit, plan).walk(g);
                g.finish();
                assertArrayEquals(reference, Arrays.copyOf(pipe.data, pipe.size), "pieces of " + piece);
                for (int w = 0; w < writes.size() - 1; w++) {
                    assertTrue(writes.get(w) >= piece, "write " + w + " of " + writes.get(w) + " bytes");
                }
                g.close();
            }
            int[] calls = {0};
            ParallelGarbler g = new ParallelGarbler(scheme, new TweakableHash(), team, team.threads(), plan.labelSlots(), 7, 9, 0,
                    (a, off, len) -> {
                        if (++calls[0] == 3) {
                            throw new java.io.IOException("peer gone");
                        }
                    });
            g.sendInPiecesOf(1);
            g.plan(plan);
            g.restart(0);
            java.io.UncheckedIOException e = org.junit.jupiter.api.Assertions.assertThrows(
                    java.io.UncheckedIOException.class, () -> {
                        new CircuitWalker(circuit, plan).walk(g);
                        g.finish();
                    });
            assertEquals("peer gone", e.getCause().getMessage());
            g.restart(0);
            placeInputs(circuit, zero, g.labels());
            new CircuitWalker(circuit, plan).walk(g);
            g.finish();
            g.close();
        }
    }

    /**
     * A resumed session's hash is salted (its own permutation): every thread of a parallel
     * garbler hashes with the owner's salt, so the stream is the salted one-thread stream.
     */
    @ParameterizedTest
    @EnumSource(Scheme.class)
    void everyThreadHashesWithTheSessionsSalt(Scheme s) throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        Random r = new Random(17 + s.ordinal());
        Circuit circuit = RandomCircuits.parted(r, 5, 80);
        long[] zero = new long[2 * (int) circuit.labelSlots()];
        for (int i = 0; i < zero.length; i++) {
            zero[i] = r.nextLong();
        }
        try (Workers team = new Workers(3, "test")) {
            for (long[] salt : new long[][] {{0, 0}, {0x1234, -5}}) {
                StreamingGarblerTest.Pipe one = new StreamingGarblerTest.Pipe();
                TweakableHash h1 = new TweakableHash();
                h1.salt(salt[0], salt[1]);
                StreamingGarbler g1 = new StreamingGarbler(scheme, h1, circuit.labelSlots(), 7, 9, 0, one);
                placeInputs(circuit, zero, g1.labels());
                new CircuitWalker(circuit).walk(g1);
                g1.finish();
                StreamingGarblerTest.Pipe many = new StreamingGarblerTest.Pipe();
                TweakableHash h3 = new TweakableHash();
                SplitPlan plan = SplitPlan.of(circuit, 3, 0);
                ParallelGarbler g3 = new ParallelGarbler(scheme, h3, team, 3, plan.labelSlots(), 7, 9, 0, many);
                g3.plan(plan);
                // Salted after the loop was made, as a resumed session's hash is before its runs.
                h3.salt(salt[0], salt[1]);
                g3.restart(0);
                placeInputs(circuit, zero, g3.labels());
                new CircuitWalker(circuit, plan).walk(g3);
                g3.finish();
                assertTrue(g3.regionParts() > 0, "split calls ran on the team");
                assertArrayEquals(Arrays.copyOf(one.data, one.size), Arrays.copyOf(many.data, many.size),
                        "salt " + salt[0] + "/" + salt[1]);
                g3.close();
            }
        }
    }

    private record Run(GateLoop loop, byte[] data) {
    }

    /**
     * Pieces of a long stream are written by the owner while writes are quick, by the writer
     * thread from a write that blocks on, and by the owner again after a run of quick ones; the
     * stream is the same whoever writes it.
     */
    @Test
    void piecesGoToTheWriterThreadOnlyWhileWritesBlock() throws Exception {
        GarblingScheme scheme = GarblingScheme.of(Scheme.HALF_GATES);
        Random r = new Random(13);
        Circuit circuit = RandomCircuits.generate(r, 3, 4, 2, 3, 12_000);
        long[] zero = new long[2 * (int) circuit.labelSlots()];
        for (int i = 0; i < zero.length; i++) {
            zero[i] = r.nextLong();
        }
        byte[] reference = garble(scheme, TweakableHash.DEFAULT_CAPACITY, null, circuit, zero, 7, 9, 0).data;
        int slowFrom = 3;
        int slowTo = 6;
        int[] writes = {0};
        // The clock writes are timed by moves only when a write blocks.
        java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();
        StreamingGarblerTest.Pipe pipe = new StreamingGarblerTest.Pipe() {
            @Override
            public void write(byte[] a, int off, int len) {
                int k = writes[0]++;
                if (k >= slowFrom && k < slowTo) {
                    // The channel pushes back: this write blocks.
                    now.addAndGet(3 * ParallelGarbler.SLOW_WRITE_NANOS);
                }
                super.write(a, off, len);
            }
        };
        try (Workers team = new Workers(2, "test")) {
            SplitPlan plan = SplitPlan.of(circuit, 2, 0);
            ParallelGarbler g = new ParallelGarbler(scheme, new TweakableHash(), team, 2, plan.labelSlots(), 7, 9, 0,
                    pipe);
            g.clock = now::get;
            g.sendInPiecesOf(700);
            g.plan(plan);
            g.restart(0);
            placeInputs(circuit, zero, g.labels());
            new CircuitWalker(circuit, plan).walk(g);
            g.finish();
            g.close();
            assertArrayEquals(reference, Arrays.copyOf(pipe.data, pipe.size));
            int pieces = writes[0];
            assertTrue(pieces > slowTo + ParallelGarbler.QUICK_WRITES + 10, pieces + " pieces");
            // From the first slow write on, to the writer: the slow ones, and the quick ones
            // after them until QUICK_WRITES in a row; then the owner again.
            assertEquals(slowTo - slowFrom - 1 + ParallelGarbler.QUICK_WRITES, g.backgroundPieces);
        }
    }

    /**
     * A team measuring the work it would share (closed, {@code Workers.measure}) runs every
     * batch the team's way, none alone, and gives the same stream: benchmarks count all of it.
     */
    @Test
    void aMeasuringTeamRunsNoBatchAlone() throws Exception {
        GarblingScheme scheme = GarblingScheme.of(Scheme.HALF_GATES);
        Random r = new Random(12);
        // A long main body (its batches would be probed alone), then calls of split definitions.
        for (Circuit circuit : new Circuit[] {RandomCircuits.generate(r, 3, 4, 2, 3, 12_000),
            RandomCircuits.parted(r, 6, 80)}) {
            long[] zero = new long[2 * (int) circuit.labelSlots()];
            for (int i = 0; i < zero.length; i++) {
                zero[i] = r.nextLong();
            }
            byte[] reference = garble(scheme, TweakableHash.DEFAULT_CAPACITY, null, circuit, zero, 7, 9, 0).data;
            try (Workers team = new Workers(2, "test")) {
                team.close();
                team.measure(true);
                Run g = garble(scheme, TweakableHash.DEFAULT_CAPACITY, team, circuit, zero, 7, 9, 0);
                assertArrayEquals(reference, g.data);
                ParallelLoop p = (ParallelLoop) g.loop;
                assertEquals(0, p.aloneBatches);
                assertEquals(p.regionParts() + p.splitFlushes(), team.jobs());
            }
        }
    }

    /** The stream of {@code circuit} garbled on {@code team} (null: the one-thread garbler). */
    private static Run garble(GarblingScheme scheme, int hashCapacity, Workers team, Circuit circuit,
            long[] zero, long dLo, long dHi, long gateId) throws Exception {
        StreamingGarblerTest.Pipe pipe = new StreamingGarblerTest.Pipe();
        TweakableHash h = new TweakableHash(hashCapacity);
        GateLoop g;
        CircuitWalker w;
        if (team == null) {
            g = new StreamingGarbler(scheme, h, circuit.labelSlots(), dLo, dHi, gateId, pipe);
            w = new CircuitWalker(circuit);
        } else {
            SplitPlan plan = SplitPlan.of(circuit, loopThreads(team), 0);
            ParallelGarbler p = new ParallelGarbler(scheme, h, team, loopThreads(team), plan.labelSlots(), dLo, dHi, gateId,
                    pipe);
            p.plan(plan);
            g = p;
            w = new CircuitWalker(circuit, plan);
        }
        g.restart(gateId);
        placeInputs(circuit, zero, g.labels());
        w.walk(g);
        g.finish();
        return new Run(g, Arrays.copyOf(pipe.data, pipe.size));
    }

    private static GateLoop evaluate(GarblingScheme scheme, int hashCapacity, Workers team, Circuit circuit,
            long[] zero, boolean[] x, boolean[] y, long dLo, long dHi, long gateId, byte[] stream)
            throws Exception {
        StreamingGarblerTest.Pipe pipe = new StreamingGarblerTest.Pipe();
        pipe.write(stream, 0, stream.length);
        TweakableHash h = new TweakableHash(hashCapacity);
        GateLoop e;
        CircuitWalker w;
        if (team == null) {
            e = new StreamingEvaluator(scheme, h, circuit.labelSlots(), gateId, pipe);
            w = new CircuitWalker(circuit);
        } else {
            SplitPlan plan = SplitPlan.of(circuit, loopThreads(team), 0);
            ParallelEvaluator p = new ParallelEvaluator(scheme, h, team, loopThreads(team), plan.labelSlots(), gateId, pipe);
            p.plan(plan);
            e = p;
            w = new CircuitWalker(circuit, plan);
        }
        e.restart(gateId);
        long[] l = e.labels();
        active(circuit, zero, x, y, dLo, dHi, l);
        w.walk(e);
        e.finish();
        assertEquals(pipe.size, pipe.pos, "the evaluator read the whole stream");
        return e;
    }

    /**
     * The threads a loop uses of its team: all of a team of 2, else one fewer, as when a
     * session's read-ahead takes one (parts then run on any of the team's threads).
     */
    private static int loopThreads(Workers team) {
        return team.threads() == 2 ? 2 : team.threads() - 1;
    }

    static void placeInputs(Circuit circuit, long[] zero, long[] labels) {
        for (int[] slots : new int[][] {CircuitSlots.inputs(circuit, Party.CREATOR),
                CircuitSlots.inputs(circuit, Party.EVALUATOR)}) {
            for (int s : slots) {
                labels[2 * s] = zero[2 * s];
                labels[2 * s + 1] = zero[2 * s + 1];
            }
        }
    }

    /** Both parties' active input labels into l: the 0-labels zero, Δ = (dLo, dHi) where a bit is 1. */
    static void active(Circuit c, long[] zero, boolean[] x, boolean[] y, long dLo, long dHi, long[] l) {
        int[] ci = CircuitSlots.inputs(c, Party.CREATOR);
        int[] ei = CircuitSlots.inputs(c, Party.EVALUATOR);
        for (int i = 0; i < ci.length; i++) {
            l[2 * ci[i]] = zero[2 * ci[i]] ^ (x[i] ? dLo : 0);
            l[2 * ci[i] + 1] = zero[2 * ci[i] + 1] ^ (x[i] ? dHi : 0);
        }
        for (int i = 0; i < ei.length; i++) {
            l[2 * ei[i]] = zero[2 * ei[i]] ^ (y[i] ? dLo : 0);
            l[2 * ei[i] + 1] = zero[2 * ei[i] + 1] ^ (y[i] ? dHi : 0);
        }
    }
}
