package io.gcstream.circuits;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Turns values into a party's input bits and output bits back into values, with the one bit
 * order used everywhere in gcstream: bit {@code i} of a value is input (or output) bit
 * {@code i}, bit 0 the least significant. Strings and byte arrays are little-endian sequences
 * of bytes: byte {@code k} is bits {@code 8k .. 8k+7}, each byte least significant bit first;
 * so character {@code i} of an ASCII string is bits {@code 8i .. 8i+7}.
 *
 * <pre>{@code
 * boolean[] key = BitCodec.ofBigEndianBytes(fips197Key);      // AES: the FIPS-197 byte order
 * boolean[] x = BitCodec.concat(BitCodec.ofLong(salary, 32), BitCodec.ofBytes("alice".getBytes(UTF_8)));
 * long total = BitCodec.toLong(session.run(circuit, x));
 * }</pre>
 *
 * Integers go in unsigned or, when negative, in two's complement ({@code ofLong(-5, 32)});
 * {@code toLong}/{@code toBigInteger} read bits back as unsigned, {@code toSignedLong}/{@code
 * toSignedBigInteger} as two's complement. Every method checks that the value fits the width and
 * throws {@link IllegalArgumentException} otherwise; nothing is silently truncated.
 */
public final class BitCodec {
    private BitCodec() {
    }

    /**
     * {@code v} in {@code width} bits (0..64): an unsigned value {@code 0 <= v < 2^width}, or a
     * negative one in two's complement, {@code -2^(width-1) <= v < 0} (so {@code ofLong(-5, 32)}
     * is the 32-bit pattern of {@code (int) -5}). At width 64 every long is its own bit pattern.
     * A value that fits neither way is refused.
     */
    public static boolean[] ofLong(long v, int width) {
        if (width < 0 || width > 64) {
            throw new IllegalArgumentException("width must be 0..64, got " + width);
        }
        boolean fits = width == 64 || (v >>> width) == 0 || (width > 0 && (v >> (width - 1)) == -1L);
        if (!fits) {
            throw new IllegalArgumentException("value " + v + " does not fit in " + width + " bits"
                    + (v < 0 ? " (two's complement)" : ""));
        }
        boolean[] b = new boolean[width];
        for (int i = 0; i < width; i++) {
            b[i] = ((v >>> i) & 1) != 0;
        }
        return b;
    }

    /**
     * {@code v} in {@code width} bits: a non-negative value below {@code 2^width}, or a negative
     * one of at least {@code -2^(width-1)} in two's complement. A value that fits neither way is
     * refused.
     */
    public static boolean[] ofBigInteger(BigInteger v, int width) {
        Objects.requireNonNull(v, "v");
        if (width < 0) {
            throw new IllegalArgumentException("negative width " + width);
        }
        // bitLength() excludes the sign bit: -2^(w-1) has bit length w - 1.
        if (v.signum() >= 0 ? v.bitLength() > width : width == 0 || v.bitLength() > width - 1) {
            throw new IllegalArgumentException("value " + v + " does not fit in " + width + " bits"
                    + (v.signum() < 0 ? " (two's complement)" : ""));
        }
        boolean[] b = new boolean[width];
        for (int i = 0; i < width; i++) {
            b[i] = v.testBit(i); // two's complement for negative values
        }
        return b;
    }

    /** The bytes as bits: byte k is bits 8k..8k+7, least significant bit first. */
    public static boolean[] ofBytes(byte[] bytes) {
        boolean[] b = new boolean[8 * bytes.length];
        for (int k = 0; k < bytes.length; k++) {
            for (int i = 0; i < 8; i++) {
                b[8 * k + i] = ((bytes[k] >> i) & 1) != 0;
            }
        }
        return b;
    }

    /**
     * The integer whose big-endian bytes are {@code bytes}, in {@code 8 * bytes.length} bits: byte
     * 0 is the most significant. This is the order of the AES and PRESENT library circuits, so a
     * FIPS-197 key or block goes in as it is written.
     */
    public static boolean[] ofBigEndianBytes(byte[] bytes) {
        boolean[] b = new boolean[8 * bytes.length];
        for (int k = 0; k < bytes.length; k++) {
            int byteIndex = bytes.length - 1 - k;
            for (int i = 0; i < 8; i++) {
                b[8 * byteIndex + i] = ((bytes[k] >> i) & 1) != 0;
            }
        }
        return b;
    }

    /** The UTF-8 bytes of {@code s} as bits ({@link #ofBytes}). */
    static boolean[] ofUtf8(String s) {
        return ofBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    /** The arrays one after another: the first in the lowest bits. */
    public static boolean[] concat(boolean[]... parts) {
        int n = 0;
        for (boolean[] p : parts) {
            n += p.length;
        }
        boolean[] r = new boolean[n];
        int k = 0;
        for (boolean[] p : parts) {
            System.arraycopy(p, 0, r, k, p.length);
            k += p.length;
        }
        return r;
    }

    /** The unsigned value of up to 64 bits. */
    public static long toLong(boolean[] bits) {
        if (bits.length > 64) {
            throw new IllegalArgumentException(bits.length + " bits do not fit in a long; use toBigInteger");
        }
        long v = 0;
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                v |= 1L << i;
            }
        }
        return v;
    }

    /** The unsigned value of any number of bits. */
    public static BigInteger toBigInteger(boolean[] bits) {
        byte[] be = new byte[bits.length / 8 + 1];
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                be[be.length - 1 - i / 8] |= (byte) (1 << (i % 8));
            }
        }
        return new BigInteger(1, be);
    }

    /** The two's-complement value of 1..64 bits: the top bit is the sign. */
    static long toSignedLong(boolean[] bits) {
        if (bits.length == 0 || bits.length > 64) {
            throw new IllegalArgumentException("a signed long has 1..64 bits, got " + bits.length);
        }
        long v = toLong(bits);
        int unused = 64 - bits.length;
        return (v << unused) >> unused;
    }

    /** The two's-complement value of at least one bit: the top bit is the sign. */
    static BigInteger toSignedBigInteger(boolean[] bits) {
        if (bits.length == 0) {
            throw new IllegalArgumentException("a signed value has at least 1 bit");
        }
        BigInteger v = toBigInteger(bits);
        return bits[bits.length - 1] ? v.subtract(BigInteger.ONE.shiftLeft(bits.length)) : v;
    }

    /** The inverse of {@link #ofBytes}; the number of bits must be a multiple of 8. */
    public static byte[] toBytes(boolean[] bits) {
        byte[] out = new byte[bytes(bits)];
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                out[i / 8] |= (byte) (1 << (i % 8));
            }
        }
        return out;
    }

    /** The inverse of {@link #ofBigEndianBytes}; the number of bits must be a multiple of 8. */
    public static byte[] toBigEndianBytes(boolean[] bits) {
        byte[] out = new byte[bytes(bits)];
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                out[out.length - 1 - i / 8] |= (byte) (1 << (i % 8));
            }
        }
        return out;
    }

    /** The inverse of {@link #ofUtf8}. */
    static String toUtf8(boolean[] bits) {
        return new String(toBytes(bits), StandardCharsets.UTF_8);
    }

    private static int bytes(boolean[] bits) {
        if (bits.length % 8 != 0) {
            throw new IllegalArgumentException(bits.length + " bits are not whole bytes");
        }
        return bits.length / 8;
    }
}
