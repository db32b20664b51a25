package io.gcstream.compiler.lib;

import java.math.BigInteger;

/**
 * PRESENT-80 in plain Java straight from the specification (Bogdanov et al., CHES 2007): the
 * test oracle for the circuits and the key-schedule encoder, written apart from both.
 */
final class PresentReference {
    private static final int[] S = {0xC, 0x5, 0x6, 0xB, 0x9, 0x0, 0xA, 0xD, 0x3, 0xE, 0xF, 0x8, 0x4, 0x7, 0x1, 0x2};
    private static final BigInteger MASK80 = BigInteger.ONE.shiftLeft(80).subtract(BigInteger.ONE);

    private PresentReference() {
    }

    /** The round keys K1..K32 of an 80-bit key. */
    static long[] roundKeys(BigInteger key) {
        long[] k = new long[32];
        BigInteger reg = key;
        for (int i = 1; i <= 32; i++) {
            k[i - 1] = reg.shiftRight(16).longValue();
            reg = reg.shiftLeft(61).or(reg.shiftRight(19)).and(MASK80);
            int top = reg.shiftRight(76).intValue();
            reg = reg.andNot(BigInteger.valueOf(0xF).shiftLeft(76)).or(BigInteger.valueOf(S[top]).shiftLeft(76));
            reg = reg.xor(BigInteger.valueOf(i).shiftLeft(15));
        }
        return k;
    }

    static long encrypt(BigInteger key, long plaintext) {
        long[] k = roundKeys(key);
        long state = plaintext;
        for (int i = 0; i < 31; i++) {
            state ^= k[i];
            long sub = 0;
            for (int j = 0; j < 16; j++) {
                sub |= (long) S[(int) (state >>> (4 * j)) & 0xF] << (4 * j);
            }
            long p = 0;
            for (int bit = 0; bit < 64; bit++) {
                int to = bit == 63 ? 63 : (16 * bit) % 63;
                p |= ((sub >>> bit) & 1L) << to;
            }
            state = p;
        }
        return state ^ k[31];
    }
}
