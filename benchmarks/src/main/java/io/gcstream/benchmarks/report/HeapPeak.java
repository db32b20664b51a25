package io.gcstream.benchmarks.report;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;

/**
 * The peak heap of this JVM over a stretch of code, from the heap memory pools (for G1: eden,
 * survivor, old gen): {@link #reset} sets each pool's recorded peak to its current use, and
 * {@link #read} returns the sum of the pools' peaks since. Each pool peaks at its own moment, so
 * the sum can exceed the heap's true peak; it counts live objects and garbage not yet collected
 * alike, and everything in this JVM (in the benchmarks: both parties and the harness). It is an
 * upper bound of the heap a stretch used, not the smallest heap it would run in.
 */
public final class HeapPeak {
    private final List<MemoryPoolMXBean> pools = new ArrayList<>();

    public HeapPeak() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.isValid()) {
                pools.add(p);
            }
        }
    }

    /** Heap in use now (sum over the heap pools). */
    public long used() {
        long sum = 0;
        for (MemoryPoolMXBean p : pools) {
            sum += p.getUsage().getUsed();
        }
        return sum;
    }

    /** Starts a new peak: each pool's peak becomes its current use. */
    public void reset() {
        for (MemoryPoolMXBean p : pools) {
            p.resetPeakUsage();
        }
    }

    /** The sum of the pools' peak use since the last {@link #reset}. */
    public long read() {
        long sum = 0;
        for (MemoryPoolMXBean p : pools) {
            sum += p.getPeakUsage().getUsed();
        }
        return sum;
    }
}
