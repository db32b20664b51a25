package io.gcstream.engine.testutil;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Checks on the engine's background warm-up threads. */
public final class BackgroundThreads {
    private BackgroundThreads() {
    }

    /**
     * Every live thread named {@code name} is a daemon (it must not keep a JVM alive) and ends
     * within 30 s.
     */
    public static void assertDaemonsFinish(String name) throws InterruptedException {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals(name)) {
                assertTrue(t.isDaemon(), name + " must not keep a JVM alive");
                t.join(30_000);
                assertFalse(t.isAlive(), name + " finishes");
            }
        }
    }
}
