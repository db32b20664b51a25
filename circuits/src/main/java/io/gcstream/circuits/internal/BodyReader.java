package io.gcstream.circuits.internal;

import java.util.List;

/** Reads an in-memory {@link Body} that was checked when it was built. */
public final class BodyReader extends AbstractInstructionReader {
    private final Body body;
    private final List<SubCircuit> subs;
    private int next;
    private long index;

    public BodyReader(Body body, List<SubCircuit> subs) {
        this.body = body;
        this.subs = subs;
    }

    @Override
    public boolean next() {
        int pc = next;
        if (pc >= body.length()) {
            return false;
        }
        index++;
        int[] code = body.code();
        int op = code[pc];
        if (op >= 0) {
            gate(op, code[pc + 1], code[pc + 2], code[pc + 3]);
            next = pc + 4;
            return true;
        }
        int callee = -op - 1;
        SubCircuit sub = subs.get(callee);
        int n = sub.inputCount() + sub.outputCount();
        System.arraycopy(code, pc + 1, call(callee, n), 0, n);
        next = pc + 1 + n;
        return true;
    }

    @Override
    public int nextGates(int[] ops, int off, int max) {
        int pc = next;
        int[] code = body.code();
        int end = body.length();
        if (pc >= end) {
            return -1;
        }
        int n = 0;
        // Body code is (table, out, in1, in2) per gate; a negative op starts a call.
        while (n < max && pc < end && code[pc] >= 0) {
            int i = off + 4 * n;
            ops[i] = code[pc + 1];
            ops[i + 1] = code[pc + 2];
            ops[i + 2] = code[pc + 3];
            ops[i + 3] = code[pc];
            pc += 4;
            n++;
        }
        index += n;
        next = pc;
        if (n > 0) {
            int last = pc - 4;
            gate(code[last], code[last + 1], code[last + 2], code[last + 3]);
        }
        if (n < max && pc < end) {
            next();   // the call that stopped the run becomes the current instruction
        }
        return n;
    }

    @Override
    public String position() {
        return "instruction " + index;
    }
}
