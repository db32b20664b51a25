package io.gcstream.ot.base;

import java.util.ArrayList;
import java.util.List;

/** Splits an index range over a few short-lived threads (the caller runs the first part). */
final class Parallel {
    /** Work on indices [from, to). */
    interface Range {
        void run(int from, int to) throws Exception;
    }

    private Parallel() {
    }

    static void forRange(int threads, int n, Range body) {
        int t = Math.max(1, Math.min(threads, n));
        if (t == 1) {
            call(body, 0, n);
            return;
        }
        List<Thread> workers = new ArrayList<>();
        Throwable[] failure = new Throwable[t];
        for (int k = 1; k < t; k++) {
            int from = (int) ((long) n * k / t);
            int to = (int) ((long) n * (k + 1) / t);
            int slot = k;
            Thread th = new Thread(() -> {
                try {
                    body.run(from, to);
                } catch (Throwable e) {
                    failure[slot] = e;
                }
            }, "gcstream-baseot-" + k);
            th.setDaemon(true);
            th.start();
            workers.add(th);
        }
        try {
            call(body, 0, n / t);
        } catch (RuntimeException e) {
            failure[0] = e;
        }
        for (Thread th : workers) {
            try {
                th.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for base-OT workers", e);
            }
        }
        for (Throwable e : failure) {
            if (e != null) {
                if (e instanceof RuntimeException) {
                    throw (RuntimeException) e;
                }
                throw new IllegalStateException("base-OT worker failed: " + e, e);
            }
        }
    }

    private static void call(Range body, int from, int to) {
        try {
            body.run(from, to);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }
}
