package io.gcstream.compiler.internal;

import java.util.Arrays;

/**
 * A set of non-negative ints kept as a sparse bit set: a hash table from blocks of 64
 * consecutive values to a 64-bit mask, a block dropped when its mask empties. The compiler's
 * backward pass keeps the live nodes in it; nodes made together live together, so a few
 * blocks hold many live nodes (a value read far from where it was made costs 12 bytes at
 * worst, a run of 64 values 12 bytes in all) and the blocks in use stay in the cache. Not
 * thread-safe.
 */
public final class NodeSet {
    private static final int FREE = -1;
    private int[] keys = new int[64];
    private long[] masks = new long[64];
    private int mask = 63;
    private int shift = 32 - 6;
    private int blocks;
    private int size;

    public NodeSet() {
        Arrays.fill(keys, FREE);
    }

    /** Number of values in the set. */
    public int size() {
        return size;
    }

    private int index(int block) {
        return (block * 0x9E3779B9) >>> shift;
    }

    private int find(int block) {
        int[] k = keys;
        for (int i = index(block); ; i = (i + 1) & mask) {
            int x = k[i];
            if (x == block || x == FREE) {
                return i;
            }
        }
    }

    public boolean contains(int v) {
        int i = find(v >>> 6);
        return keys[i] != FREE && (masks[i] & (1L << v)) != 0;
    }

    /** Adds {@code v}; true if it was not in the set. */
    public boolean add(int v) {
        int block = v >>> 6;
        long bit = 1L << v;
        int i = find(block);
        if (keys[i] == FREE) {
            keys[i] = block;
            masks[i] = bit;
            size++;
            if (++blocks * 2 > keys.length) {
                resize(keys.length * 2);
            }
            return true;
        }
        if ((masks[i] & bit) != 0) {
            return false;
        }
        masks[i] |= bit;
        size++;
        return true;
    }

    /** Removes {@code v}; true if it was in the set. */
    public boolean remove(int v) {
        int i = find(v >>> 6);
        long bit = 1L << v;
        if (keys[i] == FREE || (masks[i] & bit) == 0) {
            return false;
        }
        size--;
        masks[i] &= ~bit;
        if (masks[i] == 0) {
            drop(i);
        }
        return true;
    }

    /** Deletes slot {@code i} by backward shift (no tombstones). */
    private void drop(int i) {
        int[] k = keys;
        blocks--;
        int hole = i;
        for (int j = (i + 1) & mask; ; j = (j + 1) & mask) {
            int x = k[j];
            if (x == FREE) {
                break;
            }
            int home = index(x);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                k[hole] = x;
                masks[hole] = masks[j];
                hole = j;
            }
        }
        k[hole] = FREE;
    }

    private void resize(int cap) {
        int[] k = keys;
        long[] m = masks;
        keys = new int[cap];
        masks = new long[cap];
        Arrays.fill(keys, FREE);
        mask = cap - 1;
        shift = Integer.numberOfLeadingZeros(cap) + 1;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != FREE) {
                int j = find(k[i]);
                keys[j] = k[i];
                masks[j] = m[i];
            }
        }
    }
}
