package io.gcstream.ot.internal.parallel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link RunQueues}: the procfs lines it reads, and the readings of a live thread on Linux. */
class RunQueuesTest {
    private static byte[] line(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void readsTheRunDelayAndTheRunnableCount() throws IOException {
        byte[] s = line("146249404 8746574 299\n");
        assertEquals(8_746_574L, RunQueues.runDelay(s, s.length));
        byte[] z = line("994254 0 1\n");
        assertEquals(0L, RunQueues.runDelay(z, z.length));
        byte[] l = line("0.88 1.28 0.73 3/79 4143\n");
        assertEquals(3, RunQueues.runnable(l, l.length));
    }

    @Test
    void aLineItCannotReadIsAnError() {
        for (String bad : new String[] {"146249404\n", "146249404 \n", "1 x2 3\n", "1 99999999999999999999 3\n"}) {
            byte[] b = line(bad);
            assertThrows(IOException.class, () -> RunQueues.runDelay(b, b.length), bad);
        }
        for (String bad : new String[] {"0.88 1.28 0.73\n", "0.88 1.28 0.73 /79 1\n", "0.88 1.28 0.73 a/79 1\n"}) {
            byte[] b = line(bad);
            assertThrows(IOException.class, () -> RunQueues.runnable(b, b.length), bad);
        }
    }

    @Test
    void aThreadItCannotNameGivesNoReadings() {
        assertNull(RunQueues.open((String) null));
        assertNull(RunQueues.open(""));
        assertNull(RunQueues.open("../1"));
        assertNull(RunQueues.open("\u0661"));
        assertNull(RunQueues.open("999999999"));
    }

    @Test
    void aLiveThreadsRunDelayIsReadAndNeverFalls() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "Linux procfs");
        AtomicReference<String> id = new AtomicReference<>();
        Thread t = new Thread(() -> {
            id.set(RunQueues.currentThreadId());
            long end = System.nanoTime() + 200_000_000L;
            while (System.nanoTime() < end) {
                Thread.onSpinWait();
            }
        });
        t.start();
        while (id.get() == null && t.isAlive()) {
            Thread.onSpinWait();
        }
        try (RunQueues q = RunQueues.open(RunQueues.currentThreadId(), id.get())) {
            assertNotNull(q);
            long before = q.runDelayNanos(1);
            long mine = q.runDelayNanos(0);
            Thread.sleep(50);
            assertTrue(q.runDelayNanos(1) >= before);
            assertTrue(q.runDelayNanos(0) >= mine);
            assertTrue(q.othersRunnable() >= 0);
        } finally {
            t.join();
        }
    }
}
