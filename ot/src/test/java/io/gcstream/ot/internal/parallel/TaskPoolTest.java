package io.gcstream.ot.internal.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link TaskPool}: tasks are taken in the order submitted, by at most its threads, each
 * task by whichever is free, and at most its capacity wait; idle threads end and come back
 * with the next task; closing runs what is left on the owner and ends the threads.
 */
class TaskPoolTest {

    @Test
    void idleThreadsEndAndTheNextTaskStartsThemAgain() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            // This pool's threads by name: other tests' idle workers may end (or start) meanwhile.
            String name = "test-pool-idle";
            AtomicInteger ran = new AtomicInteger();
            try (TaskPool pool = new TaskPool(name, 2, 2)) {
                for (int round = 1; round <= 2; round++) {
                    pool.submit(ran::incrementAndGet);
                    pool.submit(ran::incrementAndGet);
                    while (ran.get() < 2 * round) {
                        Thread.onSpinWait();
                    }
                    assertTrue(TestThreads.named(name) > 0, "round " + round + ": the pool's threads run");
                    long end = System.nanoTime() + 3 * Workers.IDLE_EXIT_NANOS;
                    while (TestThreads.named(name) > 0 && System.nanoTime() < end) {
                        Thread.sleep(20);
                    }
                    assertEquals(0, TestThreads.named(name), "round " + round + ": idle threads ended");
                }
            }
        });
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 2})
    void tasksAreTakenInOrderByFreeThreads(int threads) throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            Set<Thread> seen = ConcurrentHashMap.newKeySet();
            List<Integer> started = new CopyOnWriteArrayList<>();
            AtomicInteger done = new AtomicInteger();
            try (TaskPool pool = new TaskPool("test-pool", threads, 3)) {
                assertEquals(threads, pool.threads());
                for (int i = 0; i < 3000; i++) {
                    int k = i;
                    // At most 3 wait: the owner waits until the task 3 before has been taken.
                    while (started.size() < i - 2) {
                        Thread.onSpinWait();
                    }
                    pool.submit(() -> {
                        started.add(k);
                        seen.add(Thread.currentThread());
                        done.incrementAndGet();
                    });
                }
                while (done.get() < 3000) {
                    Thread.onSpinWait();
                }
            }
            assertEquals(3000, started.size());
            if (threads == 1) {
                for (int i = 0; i < started.size(); i++) {
                    assertEquals(i, started.get(i), "taken out of order");
                }
            }
            assertTrue(seen.size() <= threads, seen.size() + " threads");
            assertTrue(seen.stream().noneMatch(t -> t == Thread.currentThread()), "a task ran on the owner");
        });
    }

    @Test
    void aFullQueueIsRefusedAndCloseRunsWhatIsLeft() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            int before = Workers.liveThreads();
            CountDownLatch hold = new CountDownLatch(1);
            AtomicInteger ran = new AtomicInteger();
            TaskPool pool = new TaskPool("test-pool-full", 1, 2);
            pool.submit(() -> {
                try {
                    hold.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                ran.incrementAndGet();
            });
            // The thread takes the first; two more wait, a third is refused.
            while (Workers.liveThreads() == before) {
                Thread.onSpinWait();
            }
            Thread.sleep(50);
            pool.submit(ran::incrementAndGet);
            pool.submit(ran::incrementAndGet);
            assertThrows(IllegalStateException.class, () -> pool.submit(ran::incrementAndGet));
            hold.countDown();
            pool.close();
            assertEquals(3, ran.get(), "every task submitted ran");
            pool.submit(ran::incrementAndGet);
            assertEquals(4, ran.get(), "after close a task runs on the owner");
            assertEquals(before, Workers.liveThreads(), "the pool's thread ended");
        });
    }

    /**
     * The owner runs the oldest task no thread has taken, on its own thread, only if it accepts
     * it; a task it ran is not run again, and the pool's thread takes the next one.
     */
    @Test
    void theOwnerRunsTheOldestQueuedTaskItAccepts() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            CountDownLatch blocked = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            List<String> ran = new CopyOnWriteArrayList<>();
            Thread owner = Thread.currentThread();
            try (TaskPool pool = new TaskPool("test-pool-owner", 1, 3)) {
                assertTrue(!pool.runQueued(t -> true), "nothing queued: nothing runs");
                pool.submit(() -> {
                    blocked.countDown();
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
                blocked.await();
                Runnable a = () -> ran.add("a" + (Thread.currentThread() == owner ? " on the owner" : ""));
                Runnable b = () -> ran.add("b" + (Thread.currentThread() == owner ? " on the owner" : ""));
                pool.submit(a);
                pool.submit(b);
                assertTrue(!pool.runQueued(t -> t == b), "b is not the oldest queued");
                assertTrue(pool.runQueued(t -> t == a));
                assertEquals(List.of("a on the owner"), ran);
                release.countDown();
                while (ran.size() < 2) {
                    Thread.onSpinWait();
                }
                Thread.sleep(20);
                assertEquals(List.of("a on the owner", "b"), ran, "the pool's thread took b, and a only once");
            }
        });
    }
}
