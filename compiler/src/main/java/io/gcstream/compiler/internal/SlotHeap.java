package io.gcstream.compiler.internal;

import java.util.Arrays;

/**
 * The free slots of a frame, lowest first: a binary min-heap of ints, so taking the lowest
 * free slot costs O(log S) however many slots there are (a scan of a bit set from slot 0
 * costs O(S) per allocation, quadratic over a body). Slots never handed out are implicit: when
 * the heap is empty a new slot is numbered {@link #high()}. Not thread-safe.
 */
final class SlotHeap {
    private int[] heap = new int[64];
    private int size;
    private int high;

    /** Marks slots {@code 0 .. n-1} as taken (the inputs) without going through the heap. */
    void reserve(int n) {
        if (high != 0 || size != 0) {
            throw new IllegalStateException("reserve before any other use");
        }
        high = n;
    }

    /** The lowest free slot, taken. */
    int take() {
        if (size == 0) {
            return high++;
        }
        int[] h = heap;
        int top = h[0];
        int last = h[--size];
        int i = 0;
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            int r = c + 1;
            if (r < size && h[r] < h[c]) {
                c = r;
            }
            if (last <= h[c]) {
                break;
            }
            h[i] = h[c];
            i = c;
        }
        h[i] = last;
        return top;
    }

    /** Returns {@code slot} (taken earlier, not yet returned) to the free slots. */
    void free(int slot) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        int[] h = heap;
        int i = size++;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (h[p] <= slot) {
                break;
            }
            h[i] = h[p];
            i = p;
        }
        h[i] = slot;
    }

    /** Slots handed out so far at most at once: the frame's S. */
    int high() {
        return high;
    }

    /** Slots taken now. */
    int inUse() {
        return high - size;
    }
}
