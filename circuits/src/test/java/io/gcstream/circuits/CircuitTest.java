package io.gcstream.circuits;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.gcstream.circuits.testing.RandomCircuits;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CircuitTest {
    /**
     * The hash asked for by several threads at once (the CLI starts one in the background while
     * the session asks too) is computed in one pass over the body, and every caller gets it.
     */
    @Test
    void hashAskedConcurrentlyIsComputedOnce() throws Exception {
        Circuit c = RandomCircuits.generate(new Random(5), 3, 4000);
        byte[] expected = c.hash();
        AtomicInteger opens = new AtomicInteger();
        Circuit counted = new Circuit(c.creatorInputs(), c.evaluatorInputs(), c.creatorOutputs(),
                c.evaluatorOutputs(), c.numSlots(), c.subCircuits(), c.instructionCount(), c.gateCount(),
                c.nonLinearCount(), c.labelSlots(), () -> {
                    opens.incrementAndGet();
                    try {
                        Thread.sleep(50); // a slow file: the other callers arrive while this one reads
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return c.openBody();
                }, null);
        int threads = 4;
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<byte[]>> hashes = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                hashes.add(pool.submit(() -> {
                    go.await();
                    return counted.hash();
                }));
            }
            go.countDown();
            for (Future<byte[]> h : hashes) {
                assertArrayEquals(expected, h.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, opens.get(), "passes over the body");
        counted.hash()[0] ^= 1; // callers get copies
        assertArrayEquals(expected, counted.hash());
    }
}
