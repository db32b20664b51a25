package io.gcstream.circuits;

/** The two roles of a two-party computation. */
public enum Party {
    /** Garbles the circuit (the paper's "creator"). */
    CREATOR,
    /** Evaluates the garbled circuit. */
    EVALUATOR;

    /** The other party. */
    public Party peer() {
        return this == CREATOR ? EVALUATOR : CREATOR;
    }
}
