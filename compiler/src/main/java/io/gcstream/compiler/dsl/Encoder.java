package io.gcstream.compiler.dsl;

import io.gcstream.circuits.BitCodec;
import java.math.BigInteger;
import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * Turns one party's Java values into its input bits: {@code set} each input declared on its
 * {@link PartySide}, then {@link #encode()}. Unsigned inputs take values 0 … 2^n − 1 (a
 * {@code long} is read as unsigned 64 bits, Java's unsigned-long convention, so a 64-bit input
 * takes any long); signed inputs take −2^(n−1) … 2^(n−1) − 1 in two's complement. A value that
 * does not fit, or a value that is not an input of this party, is an
 * {@link IllegalArgumentException}; nothing is truncated. An encoder can be reused: setting an
 * input again replaces its value.
 *
 * <pre>{@code
 * boolean[] bits = c.creator().encoder().set(salary, 52_000).set(bonus, -300).encode();
 * }</pre>
 */
public final class Encoder {
    private final PartySide side;
    private final boolean[] bits;
    private final boolean[] set;

    Encoder(PartySide side) {
        this.side = side;
        this.bits = new boolean[side.inputWidth()];
        this.set = new boolean[side.inputs().size()];
    }

    /** A one-bit input. */
    public Encoder set(Bit input, boolean value) {
        bits[offset(input)] = value;
        return this;
    }

    /** An integer input; see the class comment for the range. */
    public Encoder set(IntValue<?> input, long value) {
        Values.put(bits, offset(input), input.type(), Values.ofLong(input.type(), value));
        return this;
    }

    /** An integer input of any width. */
    public Encoder set(IntValue<?> input, BigInteger value) {
        Values.put(bits, offset(input), input.type(), Objects.requireNonNull(value, "value"));
        return this;
    }

    /**
     * An input of 8·{@code bytes.length} bits from bytes, byte k in bits 8k … 8k+7 (least
     * significant byte first, {@link BitCodec#ofBytes}).
     */
    public Encoder set(IntValue<?> input, byte[] bytes) {
        int o = offset(input);
        if (8 * bytes.length != input.width()) {
            throw new IllegalArgumentException(bytes.length + " bytes for a " + input.type());
        }
        System.arraycopy(BitCodec.ofBytes(bytes), 0, bits, o, input.width());
        return this;
    }

    /** Inputs declared as an array ({@link PartySide#bits}), one value each. */
    public Encoder set(Bit[] inputs, boolean[] values) {
        return each(inputs.length, values.length, i -> set(inputs[i], values[i]));
    }

    /** Integer inputs declared as an array ({@link PartySide#uints}, {@link PartySide#sints}), one value each. */
    public Encoder set(IntValue<?>[] inputs, long[] values) {
        return each(inputs.length, values.length, i -> set(inputs[i], values[i]));
    }

    private Encoder each(int inputs, int values, IntConsumer setOne) {
        if (inputs != values) {
            throw new IllegalArgumentException(values + " values for " + inputs + " inputs");
        }
        for (int i = 0; i < inputs; i++) {
            setOne.accept(i);
        }
        return this;
    }

    private int offset(Value input) {
        int i = side.indexOf(Objects.requireNonNull(input, "input"));
        if (i < 0) {
            throw new IllegalArgumentException("this " + input + " is not an input of the " + side.name()
                    + " (declare it with " + side.name() + "().uint(n) and the like; a value computed from an input is not one)");
        }
        int o = side.offset(i);
        if (o + input.width() > bits.length) {
            throw new IllegalStateException("the " + side.name() + "'s " + input
                    + " was declared after this encoder was made: make a new one");
        }
        set[i] = true;
        return o;
    }

    /**
     * The party's input bits, in the order the inputs were declared.
     *
     * @throws IllegalStateException if an input has not been set, or inputs were declared after
     *     this encoder was made
     */
    public boolean[] encode() {
        if (side.inputWidth() != bits.length) {
            throw new IllegalStateException("the " + side.name() + " has declared inputs since this encoder was made: make a new one");
        }
        for (int i = 0; i < set.length; i++) {
            if (!set[i]) {
                throw new IllegalStateException("input " + i + " of the " + side.name() + " (a " + side.inputs().get(i)
                        + ") has not been set");
            }
        }
        return bits.clone();
    }
}
