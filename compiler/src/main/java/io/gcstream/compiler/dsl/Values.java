package io.gcstream.compiler.dsl;

import io.gcstream.circuits.BitCodec;
import java.math.BigInteger;
import java.util.Objects;

/**
 * Range checks of Java values against typed widths, shared by constants and the encoders; the
 * bits themselves are {@link BitCodec}'s, the one raw bit order.
 */
final class Values {
    private Values() {
    }

    /** {@code v} read as an unsigned 64-bit value, checked to fit in {@code width} bits. */
    static BigInteger unsigned(long v, int width) {
        BigInteger big = v >= 0 ? BigInteger.valueOf(v) : BigInteger.valueOf(v).add(BigInteger.ONE.shiftLeft(64));
        return checkUnsigned(big, width);
    }

    static BigInteger checkUnsigned(BigInteger v, int width) {
        Objects.requireNonNull(v, "value");
        Type.checkWidth(width);
        if (v.signum() < 0 || v.bitLength() > width) {
            throw new IllegalArgumentException(v + " is not an unsigned " + width + "-bit value (0 .. 2^" + width
                    + " - 1)");
        }
        return v;
    }

    static BigInteger checkSigned(BigInteger v, int width) {
        Objects.requireNonNull(v, "value");
        Type.checkWidth(width);
        if (v.bitLength() > width - 1) { // bitLength excludes the sign: -2^(w-1) has w - 1
            throw new IllegalArgumentException(v + " is not a signed " + width + "-bit value (-2^" + (width - 1)
                    + " .. 2^" + (width - 1) + " - 1)");
        }
        return v;
    }

    /** Bits of an integer value of {@code type} (bit 0 first), range-checked by its signedness. */
    static void put(boolean[] into, int offset, Type<?> type, BigInteger v) {
        BigInteger checked = type.kind() == Type.Kind.SINT ? checkSigned(v, type.width())
                : checkUnsigned(v, type.width());
        System.arraycopy(BitCodec.ofBigInteger(checked, type.width()), 0, into, offset, type.width());
    }

    /** A Java long for {@code type}: unsigned types read it as unsigned 64 bits, signed ones as signed. */
    static BigInteger ofLong(Type<?> type, long v) {
        return type.kind() == Type.Kind.SINT ? BigInteger.valueOf(v) : unsigned(v, type.width());
    }
}
