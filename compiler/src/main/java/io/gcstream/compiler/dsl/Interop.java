package io.gcstream.compiler.dsl;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;

/**
 * The bridge between typed values and the builder level ({@link CircuitBuilder}, {@link Word}),
 * for code that mixes them: the library's building blocks that take words, or a hand-made
 * gadget. A word's wires must belong to the body the computation is building now; the DSL
 * cannot check words it did not make.
 *
 * <pre>{@code
 * Computation c = new Computation();
 * UInt key = c.creator().uint(128), block = c.evaluator().uint(128);
 * UInt ct = Interop.uint(c, Aes128.encrypt(c.builder(), Interop.word(key), Interop.word(block)));
 * }</pre>
 */
public final class Interop {
    private Interop() {
    }

    /** The wires of {@code v}, bit 0 first. */
    public static Word word(Value v) {
        v.computation.use(v);
        return v.word;
    }

    /** {@code w} as an unsigned value of {@code c} (at least 1 bit). */
    public static UInt uint(Computation c, Word w) {
        return new UInt(c, w);
    }

    /** {@code w} as a signed value of {@code c} (at least 1 bit). */
    public static SInt sint(Computation c, Word w) {
        return new SInt(c, w);
    }

    /** Bit 0 of the one-bit word {@code w} as a {@link Bit} of {@code c}. */
    public static Bit bit(Computation c, Word w) {
        if (w.width() != 1) {
            throw new IllegalArgumentException("a Bit from a word of " + w.width() + " bits");
        }
        return new Bit(c, w);
    }
}
