package io.gcstream.ot.internal.ext;

/**
 * Bit-matrix transposition for IKNP: 128 rows of {@code 64 * words} bits (row-major,
 * {@code rows[j * words + w]} holds bits 64w..64w+63 of row j, bit c at position c) become
 * {@code 64 * words} 128-bit blocks, block i holding column i (bit j of the block = row j's
 * bit i; block layout of {@link io.gcstream.ot.internal.crypto.Blocks}).
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
     *
     * <p>Each 64x64 sub-matrix is transposed in two register passes: the three "far" Eklundh
     * rounds (swap distance 32, 16, 8) only mix the 8 rows congruent mod 8, and the three "near"
     * rounds (4, 2, 1) only mix 8 consecutive rows, so each pass holds 8 longs in locals. The
     * rounds commute (each exchanges one row-index bit with one column-index bit), so the split
     * changes nothing but the memory traffic: 4 accesses per long instead of 16.
     */
    public static void transpose128(long[] rows, int words, long[] out, int outOff, long[] tmp) {
        transpose128(rows, words, words, out, outOff, tmp);
    }

    /**
     * As {@link #transpose128(long[], int, long[], int, long[])} with rows {@code stride} longs
     * apart ({@code rows[j * stride + w]}). A stride that is not a multiple of a large power of
     * two (e.g. words + 8) keeps the 64 rows being gathered in distinct L1 cache sets; with
     * power-of-two strides they all fall into two sets and thrash.
     */
    public static void transpose128(long[] rows, int words, int stride, long[] out, int outOff,
            long[] tmp) {
        if (stride < words || rows.length < 127 * stride + words || out.length < 2 * (outOff + 64 * words)
                || tmp.length < 64) {
            throw new IndexOutOfBoundsException("transpose128: arrays too small for " + words
                    + " words per row");
        }
        for (int w = 0; w < words; w++) {
            for (int h = 0; h < 2; h++) {
                int base = 64 * h * stride + w;
                farRounds(rows, base, stride, tmp);
                nearRounds(tmp, out, 2 * (outOff + 64 * w) + h, 2);
            }
        }
    }

    /**
     * In-place transpose of a 64x64 bit matrix: afterwards bit r of x[c] is what bit c of x[r]
     * was.
     */
    public static void transpose64(long[] x) {
        long[] t = new long[64];
        farRounds(x, 0, 1, t);
        nearRounds(t, x, 0, 1);
    }

    /** Rounds 32, 16, 8 on src[base + r * stride] (r = 0..63), result in dst[0..64). */
    private static void farRounds(long[] src, int base, int stride, long[] dst) {
        final long m32 = MASKS[0];
        final long m16 = MASKS[1];
        final long m8 = MASKS[2];
        for (int k = 0; k < 8; k++) {
            int p = base + k * stride;
            int s8 = 8 * stride;
            long a0 = src[p];
            long a1 = src[p + s8];
            long a2 = src[p + 2 * s8];
            long a3 = src[p + 3 * s8];
            long a4 = src[p + 4 * s8];
            long a5 = src[p + 5 * s8];
            long a6 = src[p + 6 * s8];
            long a7 = src[p + 7 * s8];
            long t;
            t = ((a0 >>> 32) ^ a4) & m32; a0 ^= t << 32; a4 ^= t;
            t = ((a1 >>> 32) ^ a5) & m32; a1 ^= t << 32; a5 ^= t;
            t = ((a2 >>> 32) ^ a6) & m32; a2 ^= t << 32; a6 ^= t;
            t = ((a3 >>> 32) ^ a7) & m32; a3 ^= t << 32; a7 ^= t;
            t = ((a0 >>> 16) ^ a2) & m16; a0 ^= t << 16; a2 ^= t;
            t = ((a1 >>> 16) ^ a3) & m16; a1 ^= t << 16; a3 ^= t;
            t = ((a4 >>> 16) ^ a6) & m16; a4 ^= t << 16; a6 ^= t;
            t = ((a5 >>> 16) ^ a7) & m16; a5 ^= t << 16; a7 ^= t;
            t = ((a0 >>> 8) ^ a1) & m8; a0 ^= t << 8; a1 ^= t;
            t = ((a2 >>> 8) ^ a3) & m8; a2 ^= t << 8; a3 ^= t;
            t = ((a4 >>> 8) ^ a5) & m8; a4 ^= t << 8; a5 ^= t;
            t = ((a6 >>> 8) ^ a7) & m8; a6 ^= t << 8; a7 ^= t;
            dst[k] = a0;
            dst[k + 8] = a1;
            dst[k + 16] = a2;
            dst[k + 24] = a3;
            dst[k + 32] = a4;
            dst[k + 40] = a5;
            dst[k + 48] = a6;
            dst[k + 56] = a7;
        }
    }

    /** Rounds 4, 2, 1 on src[0..64), result r written to dst[off + r * stride]. */
    private static void nearRounds(long[] src, long[] dst, int off, int stride) {
        final long m4 = MASKS[3];
        final long m2 = MASKS[4];
        final long m1 = MASKS[5];
        for (int g = 0; g < 64; g += 8) {
            long a0 = src[g];
            long a1 = src[g + 1];
            long a2 = src[g + 2];
            long a3 = src[g + 3];
            long a4 = src[g + 4];
            long a5 = src[g + 5];
            long a6 = src[g + 6];
            long a7 = src[g + 7];
            long t;
            t = ((a0 >>> 4) ^ a4) & m4; a0 ^= t << 4; a4 ^= t;
            t = ((a1 >>> 4) ^ a5) & m4; a1 ^= t << 4; a5 ^= t;
            t = ((a2 >>> 4) ^ a6) & m4; a2 ^= t << 4; a6 ^= t;
            t = ((a3 >>> 4) ^ a7) & m4; a3 ^= t << 4; a7 ^= t;
            t = ((a0 >>> 2) ^ a2) & m2; a0 ^= t << 2; a2 ^= t;
            t = ((a1 >>> 2) ^ a3) & m2; a1 ^= t << 2; a3 ^= t;
            t = ((a4 >>> 2) ^ a6) & m2; a4 ^= t << 2; a6 ^= t;
            t = ((a5 >>> 2) ^ a7) & m2; a5 ^= t << 2; a7 ^= t;
            t = ((a0 >>> 1) ^ a1) & m1; a0 ^= t << 1; a1 ^= t;
            t = ((a2 >>> 1) ^ a3) & m1; a2 ^= t << 1; a3 ^= t;
            t = ((a4 >>> 1) ^ a5) & m1; a4 ^= t << 1; a5 ^= t;
            t = ((a6 >>> 1) ^ a7) & m1; a6 ^= t << 1; a7 ^= t;
            int p = off + g * stride;
            dst[p] = a0;
            dst[p + stride] = a1;
            dst[p + 2 * stride] = a2;
            dst[p + 3 * stride] = a3;
            dst[p + 4 * stride] = a4;
            dst[p + 5 * stride] = a5;
            dst[p + 6 * stride] = a6;
            dst[p + 7 * stride] = a7;
        }
    }
}
