package io.gcstream.benchmarks.party;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        PartyRates.rates(s, new int[] {1, 2, 4}, new int[] {3, 3, 3}, 3);
        assertEquals(List.of(1, 2, 4, 4, 2, 1, 1, 2, 4), s.calls);
    }

    /** Warm-up runs come first, with every thread count, and none of their times is a rate. */
    @Test
    void warmUpRunsAreNotTimed() throws Exception {
        Compiling s = new Compiling();
        PartyRates.warmUp(s, new int[] {1, 2}, new int[] {3, 3}, 1, 0);
        double[][] r = PartyRates.rates(s, new int[] {1, 2}, new int[] {3, 3}, 3);
        assertEquals(List.of(1, 2, 1, 2, 2, 1, 1, 2), s.calls);
        assertArrayEquals(new double[] {1e9, 1e9, 1e9}, r[0], 1e-3);
        assertArrayEquals(new double[] {2e9, 2e9, 2e9}, r[1], 1e-3);

        Compiling cold = new Compiling();
        double[][] c = PartyRates.rates(cold, new int[] {1, 2}, new int[] {3, 3}, 3);
        assertEquals(1e8, c[0][0], 1e-3, "without a warm-up the first round is timed while it compiles");
    }

    /** A warm-up of some seconds goes on, whole rounds of every thread count, until they have passed. */
    @Test
    void warmUpLastsItsSeconds() throws Exception {
        Compiling s = new Compiling();
        long t0 = System.nanoTime();
        PartyRates.warmUp(s, new int[] {1, 2}, new int[] {3, 3}, 1, 1);
        assertTrue(System.nanoTime() - t0 >= 1_000_000_000L, "the warm-up ended before its second");
        assertTrue(s.calls.size() > 2, "only the one round asked for: " + s.calls.size() + " runs");
        assertEquals(0, s.calls.size() % 2, "a round ended part way: " + s.calls.size() + " runs");
    }
}
