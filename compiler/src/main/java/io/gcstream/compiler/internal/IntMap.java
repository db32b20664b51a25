package io.gcstream.compiler.internal;

import java.util.Arrays;

/**
 * A map from non-negative ints to ints, open addressing with linear probing and deletion by
 * backward shift (no tombstones), so it can take and drop entries forever in memory
 * proportional to the most it held at once: the compiler's passes keep the live wires in it.
 * Two int arrays, no object per entry. Not thread-safe.
 */
public final class IntMap {
    private static final int FREE = -1;
    private int[] keys;
    private int[] values;
    private int mask;
    private int shift;
    private int size;

    public IntMap() {
        this(16);
    }

    public IntMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(8, expected) * 2 - 1) << 1; // at most half full
        keys = new int[cap];
        values = new int[cap];
        Arrays.fill(keys, FREE);
        mask = cap - 1;
        shift = Integer.numberOfLeadingZeros(cap) + 1 + 4;
    }

    public int size() {
        return size;
    }

    /**
     * Keys that differ only in their low 4 bits go to neighbouring slots: nodes made together
     * are read together, so a run of them costs one cache line, not one miss each. Runs of 16
     * are placed by a multiplicative hash of the rest of the key.
     */
    private int index(int key) {
        return (shift >= 32 ? 0 : ((key >>> 4) * 0x9E3779B9) >>> shift << 4 | (key & 15)) & mask;
    }

    /** The value of {@code key}, or {@code missing} if absent. */
    public int get(int key, int missing) {
        int[] k = keys;
        for (int i = index(key); ; i = (i + 1) & mask) {
            int x = k[i];
            if (x == key) {
                return values[i];
            }
            if (x == FREE) {
                return missing;
            }
        }
    }

    public boolean contains(int key) {
        int[] k = keys;
        for (int i = index(key); ; i = (i + 1) & mask) {
            int x = k[i];
            if (x == key) {
                return true;
            }
            if (x == FREE) {
                return false;
            }
        }
    }

    /** Sets {@code key} to {@code value}; returns true if the key was new. */
    public boolean put(int key, int value) {
        if (key < 0) {
            throw new IllegalArgumentException("negative key " + key);
        }
        int[] k = keys;
        int i = index(key);
        for (; ; i = (i + 1) & mask) {
            int x = k[i];
            if (x == key) {
                values[i] = value;
                return false;
            }
            if (x == FREE) {
                break;
            }
        }
        k[i] = key;
        values[i] = value;
        if (++size > k.length - (k.length >>> 2)) {
            resize(k.length * 2); // at most 3/4 full: probe runs stay short, memory 11 to 21 bytes a key
        }
        return true;
    }

    /**
     * Sets the bits {@code bits} in the value of {@code key} (a new key starts from 0); returns
     * the value before (0 for a new key). For maps used as sparse bit sets ({@link NodeSet}).
     */
    public int orBits(int key, int bits) {
        int[] k = keys;
        int i = index(key);
        for (; ; i = (i + 1) & mask) {
            int x = k[i];
            if (x == key) {
                int old = values[i];
                values[i] = old | bits;
                return old;
            }
            if (x == FREE) {
                break;
            }
        }
        put(key, bits);
        return 0;
    }

    /**
     * Clears the bits {@code bits} in the value of {@code key}, and drops the key when its value
     * becomes 0; returns the value before (0 for an absent key).
     */
    public int clearBits(int key, int bits) {
        int[] k = keys;
        for (int i = index(key); ; i = (i + 1) & mask) {
            int x = k[i];
            if (x == key) {
                int old = values[i];
                if ((old & ~bits) == 0) {
                    remove(key, 0);
                } else {
                    values[i] = old & ~bits;
                }
                return old;
            }
            if (x == FREE) {
                return 0;
            }
        }
    }

    /** Removes {@code key}; returns its value or {@code missing} if it was absent. */
    public int remove(int key, int missing) {
        int[] k = keys;
        int i = index(key);
        for (; ; i = (i + 1) & mask) {
            int x = k[i];
            if (x == key) {
                break;
            }
            if (x == FREE) {
                return missing;
            }
        }
        int old = values[i];
        size--;
        // Backward shift: move later entries of the probe run into the hole when their home
        // position does not lie cyclically in (hole, their position].
        int hole = i;
        for (int j = (i + 1) & mask; ; j = (j + 1) & mask) {
            int x = k[j];
            if (x == FREE) {
                break;
            }
            int home = index(x);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                k[hole] = x;
                values[hole] = values[j];
                hole = j;
            }
        }
        k[hole] = FREE;
        return old;
    }

    public void clear() {
        Arrays.fill(keys, FREE);
        size = 0;
    }

    private void resize(int cap) {
        int[] k = keys;
        int[] v = values;
        keys = new int[cap];
        values = new int[cap];
        Arrays.fill(keys, FREE);
        mask = cap - 1;
        shift = Integer.numberOfLeadingZeros(cap) + 1 + 4;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != FREE) {
                int j = index(k[i]);
                while (keys[j] != FREE) {
                    j = (j + 1) & mask;
                }
                keys[j] = k[i];
                values[j] = v[i];
            }
        }
    }
}
