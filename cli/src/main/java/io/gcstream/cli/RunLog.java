package io.gcstream.cli;

import io.gcstream.engine.RunStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.ToLongFunction;

/**
 * What one party keeps of a series of runs, in memory that does not grow with their number:
 * the first run's statistics, how many runs there were, and a uniform sample of at most
 * {@link #SAMPLE} later runs (reservoir sampling) for their median — exact up to that many.
 * The first {@code warmup} runs after the first are counted but left out of the sample: they
 * run while the JIT is still compiling the session's hot loops. Generic in what a run is
 * ({@link RunStats} in gc; any value with a time in tests).
 */
final class RunLog<T> {
    /** Later runs kept for the median. */
    static final int SAMPLE = 1023;

    private final long warmup;
    /** A run's total time, by which the median is taken. */
    private final ToLongFunction<T> time;
    private T first;
    private long count;
    /** Runs that entered the sample's draw: those after the first and the warm-up runs. */
    private long sampled;
    private final List<T> later = new ArrayList<>();
    /** Fixed seed: the sample only has to be uniform, not secret. */
    private final SplittableRandom random = new SplittableRandom(0x5eedL);

    /** A log of runs' statistics that leaves the {@code warmup} runs after the first out of the sample. */
    static RunLog<RunStats> of(long warmup) {
        return new RunLog<>(warmup, RunStats::totalNanos);
    }

    /** A log that leaves the {@code warmup} runs after the first out of the sample; {@code time} is a run's total time. */
    RunLog(long warmup, ToLongFunction<T> time) {
        if (warmup < 0) {
            throw new IllegalArgumentException("warmup must not be negative, got " + warmup);
        }
        this.warmup = warmup;
        this.time = time;
    }

    void add(T s) {
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

    T first() {
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
    T medianOfLater() {
        if (later.isEmpty()) {
            return null;
        }
        List<T> sorted = new ArrayList<>(later);
        sorted.sort(Comparator.comparingLong(time));
        return sorted.get(sorted.size() / 2);
    }

}
