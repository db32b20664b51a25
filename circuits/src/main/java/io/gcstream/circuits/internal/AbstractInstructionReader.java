package io.gcstream.circuits.internal;

/**
 * The current-instruction state every {@link InstructionReader} keeps, with its accessors:
 * a reader only decodes its source in {@link #next()} and records the result with
 * {@link #gate} or {@link #call}. Reuses one slot array, so nothing is allocated per
 * instruction once the widest call has been seen.
 */
public abstract class AbstractInstructionReader implements InstructionReader {
    private boolean call;
    private int table;
    private int out;
    private int in1;
    private int in2;
    private int callee;
    private int[] slots = new int[16];
    private int slotCount;

    /** Records the current instruction as a gate. */
    protected final void gate(int table, int out, int in1, int in2) {
        this.call = false;
        this.table = table;
        this.out = out;
        this.in1 = in1;
        this.in2 = in2;
    }

    /**
     * Records the current instruction as a call of {@code callee} binding {@code count} slots,
     * and returns the array the caller fills with them (inputs first, then outputs).
     */
    protected final int[] call(int callee, int count) {
        this.call = true;
        this.callee = callee;
        this.slotCount = count;
        if (slots.length < count) {
            slots = new int[Math.max(count, 2 * slots.length)];
        }
        return slots;
    }

    @Override
    public final boolean isCall() {
        return call;
    }

    @Override
    public final int table() {
        return table;
    }

    @Override
    public final int out() {
        return out;
    }

    @Override
    public final int in1() {
        return in1;
    }

    @Override
    public final int in2() {
        return in2;
    }

    @Override
    public final int callee() {
        return callee;
    }

    @Override
    public final int[] callSlots() {
        return slots;
    }

    @Override
    public final int callSlotCount() {
        return slotCount;
    }

    @Override
    public void close() throws java.io.IOException {
    }
}
