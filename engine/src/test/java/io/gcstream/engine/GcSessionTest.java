package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.engine.internal.garble.GarblingScheme;
import io.gcstream.engine.internal.garble.ThreeHalves;
import io.gcstream.engine.testutil.StreamBytes;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.channel.ChannelOptions;
import io.gcstream.ot.channel.MemoryChannel;
import io.gcstream.ot.channel.TcpChannel;
import io.gcstream.ot.channel.Transport;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Garbled runs equal the simulator on random circuits with nested sub-circuits, for every scheme,
 * in memory and over loopback TCP, many runs per session; and the bytes per non-linear gate are
 * exactly the scheme's table size (plus packed control bits, for three-halves).
 */
class GcSessionTest {
    static List<Arguments> schemesAndTransports() {
        List<Arguments> a = new ArrayList<>();
        for (Scheme s : Scheme.values()) {
            for (LocalPair.Connection t : LocalPair.Connection.values()) {
                a.add(Arguments.of(s, t));
            }
        }
        return a;
    }

    static Channel[] channels(LocalPair.Connection t, SessionOptions o) throws Exception {
        if (t == LocalPair.Connection.MEMORY) {
            return MemoryChannel.pair(ChannelOptions.builder().readTimeout(o.timeout()).build());
        }
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Channel> e = CompletableFuture.supplyAsync(() -> {
                try {
                    return Transport.plain().connect("127.0.0.1", server.getLocalPort(), ChannelOptions.builder().readTimeout(o.timeout()).build());
                } catch (Exception ex) {
                    throw new RuntimeException(ex);
                }
            });
            Channel c = Transport.plain().accept(server, ChannelOptions.builder().readTimeout(o.timeout()).build());
            return new Channel[] {c, e.get()};
        }
    }

    @ParameterizedTest
    @MethodSource("schemesAndTransports")
    void randomCircuitsMatchTheSimulator(Scheme scheme, LocalPair.Connection transport) throws Exception {
        SessionOptions o = SessionOptions.builder().scheme(scheme).build();
        Random r = new Random(1234 + 10 * scheme.ordinal() + transport.ordinal());
        List<Pairs.Job> jobs = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            Circuit circuit = RandomCircuits.generate(r, 1 + r.nextInt(10), 1 + r.nextInt(10),
                    1 + r.nextInt(8), 1 + r.nextInt(8), 200 + r.nextInt(2000));
            for (int k = 0; k < 20; k++) {
                jobs.add(new Pairs.Job(circuit, RandomCircuits.bits(r, circuit.creatorInputCount()),
                        RandomCircuits.bits(r, circuit.evaluatorInputCount())));
            }
        }
        Channel[] ch = channels(transport, o);
        try (Channel a = ch[0]; Channel b = ch[1]) {
            Pairs.Outcome[] out = Pairs.run(GcSession.creator(a, o), GcSession.evaluator(b, o), jobs);
            assertNull(out[0].error(), () -> "creator: " + out[0].error());
            assertNull(out[1].error(), () -> "evaluator: " + out[1].error());
            for (int i = 0; i < jobs.size(); i++) {
                Pairs.Job j = jobs.get(i);
                Simulator.Result expect = Simulator.run(j.circuit(), j.x(), j.y());
                assertArrayEquals(expect.creatorOutputs(), out[0].outputs().get(i), "creator, job " + i);
                assertArrayEquals(expect.evaluatorOutputs(), out[1].outputs().get(i), "evaluator, job " + i);
            }
            RunStats first = out[0].stats().get(0);
            RunStats second = out[0].stats().get(1);
            assertTrue(first.setupNanos() > 0);
            assertEquals(0, second.setupNanos());
            assertEquals(jobs.get(0).circuit().nonLinearCount(), first.nonLinearGates());
            assertEquals(jobs.get(0).circuit().labelSlots(), first.labelSlots());
        }
    }

    /** Runs of one circuit, inputs per run, for {@link GcSession#runMany}. */
    record Batch(Circuit circuit, List<boolean[]> x, List<boolean[]> y) {
        static Batch random(Random r, int creatorOutputs, int runs) {
            Circuit c = RandomCircuits.generate(r, 1 + r.nextInt(10), 1 + r.nextInt(10), creatorOutputs,
                    1 + r.nextInt(8), 200 + r.nextInt(2000));
            List<boolean[]> x = new ArrayList<>();
            List<boolean[]> y = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                x.add(RandomCircuits.bits(r, c.creatorInputCount()));
                y.add(RandomCircuits.bits(r, c.evaluatorInputCount()));
            }
            return new Batch(c, x, y);
        }

        void check(List<RunResult> creator, List<RunResult> evaluator) {
            assertEquals(x.size(), creator.size(), "creator runs");
            assertEquals(x.size(), evaluator.size(), "evaluator runs");
            for (int i = 0; i < x.size(); i++) {
                Simulator.Result expect = Simulator.run(circuit, x.get(i), y.get(i));
                assertArrayEquals(expect.creatorOutputs(), creator.get(i).outputs(), "creator, run " + i);
                assertArrayEquals(expect.evaluatorOutputs(), evaluator.get(i).outputs(), "evaluator, run " + i);
            }
        }
    }

    /** runMany on the session, recording each result and whether a run was left ahead after it. */
    static List<RunResult> runMany(GcSession s, Batch b, List<Boolean> aheadAfter) {
        List<RunResult> out = new ArrayList<>();
        List<boolean[]> in = s.role() == Party.CREATOR ? b.x() : b.y();
        s.runMany(RunSpec.of(b.circuit()), in.size(), in::get, r -> {
            out.add(r);
            aheadAfter.add(s.inRunAhead());
        });
        return out;
    }

    @ParameterizedTest
    @MethodSource("schemesAndTransports")
    void runManyRunsTheEvaluatorOneAheadAndMatchesTheSimulator(Scheme scheme, LocalPair.Connection transport)
            throws Exception {
        SessionOptions o = SessionOptions.builder().scheme(scheme).build();
        Batch b = Batch.random(new Random(77 + 10 * scheme.ordinal() + transport.ordinal()), 0, 25);
        Channel[] ch = channels(transport, o);
        try (Channel a = ch[0]; Channel e = ch[1]) {
            List<Boolean> cAhead = new ArrayList<>();
            List<Boolean> eAhead = new ArrayList<>();
            List<Pairs.Result<List<RunResult>>> r = Pairs.both(GcSession.creator(a, o), s -> runMany(s, b, cAhead),
                    GcSession.evaluator(e, o), s -> runMany(s, b, eAhead));
            b.check(r.get(0).get(), r.get(1).get());
            // Every run but the last went ahead: the creator owed the status of each, the
            // evaluator had sent the next run's header; after the last, neither.
            List<Boolean> expected = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                expected.add(i < 24);
            }
            assertEquals(expected, cAhead, "creator: a status owed after each run but the last");
            assertEquals(expected, eAhead, "evaluator: the next run sent ahead after each run but the last");
        }
    }

    @Test
    void aCreatorRunningOneRunAtATimeFollowsAnEvaluatorRunningAhead() throws Exception {
        SessionOptions o = SessionOptions.defaults();
        Batch b = Batch.random(new Random(91), 0, 12);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        List<Boolean> eAhead = new ArrayList<>();
        List<Pairs.Result<List<RunResult>>> r = Pairs.both(GcSession.creator(ch[0], o), s -> {
            List<RunResult> out = new ArrayList<>();
            for (boolean[] x : b.x()) {
                out.add(s.run(RunSpec.of(b.circuit()), x));
            }
            return out;
        }, GcSession.evaluator(ch[1], o), s -> runMany(s, b, eAhead));
        b.check(r.get(0).get(), r.get(1).get());
        assertTrue(eAhead.get(0), "the evaluator ran ahead");
    }

    @Test
    void runManyWithCreatorOutputsGoesOneRunAtATime() throws Exception {
        SessionOptions o = SessionOptions.defaults();
        Batch b = Batch.random(new Random(92), 3, 10);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        List<Boolean> cAhead = new ArrayList<>();
        List<Boolean> eAhead = new ArrayList<>();
        List<Pairs.Result<List<RunResult>>> r = Pairs.both(GcSession.creator(ch[0], o), s -> runMany(s, b, cAhead),
                GcSession.evaluator(ch[1], o), s -> runMany(s, b, eAhead));
        b.check(r.get(0).get(), r.get(1).get());
        assertTrue(cAhead.stream().noneMatch(x -> x) && eAhead.stream().noneMatch(x -> x),
                "no run goes ahead of one whose creator outputs the evaluator returns");
    }

    @Test
    void aCallbackFailingAfterARunWentAheadEndsBothSessions() throws Exception {
        SessionOptions o = SessionOptions.builder().timeout(java.time.Duration.ofSeconds(20)).build();
        Batch b = Batch.random(new Random(93), 0, 8);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        GcSession creator = GcSession.creator(ch[0], o);
        GcSession evaluator = GcSession.evaluator(ch[1], o);
        List<Pairs.Result<Integer>> r = Pairs.both(creator, s -> {
            s.runMany(RunSpec.of(b.circuit()), 8, b.x()::get, x -> { });
            return 0;
        }, evaluator, s -> {
            int[] done = {0};
            s.runMany(RunSpec.of(b.circuit()), 8, b.y()::get, x -> {
                if (++done[0] == 3) {
                    throw new IllegalStateException("the caller's own failure");
                }
            });
            return 0;
        });
        assertTrue(r.get(1).error() instanceof SessionException, "evaluator: " + r.get(1).error());
        assertTrue(r.get(1).error().getMessage().contains("the caller's own failure"), r.get(1).error().getMessage());
        assertTrue(r.get(0).error() instanceof SessionException, "creator: " + r.get(0).error());
        assertThrows(IllegalStateException.class, () -> evaluator.run(RunSpec.of(b.circuit()), b.y().get(0)));
        assertThrows(IllegalStateException.class, () -> creator.run(RunSpec.of(b.circuit()), b.x().get(0)));
    }

    /** n evaluator input bits and one creator bit c to the evaluator's output c AND (y_0 XOR ... XOR y_n-1). */
    static Circuit manyEvaluatorBits(int n) {
        Body.Builder b = new Body.Builder();
        b.gate(n + 1, 0, n, TruthTable.AND);
        for (int i = 1; i < n; i++) {
            b.gate(n + 2, i, n, TruthTable.AND).gate(n + 1, n + 1, n + 2, TruthTable.XOR);
        }
        int[] ei = new int[n];
        for (int i = 0; i < n; i++) {
            ei[i] = i;
        }
        return Circuits.builder().creatorInputs(n).evaluatorInputs(ei).evaluatorOutputs(n + 1).numSlots(n + 3)
                .body(b.build()).build();
    }

    /**
     * Issue 34, item 7: a run's 1,024 evaluator input bits take 16 KiB of OT messages, which an
     * evaluator running ahead writes while the creator, writing the last run's tables, reads
     * nothing. Pipes of 8 KiB cannot hold them: the two waited for each other until the
     * timeout. Now the evaluator runs ahead only where its channel can hold them; the results
     * are right either way.
     */
    @Test
    void runManyRunsAheadOnlyWhereTheChannelHoldsARunsMessages() throws Exception {
        Circuit c = manyEvaluatorBits(1024);
        SessionOptions o = SessionOptions.builder().timeout(java.time.Duration.ofSeconds(10)).build();
        Random r = new Random(95);
        List<boolean[]> x = new ArrayList<>();
        List<boolean[]> y = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            x.add(RandomCircuits.bits(r, 1));
            y.add(RandomCircuits.bits(r, 1024));
        }
        Batch b = new Batch(c, x, y);
        for (int buffer : new int[] {2048, 64 * 1024}) {
            // Each pipe holds 4 buffers: 8 KiB, or 256 KiB.
            Channel[] ch = MemoryChannel.pair(ChannelOptions.builder().bufferSize(buffer).readTimeout(o.timeout())
                    .build());
            List<Boolean> cAhead = new ArrayList<>();
            List<Boolean> eAhead = new ArrayList<>();
            List<Pairs.Result<List<RunResult>>> res = Pairs.both(GcSession.creator(ch[0], o), s -> runMany(s, b, cAhead),
                    GcSession.evaluator(ch[1], o), s -> runMany(s, b, eAhead));
            b.check(res.get(0).get(), res.get(1).get());
            List<Boolean> expected = buffer == 2048 ? List.of(false, false, false, false) : List.of(true, true, true, false);
            assertEquals(expected, eAhead, "buffers of " + buffer + " bytes");
            assertEquals(expected, cAhead, "buffers of " + buffer + " bytes");
        }
    }

    /**
     * Issue 34, item 7: inputs that depend on earlier outputs. {@code run} in a loop on both
     * sides never runs ahead, even with a spec that {@code runMany} runs ahead, so each side's
     * next input may be its last output.
     */
    @Test
    void runInALoopOnBothSidesServesInputsFromEarlierOutputsAndNeverRunsAhead() throws Exception {
        Circuit c = manyEvaluatorBits(8);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        Pairs.Side<List<boolean[]>> loop = s -> {
            boolean creator = s.role() == Party.CREATOR;
            boolean[] in = creator ? new boolean[] {true} : new boolean[] {true, false, false, false, false, false, false, false};
            List<boolean[]> outs = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                boolean[] out = s.run(RunSpec.of(c), in).outputs();
                assertTrue(!s.inRunAhead(), "run " + i + " went ahead");
                outs.add(out);
                if (!creator) {
                    in = in.clone();
                    in[(i + 1) % 8] = out[0]; // the next input depends on this output
                }
            }
            return outs;
        };
        List<Pairs.Result<List<boolean[]>>> r = Pairs.both(GcSession.creator(ch[0], SessionOptions.defaults()), loop,
                GcSession.evaluator(ch[1], SessionOptions.defaults()), loop);
        r.get(0).get();
        boolean[] y = {true, false, false, false, false, false, false, false};
        for (int i = 0; i < 6; i++) {
            boolean[] want = Simulator.run(c, new boolean[] {true}, y).evaluatorOutputs();
            assertArrayEquals(want, r.get(1).get().get(i), "run " + i);
            y = y.clone();
            y[(i + 1) % 8] = want[0];
        }
    }

    /**
     * Issue 34, item 7: runMany asks for run i+1's bits before run i's result only where they may
     * go ahead (an evaluator, with a spec that runs ahead); here the creator decodes outputs, so
     * neither side runs ahead and both are asked after each result: their inputs may depend on it.
     */
    @Test
    void runManyAsksForTheNextBitsAfterTheResultUnlessTheyMayGoAhead() throws Exception {
        Circuit c = wide(4);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        Pairs.Side<List<boolean[]>> many = s -> {
            List<boolean[]> outs = new ArrayList<>();
            s.runMany(RunSpec.of(c), 5, i -> {
                assertEquals(i, outs.size(), "the bits of run " + i + " were asked before the result of run " + (i - 1));
                return i == 0 ? new boolean[4] : outs.get(i - 1).clone();
            }, res -> outs.add(res.outputs()));
            return outs;
        };
        List<Pairs.Result<List<boolean[]>>> r = Pairs.both(GcSession.creator(ch[0], SessionOptions.defaults()), many,
                GcSession.evaluator(ch[1], SessionOptions.defaults()), many);
        boolean[] x = new boolean[4];
        boolean[] y = new boolean[4];
        for (int i = 0; i < 5; i++) {
            Simulator.Result want = Simulator.run(c, x, y);
            assertArrayEquals(want.creatorOutputs(), r.get(0).get().get(i), "creator, run " + i);
            assertArrayEquals(want.evaluatorOutputs(), r.get(1).get().get(i), "evaluator, run " + i);
            x = want.creatorOutputs();
            y = want.evaluatorOutputs();
        }
    }

    /**
     * An evaluator whose runs go ahead is asked for a run's bits when it sends that run ahead:
     * d runs ahead of the run whose creator header j it read last, d being one less than the
     * smaller of the two sides' runs at once, so at least d and at most 2d − 1 results behind
     * (run j − d has ended: its status goes out before the run sent ahead); with one run at
     * once, never ahead. Each run's bits
     * are asked once, in run order, and the results are the simulator's, whatever the threads.
     */
    @ParameterizedTest
    @CsvSource({"1, 3, 3", "2, 3, 3", "2, 1, 5", "2, 5, 2", "1, 9, 9", "2, 9, 9", "3, 9, 5", "4, 6, 64", "1, 64, 2"})
    void anEvaluatorRunningAheadIsAskedForBitsAsManyRunsAheadAsAgreed(int threads, int creatorAtOnce,
            int evaluatorAtOnce) throws Exception {
        int runs = 20;
        Batch b = Batch.random(new Random(96), 0, runs);
        SessionOptions o = SessionOptions.builder().threads(threads).build();
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        List<Integer> asked = new ArrayList<>();
        List<Integer> lead = new ArrayList<>();
        List<RunResult> results = new ArrayList<>();
        List<Pairs.Result<List<RunResult>>> r = Pairs.both(
                GcSession.creator(ch[0], o.toBuilder().runsAtOnce(creatorAtOnce).build()),
                s -> runMany(s, b, new ArrayList<>()),
                GcSession.evaluator(ch[1], o.toBuilder().runsAtOnce(evaluatorAtOnce).build()), s -> {
                    s.runMany(RunSpec.of(b.circuit()), runs, i -> {
                        asked.add(i);
                        lead.add(i - results.size());
                        return b.y().get(i);
                    }, results::add);
                    return results;
                });
        b.check(r.get(0).get(), r.get(1).get());
        List<Integer> inOrder = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            inOrder.add(i);
        }
        assertEquals(inOrder, asked, "each run's bits asked once, in run order");
        int ahead = Math.min(creatorAtOnce, evaluatorAtOnce) - 1;
        int most = lead.stream().mapToInt(Integer::intValue).max().orElseThrow();
        assertTrue(ahead == 0 ? most == 0 : most >= Math.min(ahead, runs - 1) && most <= 2 * ahead - 1,
                "bits asked " + lead + " runs ahead of the results handed over, " + ahead + " runs ahead agreed");
    }

    /**
     * A creator that runs another spec while the evaluator has sent runs ahead: both sides see
     * the mismatch, the creator skips the runs sent ahead and reads the statuses owed, and the
     * session goes on in step with the next run, on one thread or with runs beside each other.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2})
    void aHeaderMismatchAfterRunsWentAheadLeavesBothSessionsInStep(int threads) throws Exception {
        Batch b = Batch.random(new Random(97), 0, 8);
        Circuit other = RandomCircuits.generate(new Random(98), b.circuit().creatorInputCount(),
                b.circuit().evaluatorInputCount(), 0, 2, 300);
        SessionOptions o = SessionOptions.builder().threads(threads).timeout(java.time.Duration.ofSeconds(20)).build();
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        List<Pairs.Result<List<RunResult>>> r = Pairs.both(GcSession.creator(ch[0], o), s -> {
            List<RunResult> out = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                out.add(s.run(RunSpec.of(b.circuit()), b.x().get(i)));
            }
            assertThrows(HandshakeMismatchException.class, () -> s.run(RunSpec.of(other), b.x().get(4)));
            assertTrue(!s.inRunAhead(), "creator: nothing owed after the mismatch");
            out.add(s.run(RunSpec.of(b.circuit()), b.x().get(5)));
            return out;
        }, GcSession.evaluator(ch[1], o), s -> {
            List<RunResult> out = new ArrayList<>();
            assertThrows(HandshakeMismatchException.class, () -> s.runMany(RunSpec.of(b.circuit()), 8, b.y()::get,
                    out::add));
            assertEquals(4, out.size(), "the runs before the mismatch");
            assertTrue(!s.inRunAhead(), "evaluator: nothing sent ahead after the mismatch");
            out.add(s.run(RunSpec.of(b.circuit()), b.y().get(5)));
            return out;
        });
        List<RunResult> c = r.get(0).get();
        List<RunResult> e = r.get(1).get();
        for (int i = 0; i < 5; i++) {
            int run = i < 4 ? i : 5;
            assertArrayEquals(Simulator.run(b.circuit(), b.x().get(run), b.y().get(run)).evaluatorOutputs(),
                    e.get(i).outputs(), "evaluator, run " + i);
        }
        assertEquals(5, c.size());
    }

    @Test
    void runManyChecksItsArguments() throws Exception {
        Batch b = Batch.random(new Random(94), 0, 2);
        Channel[] ch = MemoryChannel.pair(ChannelOptions.defaults());
        GcSession s = GcSession.evaluator(ch[1], SessionOptions.defaults());
        RunSpec spec = RunSpec.of(b.circuit());
        assertThrows(IllegalArgumentException.class, () -> s.runMany(spec, -1, i -> b.y().get(0), r -> { }));
        assertThrows(IllegalArgumentException.class, () -> s.runMany(spec, 2, i -> new boolean[99], r -> { }));
        s.runMany(spec, 0, i -> { throw new AssertionError("no run, no input asked"); }, r -> { });
        ch[0].close();
        s.close();
    }

    /** x AND-chain of n gates over two lanes: same inputs and outputs for any n. */
    static Circuit chain(int n) {
        Body.Builder b = new Body.Builder();
        for (int i = 0; i < n; i++) {
            b.gate(i % 2, 0, 1, TruthTable.AND).gate(2, 2, i % 2, TruthTable.XOR);
        }
        return Circuits.builder().creatorInputs(0).evaluatorInputs(1, 2).creatorOutputs(0)
                .evaluatorOutputs(2).numSlots(3).body(b.build()).build();
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void bytesPerNonLinearGateAreExactlyTheTableSize(Scheme scheme) throws Exception {
        long[][] bytes = runBytes(scheme, 10, 1000, 5000);
        for (int k = 1; k < bytes.length; k++) {
            long gates = bytes[k][2] - bytes[0][2];
            if (GarblingScheme.of(scheme).controlBits() == 0) {
                assertEquals(GarblingScheme.of(scheme).tableBytes() * gates, bytes[k][0] - bytes[0][0],
                        "creator bytes per extra non-linear gate");
            }
            long stream = StreamBytes.of(chain(k == 1 ? 1000 : 5000), GarblingScheme.of(scheme))
                    - StreamBytes.of(chain(10), GarblingScheme.of(scheme));
            assertEquals(stream, bytes[k][0] - bytes[0][0], "creator bytes: the garbled stream");
            assertEquals(0, bytes[k][1] - bytes[0][1], "evaluator bytes do not grow with gates");
        }
    }

    /**
     * Three-halves sends 197 bytes per 8 ANDs (24.625 per AND) when the ANDs fill whole batches:
     * the chain has 512 ANDs in each 1024-gate batch.
     */
    @Test
    void threeHalvesSends24Point625BytesPerAnd() throws Exception {
        long[][] bytes = runBytes(Scheme.THREE_HALVES, 512, 5120);
        long ands = bytes[1][2] - bytes[0][2];
        assertEquals(4608, ands);
        assertEquals(ands * 197 / 8, bytes[1][0] - bytes[0][0]);
        assertEquals(5120 * 197 / 8, StreamBytes.of(chain(5120), ThreeHalves.INSTANCE));
    }

    /** Per size: the second run's bytes creator to evaluator, back, and the non-linear gates. */
    private static long[][] runBytes(Scheme scheme, int... sizes) throws Exception {
        SessionOptions o = SessionOptions.builder().scheme(scheme).build();
        long[][] bytes = new long[sizes.length][];
        for (int k = 0; k < sizes.length; k++) {
            Circuit c = chain(sizes[k]);
            Channel[] ch = channels(LocalPair.Connection.MEMORY, o);
            // Second run of a session: no setup bytes, so only the run's own traffic counts.
            List<Pairs.Job> jobs = List.of(new Pairs.Job(c, new boolean[1], new boolean[2]),
                    new Pairs.Job(c, new boolean[] {true}, new boolean[] {true, false}));
            Pairs.Outcome[] out = Pairs.run(GcSession.creator(ch[0], o),
                    GcSession.evaluator(ch[1], o), jobs);
            assertNull(out[0].error());
            RunStats cs = out[0].stats().get(1);
            RunStats es = out[1].stats().get(1);
            assertEquals(cs.bytesSent(), es.bytesReceived());
            assertEquals(es.bytesSent(), cs.bytesReceived());
            bytes[k] = new long[] {cs.bytesSent(), es.bytesSent(), c.nonLinearCount()};
        }
        return bytes;
    }

    /**
     * A chain of runs in one session, each feeding the previous run's kept outputs into the
     * next (alternately as creator and as evaluator inputs, kept alternately from the evaluator's
     * and the creator's outputs), equals the same chain computed in the clear.
     */
    @ParameterizedTest
    @MethodSource("schemesAndTransports")
    void keptValuesChainLikeThePlaintextChain(Scheme scheme, LocalPair.Connection transport) throws Exception {
        SessionOptions o = SessionOptions.builder().scheme(scheme).build();
        Random r = new Random(77 + scheme.ordinal() + 10 * transport.ordinal());
        int w = 5;
        int runs = 8;
        List<Circuit> circuits = new ArrayList<>();
        List<boolean[]> xs = new ArrayList<>();
        List<boolean[]> ys = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Party feeds = i % 2 == 0 ? Party.CREATOR : Party.EVALUATOR;
            Party keeps = i % 2 == 0 ? Party.EVALUATOR : Party.CREATOR;
            int ci = (feeds == Party.CREATOR ? w : 0) + 1 + r.nextInt(4);
            int ei = (feeds == Party.EVALUATOR ? w : 0) + 1 + r.nextInt(4);
            int co = keeps == Party.CREATOR ? w : 1 + r.nextInt(3);
            int eo = keeps == Party.EVALUATOR ? w : 1 + r.nextInt(3);
            circuits.add(RandomCircuits.generate(r, ci, ei, co, eo, 100 + r.nextInt(400)));
        }
        // The plaintext chain: run 0 takes w fresh creator bits in place of a kept value.
        boolean[] carried = RandomCircuits.bits(r, w);
        List<Simulator.Result> expected = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Circuit c = circuits.get(i);
            boolean[] x = RandomCircuits.bits(r, c.creatorInputCount());
            boolean[] y = RandomCircuits.bits(r, c.evaluatorInputCount());
            boolean[] fedX = x.clone();
            boolean[] fedY = y.clone();
            System.arraycopy(carried, 0, i % 2 == 0 ? fedX : fedY, 0, w);
            Simulator.Result res = Simulator.run(c, fedX, fedY);
            expected.add(res);
            carried = i % 2 == 0 ? res.evaluatorOutputs() : res.creatorOutputs();
            // Each party passes only its fresh bits: the kept bits are not its to give.
            boolean first = i == 0;
            xs.add(i % 2 == 0 && !first ? java.util.Arrays.copyOfRange(x, w, x.length) : (first ? fedX : x));
            ys.add(i % 2 == 1 ? java.util.Arrays.copyOfRange(y, w, y.length) : y);
        }
        Channel[] ch = channels(transport, o);
        try (Channel a = ch[0]; Channel b = ch[1]) {
            Pairs.Side<List<boolean[]>> creator = sess -> chain(sess, circuits, xs, w, runs);
            Pairs.Side<List<boolean[]>> evaluator = sess -> chain(sess, circuits, ys, w, runs);
            List<Pairs.Result<List<boolean[]>>> out = Pairs.both(GcSession.creator(a, o), creator,
                    GcSession.evaluator(b, o), evaluator);
            List<boolean[]> co = out.get(0).get();
            List<boolean[]> eo = out.get(1).get();
            for (int i = 0; i < runs; i++) {
                boolean last = i == runs - 1;
                // Kept outputs are not decoded, except in the last run, where nothing is kept.
                if (i % 2 == 0 || last) {
                    assertArrayEquals(expected.get(i).creatorOutputs(), co.get(i), "creator, run " + i);
                }
                if (i % 2 == 1 || last) {
                    assertArrayEquals(expected.get(i).evaluatorOutputs(), eo.get(i), "evaluator, run " + i);
                }
            }
        }
    }

    /** One party's side of the chain: run i feeds value i-1 and keeps value i (not in the last run). */
    private static List<boolean[]> chain(GcSession s, List<Circuit> circuits, List<boolean[]> fresh, int w,
            int runs) throws IOException {
        List<boolean[]> outs = new ArrayList<>();
        GarbledValue carried = null;
        for (int i = 0; i < runs; i++) {
            RunSpec.Builder b = RunSpec.builder(circuits.get(i));
            if (carried != null) {
                b.input(i % 2 == 0 ? Party.CREATOR : Party.EVALUATOR, carried);
            }
            if (i < runs - 1) {
                b.keep(i % 2 == 0 ? Party.EVALUATOR : Party.CREATOR);
            }
            RunResult res = s.run(b.build(), fresh.get(i));
            outs.add(res.outputs());
            carried = i < runs - 1 ? res.kept().get(0) : null;
            assertEquals(i < runs - 1 ? w : -1, carried == null ? -1 : carried.width());
        }
        return outs;
    }

    /** w creator and w evaluator input bits to w outputs of each party, with one AND in all. */
    static Circuit wide(int w) {
        Body.Builder b = new Body.Builder();
        for (int i = 0; i < w; i++) {
            b.gate(2 * w + i, i, w + i, i == 0 ? TruthTable.AND : TruthTable.XNOR)
                    .gate(3 * w + i, i, w + i, TruthTable.XOR);
        }
        int[] ci = new int[w];
        int[] ei = new int[w];
        int[] co = new int[w];
        int[] eo = new int[w];
        for (int i = 0; i < w; i++) {
            ci[i] = i;
            ei[i] = w + i;
            co[i] = 2 * w + i;
            eo[i] = 3 * w + i;
        }
        return Circuits.builder().creatorInputs(ci).evaluatorInputs(ei).creatorOutputs(co)
                .evaluatorOutputs(eo).numSlots(4 * w).body(b.build()).build();
    }

    /**
     * Kept values cost no bytes: with all inputs fed by kept values and all outputs kept, what
     * each party sends does not grow with the width; with fresh inputs and decoded outputs it does.
     */
    @Test
    void keptValuesCostNoBytesWhenReused() throws Exception {
        long[][] keptBytes = new long[2][];
        long[][] freshBytes = new long[2][];
        int[] widths = {8, 200};
        for (int k = 0; k < 2; k++) {
            Circuit c = wide(widths[k]);
            SessionOptions o = SessionOptions.builder().insecureTestSeed(5).build();
            Channel[] ch = channels(LocalPair.Connection.MEMORY, o);
            Pairs.Side<long[]> side = s -> {
                boolean creator = s.role() == Party.CREATOR;
                RunResult first = s.run(RunSpec.builder(c).keep(Party.CREATOR).keep(Party.EVALUATOR).build(),
                        new boolean[c.creatorInputCount()]);
                // Two fresh, decoded runs to compare with; then one fed entirely by kept values.
                RunResult plain = s.run(RunSpec.of(c), new boolean[creator ? c.creatorInputCount() : c.evaluatorInputCount()]);
                RunSpec reuse = RunSpec.builder(c).input(Party.CREATOR, first.kept().get(0))
                        .input(Party.EVALUATOR, first.kept().get(1)).keep(Party.CREATOR).keep(Party.EVALUATOR).build();
                RunResult kept = s.run(reuse, new boolean[0]);
                return new long[] {plain.stats().bytesSent(), kept.stats().bytesSent()};
            };
            List<Pairs.Result<long[]>> r = Pairs.both(GcSession.creator(ch[0], o), side,
                    GcSession.evaluator(ch[1], o), side);
            freshBytes[k] = new long[] {r.get(0).get()[0], r.get(1).get()[0]};
            keptBytes[k] = new long[] {r.get(0).get()[1], r.get(1).get()[1]};
        }
        for (int p = 0; p < 2; p++) {
            assertEquals(keptBytes[0][p], keptBytes[1][p], "party " + p + ": kept values cost nothing per bit");
            assertTrue(freshBytes[1][p] > freshBytes[0][p] + 16L * (widths[1] - widths[0]),
                    "party " + p + ": fresh inputs and decoded outputs cost bytes per bit");
        }
    }

    /**
     * listen and connect open the connection, skip a probe that connects and closes, do the
     * handshake, and return sessions that run like channel-based ones; close ends both.
     */
    @Test
    void listenAndConnectOpenSessionsThatCloseTheirConnection() throws Exception {
        Random r = new Random(77);
        Circuit c = RandomCircuits.generate(r, 8, 8, 4, 4, 300);
        boolean[] x = RandomCircuits.bits(r, c.creatorInputCount());
        boolean[] y = RandomCircuits.bits(r, c.evaluatorInputCount());
        Simulator.Result expected = Simulator.run(c, x, y);
        SessionOptions o = SessionOptions.defaults();
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            int port = server.getLocalPort();
            CompletableFuture<boolean[]> evaluator = CompletableFuture.supplyAsync(() -> {
                try {
                    new java.net.Socket("127.0.0.1", port).close(); // a probe, then the peer
                    try (GcSession s = GcSession.connect("127.0.0.1", port, Party.EVALUATOR, Transport.plain(), o)) {
                        return s.run(c, y);
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            GcSession creator = PeerListener.accept(server, Transport.plain(), ChannelOptions.defaults(),
                    reason -> { }, ch -> {
                        GcSession s = GcSession.creator(ch, o);
                        s.handshake();
                        return s;
                    });
            try (creator) {
                assertArrayEquals(expected.creatorOutputs(), creator.run(c, x));
                assertArrayEquals(expected.evaluatorOutputs(), evaluator.get());
            }
            IllegalStateException closed = assertThrows(IllegalStateException.class, () -> creator.run(c, x));
            assertTrue(closed.getMessage().contains("closed"), closed.getMessage());
            creator.close(); // idempotent
        }
    }

    /** Closing a session from another thread ends a run that waits for the peer, unchecked. */
    @Test
    void closeEndsARunInProgress() throws Exception {
        Random r = new Random(78);
        Circuit c = RandomCircuits.generate(r, 4, 4, 2, 2, 50);
        SessionOptions o = SessionOptions.defaults();
        Channel[] ch = channels(LocalPair.Connection.MEMORY, o);
        GcSession creator = GcSession.creator(ch[0], o); // the evaluator never answers
        CompletableFuture.runAsync(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            creator.close();
        });
        SessionException e = assertThrows(SessionException.class,
                () -> creator.run(c, RandomCircuits.bits(r, c.creatorInputCount())));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        ch[1].close();
    }
}
