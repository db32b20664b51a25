package io.gcstream.engine.internal.garble;

import io.gcstream.circuits.internal.GateSink;

/**
 * A party's gate loop over one label array, kept by a session for all its runs: the garbler's
 * or the evaluator's, on one thread ({@link StreamingGarbler}, {@link StreamingEvaluator}) or
 * on several ({@link ParallelGarbler}, {@link ParallelEvaluator}). The caller fills the input
 * labels into {@link #labels()}, walks the circuit into the loop, calls {@link #finish()}, and
 * reads the output labels.
 */
public interface GateLoop extends GateSink {
    /** The label array: slot s at longs [2s, 2s+1]. */
    long[] labels();

    /** Label slots the loop holds: it can run any walk that uses at most this many. */
    long capacity();

    /** Makes the loop ready for the session's next walk, whose first gate has tweak number {@code firstGate}. */
    void restart(long firstGate);

    /** Ends a walk: the garbler writes the tables it still holds. */
    void finish();

    /** The gate counter after the last gate processed (the next run starts here). */
    long nextGateId();

    /** Gates processed in this walk. */
    long gateCount();

    /** Non-linear gates processed in this walk. */
    long nonLinearCount();

    /** Stops any thread of the loop's own (its team belongs to its owner); nothing for one thread. */
    default void close() {
    }
}
