package io.gcstream.engine.internal.garble;

/**
 * The linear maps on 128-bit blocks the garbling schemes use, on a block held as two longs
 * {@code (lo, hi)} (see the layout of {@code io.gcstream.ot.internal.crypto.Blocks}).
 *
 * <p>Each map is split into a low-half and a high-half function so callers keep blocks in
 * registers instead of allocating.
 */
public final class Labels {
    private Labels() {
    }

    /** Low half of 2·x in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1. */
    public static long dblLo(long lo, long hi) {
        return (lo << 1) ^ ((hi >> 63) & 0x87L);
    }

    /** High half of 2·x in GF(2^128). */
    public static long dblHi(long lo, long hi) {
        return (hi << 1) | (lo >>> 63);
    }

    /** The point-and-permute bit of a label: its least significant bit. */
    public static int permuteBit(long lo) {
        return (int) lo & 1;
    }
}
