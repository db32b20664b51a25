package io.gcstream.ot.internal.base;

import io.gcstream.ot.internal.crypto.Prg;

/**
 * Scalars of the edwards25519 prime-order group ({@link Edwards25519#ORDER} = L): uniform
 * sampling and the signed radix-16 recoding the scalar multiplications use.
 */
final class Scalar25519 {
    static final int BYTES = 32;
    static final int DIGITS = 64;
    private static final byte[] L = Edwards25519.littleEndian(Edwards25519.ORDER);

    private Scalar25519() {
    }

    /**
     * A uniform scalar in [1, L) as 32 little-endian bytes: 253-bit candidates from the PRG,
     * rejected unless in range (about half are accepted; a rejected candidate says nothing
     * about the accepted one, so the loop leaks nothing).
     */
    static byte[] random(Prg prg) {
        byte[] k = new byte[BYTES];
        do {
            prg.nextBytes(k, 0, BYTES);
            k[31] &= 0x1f;
        } while (!inRange(k));
        return k;
    }

    private static boolean inRange(byte[] k) {
        boolean zero = true;
        for (byte b : k) {
            zero &= b == 0;
        }
        if (zero) {
            return false;
        }
        for (int i = 31; i >= 0; i--) {
            int x = k[i] & 0xff;
            int y = L[i] & 0xff;
            if (x != y) {
                return x < y;
            }
        }
        return false;
    }

    /**
     * Signed radix-16 digits d_0..d_63 in [-8, 8) (the last in [-8, 8]) with
     * k = sum d_i 16^i, for k below 2^255. Constant time.
     */
    static byte[] digits(byte[] k) {
        byte[] d = new byte[DIGITS];
        for (int i = 0; i < BYTES; i++) {
            d[2 * i] = (byte) (k[i] & 15);
            d[2 * i + 1] = (byte) ((k[i] >>> 4) & 15);
        }
        int carry = 0;
        for (int i = 0; i < DIGITS - 1; i++) {
            int v = d[i] + carry;
            carry = (v + 8) >> 4;
            d[i] = (byte) (v - (carry << 4));
        }
        d[DIGITS - 1] += (byte) carry;
        return d;
    }
}
