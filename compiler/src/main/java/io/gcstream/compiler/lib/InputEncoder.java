package io.gcstream.compiler.lib;

/**
 * Turns a party's value, as the user gives it, into that party's input bits of a circuit.
 *
 * <p>Most circuits take the value as it is ({@link #identity}). Some library circuits take a
 * value derived from it instead: {@code aes128-expanded} takes the 11 round keys, which the
 * creator computes locally from its 128-bit key, so the key schedule costs no garbled gates.
 * The encoder runs on the party's own machine, on clear bits; nothing of it is sent.
 * Implementations are immutable and thread-safe.
 */
public interface InputEncoder {
    /** Bits of the value the user gives. */
    int valueWidth();

    /** Bits the circuit takes for this party. */
    int inputWidth();

    /**
     * The circuit's input bits for {@code value} (bit 0 first, as everywhere).
     *
     * @throws IllegalArgumentException if {@code value} does not have {@link #valueWidth()} bits
     */
    boolean[] encode(boolean[] value);

    /** True if {@link #encode} returns the value unchanged. */
    default boolean isIdentity() {
        return false;
    }

    /** The encoder that passes {@code width} bits through unchanged. */
    static InputEncoder identity(int width) {
        if (width < 0) {
            throw new IllegalArgumentException("negative width " + width);
        }
        return new InputEncoder() {
            @Override
            public int valueWidth() {
                return width;
            }

            @Override
            public int inputWidth() {
                return width;
            }

            @Override
            public boolean[] encode(boolean[] value) {
                if (value.length != width) {
                    throw new IllegalArgumentException("expected " + width + " bits, got " + value.length);
                }
                return value.clone();
            }

            @Override
            public boolean isIdentity() {
                return true;
            }

            @Override
            public String toString() {
                return "identity(" + width + ")";
            }
        };
    }
}
