package io.gcstream.compiler.dsl;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.internal.Arithmetic;

/**
 * A two's-complement signed integer of any width (at least 1 bit; the top bit is the sign) in
 * a {@link Computation}; arithmetic mod 2^width, comparisons signed, right shifts copy the
 * sign. The operations common to both integer kinds and their AND counts are in
 * {@link IntValue}; here are the signed-only ones.
 */
public final class SInt extends IntValue<SInt> {
    SInt(Computation c, Word w) {
        super(c, w);
    }

    @Override
    boolean signed() {
        return true;
    }

    @Override
    SInt wrap(Word w) {
        return new SInt(computation, w);
    }

    @Override
    public Type<SInt> type() {
        return Type.sint(width());
    }

    /** {@code this < 0}: the sign bit, free. */
    public Bit isNegative() {
        return bit(width() - 1);
    }

    /**
     * |this| as an unsigned n-bit value (exact, also for −2^(n−1)): (x ⊕ s) + s with s the sign
     * copied to every bit, n − 1 ANDs.
     */
    public UInt abs() {
        CircuitBuilder b = computation.use(this);
        int n = width();
        int s = word.bit(word.width() - 1);
        int[] sign = new int[n];
        java.util.Arrays.fill(sign, s);
        Word flipped = b.xor(word, Word.of(sign));
        return new UInt(computation, Arithmetic.addCarry(b, flipped, b.constant(0, n), s, false));
    }

    /** The full signed product {@code this · y} in 2n bits (Baugh–Wooley): 2n² − n ANDs. */
    public SInt mulFull(SInt y) {
        if (y.width() != width()) {
            throw new IllegalArgumentException("operands " + type() + " and " + y.type() + ": make them the same width first");
        }
        return new SInt(computation, Arithmetic.mulFullSigned(computation.use(this, y), word, y.word));
    }

    /** The same bits read as unsigned; free. */
    public UInt asUnsigned() {
        computation.use(this);
        return new UInt(computation, word);
    }
}
