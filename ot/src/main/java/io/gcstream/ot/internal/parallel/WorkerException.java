package io.gcstream.ot.internal.parallel;

/** A part of a {@link Workers} job failed on a worker thread; the cause is what it threw. */
public final class WorkerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    WorkerException(String thread, Throwable cause) {
        super("worker thread " + thread + " failed: " + cause, cause);
    }
}
