package io.gcstream.ot.internal.parallel;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A few threads that take their owner's tasks in the order submitted, each task on whichever
 * thread is free first: for runs computed beside each other, where a thread that ends one run
 * takes the next prepared one at once instead of waiting for the owner to start it on a thread
 * of its own. A task reports its own end and failure (it must not throw); the pool only runs it.
 *
 * <p>At most {@code capacity} tasks wait to be taken at once. The threads start with the first
 * task, spin briefly ({@link Spin#LIMIT}) and then park while there is none, end after
 * {@link Workers#IDLE_EXIT_NANOS} without tasks (and start again with the next) and at
 * {@link #close()}, after which tasks run on the owner. The owner may also take the oldest
 * task waiting and run it itself ({@link #runQueued}). Nothing is allocated per task. Only the
 * owner calls {@link #submit} and {@link #runQueued}.
 */
public final class TaskPool implements AutoCloseable {
    private final String name;
    private final Runnable[] queue;
    /** The thread last started for each place (it may have ended), for {@link #close}. */
    private final Thread[] threads;
    /** Per place: {@link #LIVE} while a thread serves it, else {@link #NONE}. */
    private final AtomicIntegerArray state;
    private static final int NONE = 0;
    private static final int LIVE = 1;
    /** Each place's thread while it is parked, else null. */
    private final AtomicReferenceArray<Thread> parked;
    /** Tasks submitted (written by the owner only) and taken by a thread. */
    private volatile long submitted;
    private final AtomicLong taken = new AtomicLong();
    private volatile boolean closed;

    /**
     * @param name     the threads' names, {@code gcstream-NAME-i}
     * @param threads  threads that take tasks (at least 1)
     * @param capacity most tasks submitted and not yet taken at once
     */
    public TaskPool(String name, int threads, int capacity) {
        if (threads < 1 || capacity < 1) {
            throw new IllegalArgumentException("a pool needs a thread and room for a task: " + threads + ", " + capacity);
        }
        this.name = name;
        this.queue = new Runnable[capacity];
        this.threads = new Thread[threads];
        this.state = new AtomicIntegerArray(threads);
        this.parked = new AtomicReferenceArray<>(threads);
    }

    /** Threads that take tasks. */
    public int threads() {
        return threads.length;
    }

    /**
     * Queues {@code task} behind those submitted before it; the first free thread takes it.
     *
     * @throws IllegalStateException if {@code capacity} tasks already wait to be taken
     */
    public void submit(Runnable task) {
        if (closed) {
            task.run();
            return;
        }
        long s = submitted;
        if (s - taken.get() >= queue.length) {
            throw new IllegalStateException(queue.length + " tasks already wait for a thread of " + name);
        }
        queue[(int) (s % queue.length)] = task;
        submitted = s + 1;
        // One thread for one task: a parked one woken, else one started; a thread that spins
        // or runs a task sees it by itself.
        for (int i = 0; i < threads.length; i++) {
            Thread p = parked.get(i);
            if (p != null) {
                LockSupport.unpark(p);
                return;
            }
        }
        for (int i = 0; i < threads.length; i++) {
            if (state.get(i) == NONE && state.compareAndSet(i, NONE, LIVE)) {
                int place = i;
                Thread t = new Thread(() -> serve(place), "gcstream-" + name + "-" + i);
                t.setDaemon(true);
                threads[i] = t;
                t.start();
                return;
            }
        }
    }

    /**
     * Runs on the calling thread (the owner) the oldest task not yet taken, if {@code ok}
     * accepts it: an owner that would wait works instead, so that a pool of one thread fewer
     * than the cores keeps them all busy. A task run so must need nothing more from the owner.
     *
     * @return whether a task ran
     */
    public boolean runQueued(java.util.function.Predicate<Runnable> ok) {
        long t = taken.get();
        if (t >= submitted) {
            return false;
        }
        Runnable task = queue[(int) (t % queue.length)];
        if (!ok.test(task) || !taken.compareAndSet(t, t + 1)) {
            return false;
        }
        task.run();
        return true;
    }

    /**
     * Ends the threads once their tasks in flight end; tasks not yet taken, and later ones, run
     * on the owner (a task whose run was closed ends at once). Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        for (Thread t : threads) {
            LockSupport.unpark(t);
        }
        for (Thread t : threads) {
            if (!Workers.awaitEnd(t)) {
                break;
            }
        }
        for (long t; (t = taken.get()) < submitted; ) {
            Runnable task = queue[(int) (t % queue.length)];
            if (taken.compareAndSet(t, t + 1)) {
                task.run();
            }
        }
    }

    /** The loop of the thread serving {@code place}. */
    private void serve(int place) {
        Workers.LIVE.incrementAndGet();
        try {
            long idleSince = System.nanoTime();
            while (!closed) {
                long t = taken.get();
                if (t < submitted) {
                    // Read before it is taken: once taken, the owner may queue another in its place.
                    Runnable task = queue[(int) (t % queue.length)];
                    if (taken.compareAndSet(t, t + 1)) {
                        task.run();
                        idleSince = System.nanoTime();
                    }
                    continue;
                }
                int spins = 0;
                while (spins < Spin.LIMIT && taken.get() >= submitted && !closed) {
                    spins++;
                    Thread.onSpinWait();
                }
                Spin.ended(spins);
                if (taken.get() < submitted || closed) {
                    continue;
                }
                if (System.nanoTime() - idleSince > Workers.IDLE_EXIT_NANOS) {
                    // Ends, unless a task came meanwhile and the owner started no thread for it.
                    state.set(place, NONE);
                    if (taken.get() >= submitted || !state.compareAndSet(place, NONE, LIVE)) {
                        return;
                    }
                    idleSince = System.nanoTime();
                    continue;
                }
                parked.set(place, Thread.currentThread());
                if (taken.get() >= submitted && !closed) {
                    LockSupport.parkNanos(this, Workers.IDLE_EXIT_NANOS);
                }
                parked.set(place, null);
            }
        } finally {
            Workers.LIVE.decrementAndGet();
        }
    }
}
