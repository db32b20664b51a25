package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.internal.CircuitWalker;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A circuit as ME-SFE's formats need it: one register space and a plain sequence of gates.
 * A circuit without sub-circuits is that already. One with sub-circuits is flattened by
 * {@link CircuitWalker}: each call runs in registers above its caller's, with its arguments and
 * results moved by COPY gates (table 3), so the registers are the circuit's
 * {@link Circuit#labelSlots()} and the gates are its expanded gates plus one copy per argument
 * and result of every call. Memory stays bounded: the walker streams.
 */
final class FlatGates {
    /** Receives the gates in order. */
    interface Sink {
        void gate(int out, int in1, int in2, int table) throws IOException;
    }

    final Circuit circuit;
    /** numberOfRegisters of the flat circuit. */
    final int registers;
    /** numberOfGates of the flat circuit. */
    final long gates;
    private final boolean walk;

    private FlatGates(Circuit circuit, int registers, long gates, boolean walk) {
        this.circuit = circuit;
        this.registers = registers;
        this.gates = gates;
        this.walk = walk;
    }

    /** Flattens {@code c} if it has sub-circuits (one counting pass over the expansion). */
    static FlatGates of(Circuit c) throws IOException {
        if (Circuits.subCircuits(c).isEmpty()) {
            return new FlatGates(c, c.numSlots(), c.instructionCount(), false);
        }
        if (c.labelSlots() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("flattening needs " + c.labelSlots()
                    + " registers, more than a 32-bit register number can name");
        }
        long[] count = {0};
        new CircuitWalker(c).walk((ops, n) -> count[0] += n);
        return new FlatGates(c, (int) c.labelSlots(), count[0], true);
    }

    /** One pass over the gates; checks that there are exactly {@link #gates} of them. */
    void forEach(Sink sink) throws IOException {
        long[] n = {0};
        if (walk) {
            try {
                new CircuitWalker(circuit).walk((ops, count) -> {
                    try {
                        for (int i = 0; i < 4 * count; i += 4) {
                            sink.gate(ops[i], ops[i + 1], ops[i + 2], ops[i + 3]);
                        }
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    n[0] += count;
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        } else {
            try (InstructionReader r = Circuits.openBody(circuit)) {
                while (r.next()) {
                    if (r.isCall()) {
                        throw new IllegalStateException("a call in a circuit without sub-circuits");
                    }
                    sink.gate(r.out(), r.in1(), r.in2(), r.table());
                    n[0]++;
                }
            }
        }
        if (n[0] != gates) {
            throw new IllegalArgumentException("the circuit's body gave " + n[0] + " gates, not the "
                    + gates + " it declares");
        }
    }
}
