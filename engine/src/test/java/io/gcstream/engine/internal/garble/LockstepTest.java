package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.Schedule;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.engine.Scheme;
import io.gcstream.engine.testutil.StreamBytes;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Random;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongPredicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A team's lockstep walk of a scheduled circuit ({@link Lockstep}, through
 * {@link ParallelLoop#walk(Schedule)}): with any number of threads, pieces of any size (none
 * too), the stream written in pieces or segment by segment, and segments run by the owner alone
 * in any pattern, the garbler writes the one-thread garbler's stream byte for byte and the
 * evaluator, reading it, gets the simulator's results; a failure on any thread ends the walk
 * on the owner and leaves the loop usable.
 */
class LockstepTest {
    private static final LongPredicate[] ALONE = {null, s -> s % 2 == 0, s -> s % 5 >= 2, s -> true, s -> s > 3};

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void anyTeamGivesTheOneThreadStreamAndTheSimulatorsResults(Scheme s) throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        Random r = new Random(70 + s.ordinal());
        Circuit probe = RandomCircuits.scheduled(r, 4, 3);
        if (scheme.controlBits() != 0) {
            try (Workers team = new Workers(2, "test")) {
                ParallelGarbler g = new ParallelGarbler(scheme, new TweakableHash(), team, 2, probe.labelSlots(), 7, 9, 0,
                        new StreamingGarblerTest.Pipe());
                assertFalse(g.runs(Circuits.schedule(probe)), "a scheme with control bits walks gate by gate");
                g.close();
            }
            return;
        }
        long[] seen = new long[3];
        try {
            for (LongPredicate alone : ALONE) {
                Lockstep.aloneForTests = alone;
                for (int threads : new int[] {2, 3, 5}) {
                    for (int lanes : new int[] {1, 2, 7, 300}) {
                        Circuit c = RandomCircuits.scheduled(r, lanes, 1 + r.nextInt(12));
                        long[] counts = check(scheme, c, threads, r, r.nextBoolean() ? 0 : 700);
                        for (int k = 0; k < 3; k++) {
                            seen[k] += counts[k];
                        }
                    }
                }
            }
        } finally {
            Lockstep.aloneForTests = null;
        }
        assertTrue(seen[0] > 100 && seen[1] > 100 && seen[2] > 10,
                "segments with the team " + seen[0] + ", alone " + seen[1] + ", switches " + seen[2]);
    }

    /** Garbles and evaluates {@code c} in lockstep against the one-thread loops; returns the loops' segment counts. */
    private static long[] check(GarblingScheme scheme, Circuit c, int threads, Random r, int piece) throws Exception {
        Schedule schedule = Circuits.schedule(c);
        boolean[] x = RandomCircuits.bits(r, c.creatorInputCount());
        boolean[] y = RandomCircuits.bits(r, c.evaluatorInputCount());
        Simulator.Result want = Simulator.run(c, x, y);
        long dLo = r.nextLong() | 1;
        long dHi = r.nextLong();
        long first = r.nextInt(1000);
        long[] zero = new long[2 * (int) c.labelSlots()];
        for (int i = 0; i < zero.length; i++) {
            zero[i] = r.nextLong();
        }
        StreamingGarblerTest.Pipe one = new StreamingGarblerTest.Pipe();
        StreamingGarbler g1 = new StreamingGarbler(scheme, new TweakableHash(), c.labelSlots(), dLo, dHi, first, one);
        ParallelLoopTest.placeInputs(c, zero, g1.labels());
        new CircuitWalker(c).walk(g1);
        g1.finish();
        byte[] reference = Arrays.copyOf(one.data, one.size);
        String what = threads + " threads, " + c.gateCount() + " gates, pieces of " + piece + " bytes";
        try (Workers team = new Workers(threads, "test")) {
            StreamingGarblerTest.Pipe many = new StreamingGarblerTest.Pipe();
            ParallelGarbler g = new ParallelGarbler(scheme, new TweakableHash(), team, threads, c.labelSlots(), dLo, dHi,
                    first, many);
            g.sendInPiecesOf(piece);
            assertTrue(g.runs(schedule));
            for (int walk = 0; walk < 2; walk++) {
                many.size = 0;
                g.restart(first);
                ParallelLoopTest.placeInputs(c, zero, g.labels());
                g.walk(schedule);
                g.finish();
                assertArrayEquals(reference, Arrays.copyOf(many.data, many.size), what + ": the stream");
                assertEquals(first + c.nonLinearCount(), g.nextGateId(), what);
                assertEquals(c.gateCount(), g.gateCount(), what);
                assertEquals(c.nonLinearCount(), g.nonLinearCount(), what);
            }
            StreamingGarblerTest.Pipe in = new StreamingGarblerTest.Pipe();
            in.write(reference, 0, reference.length);
            ParallelEvaluator e = new ParallelEvaluator(scheme, new TweakableHash(), team, threads, c.labelSlots(), first, in);
            e.restart(first);
            ParallelLoopTest.active(c, zero, x, y, dLo, dHi, e.labels());
            e.walk(schedule);
            e.finish();
            assertEquals(in.size, in.pos, what + ": the evaluator read the whole stream");
            assertEquals(first + c.nonLinearCount(), e.nextGateId(), what);
            assertArrayEquals(want.creatorOutputs(), StreamingGarblerTest.decode(g.labels(), e.labels(),
                    CircuitSlots.outputs(c, Party.CREATOR), dLo, dHi), what + ": creator outputs");
            assertArrayEquals(want.evaluatorOutputs(), StreamingGarblerTest.decode(g.labels(), e.labels(),
                    CircuitSlots.outputs(c, Party.EVALUATOR), dLo, dHi), what + ": evaluator outputs");
            long[] a = g.lockstepSegments();
            long[] b = e.lockstepSegments();
            g.close();
            e.close();
            return new long[] {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
        }
    }

    /**
     * A channel that fails, on whichever thread reads or writes it then, ends the walk on the
     * owner with the channel's error and no thread left behind; the loops then walk again.
     */
    @Test
    void aFailingChannelEndsTheWalkOnTheOwnerAndTheLoopWalksAgain() throws Exception {
        GarblingScheme scheme = GarblingScheme.of(Scheme.HALF_GATES);
        Random r = new Random(81);
        Circuit c = RandomCircuits.scheduled(r, 64, 30);
        Schedule schedule = Circuits.schedule(c);
        try (Workers team = new Workers(3, "test")) {
            StreamingGarblerTest.Pipe stream = new StreamingGarblerTest.Pipe();
            int[] writes = {0};
            ParallelGarbler g = new ParallelGarbler(scheme, new TweakableHash(), team, 3, c.labelSlots(), 7, 9, 0,
                    (a, off, len) -> {
                        if (++writes[0] == 4) {
                            throw new IOException("peer gone");
                        }
                        stream.write(a, off, len);
                    });
            g.restart(0);
            UncheckedIOException failed = assertThrows(UncheckedIOException.class, () -> g.walk(schedule));
            assertEquals("peer gone", failed.getCause().getMessage());
            stream.size = 0;
            g.restart(0);
            g.walk(schedule);
            g.finish();
            assertEquals(StreamBytes.of(c, scheme), stream.size);
            try {
                // With the team, each piece reads its own tables; alone, the owner a segment's at once.
                for (LongPredicate alone : new LongPredicate[] {seg -> false, seg -> true}) {
                    Lockstep.aloneForTests = alone;
                    for (int failAt : new int[] {1, 7, 25}) {
                        int[] reads = {0};
                        ParallelEvaluator e = new ParallelEvaluator(scheme, new TweakableHash(), team, 3, c.labelSlots(), 0,
                                (a, off, len) -> {
                                    if (++reads[0] == failAt) {
                                        throw new IOException("read " + failAt + " failed");
                                    }
                                    stream.read(a, off, len);
                                });
                        stream.pos = 0;
                        e.restart(0);
                        UncheckedIOException f = assertThrows(UncheckedIOException.class, () -> e.walk(schedule));
                        assertEquals("read " + failAt + " failed", f.getCause().getMessage());
                        stream.pos = 0;
                        reads[0] = -1_000_000;
                        e.restart(0);
                        e.walk(schedule);
                        e.finish();
                        assertEquals(stream.size, stream.pos);
                        e.close();
                    }
                }
            } finally {
                Lockstep.aloneForTests = null;
            }
            g.close();
        }
    }

    /** What a test does when a piece of a segment starts, on the thread that runs it. */
    private interface PieceStart {
        void started(int piece) throws InterruptedException;
    }

    /** A piece that forwards every call to another; tests override what they change. */
    private static class ForwardingPiece implements Schedule.Piece {
        final Schedule.Piece p;

        ForwardingPiece(Schedule.Piece p) {
            this.p = p;
        }

        @Override
        public boolean nextSegment() throws IOException {
            return p.nextSegment();
        }

        @Override
        public int nonLinearBefore() {
            return p.nonLinearBefore();
        }

        @Override
        public int nonLinear() {
            return p.nonLinear();
        }

        @Override
        public int segmentNonLinear() {
            return p.segmentNonLinear();
        }

        @Override
        public int gates(int[] ops, int off, int max) throws IOException {
            return p.gates(ops, off, max);
        }
    }

    /** Makes a test's piece from a schedule's piece and its index. */
    private interface PieceWrap {
        Schedule.Piece wrap(Schedule.Piece p, int piece);
    }

    /** {@code s} with each piece it opens wrapped by {@code w}. */
    private static Schedule wrapped(Schedule s, PieceWrap w) {
        return new Schedule() {
            @Override
            public int maxSegmentNonLinear() {
                return s.maxSegmentNonLinear();
            }

            @Override
            public Piece open(int pieces, int piece) throws IOException {
                return w.wrap(s.open(pieces, piece), piece);
            }
        };
    }

    /** {@code s}, calling {@code hook} when a piece starts reading a segment's gates. */
    private static Schedule hooked(Schedule s, PieceStart hook) {
        return wrapped(s, (p, piece) -> new ForwardingPiece(p) {
            private boolean started;

            @Override
            public boolean nextSegment() throws IOException {
                started = false;
                return p.nextSegment();
            }

            @Override
            public int gates(int[] ops, int off, int max) throws IOException {
                if (!started) {
                    started = true;
                    try {
                        hook.started(piece);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException(e);
                    }
                }
                return p.gates(ops, off, max);
            }
        });
    }

    /**
     * Threads at one pace each run their own pieces (piece k on thread k mod n), so a piece's
     * labels stay in one core's cache; workers slowed on every piece leave theirs to the owner.
     * Either way the garbler writes the one-thread stream and the evaluator reads all of it, in
     * order, to the one-thread evaluator's labels.
     */
    @Test
    @Timeout(120)
    void threadsRunTheirOwnPiecesAndASlowThreadsGoToTheOthers() throws Exception {
        GarblingScheme scheme = GarblingScheme.of(Scheme.HALF_GATES);
        Circuit c = RandomCircuits.scheduled(new Random(83), 64, 40);
        Schedule schedule = Circuits.schedule(c);
        StreamingGarblerTest.Pipe one = new StreamingGarblerTest.Pipe();
        StreamingGarbler g1 = new StreamingGarbler(scheme, new TweakableHash(), c.labelSlots(), 7, 9, 0, one);
        new CircuitWalker(c).walk(g1);
        g1.finish();
        byte[] reference = Arrays.copyOf(one.data, one.size);
        StreamingGarblerTest.Pipe in1 = new StreamingGarblerTest.Pipe();
        in1.write(reference, 0, reference.length);
        StreamingEvaluator e1 = new StreamingEvaluator(scheme, new TweakableHash(), c.labelSlots(), 0, in1);
        new CircuitWalker(c).walk(e1);
        e1.finish();
        Thread owner = Thread.currentThread();
        Lockstep.aloneForTests = seg -> false;
        try {
            for (int threads : new int[] {2, 3}) {
                for (boolean slowWorkers : new boolean[] {false, true}) {
                    for (boolean garbler : new boolean[] {true, false}) {
                        // Runs of each piece on each thread, and of all pieces on the owner.
                        Map<String, Integer> runs = new ConcurrentHashMap<>();
                        Schedule watched = hooked(schedule, k -> {
                            boolean onOwner = Thread.currentThread() == owner;
                            runs.merge(k + " " + Thread.currentThread().getName(), 1, Integer::sum);
                            runs.merge("owner", onOwner ? 1 : 0, Integer::sum);
                            Thread.sleep(slowWorkers && !onOwner ? 3 : 1);
                        });
                        String what = threads + " threads, " + (slowWorkers ? "slow workers" : "one pace") + ", "
                                + (garbler ? "garbler" : "evaluator");
                        try (Workers team = new Workers(threads, "test")) {
                            if (garbler) {
                                StreamingGarblerTest.Pipe many = new StreamingGarblerTest.Pipe();
                                ParallelGarbler g = new ParallelGarbler(scheme, new TweakableHash(), team, threads,
                                        c.labelSlots(), 7, 9, 0, many);
                                g.restart(0);
                                g.walk(watched);
                                g.finish();
                                assertArrayEquals(reference, Arrays.copyOf(many.data, many.size), what);
                                g.close();
                            } else {
                                StreamingGarblerTest.Pipe in = new StreamingGarblerTest.Pipe();
                                in.write(reference, 0, reference.length);
                                ParallelEvaluator e = new ParallelEvaluator(scheme, new TweakableHash(), team, threads,
                                        c.labelSlots(), 0, in);
                                e.restart(0);
                                e.walk(watched);
                                e.finish();
                                assertEquals(in.size, in.pos, what + ": the whole stream read");
                                assertArrayEquals(e1.labels(), e.labels(), what);
                                e.close();
                            }
                        }
                        // Per piece, its runs on the thread that ran it most.
                        Map<String, Integer> most = new HashMap<>();
                        int all = 0;
                        for (Map.Entry<String, Integer> r : runs.entrySet()) {
                            if (!r.getKey().equals("owner")) {
                                most.merge(r.getKey().split(" ")[0], r.getValue(), Math::max);
                                all += r.getValue();
                            }
                        }
                        int stayed = most.values().stream().mapToInt(Integer::intValue).sum();
                        assertEquals(40 * Lockstep.SHARES * threads, all, what + ": pieces run");
                        if (slowWorkers) {
                            assertTrue(runs.get("owner") > (1.0 / threads + 0.1) * all, what + ": the owner ran "
                                    + runs.get("owner") + " of " + all + " pieces");
                        } else {
                            assertTrue(stayed >= 0.75 * all, what + ": " + stayed + " of " + all
                                    + " pieces ran on the thread that ran them most: " + runs);
                        }
                    }
                }
            }
        } finally {
            Lockstep.aloneForTests = null;
        }
    }

    /** A schedule whose piece holds more non-linear gates than it states is an error, not a wrong stream. */
    @Test
    void aPieceThatHoldsOtherThanItStatesIsAnError() throws Exception {
        GarblingScheme scheme = GarblingScheme.of(Scheme.HALF_GATES);
        Circuit c = RandomCircuits.scheduled(new Random(82), 16, 5);
        Schedule real = Circuits.schedule(c);
        Schedule lying = wrapped(real, (p, piece) -> new ForwardingPiece(p) {
            @Override
            public int nonLinear() {
                return piece == 1 ? p.nonLinear() - 1 : p.nonLinear();
            }
        });
        try (Workers team = new Workers(2, "test")) {
            ParallelGarbler g = new ParallelGarbler(scheme, new TweakableHash(), team, 2, c.labelSlots(), 7, 9, 0,
                    new StreamingGarblerTest.Pipe());
            g.restart(0);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> g.walk(lying));
            assertTrue(String.valueOf(e.getMessage()).contains("schedule: piece 1"), e.getMessage());
            g.close();
        }
    }
}
