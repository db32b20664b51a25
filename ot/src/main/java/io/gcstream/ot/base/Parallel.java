package io.gcstream.ot.base;

import java.io.IOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Splits an index range over a few threads: the caller runs the first part, the others run on
 * a shared pool of daemon threads (created on demand, kept 60 s), so a warm session does not pay
 * for starting threads. The pool grows as needed, so both parties of a test in one JVM never
 * wait for each other's workers.
 */
final class Parallel {
    /** Work on indices [from, to). */
    interface Range {
        void run(int from, int to) throws IOException;
    }

    private static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "gcstream-baseot");
        t.setDaemon(true);
        return t;
    });

    private Parallel() {
    }

    /** Runs task on the pool and returns at once (for precomputations nobody waits for). */
    static void background(Runnable task) {
        POOL.execute(task);
    }

    /**
     * Runs body over [0, n) in min(threads, n) parts and waits for all. An exception of any part
     * is rethrown here (an {@link IOException} as itself), the first part's taking precedence.
     */
    static void forRange(int threads, int n, Range body) throws IOException {
        int t = Math.max(1, Math.min(threads, n));
        if (t == 1) {
            body.run(0, n);
            return;
        }
        @SuppressWarnings("unchecked")
        Future<Void>[] parts = new Future[t];
        for (int k = 1; k < t; k++) {
            int from = (int) ((long) n * k / t);
            int to = (int) ((long) n * (k + 1) / t);
            parts[k] = POOL.submit(() -> {
                body.run(from, to);
                return null;
            });
        }
        Throwable failure = null;
        try {
            body.run(0, n / t);
        } catch (IOException | RuntimeException e) {
            failure = e;
        }
        for (int k = 1; k < t; k++) {
            try {
                parts[k].get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for base-OT workers", e);
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = e.getCause();
                }
            }
        }
        if (failure instanceof IOException) {
            throw (IOException) failure;
        }
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure != null) {
            throw new IllegalStateException("base-OT worker failed: " + failure, failure);
        }
    }
}
