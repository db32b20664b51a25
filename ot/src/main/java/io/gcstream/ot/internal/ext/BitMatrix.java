package io.gcstream.ot.internal.ext;

import io.gcstream.ot.internal.crypto.Blocks;


/**
 * Bit-matrix transposition for IKNP: 128 rows of {@code 64 * words} bits become
 * {@code 64 * words} 128-bit blocks, block i holding column i (bit j of the block = row j's
 * bit i; block layout of {@link io.gcstream.ot.internal.crypto.Blocks}). Rows are bytes, as the
 * PRG writes them and the channel carries them: bits 64w..64w+63 of row j are the little-endian
 * long at byte {@code 8 * (j * stride + w)}, bit c at position c.
 *
 * <p>Works on 64x64 sub-matrices with Eklundh's recursive swap (6 rounds of 32 masked swaps),
 * which ALSZ13 identify as the fast approach: 32 of them at a time in vectorisable loops, or
 * one at a time in registers; no allocation per call beyond the caller's scratch.
 */
public final class BitMatrix {

    private BitMatrix() {
    }

    /**
     * Sub-matrices transposed side by side in the grouped path: 16 words of each of the two
     * 64-row halves. Interleaving them in the scratch makes every swap round a loop over at
     * least 32 contiguous longs, which C2 turns into vector instructions.
     */
    private static final int GROUP_WORDS = 16;
    private static final int GROUP = 2 * GROUP_WORDS;
    private static final int GROUP_SCRATCH = 64 * GROUP;

    /**
     * First word of part {@code part} when the words of a row are split into {@code parts}
     * ranges for threads: ranges start at multiples of 16 words (one vectorised group), the last
     * ends at {@code words}; part p covers [partStart(p), partStart(p + 1)).
     */
    public static int partStart(int words, int part, int parts) {
        int groups = (words + GROUP_WORDS - 1) / GROUP_WORDS;
        return Math.min(words, (int) ((long) groups * part / parts) * GROUP_WORDS);
    }

    /**
     * Scratch for {@link #transpose128} with rows of up to {@code words} longs: 64 longs when
     * rows are shorter than one group, else enough for the grouped (vectorised) path.
     */
    public static long[] scratch(int words) {
        return new long[words >= GROUP_WORDS ? GROUP_SCRATCH : 64];
    }

    /**
     * Transposes 128 x (64 * words) bits from {@code rows} (rows {@code stride} longs apart, see
     * the class comment) into {@code 64 * words} blocks of {@code out} starting at block
     * {@code outOff}. {@code tmp} is scratch from {@link #scratch} (at least 64 longs; with
     * fewer than {@code 64 * 32} every sub-matrix takes the register path). A stride that is not
     * a multiple of a large power of two (e.g. words + 8) keeps the 64 rows being gathered in
     * distinct L1 cache sets; with power-of-two strides they all fall into two sets and thrash.
     *
     * <p>Groups of 16 words go through {@link #transposeGroup}; the remaining words (and all
     * of them when the scratch is small) go one 64x64 sub-matrix at a time through two
     * register passes: the three "far" Eklundh rounds (swap distance 32, 16, 8) only mix the 8
     * rows congruent mod 8, and the three "near" rounds (4, 2, 1) only mix 8 consecutive rows,
     * so each pass holds 8 longs in locals. The rounds commute (each exchanges one row-index bit
     * with one column-index bit), so the split changes nothing but the memory traffic.
     */
    public static void transpose128(byte[] rows, int words, int stride, long[] out, int outOff,
            long[] tmp) {
        transpose128(rows, words, stride, 0, words, out, outOff, tmp);
    }

    /**
     * As {@link #transpose128(byte[], int, int, long[], int, long[])} for the words
     * {@code from .. to-1} of each row only: blocks {@code 64 * from .. 64 * to - 1} of the
     * result, at block {@code outOff + 64 * from} of {@code out}. Disjoint word ranges write
     * disjoint blocks, so threads may transpose one matrix in parts (each with its own
     * {@code tmp}); ranges that start at a multiple of 16 words keep the vectorised path.
     */
    public static void transpose128(byte[] rows, int words, int stride, int from, int to,
            long[] out, int outOff, long[] tmp) {
        if (stride < words || rows.length < 8L * (127L * stride + words)
                || out.length < 2L * (outOff + 64L * words) || tmp.length < 64
                || from < 0 || to > words || from > to) {
            throw new IndexOutOfBoundsException("transpose128: arrays too small for " + words
                    + " words per row, or words [" + from + ", " + to + ") out of range");
        }
        int w = from;
        if (tmp.length >= GROUP_SCRATCH) {
            for (; w + GROUP_WORDS <= to; w += GROUP_WORDS) {
                transposeGroup(rows, w, stride, out, outOff, tmp);
            }
        }
        for (; w < to; w++) {
            for (int h = 0; h < 2; h++) {
                farRounds(rows, 8 * (64 * h * stride + w), 8 * stride, tmp);
                nearRounds(tmp, out, 2 * (outOff + 64 * w) + h, 2);
            }
        }
    }

    /**
     * Words w0..w0+15 of all 128 rows: 32 sub-matrices of 64x64 bits, interleaved in x so that
     * row r of sub-matrix m (m = 16 h + word - w0, h the half) is x[32 r + m]. A round that swaps
     * rows r and r + d then pairs x[i] with x[i + 32 d] over runs of 32 d contiguous longs.
     */
    private static void transposeGroup(byte[] rows, int w0, int stride, long[] out, int outOff,
            long[] x) {
        for (int r = 0; r < 128; r++) {
            int src = 8 * (r * stride + w0);
            int dst = GROUP * (r & 63) + GROUP_WORDS * (r >>> 6);
            for (int j = 0; j < GROUP_WORDS; j++) {
                x[dst + j] = Blocks.getLong(rows, src + 8 * j);
            }
        }
        swapRound(x, 32 * GROUP, 32, 0x00000000FFFFFFFFL);
        swapRound(x, 16 * GROUP, 16, 0x0000FFFF0000FFFFL);
        swapRound(x, 8 * GROUP, 8, 0x00FF00FF00FF00FFL);
        swapRound(x, 4 * GROUP, 4, 0x0F0F0F0F0F0F0F0FL);
        swapRound(x, 2 * GROUP, 2, 0x3333333333333333L);
        swapRound(x, GROUP, 1, 0x5555555555555555L);
        // Row c of sub-matrix (h, word) is now column c: block 64 word + c, half h.
        for (int c = 0; c < 64; c++) {
            int o = 2 * (outOff + 64 * w0 + c);
            int src = GROUP * c;
            for (int j = 0; j < GROUP_WORDS; j++) {
                out[o + 128 * j] = x[src + j];
                out[o + 128 * j + 1] = x[src + GROUP_WORDS + j];
            }
        }
    }

    /**
     * One Eklundh round over the whole group: each x[i] whose index has the bit of d clear is
     * paired with x[i + d], and the bits of mask in x[i] shifted down by s are exchanged with
     * those bits of x[i + d]. Called with constant arguments so that C2 sees a fixed offset.
     */
    private static void swapRound(long[] x, int d, int s, long mask) {
        for (int base = 0; base < GROUP_SCRATCH; base += 2 * d) {
            for (int i = base; i < base + d; i++) {
                long a = x[i];
                long b = x[i + d];
                long t = ((a >>> s) ^ b) & mask;
                x[i] = a ^ (t << s);
                x[i + d] = b ^ t;
            }
        }
    }

    /**
     * Rounds 32, 16, 8 on the longs at bytes {@code base + r * step} of src (r = 0..63), result
     * in dst[0..64).
     */
    private static void farRounds(byte[] src, int base, int step, long[] dst) {
        // Literal masks, not loads from a static array: C2 may rematerialise constants rather
        // than keep them in registers the eight rows need.
        for (int k = 0; k < 8; k++) {
            int p = base + k * step;
            int s8 = 8 * step;
            long a0 = Blocks.getLong(src, p);
            long a1 = Blocks.getLong(src, p + s8);
            long a2 = Blocks.getLong(src, p + 2 * s8);
            long a3 = Blocks.getLong(src, p + 3 * s8);
            long a4 = Blocks.getLong(src, p + 4 * s8);
            long a5 = Blocks.getLong(src, p + 5 * s8);
            long a6 = Blocks.getLong(src, p + 6 * s8);
            long a7 = Blocks.getLong(src, p + 7 * s8);
            long t;
            t = ((a0 >>> 32) ^ a4) & 0x00000000FFFFFFFFL; a0 ^= t << 32; a4 ^= t;
            t = ((a1 >>> 32) ^ a5) & 0x00000000FFFFFFFFL; a1 ^= t << 32; a5 ^= t;
            t = ((a2 >>> 32) ^ a6) & 0x00000000FFFFFFFFL; a2 ^= t << 32; a6 ^= t;
            t = ((a3 >>> 32) ^ a7) & 0x00000000FFFFFFFFL; a3 ^= t << 32; a7 ^= t;
            t = ((a0 >>> 16) ^ a2) & 0x0000FFFF0000FFFFL; a0 ^= t << 16; a2 ^= t;
            t = ((a1 >>> 16) ^ a3) & 0x0000FFFF0000FFFFL; a1 ^= t << 16; a3 ^= t;
            t = ((a4 >>> 16) ^ a6) & 0x0000FFFF0000FFFFL; a4 ^= t << 16; a6 ^= t;
            t = ((a5 >>> 16) ^ a7) & 0x0000FFFF0000FFFFL; a5 ^= t << 16; a7 ^= t;
            t = ((a0 >>> 8) ^ a1) & 0x00FF00FF00FF00FFL; a0 ^= t << 8; a1 ^= t;
            t = ((a2 >>> 8) ^ a3) & 0x00FF00FF00FF00FFL; a2 ^= t << 8; a3 ^= t;
            t = ((a4 >>> 8) ^ a5) & 0x00FF00FF00FF00FFL; a4 ^= t << 8; a5 ^= t;
            t = ((a6 >>> 8) ^ a7) & 0x00FF00FF00FF00FFL; a6 ^= t << 8; a7 ^= t;
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
            t = ((a0 >>> 4) ^ a4) & 0x0F0F0F0F0F0F0F0FL; a0 ^= t << 4; a4 ^= t;
            t = ((a1 >>> 4) ^ a5) & 0x0F0F0F0F0F0F0F0FL; a1 ^= t << 4; a5 ^= t;
            t = ((a2 >>> 4) ^ a6) & 0x0F0F0F0F0F0F0F0FL; a2 ^= t << 4; a6 ^= t;
            t = ((a3 >>> 4) ^ a7) & 0x0F0F0F0F0F0F0F0FL; a3 ^= t << 4; a7 ^= t;
            t = ((a0 >>> 2) ^ a2) & 0x3333333333333333L; a0 ^= t << 2; a2 ^= t;
            t = ((a1 >>> 2) ^ a3) & 0x3333333333333333L; a1 ^= t << 2; a3 ^= t;
            t = ((a4 >>> 2) ^ a6) & 0x3333333333333333L; a4 ^= t << 2; a6 ^= t;
            t = ((a5 >>> 2) ^ a7) & 0x3333333333333333L; a5 ^= t << 2; a7 ^= t;
            t = ((a0 >>> 1) ^ a1) & 0x5555555555555555L; a0 ^= t << 1; a1 ^= t;
            t = ((a2 >>> 1) ^ a3) & 0x5555555555555555L; a2 ^= t << 1; a3 ^= t;
            t = ((a4 >>> 1) ^ a5) & 0x5555555555555555L; a4 ^= t << 1; a5 ^= t;
            t = ((a6 >>> 1) ^ a7) & 0x5555555555555555L; a6 ^= t << 1; a7 ^= t;
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
