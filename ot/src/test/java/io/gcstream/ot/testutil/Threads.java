package io.gcstream.ot.testutil;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A shared pool of daemon threads for two-party tests. (The common ForkJoin pool has one thread
 * on a 2-core machine, so two blocking parties on it would starve each other.)
 */
public final class Threads {
    public static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "test-party");
        t.setDaemon(true);
        return t;
    });

    private Threads() {
    }
}
