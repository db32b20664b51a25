package io.gcstream.compiler.dsl;

import io.gcstream.circuits.BitCodec;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * A result that one party learns, declared with {@link PartySide#output}: it decodes that
 * party's output bits of a run (the whole array the session returns to it) into Java values.
 * Unsigned values decode as unsigned (a {@code long} of 64 bits, or an {@code int} of 32, in
 * Java's unsigned convention), signed values as two's complement. Immutable.
 *
 * <pre>{@code
 * Output total = c.evaluator().output(x.add(y));
 * long t = total.decodeLong(session.run(circuit, myBits));
 * }</pre>
 *
 * Each {@code decode} method checks that {@code outputs} has exactly the party's number of
 * output bits and that the value fits the Java type by its width (a {@code long} holds up to 64
 * bits, an {@code int} up to 32); otherwise {@link IllegalArgumentException}. A single value
 * decodes with the singular methods, an array output ({@link PartySide#output(Value[])}) with
 * the plural ones.
 */
public final class Output {
    private final PartySide side;
    private final int offset;
    private final Type<?> type;
    private final int count;
    private final boolean array;

    Output(PartySide side, int offset, Type<?> type, int count, boolean array) {
        this.side = side;
        this.offset = offset;
        this.type = type;
        this.count = count;
        this.array = array;
    }

    /** The type of the value (of each element, for an array). */
    Type<?> type() {
        return type;
    }

    /** The raw bits of this output among the party's {@code outputs}, bit 0 first. */
    public boolean[] bits(boolean[] outputs) {
        if (outputs.length != side.outputWidth()) {
            throw new IllegalArgumentException(outputs.length + " output bits, but the " + side.name() + " has "
                    + side.outputWidth() + ": pass the " + side.name() + "'s outputs of a run of this circuit");
        }
        return Arrays.copyOfRange(outputs, offset, offset + count * type.width());
    }

    /** A {@link Bit} output. */
    public boolean decodeBoolean(boolean[] outputs) {
        single();
        if (type.kind() != Type.Kind.BIT) {
            throw new IllegalArgumentException("a " + type + " is not a boolean");
        }
        return bits(outputs)[0];
    }

    /** An integer of at most 32 bits. */
    int decodeInt(boolean[] outputs) {
        single();
        fits(32, "an int");
        return (int) element(bits(outputs), 0).longValue();
    }

    /** An integer of at most 64 bits. */
    public long decodeLong(boolean[] outputs) {
        single();
        fits(64, "a long");
        return element(bits(outputs), 0).longValue();
    }

    /** An integer of any width. */
    public BigInteger decodeBigInteger(boolean[] outputs) {
        single();
        return element(bits(outputs), 0);
    }

    /**
     * The output's bits as bytes, byte k from bits 8k … 8k+7 ({@link BitCodec#toBytes}): a
     * value of 8m bits, or an array of 8-bit values (one byte each).
     */
    public byte[] decodeBytes(boolean[] outputs) {
        return BitCodec.toBytes(bits(outputs));
    }

    /** An array of integers of at most 64 bits each. */
    public long[] decodeLongs(boolean[] outputs) {
        plural();
        fits(64, "a long");
        boolean[] b = bits(outputs);
        long[] r = new long[count];
        for (int i = 0; i < count; i++) {
            r[i] = element(b, i).longValue();
        }
        return r;
    }

    /** An array of integers of any width. */
    public BigInteger[] decodeBigIntegers(boolean[] outputs) {
        plural();
        boolean[] b = bits(outputs);
        BigInteger[] r = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            r[i] = element(b, i);
        }
        return r;
    }

    /** An array of {@link Bit}s. */
    boolean[] decodeBooleans(boolean[] outputs) {
        plural();
        if (type.kind() != Type.Kind.BIT) {
            throw new IllegalArgumentException("an array of " + type + " is not booleans");
        }
        return bits(outputs);
    }

    /** Element {@code i}'s value (signed by type). */
    private BigInteger element(boolean[] b, int i) {
        int w = type.width();
        boolean[] e = Arrays.copyOfRange(b, i * w, i * w + w);
        BigInteger v = BitCodec.toBigInteger(e);
        // two's complement: the top bit of a signed value is its sign
        return type.kind() == Type.Kind.SINT && e[w - 1] ? v.subtract(BigInteger.ONE.shiftLeft(w)) : v;
    }

    private void fits(int bits, String what) {
        if (type.kind() == Type.Kind.BIT) {
            throw new IllegalArgumentException("a Bit output decodes as a boolean, not as " + what);
        }
        if (type.width() > bits) {
            throw new IllegalArgumentException("a " + type + " does not fit in " + what + ": decode it as a BigInteger");
        }
    }

    private void single() {
        if (array) {
            throw new IllegalArgumentException("an output of " + count + " values: use the plural decode methods");
        }
    }

    private void plural() {
        if (!array) {
            throw new IllegalArgumentException("an output of one value: use the singular decode methods");
        }
    }

    @Override
    public String toString() {
        return "output to the " + side.name() + ": " + (array ? count + " × " : "") + type + " at bit " + offset;
    }
}
