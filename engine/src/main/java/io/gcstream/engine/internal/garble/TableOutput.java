package io.gcstream.engine.internal.garble;

import java.io.IOException;

/** Where the garbler sends garbled tables (a channel's {@code write}, or nowhere). */
@FunctionalInterface
public interface TableOutput {
    /** Takes {@code len} bytes of {@code a} from {@code off}; the array is reused afterwards. */
    void write(byte[] a, int off, int len) throws IOException;
}
