package io.gcstream.circuits.internal.format;

import io.gcstream.circuits.internal.Body;
import io.gcstream.circuits.internal.SubCircuit;
import java.io.IOException;
import java.util.List;

/**
 * Encodes instructions of one body in the binary format and counts them as it goes, so the
 * writer can check the counts the circuit claims. A gate's output slot is stored as a zigzag
 * delta from the previous gate's output and its inputs as deltas from its own output: slot
 * allocators reuse recently freed slots, so most deltas fit in one byte.
 */
final class BodyEncoder {
    private final GcbOutput out;
    private final List<SubCircuit> subs;
    private final int callableLimit;
    private int prevOut;
    long instructions;
    long gates;
    long nonLinear;
    long deepestCall;

    /** @param callableLimit calls may name sub-circuits {@code 0 .. callableLimit-1} only */
    BodyEncoder(GcbOutput out, List<SubCircuit> subs, int callableLimit) {
        this.out = out;
        this.subs = subs;
        this.callableLimit = callableLimit;
    }

    void gate(int o, int in1, int in2, int table) throws IOException {
        if (in1 == in2) {
            out.u32(Gcb.OP_ONE_INPUT + table);
            out.u32(Gcb.zigzag(o - prevOut));
            out.u32(Gcb.zigzag(in1 - o));
        } else {
            out.u32(table);
            out.u32(Gcb.zigzag(o - prevOut));
            out.u32(Gcb.zigzag(in1 - o));
            out.u32(Gcb.zigzag(in2 - o));
        }
        prevOut = o;
        instructions++;
        gates++;
        if (Integer.bitCount(table) % 2 != 0) {
            nonLinear++;
        }
    }

    void call(int callee, int[] slots, int count) throws IOException {
        if (callee < 0 || callee >= callableLimit) {
            throw new IllegalArgumentException("call of sub-circuit #" + callee
                    + ", which is not defined before this body");
        }
        SubCircuit sub = subs.get(callee);
        if (count != sub.inputCount() + sub.outputCount()) {
            throw new IllegalArgumentException("call of " + sub.name() + " binds " + count
                    + " slots, not " + (sub.inputCount() + sub.outputCount()));
        }
        out.u32(Gcb.OP_CALL + callee);
        for (int i = 0; i < count; i++) {
            out.uint(slots[i]);
        }
        instructions++;
        gates = Math.addExact(gates, sub.gateCount());
        nonLinear = Math.addExact(nonLinear, sub.nonLinearCount());
        deepestCall = Math.max(deepestCall, sub.frameDepth());
    }

    /** Encodes a whole in-memory body (the encoding of {@link Body#code()}). */
    void body(Body body) throws IOException {
        int[] code = body.code();
        int pc = 0;
        int end = body.length();
        int[] slots = new int[0];
        while (pc < end) {
            int op = code[pc];
            if (op >= 0) {
                gate(code[pc + 1], code[pc + 2], code[pc + 3], op);
                pc += 4;
            } else {
                int callee = -op - 1;
                if (callee >= callableLimit) {
                    call(callee, slots, 0); // throws with the message
                }
                SubCircuit sub = subs.get(callee);
                int n = sub.inputCount() + sub.outputCount();
                if (slots.length < n) {
                    slots = new int[n];
                }
                System.arraycopy(code, pc + 1, slots, 0, n);
                call(callee, slots, n);
                pc += 1 + n;
            }
        }
    }
}
