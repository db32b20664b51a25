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
interface InputEncoder {
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

    /**
     * True if this encoder also takes the value as text ({@link #encodeText}): a string over an
     * alphabet, such as DNA letters. Most encoders take numbers only.
     */
    default boolean readsText() {
        return false;
    }

    /**
     * The circuit's input bits for {@code text}, for an encoder that {@link #readsText()}: the
     * characters are mapped to their codes here (see {@link TextAlphabet}), then encoded as a
     * value would be.
     *
     * @throws IllegalArgumentException naming the character and its line and column if the text
     *     is not over the alphabet or has the wrong length, or if this encoder takes no text
     */
    default boolean[] encodeText(CharSequence text) {
        throw new IllegalArgumentException("this input is a number, not text");
    }

    /** What text {@link #encodeText} takes, e.g. "2000 DNA letters (A, C, G, T)"; null if none. */
    default String textDescription() {
        return null;
    }

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
