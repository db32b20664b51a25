package io.gcstream.circuits;

import java.util.List;

/** Reads an in-memory {@link Body} that was checked when it was built. */
final class BodyReader implements InstructionReader {
    private final Body body;
    private final List<SubCircuit> subs;
    private int pc;
    private int next;
    private long index;
    private boolean call;
    private int callee;
    private int[] slots = new int[16];
    private int slotCount;

    BodyReader(Body body, List<SubCircuit> subs) {
        this.body = body;
        this.subs = subs;
    }

    @Override
    public boolean next() {
        pc = next;
        if (pc >= body.length()) {
            return false;
        }
        index++;
        int[] code = body.code();
        int op = code[pc];
        call = op < 0;
        if (!call) {
            next = pc + 4;
            return true;
        }
        callee = -op - 1;
        SubCircuit sub = subs.get(callee);
        slotCount = sub.inputCount() + sub.outputCount();
        if (slots.length < slotCount) {
            slots = new int[slotCount];
        }
        System.arraycopy(code, pc + 1, slots, 0, slotCount);
        next = pc + 1 + slotCount;
        return true;
    }

    @Override
    public boolean isCall() {
        return call;
    }

    @Override
    public int table() {
        return body.code()[pc];
    }

    @Override
    public int out() {
        return body.code()[pc + 1];
    }

    @Override
    public int in1() {
        return body.code()[pc + 2];
    }

    @Override
    public int in2() {
        return body.code()[pc + 3];
    }

    @Override
    public int callee() {
        return callee;
    }

    @Override
    public int[] callSlots() {
        return slots;
    }

    @Override
    public int callSlotCount() {
        return slotCount;
    }

    @Override
    public String position() {
        return "instruction " + index;
    }

    @Override
    public void close() {
    }
}
