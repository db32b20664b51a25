package io.gcstream.ot.internal.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorkersTest {

    /** Every part of every job runs exactly once, and no thread index is used by two threads at once. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8})
    void everyPartRunsOnceAndThreadIndicesAreExclusive(int threads) {
        try (Workers w = new Workers(threads, "test")) {
            int[] busy = new int[threads];
            for (int job = 0; job < 20_000; job++) {
                int parts = 1 + job % 11;
                AtomicIntegerArray ran = new AtomicIntegerArray(parts);
                w.run((p, t) -> {
                    assertTrue(t >= 0 && t < threads, "thread index " + t);
                    synchronized (busy) {
                        assertEquals(0, busy[t], "thread index " + t + " used twice at once");
                        busy[t] = 1;
                    }
                    ran.incrementAndGet(p);
                    synchronized (busy) {
                        busy[t] = 0;
                    }
                }, parts);
                for (int p = 0; p < parts; p++) {
                    assertEquals(1, ran.get(p), "job " + job + " part " + p);
                }
            }
        }
    }

    @Test
    void aFailureOnAWorkerIsRethrownOnTheOwnerAndTheTeamStaysUsable() {
        try (Workers w = new Workers(2, "test")) {
            Workers.faultForTests((p, t) -> {
                throw new IllegalStateException("injected");
            });
            try {
                // A worker claims some part sooner or later: repeat until one did.
                WorkerException e = null;
                for (int i = 0; i < 100_000 && e == null; i++) {
                    try {
                        w.run((p, t) -> spin(2000), 2);
                    } catch (WorkerException x) {
                        e = x;
                    }
                }
                assertTrue(e != null, "no part ran on a worker");
                assertTrue(e.getMessage().startsWith("worker thread gcstream-test-1 failed: "
                        + "java.lang.IllegalStateException: injected"), e.getMessage());
            } finally {
                Workers.faultForTests(null);
            }
            int[] sum = {0};
            w.run((p, t) -> {
                synchronized (sum) {
                    sum[0] += p;
                }
            }, 4);
            assertEquals(6, sum[0]);
        }
    }

    /** A closed team measuring its jobs counts every job it runs or starts, with its time. */
    @Test
    void aMeasuringTeamCountsEveryJobAndItsTime() {
        try (Workers w = new Workers(2, "test")) {
            w.close();
            assertTrue(!w.measuring());
            w.measure(true);
            assertTrue(w.measuring());
            Workers.Job spin = (p, t) -> {
                long end = System.nanoTime() + 1_000_000;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait();
                }
            };
            w.run(spin, 2);
            w.start(spin, 3);
            w.finish();
            assertEquals(2, w.jobs());
            assertTrue(w.busyNanos() >= 5_000_000, w.busyNanos() + " ns");
            w.measure(false);
            assertTrue(!w.measuring());
            assertEquals(0, w.jobs());
        }
    }

    @Test
    void aFailureOnTheOwnerIsRethrownAsItself() {
        try (Workers w = new Workers(1, "test")) {
            IllegalArgumentException boom = new IllegalArgumentException("boom");
            assertSame(boom, assertThrows(IllegalArgumentException.class, () -> w.run((p, t) -> {
                throw boom;
            }, 3)));
        }
    }

    @Test
    void closeStopsEveryWorkerAndLaterJobsRunOnTheOwner() {
        Workers w = new Workers(4, "test");
        w.wake();
        w.run((p, t) -> spin(1000), 8);
        w.close();
        assertEquals(0, w.liveWorkers());
        int[] owner = {0};
        w.run((p, t) -> owner[0] += t == 0 ? 1 : 100, 5);
        assertEquals(5, owner[0]);
        assertEquals(0, w.liveWorkers());
    }

    /**
     * A worker started for a job helps with that job: the team's first job (the only one, for a
     * team made for one piece of work) is not left to the owner. Each part on the owner waits
     * for a part on a worker, at most a few seconds; with no worker helping, every part runs on
     * the owner.
     */
    @Test
    void aWorkerStartedForAJobHelpsWithIt() throws Exception {
        for (int round = 0; round < 3; round++) {
            java.util.concurrent.CountDownLatch workerRan = new java.util.concurrent.CountDownLatch(1);
            boolean[] onWorker = new boolean[2];
            try (Workers w = new Workers(2, "test")) {
                w.run((p, t) -> {
                    if (t != 0) {
                        onWorker[p] = true;
                        workerRan.countDown();
                        return;
                    }
                    try {
                        workerRan.await(5, java.util.concurrent.TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }, 2);
            }
            assertTrue(onWorker[0] || onWorker[1], "round " + round + ": the team's first job ran on the owner alone");
        }
    }

    /**
     * A thread that waits, a worker for its next job or the owner for a part a worker holds,
     * busy-waits at most {@link Spin#LIMIT} steps and then parks: on a machine whose other core
     * is taken, a longer spin burns the time slice of the thread it waits for. The hand-off
     * wakes it again, so every job still completes.
     */
    @Test
    void waitingThreadsSpinBrieflyThenPark() throws Exception {
        Spin.resetForTests();
        int[] onWorker = {0};
        try (Workers w = new Workers(2, "test")) {
            for (int job = 0; job < 40; job++) {
                java.util.concurrent.CountDownLatch workerStarted = new java.util.concurrent.CountDownLatch(1);
                int[] ran = {0};
                w.run((p, t) -> {
                    if (t != 0) {
                        onWorker[0]++;
                        workerStarted.countDown();
                        // The owner, done with its part, waits for this one.
                        LockSupport.parkNanos(1_000_000);
                    } else {
                        try {
                            workerStarted.await(5, java.util.concurrent.TimeUnit.SECONDS);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                    synchronized (ran) {
                        ran[0]++;
                    }
                }, 2);
                assertEquals(2, ran[0]);
                // Nothing to do for a while: the worker waits for the next job.
                LockSupport.parkNanos(1_000_000);
            }
        }
        assertTrue(onWorker[0] > 0, "no part ran on the worker");
        assertTrue(Spin.longestForTests() <= Spin.LIMIT, "a waiting thread spun " + Spin.longestForTests()
                + " steps before it parked, more than " + Spin.LIMIT);
    }

    @Test
    void threadsOutOfRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Workers(0, "x"));
        assertThrows(IllegalArgumentException.class, () -> new Workers(Workers.MAX_THREADS + 1, "x"));
    }

    private static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
