package io.gcstream.ot.ext;

/**
 * Bit-matrix transposition for IKNP: 128 rows of {@code 64 * words} bits (row-major,
 * {@code rows[j * words + w]} holds bits 64w..64w+63 of row j, bit c at position c) become
 * {@code 64 * words} 128-bit blocks, block i holding column i (bit j of the block = row j's
 * bit i; block layout of {@link io.gcstream.ot.crypto.Blocks}).
 *
 * <p>Works on 64x64 sub-matrices held in 64 longs with Eklundh's recursive swap (6 rounds of 32
 * masked swaps), which ALSZ13 identify as the fast approach; no allocation per call beyond the
 * caller's scratch.
 */
public final class BitMatrix {
    private static final long[] MASKS = {
        0x00000000FFFFFFFFL, 0x0000FFFF0000FFFFL, 0x00FF00FF00FF00FFL,
        0x0F0F0F0F0F0F0F0FL, 0x3333333333333333L, 0x5555555555555555L
    };

    private BitMatrix() {
    }

    /**
     * Transposes 128 x (64 * words) bits from {@code rows} into {@code 64 * words} blocks of
     * {@code out} starting at block {@code outOff}. {@code tmp} is scratch of at least 64 longs.
     */
    public static void transpose128(long[] rows, int words, long[] out, int outOff, long[] tmp) {
        for (int w = 0; w < words; w++) {
            for (int h = 0; h < 2; h++) {
                int base = 64 * h * words + w;
                for (int r = 0; r < 64; r++) {
                    tmp[r] = rows[base + r * words];
                }
                transpose64(tmp);
                int o = 2 * (outOff + 64 * w) + h;
                for (int c = 0; c < 64; c++) {
                    out[o + 2 * c] = tmp[c];
                }
            }
        }
    }

    /**
     * In-place transpose of a 64x64 bit matrix: afterwards bit r of x[c] is what bit c of x[r]
     * was.
     */
    public static void transpose64(long[] x) {
        int j = 32;
        for (int round = 0; round < 6; round++, j >>>= 1) {
            long m = MASKS[round];
            for (int k = 0; k < 64; k = (k + j + 1) & ~j) {
                long t = ((x[k] >>> j) ^ x[k + j]) & m;
                x[k] ^= t << j;
                x[k + j] ^= t;
            }
        }
    }
}
