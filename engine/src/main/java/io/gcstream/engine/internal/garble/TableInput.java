package io.gcstream.engine.internal.garble;

import java.io.IOException;

/** Where the evaluator reads garbled tables from (a channel's {@code readFully}). */
@FunctionalInterface
public interface TableInput {
    /** Reads exactly {@code len} bytes into {@code a} at {@code off}. */
    void read(byte[] a, int off, int len) throws IOException;
}
