package io.gcstream.compiler.internal;

import io.gcstream.circuits.Circuit;
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
        return Arrays.equals(a.creatorInputs(), b.creatorInputs())
                && Arrays.equals(a.evaluatorInputs(), b.evaluatorInputs())
                && Arrays.equals(a.creatorOutputs(), b.creatorOutputs())
                && Arrays.equals(a.evaluatorOutputs(), b.evaluatorOutputs())
                && a.numSlots() == b.numSlots() && a.subCircuits().size() == b.subCircuits().size()
                && instructions(a).equals(instructions(b));
    }

    public static List<String> instructions(Circuit c) {
        List<String> r = new ArrayList<>();
        try (InstructionReader in = c.openBody()) {
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
