package io.gcstream.spark;

/**
 * A worker-pairs job that could not complete: a peer that did not come within the connect
 * timeout, a slice that failed on every try, keys that cannot be loaded, a peer job that does
 * not match this one. The message is one line saying what and where, the same on both
 * parties where both learn it.
 */
public class WorkerPairsException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public WorkerPairsException(String message) {
        super(message);
    }

    WorkerPairsException(String message, Throwable cause) {
        super(message, cause);
    }
}
