package io.gcstream.circuits.internal;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.format.GcbWriter;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * SHA-256 over the canonical encoding of a circuit: its .gcb encoding with the 32-byte hash
 * field left out (docs/formats.md). Equal circuits get equal hashes whatever file they came from.
 */
public final class CircuitHash {
    private CircuitHash() {
    }

    public static byte[] compute(Circuit circuit) {
        try {
            return GcbWriter.hash(circuit);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the circuit body to hash it: " + e.getMessage(), e);
        }
    }
}
