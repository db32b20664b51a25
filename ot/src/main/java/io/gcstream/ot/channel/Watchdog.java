package io.gcstream.ot.channel;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One daemon thread for the whole JVM that checks every watched {@link SocketGuard} each
 * {@link #TICK_MILLIS} ms and closes the sockets of calls blocked past their deadlines. It
 * sleeps while nothing is watched. A deadline is thus enforced within one tick; the checks
 * cost nothing per read or write beyond two volatile writes.
 */
final class Watchdog {
    /** Resolution of the deadlines it enforces. */
    static final long TICK_MILLIS = 50;

    private static final Set<SocketGuard> GUARDS = ConcurrentHashMap.newKeySet();
    private static final Object LOCK = new Object();
    private static Thread thread;

    private Watchdog() {
    }

    static void watch(SocketGuard g) {
        GUARDS.add(g);
        synchronized (LOCK) {
            if (thread == null) {
                thread = new Thread(Watchdog::loop, "gcstream-channel-watchdog");
                thread.setDaemon(true);
                thread.start();
            }
            LOCK.notifyAll();
        }
    }

    static void unwatch(SocketGuard g) {
        GUARDS.remove(g);
    }

    /** Number of guards watched (for tests). */
    static int watched() {
        return GUARDS.size();
    }

    private static void loop() {
        while (true) {
            try {
                synchronized (LOCK) {
                    while (GUARDS.isEmpty()) {
                        LOCK.wait();
                    }
                }
                Thread.sleep(TICK_MILLIS);
                long now = System.nanoTime();
                for (SocketGuard g : GUARDS) {
                    g.check(now);
                    if (g.done()) {
                        // Closed without release() (e.g. a leaked channel): stop watching it.
                        GUARDS.remove(g);
                    }
                }
            } catch (InterruptedException e) {
                // Nobody else owns this thread: keep watching.
            } catch (RuntimeException e) {
                // A guard must never stop the thread that protects all the others.
            }
        }
    }
}
