package io.gcstream.engine.garble;

import java.io.IOException;

/** Where the garbler sends garbled tables (a channel's {@code writeLongs}, or nowhere). */
@FunctionalInterface
public interface TableOutput {
    /** Takes {@code len} longs of {@code a} from {@code off}; the array is reused afterwards. */
    void write(long[] a, int off, int len) throws IOException;
}
