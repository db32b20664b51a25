package io.gcstream.compiler;

import java.util.Arrays;

/**
 * An immutable vector of wires of a {@link CircuitBuilder}; bit 0 is the least significant.
 * A wire is a plain int handle (a literal of the body it was made in, see {@link CircuitBuilder}),
 * so a word is just an {@code int[]}.
 */
public final class Word {
    private final int[] wires;

    private Word(int[] wires) {
        this.wires = wires;
    }

    /** The word of these wires, bit 0 first. */
    public static Word of(int... wires) {
        return new Word(wires.clone());
    }

    public int width() {
        return wires.length;
    }

    /** The wire of bit {@code i}. */
    public int bit(int i) {
        return wires[i];
    }

    /** Bits {@code from} (inclusive) to {@code to} (exclusive). */
    public Word slice(int from, int to) {
        return new Word(Arrays.copyOfRange(wires, from, to));
    }

    /** This word in the low bits, {@code high} above it. */
    public Word concat(Word high) {
        int[] w = Arrays.copyOf(wires, wires.length + high.wires.length);
        System.arraycopy(high.wires, 0, w, wires.length, high.wires.length);
        return new Word(w);
    }

    /** The wires, bit 0 first (a copy). */
    public int[] wires() {
        return wires.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Word w && Arrays.equals(w.wires, wires);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(wires);
    }

    @Override
    public String toString() {
        return "Word" + Arrays.toString(wires);
    }
}
