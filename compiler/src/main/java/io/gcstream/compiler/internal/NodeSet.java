package io.gcstream.compiler.internal;

/**
 * A set of non-negative ints kept as a sparse bit set: an {@link IntMap} from blocks of 32
 * consecutive values to a 32-bit mask, a block dropped when its mask empties. The compiler's
 * backward passes keep the live nodes in it; nodes made together live together, so a few
 * blocks hold many live nodes (a value alive alone costs one entry, 11 to 21 bytes; a run of
 * 32 the same) and the blocks in use stay in the cache. Not thread-safe.
 */
public final class NodeSet {
    private final IntMap blocks = new IntMap();
    private int size;

    /** Number of values in the set. */
    public int size() {
        return size;
    }

    public boolean contains(int v) {
        return (blocks.get(v >>> 5, 0) & (1 << v)) != 0;
    }

    /** Adds {@code v}; true if it was not in the set. */
    public boolean add(int v) {
        int bit = 1 << v;
        if ((blocks.orBits(v >>> 5, bit) & bit) != 0) {
            return false;
        }
        size++;
        return true;
    }

    /** Removes {@code v}; true if it was in the set. */
    public boolean remove(int v) {
        int bit = 1 << v;
        if ((blocks.clearBits(v >>> 5, bit) & bit) == 0) {
            return false;
        }
        size--;
        return true;
    }
}
