package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.internal.AbstractInstructionReader;
import io.gcstream.circuits.internal.FrameChecker;
import io.gcstream.circuits.internal.SubCircuit;
import java.io.IOException;
import java.util.List;
import java.util.function.Supplier;

/**
 * Decodes and checks one body of a .gcb file: exactly {@code count} instructions, each checked
 * by a {@link FrameChecker} as it is decoded (or, for a file already checked whole, only
 * against the frame's size), with the expanded counts accumulated on the way.
 * What happens at the end (outputs, counts, trailing bytes, hash) is the owner's business,
 * through {@link #atEnd}.
 */
class GcbBodyReader extends AbstractInstructionReader implements Supplier<String> {
    private final GcbInput in;
    private final List<SubCircuit> subs;
    private final int callable;
    private final FrameChecker checker;
    private final long count;
    private final long maxLabelSlots;
    private final int numSlots;
    private long index;
    private long start;
    private int prevOut;
    private boolean ended;
    long gates;
    long nonLinear;
    long deepestCall;

    /**
     * @param callable      calls may name sub-circuits {@code 0 .. callable-1}
     * @param maxLabelSlots label slots the header promises; a call needing more is an error
     *                      caught before it could overflow an engine's label array
     */
    GcbBodyReader(GcbInput in, List<SubCircuit> subs, int callable, FrameChecker checker,
            long count, int numSlots, long maxLabelSlots) {
        this.in = in;
        this.subs = subs;
        this.callable = callable;
        this.checker = checker;
        this.count = count;
        this.numSlots = numSlots;
        this.maxLabelSlots = maxLabelSlots;
    }

    @Override
    public final boolean next() throws IOException {
        if (index == count) {
            if (!ended) {
                ended = true;
                atEnd();
            }
            return false;
        }
        index++;
        start = in.position();
        int op = in.u32();
        if (op >= 0 && op < Gcb.OP_CALL) {
            int o = prevOut + Gcb.unzigzag(in.u32());
            int a = o + Gcb.unzigzag(in.u32());
            int b;
            if (op < Gcb.OP_ONE_INPUT) {
                b = o + Gcb.unzigzag(in.u32());
                if (a == b) {
                    throw in.errorAt(start, "two-input gate reads slot " + a
                            + " twice (must use the one-input opcode)");
                }
            } else {
                b = a;
            }
            int t = op & 15;
            if (checker != null) {
                checker.gate(o, a, b, t, this);
            } else if (o >= numSlots || a >= numSlots || b >= numSlots || o < 0 || a < 0 || b < 0) {
                // A checked file does not get here; one changed on disk in the same second might.
                throw in.errorAt(start, "slot out of range in a file that changed after it was checked");
            }
            gate(t, o, a, b);
            prevOut = o;
            gates++;
            nonLinear += Integer.bitCount(t) & 1;
            return true;
        }
        readCall(op);
        return true;
    }

    private void readCall(int op) throws IOException {
        int c = op - Gcb.OP_CALL;
        if (op < 0 || c >= callable) {
            throw in.errorAt(start, "call of undefined sub-circuit #" + (op < 0 ? (op & 0xFFFFFFFFL) - Gcb.OP_CALL : c)
                    + " (" + callable + " defined before this body)");
        }
        SubCircuit sub = subs.get(c);
        int n = sub.inputCount() + sub.outputCount();
        int[] slots = call(c, n);
        for (int i = 0; i < n; i++) {
            slots[i] = in.uint("slot");
        }
        if (checker != null) {
            checker.call(c, slots, n, this);
        } else {
            for (int i = 0; i < n; i++) {
                if (slots[i] >= numSlots) {
                    throw in.errorAt(start, "slot out of range in a file that changed after it was checked");
                }
            }
        }
        if (numSlots + sub.frameDepth() > maxLabelSlots) {
            throw in.errorAt(start, "call of " + sub.name() + " needs " + (numSlots + sub.frameDepth())
                    + " label slots but the header declares " + maxLabelSlots);
        }
        try {
            gates = Math.addExact(gates, sub.gateCount());
            nonLinear = Math.addExact(nonLinear, sub.nonLinearCount());
        } catch (ArithmeticException e) {
            throw in.errorAt(start, "expanded gate count overflows 63 bits");
        }
        deepestCall = Math.max(deepestCall, sub.frameDepth());
    }

    /** Called once after the last instruction. */
    void atEnd() throws IOException {
    }

    long index() {
        return index;
    }

    FrameChecker checker() {
        return checker;
    }

    GcbInput input() {
        return in;
    }









    @Override
    public String position() {
        return in.file() + ": byte " + start + " (instruction " + index + ")";
    }

    /** The position for {@link FrameChecker} errors, built only when one is thrown. */
    @Override
    public String get() {
        return position();
    }

    @Override
    public void close() throws IOException {
    }
}
