package io.gcstream.compiler.internal;

import io.gcstream.circuits.Circuit;
import io.gcstream.circuits.Party;
import io.gcstream.circuits.internal.CircuitSlots;
import io.gcstream.circuits.internal.Circuits;
import io.gcstream.circuits.internal.InstructionReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Structural equality of two main bodies (inputs, outputs, S, instructions); a stand-in for
 * comparing {@code Circuit.hash()}, which the circuits module does not implement yet.
 */
public final class CircuitCompare {
    private CircuitCompare() {
    }

    public static boolean same(Circuit a, Circuit b) {
        return Arrays.equals(CircuitSlots.inputs(a, Party.CREATOR), CircuitSlots.inputs(b, Party.CREATOR))
                && Arrays.equals(CircuitSlots.inputs(a, Party.EVALUATOR), CircuitSlots.inputs(b, Party.EVALUATOR))
                && Arrays.equals(CircuitSlots.outputs(a, Party.CREATOR), CircuitSlots.outputs(b, Party.CREATOR))
                && Arrays.equals(CircuitSlots.outputs(a, Party.EVALUATOR), CircuitSlots.outputs(b, Party.EVALUATOR))
                && a.numSlots() == b.numSlots() && Circuits.subCircuits(a).size() == Circuits.subCircuits(b).size()
                && instructions(a).equals(instructions(b));
    }

    public static List<String> instructions(Circuit c) {
        List<String> r = new ArrayList<>();
        try (InstructionReader in = Circuits.openBody(c)) {
            while (in.next()) {
                r.add(in.isCall()
                        ? "call " + in.callee() + " " + Arrays.toString(Arrays.copyOf(in.callSlots(), in.callSlotCount()))
                        : in.table() + " " + in.out() + " " + in.in1() + " " + in.in2());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return r;
    }
}
