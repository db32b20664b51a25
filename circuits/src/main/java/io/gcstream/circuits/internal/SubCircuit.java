package io.gcstream.circuits.internal;

import io.gcstream.circuits.CircuitFormatException;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * A sub-circuit definition: a body over its own slot space of {@link #numSlots()} slots, with
 * input and output slots. Calls bind caller slots to these; each call runs in a fresh frame.
 *
 * <p>Counts ({@link #gateCount()}, {@link #nonLinearCount()}) are of the body with its nested
 * calls expanded, {@link #frameDepth()} is the number of label slots a call needs including
 * nested frames, and {@link #depth()} how deeply definitions nest below it (at most
 * {@link Limits#MAX_NESTING}).
 */
public final class SubCircuit {
    /** Loads a body, perhaps from a file through a cache. */
    @FunctionalInterface
    public interface BodyProvider {
        Body load() throws IOException;
    }

    private final String name;
    private final int[] inputs;
    private final int[] outputs;
    private final int numSlots;
    private final long instructionCount;
    private final long gateCount;
    private final long nonLinearCount;
    private final long frameDepth;
    private final int depth;
    private final BodyProvider provider;

    /**
     * A definition whose counts are already known (a reader with counts from its header or
     * found by checking its body with a {@link FrameChecker}, which also gives its
     * {@link FrameChecker#depth() depth}).
     *
     * @throws IllegalArgumentException if {@code depth} is not in 1..{@link Limits#MAX_NESTING}
     */
    public SubCircuit(String name, int[] inputs, int[] outputs, int numSlots, long instructionCount,
            long gateCount, long nonLinearCount, long frameDepth, int depth, BodyProvider provider) {
        if (depth < 1 || depth > Limits.MAX_NESTING) {
            throw new IllegalArgumentException("sub-circuit " + name + ": nesting depth " + depth
                    + " is not in 1.." + Limits.MAX_NESTING);
        }
        this.depth = depth;
        this.name = Objects.requireNonNull(name);
        this.inputs = inputs.clone();
        this.outputs = outputs.clone();
        this.numSlots = numSlots;
        this.instructionCount = instructionCount;
        this.gateCount = gateCount;
        this.nonLinearCount = nonLinearCount;
        this.frameDepth = frameDepth;
        this.provider = Objects.requireNonNull(provider);
    }

    /**
     * Validates an in-memory body against its slot space and the earlier definitions it may
     * call, computes its counts, and returns the definition.
     */
    public static SubCircuit of(String name, int[] inputs, int[] outputs, int numSlots, Body body,
            List<SubCircuit> earlier) {
        FrameChecker checker = new FrameChecker("sub-circuit " + name, numSlots, inputs, earlier, true);
        Counts counts = Counts.of(body, earlier, checker);
        checker.finish(outputs, "output", "");
        checker.checkNumSlots("");
        return new SubCircuit(name, inputs, outputs, numSlots, body.instructionCount(), counts.gates,
                counts.nonLinear, numSlots + counts.deepestCall, checker.depth(), () -> body);
    }

    public String name() {
        return name;
    }

    /** Callee slots that receive the call's input values, in order. */
    public int[] inputs() {
        return inputs.clone();
    }

    /** Callee slots whose values the call returns, in order. */
    public int[] outputs() {
        return outputs.clone();
    }

    /** Callee slot of input {@code i}. */
    public int inputSlot(int i) {
        return inputs[i];
    }

    /** Callee slot of output {@code i}. */
    public int outputSlot(int i) {
        return outputs[i];
    }

    /** Number of inputs, without copying {@link #inputs()}. */
    public int inputCount() {
        return inputs.length;
    }

    /** Number of outputs. */
    public int outputCount() {
        return outputs.length;
    }

    /** S of this body (its own frame). */
    public int numSlots() {
        return numSlots;
    }

    /** Instructions in the body as written (gates plus calls). */
    public long instructionCount() {
        return instructionCount;
    }

    /** Gates executed by one call, nested calls expanded. */
    public long gateCount() {
        return gateCount;
    }

    /** Non-linear gates executed by one call, nested calls expanded. */
    public long nonLinearCount() {
        return nonLinearCount;
    }

    /** Label slots one call needs: its frame plus the deepest chain of nested frames. */
    public long frameDepth() {
        return frameDepth;
    }

    /**
     * How deeply definitions nest from this one down: 1 if its body calls none, else 1 plus
     * the deepest callee's. A call of it from a main body holds this many frames at most.
     */
    public int depth() {
        return depth;
    }

    /** The body, loaded through this definition's provider (possibly a bounded cache). */
    public Body body() throws IOException {
        return provider.load();
    }

    /** Expanded gate counts of a body, checked as they are counted. */
    public static final class Counts {
        public long gates;
        public long nonLinear;
        public long deepestCall;

        public static Counts of(Body body, List<SubCircuit> subs, FrameChecker checker) {
            Counts c = new Counts();
            int[] code = body.code();
            int[] slots = new int[16];
            int pc = 0;
            // The position is built only for an error message, not per gate.
            long[] at = {0};
            Supplier<String> position = () -> "instruction " + at[0];
            while (pc < body.length()) {
                long index = ++at[0];
                int op = code[pc];
                if (op >= 0) {
                    checker.gate(code[pc + 1], code[pc + 2], code[pc + 3], op, position);
                    c.gates++;
                    if (!TruthTable.isLinear(op)) {
                        c.nonLinear++;
                    }
                    pc += 4;
                } else {
                    int callee = -op - 1;
                    if (callee >= subs.size()) {
                        throw new CircuitFormatException("instruction " + index
                                + ": call of undefined sub-circuit #" + callee);
                    }
                    SubCircuit sub = subs.get(callee);
                    int n = sub.inputCount() + sub.outputCount();
                    if (pc + 1 + n > body.length()) {
                        throw new CircuitFormatException("instruction " + index + ": truncated call");
                    }
                    if (slots.length < n) {
                        slots = new int[n];
                    }
                    System.arraycopy(code, pc + 1, slots, 0, n);
                    checker.call(callee, slots, n, position);
                    try {
                        c.gates = Math.addExact(c.gates, sub.gateCount);
                        c.nonLinear = Math.addExact(c.nonLinear, sub.nonLinearCount);
                    } catch (ArithmeticException e) {
                        throw new CircuitFormatException("instruction " + index
                                + ": expanded gate count overflows 63 bits");
                    }
                    c.deepestCall = Math.max(c.deepestCall, sub.frameDepth);
                    pc += 1 + n;
                }
            }
            return c;
        }
    }
}
