package io.gcstream.compiler.dsl;

import io.gcstream.compiler.CircuitBuilder;
import io.gcstream.compiler.Word;
import io.gcstream.compiler.internal.Arithmetic;
import java.util.Arrays;

/**
 * An unsigned integer of any width (at least 1 bit) in a {@link Computation}; arithmetic mod
 * 2^width. The operations common to both integer kinds and their AND counts are in
 * {@link IntValue}; here are the unsigned-only ones: results wider than the operands, bit
 * slices, table lookups ({@link #lookup}) and secret array indices ({@link #selectFrom}).
 */
public final class UInt extends IntValue<UInt> {
    UInt(Computation c, Word w) {
        super(c, w);
    }

    @Override
    boolean signed() {
        return false;
    }

    @Override
    UInt wrap(Word w) {
        return new UInt(computation, w);
    }

    @Override
    public Type<UInt> type() {
        return Type.uint(width());
    }

    /**
     * The bits as one unsigned value, {@code bits[0]} the least significant; free.
     *
     * @throws IllegalArgumentException if there are none, or they belong to different computations
     */
    public static UInt of(Bit... bits) {
        if (bits.length == 0) {
            throw new IllegalArgumentException("an integer of no bits");
        }
        Computation c = bits[0].computation;
        c.use(bits);
        int[] w = new int[bits.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = bits[i].wire();
        }
        return new UInt(c, Word.of(w));
    }

    /** {@code this + y} in n + 1 bits (the carry on top): n ANDs. */
    public UInt addWithCarry(UInt y) {
        checkSameWidth(y);
        return new UInt(computation, Arithmetic.addWithCarry(computation.use(this, y), word, y.word));
    }

    /** The full product {@code this · y} in 2n bits: 2n² − n ANDs. */
    public UInt mulFull(UInt y) {
        checkSameWidth(y);
        return new UInt(computation, Arithmetic.mulFull(computation.use(this, y), word, y.word));
    }

    private void checkSameWidth(UInt y) {
        if (y.width() != width()) {
            throw new IllegalArgumentException("operands " + type() + " and " + y.type() + ": make them the same width first");
        }
    }

    /** The same bits read as two's complement; free. */
    public SInt asSigned() {
        computation.use(this);
        return new SInt(computation, word);
    }

    /** Bits {@code from} (inclusive) to {@code to} (exclusive), as an unsigned value; free. */
    public UInt slice(int from, int to) {
        computation.use(this);
        if (from < 0 || to > width() || from >= to) {
            throw new IllegalArgumentException("bits " + from + ".." + to + " of a " + type());
        }
        return new UInt(computation, word.slice(from, to));
    }

    /** This value in the low bits, {@code high} above it; free. */
    public UInt concat(UInt high) {
        computation.use(this, high);
        return new UInt(computation, word.concat(high.word));
    }

    /**
     * {@code table[this]}: a public table of outBits-bit entries indexed by this value, which
     * must have the table's inBits bits ({@link Table#of}). Costs the ANDs of the table's circuit,
     * far fewer than the 2^inBits · outBits ciphertexts of a garbled table gate.
     *
     * @throws IllegalArgumentException if the widths differ
     */
    public UInt lookup(Table table) {
        CircuitBuilder b = computation.use(this);
        if (table.inBits() != width()) {
            throw new IllegalArgumentException("a table of " + table.inBits() + "-bit indices looked up with a "
                    + type());
        }
        return new UInt(computation, table.network().emit(b, word));
    }

    /**
     * {@code values[this]} for a secret index: a tree of multiplexers over the index bits, w
     * ANDs each for values of w bits ((m − 1)·w for m = 2^k values and a k-bit index; a level of
     * odd length pairs its last value with zero, and index bits beyond the tree cost one mask).
     * An index of {@code values.length} or more gives the all-zero value.
     *
     * @throws IllegalArgumentException if there are no values, more than the index reaches, or
     *     they differ in type
     */
    public <T extends Value> T selectFrom(T[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("selectFrom no values");
        }
        if (width() < 31 && values.length > 1 << width()) {
            throw new IllegalArgumentException("a " + width() + "-bit index reaches " + (1 << width()) + " values, not "
                    + values.length);
        }
        CircuitBuilder b = computation.use(this);
        computation.use(values);
        Type<?> t = values[0].type();
        for (T v : values) {
            if (!v.type().equals(t)) {
                throw new IllegalArgumentException("selectFrom values of types " + t + " and " + v.type());
            }
        }
        int[] zeros = new int[t.width()];
        Arrays.fill(zeros, CircuitBuilder.ZERO);
        Word zero = Word.of(zeros);
        Word[] level = new Word[values.length];
        for (int i = 0; i < level.length; i++) {
            level[i] = values[i].word;
        }
        int bit = 0;
        for (; level.length > 1 && bit < width(); bit++) {
            Word[] next = new Word[(level.length + 1) / 2];
            for (int i = 0; i < next.length; i++) {
                Word odd = 2 * i + 1 < level.length ? level[2 * i + 1] : zero;
                next[i] = b.mux(word.bit(bit), level[2 * i], odd);
            }
            level = next;
        }
        Word r = level[0];
        if (bit < width()) { // higher index bits: any one set means out of range
            int over = word.bit(bit);
            for (int i = bit + 1; i < width(); i++) {
                over = b.or(over, word.bit(i));
            }
            int[] masked = new int[r.width()];
            for (int j = 0; j < masked.length; j++) {
                masked[j] = b.mux(over, r.bit(j), CircuitBuilder.ZERO);
            }
            r = Word.of(masked);
        }
        @SuppressWarnings("unchecked")
        Type<T> tt = (Type<T>) t;
        return tt.wrap(computation, r);
    }
}
