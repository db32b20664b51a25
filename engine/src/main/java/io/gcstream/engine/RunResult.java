package io.gcstream.engine;

import java.util.List;

/**
 * What one party gets from a run: its decoded output bits (the outputs of this party that the
 * {@link RunSpec} does not keep, in output order), the values kept garbled (one per
 * range the spec keeps ({@link RunSpec.Builder#keep}), in that order, whichever party's outputs they were), and the
 * run's statistics. Immutable, except that the kept values are consumed when used.
 */
public final class RunResult {
    private final boolean[] outputs;
    private final List<GarbledValue> kept;
    private final RunStats stats;

    RunResult(boolean[] outputs, List<GarbledValue> kept, RunStats stats) {
        this.outputs = outputs;
        this.kept = List.copyOf(kept);
        this.stats = stats;
    }

    /** This party's decoded output bits, bit 0 first (a copy). */
    public boolean[] outputs() {
        return outputs.clone();
    }

    /** The kept values, one per kept range of the spec. */
    public List<GarbledValue> kept() {
        return kept;
    }

    public RunStats stats() {
        return stats;
    }
}
