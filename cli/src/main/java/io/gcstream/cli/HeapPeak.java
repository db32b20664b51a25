package io.gcstream.cli;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;

/**
 * The peak heap of this process since {@link #reset()}: the sum over the heap memory pools
 * (eden, survivor, old generation) of each pool's peak usage, or the heap in use at the end if
 * that is larger. The pools peak at different moments, so the sum can exceed the heap ever in use
 * at once; and the collector brings the pools' figures up to date only at some allocations and
 * at collections (G1 not while a region fills), so a short command can leave them at what they
 * were at the reset, zero in a fresh process. Between collections the heap only grows, so the
 * heap in use at the end, which {@link Runtime} reports up to date, covers what the pools have not
 * seen since the last one. Garbage not yet collected counts. It is what {@code gc run --json}
 * reports as {@code peakHeapBytes}. Used for {@code --json} and for {@code gc minimum}'s
 * report, not for a plain {@code run} or {@code sim}: loading the memory pools' beans costs a
 * fresh process start-up time that a plain command should not pay.
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

    /**
     * The larger of the sum of the heap pools' peak usage since the last {@link #reset()} and the
     * heap in use now, in bytes.
     */
    static long bytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && pool.isValid() && pool.getPeakUsage() != null) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        Runtime r = Runtime.getRuntime();
        return Math.max(sum, r.totalMemory() - r.freeMemory());
    }
}
