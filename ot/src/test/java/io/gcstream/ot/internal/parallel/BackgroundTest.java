package io.gcstream.ot.internal.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

class BackgroundTest {

    /** Tasks run one at a time, in order, on the background thread, each after the one before. */
    @Test
    void tasksRunInOrderOneAtATimeOffTheOwnersThread() {
        try (Background b = new Background("test")) {
            long[] seen = new long[1];
            Thread owner = Thread.currentThread();
            for (int i = 0; i < 10_000; i++) {
                int k = i;
                b.submit(() -> {
                    assertNotEquals(owner, Thread.currentThread());
                    assertEquals(k, seen[0]);
                    seen[0]++;
                });
            }
            b.await();
            assertEquals(10_000, seen[0]);
        }
    }

    /** The owner waiting for a long task busy-waits at most {@link Spin#LIMIT} steps, then parks until it ends. */
    @Test
    void anOwnerWaitingForATaskSpinsBrieflyThenParks() {
        Spin.resetForTests();
        try (Background b = new Background("test")) {
            boolean[] done = {false};
            for (int i = 0; i < 20; i++) {
                b.submit(() -> java.util.concurrent.locks.LockSupport.parkNanos(1_000_000));
            }
            b.submit(() -> done[0] = true);
            b.await();
            assertTrue(done[0]);
        }
        assertTrue(Spin.longestForTests() <= Spin.LIMIT, "the owner spun " + Spin.longestForTests() + " steps");
    }

    @Test
    void aFailureIsRethrownByTheNextCallAndThenForgotten() {
        try (Background b = new Background("test")) {
            UncheckedIOException boom = new UncheckedIOException(new IOException("peer gone"));
            b.submit(() -> {
                throw boom;
            });
            assertSame(boom, assertThrows(UncheckedIOException.class, b::await));
            b.submit(() -> {
                throw new IOException("checked");
            });
            WorkerException w = assertThrows(WorkerException.class, () -> b.submit(() -> { }));
            assertTrue(w.getCause() instanceof IOException);
            b.await();
        }
    }

    @Test
    void closeEndsTheThreadAndLaterTasksRunOnTheOwner() {
        Background b = new Background("test-close");
        boolean[] ran = new boolean[1];
        b.submit(() -> ran[0] = true);
        b.await();
        assertTrue(ran[0]);
        b.close();
        assertEquals(0, TestThreads.named("test-close"), "the background thread ended");
        Thread owner = Thread.currentThread();
        b.submit(() -> assertEquals(owner, Thread.currentThread()));
        b.await();
        b.close();
    }
}
