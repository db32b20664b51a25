package io.gcstream.compiler.internal;

import java.util.Arrays;

/**
 * The free slots of a frame, lowest first: a tree of 64-bit words, each bit of a level saying
 * whether the 64 bits below it hold a free slot, so taking the lowest free slot or freeing one
 * touches one word per level — at most 5 for 2^30 slots — however many slots there are (a
 * scan of a bit set from slot 0 costs O(S) per allocation, quadratic over a body; a binary
 * heap log₂ of the free slots in scattered memory). One bit a slot. Slots never handed out are
 * implicit: when none is free a new one is numbered {@link #high()}. Not thread-safe.
 */
final class FreeSlots {
    /** levels[0]: bit s set iff slot s is free; levels[k]: bit i set iff word i of levels[k − 1] is not 0. */
    private long[][] levels = {new long[1]};
    private int high;
    private int free;

    /** Marks slots {@code 0 .. n-1} as taken (the inputs) without going through the tree. */
    void reserve(int n) {
        if (high != 0 || free != 0) {
            throw new IllegalStateException("reserve before any other use");
        }
        high = n;
    }

    /** The lowest free slot, taken. */
    int take() {
        if (free == 0) {
            return high++;
        }
        int top = levels.length - 1;
        int i = Long.numberOfTrailingZeros(levels[top][0]);
        for (int k = top - 1; k >= 0; k--) {
            i = (i << 6) + Long.numberOfTrailingZeros(levels[k][i]);
        }
        free--;
        int s = i;
        for (int k = 0; k <= top; k++) {
            long w = levels[k][i >>> 6] &= ~(1L << i);
            if (w != 0) {
                break;
            }
            i >>>= 6;
        }
        return s;
    }

    /** Returns {@code slot} (taken earlier, not yet returned) to the free slots. */
    void free(int slot) {
        if (slot >= (long) levels[0].length << 6) {
            grow(slot);
        }
        free++;
        int i = slot;
        for (long[] level : levels) {
            long w = level[i >>> 6];
            level[i >>> 6] = w | 1L << i;
            if (w != 0) {
                break;
            }
            i >>>= 6;
        }
    }

    /** Room for {@code slot}: more words at every level, and more levels while the top has more than one word. */
    private void grow(int slot) {
        int words = (int) Math.max(2L * levels[0].length, ((long) slot >>> 6) + 1);
        long[] leaf = Arrays.copyOf(levels[0], words);
        int depth = 1;
        for (int n = words; n > 1; n = (n + 63) >>> 6) {
            depth++;
        }
        long[][] grown = new long[depth][];
        grown[0] = leaf;
        for (int k = 1; k < depth; k++) {
            long[] below = grown[k - 1];
            long[] level = new long[(below.length + 63) >>> 6];
            for (int j = 0; j < below.length; j++) {
                if (below[j] != 0) {
                    level[j >>> 6] |= 1L << j;
                }
            }
            grown[k] = level;
        }
        levels = grown;
    }

    /** Slots handed out so far at most at once: the frame's S. */
    int high() {
        return high;
    }

    /** Slots taken now. */
    int inUse() {
        return high - free;
    }
}
