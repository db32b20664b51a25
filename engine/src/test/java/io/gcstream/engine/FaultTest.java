package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.CircuitFiles;
import io.gcstream.circuits.CircuitFormat;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.SubCircuit;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.circuits.internal.format.GcbReader;
import io.gcstream.engine.testutil.HostileChannel.Fault;
import io.gcstream.engine.testutil.HostileChannel;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.internal.channel.ForwardingChannel;
import io.gcstream.ot.channel.MemoryChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every fault ends with a clear exception on the surviving side (and on the faulty one), within
 * about the read timeout, never a hang: mismatched parties, crashes, a stall and corruption in
 * a long stream. Every protocol message under every network fault: {@link HostilePeerTest}.
 */
class FaultTest {
    /**
     * Faults other than stalls must end the run through the channel being closed, long before
     * this timeout; it only bounds a broken test.
     */
    private static final SessionOptions FAST = SessionOptions.builder()
            .timeout(Duration.ofSeconds(30)).build();
    /**
     * For the stall test: short, yet long enough that honest waits (base OTs on a loaded
     * 2-core machine) never reach it.
     */
    private static final SessionOptions STALL = SessionOptions.builder()
            .timeout(Duration.ofSeconds(4)).build();

    /** n ANDs whose outputs are all XORed into slot 2, which both parties receive. */
    static Circuit accumulate(int n) {
        Body.Builder b = new Body.Builder();
        b.gate(2, 0, 0, TruthTable.ZERO);
        for (int i = 0; i < n; i++) {
            b.gate(3, i % 2 == 0 ? 0 : 1, 1, TruthTable.AND).gate(2, 2, 3, TruthTable.XOR)
                    .gate(0, 0, 3, TruthTable.XNOR);
        }
        return Circuits.builder().creatorInputs(0).evaluatorInputs(1).creatorOutputs(2)
                .evaluatorOutputs(2).numSlots(4).body(b.build()).build();
    }

    private static Pairs.Outcome[] run(GcSession c, GcSession e, Circuit circuit) throws Exception {
        return Pairs.run(c, e, List.of(new Pairs.Job(circuit, new boolean[] {true},
                new boolean[] {true})));
    }

    private static void assertFailed(Pairs.Outcome o, Class<? extends Throwable> type, String... parts) {
        assertNotNull(o.error(), "expected a failure");
        assertInstanceOf(type, o.error(), () -> "got " + o.error());
        for (String p : parts) {
            assertTrue(o.error().getMessage().contains(p), () -> "message lacks '" + p + "': "
                    + o.error().getMessage());
        }
    }

    @Test
    void twoCreatorsAreRejectedOnBothSides() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        Pairs.Outcome[] out = run(GcSession.creator(ch[0], FAST), GcSession.creator(ch[1], FAST),
                accumulate(4));
        assertFailed(out[0], HandshakeMismatchException.class, "both parties are creators");
        assertFailed(out[1], HandshakeMismatchException.class, "both parties are creators");
    }

    @Test
    void twoEvaluatorsAreRejectedOnBothSides() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        Pairs.Outcome[] out = run(GcSession.evaluator(ch[0], FAST), GcSession.evaluator(ch[1], FAST),
                accumulate(4));
        assertFailed(out[0], HandshakeMismatchException.class, "both parties are evaluators");
        assertFailed(out[1], HandshakeMismatchException.class, "both parties are evaluators");
    }

    @Test
    void schemeMismatchIsReportedOnBothSides() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        Pairs.Outcome[] out = run(GcSession.creator(ch[0], FAST),
                GcSession.evaluator(ch[1], FAST.toBuilder().scheme(Scheme.GRR3).build()),
                accumulate(4));
        assertFailed(out[0], HandshakeMismatchException.class,
                "peer uses garbling scheme grr3 but this side uses half-gates");
        assertFailed(out[1], HandshakeMismatchException.class,
                "peer uses garbling scheme half-gates but this side uses grr3");
    }

    @Test
    void circuitMismatchIsReportedOnBothSidesAndTheSessionStaysUsable() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        GcSession c = GcSession.creator(ch[0], FAST);
        GcSession e = GcSession.evaluator(ch[1], FAST);
        Circuit a = accumulate(4);
        Circuit b = accumulate(5);
        Pairs.Outcome[] out = Pairs.run(c, e, List.of(new Pairs.Job(a, new boolean[1], new boolean[1])))
                .clone();
        assertNull(out[0].error());
        // Now the creator runs a, the evaluator b.
        CompletableFuture<Throwable> ev = failureOf(e, b, new boolean[1]);
        HandshakeMismatchException cx = assertThrows(HandshakeMismatchException.class,
                () -> c.run(a, new boolean[1]));
        Throwable ex = ev.get();
        assertInstanceOf(HandshakeMismatchException.class, ex);
        assertTrue(cx.getMessage().contains("peer uses circuit "), cx.getMessage());
        assertTrue(cx.getMessage().contains("but this side has "), cx.getMessage());
        assertTrue(cx.getMessage().contains("non-linear gates"), cx.getMessage());
        assertTrue(ex.getMessage().contains("peer uses circuit "), ex.getMessage());
        // Both stay in step: the next run of one circuit works.
        assertRunAgreesWithTheSimulator(c, e, b, new boolean[] {true}, new boolean[] {true});
    }

    /**
     * In a session planned as a single run, a circuit mismatch in run k, after k matching runs,
     * leaves both sides in step whatever the evaluator sent with its header: in run 0 the points
     * of its direct base OTs (skipped by the creator), in run 1 nothing (the extension would be
     * set up after the headers), in run 2 the extension's matrix (consumed). The next run sets up
     * what it needs and is right.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aMismatchInAnyRunOfASingleRunSessionLeavesItUsable(int k) throws Exception {
        SessionOptions once = FAST.toBuilder().plannedRuns(1).build();
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(once.timeout()).build());
        GcSession c = GcSession.creator(ch[0], once);
        GcSession e = GcSession.evaluator(ch[1], once);
        Circuit a = accumulate(4);
        Circuit b = accumulate(5);
        for (int i = 0; i < k; i++) {
            Pairs.Outcome[] ok = Pairs.run(c, e, List.of(new Pairs.Job(a, new boolean[1], new boolean[1])));
            assertNull(ok[0].error());
            assertNull(ok[1].error());
        }
        CompletableFuture<Throwable> ev = failureOf(e, b, new boolean[] {true});
        assertThrows(HandshakeMismatchException.class, () -> c.run(a, new boolean[1]));
        assertInstanceOf(HandshakeMismatchException.class, ev.get());
        for (boolean y : new boolean[] {true, false}) {
            assertRunAgreesWithTheSimulator(c, e, b, new boolean[] {true}, new boolean[] {y});
        }
    }

    /** Runs {@code circuit} on the evaluator's session in the background; completes with its exception, or null. */
    private static CompletableFuture<Throwable> failureOf(GcSession e, Circuit circuit, boolean[] y) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                e.run(circuit, y);
                return null;
            } catch (Exception x) {
                return x;
            }
        });
    }

    /** One run of {@code circuit} on both sessions succeeds and gives the evaluator the simulator's outputs. */
    private static void assertRunAgreesWithTheSimulator(GcSession c, GcSession e, Circuit circuit, boolean[] x,
            boolean[] y) throws Exception {
        Pairs.Outcome[] out = Pairs.run(c, e, List.of(new Pairs.Job(circuit, x, y)));
        assertNull(out[0].error());
        assertNull(out[1].error());
        assertArrayEquals(Simulator.run(circuit, x, y).evaluatorOutputs(), out[1].outputs().get(0));
    }

    /**
     * Runs ahead (protocol 6): a bit flipped anywhere in either party's stream of a runMany
     * session, whose evaluator sends each next run's header and input OTs before its status of
     * the last, never gives a party a wrong result and never hangs: each party either has every
     * run equal to the simulator or fails.
     */
    /** Flips of {@link #aFlippedBitOfARunsAheadSessionNeverGivesAWrongResult}. */
    private static final int FLIPS = 300;

    @Test
    void aFlippedBitOfARunsAheadSessionNeverGivesAWrongResult() throws Exception {
        SessionOptions o = SessionOptions.builder().timeout(Duration.ofSeconds(2)).build();
        GcSessionTest.Batch b = GcSessionTest.Batch.random(new Random(95), 0, 6);
        // The runs' bytes of each direction, after the set-up (hello, base OTs): where runs ahead
        // reorder messages.
        long[] from = new long[2];
        long[] sent = new long[2];
        {
            Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(o.timeout()).build());
            List<Pairs.Result<List<RunResult>>> r = Pairs.both(GcSession.creator(ch[0], o), s -> {
                s.handshake();
                from[0] = ch[0].bytesSent();
                return manyOf(s, b);
            }, GcSession.evaluator(ch[1], o), s -> {
                s.handshake();
                from[1] = ch[1].bytesSent();
                return manyOf(s, b);
            });
            b.check(r.get(0).get(), r.get(1).get());
            sent[0] = ch[0].bytesSent();
            sent[1] = ch[1].bytesSent();
        }
        Random seeds = new Random(96);
        int failedBoth = 0;
        // Most single bits of these streams change nothing any party uses (the unused columns of
        // each run's 128-OT extension matrix, the half-gates rows the evaluator does not pick):
        // 3.5 to 7.5 % of flips make both parties fail (7-18 of 200-240 in five runs, 2026-11-27),
        // and with 60 flips none did in a CI run. 300 flips leave that to chance about once in
        // 10^4 or less; the 2 s timeout bounds the flips that leave a party waiting.
        for (int k = 0; k < FLIPS; k++) {
            int side = k % 2;
            Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(o.timeout()).build());
            Channel bad = new HostileChannel(ch[side], Fault.randomFlip(seeds.nextLong(), from[side], sent[side]));
            Channel c = side == 0 ? bad : ch[0];
            Channel e = side == 1 ? bad : ch[1];
            List<Pairs.Result<List<RunResult>>> r = Pairs.both(GcSession.creator(c, o), s -> manyOf(s, b),
                    GcSession.evaluator(e, o), s -> manyOf(s, b));
            for (int p = 0; p < 2; p++) {
                Pairs.Result<List<RunResult>> one = r.get(p);
                if (one.error() != null) {
                    assertTrue(one.error() instanceof SessionException, "flip " + k + ": " + one.error());
                    continue;
                }
                for (int i = 0; i < b.x().size(); i++) {
                    Simulator.Result expect = Simulator.run(b.circuit(), b.x().get(i), b.y().get(i));
                    assertArrayEquals(p == 0 ? expect.creatorOutputs() : expect.evaluatorOutputs(),
                            one.value().get(i).outputs(), "flip " + k + ", party " + p + ", run " + i);
                }
            }
            if (r.get(0).error() != null && r.get(1).error() != null) {
                failedBoth++;
            }
            c.close();
            e.close();
        }
        System.out.println("runs ahead: " + failedBoth + " of " + FLIPS + " flips made both parties fail");
        assertTrue(failedBoth > 0, "some flips must land where they are caught");
    }

    private static List<RunResult> manyOf(GcSession s, GcSessionTest.Batch b) {
        List<RunResult> out = new ArrayList<>();
        List<boolean[]> in = s.role() == Party.CREATOR ? b.x() : b.y();
        s.runMany(RunSpec.of(b.circuit()), in.size(), in::get, out::add);
        return out;
    }

    @Test
    void creatorDisconnectingMidStream() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        Channel bad = new HostileChannel(ch[0], Fault.crash(300_000));
        GcSession evaluator = GcSession.evaluator(ch[1], FAST);
        Pairs.Outcome[] out = run(GcSession.creator(bad, FAST), evaluator, accumulate(40_000));
        assertFailed(out[0], SessionException.class, "simulated crash");
        assertFailed(out[1], SessionException.class, "closed the connection during garbled circuit");
        // A failed session refuses further runs.
        IllegalStateException again = assertThrows(IllegalStateException.class,
                () -> evaluator.run(accumulate(1), new boolean[1]));
        assertTrue(again.getMessage().contains("failed earlier"), again.getMessage());
    }

    @Test
    void evaluatorCrashingMidStream() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        Channel bad = new HostileChannel(ch[1], Fault.crashWhileReceiving(300_000));
        Pairs.Outcome[] out = run(GcSession.creator(ch[0], FAST), GcSession.evaluator(bad, FAST),
                accumulate(40_000));
        assertFailed(out[1], SessionException.class, "simulated crash");
        assertFailed(out[0], SessionException.class, "closed the connection");
    }

    @Test
    void creatorStallingMidStreamTimesOut() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(STALL.timeout()).build());
        Channel bad = new HostileChannel(ch[0], Fault.stall(300_000));
        Pairs.Outcome[] out = run(GcSession.creator(bad, STALL), GcSession.evaluator(ch[1], STALL),
                accumulate(40_000));
        // Both wait for each other; whichever deadline passes first, that side fails and closes
        // the connection, which ends the other at once.
        assertFailed(out[1], SessionException.class, "during garbled circuit");
        assertFailed(out[0], SessionException.class, "during output decoding");
        assertTrue(out[0].error().getMessage().contains("timed out waiting for the peer memory:b")
                || out[1].error().getMessage().contains("timed out waiting for the peer memory:a"),
                () -> out[0].error() + " / " + out[1].error());
    }

    @Test
    void corruptTablesAreDetectedByTheEvaluatorAndReportedToBoth() throws Exception {
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        Channel bad = new HostileChannel(ch[0], Fault.flipBytes(300_000, 1024));
        Pairs.Outcome[] out = run(GcSession.creator(bad, FAST), GcSession.evaluator(ch[1], FAST),
                accumulate(40_000));
        // The evaluator's output check catches the damage first and tells the creator.
        assertFailed(out[1], SessionException.class, "an evaluator output bit matches neither of its two labels");
        // Which bit is not said: to the creator it would tell more than that the run failed.
        for (Pairs.Outcome o : out) {
            Assertions.assertFalse(o.error().getMessage().matches(".*output bit [0-9].*"), o.error().getMessage());
        }
        assertFailed(out[0], SessionException.class, "the evaluator rejected the run",
                "matches neither of its two labels");
    }

    @Test
    void corruptEndMarkerIsOutOfStep() throws Exception {
        // Measure where the end marker lies in an undisturbed run: after it the creator sends
        // the gate counter (8), two 8-byte check hashes for the evaluator's output bit and,
        // since it has an output bit itself, its final status (4).
        Circuit c = accumulate(100);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        Pairs.Outcome[] ok = run(GcSession.creator(ch[0], FAST), GcSession.evaluator(ch[1], FAST), c);
        assertNull(ok[0].error());
        long markerAt = ch[0].bytesSent() - 8 - 8 - 16 - 4;
        Channel[] ch2 = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        Channel bad = new HostileChannel(ch2[0], Fault.flipBytes(markerAt, 8));
        Pairs.Outcome[] out = run(GcSession.creator(bad, FAST), GcSession.evaluator(ch2[1], FAST), c);
        assertFailed(out[1], SessionException.class, "garbled stream is out of step");
        assertFailed(out[0], SessionException.class, "the evaluator rejected the run", "out of step");
    }

    @Test
    void unreadableCircuitFailsThisSideAndReleasesThePeerAtOnce() throws Exception {
        Circuit good = accumulate(3);
        Circuit broken = Circuits.of(new int[] {0}, new int[] {1}, new int[] {2}, new int[] {2}, 4,
                List.of(), 1, 1, 1, 4, () -> {
                    throw new java.io.IOException("disk gone");
                }, null);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        GcSession c = GcSession.creator(ch[0], SessionOptions.defaults());
        GcSession e = GcSession.evaluator(ch[1], SessionOptions.defaults());
        CompletableFuture<Throwable> ev = failureOf(e, good, new boolean[1]);
        SessionException cx = assertThrows(SessionException.class, () -> c.run(broken, new boolean[1]));
        assertTrue(cx.getMessage().contains("disk gone"), cx.getMessage());
        // Default read timeout is 60 s: the evaluator must fail long before that.
        Throwable ex = ev.get(10, java.util.concurrent.TimeUnit.SECONDS);
        assertInstanceOf(SessionException.class, ex);
        assertTrue(ex.getMessage().contains("closed the connection during session handshake"),
                ex.getMessage());
    }

    /**
     * A man in the middle of plain TCP on one party's outgoing bytes, who knows the protocol:
     * it learns the party's phase from the deadlines the session sets.
     */
    private abstract static class ManInTheMiddle extends ForwardingChannel {
        String phase = "";

        ManInTheMiddle(Channel party) {
            super(party);
        }

        @Override
        public void deadline(long nanoTime, String p) {
            phase = p;
            super.deadline(nanoTime, p);
        }
    }

    /**
     * A man in the middle of plain TCP rewrites the creator's message (8), swapping the two check
     * values of every evaluator output. Before protocol version 4 the evaluator decoded a bit by
     * the position of the value its label's hash matched, so the swap flipped every output bit
     * and both parties ended "correct"; now each value binds its bit (the low half of the
     * 0-label's hash, the high half of the 1-label's), so neither matches and both fail
     * (docs/security.md, "Output integrity").
     */
    @Test
    void aManInTheMiddleWhoSwapsTheOutputCheckValuesFailsBothSides() throws Exception {
        Circuit c = HostileSessions.CIRCUIT;
        for (boolean[] y : List.of(HostileSessions.Y1, HostileSessions.Y2)) {
            Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
            Channel mitm = new ManInTheMiddle(ch[0]) {
                @Override
                public void writeLongs(long[] a, int off, int len) throws java.io.IOException {
                    if (phase.equals("output decoding")) {
                        long[] swapped = java.util.Arrays.copyOfRange(a, off, off + len);
                        for (int i = 0; i + 1 < len; i += 2) {
                            swapped[i] = a[off + i + 1];
                            swapped[i + 1] = a[off + i];
                        }
                        super.writeLongs(swapped, 0, len);
                    } else {
                        super.writeLongs(a, off, len);
                    }
                }
            };
            Pairs.Outcome[] out = Pairs.run(GcSession.creator(mitm, FAST), GcSession.evaluator(ch[1], FAST),
                    List.of(new Pairs.Job(c, HostileSessions.X1, y)));
            assertFailed(out[1], SessionException.class, "an evaluator output bit matches neither of its two labels");
            assertFailed(out[0], SessionException.class, "the evaluator rejected the run");
        }
    }

    /**
     * What the output check cannot catch, and only TLS stops (docs/security.md, "What plain TCP
     * does not protect"): a man in the middle who flips bit i of all 128 rows of the OT
     * extension's matrix U, on its way from the evaluator to the creator, moves the creator's
     * 0-label of evaluator input i by Δ. The evaluator's label then stands for the other bit,
     * consistently for the whole circuit: both parties end "correct" with the outputs of the
     * evaluator's input with bit i flipped. This test pins that documented limit.
     */
    @Test
    void aManInTheMiddleWhoFlipsAColumnOfTheOtMatrixChangesTheEvaluatorsInputUndetected() throws Exception {
        Circuit c = HostileSessions.CIRCUIT;
        int flipped = 3;
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        // Not a single run: the session sets the OT extension up before its first run, which
        // then sends its call header and one block of 128 rows of 16 bytes.
        int rowBytes = 16;
        Channel mitm = new ManInTheMiddle(ch[1]) {
            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                if (phase.equals("input labels") && len == 128 * rowBytes) {
                    byte[] u = java.util.Arrays.copyOfRange(b, off, off + len);
                    for (int row = 0; row < 128; row++) {
                        u[row * rowBytes + flipped / 8] ^= (byte) (1 << (flipped % 8));
                    }
                    super.write(u, 0, len);
                } else {
                    super.write(b, off, len);
                }
            }
        };
        Pairs.Outcome[] out = Pairs.run(GcSession.creator(ch[0], FAST), GcSession.evaluator(mitm, FAST),
                List.of(new Pairs.Job(c, HostileSessions.X1, HostileSessions.Y1)));
        assertNull(out[0].error());
        assertNull(out[1].error());
        boolean[] y = HostileSessions.Y1.clone();
        y[flipped] = !y[flipped];
        Simulator.Result wrong = Simulator.run(c, HostileSessions.X1, y);
        assertArrayEquals(wrong.creatorOutputs(), out[0].outputs().get(0));
        assertArrayEquals(wrong.evaluatorOutputs(), out[1].outputs().get(0));
    }

    /**
     * A man in the middle on the evaluator's bytes who flips bit {@code column} of row {@code row}
     * of the OT extension's matrix U (the first matrix of the session, one block), and, with
     * {@code forgeStatus}, rewrites the evaluator's status of the run as success.
     */
    private static Channel flipOneMatrixBit(Channel evaluator, int row, int column, boolean forgeStatus) {
        return new ManInTheMiddle(evaluator) {
            boolean flipped;
            int dropText = -1;

            @Override
            public void write(byte[] b, int off, int len) throws java.io.IOException {
                if (!flipped && phase.equals("input labels") && len % 128 == 0 && len >= 128 * 8) {
                    flipped = true;
                    int rowBytes = len / 128;
                    byte[] u = java.util.Arrays.copyOfRange(b, off, off + len);
                    u[row * rowBytes + column / 8] ^= (byte) (1 << (column % 8));
                    super.write(u, 0, len);
                } else if (dropText == len) {
                    dropText = -1; // the status's text: dropped with its length
                } else {
                    super.write(b, off, len);
                }
            }

            @Override
            public void writeInt(int v) throws java.io.IOException {
                if (forgeStatus && phase.equals("output decoding") && v > 0) {
                    dropText = v;
                    super.writeInt(0);
                } else {
                    super.writeInt(v);
                }
            }
        };
    }

    /** Bit {@code j} of the 128-bit Δ (low, high). */
    private static boolean bit(long[] delta, int j) {
        return ((j < 64 ? delta[0] >>> j : delta[1] >>> (j - 64)) & 1) == 1;
    }

    /**
     * What plain TCP allows, exactly (docs/security.md, "What plain TCP does not protect"): a man
     * in the middle who flips one bit of one row j of the OT extension's matrix makes the run fail
     * exactly when bit j of Δ is 1, so each attempt tells him one bit of Δ (the base OTs' choice
     * string, and in a chain of resumed sessions the same Δ throughout).
     */
    @Test
    void aManInTheMiddleWhoFlipsOneBitOfOneRowOfTheOtMatrixLearnsThatBitOfDelta() throws Exception {
        long seed = 4242;
        SessionOptions o = FAST.toBuilder().insecureTestSeed(seed).build();
        // The creator's Δ: the first two longs of its generator (lowest bit set), as GcSession draws it.
        io.gcstream.ot.internal.crypto.Prg prg = new io.gcstream.ot.internal.crypto.Prg(seed, 0x43L);
        long[] delta = {prg.nextLong() | 1, prg.nextLong()};
        int ones = 0;
        for (int row = 0; row < 128; row += 5) {
            Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
            Pairs.Outcome[] out = Pairs.run(GcSession.creator(ch[0], o),
                    GcSession.evaluator(flipOneMatrixBit(ch[1], row, 3, false), o),
                    List.of(new Pairs.Job(HostileSessions.CIRCUIT, HostileSessions.X1, HostileSessions.Y1)));
            boolean one = bit(delta, row);
            ones += one ? 1 : 0;
            Assertions.assertEquals(one, out[1].error() != null, "row " + row + ": the evaluator fails iff Δ's bit is 1");
            Assertions.assertEquals(one, out[0].error() != null, "row " + row + ": the creator fails iff Δ's bit is 1");
        }
        assertTrue(ones > 0 && ones < 26, "rows of both kinds were tried: " + ones + " of 26 bits are 1");
    }

    /**
     * The same man in the middle who also rewrites the evaluator's status (its last message when
     * the creator decodes nothing) as success: the evaluator fails, the creator reports success.
     */
    @Test
    void aManInTheMiddleWhoAlsoRewritesTheEvaluatorsStatusMakesTheCreatorReportSuccess() throws Exception {
        Circuit c = GcSessionTest.manyEvaluatorBits(8);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        // Row 0: Δ's lowest bit is always 1, so this flip always makes the evaluator's check fail.
        Pairs.Outcome[] out = Pairs.run(GcSession.creator(ch[0], FAST),
                GcSession.evaluator(flipOneMatrixBit(ch[1], 0, 3, true), FAST),
                List.of(new Pairs.Job(c, new boolean[] {true}, new boolean[] {true, false, true, true, false, false, true, false})));
        assertFailed(out[1], SessionException.class, "an evaluator output bit matches neither of its two labels");
        assertNull(out[0].error(), () -> "creator: " + out[0].error());
    }

    /**
     * The review's case (issue 26, finding 1): each party reads its own copy of the circuit file;
     * after the fingerprints are taken (the handshake compares them), the creator's file is
     * replaced by a recompiled copy whose last XOR is an XNOR. The creator must not garble the new
     * file: the run fails on both sides, and no party gets a result, in every format and for a
     * .gcb whose sub-circuits are re-read from the file.
     */
    @ParameterizedTest
    @ValueSource(strings = {"gct", "mec", "bmec", "gcb", "gcb-uncached-sub"})
    void aCircuitFileReplacedAfterTheHandshakeNeverGivesAResult(String kind, @TempDir Path dir) throws Exception {
        boolean sub = kind.endsWith("sub");
        CircuitFormat format = CircuitFormat.valueOf(kind.substring(0, kind.indexOf('-') < 0 ? kind.length()
                : kind.indexOf('-')).toUpperCase(java.util.Locale.ROOT));
        Circuit agreed = sub ? stepCalls(TruthTable.XOR) : counter(TruthTable.XOR);
        Circuit changed = sub ? stepCalls(TruthTable.XNOR) : counter(TruthTable.XNOR);
        Path creatorFile = dir.resolve("creator." + format.id());
        Path evaluatorFile = dir.resolve("evaluator." + format.id());
        Path recompiled = dir.resolve("recompiled." + format.id());
        CircuitFiles.write(agreed, creatorFile, format);
        CircuitFiles.write(agreed, evaluatorFile, format);
        CircuitFiles.write(changed, recompiled, format);
        java.util.function.Function<Path, Circuit> open = f -> {
            try {
                return sub ? GcbReader.open(f, GcbReader.Options.defaults().withMaxCachedInstructions(0))
                        : CircuitFiles.read(f, format);
            } catch (java.io.IOException x) {
                throw new java.io.UncheckedIOException(x);
            }
        };
        Circuit c = open.apply(creatorFile);
        Circuit e = open.apply(evaluatorFile);
        assertArrayEquals(c.hash(), e.hash(), "both parties agree on the circuit");
        boolean[] x = {true};
        boolean[] y = {false};
        boolean[] want = Simulator.run(agreed, x, y).evaluatorOutputs();
        Assertions.assertFalse(java.util.Arrays.equals(want, Simulator.run(changed, x, y).evaluatorOutputs()),
                "the change flips the output");
        java.nio.file.Files.move(recompiled, creatorFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        List<Pairs.Result<boolean[]>> out = Pairs.both(GcSession.creator(ch[0], FAST), s -> s.run(c, x),
                GcSession.evaluator(ch[1], FAST), s -> s.run(e, y));
        assertNotNull(out.get(0).error(), "the creator must not garble the changed file");
        assertNotNull(out.get(1).error(), () -> "the evaluator got " + java.util.Arrays.toString(out.get(1).value())
                + " (the agreed circuit gives " + java.util.Arrays.toString(want) + ")");
        String m = out.get(0).error().getMessage();
        // (A .gcb whose first pass since it was opened meets the change cannot tell it from a
        // file corrupt from the start, and says both.)
        assertTrue(m.contains(creatorFile + ": ") && m.contains("changed after it was"), m);
        Assertions.assertFalse(m.contains("Exception"), "no Java class name: " + m);
    }

    /**
     * Between two runs of one session (gc run --repeat) the creator's file is replaced: the
     * second run computes the agreed circuit (a circuit this small is replayed from the first
     * run's checked walk and not read again) or fails on both sides; never the new file's result.
     */
    @Test
    void aCircuitFileReplacedBetweenRunsOfASessionNeverGivesItsResult(@TempDir Path dir) throws Exception {
        Circuit agreed = counter(TruthTable.XOR);
        Path creatorFile = dir.resolve("creator.gct");
        Path recompiled = dir.resolve("recompiled.gct");
        CircuitFiles.write(agreed, creatorFile);
        CircuitFiles.write(counter(TruthTable.XNOR), recompiled);
        Circuit c = CircuitFiles.read(creatorFile);
        boolean[] x = {true};
        boolean[] y = {false};
        boolean[] want = Simulator.run(agreed, x, y).evaluatorOutputs();
        Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().readTimeout(FAST.timeout()).build());
        List<Pairs.Result<List<boolean[]>>> out = Pairs.both(GcSession.creator(ch[0], FAST), s -> {
            boolean[] first = s.run(c, x);
            java.nio.file.Files.move(recompiled, creatorFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return List.of(first, s.run(c, x));
        }, GcSession.evaluator(ch[1], FAST), s -> List.of(s.run(agreed, y), s.run(agreed, y)));
        if (out.get(1).error() == null) {
            assertArrayEquals(want, out.get(1).value().get(0));
            assertArrayEquals(want, out.get(1).value().get(1), "the second run gives the agreed circuit's result");
            assertNull(out.get(0).error());
        } else {
            assertNotNull(out.get(0).error(), "both fail");
        }
    }

    /** The counter of the review: n AND gates accumulated, then one last gate into the output. */
    private static Circuit counter(int lastTable) {
        Body.Builder b = new Body.Builder();
        b.gate(2, 0, 0, TruthTable.ZERO);
        for (int i = 0; i < 20_000; i++) {
            b.gate(3, i % 2 == 0 ? 0 : 1, 1, TruthTable.AND).gate(2, 2, 3, TruthTable.XOR);
        }
        b.gate(3, 2, 0, lastTable);
        return Circuits.builder().creatorInputs(0).evaluatorInputs(1).evaluatorOutputs(3).numSlots(4)
                .body(b.build()).build();
    }

    /** A sub-circuit of one gate, {@code table}, called in a chain. */
    private static Circuit stepCalls(int table) {
        SubCircuit step = SubCircuit.of("step", new int[] {0, 1}, new int[] {2}, 3,
                new Body.Builder().gate(2, 0, 1, table).build(), List.of());
        Circuits.Builder c = Circuits.builder();
        c.addSubCircuit(step);
        Body.Builder b = new Body.Builder();
        b.call(0, new int[] {0, 1}, new int[] {2});
        for (int k = 1; k < 999; k++) {
            b.call(0, new int[] {2 + ((k - 1) & 1), k % 2 == 0 ? 0 : 1}, new int[] {2 + (k & 1)});
        }
        // An odd number of calls: XNOR instead of XOR flips the output.
        return c.creatorInputs(0).evaluatorInputs(1).evaluatorOutputs(2).numSlots(4).body(b.build()).build();
    }
}
