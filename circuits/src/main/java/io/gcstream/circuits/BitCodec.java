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
 * boolean[] x = BitCodec.concat(BitCodec.ofLong(salary, 32), BitCodec.ofUtf8("alice"));
 * long total = BitCodec.toLong(session.run(circuit, x));
 * }</pre>
 *
 * Every method checks that the value fits the width and throws {@link IllegalArgumentException}
 * otherwise; nothing is silently truncated.
 */
public final class BitCodec {
    private BitCodec() {
    }

    /** The low {@code width} bits of the unsigned value {@code v}; v must fit in them (0..64 bits). */
    public static boolean[] ofLong(long v, int width) {
        if (width < 0 || width > 64) {
            throw new IllegalArgumentException("width must be 0..64, got " + width);
        }
        if (width < 64 && (v >>> width) != 0) {
            throw new IllegalArgumentException("value " + Long.toUnsignedString(v) + " does not fit in "
                    + width + " bits");
        }
        boolean[] b = new boolean[width];
        for (int i = 0; i < width; i++) {
            b[i] = ((v >>> i) & 1) != 0;
        }
        return b;
    }

    /** {@code width} bits of the non-negative {@code v}, which must fit in them. */
    public static boolean[] ofBigInteger(BigInteger v, int width) {
        Objects.requireNonNull(v, "v");
        if (width < 0) {
            throw new IllegalArgumentException("negative width " + width);
        }
        if (v.signum() < 0 || v.bitLength() > width) {
            throw new IllegalArgumentException("value " + v + " does not fit in " + width + " unsigned bits");
        }
        boolean[] b = new boolean[width];
        for (int i = 0; i < width; i++) {
            b[i] = v.testBit(i);
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
    public static boolean[] ofUtf8(String s) {
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
    public static String toUtf8(boolean[] bits) {
        return new String(toBytes(bits), StandardCharsets.UTF_8);
    }

    private static int bytes(boolean[] bits) {
        if (bits.length % 8 != 0) {
            throw new IllegalArgumentException(bits.length + " bits are not whole bytes");
        }
        return bits.length / 8;
    }
}
