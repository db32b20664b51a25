package io.gcstream.ot.internal.base;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Splits an index range over a few threads: the caller and up to threads - 1 workers from a
 * shared pool of daemon threads (created on demand, kept 60 s, so a warm session starts none)
 * claim chunks of the range one at a time until none is left. The caller waits only for chunks
 * that were claimed, never for a worker to start: on a busy machine a late worker finds nothing
 * left and the caller has done the work alone. The pool grows as needed, so both parties of a
 * test in one JVM never wait for each other's workers.
 */
final class Parallel {
    /** Work on indices [from, to). */
    interface Range {
        void run(int from, int to) throws IOException;
    }

    /** Chunks per thread: small enough to balance, large enough to batch work within a chunk. */
    private static final int CHUNKS_PER_THREAD = 4;

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
     * Runs body over [0, n) in chunks on up to {@code threads} threads (this one included) and
     * returns when every chunk is done. After a failure no further chunk starts; the first
     * exception is rethrown here (an {@link IOException} as itself).
     */
    static void forRange(int threads, int n, Range body) throws IOException {
        int t = Math.max(1, Math.min(threads, n));
        if (t == 1) {
            body.run(0, n);
            return;
        }
        int chunk = Math.max(1, (n + CHUNKS_PER_THREAD * t - 1) / (CHUNKS_PER_THREAD * t));
        int chunks = (n + chunk - 1) / chunk;
        AtomicInteger next = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(chunks);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Runnable claim = () -> {
            for (int c; (c = next.getAndIncrement()) < chunks; done.countDown()) {
                if (failure.get() != null) {
                    continue;
                }
                try {
                    body.run(c * chunk, Math.min(n, (c + 1) * chunk));
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }
        };
        for (int k = 1; k < t; k++) {
            POOL.execute(claim);
        }
        claim.run();
        try {
            done.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for base-OT workers", e);
        }
        Throwable e = failure.get();
        if (e instanceof IOException) {
            throw (IOException) e;
        }
        if (e instanceof RuntimeException) {
            throw (RuntimeException) e;
        }
        if (e instanceof Error) {
            throw (Error) e;
        }
    }
}
