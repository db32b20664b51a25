package io.gcstream.ot.internal.parallel;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A team of threads that computes batch-sized jobs together with the thread that owns it: the
 * owner calls {@link #run(Job, int)}, which splits a job into parts, lets the workers and the
 * owner claim parts until none is left, and returns when every claimed part is done. For the
 * hot loops of OT extension and garbling: a hand-off costs a few cache-line transfers and no
 * allocation, and nothing is done per gate or per OT.
 *
 * <p><b>Hand-off.</b> A worker that has just finished a part spins at most {@link Spin#LIMIT}
 * times (a few microseconds) waiting for the next job, then parks; {@link #run} and
 * {@link #wake()} unpark parked workers. Parts are claimed, never assigned: a worker that is
 * late (parked, or descheduled on a machine whose cores are busy) finds the parts taken and the
 * owner has done the work alone, so a team never makes its owner wait for a thread that has not
 * started. The owner waits only for parts a worker has claimed, spinning as briefly and then
 * parked until that worker wakes it: no waiting thread holds a core for longer than a
 * hand-off, which on a machine whose other core is busy is the core the thread it waits for
 * needs.
 *
 * <p><b>Lifetime.</b> Workers start on the first job, are daemon threads, stop by themselves
 * after {@link #IDLE_EXIT_NANOS} without work (and start again on the next job), and stop at
 * {@link #close()}, which waits for them. After {@link #close()} jobs run on the owner alone.
 *
 * <p><b>Failures.</b> A part that throws does not stop the other parts of its job; the first
 * failure is rethrown by {@link #run} on the owner's thread once the job is done (wrapped in
 * a {@link WorkerException} naming the thread, if it happened on a worker), so an owner's
 * caller sees it exactly as a failure of its own thread.
 *
 * <p>Only the owner may call {@link #run} and {@link #wake}; {@link #close} may be called from
 * any thread. One team per owner (a session, an OT extension).
 */
public final class Workers implements AutoCloseable {
    /** A job split into parts, each run by one thread of the team. */
    @FunctionalInterface
    public interface Job {
        /**
         * Runs part {@code part} of the job on the team's thread {@code thread} (0 is the owner,
         * 1 .. threads-1 the workers): per-thread resources (a cipher, scratch) are indexed by
         * {@code thread}, the work by {@code part}.
         */
        void run(int part, int thread);
    }

    /**
     * Longest a parked thread sleeps before it looks again: its wake-up is an unpark by the
     * thread it waits for, this only bounds a wait should one be missed.
     */
    static final long PARK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** How long a worker waits without work before its thread ends. */
    public static final long IDLE_EXIT_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** Most threads in a team. */
    public static final int MAX_THREADS = 64;
    /** Most parts of a job. */
    public static final int MAX_PARTS = 0xffff;

    private static final int RUNNING = 0;
    private static final int PARKED = 1;
    private static final int EXITED = 2;

    /** Tests only: runs before every part on a worker thread (see {@link #faultForTests}). */
    private static volatile Job testFault;
    /** Worker threads of all teams (and {@link Background} threads) that have started and not ended. */
    static final AtomicInteger LIVE = new AtomicInteger();

    private final int threads;
    private final String name;
    private final Worker[] workers;

    // The current job: written by the owner before it publishes seq, read after reading seq.
    private Job job;
    /** Parts of the started job; 0 when no job is out. */
    private int parts;
    /**
     * The job's sequence number in the high 32 bits, its parts in the next 16, its next
     * unclaimed part in the low 16: one word, so a claim checks the job and its number of parts
     * in the same compare-and-set (a worker late for a job must never claim a part of the next).
     */
    private final AtomicLong claim = new AtomicLong();
    private final AtomicInteger done = new AtomicInteger();
    /** The owner while it is parked waiting for parts ({@link #awaitParts}), else null. */
    private volatile Thread waiter;
    private volatile long seq;
    private volatile Throwable failure;
    private volatile boolean closed;
    /** Whether {@link #run} adds its time to {@link #busyNanos} (benchmarks). */
    private boolean measure;
    private long busyNanos;
    private long jobs;

    /**
     * A team of {@code threads} threads in all: the owner and {@code threads - 1} workers named
     * {@code gcstream-NAME-k}. One thread: {@link #run} runs every part on the owner.
     */
    public Workers(int threads, String name) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be in 1.." + MAX_THREADS + ", got " + threads);
        }
        this.threads = threads;
        this.name = name;
        this.workers = new Worker[threads];
    }

    /** The team's name (its threads are {@code gcstream-NAME-k}). */
    public String name() {
        return name;
    }

    /** Whether {@link #close()} was called: from then on jobs run on the owner alone. */
    public boolean closed() {
        return closed;
    }

    /** Threads of the team, the owner included. */
    public int threads() {
        return threads;
    }

    /**
     * Runs parts 0 .. parts-1 of {@code job} on the team and returns when all are done; the
     * owner runs parts itself and waits only for parts a worker has started. Allocates nothing
     * once the workers run.
     *
     * @throws WorkerException if a part failed on a worker (the first failure, with its cause)
     */
    public void run(Job job, int parts) {
        start(job, parts);
        finish();
    }

    /**
     * Benchmarks, on a team that computes alone (one thread, or closed): from now on every job
     * it runs or starts adds its time to {@link #busyNanos()} and counts (two clock reads a
     * job). That time is the work the team would share: the rest of its owner's time is what no
     * thread can take from it. Loops that choose between the team and their owner alone take
     * the team's way while it measures ({@link #measuring}), so that all of it is counted.
     */
    public void measure(boolean on) {
        measure = on;
        busyNanos = 0;
        jobs = 0;
    }

    /** Whether {@link #measure} is on. */
    public boolean measuring() {
        return measure;
    }

    /** Time spent in jobs since {@link #measure} was turned on. */
    public long busyNanos() {
        return busyNanos;
    }

    /** Jobs run since {@link #measure} was turned on. */
    public long jobs() {
        return jobs;
    }

    /**
     * Publishes {@code job} to the workers and returns at once, so that the owner can do work of
     * its own (I/O on its channel) while they compute; {@link #finish()} (or
     * {@link #finishQuietly()} if the owner's own work failed) must follow before the next
     * job. With one thread or one part there is nobody to hand the job to: it runs here, at
     * once, and {@link #finish()} has nothing left to do.
     */
    public void start(Job job, int parts) {
        if (parts > MAX_PARTS) {
            throw new IllegalArgumentException("a job of " + parts + " parts, at most " + MAX_PARTS);
        }
        if (parts <= 1 || threads == 1 || closed) {
            long t0 = measure ? System.nanoTime() : 0;
            for (int p = 0; p < parts; p++) {
                job.run(p, 0);
            }
            this.job = null;
            this.parts = 0;
            if (measure) {
                busyNanos += System.nanoTime() - t0;
                jobs++;
            }
            return;
        }
        this.job = job;
        this.parts = parts;
        this.failure = null;
        done.set(0);
        long s = seq + 1;
        claim.set((s << 32) | ((long) parts << 16));
        seq = s;
        wake();
    }

    /**
     * Runs the parts of the started job that no worker has taken, waits for the others and
     * rethrows the first failure.
     *
     * @throws WorkerException if a part failed on a worker (the first failure, with its cause)
     */
    public void finish() {
        int n = parts;
        if (n == 0) {
            return;
        }
        help(seq, 0);
        awaitParts(n);
        job = null;
        parts = 0;
        Throwable f = failure;
        if (f != null) {
            failure = null;
            rethrow(f, "owner");
        }
    }

    /**
     * Waits for the parts workers have taken and ends the started job without running the
     * rest or reporting failures: for an owner whose own work failed, which reports that.
     */
    public void finishQuietly() {
        int n = parts;
        if (n == 0) {
            return;
        }
        // Take the unclaimed parts away from the workers, then wait for the claimed ones.
        long s = seq;
        long v;
        while (((v = claim.get()) >>> 32) == s && (int) (v & 0xffff) < n
                && !claim.compareAndSet(v, (v & ~0xffffL) | n)) {
            Thread.onSpinWait();
        }
        awaitParts((int) Math.min(n, v & 0xffff));
        job = null;
        parts = 0;
        failure = null;
    }

    /**
     * Makes sure every worker is started and not parked, so that the jobs that follow find them
     * spinning: call it when a stream of jobs is about to begin. Costs a system call per
     * parked worker, nothing for a spinning one.
     */
    public void wake() {
        if (threads == 1 || closed) {
            return;
        }
        for (int k = 1; k < threads; k++) {
            Worker w = workers[k];
            if (w == null) {
                start(k);
                continue;
            }
            int st = w.state.get();
            if (st == PARKED && w.state.compareAndSet(PARKED, RUNNING)) {
                LockSupport.unpark(w.thread);
            } else if (st == EXITED) {
                start(k);
            }
        }
    }

    /**
     * Worker threads of all teams of this process, and {@link Background} threads, that are
     * running (tests: none outlives its owner).
     */
    public static int liveThreads() {
        return LIVE.get();
    }

    /** Live worker threads of this team. */
    public int liveWorkers() {
        int n = 0;
        for (Worker w : workers) {
            if (w != null && w.thread.isAlive()) {
                n++;
            }
        }
        return n;
    }

    /**
     * Stops the workers and waits for them (at most a second each); later jobs run on the
     * owner alone. Idempotent; any thread.
     */
    @Override
    public void close() {
        closed = true;
        for (Worker w : workers) {
            if (w != null) {
                LockSupport.unpark(w.thread);
            }
        }
        for (Worker w : workers) {
            if (w != null && !awaitEnd(w.thread)) {
                return;
            }
        }
    }

    /**
     * Waits at most a second for {@code t} to end, unless {@code t} is the calling thread (or
     * null): how a closing owner waits for the threads it stopped. False if the caller was
     * interrupted meanwhile, its interrupt status kept.
     */
    static boolean awaitEnd(Thread t) {
        if (t == null || t == Thread.currentThread()) {
            return true;
        }
        try {
            t.join(1000);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Tests only: {@code fault} runs before every part a worker thread (never the owner) takes,
     * in every team of the process; null removes it. A fault that throws makes the part fail.
     */
    public static void faultForTests(Job fault) {
        testFault = fault;
    }

    private void start(int k) {
        Worker w = new Worker(k);
        workers[k] = w;
        w.thread.start();
    }

    /** Claims and runs parts of job {@code s} until none is left; returns at once for a stale job. */
    private void help(long s, int thread) {
        while (true) {
            long v = claim.get();
            int p = (int) (v & 0xffff);
            if ((v >>> 32) != s || p >= (int) ((v >>> 16) & 0xffff)) {
                return;
            }
            if (!claim.compareAndSet(v, v + 1)) {
                continue;
            }
            try {
                if (thread != 0) {
                    Job f = testFault;
                    if (f != null) {
                        f.run(p, thread);
                    }
                }
                job.run(p, thread);
            } catch (Throwable e) {
                if (failure == null) {
                    failure = thread == 0 ? e : new WorkerException(Thread.currentThread().getName(), e);
                }
            }
            done.incrementAndGet();
            Thread w = waiter;
            if (w != null) {
                LockSupport.unpark(w);
            }
        }
    }

    /**
     * The owner waits for the parts the workers claimed: spinning briefly (a part is a few
     * microseconds), then parked until the worker that finishes a part unparks it, so that a
     * worker the machine has descheduled can have the owner's core to finish on.
     */
    private void awaitParts(int parts) {
        int spins = 0;
        while (done.get() < parts && spins < Spin.LIMIT) {
            spins++;
            Thread.onSpinWait();
        }
        Spin.ended(spins);
        while (done.get() < parts) {
            waiter = Thread.currentThread();
            if (done.get() < parts) {
                LockSupport.parkNanos(this, PARK_NANOS);
            }
            waiter = null;
        }
    }

    /** Throws {@code f}: as itself if unchecked, else wrapped in a {@link WorkerException}. */
    static void rethrow(Throwable f, String thread) {
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error e) {
            throw e;
        }
        throw new WorkerException(thread, f);
    }

    /** One worker thread: spins on {@link #seq}, helps with each new job, parks when idle. */
    private final class Worker implements Runnable {
        final AtomicInteger state = new AtomicInteger(RUNNING);
        final Thread thread;
        final int index;

        Worker(int index) {
            this.index = index;
            this.thread = new Thread(this, "gcstream-" + name + "-" + index);
            this.thread.setDaemon(true);
        }

        @Override
        public void run() {
            LIVE.incrementAndGet();
            try {
                loop();
            } finally {
                LIVE.decrementAndGet();
            }
        }

        private void loop() {
            // The job out when this thread starts (usually the one whose start() started it) is
            // helped with too; help() returns at once for a job that is over.
            long seen = seq - 1;
            long lastWork = System.nanoTime();
            int spins = 0;
            while (!closed) {
                long s = seq;
                if (s != seen) {
                    seen = s;
                    Spin.ended(spins);
                    spins = 0;
                    help(s, index);
                    lastWork = System.nanoTime();
                    continue;
                }
                if (spins < Spin.LIMIT) {
                    spins++;
                    Thread.onSpinWait();
                    continue;
                }
                Spin.ended(spins);
                spins = 0;
                // Park; the owner unparks us (state back to RUNNING) when a job comes.
                state.set(PARKED);
                if (seq != seen || closed) {
                    state.compareAndSet(PARKED, RUNNING);
                    continue;
                }
                LockSupport.parkNanos(this, IDLE_EXIT_NANOS);
                if (state.get() == PARKED && seq == seen
                        && System.nanoTime() - lastWork >= IDLE_EXIT_NANOS) {
                    if (state.compareAndSet(PARKED, EXITED)) {
                        return;
                    }
                }
                // Woken for a job, or by wake() ahead of a stream of jobs: spin again.
                state.set(RUNNING);
                lastWork = System.nanoTime();
            }
            state.set(EXITED);
        }
    }
}
