package io.gcstream.engine.testutil;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.TruthTable;
import io.gcstream.engine.internal.garble.GarblingScheme;
import java.io.IOException;

/** The exact size of a circuit's garbled stream: per walker batch, its non-linear gates' bytes. */
public final class StreamBytes {
    private StreamBytes() {
    }

    /** Bytes the garbler sends for one run of {@code c} under {@code scheme}. */
    public static long of(Circuit c, GarblingScheme scheme) throws IOException {
        long[] bytes = {0};
        new CircuitWalker(c).walk((ops, count) -> {
            int nonLinear = 0;
            for (int i = 0; i < count; i++) {
                nonLinear += TruthTable.isLinear(ops[4 * i + 3]) ? 0 : 1;
            }
            bytes[0] += scheme.batchBytes(nonLinear);
        });
        return bytes[0];
    }
}
