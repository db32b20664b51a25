package io.gcstream.circuits;

/** SHA-256 over the canonical encoding of a circuit. */
final class CircuitHash {
    private CircuitHash() {
    }

    static byte[] compute(Circuit circuit) {
        // Implemented with the binary format (the canonical encoding is the .gcb body).
        throw new UnsupportedOperationException("canonical hash not implemented yet");
    }
}
