package io.gcstream.circuits;

import java.util.List;

/** Reads an in-memory {@link Body} that was checked when it was built. */
final class BodyReader extends AbstractInstructionReader {
    private final Body body;
    private final List<SubCircuit> subs;
    private int next;
    private long index;

    BodyReader(Body body, List<SubCircuit> subs) {
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
    public String position() {
        return "instruction " + index;
    }
}
