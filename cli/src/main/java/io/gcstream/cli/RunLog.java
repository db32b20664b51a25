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
 */
final class RunLog {
    /** Later runs kept for the median. */
    static final int SAMPLE = 1023;

    private RunStats first;
    private long count;
    private final List<RunStats> later = new ArrayList<>();
    /** Fixed seed: the sample only has to be uniform, not secret. */
    private final SplittableRandom random = new SplittableRandom(0x5eedL);

    void add(RunStats s) {
        count++;
        if (first == null) {
            first = s;
        } else if (later.size() < SAMPLE) {
            later.add(s);
        } else {
            long j = random.nextLong(count - 1);
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

    /** The median by total time of the runs after the first (of the sample beyond {@link #SAMPLE}); null if none. */
    RunStats medianOfLater() {
        if (later.isEmpty()) {
            return null;
        }
        List<RunStats> sorted = new ArrayList<>(later);
        sorted.sort(Comparator.comparingLong(RunStats::totalNanos));
        return sorted.get(sorted.size() / 2);
    }

}
