package io.gcstream.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HeapPeakTest {
    @Test
    void thePeakCoversWhatIsHeldNow() {
        HeapPeak h = new HeapPeak();
        h.reset();
        byte[][] keep = new byte[16][];
        for (int i = 0; i < keep.length; i++) {
            keep[i] = new byte[256 * 1024];
        }
        long peak = h.read();
        long used = h.used();
        assertTrue(keep[15].length > 0);
        // Each pool's peak is at least its use now, whatever the collector did in between, and
        // the 4 MiB held are in some pool.
        assertTrue(peak >= used, "peak " + peak + " below use " + used);
        assertTrue(peak >= 4L << 20, "peak " + peak + " below the 4 MiB held");
    }
}
