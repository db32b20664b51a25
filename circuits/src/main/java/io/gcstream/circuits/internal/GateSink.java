package io.gcstream.circuits.internal;

/**
 * Receives a circuit flattened by {@link CircuitWalker}: gates only, in execution order, over
 * absolute slots of one label array of {@link Circuit#labelSlots()} entries. Sub-circuit
 * calls arrive expanded, with their arguments and results moved by copy gates
 * ({@link TruthTable#COPY}).
 *
 * <p>The plaintext simulator, the garbler, the evaluator and statistics passes implement this
 * one interface, so the simulator is an oracle for the garbled run by construction.
 */
@FunctionalInterface
public interface GateSink {
    /**
     * Processes {@code count} gates held in {@code ops[0 .. 4*count)} as quadruples
     * {@code (out, in1, in2, table)}, in order. The array is reused after the call returns.
     */
    void gates(int[] ops, int count);
}
