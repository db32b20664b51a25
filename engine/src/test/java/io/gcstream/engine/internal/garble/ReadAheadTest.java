package io.gcstream.engine.internal.garble;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.ReplayingWalker;
import io.gcstream.circuits.testing.RandomCircuits;
import io.gcstream.ot.internal.parallel.Spin;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class ReadAheadTest {

    private static List<int[]> batches(Circuit c, ReadAhead r) throws IOException {
        List<int[]> out = new ArrayList<>();
        ReplayingWalker w = new ReplayingWalker(c, 0);
        if (r == null) {
            w.walk((ops, n) -> out.add(Arrays.copyOf(ops, 4 * n)));
        } else {
            r.walk(w, (ops, n) -> out.add(Arrays.copyOf(ops, 4 * n)));
        }
        return out;
    }

    /** The gate loop gets the walker's batches, in order, however slow either side is. */
    @Test
    void theLoopGetsTheWalkersBatchesInOrder() throws Exception {
        Random r = new Random(3);
        try (ReadAhead ahead = new ReadAhead("test")) {
            for (int k = 0; k < 10; k++) {
                Circuit c = RandomCircuits.parted(r, 1 + r.nextInt(6), 100 + r.nextInt(200));
                List<int[]> want = batches(c, null);
                List<int[]> got = batches(c, ahead);
                assertEquals(want.size(), got.size());
                for (int b = 0; b < want.size(); b++) {
                    assertArrayEquals(want.get(b), got.get(b), "batch " + b);
                }
                // A slow loop: the walker waits for ring space.
                List<int[]> slow = new ArrayList<>();
                ahead.walk(new ReplayingWalker(c, 0), (ops, n) -> {
                    slow.add(Arrays.copyOf(ops, 4 * n));
                    spin(20_000);
                });
                assertEquals(want.size(), slow.size());
            }
        }
    }

    /**
     * A walker waiting for a slow gate loop, and a loop waiting for the walker, busy-wait at
     * most {@link Spin#LIMIT} steps, then park until the other hands over.
     */
    @Test
    void eitherSideWaitsBrieflyThenParks() throws Exception {
        Circuit c = RandomCircuits.parted(new Random(6), 4, 400);
        List<int[]> want = batches(c, null);
        Spin.resetForTests();
        try (ReadAhead ahead = new ReadAhead("test")) {
            List<int[]> slowLoop = new ArrayList<>();
            ahead.walk(new ReplayingWalker(c, 0), (ops, n) -> {
                slowLoop.add(Arrays.copyOf(ops, 4 * n));
                LockSupport.parkNanos(300_000);
            });
            assertEquals(want.size(), slowLoop.size());
            // A loop that takes batches as they come waits for the walker, whose thread starts first.
            for (int k = 0; k < 20; k++) {
                List<int[]> fast = new ArrayList<>();
                ahead.walk(new ReplayingWalker(c, 0), (ops, n) -> fast.add(ops));
                assertEquals(want.size(), fast.size());
                LockSupport.parkNanos(1_000_000);
            }
        }
        assertTrue(Spin.longestForTests() <= Spin.LIMIT, "a side spun " + Spin.longestForTests() + " steps");
    }

    /** A failing gate loop stops the walker and is thrown as itself; the read-ahead stays usable. */
    @Test
    void aFailureOfTheLoopStopsTheWalkerAndIsThrownAsItself() throws Exception {
        Circuit c = RandomCircuits.parted(new Random(4), 4, 400);
        try (ReadAhead ahead = new ReadAhead("test")) {
            UncheckedIOException boom = new UncheckedIOException(new IOException("peer gone"));
            int[] calls = {0};
            assertSame(boom, assertThrows(UncheckedIOException.class, () -> ahead.walk(new ReplayingWalker(c, 0),
                    (ops, n) -> {
                        if (++calls[0] == 2) {
                            throw boom;
                        }
                    })));
            assertEquals(batches(c, null).size(), batches(c, ahead).size());
        }
    }

    @Test
    void closeEndsTheThread() throws Exception {
        int before = Workers.liveThreads();
        ReadAhead ahead = new ReadAhead("test");
        batches(RandomCircuits.parted(new Random(5), 3, 200), ahead);
        ahead.close();
        assertEquals(before, Workers.liveThreads());
        assertTrue(batches(RandomCircuits.parted(new Random(5), 3, 200), ahead).size() > 0, "usable after close, on the caller");
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
