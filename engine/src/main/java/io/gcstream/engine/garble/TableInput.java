package io.gcstream.engine.garble;

import java.io.IOException;

/** Where the evaluator reads garbled tables from (a channel's {@code readLongs}). */
@FunctionalInterface
public interface TableInput {
    /** Reads exactly {@code len} longs into {@code a} at {@code off}. */
    void read(long[] a, int off, int len) throws IOException;
}
