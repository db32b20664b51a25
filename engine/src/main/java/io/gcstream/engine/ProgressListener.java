package io.gcstream.engine;

import io.gcstream.circuits.Party;

/**
 * Receives progress of a run's garbled-circuit stream, for progress bars on long runs (the CLI
 * prints to stderr). Called on the thread running {@link GcSession#run}, at most about once per
 * 2^22 gates (calls happen at batch boundaries) and once at the end of the stream; it must return quickly and must not
 * use the session.
 */
@FunctionalInterface
public interface ProgressListener {
    /**
     * @param role   the reporting party
     * @param gates  gates processed so far in this run, at most {@code total}; the last call of
     *               a run has {@code gates == total}
     * @param total  the gates the run processes: the circuit's {@code gateCount()} plus the copy
     *               gates that move each call's arguments and results (so, for a circuit with
     *               calls, a little more than {@code gateCount()}: show {@code gates / total} of
     *               it)
     */
    void progress(Party role, long gates, long total);
}
