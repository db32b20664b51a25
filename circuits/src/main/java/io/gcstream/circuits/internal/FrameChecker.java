package io.gcstream.circuits.internal;

import io.gcstream.circuits.CircuitFormatException;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.Supplier;

/**
 * Checks one body against its slot space as it is read, instruction by instruction: slots in
 * range, no slot read before it is written, calls of defined sub-circuits with distinct output
 * slots and not nested deeper than {@link Limits#MAX_NESTING}, outputs written by the end, and
 * S no larger than the body could use ({@link #checkNumSlots}). Memory is two bits per slot,
 * whatever the body's length.
 *
 * <p>Every reader (text, binary, in-memory) uses this one checker, so a circuit is valid or not
 * independently of the format it came in.
 */
public final class FrameChecker {
    private final String what;
    private final int numSlots;
    private final List<SubCircuit> callable;
    private final boolean definition;
    private int inputCount;
    /** Slot writes so far: one per gate, a callee's outputs per call. */
    private long writes;
    /** Deepest {@link SubCircuit#depth()} called so far. */
    private int deepestCallee;
    private final BitSet written;
    /** Output slots of the call being checked, one bit per slot; all clear between calls. */
    private final long[] scratch;

    /**
     * A checker of a main body.
     *
     * @param what      names the body in messages ("main circuit", "sub-circuit sbox")
     * @param numSlots  S of this body
     * @param inputs    slots holding inputs before the first instruction
     * @param callable  the sub-circuits this body may call (earlier definitions only)
     */
    public FrameChecker(String what, int numSlots, int[] inputs, List<SubCircuit> callable) {
        this(what, numSlots, inputs, callable, false);
    }

    /**
     * A checker of the main body ("main circuit" in messages) whose inputs are the creator's
     * slots, then the evaluator's, as every circuit lists them.
     */
    public static FrameChecker ofMain(int numSlots, int[] creatorInputs, int[] evaluatorInputs,
            List<SubCircuit> callable) {
        int[] all = Arrays.copyOf(creatorInputs, creatorInputs.length + evaluatorInputs.length);
        System.arraycopy(evaluatorInputs, 0, all, creatorInputs.length, evaluatorInputs.length);
        return new FrameChecker("main circuit", numSlots, all, callable);
    }

    /**
     * A checker of a main body whose inputs are slots {@code 0 .. inputCount-1}, as a compiler
     * numbers them: the same as passing that list, without an array of millions of slots.
     */
    public FrameChecker(String what, int numSlots, int inputCount, List<SubCircuit> callable) {
        this(what, numSlots, new int[0], callable, false);
        if (inputCount < 0 || inputCount > numSlots) {
            throw new CircuitFormatException(what + ": " + inputCount + " inputs do not fit in "
                    + numSlots + " slots");
        }
        this.inputCount = inputCount;
        written.set(0, inputCount);
    }

    /**
     * A checker of a main body, or of a sub-circuit's if {@code definition}: a definition may
     * call only sub-circuits of depth below {@link Limits#MAX_NESTING}, so that its own depth
     * ({@link #depth()}) stays within the limit.
     */
    public FrameChecker(String what, int numSlots, int[] inputs, List<SubCircuit> callable,
            boolean definition) {
        if (numSlots < 0) {
            throw new CircuitFormatException(what + ": numberOfRegisters must not be negative");
        }
        this.what = what;
        this.numSlots = numSlots;
        this.callable = callable;
        this.definition = definition;
        this.inputCount = inputs.length;
        this.written = new BitSet(numSlots);
        this.scratch = new long[(numSlots + 63) >>> 6];
        BitSet seen = new BitSet();
        for (int s : inputs) {
            slotInRange(s, "input", () -> "");
            if (seen.get(s)) {
                throw new CircuitFormatException(what + ": input slot " + s + " is listed twice");
            }
            seen.set(s);
            written.set(s);
        }
    }

    /** Checks a gate at {@code position}; marks its output written. */
    public void gate(int out, int in1, int in2, int table, String position) {
        gate(out, in1, in2, table, () -> position);
    }

    /**
     * Checks a gate; {@code position} is asked for only when there is an error, so a streaming
     * reader can pass one long-lived supplier and allocate nothing per gate.
     */
    public void gate(int out, int in1, int in2, int table, Supplier<String> position) {
        if (!TruthTable.isValid(table)) {
            throw error(position, "truth table " + table + " is not a 4-bit number (0..15)");
        }
        read(in1, position);
        read(in2, position);
        slotInRange(out, "output", position);
        written.set(out);
        writes++;
    }

    /**
     * Checks a call of sub-circuit {@code callee} binding {@code slots[0..count)} (inputs then
     * outputs); marks the output slots written.
     */
    public void call(int callee, int[] slots, int count, String position) {
        call(callee, slots, count, () -> position);
    }

    /** {@link #call(int, int[], int, String)} with a position computed only on error. */
    public void call(int callee, int[] slots, int count, Supplier<String> position) {
        if (callee < 0 || callee >= callable.size()) {
            throw error(position, "call of undefined sub-circuit #" + callee);
        }
        SubCircuit sub = callable.get(callee);
        if (definition && sub.depth() >= Limits.MAX_NESTING) {
            throw error(position, "call of " + sub.name() + " (nested " + sub.depth()
                    + " deep) nests sub-circuits more than " + Limits.MAX_NESTING + " deep");
        }
        int nIn = sub.inputCount();
        int nOut = sub.outputCount();
        if (count != nIn + nOut) {
            throw error(position, "call of " + sub.name() + " binds " + count + " slots but it takes "
                    + nIn + " inputs and " + nOut + " outputs");
        }
        for (int i = 0; i < nIn; i++) {
            read(slots[i], position);
        }
        // Plain words, not a BitSet: BitSet.clear rescans for its highest set word, which made
        // a call's cost grow with the highest slot number it writes.
        for (int i = nIn; i < count; i++) {
            slotInRange(slots[i], "output", position);
        }
        for (int i = nIn; i < count; i++) {
            int s = slots[i];
            long bit = 1L << s;
            if ((scratch[s >>> 6] & bit) != 0) {
                for (int k = nIn; k < i; k++) {
                    scratch[slots[k] >>> 6] = 0;
                }
                throw error(position, "call of " + sub.name() + " writes slot " + s + " twice");
            }
            scratch[s >>> 6] |= bit;
        }
        for (int i = nIn; i < count; i++) {
            scratch[slots[i] >>> 6] = 0;
            written.set(slots[i]);
        }
        writes += nOut;
        deepestCallee = Math.max(deepestCallee, sub.depth());
    }

    /**
     * Checks, at the end of the body, that S is no larger than the body could use: its inputs
     * plus its slot writes (one per gate, a callee's outputs per call). No slot beyond that
     * count could ever hold a value, so a larger S only makes every party allocate for nothing.
     */
    public void checkNumSlots(Supplier<String> position) {
        if (numSlots > inputCount + writes) {
            throw error(position, "numberOfRegisters is " + numSlots + " but the body fills at most "
                    + (inputCount + writes) + " slots (" + inputCount + " inputs + " + writes
                    + " slot writes): S may not exceed that");
        }
    }

    /** {@link #checkNumSlots(Supplier)} at a fixed position. */
    public void checkNumSlots(String position) {
        checkNumSlots(() -> position);
    }

    /**
     * The nesting depth of a definition with the body checked so far: 1 plus the deepest
     * callee's {@link SubCircuit#depth()} (1 without calls).
     */
    public int depth() {
        return deepestCallee + 1;
    }

    /** Checks, at the end of the body, that every output slot holds a value. */
    public void finish(int[] outputs, String kind, String position) {
        finish(outputs, kind, () -> position);
    }

    /** {@link #finish(int[], String, String)} with a position computed only on error. */
    public void finish(int[] outputs, String kind, Supplier<String> position) {
        for (int s : outputs) {
            slotInRange(s, kind, position);
            if (!written.get(s)) {
                throw error(position, kind + " slot " + s + " is never written");
            }
        }
    }

    /** True iff slot {@code s} holds a value now. */
    public boolean isWritten(int s) {
        return s >= 0 && s < numSlots && written.get(s);
    }

    private void read(int s, Supplier<String> position) {
        slotInRange(s, "input", position);
        if (!written.get(s)) {
            throw error(position, "reads slot " + s + " before it is written");
        }
    }

    private void slotInRange(int s, String kind, Supplier<String> position) {
        if (s < 0 || s >= numSlots) {
            throw error(position, kind + " slot " + s + " is out of range: numberOfRegisters is "
                    + numSlots);
        }
    }

    private CircuitFormatException error(Supplier<String> at, String message) {
        String position = at.get();
        String where = position == null || position.isEmpty() ? what : position + ": " + what;
        return new CircuitFormatException(where + ": " + message);
    }
}
