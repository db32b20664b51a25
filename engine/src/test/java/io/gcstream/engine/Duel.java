package io.gcstream.engine;

import io.gcstream.circuits.Party;
import io.gcstream.ot.channel.Channel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Test helper: the two parties of a session as two processes would be. Each runs its script on
 * a thread of its own and, when the script returns or throws, closes its connection, as
 * {@code gc} does when it exits. Both are waited for at most a limit; a party still running
 * then is reported as hung (its thread is interrupted and its channel closed, so that no thread
 * outlives the call).
 */
final class Duel {
    /** A party's work on its session. */
    interface Script<T> {
        T run(GcSession s) throws Exception;
    }

    /** How one party ended: its script's value or error, and how long it ran. */
    record Side<T>(T value, Throwable error, long nanos, boolean hung) {
        boolean ok() {
            return error == null;
        }

        Duration elapsed() {
            return Duration.ofNanos(nanos);
        }
    }

    /** Thread names start with this, so that a test can look for threads left behind. */
    static final String THREAD_PREFIX = "duel-";

    private Duel() {
    }

    /** A pool of {@code n} daemon threads named with {@link #THREAD_PREFIX}, to run cases side by side. */
    static java.util.concurrent.ExecutorService pool(int n) {
        java.util.concurrent.atomic.AtomicInteger k = new java.util.concurrent.atomic.AtomicInteger();
        return java.util.concurrent.Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, THREAD_PREFIX + "pool-" + k.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Live threads whose names start with {@link #THREAD_PREFIX}: party threads or pools left
     * behind. A pool's worker may still be alive for a moment after the pool has terminated
     * (the thread exits after its last task), so this waits up to 10 s for such threads to end.
     */
    static List<String> liveThreads() throws InterruptedException {
        long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        List<String> live = live();
        while (!live.isEmpty() && System.nanoTime() < until) {
            Thread.sleep(20);
            live = live();
        }
        return live;
    }

    private static List<String> live() {
        List<String> out = new java.util.ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && t.getName().startsWith(THREAD_PREFIX)) {
                out.add(t.getName());
            }
        }
        return out;
    }

    /**
     * Runs {@code creatorScript} on {@code creator} (which uses {@code creatorChannel}) and
     * {@code evaluatorScript} on {@code evaluator} concurrently; returns [creator, evaluator].
     * When this returns, both threads have ended.
     */
    static <T> List<Side<T>> run(String name, Duration limit, GcSession creator, Channel creatorChannel,
            Script<T> creatorScript, GcSession evaluator, Channel evaluatorChannel, Script<T> evaluatorScript)
            throws InterruptedException {
        Party<T> c = new Party<>(THREAD_PREFIX + name + "-creator", creator, creatorChannel, creatorScript);
        Party<T> e = new Party<>(THREAD_PREFIX + name + "-evaluator", evaluator, evaluatorChannel, evaluatorScript);
        c.thread.start();
        e.thread.start();
        long end = System.nanoTime() + limit.toNanos();
        c.thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
        e.thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(end - System.nanoTime())));
        return List.of(c.finish(), e.finish());
    }

    private static final class Party<T> implements Runnable {
        final Thread thread;
        private final GcSession session;
        private final Channel channel;
        private final Script<T> script;
        private volatile T value;
        private volatile Throwable error;
        private volatile long nanos;

        Party(String name, GcSession session, Channel channel, Script<T> script) {
            this.session = session;
            this.channel = channel;
            this.script = script;
            this.thread = new Thread(this, name);
            this.thread.setDaemon(true);
        }

        @Override
        public void run() {
            long t0 = System.nanoTime();
            try {
                value = script.run(session);
            } catch (Throwable t) {
                error = t;
            } finally {
                nanos = System.nanoTime() - t0;
                close();
            }
        }

        private void close() {
            try {
                channel.close();
            } catch (Exception ignored) {
                // The process would be gone: nothing to report.
            }
        }

        Side<T> finish() throws InterruptedException {
            if (!thread.isAlive()) {
                return new Side<>(value, error, nanos, false);
            }
            thread.interrupt();
            close();
            thread.join(10_000);
            return new Side<>(null, new AssertionError(thread.getName() + " hung"), Long.MAX_VALUE, true);
        }
    }
}
