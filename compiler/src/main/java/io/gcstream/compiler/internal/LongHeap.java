package io.gcstream.compiler.internal;

import java.util.Arrays;

/** A binary min-heap of longs, no object per entry (the greedy scheduler's ready set). */
final class LongHeap {
    private long[] heap = new long[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    void add(long v) {
        if (size == heap.length) {
            heap = Arrays.copyOf(heap, size * 2);
        }
        long[] h = heap;
        int i = size++;
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (h[p] <= v) {
                break;
            }
            h[i] = h[p];
            i = p;
        }
        h[i] = v;
    }

    /** Removes and returns the smallest value; the heap must not be empty. */
    long poll() {
        long[] h = heap;
        long top = h[0];
        long last = h[--size];
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
}
