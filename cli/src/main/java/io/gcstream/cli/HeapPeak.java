package io.gcstream.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * The peak heap of this process since {@link #reset()}: the sum over the heap memory pools
 * (eden, survivor, old generation) of each pool's peak usage. The pools peak at different
 * moments, so the sum is an upper bound of the heap ever in use at once; it is what {@code gc
 * run --json} reports as {@code peakHeapBytes}. Used for {@code --json} and for {@code gc
 * minimum}'s report, not for a plain {@code run} or {@code sim}: the memory pools' beans cost a
 * fresh process ~30 ms of CPU.
 */
final class HeapPeak {
    private HeapPeak() {
    }

    /** Starts a new measurement: every heap pool's peak becomes its current usage. */
    static void reset() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid()) {
                pool.resetPeakUsage();
            }
        }
    }

    /** Sum of the heap pools' peak usage since the last {@link #reset()}, in bytes. */
    static long bytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid() && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
