package io.gcstream.benchmarks.party;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class PartyRatesTest {
    /**
     * A side whose first run with each thread count takes ten times as long (as a first run
     * that compiles its loops does), later runs 1 ms over the thread count; it records the
     * counts it was run with.
     */
    private static final class Compiling extends PartyRates.Side {
        final List<Integer> calls = new ArrayList<>();

        Compiling() {
            super("test", "garbler", 1_000_000);
        }

        @Override
        long run(int threads) {
            boolean first = !calls.contains(threads);
            calls.add(threads);
            return (first ? 10 : 1) * 1_000_000L / threads;
        }
    }

    @Test
    void roundsAlternateTheOrderOfThreadCounts() throws Exception {
        Compiling s = new Compiling();
        PartyRates.rates(s, new int[] {1, 2, 4}, new int[] {3, 3, 3}, 3, Barrier.NONE);
        assertEquals(List.of(1, 2, 4, 4, 2, 1, 1, 2, 4), s.calls);
    }

    /** Warm-up runs come first, with every thread count, and none of their times is a rate. */
    @Test
    void warmUpRunsAreNotTimed() throws Exception {
        Compiling s = new Compiling();
        PartyRates.warmUp(s, new int[] {1, 2}, new int[] {3, 3}, 1, 0, () -> 0L);
        double[][] r = PartyRates.rates(s, new int[] {1, 2}, new int[] {3, 3}, 3, Barrier.NONE);
        assertEquals(List.of(1, 2, 1, 2, 2, 1, 1, 2), s.calls);
        assertArrayEquals(new double[] {1e9, 1e9, 1e9}, r[0], 1e-3);
        assertArrayEquals(new double[] {2e9, 2e9, 2e9}, r[1], 1e-3);

        Compiling cold = new Compiling();
        double[][] c = PartyRates.rates(cold, new int[] {1, 2}, new int[] {3, 3}, 3, Barrier.NONE);
        assertEquals(1e8, c[0][0], 1e-3, "without a warm-up the first round is timed while it compiles");
    }

    /** A warm-up of some seconds goes on, whole rounds of every thread count, until they have passed. */
    @Test
    void warmUpLastsItsSeconds() throws Exception {
        Compiling s = new Compiling();
        long t0 = System.nanoTime();
        PartyRates.warmUp(s, new int[] {1, 2}, new int[] {3, 3}, 1, 1, () -> 0L);
        assertTrue(System.nanoTime() - t0 >= 1_000_000_000L, "the warm-up ended before its second");
        assertTrue(s.calls.size() > 2, "only the one round asked for: " + s.calls.size() + " runs");
        assertEquals(0, s.calls.size() % 2, "a round ended part way: " + s.calls.size() + " runs");
    }

    /**
     * Past its rounds and seconds, the warm-up goes on while the compilers work through a round,
     * and stops after the first round in which they did not.
     */
    @Test
    void warmUpWaitsForTheCompilers() throws Exception {
        Compiling s = new Compiling();
        long[] compiled = {0};
        int[] reads = {0};
        // Each read during the first three rounds (two a round) finds another second compiled.
        LongSupplier jit = () -> reads[0]++ < 6 ? compiled[0] += 1000 : compiled[0];
        PartyRates.warmUp(s, new int[] {1, 2}, new int[] {3, 3}, 1, 0, jit);
        assertEquals(List.of(1, 2, 1, 2, 1, 2, 1, 2), s.calls, "three busy rounds, then one quiet");

        Compiling unknown = new Compiling();
        PartyRates.warmUp(unknown, new int[] {1, 2}, new int[] {3, 3}, 1, 0, null);
        assertEquals(List.of(1, 2), unknown.calls, "the compilers' time unknown: the rounds asked for only");

        Compiling none = new Compiling();
        PartyRates.warmUp(none, new int[] {1, 2}, new int[] {3, 3}, 0, 0, jit);
        assertEquals(List.of(), none.calls, "no warm-up asked for");
    }

    /** A side that logs "NAME THREADS" in a shared log at each run, after a short sleep. */
    private static PartyRates.Side logging(String name, List<String> log) {
        return new PartyRates.Side("test", "garbler", 1_000_000) {
            @Override
            long run(int threads) throws InterruptedException {
                Thread.sleep(2);
                log.add(name + " " + threads);
                return 1_000_000L;
            }
        };
    }

    /**
     * Processes taking turns (as party-ceiling.sh's: one timing 1 and 2 threads in turn 0, two
     * in turn 1) run their rounds in turn: every round of the first, then the same round of the
     * others, never at once.
     */
    @Test
    @Timeout(60)
    void turnsAlternateRoundByRound(@TempDir Path dir) throws Exception {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            List<Future<?>> done = new ArrayList<>();
            String[][] who = {{"p", "0/2"}, {"a", "1/2"}, {"b", "1/2"}};
            for (String[] w : who) {
                PartyRates.Side s = logging(w[0], log);
                int[] threads = w[0].equals("p") ? new int[] {1, 2} : new int[] {1};
                Barrier barrier = Barrier.of(dir, 3, w[1]);
                done.add(pool.submit(() -> {
                    try (barrier) {
                        barrier.meet();
                        return PartyRates.rates(s, threads, new int[threads.length], 3, barrier);
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get(50, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(12, log.size(), log.toString());
        for (int r = 0; r < 3; r++) {
            List<String> round = log.subList(4 * r, 4 * r + 4);
            List<String> p = r % 2 == 0 ? List.of("p 1", "p 2") : List.of("p 2", "p 1");
            assertEquals(p, round.subList(0, 2), "round " + r + ": " + log);
            assertTrue(round.subList(2, 4).containsAll(List.of("a 1", "b 1")), "round " + r + ": " + log);
        }
    }

    @Test
    void aTurnIsChecked() {
        for (String t : new String[] {"2/2", "-1/2", "1", "x/2", "0/0"}) {
            assertThrows(IllegalArgumentException.class, () -> Barrier.of(Path.of("b"), 2, t), t);
        }
        assertThrows(IllegalArgumentException.class, () -> Barrier.of(null, 2, "0/2"));
    }
}
