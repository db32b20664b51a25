package io.gcstream.ot.internal.parallel;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A few threads that take their owner's tasks in the order submitted, each task on whichever
 * thread is free first: for runs computed beside each other, where a thread that ends one run
 * takes the next prepared one at once instead of waiting for the owner to start it on a thread
 * of its own. A task reports its own end and failure (it must not throw); the pool only runs it.
 *
 * <p>At most {@code capacity} tasks wait to be taken at once. The threads start with the first
 * task, spin briefly ({@link Spin#LIMIT}) and then park while there is none, and end at
 * {@link #close()}, after which tasks run on the owner. Nothing is allocated per task. Only
 * the owner calls {@link #submit}.
 */
public final class TaskPool implements AutoCloseable {
    private final String name;
    private final Runnable[] queue;
    private final Thread[] threads;
    /** Each thread while it is parked, else null. */
    private final Thread[] parked;
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
        this.parked = new Thread[threads];
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
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] == null) {
                Thread t = new Thread(this::serve, "gcstream-" + name + "-" + i);
                t.setDaemon(true);
                threads[i] = t;
                t.start();
            } else {
                LockSupport.unpark(parked[i]);
            }
        }
    }

    /**
     * Ends the threads once their tasks in flight end; tasks not yet taken, and later ones, run
     * on the owner (a task whose run was closed ends at once). Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        for (int i = 0; i < threads.length; i++) {
            Thread t = threads[i];
            if (t != null) {
                LockSupport.unpark(t);
                if (t != Thread.currentThread()) {
                    try {
                        t.join(1000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
        }
        for (long t; (t = taken.get()) < submitted; ) {
            Runnable task = queue[(int) (t % queue.length)];
            if (taken.compareAndSet(t, t + 1)) {
                task.run();
            }
        }
    }

    private void serve() {
        Workers.LIVE.incrementAndGet();
        try {
            int me = indexOf(Thread.currentThread());
            while (!closed) {
                long t = taken.get();
                if (t < submitted) {
                    // Read before it is taken: once taken, the owner may queue another in its place.
                    Runnable task = queue[(int) (t % queue.length)];
                    if (taken.compareAndSet(t, t + 1)) {
                        task.run();
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
                parked[me] = Thread.currentThread();
                if (taken.get() >= submitted && !closed) {
                    LockSupport.parkNanos(this, Workers.IDLE_EXIT_NANOS);
                }
                parked[me] = null;
            }
        } finally {
            Workers.LIVE.decrementAndGet();
        }
    }

    private int indexOf(Thread t) {
        for (int i = 0; i < threads.length; i++) {
            if (threads[i] == t) {
                return i;
            }
        }
        throw new IllegalStateException("not a thread of " + name);
    }
}
