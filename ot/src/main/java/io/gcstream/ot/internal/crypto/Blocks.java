package io.gcstream.ot.internal.crypto;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Random;

/**
 * Static helpers over 128-bit blocks held in flat {@code long[]} arrays.
 *
 * <p>Layout (used everywhere in gcstream): block {@code i} of an array is the two longs at
 * {@code [2i]} (low 64 bits) and {@code [2i+1]} (high 64 bits). Offsets and counts here are in
 * <b>blocks</b> unless a parameter says otherwise. As bytes, a block is 16 bytes little-endian:
 * bytes 0..7 are the low long (little-endian), bytes 8..15 the high long.
 */
public final class Blocks {
    static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Blocks() {
    }

    /** The little-endian long at byte {@code off} of {@code b} (one unaligned load once compiled). */
    public static long getLong(byte[] b, int off) {
        return (long) LONG_LE.get(b, off);
    }

    /** Stores {@code v} little-endian at byte {@code off} of {@code b}. */
    public static void putLong(byte[] b, int off, long v) {
        LONG_LE.set(b, off, v);
    }

    /** A new array of {@code n} zero blocks. */
    public static long[] allocate(int n) {
        return new long[Math.multiplyExact(n, 2)];
    }

    /** dst[dOff+i] = a[aOff+i] ^ b[bOff+i] for i in [0, n). Arrays may alias. */
    public static void xor(long[] a, int aOff, long[] b, int bOff, long[] dst, int dOff, int n) {
        int a2 = 2 * aOff;
        int b2 = 2 * bOff;
        int d2 = 2 * dOff;
        for (int i = 0; i < 2 * n; i++) {
            dst[d2 + i] = a[a2 + i] ^ b[b2 + i];
        }
    }

    /** dst[dOff+i] ^= src[sOff+i] for i in [0, n). */
    public static void xorInPlace(long[] dst, int dOff, long[] src, int sOff, int n) {
        int d2 = 2 * dOff;
        int s2 = 2 * sOff;
        for (int i = 0; i < 2 * n; i++) {
            dst[d2 + i] ^= src[s2 + i];
        }
    }

    /** Copies {@code n} blocks. */
    public static void copy(long[] src, int sOff, long[] dst, int dOff, int n) {
        System.arraycopy(src, 2 * sOff, dst, 2 * dOff, 2 * n);
    }

    /** True iff the {@code n} blocks are equal. */
    public static boolean equals(long[] a, int aOff, long[] b, int bOff, int n) {
        long diff = 0;
        for (int i = 0; i < 2 * n; i++) {
            diff |= a[2 * aOff + i] ^ b[2 * bOff + i];
        }
        return diff == 0;
    }

    /** Fills {@code n} blocks from {@code prg}. */
    public static void randomFill(Prg prg, long[] dst, int off, int n) {
        prg.nextBlocks(dst, off, n);
    }

    /** Fills {@code n} blocks from a (non-cryptographic) {@link Random}; for tests only. */
    public static void randomFill(Random r, long[] dst, int off, int n) {
        for (int i = 0; i < 2 * n; i++) {
            dst[2 * off + i] = r.nextLong();
        }
    }

    /** Writes {@code n} blocks as 16 little-endian bytes each into {@code dst} at byte {@code dOff}. */
    public static void toBytes(long[] src, int sOff, byte[] dst, int dOff, int n) {
        for (int i = 0; i < 2 * n; i++) {
            LONG_LE.set(dst, dOff + 8 * i, src[2 * sOff + i]);
        }
    }

    /** Reads {@code n} blocks from 16 little-endian bytes each, starting at byte {@code sOff}. */
    public static void fromBytes(byte[] src, int sOff, long[] dst, int dOff, int n) {
        for (int i = 0; i < 2 * n; i++) {
            dst[2 * dOff + i] = (long) LONG_LE.get(src, sOff + 8 * i);
        }
    }

    /** One block as a new 16-byte array. */
    public static byte[] toBytes(long lo, long hi) {
        byte[] b = new byte[16];
        LONG_LE.set(b, 0, lo);
        LONG_LE.set(b, 8, hi);
        return b;
    }

    /**
     * Block {@code i} as 32 hex digits, most significant first (high long, then low long); for
     * tests and debugging only — never log secrets.
     */
    public static String hex(long[] a, int i) {
        return String.format("%016x%016x", a[2 * i + 1], a[2 * i]);
    }

    /** Bit {@code i} of a bit-packed array (bit i is bit {@code i % 64} of long {@code i / 64}). */
    public static boolean bit(long[] bits, int i) {
        return ((bits[i >>> 6] >>> (i & 63)) & 1) != 0;
    }

    /** Packs {@code n} booleans from {@code off} into a new bit-packed array, without a branch on them. */
    public static long[] pack(boolean[] b, int off, int n) {
        long[] r = new long[(n + 63) >>> 6];
        packInto(b, off, n, r);
        return r;
    }

    /**
     * Packs {@code n} booleans from {@code off} into words {@code 0 .. ceil(n/64)} of
     * {@code dst} (bits beyond n zero), without a branch on them ({@link #toBit}).
     */
    public static void packInto(boolean[] b, int off, int n, long[] dst) {
        for (int w = 0, i = 0; i < n; w++) {
            int end = Math.min(n, i + 64);
            long x = 0;
            for (int j = 0; i < end; i++, j++) {
                x |= toBit(b[off + i]) << j;
            }
            dst[w] = x;
        }
    }

    /**
     * 1 if {@code b}, else 0: the one step from a secret boolean to arithmetic, for selects
     * without a branch ({@code x ^ (d & -toBit(b))}). Java converts a boolean only through a
     * conditional; C2 compiles this one to a flag set, not a jump (until the JIT has seen both
     * values, it may compile a trap in place of the unseen one and recompile when it comes).
     */
    public static long toBit(boolean b) {
        return b ? 1 : 0;
    }
}
