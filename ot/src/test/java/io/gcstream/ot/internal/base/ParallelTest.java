package io.gcstream.ot.internal.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class ParallelTest {
    @Test
    void everyIndexRunsExactlyOnce() throws Exception {
        for (int threads : new int[] {1, 2, 3, 8}) {
            for (int n : new int[] {0, 1, 2, 7, 32, 100, 1001}) {
                AtomicIntegerArray hits = new AtomicIntegerArray(n);
                Parallel.forRange(threads, n, (from, to) -> {
                    for (int i = from; i < to; i++) {
                        hits.incrementAndGet(i);
                    }
                });
                for (int i = 0; i < n; i++) {
                    assertEquals(1, hits.get(i), "threads " + threads + " n " + n + " i " + i);
                }
            }
        }
    }

    @Test
    void aWorkersIoExceptionReachesTheCallerAsItself() {
        IOException bad = new IOException("bad point 7");
        IOException e = assertThrows(IOException.class, () -> Parallel.forRange(2, 10,
                (from, to) -> {
                    if (from > 0) {
                        throw bad;
                    }
                }));
        assertSame(bad, e);
        assertThrows(IllegalStateException.class, () -> Parallel.forRange(3, 10, (from, to) -> {
            throw new IllegalStateException("x");
        }));
    }
}
