package io.gcstream.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.engine.testutil.HostileChannel;
import io.gcstream.ot.channel.Channel;
import io.gcstream.ot.internal.parallel.Workers;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link SessionOptions#threads()}: sessions computing on 1, 2, 3 and 8 threads, the creator's
 * and the evaluator's count chosen independently, give the simulator's results for every scheme
 * in memory and over loopback TCP, with split calls, split flushes and inputs enough to split
 * the OT extension's blocks; and no worker thread outlives its session, closed or failed.
 */
class SessionThreadsTest {
    private static final int[][] THREADS = {{2, 2}, {3, 1}, {1, 3}, {8, 8}, {8, 1}};

    static List<Arguments> schemesAndTransports() {
        return GcSessionTest.schemesAndTransports();
    }

    /** 6,000 evaluator input bits (two OT-extension chunks, each split) ANDed pairwise with the creator's. */
    static Circuit manyInputs() {
        int n = 3000;
        int[] ci = new int[n];
        int[] ei = new int[2 * n];
        Body.Builder b = new Body.Builder();
        for (int k = 0; k < n; k++) {
            ci[k] = k;
            ei[2 * k] = n + 2 * k;
            ei[2 * k + 1] = n + 2 * k + 1;
            b.gate(k, k, n + 2 * k, TruthTable.AND).gate(k, k, n + 2 * k + 1, TruthTable.XOR);
        }
        return Circuits.builder().creatorInputs(ci).evaluatorInputs(ei).creatorOutputs(0, 1)
                .evaluatorOutputs(ci).numSlots(3 * n).body(b.build()).build();
    }

    @ParameterizedTest
    @MethodSource("schemesAndTransports")
    void anyThreadCountsOnEitherSideGiveTheSimulatorsResults(Scheme scheme, LocalPair.Connection transport)
            throws Exception {
        Random r = new Random(99 + 10 * scheme.ordinal() + transport.ordinal());
        List<Pairs.Job> jobs = new ArrayList<>();
        // The scheduled ones a team walks in lockstep (schemes without control bits).
        List<Circuit> circuits = List.of(RandomCircuits.parted(r, 5, 60), RandomCircuits.parted(r, 3, 90),
                RandomCircuits.generate(r, 4, 5, 3, 3, 3000), manyInputs(), RandomCircuits.scheduled(r, 40, 12),
                RandomCircuits.scheduled(r, 300, 5));
        for (Circuit c : circuits) {
            for (int k = 0; k < 2; k++) {
                jobs.add(new Pairs.Job(c, RandomCircuits.bits(r, c.creatorInputCount()),
                        RandomCircuits.bits(r, c.evaluatorInputCount())));
            }
        }
        for (int[] tt : THREADS) {
            SessionOptions co = SessionOptions.builder().scheme(scheme).threads(tt[0]).build();
            SessionOptions eo = SessionOptions.builder().scheme(scheme).threads(tt[1]).build();
            Channel[] ch = GcSessionTest.channels(transport, co);
            try (Channel a = ch[0]; Channel b = ch[1];
                    GcSession c = GcSession.creator(a, co); GcSession e = GcSession.evaluator(b, eo)) {
                assertEquals(tt[0], c.threads());
                assertEquals(tt[1], e.threads());
                Pairs.Outcome[] out = Pairs.run(c, e, jobs);
                String what = scheme + " over " + transport + ", creator " + tt[0] + " / evaluator " + tt[1] + " threads";
                assertNull(out[0].error(), () -> what + ": creator: " + out[0].error());
                assertNull(out[1].error(), () -> what + ": evaluator: " + out[1].error());
                for (int i = 0; i < jobs.size(); i++) {
                    Pairs.Job j = jobs.get(i);
                    Simulator.Result expect = Simulator.run(j.circuit(), j.x(), j.y());
                    assertArrayEquals(expect.creatorOutputs(), out[0].outputs().get(i), what + ", creator, job " + i);
                    assertArrayEquals(expect.evaluatorOutputs(), out[1].outputs().get(i), what + ", evaluator, job " + i);
                }
            }
        }
    }

    /** A chain of {@code ands} ANDs of one creator bit with the evaluator's 8 bits in turn: a stream of more than a ring. */
    static Circuit chain(int ands) {
        Body.Builder b = new Body.Builder();
        b.gate(9, 0, 1, TruthTable.AND);
        for (int i = 1; i < ands; i++) {
            b.gate(9, 9, 1 + i % 8, i % 3 == 0 ? TruthTable.OR : TruthTable.AND).gate(9, 9, 1 + (i + 3) % 8, TruthTable.XOR);
        }
        return Circuits.builder().creatorInputs(0).evaluatorInputs(1, 2, 3, 4, 5, 6, 7, 8).evaluatorOutputs(9)
                .numSlots(10).body(b.build()).build();
    }

    /**
     * runMany on threads: from the second run on, each run is garbled and evaluated on a thread
     * of its own beside the run before (docs/protocol.md, "Runs ahead"); results equal the
     * simulator's for every scheme, in memory and over TCP, whatever either side's thread count,
     * for a circuit with calls, one with the most evaluator input bits a run ahead takes, and one
     * whose stream is larger than what a run holds or reads ahead.
     */
    @ParameterizedTest
    @MethodSource("schemesAndTransports")
    void runManyOnThreadsGivesTheSimulatorsResults(Scheme scheme, LocalPair.Connection transport) throws Exception {
        Random r = new Random(199 + 10 * scheme.ordinal() + transport.ordinal());
        List<GcSessionTest.Batch> batches = new ArrayList<>();
        batches.add(GcSessionTest.Batch.random(r, 0, 9));
        Circuit wide = GcSessionTest.manyEvaluatorBits(1024);
        Circuit longer = chain(50_000);
        for (Circuit c : List.of(wide, longer)) {
            List<boolean[]> x = new ArrayList<>();
            List<boolean[]> y = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                x.add(RandomCircuits.bits(r, c.creatorInputCount()));
                y.add(RandomCircuits.bits(r, c.evaluatorInputCount()));
            }
            batches.add(new GcSessionTest.Batch(c, x, y));
        }
        for (int[] tt : new int[][] {{2, 2}, {3, 1}, {1, 3}, {8, 8}, {2, 1}, {1, 2}}) {
            SessionOptions co = SessionOptions.builder().scheme(scheme).threads(tt[0]).build();
            SessionOptions eo = SessionOptions.builder().scheme(scheme).threads(tt[1]).build();
            Channel[] ch = GcSessionTest.channels(transport, co);
            try (Channel a = ch[0]; Channel b = ch[1];
                    GcSession c = GcSession.creator(a, co); GcSession e = GcSession.evaluator(b, eo)) {
                String what = scheme + " over " + transport + ", creator " + tt[0] + " / evaluator " + tt[1] + " threads";
                for (GcSessionTest.Batch batch : batches) {
                    List<Pairs.Result<List<RunResult>>> out = Pairs.both(c, s -> GcSessionTest.runMany(s, batch,
                            new ArrayList<>()), e, s -> GcSessionTest.runMany(s, batch, new ArrayList<>()));
                    batch.check(out.get(0).get(), out.get(1).get());
                }
                // Each batch's runs from the third on (creator) or the second on (evaluator).
                assertEquals(tt[0] >= 2 ? 7 + 3 + 3 : 0, c.runsBesideForTests(), what + ": creator's runs beside another");
                assertEquals(tt[1] >= 2 ? 8 + 4 + 4 : 0, e.runsBesideForTests(), what + ": evaluator's runs beside another");
            }
        }
    }

    @Test
    void closingASessionStopsItsThreads() throws Exception {
        awaitNoWorkers();
        SessionOptions o = SessionOptions.builder().threads(3).build();
        Circuit c = RandomCircuits.parted(new Random(3), 4, 80);
        Channel[] ch = GcSessionTest.channels(LocalPair.Connection.MEMORY, o);
        GcSession cs = GcSession.creator(ch[0], o);
        GcSession es = GcSession.evaluator(ch[1], o);
        List<Pairs.Job> jobs = List.of(new Pairs.Job(c, new boolean[c.creatorInputCount()],
                new boolean[c.evaluatorInputCount()]));
        Pairs.Outcome[] out = Pairs.run(cs, es, jobs);
        assertNull(out[0].error());
        assertNull(out[1].error());
        assertTrue(Workers.liveThreads() > 0, "the sessions computed on worker threads");
        cs.close();
        es.close();
        assertEquals(0, Workers.liveThreads(), "no worker thread outlives its session");
        assertThrows(IllegalStateException.class, () -> cs.run(c, new boolean[c.creatorInputCount()]));
        cs.close();
        ch[0].close();
        ch[1].close();
    }

    /**
     * A worker thread that fails ends the session on both sides, each with its one line, and
     * its threads stop with it: the failing side's and (its channel closed) the peer's.
     */
    @Test
    void aWorkerThatFailsEndsTheSessionOnBothSidesAndItsThreads() throws Exception {
        awaitNoWorkers();
        SessionOptions o = SessionOptions.builder().threads(2).build();
        Circuit c = RandomCircuits.parted(new Random(4), 4, 80);
        List<Pairs.Job> jobs = new ArrayList<>();
        for (int k = 0; k < 200; k++) {
            jobs.add(new Pairs.Job(c, new boolean[c.creatorInputCount()], new boolean[c.evaluatorInputCount()]));
        }
        AtomicBoolean failed = new AtomicBoolean();
        Workers.faultForTests((p, t) -> {
            if (Thread.currentThread().getName().startsWith("gcstream-creator") && failed.compareAndSet(false, true)) {
                throw new IllegalStateException("injected worker failure");
            }
        });
        try {
            // On a busy machine the owner may do every part itself for a while: new sessions
            // until a worker has taken one.
            for (int attempt = 0; attempt < 20 && !failed.get(); attempt++) {
                Channel[] ch = GcSessionTest.channels(LocalPair.Connection.MEMORY, o);
                try (Channel a = ch[0]; Channel b = ch[1]) {
                    GcSession cs = GcSession.creator(a, o);
                    GcSession es = GcSession.evaluator(b, o);
                    Pairs.Outcome[] out = Pairs.run(cs, es, jobs);
                    if (!failed.get()) {
                        assertNull(out[0].error());
                        cs.close();
                        es.close();
                        continue;
                    }
                    String creator = out[0].error().getMessage();
                    String evaluator = out[1].error().getMessage();
                    assertTrue(creator.startsWith("creator: garbled circuit failed: ")
                            && creator.contains("worker thread gcstream-creator-1 failed: java.lang.IllegalStateException:"
                                    + " injected worker failure"), creator);
                    assertTrue(evaluator.startsWith("evaluator: the peer memory:a closed the connection during "),
                            evaluator);
                    assertEquals(1, creator.lines().count());
                    assertEquals(1, evaluator.lines().count());
                    assertEquals(0, Workers.liveThreads(), "no worker thread outlives a failed session");
                }
            }
            assertTrue(failed.get(), "a creator worker took a part");
        } finally {
            Workers.faultForTests(null);
        }
    }

    /**
     * Runs beside each other that go wrong end the session on both sides, each with its one
     * line, and no thread outlives it: a table corrupted on the way to an evaluator evaluating
     * runs beside each other, and an evaluator that dies while it reads the stream of a creator
     * garbling runs beside each other (its threads blocked writing, holding or reading ahead).
     */
    @Test
    void runsBesideEachOtherThatFailEndBothSessionsAndTheirThreads() throws Exception {
        awaitNoWorkers();
        Circuit c = chain(50_000);
        Random r = new Random(5);
        List<boolean[]> x = new ArrayList<>();
        List<boolean[]> y = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            x.add(RandomCircuits.bits(r, 1));
            y.add(RandomCircuits.bits(r, 8));
        }
        GcSessionTest.Batch batch = new GcSessionTest.Batch(c, x, y);
        SessionOptions o = SessionOptions.builder().threads(2).timeout(java.time.Duration.ofSeconds(20)).build();
        for (boolean corrupt : new boolean[] {true, false}) {
            Channel[] ch = GcSessionTest.channels(LocalPair.Connection.MEMORY, o);
            // About 1.6 MB of tables a run: the fault falls into the fourth or fifth run. A table
            // half the evaluator does not use may be flipped unnoticed: 32 tables are.
            Channel a = corrupt ? new HostileChannel(ch[0], HostileChannel.Fault.flipBytes(7_000_000, 1024)) : ch[0];
            Channel b = corrupt ? ch[1] : new HostileChannel(ch[1], HostileChannel.Fault.crashWhileReceiving(7_000_000));
            try (a; b) {
                GcSession cs = GcSession.creator(a, o);
                GcSession es = GcSession.evaluator(b, o);
                List<Pairs.Result<List<RunResult>>> out = Pairs.both(cs, s -> GcSessionTest.runMany(s, batch,
                        new ArrayList<>()), es, s -> GcSessionTest.runMany(s, batch, new ArrayList<>()));
                String creator = out.get(0).error().getMessage();
                String evaluator = out.get(1).error().getMessage();
                assertTrue(out.get(0).error() instanceof SessionException, "creator: " + out.get(0).error());
                assertTrue(out.get(1).error() instanceof SessionException, "evaluator: " + out.get(1).error());
                if (corrupt) {
                    assertTrue(evaluator.contains("matches neither of its two labels"), evaluator);
                    // It sends its status at once, but the creator may be writing a later run's
                    // tables when the evaluator, having sent it, closes the connection.
                    assertTrue(creator.contains("the evaluator rejected the run")
                            || creator.startsWith("creator: the peer memory:b closed the connection during "), creator);
                } else {
                    assertTrue(creator.startsWith("creator: the peer memory:b closed the connection during "), creator);
                }
                assertEquals(1, creator.lines().count(), creator);
                assertEquals(1, evaluator.lines().count(), evaluator);
                assertTrue(corrupt ? es.runsBesideForTests() > 0 : cs.runsBesideForTests() > 0, "runs went beside each other");
                awaitNoWorkers();
            }
        }
    }

    @Test
    void automaticThreadsAreTheCoresHalvedForAPeerOnThisMachine() throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        Channel[] ch = GcSessionTest.channels(LocalPair.Connection.MEMORY, SessionOptions.defaults());
        try (Channel a = ch[0]; Channel b = ch[1]) {
            assertEquals(Math.max(1, Math.min(64, cores / 2)), GcSession.creator(a, SessionOptions.defaults()).threads());
            assertEquals(5, GcSession.evaluator(b, SessionOptions.builder().threads(5).build()).threads());
        }
        ch = GcSessionTest.channels(LocalPair.Connection.TCP, SessionOptions.defaults());
        try (Channel a = ch[0]; Channel b = ch[1]) {
            assertEquals(Math.max(1, Math.min(64, cores / 2)), GcSession.creator(a, SessionOptions.defaults()).threads());
        }
        assertThrows(IllegalArgumentException.class, () -> SessionOptions.builder().threads(-1));
        assertThrows(IllegalArgumentException.class, () -> SessionOptions.builder().threads(65));
        assertEquals(SessionOptions.AUTO_THREADS, SessionOptions.defaults().threads());
        assertEquals(7, SessionOptions.builder().threads(7).build().toBuilder().build().threads());
    }

    /** Workers of earlier tests' sessions that were never closed stop within their idle time. */
    private static void awaitNoWorkers() throws InterruptedException {
        long end = System.nanoTime() + 2 * Workers.IDLE_EXIT_NANOS;
        while (Workers.liveThreads() > 0 && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        assertEquals(0, Workers.liveThreads(), "worker threads of earlier tests still run");
    }
}
