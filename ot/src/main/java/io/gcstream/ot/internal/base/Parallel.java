package io.gcstream.ot.internal.base;

import io.gcstream.ot.internal.parallel.WorkerException;
import io.gcstream.ot.internal.parallel.Workers;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Splits an index range of base-OT work over a {@link Workers} team of a few threads, the caller
 * included: the range is cut into chunks, which the threads claim one at a time until none is
 * left. The caller waits only for chunks that were claimed, never for a worker to start: on a
 * busy machine a late worker finds nothing left and the caller has done the work alone. The
 * team lives for one call, so no thread outlives the work, and each party of a test in one JVM
 * has its own.
 */
final class Parallel {
    /** Work on indices [from, to). */
    interface Range {
        void run(int from, int to) throws IOException;
    }

    /** Chunks per thread: small enough to balance, large enough to batch work within a chunk. */
    private static final int CHUNKS_PER_THREAD = 4;

    private Parallel() {
    }

    /**
     * Runs {@code task} on a daemon thread of its own and returns at once (for a precomputation
     * nobody waits for).
     */
    static void background(Runnable task) {
        Thread t = new Thread(task, "gcstream-baseot");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Runs body over [0, n) in chunks on up to {@code threads} threads (this one included, at
     * most {@link Workers#MAX_THREADS}) and returns when every chunk is done. After a failure no
     * further chunk starts; the first exception is rethrown here as itself.
     */
    static void forRange(int threads, int n, Range body) throws IOException {
        int t = Math.max(1, Math.min(Math.min(threads, Workers.MAX_THREADS), n));
        if (t == 1) {
            body.run(0, n);
            return;
        }
        int chunk = Math.max(1, (n + CHUNKS_PER_THREAD * t - 1) / (CHUNKS_PER_THREAD * t));
        int chunks = (n + chunk - 1) / chunk;
        AtomicBoolean failed = new AtomicBoolean();
        AtomicReference<IOException> io = new AtomicReference<>();
        Workers.Job job = (part, thread) -> {
            if (failed.get()) {
                return;
            }
            try {
                body.run(part * chunk, Math.min(n, (part + 1) * chunk));
            } catch (IOException e) {
                failed.set(true);
                io.compareAndSet(null, e);
            } catch (RuntimeException | Error e) {
                failed.set(true);
                throw e;
            }
        };
        try (Workers team = new Workers(t, "baseot")) {
            team.run(job, chunks);
        } catch (WorkerException e) {
            // A worker's failure as if it had happened on this thread.
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
        if (io.get() != null) {
            throw io.get();
        }
    }
}
