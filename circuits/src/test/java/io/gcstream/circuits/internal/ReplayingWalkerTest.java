package io.gcstream.circuits.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.testing.RandomCircuits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ReplayingWalkerTest {
    /** Each batch a sink gets, as a copy: the batch boundaries matter as much as the gates. */
    private static final class Batches implements GateSink {
        final List<int[]> batches = new ArrayList<>();

        @Override
        public void gates(int[] ops, int count) {
            batches.add(Arrays.copyOf(ops, 4 * count));
        }

        long gates() {
            return batches.stream().mapToLong(b -> b.length / 4).sum();
        }
    }

    private static Batches walked(Circuit c) throws IOException {
        Batches b = new Batches();
        new CircuitWalker(c).walk(b);
        return b;
    }

    private static void assertSameBatches(Batches want, Batches got, String what) {
        assertEquals(want.batches.size(), got.batches.size(), what + ": batches");
        for (int i = 0; i < want.batches.size(); i++) {
            assertTrue(Arrays.equals(want.batches.get(i), got.batches.get(i)), what + ": batch " + i);
        }
    }

    @Test
    void replaysExactlyTheBatchesOfAWalk() throws IOException {
        Random rnd = new Random(11);
        for (int t = 0; t < 20; t++) {
            Circuit c = RandomCircuits.generate(rnd, 1 + rnd.nextInt(4), 200 + rnd.nextInt(3000));
            Batches want = walked(c);
            ReplayingWalker w = new ReplayingWalker(c, 1 << 20);
            for (int pass = 0; pass < 3; pass++) {
                Batches got = new Batches();
                w.walk(got);
                assertSameBatches(want, got, "circuit " + t + ", pass " + pass);
                assertTrue(w.replays(), "circuit " + t + " is recorded after its first walk");
            }
        }
    }

    @Test
    void aWalkBeyondTheBudgetIsNotRecordedAndStillWalksTheCircuit() throws IOException {
        Circuit c = RandomCircuits.generate(new Random(12), 2, 3000);
        Batches want = walked(c);
        assertTrue(want.gates() > CircuitWalker.BATCH, "a walk of several batches");
        for (long budget : new long[] {0, 1, want.gates() - 1}) {
            ReplayingWalker w = new ReplayingWalker(c, budget);
            for (int pass = 0; pass < 2; pass++) {
                Batches got = new Batches();
                w.walk(got);
                assertSameBatches(want, got, "budget " + budget + ", pass " + pass);
                assertFalse(w.replays(), "budget " + budget + " holds less than the walk");
            }
        }
        ReplayingWalker exact = new ReplayingWalker(c, want.gates());
        exact.walk(new Batches());
        assertTrue(exact.replays(), "a budget of exactly the walk records it");
    }

    @Test
    void aFailedWalkKeepsNothingAndTheNextOneRecords() throws IOException {
        Circuit c = RandomCircuits.generate(new Random(13), 2, 3000);
        Batches want = walked(c);
        ReplayingWalker w = new ReplayingWalker(c, 1 << 20);
        int[] calls = {0};
        assertThrows(IllegalStateException.class, () -> w.walk((ops, count) -> {
            if (++calls[0] == 2) {
                throw new IllegalStateException("the sink fails");
            }
        }));
        assertFalse(w.replays());
        Batches got = new Batches();
        w.walk(got);
        assertSameBatches(want, got, "after a failed walk");
        assertTrue(w.replays());
        Batches again = new Batches();
        w.walk(again);
        assertSameBatches(want, again, "replay after a failed walk");
    }

    @Test
    void aNegativeBudgetIsRefused() {
        Circuit c = RandomCircuits.generate(new Random(14), 1, 10);
        assertThrows(IllegalArgumentException.class, () -> new ReplayingWalker(c, -1));
    }
}
