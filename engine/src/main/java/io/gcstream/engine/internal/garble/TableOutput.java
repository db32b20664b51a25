package io.gcstream.engine.internal.garble;

import java.io.IOException;

/** Where the garbler sends garbled tables (a channel's {@code write}, or nowhere). */
@FunctionalInterface
public interface TableOutput {
    /** Takes {@code len} bytes of {@code a} from {@code off}; the array is reused afterwards. */
    void write(byte[] a, int off, int len) throws IOException;

    /**
     * Sends on what was written (a channel's flush): called where a run's tables end while the
     * peer may wait for all of them before it answers. Nothing by default.
     */
    default void flush() throws IOException {
    }
}
