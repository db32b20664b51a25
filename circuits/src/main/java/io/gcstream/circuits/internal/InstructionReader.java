package io.gcstream.circuits.internal;

import java.io.Closeable;
import java.io.IOException;

/**
 * Reads a body one instruction at a time, so a body of any length is processed in constant
 * memory. After {@link #next()} returns true, the accessors describe the current instruction
 * until the following call; the reader reuses its state, allocating nothing per instruction.
 *
 * <p>Implementations validate as they read and throw {@link CircuitFormatException} naming the
 * position (line or byte offset) of a malformed instruction.
 */
public interface InstructionReader extends Closeable {
    /** Advances to the next instruction; false at the end of the body. */
    boolean next() throws IOException;

    /**
     * Bulk form of {@link #next()} for runs of gates: advances until {@code max} (at least 1)
     * gates are written, a call is read, or the body ends. Each gate goes into {@code ops} from
     * {@code off} as four ints (out, in1, in2, table), the layout of
     * {@link GateSink#gates}.
     *
     * @return the number of gates written, or -1 if the body had already ended. After a
     *     return of {@code n >= 0} with {@link #isCall()} true, the reader stopped at a call,
     *     which is the current instruction; otherwise the last gate written is.
     */
    default int nextGates(int[] ops, int off, int max) throws IOException {
        int n = 0;
        while (n < max) {
            if (!next()) {
                return n == 0 ? -1 : n;
            }
            if (isCall()) {
                return n;
            }
            int i = off + 4 * n;
            ops[i] = out();
            ops[i + 1] = in1();
            ops[i + 2] = in2();
            ops[i + 3] = table();
            n++;
        }
        return n;
    }

    /** True if the current instruction is a call, false if it is a gate. */
    boolean isCall();

    /** Gate: its truth table (0..15). */
    int table();

    /** Gate: output slot. */
    int out();

    /** Gate: first input slot. */
    int in1();

    /** Gate: second input slot (equal to {@link #in1()} for one-input gates). */
    int in2();

    /** Call: index of the callee in {@link Circuits#subCircuits}. */
    int callee();

    /**
     * Call: caller slots bound to the callee's inputs followed by those receiving its outputs,
     * in {@code callSlots()[0 .. callSlotCount())}; the array is reused by the next instruction.
     */
    int[] callSlots();

    /** Call: number of valid entries in {@link #callSlots()}. */
    int callSlotCount();

    /** Where the current instruction is, for error messages ("file.gct:12", "byte 4711"). */
    String position();

    @Override
    void close() throws IOException;
}
