package io.gcstream.cli;

import io.gcstream.engine.RunStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What one party keeps of a series of runs, in memory that does not grow with their number:
 * the first run's statistics, how many runs there were, and a uniform sample of at most
 * {@link #SAMPLE} later runs (reservoir sampling) for their median — exact up to that many.
 * The first {@code warmup} runs after the first are counted but left out of the sample: they
 * run while the JIT is still compiling the session's hot loops.
 */
final class RunLog {
    /** Later runs kept for the median. */
    static final int SAMPLE = 1023;

    private final long warmup;
    private RunStats first;
    private long count;
    /** Runs that entered the sample's draw: those after the first and the warm-up runs. */
    private long sampled;
    private final List<RunStats> later = new ArrayList<>();
    /** Fixed seed: the sample only has to be uniform, not secret. */
    private final SplittableRandom random = new SplittableRandom(0x5eedL);

    /** A log that samples every run after the first. */
    RunLog() {
        this(0);
    }

    /** A log that leaves the {@code warmup} runs after the first out of the sample. */
    RunLog(long warmup) {
        if (warmup < 0) {
            throw new IllegalArgumentException("warmup must not be negative, got " + warmup);
        }
        this.warmup = warmup;
    }

    void add(RunStats s) {
        count++;
        if (first == null) {
            first = s;
            return;
        }
        if (count - 1 <= warmup) {
            return;
        }
        sampled++;
        if (later.size() < SAMPLE) {
            later.add(s);
        } else {
            long j = random.nextLong(sampled);
            if (j < SAMPLE) {
                later.set((int) j, s);
            }
        }
    }

    RunStats first() {
        return first;
    }

    long count() {
        return count;
    }

    /** Runs after the first left out of the median. */
    long warmup() {
        return warmup;
    }

    /**
     * The median by total time of the runs after the first and the warm-up runs (of the sample
     * beyond {@link #SAMPLE}); null if none.
     */
    RunStats medianOfLater() {
        if (later.isEmpty()) {
            return null;
        }
        List<RunStats> sorted = new ArrayList<>(later);
        sorted.sort(Comparator.comparingLong(RunStats::totalNanos));
        return sorted.get(sorted.size() / 2);
    }

}
