package io.gcstream.circuits;

import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.TruthTable;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Evaluates a circuit on clear bits: the oracle for every test of the garbled engine.
 * Holds one byte per label slot.
 */
public final class Simulator {
    /** Both parties' output bits of one plaintext run. */
    public static final class Result {
        private final boolean[] creatorOutputs;
        private final boolean[] evaluatorOutputs;

        private Result(boolean[] creatorOutputs, boolean[] evaluatorOutputs) {
            this.creatorOutputs = creatorOutputs;
            this.evaluatorOutputs = evaluatorOutputs;
        }

        /** The creator's output bits, bit 0 first. */
        public boolean[] creatorOutputs() {
            return creatorOutputs.clone();
        }

        /** The evaluator's output bits, bit 0 first. */
        public boolean[] evaluatorOutputs() {
            return evaluatorOutputs.clone();
        }
    }

    private Simulator() {
    }

    /**
     * Runs {@code circuit} with the given input bits (bit i goes to the i-th input slot).
     *
     * @throws IllegalArgumentException if an input has the wrong number of bits
     * @throws CircuitFormatException   if the body of a circuit read from a file is malformed
     * @throws UncheckedIOException     if the body of a circuit read from a file cannot be read
     */
    public static Result run(Circuit circuit, boolean[] creatorInputs, boolean[] evaluatorInputs) {
        requireLength("creator", creatorInputs, circuit.creatorInputCount());
        requireLength("evaluator", evaluatorInputs, circuit.evaluatorInputCount());
        long n = circuit.labelSlots();
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("circuit needs " + n + " slots, more than an array holds");
        }
        byte[] v = new byte[(int) n];
        int[] ci = CircuitSlots.inputs(circuit, Party.CREATOR);
        for (int i = 0; i < ci.length; i++) {
            v[ci[i]] = (byte) (creatorInputs[i] ? 1 : 0);
        }
        int[] ei = CircuitSlots.inputs(circuit, Party.EVALUATOR);
        for (int i = 0; i < ei.length; i++) {
            v[ei[i]] = (byte) (evaluatorInputs[i] ? 1 : 0);
        }
        try {
            new CircuitWalker(circuit).walk((ops, count) -> {
                for (int g = 0, i = 0; g < count; g++, i += 4) {
                    v[ops[i]] = (byte) TruthTable.eval(ops[i + 3], v[ops[i + 1]], v[ops[i + 2]]);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        return new Result(read(v, CircuitSlots.outputs(circuit, Party.CREATOR)),
                read(v, CircuitSlots.outputs(circuit, Party.EVALUATOR)));
    }

    private static boolean[] read(byte[] v, int[] slots) {
        boolean[] out = new boolean[slots.length];
        for (int i = 0; i < slots.length; i++) {
            out[i] = v[slots[i]] != 0;
        }
        return out;
    }

    private static void requireLength(String party, boolean[] bits, int expected) {
        if (bits.length != expected) {
            throw new IllegalArgumentException(party + " input has " + bits.length
                    + " bits but the circuit takes " + expected);
        }
    }
}
