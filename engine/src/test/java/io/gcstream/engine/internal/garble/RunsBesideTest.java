package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.Simulator;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.engine.Scheme;
import io.gcstream.ot.internal.parallel.TaskPool;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link RunGarbler} and {@link RunEvaluator}, the runs a session computes beside each other:
 * the stream held and then written is the one-thread garbler's, byte for byte, also when it is
 * longer than what a run holds and when the walk walks on its own or runs kept code; an
 * evaluator reading it from its ring gets the simulator's results; a run given fewer tables than
 * it needs fails with its one line, and one abandoned while it waits ends, neither hanging.
 */
class RunsBesideTest {

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void runsBesideEachOtherMakeTheOneThreadStreamAndResults(Scheme s) throws Exception {
        GarblingScheme scheme = GarblingScheme.of(s);
        Random r = new Random(31 + s.ordinal());
        // A circuit with calls, and one whose stream is longer than a run holds or reads ahead.
        for (Circuit c : new Circuit[] {RandomCircuits.generate(r, 4, 5, 0, 4, 3000), longChain(45_000)}) {
            long dLo = r.nextLong() | 1;
            long dHi = r.nextLong();
            long[] zero = randomLabels(r, c);
            CodeWalker kept = new CodeWalker(c, Long.MAX_VALUE);
            byte[] reference = oneThreadStream(scheme, c, kept, zero, dLo, dHi, 50);
            assertTrue(kept.keeps());
            boolean[] x = RandomCircuits.bits(r, c.creatorInputCount());
            boolean[] y = RandomCircuits.bits(r, c.evaluatorInputCount());
            Simulator.Result want = Simulator.run(c, x, y);
            try (TaskPool pool = new TaskPool("test-run", 1, 1);
                    RunGarbler rg = new RunGarbler(scheme, dLo, dHi, pool);
                    RunEvaluator re = new RunEvaluator(scheme, pool)) {
                for (CodeWalker w : new CodeWalker[] {kept, new CodeWalker(c, 0)}) {
                    for (int piece : new int[] {0, 64 * 1024}) {
                        StreamingGarblerTest.Pipe pipe = new StreamingGarblerTest.Pipe();
                        place(c, zero, rg.labels(c));
                        rg.start(c, w, 50, new TweakableHash(), piece);
                        // Held until released: nothing written yet, however long the run.
                        Thread.sleep(20);
                        assertEquals(0, pipe.size, "written before it was released");
                        rg.release(pipe);
                        rg.await();
                        assertArrayEquals(reference, Arrays.copyOf(pipe.data, pipe.size), "the stream");
                        assertEquals(50 + c.nonLinearCount(), rg.nextGateId());
                        long[] labels = re.labels(c);
                        ParallelLoopTest.active(c, zero, x, y, dLo, dHi, labels);
                        re.start(c, w, 50, new TweakableHash());
                        for (int at = 0; at < reference.length; ) {
                            int room = re.room();
                            if (room == 0) {
                                RunEvaluator.awaitRoom(re, null);
                                continue;
                            }
                            int n = Math.min(room, Math.min(reference.length - at, 10_000));
                            System.arraycopy(reference, at, re.buffer(), re.at(), n);
                            re.put(n);
                            at += n;
                        }
                        re.endOfTables();
                        re.await();
                        assertEquals(reference.length, re.bytesTaken());
                        assertArrayEquals(want.evaluatorOutputs(), StreamingGarblerTest.decode(rg.labels(c),
                                re.labels(c), CircuitSlots.outputs(c, Party.EVALUATOR), dLo, dHi), "evaluator outputs");
                    }
                }
            }
        }
    }

    /**
     * The owner's last bytes and its end of the tables, put while the run's thread waits for
     * them, are taken as the last bytes: many short runs, each ended at once, all succeed.
     */
    @org.junit.jupiter.api.Test
    void tablesEndedRightAfterTheLastBytesAreAllRead() throws Exception {
        GarblingScheme scheme = GarblingScheme.of(Scheme.HALF_GATES);
        Circuit c = longChain(200);
        StreamingGarblerTest.Pipe one = new StreamingGarblerTest.Pipe();
        StreamingGarbler g = new StreamingGarbler(scheme, new TweakableHash(), c.labelSlots(), 3, 0, 0, one);
        CodeWalker kept = new CodeWalker(c, Long.MAX_VALUE);
        kept.walk(g, null);
        byte[] stream = Arrays.copyOf(one.data, one.size);
        try (TaskPool pool = new TaskPool("test-end", 1, 1); RunEvaluator re = new RunEvaluator(scheme, pool)) {
            for (int run = 0; run < 40_000; run++) {
                re.labels(c);
                re.start(c, kept, 0, new TweakableHash());
                int last = stream.length - 32;
                System.arraycopy(stream, 0, re.buffer(), re.at(), last);
                re.put(last);
                // The run's thread has taken all but the last bytes and waits, spinning, for them.
                while (re.bytesTaken() < last) {
                    Thread.onSpinWait();
                }
                System.arraycopy(stream, last, re.buffer(), re.at(), 32);
                re.put(32);
                re.endOfTables();
                re.await();
                assertEquals(stream.length, re.bytesTaken(), "run " + run);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Scheme.class)
    void aRunShortOfTablesFailsAndAnAbandonedRunEndsWithoutHanging(Scheme s) {
        GarblingScheme scheme = GarblingScheme.of(s);
        Circuit c = longChain(45_000);
        int before = Workers.liveThreads();
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try (TaskPool pool = new TaskPool("test-short", 1, 1); RunEvaluator re = new RunEvaluator(scheme, pool)) {
                re.labels(c);
                re.start(c, new CodeWalker(c, 0), 0, new TweakableHash());
                re.put(1000);
                re.endOfTables();
                UncheckedIOException e = assertThrows(UncheckedIOException.class, re::await);
                assertTrue(e.getCause().getMessage().contains("out of step"), e.getCause().getMessage());
                assertEquals(1, e.getCause().getMessage().lines().count());
                // The same for a run loaded with its tables, which it reads where they lie.
                re.load(c, new CodeWalker(c, 0), 0, new TweakableHash());
                re.put(1000);
                re.endOfTables();
                UncheckedIOException loaded = assertThrows(UncheckedIOException.class, re::await);
                assertEquals(e.getCause().getMessage(), loaded.getCause().getMessage());
                // Abandoned while it waits for tables.
                re.start(c, new CodeWalker(c, 0), 0, new TweakableHash());
                re.put(100);
            }
            // Abandoned while it holds a run longer than it may hold, never released.
            try (TaskPool pool = new TaskPool("test-held", 1, 1); RunGarbler rg = new RunGarbler(scheme, 1, 0, pool)) {
                rg.labels(c);
                rg.start(c, new CodeWalker(c, 0), 0, new TweakableHash(), 0);
                Thread.sleep(50);
            }
        });
        long end = System.nanoTime() + 2 * Workers.IDLE_EXIT_NANOS;
        while (Workers.liveThreads() > before && System.nanoTime() < end) {
            Thread.onSpinWait();
        }
        assertFalse(Workers.liveThreads() > before, "a run's thread outlived it");
    }

    /**
     * While the owner awaits a run that no thread of the pool has taken (its one thread busy),
     * it walks that run itself if the run needs nothing more from it: a garbler's run whose
     * tables it may all hold, an evaluator's run loaded with all its tables. Stream and results
     * are those of the pool's thread. A run that still needs the owner (tables not all put, more
     * tables than it may hold before its release) is left to the pool.
     */
    @org.junit.jupiter.api.Test
    void theOwnerWalksAQueuedRunThatNeedsNothingMoreFromIt() throws Exception {
        GarblingScheme scheme = GarblingScheme.of(Scheme.HALF_GATES);
        Random r = new Random(5);
        Circuit c = RandomCircuits.generate(r, 4, 5, 0, 4, 3000);
        long dLo = r.nextLong() | 1;
        long dHi = r.nextLong();
        long[] zero = randomLabels(r, c);
        CodeWalker kept = new CodeWalker(c, Long.MAX_VALUE);
        byte[] reference = oneThreadStream(scheme, c, kept, zero, dLo, dHi, 0);
        boolean[] x = RandomCircuits.bits(r, c.creatorInputCount());
        boolean[] y = RandomCircuits.bits(r, c.evaluatorInputCount());
        Simulator.Result want = Simulator.run(c, x, y);
        java.util.concurrent.CountDownLatch busy = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch free = new java.util.concurrent.CountDownLatch(1);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try (TaskPool pool = new TaskPool("test-owner", 1, 4);
                    RunGarbler rg = new RunGarbler(scheme, dLo, dHi, pool);
                    RunGarbler longer = new RunGarbler(scheme, 1, 0, pool);
                    RunEvaluator re = new RunEvaluator(scheme, pool);
                    RunEvaluator started = new RunEvaluator(scheme, pool)) {
                pool.submit(() -> {
                    busy.countDown();
                    try {
                        free.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                busy.await();
                // Queued behind the pool's busy thread: only the owner can walk them now.
                place(c, zero, rg.labels(c));
                rg.start(c, kept, 0, new TweakableHash(), 0);
                StreamingGarblerTest.Pipe pipe = new StreamingGarblerTest.Pipe();
                rg.release(pipe);
                rg.await();
                assertArrayEquals(reference, Arrays.copyOf(pipe.data, pipe.size), "the stream");
                ParallelLoopTest.active(c, zero, x, y, dLo, dHi, re.labels(c));
                re.load(c, kept, 0, new TweakableHash());
                System.arraycopy(reference, 0, re.buffer(), re.at(), reference.length);
                re.put(reference.length);
                re.endOfTables();
                re.await();
                assertArrayEquals(want.evaluatorOutputs(), StreamingGarblerTest.decode(rg.labels(c), re.labels(c),
                        CircuitSlots.outputs(c, Party.EVALUATOR), dLo, dHi), "evaluator outputs");
                // Runs that still need the owner.
                Circuit chain = longChain(45_000);
                longer.labels(chain);
                longer.start(chain, new CodeWalker(chain, 0), 0, new TweakableHash(), 0);
                assertFalse(longer.selfContained(), "more tables than it may hold, not released");
                started.labels(c);
                started.start(c, kept, 0, new TweakableHash());
                started.put(100);
                assertFalse(started.selfContained(), "tables still to come");
                started.put(reference.length - 100);
                started.endOfTables();
                assertTrue(started.selfContained(), "all tables put");
                free.countDown();
                longer.release((b, off, len) -> { });
                longer.await();
                started.await();
                assertEquals(reference.length, started.bytesTaken());
            }
        });
    }

    /** {@code ands} ANDs in a chain over one creator and eight evaluator bits: more than a run's 1 MiB of tables. */
    static Circuit longChain(int ands) {
        io.gcstream.circuits.internal.Body.Builder b = new io.gcstream.circuits.internal.Body.Builder();
        b.gate(9, 0, 1, io.gcstream.circuits.internal.TruthTable.AND);
        for (int i = 1; i < ands; i++) {
            b.gate(9, 9, 1 + i % 8, io.gcstream.circuits.internal.TruthTable.AND).gate(9, 9, 1 + (i + 3) % 8,
                    io.gcstream.circuits.internal.TruthTable.XOR);
        }
        return Circuits.builder().creatorInputs(0).evaluatorInputs(1, 2, 3, 4, 5, 6, 7, 8).evaluatorOutputs(9)
                .numSlots(10).body(b.build()).build();
    }

    /** Random 0-labels for every slot of {@code c}. */
    private static long[] randomLabels(Random r, Circuit c) {
        long[] zero = new long[2 * (int) c.labelSlots()];
        for (int i = 0; i < zero.length; i++) {
            zero[i] = r.nextLong();
        }
        return zero;
    }

    /** The one-thread garbler's stream for {@code c} from gate {@code firstGate}, walked by {@code kept}. */
    private static byte[] oneThreadStream(GarblingScheme scheme, Circuit c, CodeWalker kept, long[] zero, long dLo,
            long dHi, long firstGate) throws java.io.IOException {
        StreamingGarblerTest.Pipe one = new StreamingGarblerTest.Pipe();
        StreamingGarbler g = new StreamingGarbler(scheme, new TweakableHash(), c.labelSlots(), dLo, dHi, firstGate, one);
        place(c, zero, g.labels());
        kept.walk(g, null);
        g.finish();
        return Arrays.copyOf(one.data, one.size);
    }

    private static void place(Circuit c, long[] zero, long[] labels) {
        for (int[] slots : new int[][] {CircuitSlots.inputs(c, Party.CREATOR), CircuitSlots.inputs(c, Party.EVALUATOR)}) {
            for (int s : slots) {
                labels[2 * s] = zero[2 * s];
                labels[2 * s + 1] = zero[2 * s + 1];
            }
        }
    }
}
